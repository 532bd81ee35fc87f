#include "render_kseries.h"
#include "render_text.h"
#include "../core/error.h"
#include "../core/json.h"
#include "../core/kver.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static int ends_with(const char *s, const char *suffix)
{
	size_t ls = strlen(s), lx = strlen(suffix);

	return ls >= lx && !strcmp(s + ls - lx, suffix);
}

enum render_better kseries_better(const char *metric, const char *unit)
{
	enum render_better b = render_metric_better(metric, unit);

	/* Go benchmark files: "ns/op", "B/op", "allocs/op" are costs, "MB/s" a rate */
	if (b == RENDER_BETTER_UNKNOWN && metric && (!unit || !*unit)) {
		if (ends_with(metric, "/op"))
			return RENDER_BETTER_LOWER;
		if (ends_with(metric, "/s"))
			return RENDER_BETTER_HIGHER;
	}
	return b;
}

const char *kseries_verdict(enum render_better better, double before, double after)
{
	if (better == RENDER_BETTER_UNKNOWN || before == after)
		return "changed";
	return (better == RENDER_BETTER_LOWER) == (after < before) ? "better" : "worse";
}

static int uses_median(const struct kseries_opts *o)
{
	return !strcmp(o->test->centre, "median");
}

static double centre_of(const struct render_series *s, int median)
{
	struct stats_summary sum;

	stats_summarize(&sum, s->v, s->n);
	return median ? sum.median : sum.mean;
}

static double percent(double before, double after)
{
	return before != 0 ? (after - before) / fabs(before) * 100 : NAN;
}

/* The distinct kernels of the series and of the list, in version order. */
static size_t kernel_list(const char ***out, const struct render_series_set *ss,
			  const char *const *kernels, size_t nkernels)
{
	const char **v = xcalloc(ss->nr + nkernels + 1, sizeof(*v));
	size_t nr = 0, i, j;

	for (i = 0; i < ss->nr; i++)
		if (render_series_key(&ss->v[i], RENDER_KERNEL))
			v[nr++] = render_series_key(&ss->v[i], RENDER_KERNEL);
	for (i = 0; i < nkernels; i++)
		if (kernels[i])
			v[nr++] = kernels[i];
	if (nr)
		qsort(v, nr, sizeof(*v), kver_cmp_ptr);
	/* equal by kver_cmp is equal bytes: its order is total */
	for (i = j = 0; i < nr; i++)
		if (!j || strcmp(v[j - 1], v[i]))
			v[j++] = v[i];
	*out = v;
	return j;
}

int kseries_build(struct kseries *out, const struct recset *set, const char *const *kernels,
		  size_t nkernels, const struct kseries_opts *opts)
{
	struct changepoint_group *groups;
	const char **names;
	size_t *row_of, ng = 0, i, j;
	int median = uses_median(opts);
	const struct kseries_row *prev = NULL;

	out->opts = opts;
	render_series_group(&out->ss, set);
	if (!out->ss.nr)
		return err_set("nothing to show: no numbers in the selection");
	out->key = out->ss.v[0].first;
	out->better = kseries_better(out->key->metric, out->key->unit);
	for (i = 0; i < out->ss.nr; i++)
		if (!render_series_key(&out->ss.v[i], RENDER_KERNEL))
			out->unversioned += out->ss.v[i].n;
	out->nr = kernel_list(&names, &out->ss, kernels, nkernels);
	out->rows = xcalloc(out->nr + 1, sizeof(*out->rows));
	groups = xcalloc(out->nr + 1, sizeof(*groups));
	row_of = xcalloc(out->nr + 1, sizeof(*row_of));
	for (i = 0; i < out->nr; i++) {
		struct kseries_row *r = &out->rows[i];

		r->kernel = names[i];
		for (j = 0; j < out->ss.nr && !r->s; j++) {
			const char *k = render_series_key(&out->ss.v[j], RENDER_KERNEL);

			if (k && !strcmp(k, names[i]))
				r->s = &out->ss.v[j];
		}
		r->analysed = r->s && r->s->n >= opts->min_samples;
		r->prev = r->s ? prev : NULL;
		if (r->prev) {
			r->change = percent(centre_of(prev->s, median), centre_of(r->s, median));
			if (r->analysed)
				opts->test->run(&r->test, prev->s->v, prev->s->n, r->s->v, r->s->n);
		}
		if (r->analysed) {
			groups[ng].v = r->s->v;
			groups[ng].n = r->s->n;
			row_of[ng++] = i;
			prev = r;
		}
	}
	changepoint_find(&out->cps, groups, ng, &opts->cp);
	for (i = 0; i < out->cps.nr; i++) {
		struct kseries_row *r = &out->rows[row_of[out->cps.v[i].at]];

		r->cp = &out->cps.v[i];
		r->last_good = &out->rows[row_of[out->cps.v[i].at - 1]];
	}
	free(names);
	free(groups);
	free(row_of);
	return 0;
}

