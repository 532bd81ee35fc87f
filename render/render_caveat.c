#include "render_caveat.h"
#include "render_text.h"
#include "../core/util.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* Shorter than this, a rate says more about timer and caches than about the file system. */
#define MIN_SECONDS 1.0
/* A whole-second clock over fewer seconds than this is off by more than 10%. */
#define WHOLE_SECOND_MIN 10.0

/* A rate's metric and the metric of the time it was taken over: '*' stands for the same part. */
static const struct {
	const char *rate, *time;
} bases[] = {
	{ "*-bw", "*-runtime" },
	{ "*-iops", "*-runtime" },
	{ "*-rate", "*-time" },
	{ "throughput", "copy-time" },
	{ "throughput", "elapsed" },
};

/* The time metric's name for rate under pattern (rate_pat, time_pat), or 0. */
static int time_name(struct strbuf *out, const char *rate, const char *rate_pat, const char *time_pat)
{
	const char *star = strchr(rate_pat, '*');
	size_t before, after, len = strlen(rate);

	if (!star) {
		if (strcmp(rate, rate_pat))
			return 0;
		strbuf_addstr(out, time_pat);
		return 1;
	}
	before = star - rate_pat;
	after = strlen(star + 1);
	if (len <= before + after || strncmp(rate, rate_pat, before) ||
	    strcmp(rate + len - after, star + 1))
		return 0;
	strbuf_add(out, time_pat, strchr(time_pat, '*') - time_pat);
	strbuf_add(out, rate + before, len - before - after);
	strbuf_addstr(out, strchr(time_pat, '*') + 1);
	return 1;
}

static const struct render_series *sibling(const struct render_series_set *ss,
					   const struct render_series *rate, const char *metric)
{
	const unsigned keys = RENDER_SERIES_KEYS & ~(RENDER_KEY(METRIC) | RENDER_KEY(UNIT));
	size_t i;

	for (i = 0; i < ss->nr; i++) {
		const char *m = render_series_key(&ss->v[i], RENDER_METRIC);

		if (m && !strcmp(m, metric) && render_series_match(&ss->v[i], rate, keys))
			return &ss->v[i];
	}
	return NULL;
}

static double to_seconds(double v, const char *unit)
{
	static const struct { const char *unit; double scale; } units[] = {
		{ "s", 1 }, { "sec", 1 }, { "ms", 1e-3 }, { "us", 1e-6 }, { "ns", 1e-9 }, { "min", 60 },
	};
	size_t i;

	for (i = 0; unit && i < ARRAY_SIZE(units); i++)
		if (!strcmp(unit, units[i].unit))
			return v * units[i].scale;
	return NAN;
}

static int whole_numbers(const struct render_series *s)
{
	size_t i;

	for (i = 0; i < s->n; i++)
		if (s->v[i] != floor(s->v[i]))
			return 0;
	return s->decimals == 0;
}

int render_rate_caveat(struct render_caveat *why, const struct render_series_set *ss,
		       const struct render_series *rate)
{
	const char *metric = render_series_key(rate, RENDER_METRIC);
	struct strbuf name = STRBUF_INIT;
	size_t i;
	int found = 0;

	memset(why, 0, sizeof(*why));
	for (i = 0; metric && i < ARRAY_SIZE(bases); i++) {
		const struct render_series *t;
		const char *unit;
		double secs;

		strbuf_reset(&name);
		if (!time_name(&name, metric, bases[i].rate, bases[i].time) ||
		    !(t = sibling(ss, rate, name.buf)))
			continue;
		unit = render_series_key(t, RENDER_UNIT);
		secs = to_seconds(render_series_centre(t, 1), unit);
		if (isnan(secs))
			continue;
		if (secs < MIN_SECONDS)
			why->kind = RENDER_CAVEAT_SHORT;
		else if (secs < WHOLE_SECOND_MIN && whole_numbers(t) && to_seconds(1, unit) == 1)
			why->kind = RENDER_CAVEAT_WHOLE_SECONDS;
		why->seconds = secs;
		snprintf(why->basis, sizeof(why->basis), "%s", name.buf);
		found = why->kind != 0;
		/* the first basis found decides: a later one must not contradict it */
		break;
	}
	strbuf_release(&name);
	return found;
}

const char *render_caveat_title(enum render_caveat_kind kind)
{
	return kind == RENDER_CAVEAT_SHORT ? "measured over too short a time for a rate to mean much" :
	       "the tool's clock counts whole seconds, over too few of them";
}

void render_caveat_describe(struct strbuf *out, const struct render_caveat *c, double lo, double hi)
{
	if (c->kind == RENDER_CAVEAT_SHORT) {
		strbuf_addf(out, "%.0f", lo * 1000);
		if (round(hi * 1000) != round(lo * 1000))
			strbuf_addf(out, " to %.0f", hi * 1000);
		strbuf_addf(out, " ms (%s)", c->basis);
	} else {
		strbuf_addf(out, "%.0f", lo);
		if (hi != lo)
			strbuf_addf(out, " to %.0f", hi);
		strbuf_addf(out, " s (%s), good to +-%.0f%% at best", c->basis, 100 / lo);
	}
}
