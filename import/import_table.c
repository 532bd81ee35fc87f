#include "import_table.h"
#include "import_pair.h"
#include "../core/arena.h"

#include <ctype.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

struct span {
	const char *p;
	size_t n;
};

#define MAX_CELLS 32

/* 1: a byte that splits cells (blank, tab, '|'); 2: the end of the line */
static const unsigned char cell_sep[256] = { [' '] = 1, ['\t'] = 1, ['|'] = 1, [0] = 2 };

/*
 * Splits on blanks and '|' (ASCII-art tables); wide: only on tabs, '|' or
 * runs of two or more spaces, so that "tar zxf linux.tar.gz" stays one cell.
 */
static size_t split(struct span *out, const char *s, int wide)
{
	size_t nr = 0;

	while (*s && nr < MAX_CELLS) {
		const char *start;

		while (cell_sep[(unsigned char)*s] == 1)
			s++;
		if (!*s)
			break;
		start = s;
		if (!wide) {
			/* every blank splits: a cell is a run of other bytes */
			while (!cell_sep[(unsigned char)*s])
				s++;
			out[nr].p = start;
			out[nr++].n = s - start;
			continue;
		}
		while (*s && *s != '\t' && *s != '|' &&
		       !(*s == ' ' && (s[1] == ' ' || s[1] == '\t' || s[1] == '|' || !s[1])))
			s++;
		while (s > start && s[-1] == ' ')
			s--;
		out[nr].p = start;
		out[nr].n = s - start;
		nr++;
		while (*s == ' ')
			s++;
	}
	return nr;
}

/*
 * Whether s (len bytes) can hold more than MAX_CELLS cells, where split()
 * stops before the end: only with at least that many blanks, which prose
 * lines seldom have.
 */
static int may_overflow_cells(const char *s, size_t len)
{
	size_t seps = 0, i;

	if (len < 2 * MAX_CELLS - 1)
		return 0;
	for (i = 0; i < len && seps < MAX_CELLS; i++)
		seps += cell_sep[(unsigned char)s[i]] == 1;
	return seps >= MAX_CELLS;
}

/* "+------+-----+", "-----  -----", "|:---|---:|": a rule, not a row */
static int is_rule(const char *s)
{
	int dashes = 0;

	for (; *s; s++) {
		if (*s == '-' || *s == '=')
			dashes++;
		else if (*s != '+' && *s != '|' && *s != ':' && *s != ' ' && *s != '\t')
			return 0;
	}
	return dashes >= 3;
}

static int is_placeholder(const char *s, size_t n)
{
	return (n == 1 && (*s == '-' || *s == '?')) || (n == 2 && s[0] == '-' && s[1] == '-') ||
	       (n == 3 && (s[0] | 0x20) == 'n' && s[1] == '/' && (s[2] | 0x20) == 'a');
}

int import_cell_is_value(const char *s, size_t n)
{
	size_t i, digits = 0, dots = 0, colons = 0;

	/* a value (or pair of them) starts with a digit: most cells tried are words */
	if (!n || !isdigit((unsigned char)s[0]))
		return is_placeholder(s, n);
	/* "4.42/4.39": two numbers (import_pair.c) */
	if (n > 2 && memchr(s, '/', n))
		return import_pair_cell(s, n);
	if (n && (s[n - 1] == 's' || s[n - 1] == '%'))
		n--;
	if (!n || n > 16 || !isdigit((unsigned char)s[0]) || !isdigit((unsigned char)s[n - 1]))
		return 0;
	for (i = 0; i < n; i++) {
		if (isdigit((unsigned char)s[i]))
			digits++;
		else if (s[i] == '.' || s[i] == ',')
			dots++;
		else if (s[i] == ':')
			colons++;
		else
			return 0;
	}
	/* "2.4.7" is a kernel naming a column, not a value */
	return digits > 0 && dots <= 1 && colons <= 2;
}

/* The number of value cells at the end of a row; its label is before them. */
static size_t trailing_values(const struct span *c, size_t nr)
{
	size_t k = 0;

	while (k < nr && import_cell_is_value(c[nr - 1 - k].p, c[nr - 1 - k].n))
		k++;
	return k;
}

/* Whether a value cell (import_cell_is_value) can end in c: most words cannot. */
static int may_end_value(char c)
{
	return (c >= '0' && c <= '9') || c == 's' || c == '%' || c == '-' || c == '?' || (c | 0x20) == 'a';
}

/*
 * Whether a row of len bytes can end in two value cells, from its last two
 * cells alone: most lines tried are prose that ends in a word.  A line
 * that can hold more than MAX_CELLS cells, whose last cell split() does
 * not reach, is left to split().
 */
static int may_end_in_values(const char *s, size_t len)
{
	const char *e = s + len;
	int k;

	for (k = 0; k < 2; k++) {
		const char *b;

		while (e > s && cell_sep[(unsigned char)e[-1]] == 1)
			e--;
		if (e == s || !may_end_value(e[-1]))
			return may_overflow_cells(s, len);
		for (b = e; b > s && cell_sep[(unsigned char)b[-1]] != 1; b--)
			;
		if (b == e || !import_cell_is_value(b, (size_t)(e - b)))
			return may_overflow_cells(s, len);
		e = b;
	}
	return 1;
}

