#include "render_graph.h"
#include "render_series.h"
#include "render_stats.h"
#include "../core/error.h"
#include "../core/kver.h"

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define KEY RENDER_KEY
/* What a bar group or a line is: the machine, the fs entry, its device. */
#define CONFIG_KEYS RENDER_CONFIG_KEYS

const char *const render_graph_kinds[] = { "auto", "bars", "lines", NULL };

static int cmp_kernel(const void *a, const void *b)
{
	const struct render_series *x = *(const struct render_series *const *)a;
	const struct render_series *y = *(const struct render_series *const *)b;

	return kver_cmp(render_series_key(x, RENDER_KERNEL), render_series_key(y, RENDER_KERNEL));
}

/* A graph's place: its benchmark's first appearance, its metric's usual rank, its own appearance. */
struct row_order {
	const struct render_series *s;
	size_t bench, rank, index;
};

static int cmp_row(const void *a, const void *b)
{
	const struct row_order *x = a, *y = b;

	if (x->bench != y->bench)
		return x->bench < y->bench ? -1 : 1;
	if (x->rank != y->rank)
		return x->rank < y->rank ? -1 : 1;
	return (x->index > y->index) - (x->index < y->index);
}

static void sort_rows(const struct render_series **rows, size_t nr)
{
	struct row_order *o = xcalloc(nr + 1, sizeof(*o));
	size_t i, j;

	for (i = 0; i < nr; i++) {
		for (j = 0; j < i && !render_series_match(rows[j], rows[i], KEY(BENCHMARK)); j++)
			;
		o[i].s = rows[i];
		o[i].bench = j;
		o[i].rank = (size_t)render_metric_rank(render_series_key(rows[i], RENDER_METRIC));
		o[i].index = i;
	}
	qsort(o, nr, sizeof(*o), cmp_row);
	for (i = 0; i < nr; i++)
		rows[i] = o[i].s;
	free(o);
}

/* Kernels by version, configurations by their short names (the tables' column names). */
static void point_label(struct strbuf *out, const struct render_series **all, size_t nr,
			size_t which, unsigned mask, int with_hw)
{
	const struct render_series *s = all[which];
	struct strbuf legend = STRBUF_INIT;

	if (mask == KEY(KERNEL)) {
		strbuf_addstr(out, s->first->kernel ? s->first->kernel : "?");
		return;
	}
	render_config_short(out, &legend, all, nr, which);
	if (with_hw)
		strbuf_addf(out, " on %s", s->first->hardware ? s->first->hardware : "unknown");
	strbuf_release(&legend);
}

/* "untar-total": letters, digits, '_' and '-' only, whatever the benchmark was called. */
static void file_stem(struct strbuf *out, const struct render_series *s)
{
	const char *parts[] = { render_series_key(s, RENDER_BENCHMARK), render_series_key(s, RENDER_METRIC) };
	size_t i, start = out->len;

	for (i = 0; i < 2; i++) {
		const char *p = parts[i] ? parts[i] : "value";

		if (out->len > start)
			strbuf_addch(out, '-');
		for (; *p && out->len - start < 60; p++) {
			if (isalnum((unsigned char)*p) || *p == '_')
				strbuf_addch(out, *p);
			else if (out->len > start && out->buf[out->len - 1] != '-')
				strbuf_addch(out, '-');
		}
		while (out->len > start && out->buf[out->len - 1] == '-')
			strbuf_setlen(out, out->len - 1);
	}
	if (out->len == start)
		strbuf_addstr(out, "graph");
}

static void build_one(struct render_graph *g, const struct render_series_set *ss,
		      const struct render_series *first, enum render_graph_kind kind,
		      unsigned x_mask, unsigned s_mask, int with_hw, int median)
{
	const struct render_series **xs, **ser;
	struct strbuf sb = STRBUF_INIT;
	size_t i, j, k;

	memset(g, 0, sizeof(*g));
	g->kind = kind;
	g->nx = render_series_distinct(&xs, ss, first, RENDER_ROW_KEYS, x_mask);
	g->ns = render_series_distinct(&ser, ss, first, RENDER_ROW_KEYS, s_mask);
	if (x_mask == KEY(KERNEL) && g->nx)
		qsort(xs, g->nx, sizeof(*xs), cmp_kernel);
	if (s_mask == KEY(KERNEL) && g->ns)
		qsort(ser, g->ns, sizeof(*ser), cmp_kernel);
	render_metric_label(&sb, first->first->metric, first->first->unit);
	g->ylabel = strbuf_detach(&sb, NULL);
	strbuf_addf(&sb, "%s: %s", first->first->benchmark ? first->first->benchmark : "?", g->ylabel);
	g->title = strbuf_detach(&sb, NULL);
	file_stem(&sb, first);
	g->file = strbuf_detach(&sb, NULL);
	g->xlabel = xstrdup(x_mask == KEY(KERNEL) ? "kernel" : "file system");
	g->x = xcalloc(g->nx ? g->nx : 1, sizeof(*g->x));
	for (i = 0; i < g->nx; i++) {
		point_label(&sb, xs, g->nx, i, x_mask, with_hw);
		g->x[i] = strbuf_detach(&sb, NULL);
	}
	g->s = xcalloc(g->ns ? g->ns : 1, sizeof(*g->s));
	for (j = 0; j < g->ns; j++) {
		point_label(&sb, ser, g->ns, j, s_mask, with_hw);
		g->s[j].name = strbuf_detach(&sb, NULL);
		g->s[j].y = xcalloc(g->nx ? g->nx : 1, sizeof(double));
		g->s[j].err = xcalloc(g->nx ? g->nx : 1, sizeof(double));
		for (i = 0; i < g->nx; i++) {
			g->s[j].y[i] = NAN;
			for (k = 0; k < ss->nr; k++)
				if (render_series_match(&ss->v[k], first, RENDER_ROW_KEYS) &&
				    render_series_match(&ss->v[k], xs[i], x_mask) &&
				    render_series_match(&ss->v[k], ser[j], s_mask)) {
					/* the tables' centre and spread, so that graph and table agree */
					g->s[j].y[i] = render_series_centre(&ss->v[k], median);
					g->s[j].err[i] = render_series_sd(&ss->v[k]);
					break;
				}
		}
	}
	free(xs);
	free(ser);
}

