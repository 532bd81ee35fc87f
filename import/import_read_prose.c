#include "import_extract.h"
#include "import_prose.h"
#include "import_table.h"
#include "../core/util.h"

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/*
 * Numbers in prose (import_prose.c reads the sentences).  A sentence may
 * run over lines: each line is read with the line before it and the two
 * after it of its paragraph, and only the numbers that stand on it are
 * taken, so that each is read once.  The numbers are kept until the walk
 * is over: one that restates what a time block, a table or a list of the
 * message states ("the total time is around 5 seconds" over "real
 * 0m5.493s") is dropped then, so that a measurement is counted once.
 */

/* One number read, kept until the walk is over. */
struct prose_pending {
	struct pooled_where w;   /* its facts referenced */
	const char *metric;
	char *value, *unit;
	long lineno;
	int approx;
	size_t block;            /* the numbers of one sentence are one group */
};

struct prose_state {
	struct prose_pending *v;
	size_t nr, alloc;
	size_t blocks;
	size_t upto_line, upto_off;  /* numbers before this offset of this line are read */
	struct strbuf text;          /* the lines a sentence is read in: one buffer for the message's */
};

/* Approximate prose ("around 5 seconds") restates a number this close to it. */
#define RESTATE_SHARE 0.1

/* "scores at 6100 and 24000 respectively": bare numbers a list names, on this line or the next */
static int says_respectively(const struct extract *x, size_t at)
{
	size_t k;

	for (k = at; k < x->q->nr && k <= at + 1 && !x->q->v[k].blank; k++)
		if (import_prose_lists(x->q->v[k].text))
			return 1;
	return 0;
}

/* (a line a tool's parser read is the tool's: the walk asks no number reader there) */
static int prose_starts(const struct extract *x, size_t at)
{
	return HAS_DIGIT(x, at) && ((x->feat[at] & FEAT_VERB) || import_prose_holds_quantity(x->q->v[at].text) ||
				    says_respectively(x, at));
}

static int prose_line(const struct extract *x, size_t at, size_t k)
{
	const struct qline *l = &x->q->v[k];

	/* a sentence runs on into no line of a tool's report ("1.36 megabytes read (...)") */
	return l->depth == x->q->v[at].depth && !l->blank && !x->negative[k] && !x->sec->tool_line[k] &&
	       !import_table_row_like(l->text) && !import_time_may_start(l->text);
}

/* Whether a and b start with the same two words. */
static int same_two_words(const char *a, const char *b)
{
	int words = 0;

	while (*a && *a == *b) {
		if (*a == ' ' && a[-1] != ' ' && ++words == 2)
			return 1;
		a++, b++;
	}
	return 0;
}

/*
 * Whether line k goes on with the sentence of line k - 1: a wrapped
 * sentence breaks before a word in lower case or a number, after a line
 * that did not end it.  Lines of a report ("Throughput 27.39 MB/sec")
 * start anew.
 */
static int continues(const struct extract *x, size_t k)
{
	const struct qline *prev = &x->q->v[k - 1];
	const char *s = import_skip_space(x->q->v[k].text);
	char last = prev->len ? prev->text[prev->len - 1] : '\0';

	if (last && strchr(".!?:", last))
		return 0;
	/* "dir fsync took 8412 ms after ..." line under line: a list of results, each its own */
	if (same_two_words(import_skip_space(prev->text), s))
		return 0;
	return islower((unsigned char)*s) || isdigit((unsigned char)*s) || *s == '~' || *s == '(';
}

/* This message's records so far: from the first one on. */
static size_t first_record(const struct extract *x)
{
	const struct import_result *r = &x->imp->result;
	size_t k = r->borrowed.nr;

	while (k > 0 && r->msg_of[k - 1] == r->nmsgs - 1)
		k--;
	return k;
}

/*
 * "dbench numbers are up from 38Mb/sec and 17Mb/sec respectively": the
 * message's own benchmarks that start with the subject's first word, in
 * the order it gave them, when there are as many as the sentence lists.
 */
static const char *respective(const struct extract *x, const char *subject, int nth, int of)
{
	const struct recset *set = &x->imp->result.borrowed;
	size_t n = strcspn(subject, " "), k, found = 0;
	const char *seen[16];

	for (k = first_record(x); k < set->nr && found < ARRAY_SIZE(seen); k++) {
		const char *b = set->v[k].benchmark;
		size_t j;

		if (!b || strncasecmp(b, subject, n) || (b[n] && b[n] != ' '))
			continue;
		for (j = 0; j < found && strcmp(seen[j], b); j++)
			;
		if (j == found)
			seen[found++] = b;
	}
	return (int)found == of ? seen[nth] : NULL;
}

static struct prose_state *state(struct extract *x)
{
	if (!x->prose) {
		x->prose = xcalloc(1, sizeof(*x->prose));
		strbuf_init(&x->prose->text, 0);
	}
	return x->prose;
}