int import_table_row_like(const char *s)
{
	struct span c[MAX_CELLS];
	size_t n;

	if (!may_end_in_values(s, strlen(s)))
		return 0;
	n = split(c, s, 0);
	return n > 2 && trailing_values(c, n) >= 2;
}

size_t import_table_split(struct import_span *out, const char *s, int wide, size_t *values)
{
	struct span c[MAX_CELLS];
	size_t n = split(c, s, wide), i;

	for (i = 0; i < n; i++) {
		out[i].p = c[i].p;
		out[i].n = c[i].n;
	}
	*values = trailing_values(c, n);
	return n;
}

/* A table's strings and arrays: a table is read, used and dropped before the next. */
static void *text_alloc(struct import_table *t, size_t n)
{
	return arena_alloc(&t->text, n);
}

char *import_table_keep(struct import_table *t, const char *p, size_t n)
{
	char *s = text_alloc(t, n + 1);

	if (p)
		memcpy(s, p, n);
	else
		memset(s, 0, n);
	s[n] = '\0';
	return s;
}

/* Room for nr of an array that had alloc, its elements moved: the old room stays in the block. */
static void *text_grow(struct import_table *t, void *v, size_t *alloc, size_t nr, size_t elem)
{
	size_t more = *alloc < 16 ? 16 : *alloc * 2;
	void *bigger;

	if (nr <= *alloc)
		return v;
	if (more < nr)
		more = nr;
	bigger = text_alloc(t, more * elem);
	if (*alloc)
		memcpy(bigger, v, *alloc * elem);
	*alloc = more;
	return bigger;
}

static char *join(struct import_table *t, const struct span *c, size_t from, size_t to)
{
	if (from >= to)
		return NULL;
	return import_table_keep(t, c[from].p, c[to - 1].p + c[to - 1].n - c[from].p);
}

static char *column_name(struct import_table *t, const struct span *c)
{
	const char *p = c->p;
	size_t n = c->n;

	/* "*ext2fw*": emphasis around the column the author wants seen */
	while (n > 2 && *p == '*' && p[n - 1] == '*') {
		p++;
		n -= 2;
	}
	return import_table_keep(t, p, n);
}

static void add_cell(struct import_table *t, size_t row, size_t col, const struct span *c, long lineno)
{
	struct import_cell *cell;
	size_t n = c->n;

	if (is_placeholder(c->p, n))
		return;
	if (c->p[n - 1] == 's' || c->p[n - 1] == '%')
		n--;
	t->cells = text_grow(t, t->cells, &t->acells, t->ncells + 1, sizeof(*t->cells));
	cell = &t->cells[t->ncells++];
	cell->row = row;
	cell->col = col;
	cell->text = import_table_keep(t, c->p, n);
	cell->lineno = lineno;
}

int import_table_at(struct import_table *out, const struct qline *lines, size_t nr,
		    size_t at, import_col_known known, void *data)
{
	const struct qline *head = &lines[at];
	struct span hc[MAX_CELLS], rc[MAX_CELLS];
	size_t nh, k, i, row, head2;

	memset(out, 0, sizeof(*out));
	if (head->blank || at + 1 >= nr)
		return -1;
	head2 = import_table_head2_like(lines, nr, at);
	/* the first row decides how many columns there are */
	for (i = at + 1 + head2; i < nr && lines[i].depth == head->depth && is_rule(lines[i].text); i++)
		;
	if (i >= nr || i > at + 2 + head2 || lines[i].depth != head->depth || lines[i].blank)
		return -1;
	if (!may_end_in_values(lines[i].text, lines[i].len))
		return -1;
	{
		size_t n = split(rc, lines[i].text, 0);

		k = trailing_values(rc, n);
		if (k < 2 || k == n || trailing_values(hc, split(hc, head->text, 0)) > 0)
			return -1;
	}
	if (head2) {
		if (import_table_head2(out, head->text, lines[at + 1].text, lines[i].text, k, known, data))
			return -1;
		goto rows;
	}
	nh = split(hc, head->text, 1);
	if (nh < k)
		nh = split(hc, head->text, 0);
	if (nh < k)
		return -1;
	out->ncols = k;
	out->cols = text_alloc(out, k * sizeof(*out->cols));
	for (i = 0; i < k; i++) {
		out->cols[i] = column_name(out, &hc[nh - k + i]);
		if (!known(out->cols[i], data)) {
			import_table_release(out);
			return -1;
		}
	}
	out->title = nh > k ? join(out, hc, 0, nh - k) : NULL;
rows:
	out->lines = 1 + head2;
	for (i = at + 1 + head2, row = 0; i < nr; i++) {
		const struct qline *l = &lines[i];
		size_t n, j;

		if (l->depth != head->depth || l->blank)
			break;
		if (is_rule(l->text)) {
			out->lines = i - at + 1;
			continue;
		}
		n = split(rc, l->text, 0);
		if (n <= k || trailing_values(rc, n) != k)
			break;
		out->rows = text_grow(out, out->rows, &out->arows, row + 1, sizeof(*out->rows));
		out->rows[row] = join(out, rc, 0, n - k);
		out->nrows = row + 1;
		for (j = 0; j < k; j++)
			add_cell(out, row, j, &rc[n - k + j], l->lineno);
		row++;
		out->lines = i - at + 1;
	}
	if (!out->nrows) {
		import_table_release(out);
		return -1;
	}
	return 0;
}

void import_table_release(struct import_table *t)
{
	arena_release(&t->text);
	memset(t, 0, sizeof(*t));
}
