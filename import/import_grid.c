/*
 * Tables among the lines of a message: rows whose cells line up on
 * screen; the header lines over them and a title above are read by
 * import_grid_head.c.  Nothing here knows what a kernel or a file system
 * is; import_table.c reads the names.
 */
#include "import_grid.h"
#include "import_grid_find.h"
#include "import_grid_lex.h"
#include "../core/strbuf.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

static int is_blank_line(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (s[i] != ' ' && s[i] != '\t' && s[i] != '\r')
			return 0;
	return 1;
}

static int is_rule_line(const char *s, size_t n)
{
	size_t i, marks = 0;

	for (i = 0; i < n; i++) {
		if (s[i] == '-' || s[i] == '=' || s[i] == '_')
			marks++;
		else if (s[i] == '\\' || s[i] == '/')
			marks += 3;   /* the 0-day robot's "   \\    |    \\" under its header */
		else if (s[i] != ' ' && s[i] != '\t' && s[i] != '+' && s[i] != '|' &&
			 s[i] != '#' && s[i] != '*' && s[i] != ':')
			return 0;
	}
	return marks >= 3;
}

int grid_one_name(const char *s, size_t n)
{
	struct grid_span *w = NULL;
	size_t alloc = 0, nw = grid_words(&w, &alloc, s, n), i;
	int ok = nw >= 1 && nw <= 4;

	for (i = 1; ok && i < nw; i++)
		if (w[i].x0 - w[i - 1].x1 > 1)
			ok = 0;
	free(w);
	return ok && grid_names_something(s, n);
}

/* A column of a table being built: the screen span its cells cover. */
struct colspan {
	size_t x0, x1;
};

/* The column a cell at [x0, x1) stands in, from index from on; -1 if none. */
static long column_of(const struct colspan *cols, size_t ncols, size_t from, size_t x0, size_t x1)
{
	size_t k, best_ov = 0;
	long best = -1;

	for (k = from; k < ncols; k++) {
		/* two columns of slack: right-aligned numbers of different widths */
		size_t lo = cols[k].x0 > 2 ? cols[k].x0 - 2 : 0, ov = grid_overlap(x0, x1, lo, cols[k].x1 + 2);

		if (ov > best_ov) {
			best_ov = ov;
			best = (long)k;
		}
	}
	return best;
}

/*
 * Where each cell of r goes among cols: fills col[] and returns 0 when
 * every cell finds its own column in order.
 */
static int place_row(size_t *col, const struct grid_row *r, const struct colspan *cols,
		     size_t ncols, int hard)
{
	size_t k, from = 0;

	if (r->ncells == ncols) {
		int aligned = 1;

		for (k = 0; k < ncols; k++) {
			col[k] = k;
			if (column_of(cols, ncols, k, r->cells[k].text.x0, r->cells[k].text.x1) != (long)k)
				aligned = 0;
		}
		/* tab-separated tables line up by count when tab stops do not */
		return aligned || hard ? 0 : -1;
	}
	if (r->ncells > ncols)
		return -1;
	for (k = 0; k < r->ncells; k++) {
		long c = column_of(cols, ncols, from, r->cells[k].text.x0, r->cells[k].text.x1);

		if (c < 0)
			return -1;
		col[k] = (size_t)c;
		from = (size_t)c + 1;
	}
	return 0;
}

static void widen(struct colspan *cols, const struct grid_row *r, const size_t *col)
{
	size_t k;

	for (k = 0; k < r->ncells; k++) {
		struct colspan *c = &cols[col[k]];

		if (r->cells[k].text.x0 < c->x0)
			c->x0 = r->cells[k].text.x0;
		if (r->cells[k].text.x1 > c->x1)
			c->x1 = r->cells[k].text.x1;
	}
}

static int row_is_hard(const char *s, size_t n)
{
	return memchr(s, '\t', n) || memchr(s, '|', n);
}

/* Whether r's cells could all be placed into the columns c of row b: b is the wider one. */
static int fits_into(const struct grid_row *r, const struct grid_row *b)
{
	struct colspan *cols = xcalloc(b->ncells, sizeof(*cols));
	size_t *col = xcalloc(r->ncells ? r->ncells : 1, sizeof(*col)), k;
	int ok;

	for (k = 0; k < b->ncells; k++) {
		cols[k].x0 = b->cells[k].text.x0;
		cols[k].x1 = b->cells[k].text.x1;
	}
	ok = place_row(col, r, cols, b->ncells, 0) == 0;
	free(cols);
	free(col);
	return ok;
}

