#include "import_extract.h"
#include "import_grid.h"
#include "import_heading.h"
#include "import_time.h"
#include "../core/error.h"
#include "../core/escape.h"
#include "../core/strbuf.h"
#include "../core/util.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/*
 * Tables of every orientation (import_grid*.c): found once a message, per
 * quote depth, then read at their first line in the walk; each value gets
 * the context of the text at the table, over which the table's own names
 * (a kernel, a file system or config, a metric, a benchmark) stand.
 */

/* The lines of one quote depth, from first to end; a line of another depth, or no results, is empty. */
struct depth_span {
	size_t first, end;
};

/*
 * The tables among lines [sp->first, sp->end), read at depth: the lines
 * of the others left empty so that no table spans two.  Around the span
 * every line is empty too, and empty lines make no part of a table, so
 * the search need not look past it.
 */
static void find_at_depth(struct extract *x, int depth, const struct depth_span *sp, struct grid_line *lines,
			  struct grid_room *room)
{
	const struct qtext *q = x->q;
	struct grid *g;
	size_t n, i;

	for (i = sp->first; i < sp->end; i++) {
		lines[i].s = q->v[i].text;
		lines[i].n = q->v[i].depth == depth && !x->negative[i] ? q->v[i].len : 0;
	}
	if (grid_find_in(room, &g, &n, lines + sp->first, sp->end - sp->first) < 0)
		return;
	for (i = 0; i < n; i++)
		grid_move(&g[i], sp->first);
	x->grids = xrealloc(x->grids, (x->ngrids + n + 1) * sizeof(*x->grids));
	if (n)
		memcpy(x->grids + x->ngrids, g, n * sizeof(*g));
	x->ngrids += n;
	free(g);
}

static int by_first(const void *a, const void *b)
{
	const struct grid *x = a, *y = b;

	return x->first < y->first ? -1 : x->first > y->first;
}

void extract_find_grids(struct extract *x)
{
	const struct qtext *q = x->q;
	struct depth_span span[DEPTHS];
	struct grid_line *lines;
	struct grid_room *room;
	size_t d, i;

	if (!q->nr)
		return;
	for (d = 0; d < x->depths; d++)
		span[d] = (struct depth_span){ 0, 0 };
	/* where each depth's lines that may hold results lie, in one pass */
	for (i = 0; i < q->nr; i++) {
		struct depth_span *sp = &span[q->v[i].depth];

		if (!q->v[i].len || x->negative[i])
			continue;
		if (sp->first == sp->end)
			sp->first = i;
		sp->end = i + 1;
	}
	/* not cleared: each search reads only the span it fills */
	lines = xmalloc(q->nr * sizeof(*lines));
	room = grid_room_new();
	for (d = 0; d < x->depths; d++)
		if (span[d].first < span[d].end)
			find_at_depth(x, (int)d, &span[d], lines, room);
	grid_room_free(room);
	free(lines);
	/* no depth may hold a table: then there is no array to sort */
	if (x->ngrids)
		qsort(x->grids, x->ngrids, sizeof(*x->grids), by_first);
}

/* The table that starts at line i, if one not yet passed does; those before it are passed. */
static const struct grid *grid_at(struct extract *x, size_t i)
{
	while (x->grid_next < x->ngrids && x->grids[x->grid_next].first < i)
		x->grid_next++;
	if (x->grid_next < x->ngrids && x->grids[x->grid_next].first == i)
		return &x->grids[x->grid_next];
	return NULL;
}

static int grid_starts(const struct extract *x, size_t i)
{
	size_t k;

	/* the walk passes the tables in order: most lines look at one */
	for (k = x->grid_next; k < x->ngrids && x->grids[k].first <= i; k++)
		if (x->grids[k].first == i)
			return 1;
	return 0;
}

/*
 * Whether another reader owns the table's lines: time output (its
 * real/user/sys lines line up as a table does) or a tool's report
 * read whole before the walk.
 */
static int taken_elsewhere(struct extract *x, const struct grid *g)
{
	size_t i;

	for (i = 0; i < g->nrows; i++)
		if (import_time_may_start(x->q->v[g->rows[i].line].text) &&
		    import_time_starts(&x->sc, g->rows[i].line))
			return 1;
	for (i = 0; i < x->tools.nr; i++) {
		long idx = x->tools.v[i].line - 1;

		if (idx >= (long)g->first && idx < (long)g->end)
			return 1;
	}
	return 0;
}

static const char *legend_of(void *data, const char *name)
{
	const struct extract *x = data;

	return facts_get(x->legend, name);
}

/*
 * The commit the text of the table's depth says a comparison is of
 * ("a regression caused by commit X", "bisected to X"): the nearest
 * before the table, else the first after it; NULL when none or when the
 * text names two.  The caller frees it.
 */
