#include "render_results.h"
#include "render_differ.h"
#include "render_series.h"
#include "render_text.h"
#include "../core/util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define KEY RENDER_KEY

/* What a selection holds: its series, kernels (version order), configurations, machines. */
struct shape {
	struct render_series_set ss;
	struct render_strings kernels, machines;
	const struct render_series **configs;   /* configuration and machine */
	size_t nconfigs;
};

static void shape_init(struct shape *s, const struct recset *set)
{
	memset(s, 0, sizeof(*s));
	render_series_group(&s->ss, set);
	render_distinct(&s->kernels, &s->ss, RENDER_KERNEL, NULL, 0);
	render_distinct(&s->machines, &s->ss, RENDER_HARDWARE, NULL, 0);
	s->nconfigs = render_series_distinct(&s->configs, &s->ss, NULL, 0, RENDER_CONFIG_KEYS);
}

static void shape_release(struct shape *s)
{
	free(s->configs);
	render_strings_release(&s->kernels);
	render_strings_release(&s->machines);
	render_series_set_release(&s->ss);
}

/* Copies the records of set that match like on mask (like NULL: all) into out. */
static void pick(struct recset *out, const struct recset *set, const struct record *like,
		 unsigned mask, int match)
{
	size_t i;

	for (i = 0; i < set->nr; i++)
		if (!like || render_record_match(&set->v[i], like, mask) == match)
			recset_add(out, &set->v[i]);
}

static const struct record *kernel_record(const struct shape *s, const char *kernel)
{
	size_t i;

	for (i = 0; i < s->ss.nr; i++) {
		const char *k = render_series_key(&s->ss.v[i], RENDER_KERNEL);

		if (!strcmp(k ? k : "", kernel ? kernel : ""))
			return s->ss.v[i].first;
	}
	return NULL;
}

static void machine(struct strbuf *out, const struct shape *s)
{
	if (s->machines.nr == 1)
		strbuf_addf(out, " on %s", s->machines.v[0] ? s->machines.v[0] : "unknown hardware");
	else
		strbuf_addf(out, " on %zu machines", s->machines.nr);
}

static void titles(struct render_results *r, const struct shape *s)
{
	struct render_compare c;

	switch (r->kind) {
	case RENDER_RESULTS_COMPARE:
		render_compare_init(&c, &r->old_set, &r->new_set, r->old_arg, r->new_arg);
		if (c.kind == RENDER_COMPARE_KERNELS && s->nconfigs > 1) {
			strbuf_addf(&r->title, "%s: %zu file-system configurations", c.what.buf, s->nconfigs);
			machine(&r->title, s);
		} else {
			render_compare_title(&r->title, &c);
		}
		if (c.kind == RENDER_COMPARE_CONFIGS && r->old_set.nr && r->new_set.nr) {
			render_config_words(&r->summary, &r->old_set.v[0]);
			strbuf_addstr(&r->summary, " (old) against ");
			render_config_words(&r->summary, &r->new_set.v[0]);
		} else {
			strbuf_addf(&r->summary, "%s%s (old) against %s", c.kind == RENDER_COMPARE_KERNELS ?
				    "Kernel " : "", c.old_name.buf, c.new_name.buf);
		}
		strbuf_addf(&r->summary, " (new). A change is marked significant by the %s test "
			    "at alpha %g; `~` marks one that is not, which is noise until more runs "
			    "say otherwise.", r->opts.test->title, r->opts.alpha);
		strbuf_addstr(&r->subject, c.what.buf);
		render_compare_release(&c);
		break;
	case RENDER_RESULTS_RUN:
		render_config_list(&r->title, &s->ss, 0);
		strbuf_addf(&r->title, ": %s", s->kernels.nr && s->kernels.v[0] ? s->kernels.v[0] :
			    "kernel not stated");
		machine(&r->title, s);
		strbuf_addf(&r->summary, "The benchmarks on %zu file-system configuration%s, one "
			    "column each, with kernel %s.", s->nconfigs, s->nconfigs == 1 ? "" : "s",
			    s->kernels.nr && s->kernels.v[0] ? s->kernels.v[0] : "not stated");
		strbuf_addstr(&r->subject, r->title.buf);
		break;
	default:
		strbuf_addf(&r->title, "%s to %s (%zu kernels)",
			    s->kernels.v[0] ? s->kernels.v[0] : "?",
			    s->kernels.v[s->kernels.nr - 1] ? s->kernels.v[s->kernels.nr - 1] : "?",
			    s->kernels.nr);
		if (s->nconfigs == 1) {
			strbuf_addstr(&r->title, ": ");
			render_config_words(&r->title, s->configs[0]->first);
		}
		machine(&r->title, s);
		strbuf_addf(&r->summary, "The benchmarks across %zu kernels, in version order, "
			    "one column each.", s->kernels.nr);
		strbuf_addstr(&r->subject, r->title.buf);
	}
}

