#include "render_diff.h"
#include "render_caveat.h"
#include "render_series.h"
#include "render_text.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct diff_state {
	const struct render_diff_opts *opts;
	struct render_table *t;
	struct render_diff_summary *sum;
	const struct render_series_set *os, *ns;
	int median;
	int too_small;     /* some row can never reach significance */
	int untested;      /* some row has a single sample a side */
	struct strbuf hidden_metrics;
	struct render_caveat_marks caveats;   /* rates measured over too little time, either side */
};

enum { COL_OLD, COL_NEW, COL_CHANGE, COL_P };

static const struct render_series *counterpart(const struct render_series_set *ss,
					       const struct render_series *s)
{
	size_t i;

	for (i = 0; i < ss->nr; i++)
		if (render_series_match(&ss->v[i], s, RENDER_ROW_KEYS))
			return &ss->v[i];
	return NULL;
}

static const char *verdict(enum render_better better, double shift)
{
	if (better == RENDER_BETTER_UNKNOWN || shift == 0)
		return "changed";
	if ((better == RENDER_BETTER_LOWER) == (shift < 0))
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

static void p_and_n(struct strbuf *out, const struct stats_result *res, int has_p, size_t na, size_t nb)
{
	strbuf_addch(out, '(');
	if (has_p && res->p < 0.001)
		strbuf_addstr(out, "p<0.001 ");
	else if (has_p)
		strbuf_addf(out, "p=%.3f ", res->p);
	strbuf_addf(out, "n=%zu+%zu)", na, nb);
}

static void compare_row(struct diff_state *st, const struct render_series *o,
			const struct render_series *n, const char *label)
{
	const struct render_diff_opts *opts = st->opts;
	struct render_cell *cells = render_table_add_row(st->t, label);
	double co = render_series_centre(o, st->median);
	double shift = opts->test->shift(o->v, o->n, n->v, n->n), pct = NAN;
	struct stats_result res;
	struct strbuf sb = STRBUF_INIT;
	int tested = opts->test->run(&res, o->v, o->n, n->v, n->n) == 0;
	int reachable = tested && res.min_p <= opts->alpha;
	int significant = reachable && res.p < opts->alpha;
	const char *note = NULL;

	centre_cell(&cells[COL_OLD], o, st->median);
	centre_cell(&cells[COL_NEW], n, st->median);
	if (co != 0 && !isnan(shift))
		pct = shift / fabs(co) * 100;
	if (!isnan(pct) && (significant || !reachable))
		render_change(&sb, pct);
	else
		strbuf_addch(&sb, '~');
	if (significant)
		note = verdict(render_metric_better(render_series_key(o, RENDER_METRIC),
						    render_series_key(o, RENDER_UNIT)), shift);
	else if (!reachable)
		/* no outcome of so few samples could pass: say so, never "same" */
		note = "~*";
	render_cell_set(&cells[COL_CHANGE], sb.buf, NULL, note);
	st->too_small |= !reachable;
	st->sum->tested += reachable;
	st->untested |= !tested || res.min_p >= 1;
	strbuf_reset(&sb);
	p_and_n(&sb, &res, tested && res.min_p < 1, o->n, n->n);
	render_cell_set(&cells[COL_P], NULL, NULL, sb.buf);
	if (significant && !isnan(pct) && render_series_role(st->os, o) == RENDER_ROLE_MAIN &&
	    (!st->sum->headline || fabs(pct) > fabs(st->sum->headline_change))) {
		st->sum->headline = render_series_key(o, RENDER_BENCHMARK);
		st->sum->headline_change = pct;
	}
	strbuf_release(&sb);
}

static void one_side_row(struct diff_state *st, const struct render_series *s, int old,
			 const char *label)
{
	struct render_cell *cells = render_table_add_row(st->t, label);

	centre_cell(&cells[old ? COL_OLD : COL_NEW], s, st->median);
	render_cell_set(&cells[COL_P], NULL, NULL, old ? "(only old)" : "(only new)");
	st->sum->one_sided++;
}

/* Whether a row is shown: every one with --detail, else the compact ones. */
static int shown(struct diff_state *st, const struct render_series_set *ss,
		 const struct render_series *s)
{
	const char *metric = render_series_key(s, RENDER_METRIC);


	/*
	 * A rate the run flagged as an artefact of its clock cannot say
	 * whether anything changed: a comparison shows it with --detail
	 * only; the method paragraph names it and why.
	 */
	if (st->opts->detail ||
	    (render_series_role(ss, s) != RENDER_ROLE_DETAIL && !render_metric_is_flagged(metric)))
		return 1;
	st->sum->hidden++;
	/* the names are a hint, not a list: the first few say what kind */
	if (st->hidden_metrics.len < 40)
		render_list_add(&st->hidden_metrics, metric ? metric : "value", ", ");
	else
		render_list_add(&st->hidden_metrics, "...", ", ");
	return 0;
}

/* A geometric mean per unit over the rows shown on both sides. */
static void geomean_rows(struct diff_state *st, const struct render_series *const *rows, size_t nr)
{
	struct strbuf done = STRBUF_INIT, unit = STRBUF_INIT, other = STRBUF_INIT;
	size_t i, j;

	for (i = 0; i < nr; i++) {
		double *a = xcalloc(nr, sizeof(*a)), *b = xcalloc(nr, sizeof(*b));
		size_t k = 0;

		strbuf_reset(&unit);
		render_unit_key(&unit, render_series_key(rows[i], RENDER_UNIT));
		strbuf_addch(&unit, '\n');
		if (strstr(done.buf, unit.buf) && done.len) {
			free(a);
			free(b);
			continue;
		}
		strbuf_addstr(&done, unit.buf);
		for (j = i; j < nr; j++) {
			strbuf_reset(&other);
			render_unit_key(&other, render_series_key(rows[j], RENDER_UNIT));
			strbuf_addch(&other, '\n');
			if (strcmp(other.buf, unit.buf))
				continue;
			a[k] = render_series_centre(rows[j], st->median);
			b[k++] = render_series_centre(counterpart(st->ns, rows[j]), st->median);
		}
		/* one benchmark is its own summary; zeros have no geometric mean */
		if (k > 1 && !isnan(stats_geomean(a, k)) && !isnan(stats_geomean(b, k))) {
			double ga = stats_geomean(a, k), gb = stats_geomean(b, k);
			struct strbuf label = STRBUF_INIT, v = STRBUF_INIT;
			struct render_cell *cells;

			strbuf_setlen(&unit, unit.len - 1);
			strbuf_addstr(&label, "geomean");
			if (unit.len && strcmp(unit.buf, "?"))
				strbuf_addf(&label, " (%s)", unit.buf);
			cells = render_table_add_row(st->t, label.buf);
			render_number(&v, ga, render_spread_decimals(ga / 100, 6));
			render_cell_set(&cells[COL_OLD], v.buf, NULL, NULL);
			strbuf_reset(&v);
			render_number(&v, gb, render_spread_decimals(gb / 100, 6));
			render_cell_set(&cells[COL_NEW], v.buf, NULL, NULL);
			strbuf_reset(&v);
			render_change(&v, (gb / ga - 1) * 100);
			render_cell_set(&cells[COL_CHANGE], v.buf, NULL, NULL);
			strbuf_release(&v);
			strbuf_release(&label);
		}
		free(a);
		free(b);
	}
	strbuf_release(&done);
	strbuf_release(&unit);
	strbuf_release(&other);
}

/* A rate the run's clock or a tiny job makes meaningless is said under the table, as in a run's. */
static void mark_caveats(struct diff_state *st, const struct render_series *row,
			 const struct render_series *o, const struct render_series *n)
{
	struct render_caveat c;

	if (o && render_rate_caveat(&c, st->os, o))
		render_caveat_mark(&st->caveats, row, &c);
	if (n && render_rate_caveat(&c, st->ns, n))
		render_caveat_mark(&st->caveats, row, &c);
}

static void whole_bench_name(struct strbuf *out, const void *ctx, const struct render_series *row)
{
	(void)ctx;
	strbuf_addstr(out, render_series_key(row, RENDER_BENCHMARK));
}

/* Benchmarks in order of appearance (old side first), their metrics in the usual order. */
static size_t order_rows(const struct render_series ***out, const struct render_series_set *os,
			 const struct render_series_set *ns)
{
	const struct render_series **all = xcalloc(os->nr + ns->nr + 1, sizeof(*all));
	const struct render_series **v = xcalloc(os->nr + ns->nr + 1, sizeof(*v));
	size_t nall = 0, nr = 0, i, j, k;

	for (i = 0; i < os->nr; i++)
		all[nall++] = &os->v[i];
	for (i = 0; i < ns->nr; i++)
		if (!counterpart(os, &ns->v[i]))
			all[nall++] = &ns->v[i];
	for (i = 0; i < nall; i++) {
		size_t start = nr;

		for (j = 0; j < i && !render_series_match(all[j], all[i], RENDER_KEY(BENCHMARK)); j++)
			;
		if (j < i)
			continue;
		/* the benchmark's rows, sorted stably by the metric's usual place */
		for (j = i; j < nall; j++) {
			if (!render_series_match(all[j], all[i], RENDER_KEY(BENCHMARK)))
				continue;
			for (k = nr; k > start && render_metric_rank(render_series_key(v[k - 1], RENDER_METRIC)) >
			     render_metric_rank(render_series_key(all[j], RENDER_METRIC)); k--)
				v[k] = v[k - 1];
			v[k] = all[j];
			nr++;
		}
	}
	free(all);
	*out = v;
	return nr;
}

size_t render_diff(struct render_table *t, struct render_diff_summary *summary,
		   const struct recset *old_set, const struct recset *new_set,
		   const struct render_diff_opts *opts)
{
	struct render_series_set os = RENDER_SERIES_SET_INIT, ns = RENDER_SERIES_SET_INIT;
	struct diff_state st = { opts, t, summary, &os, &ns, 0, 0, 0, STRBUF_INIT, { NULL, 0, 0 } };
	const struct render_series **rows, **both, *last = NULL;
	size_t nrows, nboth = 0, i;

	memset(summary, 0, sizeof(*summary));
	st.median = !strcmp(opts->test->centre, "median");
	render_series_group(&os, old_set);
	render_series_group(&ns, new_set);
	nrows = order_rows(&rows, &os, &ns);
	both = xcalloc(nrows + 1, sizeof(*both));
	render_table_set_title(t, opts->title && *opts->title ? opts->title : NULL, NULL);
	t->no_split = 1;
	t->align_right = 1;
	/* "(p=0.008 n=5+5)" reads as part of the change before it */
	t->tight_last = 1;
	render_table_add_col(t, opts->old_name);
	render_table_add_col(t, opts->new_name);
	render_table_add_col(t, "change");
	render_table_add_col(t, "");
	for (i = 0; i < nrows; i++) {
		const struct render_series *s = rows[i];
		int old = s >= os.v && s < os.v + os.nr;
		const struct render_series *o = old ? s : NULL, *n = old ? counterpart(&ns, s) : s;
		struct strbuf label = STRBUF_INIT;

		if (!shown(&st, old ? &os : &ns, s))
			continue;
		if (!last || !render_series_match(last, s, RENDER_KEY(BENCHMARK)))
			render_table_add_section(t, render_series_key(s, RENDER_BENCHMARK));
		last = s;
		strbuf_addstr(&label, "  ");
		render_metric_label(&label, render_series_key(s, RENDER_METRIC),
				    render_series_key(s, RENDER_UNIT));
		if (o && n) {
			compare_row(&st, o, n, label.buf);
			both[nboth++] = o;
			summary->compared++;
		} else {
			one_side_row(&st, s, old, label.buf);
		}
		mark_caveats(&st, s, o, n);
		strbuf_release(&label);
	}
	geomean_rows(&st, both, nboth);
	render_table_add_note(t, "%s +- relative sample standard deviation; change: the %s, "
			      "in percent of the old %s",
			      opts->test->centre, opts->test->shift_name, opts->test->centre);
	render_table_add_note(t, "p: two-sided %s test%s, alpha %g; ~: not significant; "
			      "n: samples old+new",
			      opts->test->title,
			      !strcmp(opts->test->name, "utest") ? " (exact up to 50 samples)" : "",
			      opts->alpha);
	if (st.too_small) {
		size_t need = stats_n_needed(opts->test, opts->alpha);
		char at_least[40] = "";

		if (need)
			snprintf(at_least, sizeof(at_least), " (%zu a side at least)", need);
		render_table_add_note(t, "~*: too few samples for the %s test to ever reach "
				      "p < %g: the change is what was measured, not a finding; "
				      "run more iterations%s", opts->test->title, opts->alpha, at_least);
	}
	if (summary->one_sided)
		render_table_add_note(t, "only old, only new: measured on that side only");
	render_caveat_notes(t, &st.caveats, whole_bench_name, NULL, 0);
	/* tables that share their footnotes get one count of them all from their caller */
	if (summary->hidden && !opts->notes)
		render_table_add_note(t, "%zu more metric%s (%s) with --detail", summary->hidden,
				      summary->hidden == 1 ? "" : "s", st.hidden_metrics.buf);
	free(rows);
	free(both);
	strbuf_release(&st.hidden_metrics);
	render_caveat_marks_release(&st.caveats);
	render_series_set_release(&os);
	render_series_set_release(&ns);
	return summary->compared;
}
