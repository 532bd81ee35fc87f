#include "render_metric.h"
#include "../core/util.h"

#include <fnmatch.h>
#include <string.h>

/*
 * The metrics the records name (docs/bench-format.md), in the order they
 * are shown.  A pattern with '*' stands for a family (fio's "write-bw",
 * "randread-bw").  Anything not here is a detail, ordered after these.
 */
static const struct {
	const char *name;
	enum render_better better;
	enum render_role role;
	int step_time;   /* a time of the step itself, for the detailed times table */
} metrics[] = {
	{ "total", RENDER_BETTER_LOWER, RENDER_ROLE_MAIN, 1 },
	{ "elapsed", RENDER_BETTER_LOWER, RENDER_ROLE_MAIN, 1 },
	{ "value", RENDER_BETTER_UNKNOWN, RENDER_ROLE_MAIN, 0 },
	{ "user", RENDER_BETTER_LOWER, RENDER_ROLE_DETAIL, 1 },
	{ "sys", RENDER_BETTER_LOWER, RENDER_ROLE_DETAIL, 1 },
	{ "sync", RENDER_BETTER_LOWER, RENDER_ROLE_DETAIL, 1 },
	/* a CPU share moves with elapsed time: neither way is better by itself */
	{ "cpu", RENDER_BETTER_UNKNOWN, RENDER_ROLE_DETAIL, 0 },
	{ "throughput", RENDER_BETTER_HIGHER, RENDER_ROLE_RATE, 0 },
	{ "transactions-rate", RENDER_BETTER_HIGHER, RENDER_ROLE_RATE, 0 },
	/* postmark's transactions by benchpost's own clock */
	{ "wall-transactions-rate", RENDER_BETTER_HIGHER, RENDER_ROLE_RATE, 0 },
	{ "*-bw", RENDER_BETTER_HIGHER, RENDER_ROLE_RATE, 0 },
	{ "ops", RENDER_BETTER_HIGHER, RENDER_ROLE_DETAIL, 0 },
	{ "iops", RENDER_BETTER_HIGHER, RENDER_ROLE_DETAIL, 0 },
	{ "latency", RENDER_BETTER_LOWER, RENDER_ROLE_DETAIL, 0 },
};

static const char flagged_suffix[] = "-flagged";

int render_metric_is_flagged(const char *metric)
{
	size_t len = metric ? strlen(metric) : 0, n = sizeof(flagged_suffix) - 1;

	return len > n && !strcmp(metric + len - n, flagged_suffix);
}

/*
 * A rate the run could not vouch for is kept as "<metric>-flagged"
 * (collect/collect_flags.c): it is still that metric, with a caveat.
 */
static int find(const char *metric)
{
	char base[128];
	size_t i, len = metric ? strlen(metric) : 0;

	if (render_metric_is_flagged(metric) && len < sizeof(base)) {
		len -= sizeof(flagged_suffix) - 1;
		memcpy(base, metric, len);
		base[len] = '\0';
		metric = base;
	}
	for (i = 0; metric && i < ARRAY_SIZE(metrics); i++)
		if (!fnmatch(metrics[i].name, metric, 0))
			return (int)i;
	return -1;
}

int render_metric_rank(const char *metric)
{
	int i = find(metric ? metric : "value");

	return i < 0 ? (int)ARRAY_SIZE(metrics) : i;
}

static int ends_with(const char *s, const char *suffix)
{
	size_t ls = strlen(s), lx = strlen(suffix);

	return ls >= lx && !strcmp(s + ls - lx, suffix);
}

int render_metric_is_step_time(const char *metric)
{
	int i = find(metric);

	return i >= 0 && metrics[i].step_time;
}

int render_unit_is_time(const char *unit)
{
	static const char *const time_units[] = { "s", "ms", "us", "ns", "sec", "min", "h" };
	size_t i;

	for (i = 0; unit && i < ARRAY_SIZE(time_units); i++)
		if (!strcmp(unit, time_units[i]))
			return 1;
	return 0;
}

static int unit_is_rate(const char *unit)
{
	return unit && (ends_with(unit, "/s") || ends_with(unit, "/sec") || !strcmp(unit, "iops"));
}

int render_metric_is_rate(const char *metric, const char *unit)
{
	int i = find(metric);

	return unit_is_rate(unit) || (i >= 0 && metrics[i].better == RENDER_BETTER_HIGHER);
}

enum render_better render_metric_better(const char *metric, const char *unit)
{
	int i = find(metric);

	if (i >= 0 && metrics[i].better != RENDER_BETTER_UNKNOWN)
		return metrics[i].better;
	/* rates are better higher, durations lower, whatever the metric is called */
	if (unit_is_rate(unit))
		return RENDER_BETTER_HIGHER;
	if (render_unit_is_time(unit))
		return RENDER_BETTER_LOWER;
	return RENDER_BETTER_UNKNOWN;
}

enum render_role render_metric_role(const char *metric, const char *unit,
				    const char *const *siblings, size_t nr)
{
	int i = find(metric ? metric : "value"), best = (int)ARRAY_SIZE(metrics) + 1, r;
	size_t k, first = nr;

	(void)unit;
	if (i >= 0 && metrics[i].role == RENDER_ROLE_MAIN) {
		/* one main number a benchmark: total, else elapsed, else value */
		for (k = 0; k < nr; k++) {
			r = find(siblings[k] ? siblings[k] : "value");
			if (r >= 0 && metrics[r].role == RENDER_ROLE_MAIN && r < i)
				return RENDER_ROLE_DETAIL;
		}
		return RENDER_ROLE_MAIN;
	}
	if (i >= 0 && metrics[i].role == RENDER_ROLE_RATE)
		return RENDER_ROLE_RATE;
	/* nothing headline at all: the first metric in the usual order stands for it */
	for (k = 0; k < nr; k++) {
		r = find(siblings[k] ? siblings[k] : "value");
		if (r >= 0 && metrics[r].role != RENDER_ROLE_DETAIL)
			return RENDER_ROLE_DETAIL;
		if (render_metric_rank(siblings[k]) < best) {
			best = render_metric_rank(siblings[k]);
			first = k;
		}
	}
	return first < nr && !strcmp(siblings[first] ? siblings[first] : "", metric ? metric : "") ?
	       RENDER_ROLE_MAIN : RENDER_ROLE_DETAIL;
}

void render_metric_label(struct strbuf *out, const char *metric, const char *unit)
{
	strbuf_addstr(out, metric && *metric ? metric : "value");
	if (unit && *unit && strcmp(unit, "?"))
		strbuf_addf(out, " (%s)", unit);
}

void render_unit_key(struct strbuf *out, const char *unit)
{
	size_t len = unit ? strlen(unit) : 0;

	if (!unit)
		return;
	if (!strcmp(unit, "sec")) {
		strbuf_addch(out, 's');
		return;
	}
	if (ends_with(unit, "/sec"))
		len -= 2;
	strbuf_add(out, unit, len);
}
