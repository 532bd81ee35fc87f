#ifndef RENDER_METRIC_H
#define RENDER_METRIC_H

#include "../core/strbuf.h"

/*
 * What a metric is, from its name and unit: which way is better, where it
 * stands among the usual ones, and whether it belongs to the compact view
 * (one time or result a benchmark, the headline rates) or only to
 * --detail (user, sys, sync, tool internals such as fio percentiles and
 * dbench per-op latencies, and whatever metric a collector adds later:
 * nothing here is keyed to those).
 */
enum render_better { RENDER_BETTER_UNKNOWN, RENDER_BETTER_LOWER, RENDER_BETTER_HIGHER };
enum render_better render_metric_better(const char *metric, const char *unit);

enum render_role {
	RENDER_ROLE_MAIN,     /* the benchmark's number: total (elapsed + sync), else elapsed, else value */
	RENDER_ROLE_RATE,     /* a headline rate: throughput, transactions/s, fio bandwidth */
	RENDER_ROLE_DETAIL,   /* everything else, shown with --detail */
};
/*
 * The role of metric among the metrics of its benchmark (NULL-terminated
 * names): elapsed is the main number only where there is no total, and a
 * benchmark with neither a main number nor a headline rate has its first
 * metric (in the usual order) as its main number.
 */
enum render_role render_metric_role(const char *metric, const char *unit,
				    const char *const *siblings, size_t nr);

/* Position among the usual metrics (total, elapsed, user, sys, sync, cpu, ...). */
int render_metric_rank(const char *metric);
/* "elapsed (s)", "throughput (MB/s)"; just the metric when it has no unit. */
void render_metric_label(struct strbuf *out, const char *metric, const char *unit);
int render_unit_is_time(const char *unit);
/* total, elapsed, user, sys, sync: the step's own times (not a tool's latencies). */
int render_metric_is_step_time(const char *metric);
int render_metric_is_rate(const char *metric, const char *unit);
/* A rate the run could not vouch for, kept as "<metric>-flagged" (collect/collect_flags.c). */
int render_metric_is_flagged(const char *metric);
/* The unit as one key: "MB/sec" and "MB/s" are one unit, "sec" is "s". */
void render_unit_key(struct strbuf *out, const char *unit);

#endif
