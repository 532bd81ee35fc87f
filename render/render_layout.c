#include "render_layout.h"
#include "render_caveat.h"
#include "render_series.h"
#include "render_text.h"
#include "../core/kver.h"
#include "../core/util.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define KEY RENDER_KEY

enum rows { ROWS_ALL, ROWS_TIMES, ROWS_RATES, ROWS_DETAIL };

/* A caveat marker: one letter per row and kind, its time range in the legend. */
struct marker {
	const struct render_series *row;
	struct render_caveat c;
	double lo, hi;
};

struct grid {
	struct render_table t;
	const struct render_series_set *ss;
	const struct render_series *like;   /* a series of this table */
	unsigned fixed;                     /* what every cell of the table shares with like */
	const struct render_series **cols;  /* a series of each column */
	size_t ncols;
	unsigned col_mask;                  /* what a column's series share with its representative */
	const struct render_layout_opts *opts;
	enum rows rows;
	const char *stub;                   /* the label column's heading: "total (s)" */
	const struct render_series **benches;   /* the table's benchmarks, for their short names */
	size_t nbenches;
	struct marker *markers;
	size_t nmarkers, amarkers;
};

static int wanted(const struct grid *g, const struct render_series *s)
{
	const char *metric = render_series_key(s, RENDER_METRIC);
	enum render_role role;

	if (g->rows == ROWS_ALL)
		return 1;
	role = render_series_role(g->ss, s);
	switch (g->rows) {
	case ROWS_TIMES:
		return role == RENDER_ROLE_MAIN ||
		       (g->opts->detail && render_metric_is_step_time(metric));
	case ROWS_RATES:
		return role == RENDER_ROLE_RATE;
	default:
		return role == RENDER_ROLE_DETAIL && !render_metric_is_step_time(metric);
	}
}

static char marker_letter(struct grid *g, const struct render_series *row,
			  const struct render_caveat *c, double secs)
{
	size_t i;

	for (i = 0; i < g->nmarkers; i++)
		if (g->markers[i].row == row && g->markers[i].c.kind == c->kind)
			break;
	if (i == g->nmarkers) {
		ALLOC_GROW(g->markers, g->nmarkers + 1, g->amarkers);
		g->markers[i].row = row;
		g->markers[i].c = *c;
		g->markers[i].lo = g->markers[i].hi = secs;
		g->nmarkers++;
	}
	if (secs < g->markers[i].lo)
		g->markers[i].lo = secs;
	if (secs > g->markers[i].hi)
		g->markers[i].hi = secs;
	return (char)('a' + c->kind - 1);
}

/* A cell's note says n=K (removed later where K is the usual n) and a caveat letter. */
static void fill_cell(struct grid *g, struct render_cell *cell, const struct render_series *s,
		      const struct render_series *row)
{
	struct strbuf value = STRBUF_INIT, spread = STRBUF_INIT, note = STRBUF_INIT;
	struct render_caveat c;

	if (g->opts->summary)
		render_series_cell_absolute(&value, &spread, s);
	else
		render_series_cell(&value, &spread, s, g->opts->median);
	strbuf_addf(&note, "n=%zu", s->n);
	if (g->rows == ROWS_RATES && render_rate_caveat(&c, g->ss, s))
		strbuf_addf(&note, " %c", marker_letter(g, row, &c, c.seconds));
	render_cell_set(cell, value.buf, spread.len ? spread.buf : NULL, note.buf);
	strbuf_release(&value);
	strbuf_release(&spread);
	strbuf_release(&note);
}

static size_t cell_n(const struct render_cell *c)
{
	size_t n = 0;

	return c->note && sscanf(c->note, "n=%zu", &n) == 1 ? n : 0;
}

/*
 * Sample counts are said once for the table: the usual n under it, and
 * "n=K" kept only in the cells that differ from it.
 */
