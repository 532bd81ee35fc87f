#include "render_diff.h"
#include "render_series.h"
#include "render_text.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define ROW_KEYS ((1u << RENDER_BENCHMARK) | (1u << RENDER_METRIC) | (1u << RENDER_UNIT))

struct diff_state {
	const struct render_diff_opts *opts;
	struct render_table *t;
	int too_small;     /* some row can never reach significance */
	size_t n_old, n_new;
	int uniform_n;     /* then n is said once, else in a column of its own */
	size_t col_change;
};

#define COL_N 2

static const struct render_series *counterpart(const struct render_series_set *ss,
					       const struct render_series *s)
{
	size_t i;

	for (i = 0; i < ss->nr; i++)
		if (render_series_match(&ss->v[i], s, ROW_KEYS))
			return &ss->v[i];
	return NULL;
}

static const char *verdict(enum render_better better, double change)
{
	if (better == RENDER_BETTER_UNKNOWN)
		return "changed";
	if ((better == RENDER_BETTER_LOWER) == (change < 0))
		return "better";
	return "worse";
}

static void centre_cell(struct render_cell *cell, const struct render_series *s, int median)
{
	struct strbuf v = STRBUF_INIT, sp = STRBUF_INIT;

	render_series_cell(&v, &sp, s, median);
	render_cell_set(cell, v.buf, sp.len ? sp.buf : NULL, NULL);
	strbuf_release(&v);
	strbuf_release(&sp);
}

static void p_value(struct strbuf *out, double p)
{
	if (p < 0.001)
		strbuf_addstr(out, "<0.001");
	else
		render_number(out, p, 3);
}

static double centre(const struct render_series *s, int median)
{
	struct stats_summary sum;

	stats_summarize(&sum, s->v, s->n);
	return median ? sum.median : sum.mean;
}

static void compare_row(struct diff_state *st, const struct render_series *o,
			const struct render_series *n, const char *label)
{
	const struct render_diff_opts *opts = st->opts;
	int median = !strcmp(opts->test->centre, "median");
	struct render_cell *cells = render_table_add_row(st->t, label);
	double co = centre(o, median), cn = centre(n, median);
	struct stats_result res;
	struct strbuf sb = STRBUF_INIT;
	int tested;

	centre_cell(&cells[0], o, median);
	centre_cell(&cells[1], n, median);
	if (!st->uniform_n) {
		strbuf_addf(&sb, "%zu", o->n);
		if (o->n != n->n)
			strbuf_addf(&sb, "/%zu", n->n);
		render_cell_set(&cells[COL_N], sb.buf, NULL, NULL);
		strbuf_reset(&sb);
	}
	if (co != 0) {
		/* a sign on every change: "+3.0" next to "-3.0" reads at a glance */
		if (cn > co)
			strbuf_addch(&sb, '+');
		render_number(&sb, (cn - co) / fabs(co) * 100, 1);
		strbuf_addch(&sb, '%');
		render_cell_set(&cells[st->col_change], sb.buf, NULL, NULL);
	}
	tested = opts->test->run(&res, o->v, o->n, n->v, n->n) == 0;
	strbuf_reset(&sb);
	if (!tested || res.min_p > opts->alpha) {
		/* no outcome of so few samples could pass: say so, never "same" */
		st->too_small = 1;
		/* one sample a side: there is no p to speak of */
		if (tested && res.min_p < 1)
			p_value(&sb, res.p);
		else
			strbuf_addstr(&sb, "-");
		render_cell_set(&cells[st->col_change + 1], sb.buf, NULL, "~*");
	} else {
		p_value(&sb, res.p);
		render_cell_set(&cells[st->col_change + 1], sb.buf, NULL,
				res.p < opts->alpha ?
				verdict(render_metric_better(render_series_key(o, RENDER_METRIC),
							     render_series_key(o, RENDER_UNIT)), cn - co) :
				"~");
	}
	strbuf_release(&sb);
}

static void geomean_rows(struct diff_state *st, const struct render_series_set *os,
			 const struct render_series_set *ns)
{
	int median = !strcmp(st->opts->test->centre, "median");
	struct render_strings metrics = { 0 };
	size_t m, i;

	render_distinct(&metrics, os, RENDER_METRIC, NULL, 0);
	for (m = 0; m < metrics.nr; m++) {
		double *a = NULL, *b = NULL;
		size_t nr = 0, alloc_a = 0, alloc_b = 0;
		const char *unit = NULL;
		int decimals = 0;

		for (i = 0; i < os->nr; i++) {
			const struct render_series *o = &os->v[i], *n;
			const char *metric = render_series_key(o, RENDER_METRIC);

			if (strcmp(metric ? metric : "", metrics.v[m] ? metrics.v[m] : ""))
				continue;
			if (!(n = counterpart(ns, o)))
				continue;
			ALLOC_GROW(a, nr + 1, alloc_a);
			ALLOC_GROW(b, nr + 1, alloc_b);
			a[nr] = centre(o, median);
			b[nr] = centre(n, median);
			unit = render_series_key(o, RENDER_UNIT);
			if (o->decimals > decimals)
				decimals = o->decimals;
			nr++;
		}
		/* one benchmark is its own summary; zeros have no geometric mean */
		if (nr > 1 && !isnan(stats_geomean(a, nr)) && !isnan(stats_geomean(b, nr))) {
			struct strbuf label = STRBUF_INIT, v = STRBUF_INIT;
			double ga = stats_geomean(a, nr), gb = stats_geomean(b, nr);
			struct render_cell *cells;

			strbuf_addstr(&label, "geomean ");
			render_metric_label(&label, metrics.v[m], unit);
			cells = render_table_add_row(st->t, label.buf);
			render_number(&v, ga, decimals);
			render_cell_set(&cells[0], v.buf, NULL, NULL);
			strbuf_reset(&v);
			render_number(&v, gb, decimals);
			render_cell_set(&cells[1], v.buf, NULL, NULL);
			strbuf_reset(&v);
			if (gb > ga)
				strbuf_addch(&v, '+');
			render_number(&v, (gb / ga - 1) * 100, 1);
			strbuf_addch(&v, '%');
			render_cell_set(&cells[st->col_change], v.buf, NULL, NULL);
			strbuf_release(&v);
			strbuf_release(&label);
		}
		free(a);
		free(b);
	}
	render_strings_release(&metrics);
}

