#ifndef RENDER_CAVEAT_H
#define RENDER_CAVEAT_H

#include "render_series.h"
#include "render_table.h"
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

/*
 * The caveats of a table: a mark a row and kind, the range of the times
 * behind it over the table's cells, said in one note a kind.
 */
struct render_caveat_mark {
	const struct render_series *row;
	struct render_caveat c;
	double lo, hi;
};

struct render_caveat_marks {
	struct render_caveat_mark *v;
	size_t nr, alloc;
};

/* Notes c against row; returns its letter ('a' for the first kind). */
char render_caveat_mark(struct render_caveat_marks *m, const struct render_series *row,
			const struct render_caveat *c);
/*
 * One note a kind of caveat: "a: TITLE: NAME METRIC 80 to 450 ms
 * (copy-time); ..." (without "a: " unless letters), each row named by
 * name(ctx, row) and its metric.
 */
typedef void render_caveat_name_fn(struct strbuf *out, const void *ctx, const struct render_series *row);
void render_caveat_notes(struct render_table *t, const struct render_caveat_marks *m,
			 render_caveat_name_fn *name, const void *ctx, int letters);
void render_caveat_marks_release(struct render_caveat_marks *m);

#endif
