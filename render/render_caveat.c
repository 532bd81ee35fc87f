#include "render_caveat.h"
#include "render_text.h"
#include "../core/util.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
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

/* The "; " that ends an entry: not one inside the parentheses of its detail. */
static const char *entry_end(const char *p)
{
	int depth = 0;

	for (; *p; p++) {
		if (*p == '(')
			depth++;
		else if (*p == ')' && depth)
			depth--;
		else if (!depth && p[0] == ';' && p[1] == ' ')
			return p;
	}
	return NULL;
}

/*
 * The run's "flagged" fact: "BENCHMARK: METRIC[, METRIC...]: WHY (DETAIL)"
 * entries, "; "-separated.  Copies the WHY and its detail of the entry
 * naming metric.
 */
static int flagged_reason(char *out, size_t size, const char *fact, const char *benchmark,
			  const char *metric)
{
	size_t blen = strlen(benchmark), mlen = strlen(metric);
	const char *p = fact;

	while (p && *p) {
		const char *end = entry_end(p), *m = p + blen + 2, *why;
		size_t len = end ? (size_t)(end - p) : strlen(p);

		if (len > blen + 2 && !strncmp(p, benchmark, blen) && !strncmp(p + blen, ": ", 2) &&
		    (why = strstr(m, ": ")) && why < p + len) {
			while (m < why) {
				size_t l = strcspn(m, ",:");

				if (l == mlen && !strncmp(m, metric, mlen)) {
					snprintf(out, size, "%.*s", (int)(p + len - why - 2), why + 2);
					return 1;
				}
				m += l;
				m += strspn(m, ", ");
			}
		}
		p = end ? end + 2 : NULL;
	}
	return 0;
}

int render_rate_caveat(struct render_caveat *why, const struct render_series_set *ss,
		       const struct render_series *rate)
{
	const char *metric = render_series_key(rate, RENDER_METRIC);
	const struct facts *f = rate->first->facts;
	struct strbuf name = STRBUF_INIT;
	size_t i;
	int found = 0;

	memset(why, 0, sizeof(*why));
	/* the run said so itself (collect/collect_flags.c) */
	if (render_metric_is_flagged(metric)) {
		char *base = xstrndup(metric, strlen(metric) - 8);

		why->kind = RENDER_CAVEAT_FLAGGED;
		if (!f || !facts_get(f, "flagged") ||
		    !flagged_reason(why->why, sizeof(why->why), facts_get(f, "flagged"),
				    render_series_key(rate, RENDER_BENCHMARK), base))
			snprintf(why->why, sizeof(why->why), "the run flagged it without saying why");
		free(base);
		return 1;
	}
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
	switch (kind) {
	case RENDER_CAVEAT_SHORT:
		return "measured over too short a time for a rate to mean much";
	case RENDER_CAVEAT_WHOLE_SECONDS:
		return "the tool's clock counts whole seconds, over too few of them";
	default:
		return "flagged by the run itself, kept as METRIC-flagged";
	}
}

void render_caveat_describe(struct strbuf *out, const struct render_caveat *c, double lo, double hi)
{
	if (c->kind == RENDER_CAVEAT_FLAGGED) {
		strbuf_addstr(out, c->why);
	} else if (c->kind == RENDER_CAVEAT_SHORT) {
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

char render_caveat_mark(struct render_caveat_marks *m, const struct render_series *row,
			const struct render_caveat *c)
{
	size_t i;

	for (i = 0; i < m->nr; i++)
		if (m->v[i].row == row && m->v[i].c.kind == c->kind)
			break;
	if (i == m->nr) {
		ALLOC_GROW(m->v, m->nr + 1, m->alloc);
		m->v[i].row = row;
		m->v[i].c = *c;
		m->v[i].lo = m->v[i].hi = c->seconds;
		m->nr++;
	}
	if (c->seconds < m->v[i].lo)
		m->v[i].lo = c->seconds;
	if (c->seconds > m->v[i].hi)
		m->v[i].hi = c->seconds;
	return (char)('a' + c->kind - 1);
}

void render_caveat_notes(struct render_table *t, const struct render_caveat_marks *m,
			 render_caveat_name_fn *name, const void *ctx, int letters)
{
	int kind;
	size_t i;

	for (kind = RENDER_CAVEAT_SHORT; kind < RENDER_CAVEAT_KINDS; kind++) {
		struct strbuf why = STRBUF_INIT;

		/* every rate a kind marks, named with its times */
		for (i = 0; i < m->nr; i++) {
			struct strbuf label = STRBUF_INIT;
			const char *metric;

			if ((int)m->v[i].c.kind != kind)
				continue;
			name(&label, ctx, m->v[i].row);
			metric = render_series_key(m->v[i].row, RENDER_METRIC);
			metric = metric ? metric : "value";
			/* a flagged rate is named as the run measured it, its reason after a colon */
			strbuf_addf(&why, "%s%s %.*s%s", why.len ? "; " : "", label.buf,
				    (int)(strlen(metric) - (kind == RENDER_CAVEAT_FLAGGED && strlen(metric) > 8 ? 8 : 0)),
				    metric, kind == RENDER_CAVEAT_FLAGGED ? ": " : " ");
			render_caveat_describe(&why, &m->v[i].c, m->v[i].lo, m->v[i].hi);
			strbuf_release(&label);
		}
		if (why.len && letters)
			render_table_add_note(t, "%c: %s: %s", (char)('a' + kind - 1),
					      render_caveat_title(kind), why.buf);
		else if (why.len)
			render_table_add_note(t, "%s: %s", render_caveat_title(kind), why.buf);
		strbuf_release(&why);
	}
}

void render_caveat_marks_release(struct render_caveat_marks *m)
{
	free(m->v);
	memset(m, 0, sizeof(*m));
}
