#ifndef RENDER_CHANGEPOINT_H
#define RENDER_CHANGEPOINT_H

#include <stddef.h>
#include <stdint.h>

/*
 * Change points in a series of groups (a metric's samples on each kernel,
 * in version order), for few samples per group: binary segmentation on a
 * rank statistic, each split tested by permutation, the false-discovery
 * rate controlled across the series by Benjamini-Hochberg.
 * docs/regressions.md gives the method and its assumptions.
 *
 * The statistic of a segment is the largest standardised Mann-Whitney U
 * over its splits between groups (samples of the groups before against
 * those after, ties at their mid-ranks).  Its p-value is the share of
 * random reassignments of the segment's ranks to its samples that reach
 * it, (1 + b) / (1 + B) for b of B; the split where it is reached divides
 * the segment and both halves are tested again, down to single groups.
 * Benjamini-Hochberg at level q runs over every split so tested, and a
 * split is reported when it passes and every split above it passed too.
 */
struct changepoint_group {
	const double *v;
	size_t n;
};

struct changepoint_opts {
	double q;                 /* false-discovery rate; 0.05 */
	unsigned permutations;    /* B; 9999 */
	uint64_t seed;            /* the permutations are reproducible */
};

#define CHANGEPOINT_PERMUTATIONS 9999
#define CHANGEPOINT_OPTS_INIT { 0.05, CHANGEPOINT_PERMUTATIONS, 0x62656e6368706f73ull }

struct changepoint {
	size_t at;               /* the first group after the change */
	double p;                /* the permutation p-value of the split */
	double before, after;    /* medians of the segments on either side */
};

struct changepoint_set {
	struct changepoint *v;   /* in series order */
	size_t nr, alloc;
	size_t tested;           /* splits tested: BH's m */
	double min_p;            /* the smallest p the permutations can give */
};

#define CHANGEPOINT_SET_INIT { NULL, 0, 0, 0, 1 }

/* Finds the change points among the ng groups (each with n >= 1). */
void changepoint_find(struct changepoint_set *out, const struct changepoint_group *g,
		      size_t ng, const struct changepoint_opts *opts);
void changepoint_set_release(struct changepoint_set *s);

/*
 * Benjamini-Hochberg: sets pass[i] for the p-values rejected at level q
 * (the largest k with p_(k) <= k q / m, and every p at most p_(k)).
 */
void changepoint_bh(int *pass, const double *p, size_t m, double q);

#endif
