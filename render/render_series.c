#include "render_series.h"
#include "render_stats.h"
#include "render_text.h"
#include "../core/kver.h"
#include "../core/util.h"

#include <stdlib.h>
#include <string.h>

const char *render_record_key(const struct record *r, enum render_key k)
{
	switch (k) {
	case RENDER_KERNEL: return r->kernel;
	case RENDER_HARDWARE: return r->hardware;
	case RENDER_FS: return r->fs;
	case RENDER_OPTIONS: return r->options;
	case RENDER_BENCHMARK: return r->benchmark;
	case RENDER_METRIC: return r->metric;
	case RENDER_UNIT: return r->unit;
	default: return NULL;
	}
}

const char *render_series_key(const struct render_series *s, enum render_key k)
{
	return render_record_key(s->first, k);
}

static int same(const char *a, const char *b)
{
	return !strcmp(a ? a : "", b ? b : "");
}

static int record_matches(const struct record *a, const struct record *b, unsigned mask)
{
	int k;

	for (k = 0; k < RENDER_KEYS_NR; k++)
		if ((mask & (1u << k)) && !same(render_record_key(a, k), render_record_key(b, k)))
			return 0;
	return 1;
}

int render_series_match(const struct render_series *a, const struct render_series *b,
			unsigned mask)
{
	return record_matches(a->first, b->first, mask);
}

void render_series_group(struct render_series_set *out, const struct recset *set)
{
	const unsigned all = (1u << RENDER_KEYS_NR) - 1;
	size_t i, j;

	for (i = 0; i < set->nr; i++) {
		const struct record *r = &set->v[i];
		struct render_series *s = NULL;
		int d;

		if (r->quoted || !r->value || !value_is_number(r->value))
			continue;
		/* runs are small: a linear search keeps the order of appearance */
		for (j = 0; j < out->nr; j++)
			if (record_matches(out->v[j].first, r, all)) {
				s = &out->v[j];
				break;
			}
		if (!s) {
			ALLOC_GROW(out->v, out->nr + 1, out->alloc);
			s = &out->v[out->nr++];
			memset(s, 0, sizeof(*s));
			s->first = r;
		}
		ALLOC_GROW(s->v, s->n + 1, s->alloc);
		s->v[s->n++] = record_number(r);
		d = render_decimals(r->value);
		if (d > s->decimals)
			s->decimals = d;
	}
}

void render_series_set_release(struct render_series_set *s)
{
	size_t i;

	for (i = 0; i < s->nr; i++)
		free(s->v[i].v);
	free(s->v);
	memset(s, 0, sizeof(*s));
}

static int cmp_kver(const void *a, const void *b)
{
	return kver_cmp(*(const char *const *)a, *(const char *const *)b);
}

void render_distinct(struct render_strings *out, const struct render_series_set *s,
		     enum render_key k, const struct render_series *like, unsigned mask)
{
	size_t i, j;

	for (i = 0; i < s->nr; i++) {
		const char *v = render_series_key(&s->v[i], k);

		if (like && !render_series_match(&s->v[i], like, mask))
			continue;
		for (j = 0; j < out->nr; j++)
			if (same(out->v[j], v))
				break;
		if (j < out->nr)
			continue;
		ALLOC_GROW(out->v, out->nr + 1, out->alloc);
		out->v[out->nr++] = v;
	}
	if (k == RENDER_KERNEL)
		qsort(out->v, out->nr, sizeof(*out->v), cmp_kver);
}

void render_strings_release(struct render_strings *l)
{
	free(l->v);
	memset(l, 0, sizeof(*l));
}

void render_config_name(struct strbuf *out, const struct record *r)
{
	strbuf_addstr(out, r->fs ? r->fs : "?");
	if (r->options && *r->options)
		strbuf_addf(out, ":%s", r->options);
}