/* Builds the table that starts with the row at line i; returns the line after it. */
static size_t build(struct grid *g, const struct grid_line *lines, struct lineinfo *li,
		    size_t nr, size_t i)
{
	struct colspan *cols;
	size_t ncols = li[i].r.ncells, j, k, last = i;
	long group = -1;

	memset(g, 0, sizeof(*g));
	cols = xcalloc(ncols, sizeof(*cols));
	for (k = 0; k < ncols; k++) {
		cols[k].x0 = li[i].r.cells[k].text.x0;
		cols[k].x1 = li[i].r.cells[k].text.x1;
	}
	li[i].r.col = xcalloc(ncols, sizeof(size_t));
	li[i].r.group = -1;
	for (k = 0; k < ncols; k++)
		li[i].r.col[k] = k;
	for (j = i + 1; j < nr; j++) {
		struct grid_row *r = &li[j].r;
		size_t *col;

		if (li[j].rule || li[j].joined)
			continue;
		/* "| open1_16_processes" over labelled rows: a group inside the table */
		if (!li[j].row && !li[j].blank && j + 1 < nr && li[j + 1].row && li[j + 1].r.label.n &&
		    li[j + 1].r.ncells <= ncols && grid_one_name(lines[j].s, lines[j].n)) {
			group = (long)j;
			continue;
		}
		/* one blank line inside a table, when a row of the same shape follows */
		if (li[j].blank && j + 1 < nr && li[j + 1].row && li[j + 1].r.ncells == ncols &&
		    !li[j - 1].blank)
			continue;
		if (!li[j].row)
			break;
		if (r->ncells > ncols) {
			/* a fuller row: the rows so far must fit under it */
			size_t m;

			for (m = i; m <= last; m++)
				if (li[m].row && li[m].r.col && !fits_into(&li[m].r, r))
					break;
			if (m <= last)
				break;
			free(cols);
			ncols = r->ncells;
			cols = xcalloc(ncols, sizeof(*cols));
			for (k = 0; k < ncols; k++) {
				cols[k].x0 = r->cells[k].text.x0;
				cols[k].x1 = r->cells[k].text.x1;
			}
			for (m = i; m <= last; m++)
				if (li[m].row && li[m].r.col) {
					place_row(li[m].r.col, &li[m].r, cols, ncols, 0);
					widen(cols, &li[m].r, li[m].r.col);
				}
		}
		col = xcalloc(r->ncells, sizeof(*col));
		if (place_row(col, r, cols, ncols, row_is_hard(lines[j].s, lines[j].n)) < 0) {
			free(col);
			break;
		}
		r->col = col;
		r->group = group;
		widen(cols, r, col);
		last = j;
	}
	g->ncols = ncols;
	g->col_x0 = xcalloc(ncols, sizeof(size_t));
	g->col_x1 = xcalloc(ncols, sizeof(size_t));
	for (k = 0; k < ncols; k++) {
		g->col_x0[k] = cols[k].x0;
		g->col_x1[k] = cols[k].x1;
	}
	free(cols);
	/* the rows placed, counted first for one allocation */
	for (j = i, k = 0; j <= last; j++)
		k += li[j].row && li[j].r.col;
	g->rows = xmalloc(k * sizeof(*g->rows));
	for (j = i; j <= last; j++) {
		if (!li[j].row || !li[j].r.col)
			continue;
		g->rows[g->nrows] = li[j].r;
		g->rows[g->nrows].line = j;
		g->nrows++;
		memset(&li[j].r, 0, sizeof(li[j].r));
		li[j].row = 0;
	}
	g->end = last + 1;
	return last + 1;
}

/*
 * A label too long for its column wraps: "2.6.12-rc3-mm2+tweak" alone on
 * a line, its values on the next line under the other rows' values.
 */
static void join_wrapped(struct lineinfo *li, const struct grid_line *lines, size_t nr)
{
	size_t i;

	for (i = 0; i + 1 < nr; i++) {
		struct grid_row *r = &li[i + 1].r;
		const char *s = lines[i].s, *e = s + lines[i].n;

		if (li[i].row || li[i].blank || li[i].rule || !li[i + 1].row || r->label.n ||
		    r->tail.n || !grid_one_name(s, lines[i].n))
			continue;
		while (s < e && (*s == ' ' || *s == '\t'))
			s++;
		while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r'))
			e--;
		/* the label starts left of the values, not over them as a header does */
		if (grid_screen_col(lines[i].s, s) + 1 >= r->cells[0].text.x0)
			continue;
		r->label.s = s;
		r->label.n = (size_t)(e - s);
		r->label.x0 = grid_screen_col(lines[i].s, s);
		r->label.x1 = grid_screen_col(lines[i].s, e);
		li[i].joined = 1;
	}
}

