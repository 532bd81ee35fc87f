#include "render_graph.h"
#include "render_series.h"
#include "render_stats.h"
#include "../core/error.h"
#include "../core/kver.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define KEY(k) (1u << RENDER_##k)
#define CONFIG_KEYS (KEY(HARDWARE) | KEY(FS) | KEY(OPTIONS))
#define GRAPH_KEYS (KEY(BENCHMARK) | KEY(METRIC) | KEY(UNIT))

const char *const render_graph_kinds[] = { "auto", "bars", "lines", NULL };

/* Representatives of the distinct values of mask among the series like g. */
static size_t distinct(const struct render_series ***out, const struct render_series_set *ss,
		       const struct render_series *g, unsigned mask)
{
	size_t i, j, nr = 0, alloc = 0;

	*out = NULL;
	for (i = 0; i < ss->nr; i++) {
		if (!render_series_match(&ss->v[i], g, GRAPH_KEYS))
			continue;
		for (j = 0; j < nr; j++)
			if (render_series_match((*out)[j], &ss->v[i], mask))
				break;
		if (j < nr)
			continue;
		ALLOC_GROW(*out, nr + 1, alloc);
		(*out)[nr++] = &ss->v[i];
	}
	return nr;
}

static int cmp_kernel(const void *a, const void *b)
{
	const struct render_series *x = *(const struct render_series *const *)a;
	const struct render_series *y = *(const struct render_series *const *)b;

	return kver_cmp(render_series_key(x, RENDER_KERNEL), render_series_key(y, RENDER_KERNEL));
}

/* Kernels by version, configurations by their short names (long ones overprint). */
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
		strbuf_addf(out, " on %s", s->first->hardware ? s->first->hardware : "?");
	strbuf_release(&legend);
}

static void build_one(struct render_graph *g, const struct render_series_set *ss,
		      const struct render_series *first, enum render_graph_kind kind,
		      unsigned x_mask, unsigned s_mask, int with_hw)
{
	const struct render_series **xs, **ser;
	struct strbuf sb = STRBUF_INIT;
	size_t i, j, k;

	memset(g, 0, sizeof(*g));
	g->kind = kind;
	g->nx = distinct(&xs, ss, first, x_mask);
	g->ns = distinct(&ser, ss, first, s_mask);
	if (x_mask == KEY(KERNEL))
		qsort(xs, g->nx, sizeof(*xs), cmp_kernel);
	render_metric_label(&sb, first->first->metric, first->first->unit);
	g->ylabel = strbuf_detach(&sb, NULL);
	strbuf_addf(&sb, "%s: %s", first->first->benchmark ? first->first->benchmark : "?", g->ylabel);
	g->title = strbuf_detach(&sb, NULL);
	g->xlabel = xstrdup(x_mask == KEY(KERNEL) ? "kernel" : "file system");
	g->x = xcalloc(g->nx, sizeof(*g->x));
	for (i = 0; i < g->nx; i++) {
		point_label(&sb, xs, g->nx, i, x_mask, with_hw);
		g->x[i] = strbuf_detach(&sb, NULL);
	}
	g->s = xcalloc(g->ns, sizeof(*g->s));
	for (j = 0; j < g->ns; j++) {
		point_label(&sb, ser, g->ns, j, s_mask, with_hw);
		g->s[j].name = strbuf_detach(&sb, NULL);
		g->s[j].y = xcalloc(g->nx, sizeof(double));
		g->s[j].err = xcalloc(g->nx, sizeof(double));
		for (i = 0; i < g->nx; i++) {
			struct stats_summary sum = { 0, NAN, 0, NAN, NAN, NAN };

			for (k = 0; k < ss->nr; k++)
				if (render_series_match(&ss->v[k], first, GRAPH_KEYS) &&
				    render_series_match(&ss->v[k], xs[i], x_mask) &&
				    render_series_match(&ss->v[k], ser[j], s_mask)) {
					stats_summarize(&sum, ss->v[k].v, ss->v[k].n);
					break;
				}
			g->s[j].y[i] = sum.mean;
			g->s[j].err[i] = sum.sd;
		}
	}
	free(xs);
	free(ser);
}

int render_graphs_build(struct render_graph_set *out, const struct recset *set, const char *kind)
{
	struct render_series_set ss = RENDER_SERIES_SET_INIT;
	struct render_strings kernels = { 0 }, hws = { 0 };
	enum render_graph_kind k;
	unsigned x_mask, s_mask;
	size_t i, j, nconfigs;

	render_series_group(&ss, set);
	if (!ss.nr) {
		render_series_set_release(&ss);
		return err_set("nothing to plot: no numbers in the selection");
	}
	render_distinct(&kernels, &ss, RENDER_KERNEL, NULL, 0);
	render_distinct(&hws, &ss, RENDER_HARDWARE, NULL, 0);
	/* configurations across all graphs decide the axes, so that graphs agree */
	nconfigs = 0;
	for (i = 0; i < ss.nr; i++) {
		for (j = 0; j < i; j++)
			if (render_series_match(&ss.v[j], &ss.v[i], CONFIG_KEYS))
				break;
		nconfigs += j == i;
	}
	if (!strcmp(kind, "lines") || (!strcmp(kind, "auto") && kernels.nr > 2))
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
	for (i = 0; i < ss.nr; i++) {
		for (j = 0; j < i; j++)
			if (render_series_match(&ss.v[j], &ss.v[i], GRAPH_KEYS))
				break;
		if (j < i)
			continue;
		ALLOC_GROW(out->v, out->nr + 1, out->alloc);
		build_one(&out->v[out->nr++], &ss, &ss.v[i], k, x_mask, s_mask, hws.nr > 1);
	}
	render_strings_release(&kernels);
	render_strings_release(&hws);
	render_series_set_release(&ss);
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
	}
	free(gs->v);
	memset(gs, 0, sizeof(*gs));
}