/*
 * With no sides given: two kernels are compared (per configuration), as
 * are two configurations of one kernel on one machine; one kernel is a
 * run; more are a series.
 */
static void classify(struct render_results *r, const struct shape *s)
{
	if (s->kernels.nr == 2) {
		const struct record *old = kernel_record(s, s->kernels.v[0]);

		r->kind = RENDER_RESULTS_COMPARE;
		pick(&r->old_set, r->set, old, KEY(KERNEL), 1);
		pick(&r->new_set, r->set, old, KEY(KERNEL), 0);
	} else if (s->kernels.nr == 1 && s->nconfigs == 2 && s->machines.nr == 1) {
		r->kind = RENDER_RESULTS_COMPARE;
		pick(&r->old_set, r->set, s->configs[0]->first, RENDER_CONFIG_KEYS, 1);
		pick(&r->new_set, r->set, s->configs[0]->first, RENDER_CONFIG_KEYS, 0);
	} else {
		r->kind = s->kernels.nr > 2 ? RENDER_RESULTS_SERIES : RENDER_RESULTS_RUN;
	}
}

void render_results_init(struct render_results *r, const struct recset *set,
			 const struct recset *old_set, const struct recset *new_set,
			 const char *old_arg, const char *new_arg,
			 const struct render_results_opts *opts)
{
	struct shape s;

	memset(r, 0, sizeof(*r));
	r->set = set;
	r->opts = *opts;
	r->old_arg = old_arg;
	r->new_arg = new_arg;
	strbuf_init(&r->title, 0);
	strbuf_init(&r->subject, 0);
	strbuf_init(&r->summary, 0);
	strbuf_init(&r->headline, 0);
	shape_init(&s, set);
	if (old_set && new_set) {
		r->kind = RENDER_RESULTS_COMPARE;
		pick(&r->old_set, old_set, NULL, 0, 1);
		pick(&r->new_set, new_set, NULL, 0, 1);
	} else {
		classify(r, &s);
	}
	titles(r, &s);
	shape_release(&s);
}

void render_results_release(struct render_results *r)
{
	recset_release(&r->old_set);
	recset_release(&r->new_set);
	strbuf_release(&r->title);
	strbuf_release(&r->subject);
	strbuf_release(&r->summary);
	strbuf_release(&r->headline);
}

/* titled: several comparisons each say what they are; the report's title says it for one */
static void one_comparison(struct strbuf *out, struct render_results *r, const struct recset *o,
			   const struct recset *n, const struct render_table_format *fmt,
			   struct render_diff_summary *best, struct render_table *notes,
			   int name_device)
{
	const struct render_diff_opts dopts = { r->opts.test, r->opts.alpha, NULL, NULL,
						notes ? NULL : "", r->opts.detail, notes };
	struct render_diff_summary found;
	struct render_compare c;
	size_t before = out->len;

	render_compare_init(&c, o, n, r->old_arg, r->new_arg);
	if (name_device && o->nr)
		render_compare_name_device(&c, &o->v[0]);
	if (out->len)
		strbuf_addch(out, '\n');
	if (!render_compare_write(out, &found, o, n, &c, &dopts, fmt) && !found.one_sided)
		strbuf_setlen(out, before);
	/* the headline points into this configuration's records, released after it */
	if (found.headline && (!best->headline || fabs(found.headline_change) > fabs(best->headline_change))) {
		strbuf_reset(&r->headline);
		strbuf_addstr(&r->headline, found.headline);
		best->headline = r->headline.buf;
		best->headline_change = found.headline_change;
	}
	best->tested += found.tested;
	best->compared += found.compared;
	best->one_sided += found.one_sided;
	best->hidden += found.hidden;
	render_compare_release(&c);
}