static void finish_counts(struct grid *g)
{
	struct render_table *t = &g->t;
	size_t i, j, k, l, best = 0, best_count = 0, cells = 0, others = 0;

	for (i = 0; i < t->nrows; i++)
		for (j = 0; t->rows[i].cells && j < t->ncols; j++) {
			size_t n = cell_n(&t->rows[i].cells[j]), count = 0;

			if (!n)
				continue;
			cells++;
			for (k = 0; k < t->nrows; k++)
				for (l = 0; t->rows[k].cells && l < t->ncols; l++)
					count += cell_n(&t->rows[k].cells[l]) == n;
			if (count > best_count || (count == best_count && n > best)) {
				best = n;
				best_count = count;
			}
		}
	for (i = 0; i < t->nrows; i++)
		for (j = 0; t->rows[i].cells && j < t->ncols; j++) {
			struct render_cell *c = &t->rows[i].cells[j];
			const char *rest = c->note ? strchr(c->note, ' ') : NULL;
			char *keep;

			if (!cell_n(c))
				continue;
			if (cell_n(c) != best) {
				others++;
				continue;
			}
			keep = rest ? xstrdup(rest + 1) : NULL;
			free(c->note);
			c->note = keep;
		}
	if (!cells)
		return;
	if (best > 1)
		render_table_add_note(t, "%s +- %ssample standard deviation of n=%zu runs%s",
				      g->opts->median ? "median" : "mean",
				      g->opts->summary ? "" : "relative ", best,
				      others ? " (n=K where there were K)" : "");
	else
		render_table_add_note(t, "one sample each%s: no spread to show",
				      others ? " unless marked n=K" : "");
}

/* The series of the cell at row (a benchmark and metric) and column c. */
static const struct render_series *cell_series(const struct grid *g, const struct render_series *row,
					       size_t c)
{
	size_t i;

	for (i = 0; i < g->ss->nr; i++)
		if (render_series_match(&g->ss->v[i], row, g->fixed | RENDER_ROW_KEYS) &&
		    render_series_match(&g->ss->v[i], g->cols[c], g->col_mask))
			return &g->ss->v[i];
	return NULL;
}

static void bench_name(struct strbuf *out, const struct grid *g, const struct render_series *s)
{
	size_t i;

	if (g->opts->summary) {
		strbuf_addstr(out, render_series_key(s, RENDER_BENCHMARK));
		return;
	}
	for (i = 0; i < g->nbenches; i++)
		if (render_series_match(g->benches[i], s, KEY(BENCHMARK))) {
			render_bench_short(out, g->benches, g->nbenches, i);
			return;
		}
	strbuf_addstr(out, render_series_key(s, RENDER_BENCHMARK));
}

static void add_row(struct grid *g, const struct render_series *row, const char *label)
{
	struct render_cell *cells = render_table_add_row(&g->t, label);
	size_t c;

	for (c = 0; c < g->ncols; c++) {
		const struct render_series *s = cell_series(g, row, c);

		if (s)
			fill_cell(g, &cells[c], s, row);
	}
}

/*
 * "untar" under a stub that names the metric, "untar elapsed (s)" where
 * it does not, "dbench (MB/sec)" for a benchmark's one rate, "  write-bw
 * (KiB/s)" in a benchmark's section.
 */
static void row_label(struct strbuf *out, const struct grid *g, const struct render_series *s,
		      int in_section)
{
	const char *metric = render_series_key(s, RENDER_METRIC);
	const char *unit = render_series_key(s, RENDER_UNIT);
	struct strbuf m = STRBUF_INIT;

	render_metric_label(&m, metric, unit);
	if (in_section) {
		strbuf_addf(out, "  %s", m.buf);
		strbuf_release(&m);
		return;
	}
	bench_name(out, g, s);
	if (g->stub && !strcmp(g->stub, m.buf))
		;
	else if ((g->rows == ROWS_RATES && unit && strchr(unit, '/')) ||
		 !metric || !strcmp(metric, "value") || (!strcmp(metric, "elapsed") && !g->stub)) {
		/* the benchmark's own number: its name and unit say what it is (under a
		 * "total (s)" heading, an elapsed time says it is one) */
		if (unit && *unit && strcmp(unit, "?"))
			strbuf_addf(out, " (%s)", unit);
	} else {
		strbuf_addf(out, " %s", m.buf);
	}
	strbuf_release(&m);
}

static int cmp_rank(const void *a, const void *b)
{
	const struct render_series *x = *(const struct render_series *const *)a;
	const struct render_series *y = *(const struct render_series *const *)b;
	int d = render_metric_rank(render_series_key(x, RENDER_METRIC)) -
		render_metric_rank(render_series_key(y, RENDER_METRIC));

	/* equal ranks keep their order of appearance */
	return d ? d : (x > y) - (x < y);
}

