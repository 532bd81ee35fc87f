#include "parse_time.h"
#include "../core/util.h"

#include <stdlib.h>
#include <string.h>

/*
 * The one-line forms, found anywhere in a line (what stands before them
 * is the label or command, as zsh prints it):
 *   GNU time   0.00user 4.14system 0:15.76elapsed 26%CPU (0avgtext+0avgdata 0maxresident)k
 *              0inputs+0outputs (120major+20minor)pagefaults 0swaps
 *   zsh        0.07s user 3.50s system 99% cpu 3.594 total
 *   tcsh, csh  0.010u 0.020s 0:00.03 66.6% 0+0k 0+0io 0pf+0w
 *   BSD, macOS 1.50 real 0.03 user 1.43 sys
 *   mksh       0m00.01s real     0m00.00s user     0m00.00s system
 * Each returns 1 when it read the form at token k, 0 when the tokens are
 * not its form, -1 when they start like it but a value is damaged (the
 * message says which).
 */
struct line_form {
	const char *name;
	int (*starts)(const struct scan_toks *t, size_t k);
	int (*read)(struct scan *sc, size_t i, const struct scan_toks *t, size_t k,
		    struct time_block *b, const char **expected);
};

static const struct scan_tok *tok(const struct scan_toks *t, size_t k)
{
	static const struct scan_tok none = { "", 0 };

	return k < t->nr ? &t->v[k] : &none;
}

/* "12%" or "66,6%" before a suffix of n bytes; "?%" (nothing elapsed) adds nothing. */
static int read_percent(struct pending *p, size_t idx, const struct scan_tok *t, size_t n)
{
	if (t->len == n + 1 && t->s[0] == '?')
		return 0;
	return pending_number_kept(p, idx, "cpu", "%", t, n, 1);
}

/* Splits "a+b" at its '+' into two tokens. */
static int split_plus(const struct scan_tok *t, struct scan_tok *a, struct scan_tok *b)
{
	const char *plus = memchr(t->s, '+', t->len);

	if (!plus)
		return -1;
	a->s = t->s;
	a->len = (size_t)(plus - t->s);
	b->s = plus + 1;
	b->len = t->len - a->len - 1;
	return 0;
}

/*
 * "Na+Mb" with the given suffixes after each number, e.g. "0inputs+0outputs"
 * (inline: the suffixes' lengths are then known when compiled).
 */
static inline int read_pair(struct pending *p, size_t idx, const struct scan_tok *t,
		     const char *sa, const char *ma, const char *ua,
		     const char *sb, const char *mb, const char *ub)
{
	struct scan_tok a, b;

	if (split_plus(t, &a, &b) < 0 || !tok_ends(&a, sa) || !tok_ends(&b, sb))
		return -1;
	if (pending_number_kept(p, idx, ma, ua, &a, strlen(sa), 0) < 0)
		return -1;
	return pending_number_kept(p, idx, mb, ub, &b, strlen(sb), 0);
}

static int gnu_starts(const struct scan_toks *t, size_t k)
{
	return tok_digit(tok(t, k)) && tok_ends(tok(t, k), "user") &&
	       tok_ends(tok(t, k + 1), "system");
}

/* "(0major+20minor)pagefaults" */
static int read_faults(struct pending *p, size_t idx, const struct scan_tok *t)
{
	struct scan_tok in = *t;

	if (in.len < 2 || in.s[0] != '(' || !tok_ends(&in, ")pagefaults"))
		return -1;
	in.s++;
	in.len -= 1 + strlen(")pagefaults");
	return read_pair(p, idx, &in, "major", "major-faults", NULL, "minor", "minor-faults", NULL);
}

static int gnu_second_line(struct scan *sc, size_t idx, struct time_block *b,
			   const char **expected)
{
	/* the first line's words stay in sc->words: its label is cut after this */
	struct scan_toks *t = &sc->next_words;
	const char *s;

	if (idx >= sc->nr || scan_line(sc, idx)->used)
		return 0;
	s = scan_line(sc, idx)->s;
	scan_split(t, s);
	if (!t->nr || !tok_digit(&t->v[0]) || !strstr(s, "inputs+"))
		return 0;   /* pasted without it: the first line stands alone */
	*expected = "'Ninputs+Noutputs (Nmajor+Nminor)pagefaults Nswaps'";
	if (t->nr != 3 ||
	    read_pair(&b->values, idx, &t->v[0], "inputs", "inputs", NULL,
		      "outputs", "outputs", NULL) < 0 ||
	    read_faults(&b->values, idx, &t->v[1]) < 0 || !tok_ends(&t->v[2], "swaps") ||
	    pending_number_kept(&b->values, idx, "swaps", NULL, &t->v[2], strlen("swaps"), 0) < 0)
		return -1;
	return 1;
}

static void toks_append(struct scan_toks *out, const struct scan_tok *v, size_t n)
{
	ALLOC_GROW(out->v, out->nr + n, out->alloc);
	memcpy(out->v + out->nr, v, n * sizeof(*v));
	out->nr += n;
}

