#include "parse_time.h"
#include "parse_duration.h"
#include "../core/util.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/*
 * Time output in a format of the user's own (GNU time -f, bash's
 * TIMEFORMAT, zsh's TIMEFMT, tcsh's time variable), read where each
 * number sits next to its own label:
 *   real 0.102 user 0.000 sys 0.001                 (TIMEFORMAT, one line)
 *   elapsed 0m0.102s (user 0m0.000s, sys 0m0.001s, cpu 1.78%)
 *   0.001 user 0.000 system 0:00.10 elapsed 0.0% cpu    (tcsh)
 *   0:00.10 elapsed 0% CPU                          (time -f "%E elapsed %P CPU")
 *   Elapsed: 0.00 / User: 0.00 / System: 0.00       (one a line: -f "...\n...")
 *   sleep 0.1 / user 0.00s / system 0.00s / total 0.10s / cpu 1%   (zsh TIMEFMT)
 * A line takes its labels on one side of its numbers throughout: the side
 * its first pair shows.  A block has at least two labelled values, one
 * of them a time; a number without a label beside it is not guessed at.
 */
enum label_kind { L_DURATION, L_PERCENT, L_KBYTES };

static const struct {
	const char *word, *metric;
	enum label_kind kind;
} labels[] = {
	{ "real", "elapsed", L_DURATION },
	{ "elapsed", "elapsed", L_DURATION },
	{ "total", "elapsed", L_DURATION },
	{ "wall", "elapsed", L_DURATION },
	{ "user", "user", L_DURATION },
	{ "usr", "user", L_DURATION },
	{ "sys", "sys", L_DURATION },
	{ "system", "sys", L_DURATION },
	{ "cpu", "cpu", L_PERCENT },
	{ "rss", "maxrss", L_KBYTES },
	{ "maxrss", "maxrss", L_KBYTES },
};

/* The label a word names (case, ':', ',' and brackets aside), or -1. */
static int label_of(const struct scan_tok *t)
{
	const char *s = t->s;
	size_t n = t->len, i, k;
	char low[16];

	while (n && strchr("(:,;)", *s)) {
		s++;
		n--;
	}
	while (n && strchr("(:,;)=", s[n - 1]))
		n--;
	if (!n || n >= sizeof(low))
		return -1;
	for (i = 0; i < n; i++)
		low[i] = (char)tolower((unsigned char)s[i]);
	low[n] = '\0';
	for (k = 0; k < ARRAY_SIZE(labels); k++)
		if (!strcmp(low, labels[k].word))
			return (int)k;
	return -1;
}

/* A value's token without the punctuation around it: "(0m0.1s," -> "0m0.1s". */
static struct scan_tok bare(const struct scan_tok *t)
{
	struct scan_tok v = *t;

	while (v.len && (*v.s == '(' || *v.s == '['))
		v.s++, v.len--;
	while (v.len && strchr(",;)]", v.s[v.len - 1]))
		v.len--;
	return v;
}

/*
 * busybox writes "0m 0.10s": the minutes and the seconds are two words.
 * Joined into buf when t[k], t[k + 1] are that; *used says how many words.
 */
static struct scan_tok value_at(const struct scan_toks *t, size_t k, char *buf, size_t size,
				size_t *used)
{
	struct scan_tok v = bare(&t->v[k]), w;

	*used = 1;
	if (k + 1 >= t->nr || v.len < 2 || v.s[v.len - 1] != 'm')
		return v;
	w = bare(&t->v[k + 1]);
	if (!tok_digit(&w) || !tok_ends(&w, "s") || v.len + w.len >= size)
		return v;
	memcpy(buf, v.s, v.len);
	memcpy(buf + v.len, w.s, w.len);
	*used = 2;
	return (struct scan_tok){ buf, v.len + w.len };
}

static int starts_digit(const struct scan_tok *t)
{
	struct scan_tok v = bare(t);

	return tok_digit(&v);
}

/* Adds the value of label k; 1 added, 0 nothing to add ("?%"), -1 not its kind. */
static int add_value(struct pending *p, size_t idx, int k, struct scan_tok v,
		     const struct scan_tok *unit)
{
	switch (labels[k].kind) {
	case L_DURATION:
		if (memchr(v.s, '%', v.len))
			return -1;
		return pending_duration(p, idx, labels[k].metric, &v, 0) < 0 ? -1 : 1;
	case L_PERCENT:
		if (tok_is(&v, "?%"))
			return 0;
		if (!tok_ends(&v, "%"))
			return -1;
		return pending_number_kept(p, idx, "cpu", "%", &v, 1, 1) < 0 ? -1 : 1;
	case L_KBYTES:
		if (unit && !(tok_is(unit, "KB") || tok_is(unit, "kB") || tok_is(unit, "KiB") ||
			      tok_is(unit, "k")))
			return -1;
		return pending_number_kept(p, idx, labels[k].metric, "KiB", &v, 0, 0) < 0 ? -1 : 1;
	}
	return -1;
}

/* Whether v can be the value of label k (add_value would not refuse it). */
static int fits(int k, const struct scan_tok *v)
{
	struct duration d;

	switch (labels[k].kind) {
	case L_DURATION:
		return !memchr(v->s, '%', v->len) && duration_read(&d, v->s, v->len) == 0;
	case L_PERCENT:
		return tok_ends(v, "%");
	case L_KBYTES:
		return tok_digit(v);
	}
	return 0;
}

/*
 * The labelled values of one line into p: how many, or 0 when the line
 * is not of this kind.  *first gets the word where the first pair starts.
 */