/* The rows of one benchmark: one row, or a heading with a row per metric. */
static void benchmark_rows(struct grid *g, const struct render_series *bench)
{
	const struct render_series **rows, **keep;
	size_t n = render_series_distinct(&rows, g->ss, bench, g->fixed | KEY(BENCHMARK),
					  RENDER_ROW_KEYS), nk = 0, i;
	struct strbuf label = STRBUF_INIT;

	keep = xcalloc(n + 1, sizeof(*keep));
	for (i = 0; i < n; i++)
		if (wanted(g, rows[i]))
			keep[nk++] = rows[i];
	if (nk > 1) {
		const char *unit = render_series_key(keep[0], RENDER_UNIT);

		qsort(keep, nk, sizeof(*keep), cmp_rank);
		bench_name(&label, g, bench);
		/* a unit all the rows share is said once, in the heading */
		for (i = 1; i < nk && unit && !g->opts->summary; i++)
			if (!render_series_match(keep[i], keep[0], KEY(UNIT)))
				unit = NULL;
		if (unit && *unit && strcmp(unit, "?") && !g->opts->summary)
			strbuf_addf(&label, " (%s)", unit);
		else
			unit = NULL;
		render_table_add_section(&g->t, label.buf);
		for (i = 0; i < nk; i++) {
			strbuf_reset(&label);
			if (unit)
				strbuf_addf(&label, "  %s", render_series_key(keep[i], RENDER_METRIC));
			else
				row_label(&label, g, keep[i], 1);
			add_row(g, keep[i], label.buf);
		}
		nk = 0;
	}
	for (i = 0; i < nk; i++) {
		strbuf_reset(&label);
		row_label(&label, g, keep[i], 0);
		add_row(g, keep[i], label.buf);
	}
	strbuf_release(&label);
	free(rows);
	free(keep);
}

/* The label column's heading of a one-number-a-benchmark table: the metric most rows show. */
static const char *common_stub(struct grid *g, struct strbuf *buf)
{
	struct strbuf *labels = NULL;
	size_t *count = NULL, n = 0, alloc = 0, i, j, best = 0;

	if (g->rows != ROWS_TIMES || g->opts->detail)
		return NULL;
	for (i = 0; i < g->ss->nr; i++) {
		const struct render_series *s = &g->ss->v[i];
		struct strbuf m = STRBUF_INIT;

		if (!render_series_match(s, g->like, g->fixed) || !wanted(g, s))
			continue;
		render_metric_label(&m, render_series_key(s, RENDER_METRIC), render_series_key(s, RENDER_UNIT));
		for (j = 0; j < n && strcmp(labels[j].buf, m.buf); j++)
			;
		if (j == n) {
			ALLOC_GROW(labels, n + 1, alloc);
			count = xrealloc(count, alloc * sizeof(*count));
			labels[n] = m;
			count[n++] = 0;
		} else {
			strbuf_release(&m);
		}
		count[j]++;
	}
	for (i = 0; i < n; i++)
		if (count[i] > count[best])
			best = i;
	if (n)
		strbuf_addstr(buf, labels[best].buf);
	for (i = 0; i < n; i++)
		strbuf_release(&labels[i]);
	free(labels);
	free(count);
	return buf->len ? buf->buf : NULL;
}

static int cmp_kernel(const void *a, const void *b)
{
	return kver_cmp(render_series_key(*(const struct render_series *const *)a, RENDER_KERNEL),
			render_series_key(*(const struct render_series *const *)b, RENDER_KERNEL));
}