/*
 * The words of the form at token k of line i, into out; when a mailer
 * wrapped the line (GNU time's is 80 columns with a label before it), the
 * next line's words go on where the line stopped, if they are the words
 * the form has next.  Returns how many lines were joined to line i (0 or 1);
 * *wrap is the first word that stands on the next line.
 */
static size_t gnu_words(struct scan *sc, size_t i, const struct scan_toks *t, size_t k,
			struct scan_toks *out, size_t *wrap)
{
	static const char *const tails[] = { "elapsed", "%CPU", "avgdata", "maxresident)k" };
	/* line i's words stay in sc->words; the next line's are copied out before it is used again */
	struct scan_toks *next = &sc->next_words;
	size_t have = t->nr - k;

	out->nr = 0;
	*wrap = have;
	toks_append(out, t->v + k, have);
	/* the form's words after the two it starts with, as far as the line goes */
	if (have < 3 || have > 5 || i + 1 >= sc->nr || scan_line(sc, i + 1)->used ||
	    !tok_ends(&t->v[t->nr - 1], tails[have - 3]))
		return 0;
	scan_split(next, scan_line(sc, i + 1)->s);
	if (!next->nr || next->nr > 6 - have || !tok_ends(&next->v[next->nr - 1], tails[have + next->nr - 3]) ||
	    strstr(scan_line(sc, i + 1)->s, "inputs+"))
		return 0;
	toks_append(out, next->v, next->nr);
	return 1;
}

static int gnu_read(struct scan *sc, size_t i, const struct scan_toks *line, size_t at,
		    struct time_block *b, const char **expected)
{
	struct pending *p = &b->values;
	struct scan_toks words = { NULL, 0, 0 };
	const struct scan_toks *t = &words;
	const size_t k = 0;
	const struct scan_tok *rss;
	size_t wrap, joined = gnu_words(sc, i, line, at, &words, &wrap);
	int r = -1;

	/* each value is kept with the line it stands on */
#define AT(j) ((j) >= wrap ? i + 1 : i)
	rss = tok(t, k + 5);
	*expected = "'Nuser Nsystem M:SS.CCelapsed N%CPU'";
	if (pending_number_kept(p, i, "user", "s", tok(t, k), 4, 1) < 0 ||
	    pending_number_kept(p, i, "sys", "s", tok(t, k + 1), 6, 1) < 0 ||
	    !tok_ends(tok(t, k + 2), "elapsed") ||
	    pending_duration(p, i, "elapsed", tok(t, k + 2), 7) < 0)
		goto done;
	if (k + 3 < t->nr && (!tok_ends(tok(t, k + 3), "%CPU") ||
			      read_percent(p, AT(k + 3), tok(t, k + 3), 4) < 0))
		goto done;
	if (k + 4 < t->nr) {
		struct scan_tok mem = *tok(t, k + 4);

		*expected = "'(Navgtext+Navgdata Nmaxresident)k'";
		if (mem.s[0] != '(')
			goto done;
		mem.s++;
		mem.len--;
		if (read_pair(p, AT(k + 4), &mem, "avgtext", "avgtext", "KiB", "avgdata", "avgdata", "KiB") < 0 ||
		    !tok_ends(rss, "maxresident)k") ||
		    pending_number_kept(p, AT(k + 5), "maxrss", "KiB", rss, strlen("maxresident)k"), 0) < 0)
			goto done;
	}
#undef AT
	r = gnu_second_line(sc, i + 1 + joined, b, expected);
	if (r < 0) {
		b->lines = 2 + joined;   /* the damage is reported on the second line */
		r = -2;
		goto done;
	}
	b->lines = 1 + joined + (size_t)r;
	r = 1;
done:
	scan_toks_release(&words);
	return r;
}

static int zsh_starts(const struct scan_toks *t, size_t k)
{
	return tok_digit(tok(t, k)) && tok_is(tok(t, k + 1), "user") &&
	       tok_is(tok(t, k + 3), "system");
}

static int zsh_read(struct scan *sc, size_t i, const struct scan_toks *t, size_t k,
		    struct time_block *b, const char **expected)
{
	struct pending *p = &b->values;

	(void)sc;
	*expected = "'Ns user Ns system N% cpu N total'";
	if (!tok_ends(tok(t, k), "s") || pending_duration(p, i, "user", tok(t, k), 1) < 0 ||
	    !tok_ends(tok(t, k + 2), "s") || pending_duration(p, i, "sys", tok(t, k + 2), 1) < 0 ||
	    !tok_is(tok(t, k + 5), "cpu") || !tok_ends(tok(t, k + 4), "%") ||
	    read_percent(p, i, tok(t, k + 4), 1) < 0 ||
	    !tok_is(tok(t, k + 7), "total") || pending_duration(p, i, "elapsed", tok(t, k + 6), 0) < 0)
		return -1;
	b->lines = 1;
	return 1;
}

static int tcsh_starts(const struct scan_toks *t, size_t k)
{
	return tok_digit(tok(t, k)) && tok_ends(tok(t, k), "u") &&
	       tok_digit(tok(t, k + 1)) && tok_ends(tok(t, k + 1), "s") &&
	       tok_digit(tok(t, k + 2)) && memchr(tok(t, k + 2)->s, ':', tok(t, k + 2)->len) &&
	       tok_ends(tok(t, k + 3), "%");
}

