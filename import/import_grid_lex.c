/*
 * A line read as a table row: pieces between blanks, tabs and '|', which
 * of them are value cells (a number or a duration, a unit glued to it, a
 * note in brackets or after "~" / "+-" / "*"), and the label left and
 * right of the cells.
 */
#include "import_grid.h"
#include "import_grid_lex.h"
#include "../core/strbuf.h"
#include "../core/util.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

size_t grid_screen_col(const char *line, const char *p)
{
	size_t x = 0;

	for (; line < p; line++)
		x = *line == '\t' ? (x / 8 + 1) * 8 : x + 1;
	return x;
}

static int is_digit(char c)
{
	return c >= '0' && c <= '9';
}

static int is_alpha(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

int grid_names_something(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (is_digit(s[i]) || is_alpha(s[i]))
			return 1;
	return 0;
}

/* What parts the pieces of a line: blanks, and tabs and '|' that set a cell apart hard. */
enum { NOT_APART, BLANK, HARD };

static const unsigned char apart[256] = {
	[' '] = BLANK, ['\r'] = BLANK, ['\f'] = BLANK, ['\v'] = BLANK,
	['\t'] = HARD, ['|'] = HARD,
};

/* Splits s on blanks and '|' into *out (grown as needed); returns how many. */
size_t grid_split_pieces(struct grid_piece **out, size_t *alloc, const char *s, size_t n)
{
	size_t nr = 0, i = 0, x = 0;

	while (i < n) {
		size_t x_before = x, start;
		int hard = 0;
		struct grid_piece *p;

		for (; i < n && apart[(unsigned char)s[i]]; i++) {
			hard |= apart[(unsigned char)s[i]] == HARD;
			x = s[i] == '\t' ? (x / 8 + 1) * 8 : x + 1;
		}
		if (i == n)
			break;
		ALLOC_GROW(*out, nr + 1, *alloc);
		p = &(*out)[nr++];
		p->s = s + i;
		p->gap = x - x_before;
		p->hard = hard;
		p->x0 = x;
		for (start = i; i < n && !apart[(unsigned char)s[i]]; i++)
			;
		p->n = i - start;
		x += p->n;
		p->x1 = x;
	}
	return nr;
}

/*
 * Whether a piece of s[0, n) may be a value (grid_may_be_value), looked
 * at before the line is split: most lines are prose, with not one.  Only
 * a piece's first bytes say, so the rest of each piece is passed over
 * unlooked at.
 */
static int may_hold_value(const char *s, size_t n)
{
	/* the bytes grid_may_be_value lets a value start with: most words go at this one look */
	static const unsigned char may_start[256] = {
		['0'] = 1, ['1'] = 1, ['2'] = 1, ['3'] = 1, ['4'] = 1, ['5'] = 1, ['6'] = 1,
		['7'] = 1, ['8'] = 1, ['9'] = 1, ['+'] = 1, ['-'] = 1, ['.'] = 1, ['?'] = 1,
		['N'] = 1, ['n'] = 1,
	};
	const char *e = s + n;

	while (s < e) {
		while (s < e && apart[(unsigned char)*s])
			s++;
		/* the rest of the line from here: its first two bytes are the piece's, or a blank ends it */
		if (s < e && may_start[(unsigned char)*s] && grid_may_be_value(s, (size_t)(e - s)))
			return 1;
		while (s < e && !apart[(unsigned char)*s])
			s++;
	}
	return 0;
}

size_t grid_words(struct grid_span **out, size_t *alloc, const char *s, size_t n)
{
	struct grid_piece *p = NULL;
	size_t palloc = 0, np = grid_split_pieces(&p, &palloc, s, n), i;

	ALLOC_GROW(*out, np, *alloc);
	for (i = 0; i < np; i++)
		(*out)[i] = (struct grid_span){ p[i].s, p[i].n, p[i].x0, p[i].x1 };
	free(p);
	return np;
}

static struct grid_span join(const struct grid_piece *p, size_t from, size_t to)
{
	struct grid_span sp = { NULL, 0, 0, 0 };

	if (from >= to)
		return sp;
	sp.s = p[from].s;
	sp.n = (size_t)(p[to - 1].s + p[to - 1].n - p[from].s);
	sp.x0 = p[from].x0;
	sp.x1 = p[to - 1].x1;
	return sp;
}

struct grid_item {
	size_t piece, npieces;
	int cell;
	int connector;   /* "@", "/", ",", "and" between two cells */
	struct grid_cell c;
};

static int is_connector(const char *s, size_t n)
{
	return (n == 1 && (s[0] == '@' || s[0] == '/' || s[0] == ',' || s[0] == '+')) ||
	       (n == 3 && !memcmp(s, "and", 3)) || (n == 2 && !memcmp(s, "at", 2));
}

/* A word that names the value before it: "cpu", "user", "system", "total". */
static int is_suffix_word(const char *s, size_t n)
{
	size_t i;

	if (n < 2 || n > 10)
		return 0;
	for (i = 0; i < n; i++)
		if (!(s[i] >= 'a' && s[i] <= 'z') && s[i] != '%')
			return 0;
	return 1;
}

/* A remark after a row: "<- what happened here?", "# odd", "(noisy)". */
static int is_remark(const char *s, size_t n)
{
	return (n >= 2 && s[0] == '<' && s[1] == '-') || s[0] == '#' ||
	       (n >= 2 && s[0] == '-' && s[1] == '-' && n > 2 && s[2] != '-');
}

/*
 * "reiser\t6.4\t55.1s\t24%\t16.19.3m": a piece set apart by a tab or a
 * '|' after two cells or more, last on its line, made of digits and
 * separators as a value is (a letter or three among them: "6:2O.5m")
 * but readable as none, is a value garbled in the typing.  As a damaged
 * cell it keeps the row, and its column, to the table; no number is
 * taken from it (its reader names it in a warning).
 */
static void mark_damaged(struct grid_item *it, size_t nit, const struct grid_piece *p)
{
	struct grid_item *last = &it[nit - 1];
	const struct grid_piece *w = &p[last->piece];
	size_t k, letters = 0;

	if (nit < 3 || last->cell || !w->hard || !it[nit - 2].cell || !it[nit - 3].cell ||
	    !is_digit(w->s[0]))
		return;
	for (k = 0; k < w->n; k++) {
		if (is_alpha(w->s[k]))
			letters++;
		else if (!is_digit(w->s[k]) && !strchr(".:,%", w->s[k]))
			return;
	}
	if (letters > 3)
		return;
	memset(&last->c, 0, sizeof(last->c));
	last->c.text = last->c.value = (struct grid_span){ w->s, w->n, w->x0, w->x1 };
	last->c.kind = GRID_DAMAGED;
	last->cell = 1;
}

/*
 * The run of cells a row is made of: the last run that ends the line, or
 * a run at the start of the line followed by a label set apart by a wide
 * gap (the 0-day robot's rows).  -1 when the line has none.
 */
static int choose_run(const struct grid_item *it, size_t nit, const struct grid_piece *p,
		      size_t *from, size_t *to)
{
	size_t end = nit, start;

	/* a remark after the values is no part of the row */
	for (start = 0; start < nit; start++)
		if (!it[start].cell && start && it[start - 1].cell &&
		    is_remark(p[it[start].piece].s, p[it[start].piece].n)) {
			end = start;
			break;
		}
	while (end && !it[end - 1].cell)
		end--;
	if (!end)
		return -1;
	start = end;
	while (start && (it[start - 1].cell ||
			 (it[start - 1].connector && start >= 2 && it[start - 2].cell)))
		start--;
	if (end < nit && !is_remark(p[it[end].piece].s, p[it[end].piece].n)) {
		/* text after the cells: a label only when nothing stands before them */
		if (start > 0 || p[it[end].piece].gap < 2)
			return -1;
	}
	*from = start;
	*to = end;
	return 0;
}

/* How many seconds a time unit is: "min" 60, "secs" 1; 0 when it is none. */
static int unit_seconds(const struct grid_span *u)
{
	static const struct { const char *w; size_t n; int sec; } units[] = {
		{ "h", 1, 3600 }, { "hr", 2, 3600 }, { "hrs", 3, 3600 }, { "hour", 4, 3600 },
		{ "hours", 5, 3600 }, { "m", 1, 60 }, { "min", 3, 60 }, { "mins", 4, 60 },
		{ "minute", 6, 60 }, { "minutes", 7, 60 }, { "s", 1, 1 }, { "sec", 3, 1 },
		{ "secs", 4, 1 }, { "second", 6, 1 }, { "seconds", 7, 1 },
	};
	size_t i;

	/* most cells have no unit */
	for (i = 0; u->n && i < ARRAY_SIZE(units); i++)
		if (units[i].n == u->n && !memcmp(units[i].w, u->s, u->n))
			return units[i].sec;
	return 0;
}

/*
 * "21 min 14 secs", "4 minutes 20 seconds": two cells that are one
 * duration, the second in a smaller unit, are merged into the first.
 */
static void merge_durations(struct grid_item *it, size_t *nit)
{
	size_t i;

	for (i = 0; i + 1 < *nit; i++) {
		struct grid_cell *a = &it[i].c, *b = &it[i + 1].c;
		int ua, ub;

		if (!it[i].cell || !it[i + 1].cell || a->kind != GRID_NUMBER || b->kind != GRID_NUMBER ||
		    a->note.n || !(ua = unit_seconds(&a->unit)) || !(ub = unit_seconds(&b->unit)) ||
		    ub >= ua)
			continue;
		a->kind = GRID_DURATION;
		a->text.n = (size_t)(b->text.s + b->text.n - a->text.s);
		a->text.x1 = b->text.x1;
		a->value = a->text;
		a->unit.n = 0;
		a->note = b->note;
		a->note_pct = b->note_pct;
		a->note_spread = b->note_spread;
		it[i].npieces += it[i + 1].npieces;
		memmove(&it[i + 1], &it[i + 2], (*nit - i - 2) * sizeof(*it));
		(*nit)--;
	}
}

/* "16", not "19:55" or "4.5 MB/s": what a label's parameter looks like */
static int plain_integer(const struct grid_cell *c)
{
	size_t i;

	if (c->kind != GRID_NUMBER || c->unit.n || c->note.n)
		return 0;
	for (i = 0; i < c->value.n; i++)
		if (!is_digit(c->value.s[i]))
			return 0;
	return 1;
}

static char ascii_lower(char c)
{
	return c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c;
}

/* A month's name: a time of day beside one is a date, not a duration. */
static int is_month(const char *s, size_t n)
{
	static const char months[] = "janfebmaraprmayjunjulaugsepoctnovdec";
	char a, b, c;
	size_t i;

	if (n < 3 || !is_alpha(s[0]))
		return 0;
	a = ascii_lower(s[0]);
	b = ascii_lower(s[1]);
	c = ascii_lower(s[2]);
	for (i = 0; i < sizeof(months) - 1; i += 3)
		if (months[i] == a && months[i + 1] == b && months[i + 2] == c)
			return n == 3 || is_alpha(s[3]);
	return 0;
}

/* A patch's file lines ("--- a/fs/x.c", "+++ b/fs/x.c") and hunk heads hold no results. */
static int is_diff_head(const char *s, size_t n)
{
	return n >= 4 && (!memcmp(s, "--- ", 4) || !memcmp(s, "+++ ", 4) || !memcmp(s, "@@ ", 3) ||
			  (n >= 5 && !memcmp(s, "diff ", 5)));
}

/*
 * The item the pieces from p[i] on make: a cell with its unit, note and
 * the word naming it, or one piece that is no cell (after_cell: an item
 * that is one stands before it).
 */
static void read_item(struct grid_item *cur, const struct grid_piece *p, size_t i, size_t np,
		      int after_cell)
{
	cur->piece = i;
	cur->connector = 0;
	cur->npieces = grid_may_be_value(p[i].s, p[i].n) ? grid_cell_at(&cur->c, p, i, np) : 0;
	cur->cell = cur->npieces > 0;
	if (!cur->cell) {
		cur->npieces = 1;
		cur->connector = after_cell && is_connector(p[i].s, p[i].n);
	} else if (i + cur->npieces < np) {
		/* "10% cpu": a word after the value names it, when a value or nothing follows */
		const struct grid_piece *w = &p[i + cur->npieces];
		size_t after = i + cur->npieces + 1;

		if (w->gap == 1 && is_suffix_word(w->s, w->n) &&
		    (after == np || is_connector(p[after].s, p[after].n) ||
		     is_remark(p[after].s, p[after].n) || grid_piece_is_value(&p[after]))) {
			cur->c.suffix = (struct grid_span){ w->s, w->n, w->x0, w->x1 };
			cur->npieces++;
		}
	}
}

int grid_row_lex(struct grid_lexer *lx, struct grid_row *out, const char *s, size_t n)
{
	const struct grid_piece *p;
	struct grid_item *it;
	size_t np, nit = 0, i, from, to, k;

	memset(out, 0, sizeof(*out));
	if (is_diff_head(s, n) || !may_hold_value(s, n))
		return -1;
	np = grid_split_pieces(&lx->p, &lx->palloc, s, n);
	p = lx->p;
	/* "Thu Nov 22 23:02:59 2001": a date; its numbers are no results */
	for (i = 0; i + 1 < np; i++)
		if (is_digit(p[i + 1].s[0]) && is_month(p[i].s, p[i].n))
			return -1;
	/* each item takes one piece or more */
	ALLOC_GROW(lx->it, np, lx->ialloc);
	it = lx->it;
	for (i = 0; i < np; nit++) {
		read_item(&it[nit], p, i, np, nit && it[nit - 1].cell);
		i += it[nit].npieces;
	}
	merge_durations(it, &nit);
	mark_damaged(it, nit, p);
	if (choose_run(it, nit, p, &from, &to) < 0)
		return -1;
	if (from > 0) {
		const struct grid_piece *first = &p[it[from].piece];
		const struct grid_piece *before = &p[it[from].piece - 1];
		int colon = before->s[before->n - 1] == ':';

		/* "dbench 16     31.2   28.7": a number set close to the label is part of it */
		if (to - from >= 2 && first->gap == 1 && !first->hard &&
		    p[it[from + 1].piece].gap >= 2 && !colon && plain_integer(&it[from].c))
			from++;
		first = &p[it[from].piece];
		if (to - from == 1 && first->gap < 2 && !first->hard && !colon)
			return -1;
	}
	out->label = join(p, 0, it[from].piece);
	out->tail = to < nit ? join(p, it[to].piece, np) : join(p, 0, 0);
	/* the cells counted first: each is copied once, and nothing is cleared that is not used */
	for (k = from; k < to; k++)
		out->ncells += it[k].cell;
	out->cells = xmalloc(out->ncells * sizeof(*out->cells));
	for (k = from, i = 0; k < to; k++)
		if (it[k].cell)
			out->cells[i++] = it[k].c;
	return 0;
}

int grid_row_read(struct grid_row *out, const char *s, size_t n)
{
	struct grid_lexer lx = GRID_LEXER_INIT;
	int ret = grid_row_lex(&lx, out, s, n);

	grid_lexer_release(&lx);
	return ret;
}

void grid_lexer_release(struct grid_lexer *lx)
{
	free(lx->p);
	free(lx->it);
	memset(lx, 0, sizeof(*lx));
}

void grid_row_release(struct grid_row *r)
{
	free(r->cells);
	free(r->col);
	memset(r, 0, sizeof(*r));
}
