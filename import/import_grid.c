/*
 * Tables among the lines of a message: rows whose cells line up on
 * screen, the header lines over them, and a title above.  Nothing here
 * knows what a kernel or a file system is; import_table.c reads the names.
 */
#include "import_grid.h"
#include "import_grid_lex.h"
#include "../core/strbuf.h"

#include <stdlib.h>
#include <string.h>

struct lineinfo {
	int row;          /* grid_row_read took it: r holds the row */
	int joined;       /* a row's label wrapped onto its own line above it */
	int blank;
	int rule;         /* "-----", "=====", "+----+----+", "|---|---|" */
	struct grid_row r;
};

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

/* The first byte of s[0, n) that is not a blank or '|', or s + n. */
static const char *first_nonblank(const char *s, size_t n)
{
	const char *e = s + n;

	while (s < e && (*s == ' ' || *s == '\t' || *s == '|'))
		s++;
	return s;
}

/* One name alone on its line: words a space apart, no values ("| open1_16_processes"). */
static int one_name(const char *s, size_t n)
{
	struct grid_span *w = NULL;
	size_t alloc = 0, nw = grid_words(&w, &alloc, s, n), i;
	int ok = nw >= 1 && nw <= 4;

	for (i = 1; ok && i < nw; i++)
		if (w[i].x0 - w[i - 1].x1 > 1)
			ok = 0;
	free(w);
	return ok;
}

/* A column of a table being built: the screen span its cells cover. */
struct colspan {
	size_t x0, x1;
};

static size_t overlap(size_t a0, size_t a1, size_t b0, size_t b1)
{
	size_t lo = a0 > b0 ? a0 : b0, hi = a1 < b1 ? a1 : b1;

	return hi > lo ? hi - lo : 0;
}

