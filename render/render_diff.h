#ifndef RENDER_DIFF_H
#define RENDER_DIFF_H

#include "render_stats.h"
#include "render_table.h"
#include "../core/record.h"

/*
 * The before/after comparison: for every benchmark and metric present on
 * both sides, the centres with their spread, the change in percent, and
 * whether it is significant by the named test at alpha, with the verdict
 * named by which way the metric is better.  A geometric-mean row per
 * metric sums up the benchmarks.  The caller has narrowed both sides to
 * one hardware key and one file-system configuration.
 */
struct render_diff_opts {
	const struct stats_test *test;
	double alpha;
	const char *old_name, *new_name;   /* column headings */
	const char *title;                 /* NULL: none */
};

/* Returns how many benchmark/metric pairs were compared. */
size_t render_diff(struct render_table *out, const struct recset *old_set,
		   const struct recset *new_set, const struct render_diff_opts *opts);

#endif