static const struct {
	const char *name;
	enum render_better better;
} metrics[] = {
	{ "elapsed", RENDER_BETTER_LOWER },
	{ "user", RENDER_BETTER_LOWER },
	{ "sys", RENDER_BETTER_LOWER },
	{ "sync", RENDER_BETTER_LOWER },
	/* a CPU share moves with elapsed time: neither way is better by itself */
	{ "cpu", RENDER_BETTER_UNKNOWN },
	{ "throughput", RENDER_BETTER_HIGHER },
	{ "ops", RENDER_BETTER_HIGHER },
	{ "iops", RENDER_BETTER_HIGHER },
	{ "latency", RENDER_BETTER_LOWER },
};

int render_metric_rank(const char *metric)
{
	size_t i;

	for (i = 0; metric && i < ARRAY_SIZE(metrics); i++)
		if (!strcmp(metrics[i].name, metric))
			return (int)i;
	return (int)ARRAY_SIZE(metrics);
}

static int ends_with(const char *s, const char *suffix)
{
	size_t ls = strlen(s), lx = strlen(suffix);

	return ls >= lx && !strcmp(s + ls - lx, suffix);
}

enum render_better render_metric_better(const char *metric, const char *unit)
{
	static const char *const time_units[] = { "s", "ms", "us", "ns", "sec", "min", "h", NULL };
	int rank = render_metric_rank(metric);
	size_t i;

	if (rank < (int)ARRAY_SIZE(metrics))
		return metrics[rank].better;
	if (!unit)
		return RENDER_BETTER_UNKNOWN;
	/* rates are better higher, durations lower, whatever the metric is called */
	if (ends_with(unit, "/s") || ends_with(unit, "/sec"))
		return RENDER_BETTER_HIGHER;
	for (i = 0; time_units[i]; i++)
		if (!strcmp(unit, time_units[i]))
			return RENDER_BETTER_LOWER;
	return RENDER_BETTER_UNKNOWN;
}

void render_metric_label(struct strbuf *out, const char *metric, const char *unit)
{
	strbuf_addstr(out, metric && *metric ? metric : "value");
	if (unit && *unit && strcmp(unit, "?"))
		strbuf_addf(out, " (%s)", unit);
}

void render_series_cell(struct strbuf *value, struct strbuf *spread,
			const struct render_series *s, int median)
{
	struct stats_summary sum;

	if (s->n == 1) {
		/* one sample: the digits exactly as measured or posted */
		strbuf_addstr(value, s->first->value);
		return;
	}
	stats_summarize(&sum, s->v, s->n);
	render_number(value, median ? sum.median : sum.mean, s->decimals);
	render_number(spread, sum.sd, s->decimals);
}

/*
 * Short names for configurations: the name the poster gave ("ext3wb:
 * 4k blocks, ..." in options), else the file system, numbered when it
 * appears with several option sets.
 */
void render_config_short(struct strbuf *name, struct strbuf *legend,
			 const struct render_series *const *configs, size_t nr, size_t which)
{
	const struct render_series *cfg = configs[which];
	const char *fs = render_series_key(cfg, RENDER_FS);
	const char *opt = render_series_key(cfg, RENDER_OPTIONS);
	const char *colon = opt ? strstr(opt, ": ") : NULL;
	size_t idx = 0, count = 0, k;

	for (k = 0; k < nr; k++)
		if (render_series_match(configs[k], cfg, 1u << RENDER_FS)) {
			idx += k < which;
			count++;
		}
	fs = fs ? fs : "?";
	if (colon && !memchr(opt, ' ', colon - opt) && !memchr(opt, ',', colon - opt)) {
		strbuf_add(name, opt, colon - opt);
		strbuf_addf(legend, "%s: %s", fs, colon + 2);
		return;
	}
	if (count > 1)
		strbuf_addf(name, "%s-%zu", fs, idx + 1);
	else
		strbuf_addstr(name, fs);
	strbuf_addf(legend, "%s: %s", fs, opt && *opt ? opt : "default options");
}
