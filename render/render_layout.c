#include "render_layout.h"
#include "render_series.h"

#include <stdlib.h>
#include <string.h>

#define KEY(k) (1u << RENDER_##k)

/* Table-wide sample counts: one note when all agree, per cell otherwise. */
struct count_check {
	size_t n;
	int uniform;
};

static void count_seen(struct count_check *c, size_t n)
{
	if (!c->n)
		c->n = n;
	else if (c->n != n)
		c->uniform = 0;
}

static void fill_cell(struct render_cell *cell, const struct render_series *s)
{
	struct strbuf value = STRBUF_INIT, spread = STRBUF_INIT, note = STRBUF_INIT;

	render_series_cell(&value, &spread, s, 0);
	strbuf_addf(&note, "n=%zu", s->n);
	render_cell_set(cell, value.buf, spread.len ? spread.buf : NULL, note.buf);
	strbuf_release(&value);
	strbuf_release(&spread);
	strbuf_release(&note);
}

/* Drops the per-cell "n=" notes when every cell has the same n, noting it once. */
static void finish_counts(struct render_table *t, const struct count_check *c)
{
	size_t i, j;

	if (!c->uniform)
		return;
	for (i = 0; i < t->nrows; i++)
		for (j = 0; t->rows[i].cells && j < t->ncols; j++) {
			free(t->rows[i].cells[j].note);
			t->rows[i].cells[j].note = NULL;
		}
	if (c->n > 1)
		render_table_add_note(t, "mean +- sample standard deviation of n=%zu runs", c->n);
	else if (c->n == 1)
		render_table_add_note(t, "one sample each: no spread to show");
}

static const struct render_series *find(const struct render_series_set *ss,
					const struct render_series *like, unsigned mask,
					enum render_key k, const char *v)
{
	size_t i;

	for (i = 0; i < ss->nr; i++) {
		const char *have = render_series_key(&ss->v[i], k);

		if (render_series_match(&ss->v[i], like, mask) &&
		    !strcmp(have ? have : "", v ? v : ""))
			return &ss->v[i];
	}
	return NULL;
}

static int cmp_metric(const void *pa, const void *pb)
{
	const char *a = *(const char *const *)pa, *b = *(const char *const *)pb;

	return render_metric_rank(a) - render_metric_rank(b);
}

/*
 * The rows of one benchmark: a single metric is one row named after the
 * benchmark ("kuntar (s)"), several are a heading with a row per metric.
 * mask names what every cell of the table shares.
 */
struct columns {
	const struct render_series **rep;   /* a series of each column's kernel or config */
	size_t nr, alloc;
	unsigned mask;                      /* what a column's series share with rep */
};

static void add_benchmark_rows(struct render_table *t, const struct render_series_set *ss,
			       const struct render_series *bench, unsigned mask,
			       const struct columns *cols, struct count_check *counts)
{
	struct render_strings metrics = { 0 };
	size_t m, c;

	render_distinct(&metrics, ss, RENDER_METRIC, bench, mask | KEY(BENCHMARK));
	/* a stable sort keeps the order of appearance among unknown metrics */
	for (m = 1; m < metrics.nr; m++)
		for (c = m; c > 0 && cmp_metric(&metrics.v[c - 1], &metrics.v[c]) > 0; c--) {
			const char *tmp = metrics.v[c];

			metrics.v[c] = metrics.v[c - 1];
			metrics.v[c - 1] = tmp;
		}
	if (metrics.nr > 1)
		render_table_add_section(t, render_series_key(bench, RENDER_BENCHMARK));
	for (m = 0; m < metrics.nr; m++) {
		const struct render_series *any = NULL;
		struct strbuf label = STRBUF_INIT;
		struct render_cell *cells;
		size_t i;

		for (i = 0; i < ss->nr && !any; i++) {
			const char *metric = render_series_key(&ss->v[i], RENDER_METRIC);

			if (render_series_match(&ss->v[i], bench, mask | KEY(BENCHMARK)) &&
			    !strcmp(metric ? metric : "", metrics.v[m] ? metrics.v[m] : ""))
				any = &ss->v[i];
		}
		if (metrics.nr > 1) {
			strbuf_addstr(&label, "  ");
			render_metric_label(&label, metrics.v[m], render_series_key(any, RENDER_UNIT));
		} else {
			const char *unit = render_series_key(any, RENDER_UNIT);
			const char *metric = metrics.v[m];

			strbuf_addstr(&label, render_series_key(bench, RENDER_BENCHMARK));
			if (metric && strcmp(metric, "value") && strcmp(metric, "elapsed"))
				strbuf_addf(&label, " %s", metric);
			if (unit && *unit && strcmp(unit, "?"))
				strbuf_addf(&label, " (%s)", unit);
		}
		cells = render_table_add_row(t, label.buf);
		for (c = 0; c < cols->nr; c++) {
			const unsigned row = mask | KEY(BENCHMARK) | KEY(METRIC) | KEY(UNIT);

			for (i = 0; i < ss->nr; i++)
				if (render_series_match(&ss->v[i], any, row) &&
				    render_series_match(&ss->v[i], cols->rep[c], cols->mask))
					break;
			if (i < ss->nr) {
				fill_cell(&cells[c], &ss->v[i]);
				count_seen(counts, ss->v[i].n);
			}
		}
		strbuf_release(&label);
	}
	render_strings_release(&metrics);
}