/* Two graphs must not write one file: "untar-total", "untar-total-2". */
static void unique_files(struct render_graph_set *gs)
{
	char **base = xcalloc(gs->nr ? gs->nr : 1, sizeof(*base));
	size_t i, j, n;

	for (i = 0; i < gs->nr; i++)
		base[i] = xstrdup(gs->v[i].file);
	for (i = 0; i < gs->nr; i++) {
		for (j = 0, n = 1; j < i; j++)
			n += !strcmp(base[j], base[i]);
		if (n > 1) {
			struct strbuf sb = STRBUF_INIT;

			strbuf_addf(&sb, "%s-%zu", base[i], n);
			free(gs->v[i].file);
			gs->v[i].file = strbuf_detach(&sb, NULL);
		}
	}
	for (i = 0; i < gs->nr; i++)
		free(base[i]);
	free(base);
}

int render_graphs_build(struct render_graph_set *out, const struct recset *set,
			const struct render_graph_opts *opts)
{
	struct render_series_set ss = RENDER_SERIES_SET_INIT;
	struct render_strings kernels = { 0 }, hws = { 0 };
	const struct render_series **configs, **rows;
	enum render_graph_kind k;
	unsigned x_mask, s_mask;
	size_t i, nconfigs, nrows;

	render_series_group(&ss, set);
	if (!ss.nr) {
		render_series_set_release(&ss);
		return err_set("nothing to plot: no numbers in the selection");
	}
	render_distinct(&kernels, &ss, RENDER_KERNEL, NULL, 0);
	render_distinct(&hws, &ss, RENDER_HARDWARE, NULL, 0);
	/* configurations across all graphs decide the axes, so that graphs agree */
	nconfigs = render_series_distinct(&configs, &ss, NULL, 0, CONFIG_KEYS);
	free(configs);
	if (!strcmp(opts->kind, "lines") || (!strcmp(opts->kind, "auto") && kernels.nr > 2))
		k = RENDER_GRAPH_LINES;
	else
		k = RENDER_GRAPH_BARS;
	if (k == RENDER_GRAPH_LINES || nconfigs == 1) {
		x_mask = KEY(KERNEL);
		s_mask = CONFIG_KEYS;
	} else {
		x_mask = CONFIG_KEYS;
		s_mask = KEY(KERNEL);
	}
	nrows = render_series_distinct(&rows, &ss, NULL, 0, RENDER_ROW_KEYS);
	/* benchmarks in order of appearance, each one's metrics in the tables' order */
	if (nrows)
		sort_rows(rows, nrows);
	for (i = 0; i < nrows; i++) {
		if (!opts->detail && render_series_role(&ss, rows[i]) == RENDER_ROLE_DETAIL)
			continue;
		ALLOC_GROW(out->v, out->nr + 1, out->alloc);
		build_one(&out->v[out->nr++], &ss, rows[i], k, x_mask, s_mask, hws.nr > 1, opts->median);
	}
	free(rows);
	unique_files(out);
	render_strings_release(&kernels);
	render_strings_release(&hws);
	render_series_set_release(&ss);
	if (!out->nr)
		return err_set("nothing to plot: no metric in the selection is shown without --detail");
	return 0;
}

void render_graph_set_release(struct render_graph_set *gs)
{
	size_t i, j;

	for (i = 0; i < gs->nr; i++) {
		struct render_graph *g = &gs->v[i];

		for (j = 0; j < g->nx; j++)
			free(g->x[j]);
		for (j = 0; j < g->ns; j++) {
			free(g->s[j].name);
			free(g->s[j].y);
			free(g->s[j].err);
		}
		free(g->x);
		free(g->s);
		free(g->title);
		free(g->ylabel);
		free(g->xlabel);
		free(g->file);
	}
	free(gs->v);
	memset(gs, 0, sizeof(*gs));
}