/* Benchmarks in order of appearance, their metrics in the usual order (elapsed, user, ...). */
static void sort_rows(struct render_series_set *ss)
{
	size_t *bench = xcalloc(ss->nr ? ss->nr : 1, sizeof(*bench)), i, j;

	for (i = 0; i < ss->nr; i++)
		for (bench[i] = 0; bench[i] < i; bench[i]++)
			if (render_series_match(&ss->v[bench[i]], &ss->v[i], 1u << RENDER_BENCHMARK))
				break;
	for (i = 1; i < ss->nr; i++)
		for (j = i; j > 0; j--) {
			struct render_series tmp;
			size_t tb;
			int before = bench[j] < bench[j - 1] ||
				     (bench[j] == bench[j - 1] &&
				      render_metric_rank(render_series_key(&ss->v[j], RENDER_METRIC)) <
				      render_metric_rank(render_series_key(&ss->v[j - 1], RENDER_METRIC)));

			if (!before)
				break;
			tmp = ss->v[j];
			ss->v[j] = ss->v[j - 1];
			ss->v[j - 1] = tmp;
			tb = bench[j];
			bench[j] = bench[j - 1];
			bench[j - 1] = tb;
		}
	free(bench);
}

size_t render_diff(struct render_table *t, const struct recset *old_set,
		   const struct recset *new_set, const struct render_diff_opts *opts)
{
	struct render_series_set os = RENDER_SERIES_SET_INIT, ns = RENDER_SERIES_SET_INIT;
	struct diff_state st = { opts, t, 0, 0, 0, 1, 2 };
	size_t i, j, compared = 0;

	render_series_group(&os, old_set);
	render_series_group(&ns, new_set);
	sort_rows(&os);
	for (i = 0; i < os.nr; i++) {
		const struct render_series *n = counterpart(&ns, &os.v[i]);

		if (!n)
			continue;
		if ((st.n_old && st.n_old != os.v[i].n) || (st.n_new && st.n_new != n->n))
			st.uniform_n = 0;
		st.n_old = os.v[i].n;
		st.n_new = n->n;
	}
	render_table_set_title(t, opts->title, NULL);
	render_table_add_col(t, opts->old_name);
	render_table_add_col(t, opts->new_name);
	if (!st.uniform_n) {
		render_table_add_col(t, "n");
		st.col_change = 3;
	}
	render_table_add_col(t, "change");
	render_table_add_col(t, "p");
	for (i = 0; i < os.nr; i++) {
		const struct render_series *o = &os.v[i];
		struct strbuf label = STRBUF_INIT;
		size_t metrics = 0;

		/* each benchmark once: at its first series, with all its metrics */
		for (j = 0; j < i; j++)
			if (render_series_match(&os.v[j], o, 1u << RENDER_BENCHMARK))
				break;
		if (j < i)
			continue;
		for (j = i; j < os.nr; j++)
			if (render_series_match(&os.v[j], o, 1u << RENDER_BENCHMARK) &&
			    counterpart(&ns, &os.v[j]))
				metrics++;
		if (!metrics)
			continue;
		render_table_add_section(t, render_series_key(o, RENDER_BENCHMARK));
		for (j = i; j < os.nr; j++) {
			const struct render_series *n;

			if (!render_series_match(&os.v[j], o, 1u << RENDER_BENCHMARK) ||
			    !(n = counterpart(&ns, &os.v[j])))
				continue;
			strbuf_reset(&label);
			strbuf_addstr(&label, "  ");
			render_metric_label(&label, render_series_key(&os.v[j], RENDER_METRIC),
					    render_series_key(&os.v[j], RENDER_UNIT));
			compare_row(&st, &os.v[j], n, label.buf);
			compared++;
		}
		strbuf_release(&label);
	}
	geomean_rows(&st, &os, &ns);
	render_table_add_note(t, "%s +- sample standard deviation%s; change of the %s; "
			      "p: two-sided %s test%s, alpha %g; ~: not significant",
			      opts->test->centre, st.uniform_n ? "" : " of n samples (old/new)",
			      opts->test->centre, opts->test->title,
			      !strcmp(opts->test->name, "utest") ? " (exact up to 50 samples)" : "",
			      opts->alpha);
	if (st.uniform_n && compared)
		render_table_add_note(t, "n=%zu samples of %s, n=%zu of %s", st.n_old,
				      opts->old_name, st.n_new, opts->new_name);
	if (st.too_small)
		render_table_add_note(t, "~*: too few samples for the %s test to ever reach "
				      "p < %g; run more iterations", opts->test->title, opts->alpha);
	render_series_set_release(&os);
	render_series_set_release(&ns);
	return compared;
}