static void column_names(struct grid *g)
{
	size_t c;

	for (c = 0; c < g->ncols; c++) {
		struct strbuf name = STRBUF_INIT, legend = STRBUF_INIT;

		if (g->col_mask == KEY(KERNEL)) {
			const char *k = render_series_key(g->cols[c], RENDER_KERNEL);

			strbuf_addstr(&name, k ? k : "?");
		} else {
			const char *fs = render_series_key(g->cols[c], RENDER_FS);
			const char *opts = render_series_key(g->cols[c], RENDER_OPTIONS);

			render_config_short(&name, &legend, g->cols, g->ncols, c);
			/* a bare file system needs no legend; the run's summary says "name: fs: options" */
			if (g->opts->summary && opts)
				render_table_add_note(&g->t, "%s: %s: %s", name.buf, fs ? fs : "?", opts);
			else if (opts || strchr(name.buf, ' '))
				render_table_add_note(&g->t, "%s: %s", name.buf, legend.buf);
		}
		render_table_add_col(&g->t, name.buf);
		strbuf_release(&name);
		strbuf_release(&legend);
	}
}

static void finish_notes(struct grid *g)
{
	struct strbuf legend = STRBUF_INIT;
	size_t i, c;
	int kind;

	finish_counts(g);
	for (kind = RENDER_CAVEAT_SHORT; kind < RENDER_CAVEAT_KINDS; kind++) {
		struct strbuf why = STRBUF_INIT;

		/* one letter a kind of caveat, every rate it marks named with its times */
		for (i = 0; i < g->nmarkers; i++) {
			struct strbuf label = STRBUF_INIT;
			const char *metric;

			if ((int)g->markers[i].c.kind != kind)
				continue;
			bench_name(&label, g, g->markers[i].row);
			metric = render_series_key(g->markers[i].row, RENDER_METRIC);
			/* a flagged rate is named as the run measured it, its reason after a colon */
			strbuf_addf(&why, "%s%s %.*s%s", why.len ? "; " : "", label.buf,
				    (int)(strlen(metric) - (kind == RENDER_CAVEAT_FLAGGED ? 8 : 0)), metric,
				    kind == RENDER_CAVEAT_FLAGGED ? ": " : " ");
			render_caveat_describe(&why, &g->markers[i].c, g->markers[i].lo, g->markers[i].hi);
			strbuf_release(&label);
		}
		if (why.len)
			render_table_add_note(&g->t, "%c: %s: %s", (char)('a' + kind - 1),
					      render_caveat_title(kind), why.buf);
		strbuf_release(&why);
	}
	for (c = 0; c < g->ncols; c++) {
		size_t runs = 0;

		for (i = 0; i < g->ss->nr; i++)
			if (render_series_match(&g->ss->v[i], g->like, g->fixed) &&
			    render_series_match(&g->ss->v[i], g->cols[c], g->col_mask) &&
			    g->ss->v[i].runs > runs)
				runs = g->ss->v[i].runs;
		if (runs > 1)
			render_table_add_note(&g->t, "%s: the samples of %zu runs, pooled", g->t.cols[c], runs);
	}
	/* the rates' names are the times' (the times table says them in full) */
	if (g->rows != ROWS_RATES && !g->opts->summary)
		render_bench_legend(&legend, g->benches, g->nbenches);
	if (legend.len)
		render_table_add_note(&g->t, "in full: %s", legend.buf);
	strbuf_release(&legend);
}

static void table_title(struct strbuf *out, const struct render_series *like, unsigned col_mask)
{
	const char *hw = render_series_key(like, RENDER_HARDWARE);

	if (col_mask == KEY(KERNEL)) {
		render_config_words(out, like->first);
	} else {
		const char *k = render_series_key(like, RENDER_KERNEL);

		strbuf_addstr(out, k ? k : "kernel not stated");
	}
	strbuf_addf(out, " on %s", hw ? hw : "unknown hardware");
}

