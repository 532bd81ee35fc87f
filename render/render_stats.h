#ifndef RENDER_STATS_H
#define RENDER_STATS_H

#include <stddef.h>

/*
 * Statistics for honest comparisons: summaries, Welch's t-test and the
 * Mann-Whitney U test, the distributions they need, geometric means.
 */
struct stats_summary {
	size_t n;
	double mean, sd, median, min, max;   /* sd: sample (n-1); 0 when n < 2 */
};

void stats_summarize(struct stats_summary *out, const double *v, size_t n);
double stats_geomean(const double *v, size_t n);   /* NaN unless all > 0 */

/* The regularized incomplete beta function I_x(a, b). */
double stats_incbeta(double x, double a, double b);
/* Student's t distribution: P(T <= t) with df degrees of freedom. */
double stats_t_cdf(double t, double df);

struct stats_result {
	double statistic;   /* t, or U of the first sample */
	double df;          /* Welch's degrees of freedom; 0 for U */
	double p;           /* two-sided */
	double min_p;       /* the smallest p these sample sizes can give */
	int exact;          /* U from the exact distribution */
};

/*
 * A two-sample test, a table entry so that cmd/ and render/ name them in
 * one place.  run returns -1 when the samples are too small to test at all
 * (then out->min_p is 1).  shift is the size of the change the test
 * measures, b against a, in a's units: its sign says which way things
 * went even where the centres are equal.
 */
struct stats_test {
	const char *name;        /* "utest", "welch" */
	const char *title;       /* "Mann-Whitney U", "Welch's t" */
	const char *centre;      /* "median", "mean" */
	const char *shift_name;  /* "Hodges-Lehmann shift", "difference of means" */
	int (*run)(struct stats_result *out, const double *a, size_t na,
		   const double *b, size_t nb);
	double (*shift)(const double *a, size_t na, const double *b, size_t nb);
};

extern const struct stats_test stats_tests[];
const struct stats_test *stats_test_by_name(const char *name);
/*
 * The smallest n a side at which the test can reach p < alpha at all (0:
 * not below 64): said wherever fewer samples make a comparison idle.
 */
size_t stats_n_needed(const struct stats_test *test, double alpha);
/* The tests' names, for option choices and --help: a NULL-terminated list in out[max]. */
void stats_test_names(const char **out, size_t max);

/* The Hodges-Lehmann estimate: the median of all differences b[j] - a[i]. */
double stats_hodges_lehmann(const double *a, size_t na, const double *b, size_t nb);
double stats_mean_difference(const double *a, size_t na, const double *b, size_t nb);

int stats_welch(struct stats_result *out, const double *a, size_t na,
		const double *b, size_t nb);
int stats_mann_whitney(struct stats_result *out, const double *a, size_t na,
		       const double *b, size_t nb);

#endif