static int read_pairs(struct pending *p, size_t idx, const struct scan_toks *t, size_t *first)
{
	int label_first = -1, pairs = 0, seen[ARRAY_SIZE(labels)] = { 0 };
	size_t k, used;
	char buf[64], taken[64] = { 0 };

	if (t->nr > sizeof(taken))
		return 0;   /* a line of that many words is no time report */

	for (k = 0; k < t->nr; k++) {
		int l = label_of(&t->v[k]), r;
		size_t at = 0;
		struct scan_tok v;
		int found = 0;

		if (l < 0)
			continue;
		/* the first pair decides the side: before the label when a value fits there */
		if (label_first != 1 && k > 0 && starts_digit(&t->v[k - 1])) {
			v = bare(&t->v[k - 1]);
			if (fits(l, &v) || label_first == 0) {
				at = k - 1;
				used = 1;
				found = 1;
			}
		}
		if (!found && label_first != 0 && k + 1 < t->nr && starts_digit(&t->v[k + 1])) {
			v = value_at(t, k + 1, buf, sizeof(buf), &used);
			at = k + 1;
			found = 1;
		}
		if (!found)
			continue;
		if (label_first < 0)
			label_first = at > k;
		if (seen[l]++)
			return 0;   /* a label twice is a table, not one block */
		r = add_value(p, idx, l, v, at + used < t->nr && label_first ? &t->v[at + used] : NULL);
		if (r < 0)
			return 0;
		if (!pairs)
			*first = label_first ? k : at;
		pairs += r;
		taken[at] = 1;
		if (used > 1)
			taken[at + 1] = 1;
		if (label_first)
			k = at + used - 1;
	}
	/* a number beside no label: a table's row or prose, not this */
	for (k = 0; k < t->nr; k++)
		if (!taken[k] && starts_digit(&t->v[k]))
			return 0;
	return pairs;
}

static int has_time(const struct pending *p)
{
	size_t i;

	for (i = 0; i < p->nr; i++)
		if (!strcmp(p->v[i].metric, "elapsed") || !strcmp(p->v[i].metric, "user") ||
		    !strcmp(p->v[i].metric, "sys"))
			return 1;
	return 0;
}

/* No number among the first n words: "Max RSS: 2832 KB" has its label's words there. */
static int words_only(const struct scan_toks *t, size_t n)
{
	size_t k;

	for (k = 0; k < n && k < t->nr; k++)
		if (starts_digit(&t->v[k]))
			return 0;
	return 1;
}

int time_labels_pairs(const struct scan_toks *t)
{
	struct pending p = PENDING_INIT;
	size_t first;
	int n = read_pairs(&p, 0, t, &first);

	pending_clear(&p);
	return n;
}

/*
 * zsh's TIMEFMT starts with %J, the job, on its own line: the line right
 * above a block of one value a line, when it reads as a command (a few
 * words, no sentence's ':' or '.' at its end, no value of its own).
 */
static char *job_line(struct scan *sc, size_t i)
{
	struct scan_toks t = SCAN_TOKS_INIT;
	const struct scan_line *l;
	size_t first;
	char *job = NULL;

	if (!i || (l = scan_line(sc, i - 1))->used || scan_blank(l) || l->len < 2 ||
	    strchr(":.", l->s[l->len - 1]))
		return NULL;
	scan_split(&t, l->s);
	if (t.nr && t.nr <= 8 && !time_labels_pairs(&t)) {
		struct pending p = PENDING_INIT;

		if (!read_pairs(&p, i - 1, &t, &first))
			job = scan_label(l->s, l->len);
		pending_clear(&p);
	}
	scan_toks_release(&t);
	return job;
}

int time_starts_labels(struct scan *sc, size_t i)
{
	const struct scan_toks *t = scan_words(sc, i);
	size_t k;

	for (k = 0; k < t->nr; k++)
		if (label_of(&t->v[k]) >= 0)
			return 1;
	return 0;
}

int time_form_labels(struct scan *sc, size_t i, struct time_block *b)
{
	struct scan_toks t = SCAN_TOKS_INIT;
	size_t idx = i, first = 0;
	int n;

	scan_split(&t, scan_line(sc, i)->s);
	n = read_pairs(&b->values, i, &t, &first);
	if (n >= 2 && has_time(&b->values)) {
		const char *s = scan_line(sc, i)->s;

		b->label = first ? scan_label(s, (size_t)(t.v[first].s - s)) : NULL;
		b->lines = 1;
		scan_toks_release(&t);
		return 1;
	}
	/* one value a line, lines one under the other */
	while (n == 1 && words_only(&t, first)) {
		struct pending line = PENDING_INIT;
		size_t k;

		idx++;
		if (idx >= sc->nr || scan_line(sc, idx)->used)
			break;
		scan_split(&t, scan_line(sc, idx)->s);
		n = read_pairs(&line, idx, &t, &first);
		for (k = 0; n == 1 && words_only(&t, first) && k < line.nr; k++)
			pending_add(&b->values, line.v[k].idx, line.v[k].metric, line.v[k].unit,
				    line.v[k].value);
		pending_clear(&line);
	}
	scan_toks_release(&t);
	if (idx - i >= 2 && has_time(&b->values)) {
		size_t k, m;

		/* the same metric twice: two blocks one under the other, or a table */
		for (k = 0; k < b->values.nr; k++)
			for (m = k + 1; m < b->values.nr; m++)
				if (!strcmp(b->values.v[k].metric, b->values.v[m].metric))
					goto none;
		b->lines = idx - i;
		b->label = job_line(sc, i);
		return 1;
	}
none:
	pending_clear(&b->values);
	return 0;
}
