#ifndef RENDER_RESULTS_H
#define RENDER_RESULTS_H

#include "render_compare.h"
#include "render_layout.h"
#include "render_stats.h"
#include "render_table.h"
#include "../core/record.h"
#include "../core/strbuf.h"

/*
 * What a report shows, decided from what was selected: each kind of
 * comparison kernel developers make has one layout.
 *   compare: two kernels on one machine and configuration (seed 002: a
 *            comparison per file system), two configurations of one run
 *            (ext3 against ext3:data=writeback), or the two sides given
 *            (one run against another): side by side, benchstat's shape
 *   run:     one kernel: a compact times table and a rates table, the
 *            configurations as columns (with a legend: seed 004)
 *   series:  three kernels or more: the same tables, kernels as columns
 *            in version order
 * Machines are never compared silently: tables are per machine, and a
 * comparison across machines says so first.
 */
enum render_results_kind { RENDER_RESULTS_COMPARE, RENDER_RESULTS_RUN, RENDER_RESULTS_SERIES };

struct render_results_opts {
	const struct stats_test *test;
	double alpha;
	int detail;
};

struct render_results {
	enum render_results_kind kind;
	const struct recset *set;
	struct recset old_set, new_set;   /* compare: the two sides */
	const char *old_arg, *new_arg;
	struct render_results_opts opts;
	struct strbuf title;              /* "ext3 vs ext3 data=writeback: epyc-2c-24g, ..." */
	struct strbuf subject;            /* filled by render_results_write: "...: untar +19.6%" */
	struct strbuf summary;            /* a sentence saying what is compared and how */
	struct render_diff_summary found; /* filled by the comparisons: what they found */
	struct strbuf headline;           /* found.headline's own copy */
};

/* old_set/new_set: the two sides given, or NULL to decide from set. */
void render_results_init(struct render_results *r, const struct recset *set,
			 const struct recset *old_set, const struct recset *new_set,
			 const char *old_arg, const char *new_arg,
			 const struct render_results_opts *opts);
void render_results_release(struct render_results *r);

/* {{results}}: the kind's layout. */
void render_results_write(struct strbuf *out, struct render_results *r,
			  const struct render_table_format *fmt);
/* {{diff}}: the comparison, or a sentence saying why there is none. */
void render_results_diff(struct strbuf *out, struct render_results *r,
			 const struct render_table_format *fmt);
/* {{differ}}: the facts that differ between the columns of a run or series. */
void render_results_differ(struct strbuf *out, const struct render_results *r,
			   const struct render_table_format *fmt);

#endif
