/*
 * The header lines of a table found among the lines of a message: the
 * names over its columns, a group line and a title above it, or a first
 * row of numbers that heads the rows under it.  import_grid.c finds the
 * rows; this reads what stands over them.
 */
#include "import_grid.h"
#include "import_grid_find.h"
#include "import_grid_lex.h"
#include "../core/strbuf.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* The first byte of s[0, n) that is not a blank or '|', or s + n. */
static const char *first_nonblank(const char *s, size_t n)
{
	const char *e = s + n;

	while (s < e && (*s == ' ' || *s == '\t' || *s == '|'))
		s++;
	return s;
}

/* A column whose cells are all relative changes ("+27.5%", "-1.5%"). */
static int change_column(const struct grid *g, size_t k)
{
	size_t i, j, seen = 0;

	for (i = 0; i < g->nrows; i++)
		for (j = 0; j < g->rows[i].ncells; j++) {
			const struct grid_cell *c = &g->rows[i].cells[j];

			if (g->rows[i].col[j] != k || !grid_cell_holds_value(c))
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
			ov = grid_overlap(x0, x1, g->col_x0[k], g->col_x1[k] + 1);
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
 * or a title, not names laid out over columns.  Many writers put two
 * spaces after a sentence's full stop ("the output.  On the"): that gap
 * is still prose.
 */
static int is_sentence(const struct grid_span *w, size_t nw, const char *s, size_t n)
{
	size_t i;

	if (nw < 3 || memchr(s, '\t', n) || memchr(s, '|', n))
		return 0;
	for (i = 1; i < nw; i++) {
		size_t gap = w[i].x0 - w[i - 1].x1;
		char end = w[i - 1].n ? w[i - 1].s[w[i - 1].n - 1] : 0;

		if (gap > 1 && !(gap == 2 && w[i - 1].n > 1 && strchr(".?!", end) && end))
			return 0;
	}
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
static size_t map_names(long *col, char *seen, const struct grid *g, const int *change,
			const struct grid_span *w, size_t nw, size_t *named, int *clash)
{
	size_t i, lost = 0;

	memset(seen, 0, g->ncols);
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
	size_t alloc = 0, nw = grid_words(&w, &alloc, s, n), room = nw ? nw : 1, np, i;
	size_t named, lost, wnamed, wlost;
	/* the columns of the phrases and of the words, in one block; col: the ones taken */
	long *cols = xcalloc(2 * room, sizeof(*cols)), *col = cols, *wcol = cols + room, last = -3;
	/* which columns a name stands over, for map_names */
	char *seen = xmalloc(g->ncols ? g->ncols : 1);
	int clash, wclash, ret = -1;

	memset(out, 0, sizeof(*out));
	out->line = line;
	ph = xcalloc(room, sizeof(*ph));
	if (!nw || is_sentence(w, nw, s, n))
		goto done;
	/* a line with an address in it is a title or prose, never names of columns */
	for (i = 0; i < nw; i++)
		if (w[i].n > 7 && (!memcmp(w[i].s, "http://", 7) || !memcmp(w[i].s, "https://", 8)))
			goto done;
	np = phrases(ph, w, nw, s);
	lost = map_names(col, seen, g, change, ph, np, &named, &clash);
	/* word by word, when that names more columns */
	wlost = map_names(wcol, seen, g, change, w, nw, &wnamed, &wclash);
	if (wnamed > named || ((clash || lost) && wnamed == named && wlost <= lost)) {
		struct grid_span *phrased = ph;

		ph = w;
		w = phrased;
		col = wcol;
		np = nw;
		lost = wlost;
		named = wnamed;
	}
	if (lost > 1 || !named || (named * 2 < g->ncols && named < 2))
		goto done;
	/* no more names than phrases or words: one allocation holds them */
	out->names = xmalloc(np * sizeof(*out->names));
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
		nm = &out->names[out->nnames++];
		nm->text = ph[i];
		nm->col = col[i];
		last = col[i];
	}
	ret = 0;
done:
	free(w);
	free(ph);
	free(cols);
	free(seen);
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
 * Whether line k goes on with a sentence wrapped at the end of the line
 * above ("...and outputs the" / "average.  The output was:"): a long
 * line of text that ends on a word, not on a stop or a colon.  Such a
 * line is the prose's: it may say the config of the rows under it
 * ("The output after the patch was:"), never the name of a benchmark.
 */
static int continues_prose(const struct grid_line *lines, const struct lineinfo *li, long k, size_t floor)
{
	const struct grid_line *up;
	size_t n;

	if (k <= (long)floor || li[k - 1].blank || li[k - 1].row || li[k - 1].rule)
		return 0;
	up = &lines[k - 1];
	for (n = up->n; n && (up->s[n - 1] == ' ' || up->s[n - 1] == '\t'); n--)
		;
	return n >= 50 && (isalnum((unsigned char)up->s[n - 1]) || up->s[n - 1] == ',');
}

void grid_find_heads(struct grid *g, const struct grid_line *lines, struct lineinfo *li, size_t floor)
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
	    grid_one_name(lines[k].s, lines[k].n) &&
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
	g->lead_in = -1;
	if (k >= (long)floor && !li[k].blank && !li[k].row && lines[k].n <= 80) {
		if (continues_prose(lines, li, k, floor))
			g->lead_in = k;
		else
			g->title = k;
	}
	else if (k > (long)floor && li[k].blank && !li[k - 1].blank && !li[k - 1].row &&
		 lines[k - 1].n <= 80 && lines[k - 1].n &&
		 lines[k - 1].s[lines[k - 1].n - 1] == ':')
		g->title = k - 1;
	free(change);
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

void grid_numbers_head(struct grid *g)
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