/* The column a cell at [x0, x1) stands in, from index from on; -1 if none. */
static long column_of(const struct colspan *cols, size_t ncols, size_t from, size_t x0, size_t x1)
{
	size_t k, best_ov = 0;
	long best = -1;

	for (k = from; k < ncols; k++) {
		/* two columns of slack: right-aligned numbers of different widths */
		size_t lo = cols[k].x0 > 2 ? cols[k].x0 - 2 : 0, ov = overlap(x0, x1, lo, cols[k].x1 + 2);

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
	int hard = row_is_hard(lines[i].s, lines[i].n);

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
		    li[j + 1].r.ncells <= ncols && one_name(lines[j].s, lines[j].n)) {
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
		if (place_row(col, r, cols, ncols, hard && row_is_hard(lines[j].s, lines[j].n)) < 0) {
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

/* A column whose cells are all relative changes ("+27.5%", "-1.5%"). */
static int change_column(const struct grid *g, size_t k)
{
	size_t i, j, seen = 0;

	for (i = 0; i < g->nrows; i++)
		for (j = 0; j < g->rows[i].ncells; j++) {
			const struct grid_cell *c = &g->rows[i].cells[j];

			if (g->rows[i].col[j] != k || c->kind == GRID_MISSING)
				continue;
			if (!c->signed_pct)
				return 0;
			seen++;
		}
	return seen > 0;
}

/* The column a header word at [x0, x1) names: -1 the label column, -2 none. */
static long name_column(const struct grid *g, const int *change, size_t x0, size_t x1)
{
	size_t k, best_ov = 0, best_d = (size_t)-1;
	long best = -2, near = -2;
	int pass;

	for (pass = 0; pass < 2 && best < 0; pass++)
		for (k = 0; k < g->ncols; k++) {
			size_t ov;

			if (!pass && change[k])
				continue;
			ov = overlap(x0, x1, g->col_x0[k], g->col_x1[k] + 1);
			if (ov > best_ov) {
				best_ov = ov;
				best = (long)k;
			}
		}
	if (best >= 0)
		return best;
	if (x1 <= g->col_x0[0])
		return -1;
	for (k = 0; k < g->ncols; k++) {
		size_t d = x1 <= g->col_x0[k] ? g->col_x0[k] - x1 :
			   x0 >= g->col_x1[k] ? x0 - g->col_x1[k] : 0;

		if (!change[k] && d < best_d) {
			best_d = d;
			near = (long)k;
		}
	}
	return best_d <= 3 ? near : -2;
}

/*
 * Words set one space apart, as prose is, with no tab or '|': a sentence
 * or a title, not names laid out over columns.
 */
static int is_sentence(const struct grid_span *w, size_t nw, const char *s, size_t n)
{
	size_t i;

	if (nw < 3 || memchr(s, '\t', n) || memchr(s, '|', n))
		return 0;
	for (i = 1; i < nw; i++)
		if (w[i].x0 - w[i - 1].x1 > 1)
			return 0;
	return 1;
}

/*
 * Words set one space apart make one phrase ("Elapsed Time", "4k
 * randread"): *out gets each phrase's span, and the count is returned.
 */
static size_t phrases(struct grid_span *out, const struct grid_span *w, size_t nw, const char *line)
{
	size_t i, np = 0;

	for (i = 0; i < nw; i++) {
		if (np && w[i].x0 == out[np - 1].x1 + 1 && w[i].s[-1] == ' ' &&
		    (size_t)(w[i].s - line) >= 1) {
			out[np - 1].n = (size_t)(w[i].s + w[i].n - out[np - 1].s);
			out[np - 1].x1 = w[i].x1;
			continue;
		}
		out[np++] = w[i];
	}
	return np;
}

/*
 * The column of each name in w[0, nw): *named how many columns get one,
 * *clash whether two names fell on one column; returns how many names
 * stand over no column at all.
 */
static size_t map_names(long *col, const struct grid *g, const int *change,
			const struct grid_span *w, size_t nw, size_t *named, int *clash)
{
	char *seen = xcalloc(g->ncols, 1);
	size_t i, lost = 0;

	*named = 0;
	*clash = 0;
	for (i = 0; i < nw; i++) {
		col[i] = name_column(g, change, w[i].x0, w[i].x1);
		if (col[i] == -2)
			lost++;
		else if (col[i] >= 0 && seen[col[i]])
			*clash = 1;
		else if (col[i] >= 0) {
			seen[col[i]] = 1;
			(*named)++;
		}
	}
	free(seen);
	return lost;
}

/*
 * Reads line s as a header of g: 0 and *out filled when its names stand
 * over enough of g's columns.  Phrases are taken whole ("Elapsed Time")
 * unless word by word names more columns (bonnie's "K/sec %CPU K/sec"
 * set one space apart), words over one column then making one name.
 */
static int read_head(struct grid_head *out, const struct grid *g, const int *change,
		     const char *s, size_t n, size_t line)
{
	struct grid_span *w = NULL, *ph;
	size_t alloc = 0, nw = grid_words(&w, &alloc, s, n), np, i, named, lost;
	long *col = xcalloc(nw ? nw : 1, sizeof(*col)), last = -3;
	int clash, ret = -1;

	memset(out, 0, sizeof(*out));
	out->line = line;
	ph = xcalloc(nw ? nw : 1, sizeof(*ph));
	if (!nw || is_sentence(w, nw, s, n))
		goto done;
	/* a line with an address in it is a title or prose, never names of columns */
	for (i = 0; i < nw; i++)
		if (w[i].n > 7 && (!memcmp(w[i].s, "http://", 7) || !memcmp(w[i].s, "https://", 8)))
			goto done;
	np = phrases(ph, w, nw, s);
	lost = map_names(col, g, change, ph, np, &named, &clash);
	{
		/* word by word, when that names more columns */
		long *wcol = xcalloc(nw, sizeof(*wcol));
		size_t wnamed;
		int wclash;
		size_t wlost = map_names(wcol, g, change, w, nw, &wnamed, &wclash);

		if (wnamed > named || ((clash || lost) && wnamed == named && wlost <= lost)) {
			free(ph);
			free(col);
			ph = w;
			w = NULL;
			col = wcol;
			np = nw;
			lost = wlost;
			named = wnamed;
		} else {
			free(wcol);
		}
	}
	if (lost > 1 || !named || (named * 2 < g->ncols && named < 2))
		goto done;
	for (i = 0; i < np; i++) {
		struct grid_name *nm;

		if (col[i] == -2)
			continue;
		if (col[i] == last && out->nnames) {
			nm = &out->names[out->nnames - 1];
			nm->text.n = (size_t)(ph[i].s + ph[i].n - nm->text.s);
			nm->text.x1 = ph[i].x1;
			continue;
		}
		out->names = xrealloc(out->names, (out->nnames + 1) * sizeof(*out->names));
		nm = &out->names[out->nnames++];
		nm->text = ph[i];
		nm->col = col[i];
		last = col[i];
	}
	ret = 0;
done:
	free(w);
	free(ph);
	free(col);
	return ret;
}

/* A row of plain whole numbers with no label: "  1   2   4   8" over labelled rows. */
static int numbers_only(const struct grid_row *r)
{
	size_t k;

	if (r->tail.n)
		return 0;
	/* no label, or one word naming the rows: "kernel  1  2  4" */
	for (k = 0; k < r->label.n; k++)
		if (r->label.s[k] == ' ' || (r->label.s[k] >= '0' && r->label.s[k] <= '9'))
			return 0;
	for (k = 0; k < r->ncells; k++) {
		const struct grid_cell *c = &r->cells[k];
		size_t i;

		if (c->kind != GRID_NUMBER || c->unit.n || c->note.n)
			return 0;
		for (i = 0; i < c->value.n; i++)
			if (c->value.s[i] < '0' || c->value.s[i] > '9')
				return 0;
	}
	return 1;
}

/*
 * The header lines, a group line and a title over g's first row, no
 * higher than line floor: the lines above it are the table before's
 * (its rows, taken, would read as header lines of this one).
 */
static void find_heads(struct grid *g, const struct grid_line *lines, struct lineinfo *li, size_t floor)
{
	int *change = xcalloc(g->ncols, sizeof(*change));
	long k = (long)g->rows[0].line - 1;
	size_t k2, nh = 0;
	struct grid_head found[GRID_MAX_HEADS];

	for (k2 = 0; k2 < g->ncols; k2++)
		change[k2] = change_column(g, k2);
	g->first = g->rows[0].line;
	/* "| creat_8_threads" right over labelled rows, at the labels: the first group */
	if (k >= (long)floor && !li[k].row && !li[k].blank && !li[k].rule && g->rows[0].label.n &&
	    one_name(lines[k].s, lines[k].n) &&
	    grid_screen_col(lines[k].s, first_nonblank(lines[k].s, lines[k].n)) <= g->rows[0].label.x0 + 1) {
		size_t r;

		for (r = 0; r < g->nrows && g->rows[r].group < 0; r++)
			g->rows[r].group = k;
		g->first = (size_t)k;
		k--;
	}
	while (k >= (long)floor && nh < GRID_MAX_HEADS) {
		if (li[k].rule) {
			k--;
			continue;
		}
		if (li[k].blank)
			break;
		if (read_head(&found[nh], g, change, lines[k].s, lines[k].n, (size_t)k) < 0)
			break;
		nh++;
		g->first = (size_t)k;
		k--;
	}
	/* found[] runs bottom to top; heads[] top to bottom */
	for (k2 = 0; k2 < nh; k2++)
		g->heads[k2] = found[nh - 1 - k2];
	g->nheads = nh;
	/* the line above names the table: "io_other:", "fsmark", "Results in 128MB:" */
	g->title = -1;
	while (k >= (long)floor && li[k].rule)
		k--;
	if (k >= (long)floor && !li[k].blank && !li[k].row && lines[k].n <= 80)
		g->title = k;
	else if (k > (long)floor && li[k].blank && !li[k - 1].blank && !li[k - 1].row &&
		 lines[k - 1].n <= 80 && lines[k - 1].n &&
		 lines[k - 1].s[lines[k - 1].n - 1] == ':')
		g->title = k - 1;
	free(change);
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
		    r->tail.n || !one_name(s, lines[i].n))
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

/* Cells that grow from left to right: thread or client counts over the columns. */
static int rising(const struct grid_row *r)
{
	size_t k;

	for (k = 1; k < r->ncells; k++)
		if (strtol(r->cells[k].value.s, NULL, 10) <= strtol(r->cells[k - 1].value.s, NULL, 10))
			return 0;
	return 1;
}

/* The first row as a header of numbers ("  1   2   4   8") when labelled rows follow. */
static void numbers_head(struct grid *g)
{
	struct grid_row *r = &g->rows[0];
	size_t k;

	if (g->nrows < 3 || g->nheads || r->ncells != g->ncols || r->ncells < 2 ||
	    !numbers_only(r) || !rising(r))
		return;
	for (k = 1; k < g->nrows; k++)
		if (!g->rows[k].label.n)
			return;
	g->heads[0].line = r->line;
	g->heads[0].nnames = r->ncells + (r->label.n > 0);
	g->heads[0].names = xcalloc(g->heads[0].nnames, sizeof(*g->heads[0].names));
	for (k = 0; k < r->ncells; k++) {
		g->heads[0].names[k].text = r->cells[k].text;
		g->heads[0].names[k].col = (long)k;
	}
	if (r->label.n) {
		g->heads[0].names[k].text = r->label;
		g->heads[0].names[k].col = -1;
	}
	g->nheads = 1;
	grid_row_release(r);
	memmove(g->rows, g->rows + 1, (g->nrows - 1) * sizeof(*g->rows));
	g->nrows--;
}

/* At least one value, and one row only under a header naming two or more columns. */
static int worth_keeping(const struct grid *g)
{
	size_t i, k, values = 0;

	for (i = 0; i < g->nrows; i++)
		for (k = 0; k < g->rows[i].ncells; k++)
			values += g->rows[i].cells[k].kind != GRID_MISSING;
	if (!values)
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

		if (!li[i].row) {
			i++;
			continue;
		}
		i = build(&g, lines, li, nr, i);
		find_heads(&g, lines, li, floor);
		numbers_head(&g);
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