static void add_all_benchmarks(struct render_table *t, const struct render_series_set *ss,
			       const struct render_series *like, unsigned mask,
			       const struct columns *cols, struct count_check *counts)
{
	size_t i, j;

	for (i = 0; i < ss->nr; i++) {
		if (!render_series_match(&ss->v[i], like, mask))
			continue;
		/* the first series of each benchmark stands for it */
		for (j = 0; j < i; j++)
			if (render_series_match(&ss->v[j], &ss->v[i], mask | KEY(BENCHMARK)))
				break;
		if (j == i)
			add_benchmark_rows(t, ss, &ss->v[i], mask, cols, counts);
	}
}

static void emit(struct strbuf *out, struct render_table *t, const struct count_check *counts,
		 const struct render_table_format *fmt)
{
	finish_counts(t, counts);
	if (out->len)
		strbuf_addch(out, '\n');
	render_table_write(out, t, fmt);
	render_table_release(t);
}

static void write_kernels(struct strbuf *out, const struct recset *set,
			  const struct render_table_format *fmt)
{
	struct render_series_set ss = RENDER_SERIES_SET_INIT;
	struct render_strings hws = { 0 };
	size_t i, j, h;

	render_series_group(&ss, set);
	render_distinct(&hws, &ss, RENDER_HARDWARE, NULL, 0);
	for (h = 0; h < hws.nr; h++) {
		for (i = 0; i < ss.nr; i++) {
			const unsigned mask = KEY(HARDWARE) | KEY(FS) | KEY(OPTIONS);
			struct render_table t = RENDER_TABLE_INIT;
			struct count_check counts = { 0, 1 };
			struct render_strings kernels = { 0 };
			struct columns cols = { NULL, 0, 0, KEY(KERNEL) };
			struct strbuf title = STRBUF_INIT;
			const char *hw = render_series_key(&ss.v[i], RENDER_HARDWARE);
			size_t k;

			if (strcmp(hw ? hw : "", hws.v[h] ? hws.v[h] : ""))
				continue;
			for (j = 0; j < i; j++)
				if (render_series_match(&ss.v[j], &ss.v[i], mask))
					break;
			if (j < i)
				continue;
			render_config_name(&title, ss.v[i].first);
			if (hws.nr > 1)
				strbuf_addf(&title, " on %s", hw ? hw : "?");
			render_distinct(&kernels, &ss, RENDER_KERNEL, &ss.v[i], mask);
			render_table_set_title(&t, title.buf, NULL);
			for (k = 0; k < kernels.nr; k++) {
				render_table_add_col(&t, kernels.v[k] ? kernels.v[k] : "?");
				ALLOC_GROW(cols.rep, cols.nr + 1, cols.alloc);
				cols.rep[cols.nr++] = find(&ss, &ss.v[i], mask, RENDER_KERNEL, kernels.v[k]);
			}
			add_all_benchmarks(&t, &ss, &ss.v[i], mask, &cols, &counts);
			free(cols.rep);
			emit(out, &t, &counts, fmt);
			render_strings_release(&kernels);
			strbuf_release(&title);
		}
	}
	render_strings_release(&hws);
	render_series_set_release(&ss);
}