static void keep(struct extract *x, size_t at, const struct prose_num *n, size_t block)
{
	struct prose_state *s = state(x);
	const struct qline *l = &x->q->v[at];
	const struct depth_ctx *d = &x->d[l->depth];
	const char *benchmark = n->name ? n->name : n->benchmark;
	struct prose_pending *p;
	struct where w;

	if (n->of && !n->name && n->benchmark)
		benchmark = respective(x, n->benchmark, n->nth, n->of) ?: benchmark;
	/* "it takes 21 seconds": what the text said last it timed */
	if (!benchmark)
		benchmark = d->pending ? d->pending : d->program;
	w = extract_where(x, at, benchmark);
	if (n->kernel)
		w.kernel = n->kernel;
	/*
	 * a file system the sentence does not name is the paragraph's, its
	 * options only when it is that one; with none learnt, the one the
	 * whole text and the Subject name ("xfs: reduce ..."), if only one
	 */
	w.fs = n->fs ? n->fs : d->fs ? d->fs : extract_message_fs(x, at);
	w.options = !n->fs || (d->fs && !strcmp(d->fs, n->fs)) ? d->options : NULL;
	ALLOC_GROW(s->v, s->nr + 1, s->alloc);
	p = &s->v[s->nr++];
	pool_where(x, &w, &p->w);
	facts_ref(p->w.facts);
	p->metric = n->metric;
	p->value = xstrdup(n->value);
	p->unit = n->unit ? xstrdup(n->unit) : NULL;
	p->lineno = l->lineno;
	p->approx = n->approx;
	p->block = block;
}

static size_t prose_numbers(struct extract *x, size_t at)
{
	struct prose_state *s = state(x);
	struct strbuf *text = &s->text;
	struct prose_nums nums;
	size_t first = at, last = at, k, from, to, block;
	size_t off[4];

	if (at && prose_line(x, at, at - 1) && continues(x, at))
		first = at - 1;
	while (last + 1 < x->q->nr && last - at < 2 && prose_line(x, at, last + 1) && continues(x, last + 1))
		last++;
	for (k = first; k <= last; k++) {
		if (k > first)
			strbuf_addch(text, ' ');
		off[k - first] = text->len;
		strbuf_addstr(text, x->q->v[k].text);
	}
	from = off[at - first];
	to = from + x->q->v[at].len;
	if (s->upto_line == at && s->upto_off > 0)
		from += s->upto_off < to - from ? s->upto_off : to - from;
	if (import_prose_read(&nums, text->buf, from, to)) {
		if (nums.why && !x->refused) {
			x->refused = nums.why;
			x->refused_at = at;
		}
		strbuf_reset(text);
		return 0;
	}
	block = s->blocks++;
	for (k = 0; k < nums.nr; k++)
		keep(x, at, &nums.v[k], block);
	/* a sentence read on into the next lines: their numbers up to where it ended are read */
	for (k = last; k > at; k--) {
		if (nums.end > off[k - first]) {
			s->upto_line = k;
			s->upto_off = nums.end - off[k - first];
			break;
		}
	}
	import_prose_release(&nums);
	strbuf_reset(text);
	/* the line may hold more than a sentence: nothing is taken from the readers after */
	return 0;
}

const struct import_reader import_read_prose = { "prose numbers", prose_starts, prose_numbers };

/* A number kept, as same_value compares it: read once, not once a record. */
struct restating {
	double value, scale;   /* scale: 10 to the decimals it was written with */
	int approx;
};

static void restating_of(struct restating *r, const struct prose_pending *p)
{
	const char *dot = strchr(p->value, '.');
	size_t d = dot ? strlen(dot + 1) : 0;

	r->value = strtod(p->value, NULL);
	r->approx = p->approx;
	r->scale = 1;
	while (d--)
		r->scale *= 10;
}

/*
 * Whether p's value says b again: within a tenth when it is approximate
 * ("around 5 seconds" for 5.493), rounded to its digits when not ("4
 * seconds user time" for 4.42).
 */
static int same_value(const struct restating *p, double b)
{
	if (p->approx)
		return fabs(p->value - b) <= RESTATE_SHARE * fabs(b);
	return fabs(p->value - round(b * p->scale) / p->scale) <= 1e-9 * (fabs(b) + 1);
}

/* The message's records' values, each read at the first number that asks for it. */
struct record_values {
	size_t first, end;
	double *v;
	unsigned char *read;
};

static double record_value(struct record_values *rv, const struct record *r, size_t k)
{
	if (!rv->read[k - rv->first]) {
		rv->v[k - rv->first] = strtod(r->value, NULL);
		rv->read[k - rv->first] = 1;
	}
	return rv->v[k - rv->first];
}

/* Whether a record before (a time block's, a table's) states what p restates. */
static int restates(const struct extract *x, struct record_values *rv, const struct prose_pending *p)
{
	const struct recset *set = &x->imp->result.borrowed;
	struct restating n;
	size_t k;

	restating_of(&n, p);
	for (k = rv->first; k < rv->end; k++) {
		const struct record *r = &set->v[k];
		int same_kind = (r->metric && !strcmp(r->metric, p->metric)) ||
				(r->unit && p->unit && !strcmp(r->unit, p->unit));

		if (same_kind && r->value && same_value(&n, record_value(rv, r, k)))
			return 1;
	}
	return 0;
}

void extract_prose_finish(struct extract *x)
{
	struct prose_state *s = x->prose;
	struct record_values rv;
	size_t i, block = (size_t)-1;

	if (!s)
		return;
	rv.first = first_record(x);
	rv.end = x->imp->result.borrowed.nr;
	/* a message whose prose gave no number compares no record */
	rv.v = s->nr ? xcalloc(rv.end - rv.first + 1, sizeof(*rv.v)) : NULL;
	rv.read = s->nr ? xcalloc(rv.end - rv.first + 1, 1) : NULL;
	for (i = 0; i < s->nr; i++) {
		struct prose_pending *p = &s->v[i];

		if (!restates(x, &rv, p)) {
			if (p->block != block)
				x->group++;
			block = p->block;
			emit_pooled(x, &p->w, p->metric, p->value, p->unit, p->lineno);
		}
		facts_unref(p->w.facts);
		free(p->value);
		free(p->unit);
	}
	free(rv.v);
	free(rv.read);
	free(s->v);
	strbuf_release(&s->text);
	free(s);
	x->prose = NULL;
}
