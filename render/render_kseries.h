#ifndef RENDER_KSERIES_H
#define RENDER_KSERIES_H

#include "render_changepoint.h"
#include "render_graph.h"
#include "render_series.h"
#include "render_stats.h"
#include "render_table.h"
#include "../core/record.h"
#include "../core/strbuf.h"

/*
 * A kernel series: one metric of one benchmark on one machine and file
 * system across kernels in version order, each kernel's centre, spread
 * and change against the kernel before it, and the change points of
 * render_changepoint.c as last good and first bad kernel.  Kernels
 * without samples and with too few are rows of their own: shown, never
 * interpolated, and left out of the analysis.
 */
struct kseries_opts {
	size_t min_samples;              /* fewer: shown, not analysed */
	const struct stats_test *test;   /* between neighbours */
	double alpha;                    /* for the neighbours' "~" */
	struct changepoint_opts cp;
};

#define KSERIES_MIN_SAMPLES 3

struct kseries_row {
	const char *kernel;
	const struct render_series *s;   /* NULL: no samples on this kernel */
	int analysed;                    /* enough samples */
	const struct kseries_row *prev;  /* the analysed kernel before, if any */
	double change;                   /* percent against prev's centre */
	struct stats_result test;        /* against prev; valid when prev */
	const struct changepoint *cp;    /* set on the first bad kernel */
	const struct kseries_row *last_good;
};

struct kseries {
	struct render_series_set ss;
	struct kseries_row *rows;
	size_t nr;
	struct changepoint_set cps;
	const struct record *key;        /* benchmark, metric, unit, hardware, fs */
	enum render_better better;
	const struct kseries_opts *opts;
	size_t unversioned;              /* samples without a kernel, left out */
};

#define KSERIES_INIT { RENDER_SERIES_SET_INIT, NULL, 0, CHANGEPOINT_SET_INIT, NULL, \
		       RENDER_BETTER_UNKNOWN, NULL, 0 }

/*
 * Builds the series of set, which holds one benchmark and metric of one
 * hardware key and file-system configuration; kernels (may be NULL) names
 * kernels to show even without samples (those of the same machine and
 * file system that have other numbers).  set and opts must outlive it.
 */
int kseries_build(struct kseries *out, const struct recset *set, const char *const *kernels,
		  size_t nkernels, const struct kseries_opts *opts);
void kseries_release(struct kseries *ks);

/* Which way is better, by render_metric_better, else Go's "/op" and "/s" units. */
enum render_better kseries_better(const char *metric, const char *unit);
/* "worse", "better" or "changed" for a step from before to after. */
const char *kseries_verdict(enum render_better better, double before, double after);

/* The text table: kernel, n, centre +- spread, change, p; notes name the method. */
void kseries_table(struct render_table *t, const struct kseries *ks, const char *title);
/* One JSON object a line for each change point; nothing when there is none. */
void kseries_json(struct strbuf *out, const struct kseries *ks);
/*
 * The same as a graph appended to out: a bar per kernel with its spread,
 * none where nothing was measured; the change points in the x label.
 */
void kseries_graph(struct render_graph_set *out, const struct kseries *ks, const char *title);

#endif