static void write_configs(struct strbuf *out, const struct recset *set,
			  const struct render_table_format *fmt)
{
	const unsigned cfg_mask = KEY(FS) | KEY(OPTIONS);
	struct render_series_set ss = RENDER_SERIES_SET_INIT;
	size_t i, j, c;

	render_series_group(&ss, set);
	for (i = 0; i < ss.nr; i++) {
		const unsigned mask = KEY(HARDWARE) | KEY(KERNEL);
		struct render_table t = RENDER_TABLE_INIT;
		struct count_check counts = { 0, 1 };
		struct strbuf title = STRBUF_INIT;
		const struct render_series **first = NULL;
		size_t nfirst = 0, afirst = 0;
		const char *kernel = render_series_key(&ss.v[i], RENDER_KERNEL);
		const char *hw = render_series_key(&ss.v[i], RENDER_HARDWARE);

		for (j = 0; j < i; j++)
			if (render_series_match(&ss.v[j], &ss.v[i], mask))
				break;
		if (j < i)
			continue;
		strbuf_addf(&title, "%s", kernel ? kernel : "kernel not stated");
		if (hw)
			strbuf_addf(&title, " on %s", hw);
		render_table_set_title(&t, title.buf, NULL);
		/* one representative series per configuration, in order of appearance */
		for (j = 0; j < ss.nr; j++) {
			size_t k;

			if (!render_series_match(&ss.v[j], &ss.v[i], mask))
				continue;
			for (k = 0; k < nfirst; k++)
				if (render_series_match(first[k], &ss.v[j], cfg_mask))
					break;
			if (k < nfirst)
				continue;
			ALLOC_GROW(first, nfirst + 1, afirst);
			first[nfirst++] = &ss.v[j];
		}
		for (c = 0; c < nfirst; c++) {
			struct strbuf name = STRBUF_INIT, legend = STRBUF_INIT;

			render_config_short(&name, &legend, first, nfirst, c);
			render_table_add_col(&t, name.buf);
			/* a bare file system needs no legend */
			if (render_series_key(first[c], RENDER_OPTIONS))
				render_table_add_note(&t, "%s: %s", name.buf, legend.buf);
			strbuf_release(&name);
			strbuf_release(&legend);
		}
		{
			struct columns cols = { first, nfirst, afirst, cfg_mask };

			add_all_benchmarks(&t, &ss, &ss.v[i], mask, &cols, &counts);
		}
		emit(out, &t, &counts, fmt);
		free(first);
		strbuf_release(&title);
	}
	render_series_set_release(&ss);
}

static void write_auto(struct strbuf *out, const struct recset *set,
		       const struct render_table_format *fmt)
{
	struct render_series_set ss = RENDER_SERIES_SET_INIT;
	struct render_strings kernels = { 0 };
	int several;

	render_series_group(&ss, set);
	render_distinct(&kernels, &ss, RENDER_KERNEL, NULL, 0);
	several = kernels.nr > 1;
	render_strings_release(&kernels);
	render_series_set_release(&ss);
	if (several)
		write_kernels(out, set, fmt);
	else
		write_configs(out, set, fmt);
}

static const struct render_layout layouts[] = {
	{ "auto", write_auto },
	{ "kernels", write_kernels },
	{ "configs", write_configs },
	{ NULL, NULL },
};

const char *const render_layout_names[] = { "auto", "kernels", "configs", NULL };

const struct render_layout *render_layout_by_name(const char *name)
{
	const struct render_layout *l;

	for (l = layouts; l->name; l++)
		if (!strcmp(l->name, name))
			return l;
	return NULL;
}
