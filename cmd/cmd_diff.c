#include "builtin.h"
#include "select.h"
#include "../core/error.h"
#include "../core/strbuf.h"
#include "../core/util.h"
#include "../render/render_compare.h"
#include "../render/render_results.h"
#include "../render/render_series.h"
#include "../render/render_text.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const diff_usage[] = {
	"benchpost diff [SELECTION OPTIONS] [--alpha A] [--test T] [--detail] OLD NEW",
	"benchpost diff [SELECTION OPTIONS] [--fs OLD_FS --fs NEW_FS] RUN",
	NULL,
};

/* Keeps the records of set that match the one --fs pattern fs. */
static void narrow_fs(struct recset *set, const struct select_opts *sel, const char *fs)
{
	struct select_opts one = *sel;

	one.fs.v = &fs;
	one.fs.nr = one.fs.alloc = 1;
	select_filter(set, &one);
}

static void split_by(struct recset *old_set, struct recset *new_set, struct recset *all,
		     const struct record *first, unsigned mask)
{
	struct record like = RECORD_INIT;
	size_t i;

	/* first is one of all's records, which are moved out from under it */
	record_copy(&like, first);
	for (i = 0; i < all->nr; i++)
		recset_take(render_record_match(&all->v[i], &like, mask) ? old_set : new_set,
			    &all->v[i]);
	record_release(&like);
}

/*
 * One selection holding two things: two configurations of a run (in the
 * order they ran), or two kernels (in version order).
 */
static int split_one(struct recset *old_set, struct recset *new_set, struct recset *all,
		     const char *arg)
{
	struct render_series_set ss = RENDER_SERIES_SET_INIT;
	const struct render_series **cfg = NULL;
	struct render_strings kernels = { 0 };
	size_t ncfg, i;
	int ret = 0;

	render_series_group(&ss, all);
	ncfg = render_series_distinct(&cfg, &ss, NULL, 0, RENDER_CONFIG_KEYS);
	render_distinct(&kernels, &ss, RENDER_KERNEL, NULL, 0);
	if (kernels.nr == 1 && ncfg == 2) {
		split_by(old_set, new_set, all, cfg[0]->first, RENDER_CONFIG_KEYS);
	} else if (kernels.nr == 2) {
		for (i = 0; i < ss.nr && !ret; i++)
			if (!strcmp(render_series_key(&ss.v[i], RENDER_KERNEL) ?
				    render_series_key(&ss.v[i], RENDER_KERNEL) : "",
				    kernels.v[0] ? kernels.v[0] : ""))
				break;
		split_by(old_set, new_set, all, ss.v[i].first, RENDER_KEY(KERNEL));
	} else {
		struct strbuf list = STRBUF_INIT;

		for (i = 0; i < ncfg; i++) {
			strbuf_addstr(&list, i ? ", " : "");
			render_config_name(&list, cfg[i]->first);
		}
		ret = err_set("%s holds %zu kernel%s and %zu file-system entr%s (%s): compare two "
			      "with --fs OLD --fs NEW, or name two selections", arg, kernels.nr,
			      kernels.nr == 1 ? "" : "s", ncfg, ncfg == 1 ? "y" : "ies", list.buf);
		strbuf_release(&list);
	}
	free(cfg);
	render_strings_release(&kernels);
	render_series_set_release(&ss);
	return ret;
}

static int read_sides_from(struct recset *old_set, struct recset *new_set, struct select_opts *sel,
			   struct select_opts *unfiltered, int nargs, const char **argv)
{
	struct recset all = RECSET_INIT;
	int two_fs = sel->fs.nr == 2, ret;

	if (nargs == 2) {
		if ((ret = select_arg(old_set, unfiltered, argv[0])) < 0 ||
		    (ret = select_arg(new_set, unfiltered, argv[1])) < 0)
			return ret;
		if (two_fs) {
			narrow_fs(old_set, unfiltered, sel->fs.v[0]);
			narrow_fs(new_set, unfiltered, sel->fs.v[1]);
		}
	} else {
		if ((ret = select_arg(&all, unfiltered, argv[0])) < 0)
			return ret;
		if (two_fs) {
			size_t i;

			for (i = 0; i < all.nr; i++)
				recset_add(new_set, &all.v[i]);
			narrow_fs(&all, unfiltered, sel->fs.v[0]);
			narrow_fs(new_set, unfiltered, sel->fs.v[1]);
			for (i = 0; i < all.nr; i++)
				recset_take(old_set, &all.v[i]);
		} else if ((ret = split_one(old_set, new_set, &all, argv[0])) < 0) {
			recset_release(&all);
			return ret;
		}
		recset_release(&all);
	}
	if (!old_set->nr || !new_set->nr)
		return err_set("no results for '%s' with these filters",
			       two_fs ? sel->fs.v[!old_set->nr ? 0 : 1] : argv[!old_set->nr ? 0 : nargs - 1]);
	return 0;
}

static size_t config_count(const struct recset *set)
{
	struct render_series_set ss = RENDER_SERIES_SET_INIT;
	const struct render_series **cfg = NULL;
	size_t n;

	render_series_group(&ss, set);
	n = render_series_distinct(&cfg, &ss, NULL, 0, RENDER_CONFIG_KEYS);
	free(cfg);
	render_series_set_release(&ss);
	return n;
}

