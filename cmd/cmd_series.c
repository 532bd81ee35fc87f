#include "builtin.h"
#include "select.h"
#include "../core/error.h"
#include "../core/strbuf.h"
#include "../core/util.h"
#include "../import/import_formats.h"
#include "../render/render_gnuplot.h"
#include "../render/render_kseries.h"
#include "../render/render_text.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static const char *const series_usage[] = {
	"benchpost series [SELECTION...] [SELECTION OPTIONS] [--metric M] [--format text|json] [--terminal png|svg|dumb] [-o FILE]",
	NULL,
};

static const char *const series_formats[] = { "text", "json", NULL };

int cmd_select_results(struct recset *out, struct select_opts *sel, const char *arg)
{
	struct recset got = RECSET_INIT;
	struct stat st;
	size_t i, before = out->nr;
	int ret;

	if (stat(arg, &st) || !S_ISREG(st.st_mode))
		return select_arg(out, sel, arg);
	/* a results file of any format import reads, not only .bench */
	ret = import_format_read_file(&got, arg, &cmd_warn);
	if (ret == BP_ENOTFOUND)
		ret = err_set("'%s': not a .bench, JSON Lines, fio or hyperfine JSON file", arg);
	if (!ret) {
		select_filter(&got, sel);
		for (i = 0; i < got.nr; i++)
			recset_take(out, &got.v[i]);
		if (out->nr == before)
			ret = err_set("no results for '%s'%s", arg,
				      select_has_filters(sel) ?
				      " with these filters" : "");
	}
	recset_release(&got);
	return ret;
}

/* The distinct values of a key among the unquoted records, as "a, b, c". */
static size_t distinct(struct strbuf *list, const struct recset *set, enum render_key k)
{
	const char **seen = NULL;
	size_t nr = 0, alloc = 0, i, j;

	for (i = 0; i < set->nr; i++) {
		const char *v = render_record_key(&set->v[i], k);

		if (set->v[i].quoted)
			continue;
		for (j = 0; j < nr && strcmp(seen[j] ? seen[j] : "", v ? v : ""); j++)
			;
		if (j < nr)
			continue;
		ALLOC_GROW(seen, nr + 1, alloc);
		seen[nr++] = v;
		strbuf_addf(list, "%s%s", nr > 1 ? ", " : "", v ? v : "?");
	}
	free(seen);
	return nr;
}

static void keep_key(struct recset *set, enum render_key k, const char *value)
{
	size_t i, kept = 0;

	for (i = 0; i < set->nr; i++) {
		const char *v = render_record_key(&set->v[i], k);

		if (!strcmp(v ? v : "", value ? value : ""))
			set->v[kept++] = set->v[i];
		else
			record_release(&set->v[i]);
	}
	set->nr = kept;
}

/*
 * One benchmark, one metric (--metric, else the only one, else elapsed)
 * and one unit: a series of anything more would mix numbers.
 */
int cmd_select_one_metric(struct recset *set, const char *metric, const char *what)
{
	static const struct {
		enum render_key key;
		const char *name, *option;
	} keys[] = {
		{ RENDER_BENCHMARK, "benchmarks", "--benchmark" },
		{ RENDER_METRIC, "metrics", "--metric" },
		{ RENDER_UNIT, "units", "--metric" },
	};
	struct strbuf list = STRBUF_INIT;
	size_t k;
	int ret = 0;

	if (metric) {
		keep_key(set, RENDER_METRIC, metric);
		if (!set->nr)
			return err_set("%s: no metric '%s'", what, metric);
	}
	for (k = 0; k < ARRAY_SIZE(keys) && !ret; k++) {
		strbuf_reset(&list);
		if (distinct(&list, set, keys[k].key) < 2)
			continue;
		if (keys[k].key == RENDER_METRIC) {
			size_t i;

			for (i = 0; i < set->nr; i++)
				if (set->v[i].metric && !strcmp(set->v[i].metric, "elapsed"))
					break;
			if (i < set->nr) {
				keep_key(set, RENDER_METRIC, "elapsed");
				continue;
			}
		}
		ret = err_set("%s: several %s, choose one with %s: %s", what, keys[k].name,
			      keys[k].option, list.buf);
	}
	strbuf_release(&list);
	return ret ? BP_EAMBIGUOUS : 0;
}

/* The kernels of all that have numbers on the series' machine and file system. */
static const char **kernels_beside(size_t *nr, const struct recset *all, const struct record *key)
{
	const char **v = xcalloc(all->nr + 1, sizeof(*v));
	size_t i;

	*nr = 0;
	for (i = 0; i < all->nr; i++) {
		const struct record *r = &all->v[i];
		const unsigned keys[] = { RENDER_HARDWARE, RENDER_FS, RENDER_OPTIONS };
		size_t k;

		for (k = 0; k < ARRAY_SIZE(keys); k++) {
			const char *a = render_record_key(r, keys[k]), *b = render_record_key(key, keys[k]);

			if (strcmp(a ? a : "", b ? b : ""))
				break;
		}
		if (k == ARRAY_SIZE(keys) && r->kernel && !r->quoted)
			v[(*nr)++] = r->kernel;
	}
	return v;
}

