#ifndef RENDER_CHECK_H
#define RENDER_CHECK_H

#include "render_series.h"
#include "render_stats.h"
#include "../core/record.h"
#include "../core/strbuf.h"

/*
 * A comparison turned into verdicts, one per benchmark and metric, for CI
 * and `git bisect run`: worse when the named test finds a difference at
 * alpha and the centre moved the wrong way by more than the threshold;
 * cannot tell when the samples are too few for the test to ever reach
 * alpha or the metric is missing on a side; not judged when which way is
 * better is not known (a CPU share); fine otherwise.
 */
enum check_verdict { CHECK_FINE, CHECK_WORSE, CHECK_UNSURE, CHECK_UNJUDGED, CHECK_VERDICTS };

struct check_opts {
	const struct stats_test *test;
	double alpha;
	double threshold;                  /* percent */
	const char *old_name, *new_name;
	const char *where;                 /* "hardware, fs" for the reason; may be NULL */
};

struct check_item {
	const struct render_series *old, *new;   /* NULL where the metric is missing */
	const struct record *key;
	enum render_better better;
	enum check_verdict verdict;
	double old_centre, new_centre, change;   /* NaN where unknown */
	struct stats_result test;
	int tested;                              /* test holds a p that can reach alpha */
};

struct check_result {
	struct render_series_set os, ns;
	struct check_item *v;
	size_t nr, alloc;
	size_t count[CHECK_VERDICTS];
	enum check_verdict overall;
	char *refused;                 /* why the sides cannot be compared at all */
	const struct check_opts *opts;
};

#define CHECK_RESULT_INIT { RENDER_SERIES_SET_INIT, RENDER_SERIES_SET_INIT, NULL, 0, 0, \
			    { 0 }, CHECK_UNSURE, NULL, NULL }

/*
 * Compares the two sides, each of one hardware key and file-system
 * configuration (the sides' records must outlive the result).  overall
 * is worse when any item is, else cannot tell when any item is or none
 * was judged, else fine.
 */
void check_compare(struct check_result *out, const struct recset *old_set,
		   const struct recset *new_set, const struct check_opts *opts);
void check_result_release(struct check_result *r);

/* The outputs: a one-paragraph reason, KTAP, JUnit XML. */
struct check_format {
	const char *name;
	void (*write)(struct strbuf *out, const struct check_result *r);
};

extern const struct check_format check_formats[];
const struct check_format *check_format_by_name(const char *name);

#endif