void kseries_release(struct kseries *ks)
{
	render_series_set_release(&ks->ss);
	changepoint_set_release(&ks->cps);
	free(ks->rows);
	memset(ks, 0, sizeof(*ks));
}

static int decimals_of(const struct kseries *ks)
{
	int d = 0;
	size_t i;

	for (i = 0; i < ks->ss.nr; i++)
		if (ks->ss.v[i].decimals > d)
			d = ks->ss.v[i].decimals;
	return d;
}

static void add_change(struct strbuf *sb, double change)
{
	/* a sign on every change: "+3.0" next to "-3.0" reads at a glance */
	if (change > 0)
		strbuf_addch(sb, '+');
	render_number(sb, change, 1);
	strbuf_addch(sb, '%');
}

static void add_p(struct strbuf *sb, double p, int decimals)
{
	double floor = pow(10, -decimals);

	if (p < floor) {
		strbuf_addch(sb, '<');
		render_number(sb, floor, decimals);
	} else {
		render_number(sb, p, decimals);
	}
}

/* Digits enough to show the permutation p-value's floor, 1 / (1 + B). */
static int p_decimals(const struct changepoint_set *cps)
{
	int d = 1;

	while (d < 8 && pow(10, -d) > cps->min_p)
		d++;
	return d;
}

static void table_row(struct render_table *t, const struct kseries *ks,
		      const struct kseries_row *r)
{
	struct render_cell *c = render_table_add_row(t, r->kernel);
	struct strbuf v = STRBUF_INIT, sp = STRBUF_INIT;

	strbuf_addf(&v, "%zu", r->s ? r->s->n : 0);
	render_cell_set(&c[0], v.buf, NULL, NULL);
	strbuf_reset(&v);
	if (!r->s) {
		render_cell_set(&c[1], "-", NULL, NULL);
		render_cell_set(&c[3], "-", NULL, "no samples");
		goto done;
	}
	render_series_cell(&v, &sp, r->s, uses_median(ks->opts));
	render_cell_set(&c[1], v.buf, sp.len ? sp.buf : NULL, NULL);
	strbuf_reset(&v);
	if (!r->analysed)
		render_cell_set(&c[3], "-", NULL, "too few");
	if (r->prev && !isnan(r->change)) {
		add_change(&v, r->change);
		render_cell_set(&c[2], v.buf, NULL, NULL);
		strbuf_reset(&v);
	}
	if (r->prev && r->analysed && r->test.min_p < 1) {
		const char *note = r->test.p < ks->opts->alpha ? NULL : "~";

		add_p(&v, r->test.p, 3);
		if (r->cp)
			note = !strcmp(kseries_verdict(ks->better, r->cp->before, r->cp->after),
				       "worse") ? "<- worse" : "<- step";
		render_cell_set(&c[3], v.buf, NULL, note);
	}
done:
	strbuf_release(&v);
	strbuf_release(&sp);
}