static char *compared_commit(const struct extract *x, const struct grid *g)
{
	const struct qtext *q = x->q;
	int depth = q->v[g->first].depth;
	char *found = NULL;
	size_t i;

	for (i = 0; i < q->nr; i++) {
		size_t pos = 0, len;
		const char *t = q->v[i].text;

		if (q->v[i].depth != depth || (i >= g->first && i < g->end) || x->negative[i])
			continue;
		while (import_find_compared_commit(t, &pos, &len)) {
			if (found && (strlen(found) != len || strncmp(found, t + pos, len))) {
				if (i > g->first)
					return found;
				free(found);
				found = NULL;
			}
			if (!found)
				found = xstrndup(t + pos, len);
			pos += len;
		}
		if (found && i > g->first)
			break;
	}
	return found;
}

/* Whether the text of the table's depth in lines [from, to) says "this patch". */
static int says_this_patch(const struct extract *x, const struct grid *g, size_t from, size_t to)
{
	const struct qtext *q = x->q;
	size_t i;

	for (i = from; i < to; i++)
		if (q->v[i].depth == q->v[g->first].depth && import_has_word(q->v[i].text, q->v[i].len, "this patch"))
			return 1;
	return 0;
}

/* Where the text since the table before g at its depth starts (the depth's first line if none). */
static size_t since_table_before(const struct extract *x, const struct grid *g)
{
	size_t k, from = 0;

	for (k = 0; k < x->ngrids; k++)
		if (x->grids[k].end <= g->first && x->grids[k].end > from &&
		    x->q->v[x->grids[k].first].depth == x->q->v[g->first].depth)
			from = x->grids[k].end;
	return from;
}

/*
 * A table of two value columns that name no kernel and measure the same
 * thing row by row (MMTests' compare without its header lines, LKP's
 * "%stddev %change %stddev"): the first column is the baseline, as both
 * tools print it, and the prose says what the second is.  The commit a
 * regression was caused by is the second's kernel (the first is its
 * parent); in a patch's mail the second is with the patch, the first
 * without it.  Names a column already has stay.
 */
static void name_compared_columns(const struct extract *x, const struct grid *g, struct grid_values *v)
{
	size_t i, k, first = SIZE_MAX, second = SIZE_MAX;
	struct strbuf base = STRBUF_INIT, with = STRBUF_INIT;
	int patch;
	char *commit = NULL;

	for (i = 0; i < v->nr; i++) {
		if (v->v[i].kernel)
			return;
		if (first == SIZE_MAX || v->v[i].col == first)
			first = v->v[i].col;
		else if (second == SIZE_MAX || v->v[i].col == second)
			second = v->v[i].col;
		else
			return;
	}
	if (second == SIZE_MAX)
		return;
	if (second < first) {
		k = first;
		first = second;
		second = k;
	}
	/* each value of one column has its twin in the other: the same row, the same metric */
	for (i = 0; i < v->nr; i++) {
		for (k = 0; k < v->nr; k++)
			if (v->v[k].line == v->v[i].line && v->v[k].col != v->v[i].col &&
			    !strcmp(v->v[k].metric ? v->v[k].metric : "", v->v[i].metric ? v->v[i].metric : ""))
				break;
		if (k == v->nr)
			return;
	}
	/*
	 * A patch's mail compares without and with the patch, whatever
	 * commit its text names (the regression a fix answers: "a regression
	 * caused by commit X ... Fix it by"), and so does "this patch" said
	 * since the table before
	 */
	patch = x->msg->subject && strstr(x->msg->subject, "[PATCH");
	if (patch || says_this_patch(x, g, since_table_before(x, g), g->first) ||
	    !(commit = compared_commit(x, g))) {
		if (!patch && !says_this_patch(x, g, 0, x->q->nr))
			return;
		strbuf_addstr(&base, "without the patch");
		strbuf_addstr(&with, "with the patch");
	} else {
		strbuf_addf(&base, "parent of %s", commit);
	}
	for (i = 0; i < v->nr; i++) {
		struct grid_value *gv = &v->v[i];

		if (gv->col == second && commit)
			gv->kernel = arena_strdup(&v->strings, commit);
		else if (!gv->options)
			gv->options = gv->col == first ? arena_strdup(&v->strings, base.buf) :
				      with.len ? arena_strdup(&v->strings, with.buf) : NULL;
	}
	free(commit);
	strbuf_release(&base);
	strbuf_release(&with);
}

