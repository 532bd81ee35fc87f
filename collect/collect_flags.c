#include "collect_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * A rate the run cannot vouch for (a whole-second clock, a job shorter
 * than a second) is kept, renamed "<metric>-flagged" so that no table
 * shows it as a plain result and diff never pairs it with a sound one,
 * and the run's "flagged" fact says why: "; "-separated entries, one per
 * benchmark and reason,
 *
 *   BENCHMARK: METRIC[, METRIC...]: WHY (DETAIL; N of M samples)
 *
 *   postmark numbers=1000 transactions=1000: transactions-rate: postmark's
 *   clock counts whole seconds (its transactions took 0 s by it; 3 of 3 samples)
 *
 * (render_method.c reads them back for the report; docs/collect.md.)
 */

void collect_flag(struct collect_flags *f, const char *benchmark, const char *metric,
		  const char *why, const char *detail, double measured, const char *unit)
{
	struct collect_flag *fl;
	size_t i;

	for (i = 0; i < f->nr; i++) {
		fl = &f->v[i];
		if (!strcmp(fl->benchmark, benchmark) && !strcmp(fl->metric, metric)) {
			if (measured < fl->lo)
				fl->lo = measured;
			if (measured > fl->hi)
				fl->hi = measured;
			fl->n++;
			return;
		}
	}
	ALLOC_GROW(f->v, f->nr + 1, f->alloc);
	fl = &f->v[f->nr++];
	fl->benchmark = xstrdup(benchmark);
	fl->metric = xstrdup(metric);
	fl->why = why;
	fl->detail = detail;
	fl->unit = unit;
	fl->lo = fl->hi = measured;
	fl->n = 1;
}

static unsigned rename_flagged(struct recset *records, const struct collect_flag *fl)
{
	struct strbuf renamed = STRBUF_INIT;
	unsigned samples = 0;
	size_t j;

	strbuf_addf(&renamed, "%s-flagged", fl->metric);
	for (j = 0; j < records->nr; j++) {
		struct record *r = &records->v[j];

		if (r->benchmark && r->metric && !strcmp(r->benchmark, fl->benchmark) &&
		    !strcmp(r->metric, fl->metric)) {
			record_set(&r->metric, renamed.buf);
			samples++;
		}
	}
	strbuf_release(&renamed);
	return samples;
}

void collect_flags_apply(struct collect_flags *f, struct recset *records, struct facts *facts)
{
	struct strbuf text = STRBUF_INIT;
	size_t i, j;
	char *done = xcalloc(f->nr ? f->nr : 1, 1);

	for (i = 0; i < f->nr; i++) {
		const struct collect_flag *a = &f->v[i];
		double lo = a->lo, hi = a->hi;
		unsigned n = 0, samples = 0;

		if (done[i])
			continue;
		strbuf_addf(&text, "%s%s: ", text.len ? "; " : "", a->benchmark);
		/* one entry for every metric of the benchmark with the same reason */
		for (j = i; j < f->nr; j++) {
			const struct collect_flag *b = &f->v[j];
			unsigned s;

			if (done[j] || strcmp(a->benchmark, b->benchmark) || a->why != b->why ||
			    a->detail != b->detail)
				continue;
			done[j] = 1;
			s = rename_flagged(records, b);
			strbuf_addf(&text, "%s%s", j == i ? "" : ", ", b->metric);
			lo = b->lo < lo ? b->lo : lo;
			hi = b->hi > hi ? b->hi : hi;
			n = b->n > n ? b->n : n;
			samples = s > samples ? s : samples;
		}
		strbuf_addf(&text, ": %s (%s %.*g", a->why, a->detail, 4, lo);
		if (hi != lo)
			strbuf_addf(&text, "-%.*g", 4, hi);
		strbuf_addf(&text, " %s; %u of %u samples)", a->unit, n, samples > n ? samples : n);
	}
	if (text.len && facts)
		facts_set(facts, "flagged", text.buf);
	free(done);
	strbuf_release(&text);
}

void collect_flags_release(struct collect_flags *f)
{
	size_t i;

	for (i = 0; i < f->nr; i++) {
		free(f->v[i].benchmark);
		free(f->v[i].metric);
	}
	free(f->v);
	memset(f, 0, sizeof(*f));
}