/* "last good 6.4, first bad 6.5: +20.0% (10.0 -> 12.0), p=0.0001, worse" */
static void describe_step(struct strbuf *sb, const struct kseries *ks, const struct kseries_row *r)
{
	const struct changepoint *cp = r->cp;
	const struct kseries_row *k;
	int d = decimals_of(ks), pd = p_decimals(&ks->cps), between = 0;

	strbuf_addf(sb, "last good %s, first bad %s: ", r->last_good->kernel, r->kernel);
	add_change(sb, percent(cp->before, cp->after));
	strbuf_addstr(sb, " (");
	render_number(sb, cp->before, d);
	strbuf_addstr(sb, " -> ");
	render_number(sb, cp->after, d);
	/* at the permutations' floor the p-value is a bound */
	strbuf_addstr(sb, cp->p <= ks->cps.min_p ? "), p<=" : "), p=");
	render_number(sb, cp->p, pd);
	strbuf_addf(sb, ", %s", kseries_verdict(ks->better, cp->before, cp->after));
	/* what stands between them was not measured well enough to narrow it */
	for (k = r->last_good + 1; k < r; k++) {
		strbuf_addf(sb, "%s%s (%s)", between++ ? ", " : "; between them ", k->kernel,
			    k->s ? "too few samples" : "no samples");
	}
}

void kseries_table(struct render_table *t, const struct kseries *ks, const char *title)
{
	const struct kseries_opts *o = ks->opts;
	struct strbuf sb = STRBUF_INIT;
	size_t i, missing = 0, few = 0;

	render_table_set_title(t, title, "kernel");
	render_table_add_col(t, "n");
	render_table_add_col(t, o->test->centre);
	render_table_add_col(t, "change");
	render_table_add_col(t, "p");
	for (i = 0; i < ks->nr; i++) {
		table_row(t, ks, &ks->rows[i]);
		missing += !ks->rows[i].s;
		few += ks->rows[i].s && !ks->rows[i].analysed;
	}
	render_table_add_note(t, "%s +- sample standard deviation; change of the %s against the "
			      "nearest kernel above with enough samples; p: two-sided %s test "
			      "between the two, "
			      "not corrected for the number of kernels; ~: p >= %g",
			      o->test->centre, o->test->centre, o->test->title, o->alpha);
	for (i = 0; i < ks->nr; i++) {
		if (!ks->rows[i].cp)
			continue;
		strbuf_reset(&sb);
		describe_step(&sb, ks, &ks->rows[i]);
		render_table_add_note(t, "change point: %s", sb.buf);
	}
	if (!ks->cps.nr)
		render_table_add_note(t, "no change point at a false-discovery rate of %g",
				      o->cp.q);
	render_table_add_note(t, "change points: binary segmentation on the Mann-Whitney rank "
			      "statistic, %u permutations a split, Benjamini-Hochberg at a "
			      "false-discovery rate of %g over the %zu splits tested",
			      o->cp.permutations, o->cp.q, ks->cps.tested);
	if (missing || few)
		render_table_add_note(t, "kernels with no samples or fewer than %zu are shown, "
				      "never interpolated, and not analysed", o->min_samples);
	if (ks->unversioned)
		render_table_add_note(t, "%zu sample%s without a kernel version left out",
				      ks->unversioned, ks->unversioned == 1 ? "" : "s");
	strbuf_release(&sb);
}

static void json_key_string(struct strbuf *out, const char *key, const char *v)
{
	strbuf_addf(out, ",\"%s\":", key);
	if (v)
		json_add_string(out, v);
	else
		strbuf_addstr(out, "null");
}

static void json_key_number(struct strbuf *out, const char *key, double v, int decimals)
{
	strbuf_addf(out, ",\"%s\":", key);
	if (isnan(v))
		strbuf_addstr(out, "null");
	else
		render_number(out, v, decimals);
}