/* The distinct columns v's values stand in, in order, at most max; how many (0: more than max). */
static size_t value_columns(const struct grid_values *v, size_t *cols, size_t max)
{
	size_t i, k, n = 0;

	for (i = 0; i < v->nr; i++) {
		for (k = 0; k < n && cols[k] != v->v[i].col; k++)
			;
		if (k < n)
			continue;
		if (n == max)
			return 0;
		while (k > 0 && cols[k - 1] > v->v[i].col) {
			cols[k] = cols[k - 1];
			k--;
		}
		cols[k] = v->v[i].col;
		n++;
	}
	return n;
}

#define MAX_INHERITED 16

/*
 * Rows with no header right under a table, after at most a line naming
 * them (MMTests' "Statistics: duration" under its compare table): the
 * same runs, column by column, so each value column takes the kernel,
 * file system and config of the one above it in the same place.
 */
static void inherit_columns(const struct extract *x, const struct grid *g, const struct grid_line *lines,
			    struct grid_values *v)
{
	const struct grid *above = NULL;
	struct grid_values pv = GRID_VALUES_INIT;
	size_t mine[MAX_INHERITED], theirs[MAX_INHERITED], n, i, j, k;

	if (g->nheads || !v->nr)
		return;
	for (k = 0; k < x->ngrids; k++)
		if ((x->grids[k].end == g->first || (g->title >= 0 && x->grids[k].end == (size_t)g->title)) &&
		    x->grids[k].nheads &&
		    x->q->v[x->grids[k].first].depth == x->q->v[g->first].depth)
			above = &x->grids[k];
	if (!above)
		return;
	grid_read_values(&pv, above, lines, legend_of, (void *)x);
	n = value_columns(v, mine, MAX_INHERITED);
	if (n > 1 && value_columns(&pv, theirs, MAX_INHERITED) == n) {
		for (i = 0; i < v->nr; i++) {
			struct grid_value *gv = &v->v[i];
			const struct grid_value *from = NULL;

			for (k = 0; k < n && mine[k] != gv->col; k++)
				;
			for (j = 0; j < pv.nr && !from; j++)
				if (pv.v[j].col == theirs[k])
					from = &pv.v[j];
			if (!from || gv->kernel || gv->fs || gv->options)
				continue;
			gv->kernel = from->kernel ? arena_strdup(&v->strings, from->kernel) : NULL;
			gv->fs = from->fs;
			gv->options = from->options ? arena_strdup(&v->strings, from->options) : NULL;
		}
	}
	grid_values_release(&pv);
}

/* A damaged cell's value is lost: the warning names it, so the loss is not silent. */
static void warn_damaged(struct extract *x, const struct grid *g)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i, k;

	for (i = 0; i < g->nrows; i++)
		for (k = 0; k < g->rows[i].ncells; k++) {
			const struct grid_cell *c = &g->rows[i].cells[k];

			if (c->kind != GRID_DAMAGED)
				continue;
			strbuf_reset(&sb);
			esc_add_bounded(&sb, c->text.s, c->text.n, 64, 0);
			bp_warnf(&x->imp->warn, "%s: line %ld: '%s' read as no value: the rest of its row is kept",
				 x->msg->name, x->q->v[g->rows[i].line].lineno, sb.buf);
		}
	strbuf_release(&sb);
}

static size_t grid(struct extract *x, size_t at)
{
	const struct grid *g = grid_at(x, at);
	const struct depth_ctx *d;
	struct grid_values v = GRID_VALUES_INIT;
	struct grid_line *lines;
	size_t i, end;

	if (!g || taken_elsewhere(x, g))
		return 0;
	end = g->end;
	lines = xcalloc(x->q->nr, sizeof(*lines));
	for (i = 0; i < x->q->nr; i++) {
		lines[i].s = x->q->v[i].text;
		lines[i].n = x->q->v[i].len;
	}
	grid_read_values(&v, g, lines, legend_of, (void *)x);
	warn_damaged(x, g);
	inherit_columns(x, g, lines, &v);
	free(lines);
	name_compared_columns(x, g, &v);
	d = &x->d[x->q->v[at].depth];
	x->group++;
	for (i = 0; i < v.nr; i++) {
		const struct grid_value *gv = &v.v[i];
		struct where w = extract_where(x, gv->line, gv->benchmark ? gv->benchmark : d->program);

		where_own(&w, gv->kernel, gv->fs, gv->options);
		emit(x, &w, gv->metric ? gv->metric : "value", gv->value, gv->unit,
		     x->q->v[gv->line].lineno);
	}
	grid_values_release(&v);
	x->grid_next++;
	return end - at;
}

const struct import_reader import_read_grid = { "grid", grid_starts, grid };

void extract_grids_release(struct extract *x)
{
	grid_free(x->grids, x->ngrids);
	x->grids = NULL;
	x->ngrids = 0;
	x->grid_next = 0;
}