static int has_damaged(const struct grid_row *r)
{
	return r->ncells && r->cells[r->ncells - 1].kind == GRID_DAMAGED;
}

/* Whether a cell of g holds a value, not a missing one's mark. */
static int has_value(const struct grid *g)
{
	size_t i, k;

	for (i = 0; i < g->nrows; i++)
		for (k = 0; k < g->rows[i].ncells; k++)
			if (grid_cell_holds_value(&g->rows[i].cells[k]))
				return 1;
	return 0;
}

/*
 * Whether g, its rows built, may be kept once its header lines are read
 * (worth_keeping): header lines add no value and no column, and one row
 * stays one row, so most lines of prose that read as a row are let go
 * here, before their header lines are looked for.
 */
static int may_keep(const struct grid *g)
{
	return (g->nrows >= 2 || g->ncols >= 2) && has_value(g);
}

/* At least one value, and one row only under a header naming two or more columns. */
static int worth_keeping(const struct grid *g)
{
	if (!has_value(g))
		return 0;
	if (g->nrows >= 2)
		return 1;
	return g->nrows == 1 && g->nheads && g->ncols >= 2 &&
	       g->heads[g->nheads - 1].nnames >= g->ncols;
}

static void grid_release(struct grid *g)
{
	size_t k;

	for (k = 0; k < g->nrows; k++)
		grid_row_release(&g->rows[k]);
	for (k = 0; k < g->nheads; k++)
		free(g->heads[k].names);
	free(g->rows);
	free(g->col_x0);
	free(g->col_x1);
	memset(g, 0, sizeof(*g));
}

/* What grid_find works in, kept from one search to the next: the lexer's room and the lines' facts. */
struct grid_room {
	struct grid_lexer lx;
	struct lineinfo *li;
	size_t li_alloc;
};

struct grid_room *grid_room_new(void)
{
	/* all zero: an empty lexer (GRID_LEXER_INIT) and no line facts */
	return xcalloc(1, sizeof(struct grid_room));
}

void grid_room_free(struct grid_room *room)
{
	if (!room)
		return;
	grid_lexer_release(&room->lx);
	free(room->li);
	free(room);
}

int grid_find_in(struct grid_room *room, struct grid **out, size_t *nout,
		 const struct grid_line *lines, size_t nr)
{
	struct lineinfo *li;
	struct grid *v = NULL;
	size_t nv = 0, i, floor = 0;

	/* not cleared: r is read only where row says it holds a row */
	ALLOC_GROW(room->li, nr ? nr : 1, room->li_alloc);
	li = room->li;
	for (i = 0; i < nr; i++) {
		li[i].joined = 0;
		li[i].blank = is_blank_line(lines[i].s, lines[i].n);
		li[i].rule = !li[i].blank && is_rule_line(lines[i].s, lines[i].n);
		li[i].row = !li[i].blank && !li[i].rule &&
			    grid_row_lex(&room->lx, &li[i].r, lines[i].s, lines[i].n) == 0;
	}
	join_wrapped(li, lines, nr);
	for (i = 0; i < nr;) {
		struct grid g;

		/* a damaged cell goes on a table, it starts none */
		if (!li[i].row || has_damaged(&li[i].r)) {
			i++;
			continue;
		}
		i = build(&g, lines, li, nr, i);
		if (!may_keep(&g)) {
			grid_release(&g);
			continue;
		}
		grid_find_heads(&g, lines, li, floor);
		grid_numbers_head(&g);
		if (worth_keeping(&g)) {
			floor = i;
			v = xrealloc(v, (nv + 1) * sizeof(*v));
			v[nv++] = g;
		} else {
			grid_release(&g);
		}
	}
	for (i = 0; i < nr; i++)
		if (li[i].row)
			grid_row_release(&li[i].r);
	*out = v;
	*nout = nv;
	return 0;
}

int grid_find(struct grid **out, size_t *nout, const struct grid_line *lines, size_t nr)
{
	struct grid_room *room = grid_room_new();
	int ret = grid_find_in(room, out, nout, lines, nr);

	grid_room_free(room);
	return ret;
}

void grid_move(struct grid *g, size_t by)
{
	size_t k;

	g->first += by;
	g->end += by;
	if (g->title >= 0)
		g->title += (long)by;
	if (g->lead_in >= 0)
		g->lead_in += (long)by;
	for (k = 0; k < g->nrows; k++) {
		g->rows[k].line += by;
		if (g->rows[k].group >= 0)
			g->rows[k].group += (long)by;
	}
	for (k = 0; k < g->nheads; k++)
		g->heads[k].line += by;
}

void grid_free(struct grid *g, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		grid_release(&g[i]);
	free(g);
}