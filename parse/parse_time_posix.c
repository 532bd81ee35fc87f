#include "parse_time.h"

#include <string.h>

/*
 * bash and ksh ("real\t0m2.129s", a label may follow) and POSIX time -p
 * ("real 2.13"): three lines, real, user, sys.
 */
static const struct {
	const char *word, *metric;
	size_t len;
} posix_lines[] = {
	{ "real", "elapsed", 4 },
	{ "user", "user", 4 },
	{ "sys", "sys", 3 },
};

/* A duration as these shells print it, not a count in prose ("real 5 ..."). */
static int time_like(const struct scan_tok *t)
{
	return tok_digit(t) && (memchr(t->s, '.', t->len) || memchr(t->s, ',', t->len) ||
				t->s[t->len - 1] == 's');
}

/* The words of line idx when it is "<word> <duration> [label]" (posix_lines[k]), else NULL. */
static const struct scan_toks *posix_line(struct scan *sc, size_t idx, size_t k)
{
	const struct scan_toks *t;
	const struct scan_line *l;
	const char *s, *word = posix_lines[k].word;
	size_t n = posix_lines[k].len;

	if (idx >= sc->nr || (l = scan_line(sc, idx))->used)
		return NULL;
	/* the first word decides before the line is split: most lines tried are not these */
	for (s = l->s; *s == ' ' || *s == '\t' || *s == '\v' || *s == '\f'; s++)
		;
	if (*s != *word || strncmp(s, word, n) ||
	    !(s[n] == ' ' || s[n] == '\t' || s[n] == '\v' || s[n] == '\f'))
		return NULL;
	t = scan_words(sc, idx);
	return t->nr >= 2 && t->v[0].len == n && !memcmp(t->v[0].s, word, n) &&
	       time_like(&t->v[1]) ? t : NULL;
}

/* "real 0m2.1s 0m3.4s" is a table of several runs, not one block */
static int is_table(const struct scan_toks *t)
{
	return t->nr > 2 && tok_digit(&t->v[2]);
}

/* "real 0.10 user 0.00 sys 0.00" on one line is a format of the user's own */
static int is_one_line(const struct scan_toks *t)
{
	return t->nr > 3 && time_labels_pairs(t) >= 2;
}

int time_starts_posix(struct scan *sc, size_t i)
{
	const struct scan_toks *t = posix_line(sc, i, 0);

	return t && !is_table(t) && !is_one_line(t);
}

int time_form_posix(struct scan *sc, size_t i, struct time_block *b)
{
	const struct scan_toks *t;
	size_t k;

	for (k = 0; k < 3; k++) {
		size_t idx = i + k;

		if (!(t = posix_line(sc, idx, k))) {
			if (k)
				goto damaged_missing;
			return 0;
		}
		if (is_table(t) || (!k && is_one_line(t))) {
			if (k)
				goto damaged_missing;
			return 0;
		}
		if (pending_duration(&b->values, idx, posix_lines[k].metric, &t->v[1], 0) < 0) {
			scan_damaged(sc, idx, "expected a duration after '%s'", posix_lines[k].word);
			/* the block's other lines go with it: they are not a block of their own */
			while (k + 1 < 3 && posix_line(sc, i + k + 1, k + 1))
				k++;
			b->lines = k + 1;
			return -1;
		}
		if (!b->label && t->nr > 2)
			b->label = scan_label(t->v[2].s, strlen(t->v[2].s));
	}
	b->lines = 3;
	return 1;
damaged_missing:
	scan_damaged(sc, i + k < sc->nr ? i + k : i + k - 1, "expected '%s' after '%s'",
		     posix_lines[k].word, posix_lines[k - 1].word);
	b->lines = k;
	return -1;
}