/*
 * Two kernels (or runs) of several configurations each: a comparison per
 * configuration both have, titled, as report lays them out (seed 002).
 */
static int diff_per_config(struct strbuf *out, const struct recset *old_set,
			   const struct recset *new_set, const char *old_arg, const char *new_arg,
			   const struct render_diff_opts *dopts, const struct render_table_format *fmt)
{
	const struct render_results_opts ropts = { dopts->test, dopts->alpha, dopts->detail };
	struct recset all = RECSET_INIT;
	struct render_results r;
	size_t i;
	int ret = 0;

	for (i = 0; i < old_set->nr; i++)
		recset_add(&all, &old_set->v[i]);
	for (i = 0; i < new_set->nr; i++)
		recset_add(&all, &new_set->v[i]);
	render_results_init(&r, &all, old_set, new_set, old_arg, new_arg, &ropts);
	render_results_diff(out, &r, fmt);
	if (!r.found.compared && !r.found.one_sided)
		ret = err_set("nothing to compare: no file-system configuration with a benchmark "
			      "and metric in both '%s' and '%s'", old_arg, new_arg);
	render_results_release(&r);
	recset_release(&all);
	return ret;
}

/* The two sides: OLD NEW, or RUN with two --fs, or one selection holding two things. */
static int read_sides(struct recset *old_set, struct recset *new_set, struct select_opts *sel,
		      int nargs, const char **argv)
{
	struct select_opts unfiltered = *sel;
	int ret;

	/* both --fs values pick a side each; the rest of the filters apply to both */
	if (sel->fs.nr == 2)
		unfiltered.fs.nr = 0;
	ret = read_sides_from(old_set, new_set, sel, &unfiltered, nargs, argv);
	/* the archive opened for the copy is the caller's to close */
	sel->opened = unfiltered.opened;
	return ret;
}

int cmd_diff(int argc, const char **argv)
{
	const char *tests[8];
	struct select_opts sel = { 0 };
	struct recset old_set = RECSET_INIT, new_set = RECSET_INIT;
	struct render_diff_summary found;
	struct render_compare cmp;
	struct strbuf out = STRBUF_INIT;
	const char *test = "utest";
	unsigned one = SELECT_ONE_HARDWARE | SELECT_ONE_CONFIG | SELECT_ONE_DEVICE | SELECT_ONE_KERNEL;
	const struct render_table_format *fmt;
	struct render_diff_opts dopts = { NULL, 0.05, NULL, NULL, NULL, 0, NULL };
	int utf8 = 0, ret = 1, nargs;
	struct option opts[] = {
		SELECT_FILTER_OPTIONS(sel),
		OPT_DOUBLE(0, "alpha", &dopts.alpha, "A", "significance level (default: 0.05)"),
		OPT_CHOICE(0, "test", &test, tests, "Mann-Whitney U on medians (default) or Welch's t on means"),
		OPT_BOOL(0, "detail", &dopts.detail, "every metric, tool internals included"),
		OPT_BOOL(0, "utf8", &utf8, "allow UTF-8 in the output (default: ASCII)"),
		OPT_END(),
	};

	stats_test_names(tests, ARRAY_SIZE(tests));
	nargs = opt_parse(argc, argv, opts, diff_usage);
	if (nargs < 0)
		return cmd_opt_exit(nargs);
	if (nargs != 1 && nargs != 2) {
		opt_usage(stderr, opts, diff_usage);
		return EXIT_USAGE;
	}
	if (!(dopts.alpha > 0 && dopts.alpha < 1)) {
		cmd_error("--alpha must be between 0 and 1, not %g", dopts.alpha);
		return EXIT_USAGE;
	}
	if (read_sides(&old_set, &new_set, &sel, nargs, argv) < 0)
		goto failed;
	/* sides of several configurations each are compared configuration by configuration */
	if (config_count(&old_set) > 1 && config_count(&new_set) > 1)
		one = SELECT_ONE_KERNEL;
	if (select_check_single(&old_set, nargs == 2 ? argv[0] : "the old side", one) < 0 ||
	    select_check_single(&new_set, nargs == 2 ? argv[1] : "the new side", one) < 0)
		goto failed;
	dopts.test = stats_test_by_name(test);
	fmt = render_table_format(utf8 ? "utf8" : "text");
	if (one == SELECT_ONE_KERNEL) {
		if (diff_per_config(&out, &old_set, &new_set, argv[0], argv[nargs - 1], &dopts, fmt) < 0)
			goto failed;
	} else {
		render_compare_init(&cmp, &old_set, &new_set, argv[0], argv[nargs - 1]);
		if (!render_compare_write(&out, &found, &old_set, &new_set, &cmp, &dopts, fmt) &&
		    !found.one_sided)
			err_set("nothing to compare: no benchmark and metric in both '%s' and '%s'",
				cmp.old_name.buf, cmp.new_name.buf);
		render_compare_release(&cmp);
		if (!found.compared && !found.one_sided)
			goto failed;
	}
	if (fwrite(out.buf, 1, out.len, stdout) != out.len || fflush(stdout))
		ret = cmd_error("cannot write output: %s", strerror(errno));
	else
		ret = 0;
	goto done;
failed:
	ret = cmd_error_last();
done:
	recset_release(&old_set);
	recset_release(&new_set);
	strbuf_release(&out);
	select_release(&sel);
	return ret;
}