/* True when only the device tells cfg from another configuration of s: the titles name it. */
static int device_apart(const struct shape *s, const struct render_series *cfg)
{
	size_t i;

	for (i = 0; i < s->nconfigs; i++)
		if (s->configs[i] != cfg &&
		    render_series_match(s->configs[i], cfg, RENDER_CONFIG_KEYS & ~KEY(DEVICE)))
			return 1;
	return 0;
}

/* A comparison per configuration both sides hold; one when each side is one configuration. */
static void comparisons(struct strbuf *out, struct render_results *r,
			const struct render_table_format *fmt)
{
	struct shape so, sn;
	struct render_diff_summary best;
	struct render_table notes = RENDER_TABLE_INIT;
	struct strbuf only = STRBUF_INIT;
	size_t i, j;

	memset(&best, 0, sizeof(best));
	shape_init(&so, &r->old_set);
	shape_init(&sn, &r->new_set);
	if (so.nconfigs <= 1 || sn.nconfigs <= 1) {
		one_comparison(out, r, &r->old_set, &r->new_set, fmt, &best, NULL, 0);
	} else {
		for (i = 0; i < so.nconfigs; i++) {
			struct recset o = RECSET_INIT, n = RECSET_INIT;

			pick(&o, &r->old_set, so.configs[i]->first, RENDER_CONFIG_KEYS, 1);
			pick(&n, &r->new_set, so.configs[i]->first, RENDER_CONFIG_KEYS, 1);
			if (n.nr)
				one_comparison(out, r, &o, &n, fmt, &best, &notes,
					       device_apart(&so, so.configs[i]));
			else {
				render_config_name(&only, so.configs[i]->first);
				strbuf_addstr(&only, " (old only); ");
			}
			recset_release(&o);
			recset_release(&n);
		}
		for (j = 0; j < sn.nconfigs; j++) {
			for (i = 0; i < so.nconfigs; i++)
				if (render_series_match(so.configs[i], sn.configs[j], RENDER_CONFIG_KEYS))
					break;
			if (i == so.nconfigs) {
				render_config_name(&only, sn.configs[j]->first);
				strbuf_addstr(&only, " (new only); ");
			}
		}
	}
	if (best.hidden && notes.nnotes)
		render_table_add_note(&notes, "%zu more metric%s in these tables with --detail",
				      best.hidden, best.hidden == 1 ? "" : "s");
	/* the footnotes of every table, once, after the last */
	if (notes.nnotes) {
		if (out->len)
			strbuf_addch(out, '\n');
		notes.no_split = 1;
		render_table_write(out, &notes, fmt);
	}
	render_table_release(&notes);
	if (only.len) {
		strbuf_setlen(&only, only.len - 2);
		strbuf_addstr(out, "\n");
		render_table_write_lines(out, "Measured on one side only, so not compared:", fmt);
		render_table_write_lines(out, only.buf, fmt);
	}
	if (!out->len)
		render_table_write_lines(out, "Nothing to compare: no benchmark and metric on both sides.", fmt);
	strbuf_reset(&r->subject);
	{
		struct render_compare c;

		render_compare_init(&c, &r->old_set, &r->new_set, r->old_arg, r->new_arg);
		render_compare_subject(&r->subject, &c, &best);
		render_compare_release(&c);
	}
	r->found = best;
	strbuf_release(&only);
	shape_release(&so);
	shape_release(&sn);
}

