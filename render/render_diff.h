#ifndef RENDER_DIFF_H
#define RENDER_DIFF_H

#include "render_stats.h"
#include "render_table.h"
#include "../core/record.h"

/*
 * The before/after comparison in benchstat's shape, one line a benchmark
 * and metric: old centre +- relative spread, new centre +- relative
 * spread, the change the test measures (for U the Hodges-Lehmann shift)
 * in percent with better or worse by which way the metric is better, and
 * "(p=0.008 n=5+5)", or "~" where the change is not significant.  Rows
 * on one side only are listed as such; a geometric mean per unit sums up
 * the benchmarks.  Each side is one machine, configuration and device
 * (the caller checks: select_check_single); runs of a side are pooled.
 */
struct render_diff_opts {
	const struct stats_test *test;
	double alpha;
	const char *old_name, *new_name;   /* column headings */
	const char *title;                 /* NULL: none */
	int detail;                        /* every metric, not only the compact ones */
	struct render_table *notes;        /* NULL, or where the footnotes go (said once for many tables) */
};

/* What the comparison found, for a Subject line and the caller's messages. */
struct render_diff_summary {
	size_t compared;        /* rows with both sides */
	size_t tested;          /* rows whose test could reach alpha */
	size_t one_sided;       /* rows with one side only */
	size_t hidden;          /* rows left for --detail */
	/* the largest significant change of a benchmark's main number */
	const char *headline;   /* its benchmark (points into the records), or NULL */
	double headline_change; /* percent */
};

/* Fills out; returns how many benchmark/metric pairs were compared. */
size_t render_diff(struct render_table *out, struct render_diff_summary *summary,
		   const struct recset *old_set, const struct recset *new_set,
		   const struct render_diff_opts *opts);

#endif
