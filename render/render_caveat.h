#ifndef RENDER_CAVEAT_H
#define RENDER_CAVEAT_H

#include "render_series.h"
#include "../core/strbuf.h"

/*
 * Why a rate may mean little: the time it was measured over.  A rate
 * from a tool whose clock counts whole seconds over a run of a second or
 * two (postmark), or from a job that ran for milliseconds (a 13 ms fio
 * job, a 64 MiB dd that fits the page cache), is a number but not a
 * measurement.  The time behind a rate is its sibling metric by the
 * tools' naming (write-bw / write-runtime, transactions-rate /
 * transactions-time, throughput / copy-time or elapsed).
 *
 * Fills why for rate (a series of ss) and returns 1, or returns 0 when
 * there is no caveat.
 */
enum render_caveat_kind {
	RENDER_CAVEAT_SHORT = 1, RENDER_CAVEAT_WHOLE_SECONDS,
	/* the run said so itself: the metric is "<rate>-flagged", the "flagged" fact says why */
	RENDER_CAVEAT_FLAGGED,
	RENDER_CAVEAT_KINDS
};

struct render_caveat {
	enum render_caveat_kind kind;
	double seconds;           /* the time the rate was measured over */
	char basis[64];           /* the time's metric: "copy-time" */
	char why[200];            /* flagged: the run's own words */
};

int render_rate_caveat(struct render_caveat *why, const struct render_series_set *ss,
		       const struct render_series *rate);
/* What a kind of caveat means: "too short for a rate to mean much". */
const char *render_caveat_title(enum render_caveat_kind kind);
/* "70 to 100 ms (copy-time)", "1 s (transactions-time), +-100% at best" */
void render_caveat_describe(struct strbuf *out, const struct render_caveat *c, double lo, double hi);

#endif