static void small_n_note(struct strbuf *out, const struct render_results *r,
			 const struct render_table_format *fmt)
{
	struct render_series_set ss = RENDER_SERIES_SET_INIT;
	size_t need = stats_n_needed(r->opts.test, r->opts.alpha), lo = 0, i;

	render_series_group(&ss, r->set);
	for (i = 0; i < ss.nr; i++)
		if (!lo || ss.v[i].n < lo)
			lo = ss.v[i].n;
	render_series_set_release(&ss);
	/* single samples have said so already: no spread, no test */
	if (lo > 1 && need && lo < need) {
		struct strbuf line = STRBUF_INIT, wrapped = STRBUF_INIT;

		strbuf_addf(&line, "With n=%zu a column, no comparison of these columns can reach "
			    "p < %g: the %s test needs %zu samples a side.", lo, r->opts.alpha,
			    r->opts.test->title, need);
		render_text_wrap(&wrapped, line.buf, fmt->width ? fmt->width : 1000, "", "");
		strbuf_addch(out, '\n');
		render_table_write_lines(out, wrapped.buf, fmt);
		strbuf_release(&line);
		strbuf_release(&wrapped);
	}
}

void render_results_write(struct strbuf *out, struct render_results *r,
			  const struct render_table_format *fmt)
{
	const struct render_layout_opts lo = { !strcmp(r->opts.test->centre, "median"), r->opts.detail, 0 };

	if (r->kind == RENDER_RESULTS_COMPARE) {
		comparisons(out, r, fmt);
		return;
	}
	render_layout_by_name("times")->render(out, r->set, fmt, &lo);
	render_layout_by_name("rates")->render(out, r->set, fmt, &lo);
	if (r->opts.detail)
		render_layout_by_name("detail")->render(out, r->set, fmt, &lo);
	small_n_note(out, r, fmt);
}

void render_results_diff(struct strbuf *out, struct render_results *r,
			 const struct render_table_format *fmt)
{
	if (r->kind == RENDER_RESULTS_COMPARE)
		comparisons(out, r, fmt);
	else
		render_table_write_lines(out, "Nothing to compare: the selection holds neither two "
					 "kernels nor two configurations of one machine; name the "
					 "two sides.", fmt);
}

void render_results_differ(struct strbuf *out, const struct render_results *r,
			   const struct render_table_format *fmt)
{
	const size_t width = fmt->width ? fmt->width : 1000;
	struct render_facts_side *sides;
	struct strbuf *names, facts = STRBUF_INIT, text = STRBUF_INIT, line = STRBUF_INIT;
	struct shape s;
	size_t i, n;
	int kernels = r->kind == RENDER_RESULTS_SERIES;
	const char *variable = kernels ? "kernel" : "file system and its options";

	if (r->kind == RENDER_RESULTS_COMPARE)
		return;
	shape_init(&s, r->set);
	n = kernels ? s.kernels.nr : s.nconfigs;
	sides = xcalloc(n ? n : 1, sizeof(*sides));
	names = xcalloc(n ? n : 1, sizeof(*names));
	for (i = 0; i < n; i++) {
		struct strbuf legend = STRBUF_INIT;

		strbuf_init(&names[i], 0);
		/* the columns' names, as the tables head them */
		if (kernels)
			strbuf_addstr(&names[i], s.kernels.v[i] ? s.kernels.v[i] : "?");
		else
			render_config_short(&names[i], &legend, s.configs, s.nconfigs, i);
		sides[i].set = r->set;
		sides[i].like = kernels ? kernel_record(&s, s.kernels.v[i]) : s.configs[i]->first;
		sides[i].mask = kernels ? KEY(KERNEL) : RENDER_CONFIG_KEYS;
		sides[i].name = names[i].buf;
		strbuf_release(&legend);
	}
	if (n > 1) {
		if (render_facts_differ(&facts, sides, n, kernels ? RENDER_FACT_KERNEL : RENDER_FACT_CONFIG,
					"", width))
			strbuf_addf(&line, "The columns differ in more than the %s:", variable);
		else
			strbuf_addf(&line, "The columns share every fact recorded besides the %s.", variable);
		render_text_wrap(&text, line.buf, width, "", "");
		strbuf_addstr(&text, facts.buf);
		render_table_write_lines(out, text.buf, fmt);
	}
	for (i = 0; i < n; i++)
		strbuf_release(&names[i]);
	free(names);
	free(sides);
	strbuf_release(&facts);
	strbuf_release(&text);
	strbuf_release(&line);
	shape_release(&s);
}