void kseries_json(struct strbuf *out, const struct kseries *ks)
{
	const struct record *k = ks->key;
	int d = decimals_of(ks) + 1, pd = p_decimals(&ks->cps);
	size_t i;

	for (i = 0; i < ks->nr; i++) {
		const struct kseries_row *r = &ks->rows[i], *b;

		if (!r->cp)
			continue;
		strbuf_addstr(out, "{\"benchmark\":");
		if (k->benchmark)
			json_add_string(out, k->benchmark);
		else
			strbuf_addstr(out, "null");
		json_key_string(out, "metric", k->metric);
		json_key_string(out, "unit", k->unit);
		json_key_string(out, "hardware", k->hardware);
		json_key_string(out, "fs", k->fs);
		json_key_string(out, "options", k->options);
		json_key_string(out, "last_good", r->last_good->kernel);
		json_key_string(out, "first_bad", r->kernel);
		json_key_number(out, "before", r->cp->before, d);
		json_key_number(out, "after", r->cp->after, d);
		json_key_number(out, "change", percent(r->cp->before, r->cp->after), 2);
		json_key_number(out, "p", r->cp->p, pd);
		json_key_string(out, "direction", kseries_verdict(ks->better, r->cp->before,
								   r->cp->after));
		/* the kernels between them, not measured well enough to narrow the range */
		strbuf_addstr(out, ",\"between\":[");
		for (b = r->last_good + 1; b < r; b++) {
			if (b > r->last_good + 1)
				strbuf_addch(out, ',');
			json_add_string(out, b->kernel);
		}
		strbuf_addstr(out, "]}\n");
	}
}

void kseries_graph(struct render_graph_set *out, const struct kseries *ks, const char *title)
{
	struct render_graph *g;
	struct strbuf sb = STRBUF_INIT;
	int median = uses_median(ks->opts);
	size_t i;

	ALLOC_GROW(out->v, out->nr + 1, out->alloc);
	g = &out->v[out->nr++];
	memset(g, 0, sizeof(*g));
	/* bars: a kernel without samples is a gap, never a line drawn across it */
	g->kind = RENDER_GRAPH_BARS;
	g->title = xstrdup(title);
	render_metric_label(&sb, ks->key->metric, ks->key->unit);
	g->ylabel = strbuf_detach(&sb, NULL);
	strbuf_addstr(&sb, "kernel");
	for (i = 0; i < ks->nr; i++)
		if (ks->rows[i].cp) {
			strbuf_addf(&sb, "%s %s -> %s ", sb.len > 6 ? "," : "; change",
				    ks->rows[i].last_good->kernel, ks->rows[i].kernel);
			add_change(&sb, percent(ks->rows[i].cp->before, ks->rows[i].cp->after));
		}
	g->xlabel = strbuf_detach(&sb, NULL);
	g->nx = ks->nr;
	g->x = xcalloc(ks->nr + 1, sizeof(*g->x));
	g->ns = 1;
	g->s = xcalloc(1, sizeof(*g->s));
	strbuf_addf(&sb, "%s +- sd", ks->opts->test->centre);
	g->s[0].name = strbuf_detach(&sb, NULL);
	g->s[0].y = xcalloc(ks->nr + 1, sizeof(double));
	g->s[0].err = xcalloc(ks->nr + 1, sizeof(double));
	for (i = 0; i < ks->nr; i++) {
		const struct kseries_row *r = &ks->rows[i];
		struct stats_summary sum;

		g->x[i] = xstrdup(r->kernel);
		g->s[0].y[i] = NAN;
		if (!r->s)
			continue;
		stats_summarize(&sum, r->s->v, r->s->n);
		g->s[0].y[i] = median ? sum.median : sum.mean;
		g->s[0].err[i] = sum.sd;
	}
}