static int tcsh_read(struct scan *sc, size_t i, const struct scan_toks *t, size_t k,
		     struct time_block *b, const char **expected)
{
	struct pending *p = &b->values;
	struct scan_tok io = *tok(t, k + 5), pf = *tok(t, k + 6);
	struct scan_tok faults, swaps;

	(void)sc;
	*expected = "'Nu Ns M:SS.CC N% N+Nk N+Nio Npf+Nw'";
	if (pending_duration(p, i, "user", tok(t, k), 1) < 0 ||
	    pending_duration(p, i, "sys", tok(t, k + 1), 1) < 0 ||
	    pending_duration(p, i, "elapsed", tok(t, k + 2), 0) < 0 ||
	    read_percent(p, i, tok(t, k + 3), 1) < 0)
		return -1;
	b->lines = 1;
	if (k + 4 >= t->nr)
		return 1;   /* csh's shorter form stops here */
	if (!tok_ends(tok(t, k + 4), "k") ||
	    read_pair(p, i, tok(t, k + 4), "", "avgtext", "KiB", "k", "avgdata", "KiB") < 0 ||
	    !tok_ends(&io, "io"))
		return -1;
	io.len -= 2;
	if (read_pair(p, i, &io, "", "inputs", NULL, "", "outputs", NULL) < 0 ||
	    split_plus(&pf, &faults, &swaps) < 0 || !tok_ends(&faults, "pf") || !tok_ends(&swaps, "w") ||
	    pending_number_kept(p, i, "major-faults", NULL, &faults, 2, 0) < 0 ||
	    pending_number_kept(p, i, "swaps", NULL, &swaps, 1, 0) < 0)
		return -1;
	return 1;
}

static int bsd_starts(const struct scan_toks *t, size_t k)
{
	return tok_digit(tok(t, k)) && tok_is(tok(t, k + 1), "real") &&
	       tok_is(tok(t, k + 3), "user");
}

static int bsd_read(struct scan *sc, size_t i, const struct scan_toks *t, size_t k,
		    struct time_block *b, const char **expected)
{
	struct pending *p = &b->values;

	(void)sc;
	*expected = "'N real N user N sys'";   /* mksh: durations, "system" */
	if (pending_duration(p, i, "elapsed", tok(t, k), 0) < 0 ||
	    pending_duration(p, i, "user", tok(t, k + 2), 0) < 0 ||
	    !(tok_is(tok(t, k + 5), "sys") || tok_is(tok(t, k + 5), "system")) ||
	    pending_duration(p, i, "sys", tok(t, k + 4), 0) < 0)
		return -1;
	b->lines = 1;
	return 1;
}

static const struct line_form line_forms[] = {
	{ "GNU time", gnu_starts, gnu_read },
	{ "zsh time", zsh_starts, zsh_read },
	{ "tcsh time", tcsh_starts, tcsh_read },
	{ "BSD time", bsd_starts, bsd_read },
};

/* The first token k at which a form starts, and which form; -1 if none does. */
static int form_at(const struct scan_toks *t, size_t *k)
{
	size_t f;

	for (*k = 0; *k < t->nr; (*k)++) {
		/* every form starts with a number: most words are turned away here */
		if (!tok_digit(&t->v[*k]))
			continue;
		for (f = 0; f < ARRAY_SIZE(line_forms); f++)
			if (line_forms[f].starts(t, *k))
				return (int)f;
	}
	return -1;
}

int time_starts_line(struct scan *sc, size_t i)
{
	const struct scan_toks *t = scan_words(sc, i);
	struct time_block b = { PENDING_INIT, NULL, 0, 0 };
	const char *expected;
	size_t k;
	int f = form_at(t, &k), r;

	if (f < 0)
		return 0;
	if (time_labels_pairs(t) < 2)
		return 1;
	/* a line of labelled values is a form's own only when the form reads it */
	r = line_forms[f].read(sc, i, t, k, &b, &expected);
	pending_clear(&b.values);
	free(b.label);
	return r > 0;
}

int time_form_line(struct scan *sc, size_t i, struct time_block *b)
{
	const struct scan_toks *t = scan_words(sc, i);
	const char *expected = NULL;
	size_t k;
	int f = form_at(t, &k), r;

	if (f < 0)
		return 0;
	r = line_forms[f].read(sc, i, t, k, b, &expected);
	if (r > 0) {
		const char *s = scan_line(sc, i)->s;

		b->label = scan_label(s, (size_t)(t->v[k].s - s));
		return 1;
	}
	if (r == -1 && time_labels_pairs(t) >= 2) {
		/* "0.001 user 0.000 system ...": a format of the user's own, not damage */
		pending_clear(&b->values);
		return 0;
	}
	if (r == -2)
		scan_damaged(sc, i + 1, "expected %s", expected);
	else
		scan_damaged(sc, i, "expected %s", expected);
	b->lines = b->lines ? b->lines : 1;
	return -1;
}