static void series_title(struct strbuf *out, const struct record *key)
{
	strbuf_addf(out, "%s: ", key->benchmark ? key->benchmark : "?");
	render_metric_label(out, key->metric, key->unit);
	strbuf_addf(out, " on %s, ", key->hardware ? key->hardware : "unknown hardware");
	render_config_name(out, key);
}

int cmd_series(int argc, const char **argv)
{
	struct select_opts sel = { 0 }, wide;
	struct recset all = RECSET_INIT, chosen = RECSET_INIT;
	struct kseries_opts ko = { KSERIES_MIN_SAMPLES, NULL, 0.05, CHANGEPOINT_OPTS_INIT };
	struct kseries ks = KSERIES_INIT;
	struct strbuf out = STRBUF_INIT, title = STRBUF_INIT;
	const char *format = "text", *terminal = NULL, *output = NULL, *metric = NULL;
	const char **kernels = NULL, *terminals[8];
	size_t nkernels = 0, i;
	int min_samples = KSERIES_MIN_SAMPLES, utf8 = 0, ret = 1, k;
	struct option opts[] = {
		SELECT_FILTER_OPTIONS(sel),
		OPT_STRING(0, "metric", &metric, "M", "the metric (default: the only one, else elapsed)"),
		OPT_CHOICE(0, "format", &format, series_formats,
			   "text table, or JSON Lines of the change points"),
		OPT_CHOICE(0, "terminal", &terminal, terminals,
			   "draw the series as a graph instead"),
		OPT_STRING('o', "output", &output, "FILE", "write the graph here"),
		OPT_DOUBLE(0, "fdr", &ko.cp.q, "Q", "false-discovery rate of the change points (default: 0.05)"),
		OPT_INT(0, "min-samples", &min_samples, "N", "fewer samples: shown, not analysed (default: 3)"),
		OPT_DOUBLE(0, "alpha", &ko.alpha, "A", "level of the neighbours' \"~\" (default: 0.05)"),
		OPT_BOOL(0, "utf8", &utf8, "allow UTF-8 in the output (default: ASCII)"),
		OPT_END(),
	};
	int nargs;

	render_plot_terminal_names(terminals, ARRAY_SIZE(terminals));
	nargs = opt_parse(argc, argv, opts, series_usage);
	if (nargs < 0)
		return cmd_opt_exit(nargs);
	if (!(ko.cp.q > 0 && ko.cp.q < 1) || !(ko.alpha > 0 && ko.alpha < 1) || min_samples < 1) {
		cmd_error("--fdr and --alpha must be between 0 and 1, --min-samples at least 1");
		select_release(&sel);
		return EXIT_USAGE;
	}
	ko.min_samples = (size_t)min_samples;
	ko.test = stats_test_by_name("utest");
	/* every benchmark of the machine: kernels without this one are shown as such */
	wide = sel;
	wide.benchmark = NULL;
	if (!nargs && select_archive(&all, &wide) < 0)
		goto fail;
	for (k = 0; k < nargs; k++)
		if (cmd_select_results(&all, &wide, argv[k]) < 0)
			goto fail;
	for (i = 0; i < all.nr; i++)
		recset_add(&chosen, &all.v[i]);
	select_filter(&chosen, &sel);
	if (!chosen.nr) {
		err_set("no results for benchmark '%s'", sel.benchmark ? sel.benchmark : "?");
		goto fail;
	}
	if (select_check_single(&chosen, "series", SELECT_ONE_HARDWARE | SELECT_ONE_CONFIG) < 0 ||
	    cmd_select_one_metric(&chosen, metric, "series") < 0)
		goto fail;
	kernels = kernels_beside(&nkernels, &all, &chosen.v[0]);
	if (kseries_build(&ks, &chosen, kernels, nkernels, &ko) < 0)
		goto fail;
	series_title(&title, ks.key);
	if (terminal) {
		struct render_graph_set graphs = RENDER_GRAPH_SET_INIT;
		struct render_plot_job job = { NULL, 1, STRBUF_INIT };

		kseries_graph(&graphs, &ks, title.buf);
		job.graphs = graphs.v;
		if (render_plot_run(&job, 1, render_plot_terminal(terminal), utf8) < 0)
			cmd_error_last();
		else
			ret = cmd_write_output(output, job.image.buf, job.image.len);
		strbuf_release(&job.image);
		render_graph_set_release(&graphs);
		goto done;
	}
	if (!strcmp(format, "json")) {
		kseries_json(&out, &ks);
	} else {
		struct render_table table = RENDER_TABLE_INIT;

		kseries_table(&table, &ks, title.buf);
		render_table_write(&out, &table, render_table_format(utf8 ? "utf8" : "text"));
		render_table_release(&table);
	}
	ret = cmd_write_output(NULL, out.buf, out.len);
	goto done;
fail:
	ret = cmd_error_last();
done:
	kseries_release(&ks);
	free(kernels);
	recset_release(&all);
	recset_release(&chosen);
	strbuf_release(&out);
	strbuf_release(&title);
	select_release(&wide);
	return ret;
}