/* One table: the series like `like` on fixed, columns by col_mask. */
static void one_table(struct strbuf *out, struct grid *g, const struct render_table_format *fmt)
{
	const struct render_series **benches;
	struct strbuf title = STRBUF_INIT, stub = STRBUF_INIT;
	size_t nb, i;

	g->ncols = render_series_distinct(&g->cols, g->ss, g->like, g->fixed, g->col_mask);
	if (g->col_mask == KEY(KERNEL) && g->ncols)
		qsort(g->cols, g->ncols, sizeof(*g->cols), cmp_kernel);
	g->stub = common_stub(g, &stub);
	table_title(&title, g->like, g->col_mask);
	render_table_set_title(&g->t, title.buf, g->stub);
	/* rates and tool internals mix magnitudes (KiB/s beside MB/s): right-aligned, not on the point */
	g->t.align_right = g->rows == ROWS_RATES || g->rows == ROWS_DETAIL;
	column_names(g);
	nb = render_series_distinct(&benches, g->ss, g->like, g->fixed, KEY(BENCHMARK));
	g->benches = benches;
	g->nbenches = nb;
	for (i = 0; i < nb; i++)
		benchmark_rows(g, benches[i]);
	if (g->t.nrows) {
		if (g->stub && !strncmp(g->stub, "total", 5))
			render_table_add_note(&g->t, "total: the step's elapsed time plus the sync after it");
		finish_notes(g);
		if (out->len)
			strbuf_addch(out, '\n');
		render_table_write(out, &g->t, fmt);
	}
	free(benches);
	free(g->cols);
	free(g->markers);
	g->cols = NULL;
	g->markers = NULL;
	g->nmarkers = g->amarkers = 0;
	render_table_release(&g->t);
	strbuf_release(&title);
	strbuf_release(&stub);
}

static void grids(struct strbuf *out, const struct recset *set, const struct render_table_format *fmt,
		  const struct render_layout_opts *opts, enum rows rows, int kernel_columns)
{
	struct render_series_set ss = RENDER_SERIES_SET_INIT;
	const struct render_series **groups;
	struct grid g;
	size_t n, i;

	memset(&g, 0, sizeof(g));
	render_series_group(&ss, set);
	g.ss = &ss;
	g.opts = opts;
	g.rows = rows;
	if (kernel_columns < 0) {
		struct render_strings k = { 0 };

		render_distinct(&k, &ss, RENDER_KERNEL, NULL, 0);
		kernel_columns = k.nr > 1;
		render_strings_release(&k);
	}
	g.fixed = kernel_columns ? RENDER_CONFIG_KEYS : KEY(HARDWARE) | KEY(KERNEL);
	g.col_mask = kernel_columns ? KEY(KERNEL) : RENDER_CONFIG_KEYS & ~KEY(HARDWARE);
	/* a table per machine (and configuration or kernel): machines are never columns */
	n = render_series_distinct(&groups, &ss, NULL, 0, g.fixed);
	for (i = 0; i < n; i++) {
		g.like = groups[i];
		one_table(out, &g, fmt);
	}
	free(groups);
	render_series_set_release(&ss);
}

/* A layout is its rows and its columns (-1: kernels when there are several), drawn either way. */
#define LAYOUT(fn, rows, kernel_columns)                                                     \
	static void fn##_render(struct strbuf *out, const struct recset *set,                 \
				const struct render_table_format *fmt,                       \
				const struct render_layout_opts *o)                          \
	{                                                                                     \
		grids(out, set, fmt, o, rows, kernel_columns);                                \
	}                                                                                     \
	static void fn##_write(struct strbuf *out, const struct recset *set,                  \
			       const struct render_table_format *fmt)                         \
	{                                                                                     \
		static const struct render_layout_opts summary = { 0, 1, 1 };                 \
		grids(out, set, fmt, &summary, rows, kernel_columns);                         \
	}

LAYOUT(times, ROWS_TIMES, -1)
LAYOUT(rates, ROWS_RATES, -1)
LAYOUT(detail, ROWS_DETAIL, -1)
LAYOUT(configs, ROWS_ALL, 0)
LAYOUT(kernels, ROWS_ALL, 1)
LAYOUT(automatic, ROWS_ALL, -1)

static const struct render_layout layouts[] = {
	{ "auto", automatic_render, automatic_write },
	{ "times", times_render, times_write },
	{ "rates", rates_render, rates_write },
	{ "detail", detail_render, detail_write },
	{ "configs", configs_render, configs_write },
	{ "kernels", kernels_render, kernels_write },
	{ NULL, NULL, NULL },
};

void render_layout_names(const char **out, size_t max)
{
	size_t i;

	for (i = 0; i + 1 < max && layouts[i].name; i++)
		out[i] = layouts[i].name;
	out[i] = NULL;
}

const struct render_layout *render_layout_by_name(const char *name)
{
	const struct render_layout *l;

	for (l = layouts; l->name; l++)
		if (!strcmp(l->name, name))
			return l;
	return NULL;
}
