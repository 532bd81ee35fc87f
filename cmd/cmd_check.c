#include "builtin.h"
#include "select.h"
#include "../archive/archive.h"
#include "../core/error.h"
#include "../core/strbuf.h"
#include "../core/util.h"
#include "../render/render_check.h"

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

static const char *const check_usage[] = {
	"benchpost check [SELECTION OPTIONS] [--metric M] [--threshold PCT] [--alpha A] [--format text|ktap|junit] OLD NEW",
	NULL,
};

/*
 * git bisect run takes 1 to 127 (but 125) for "bad": an error must not
 * mark a kernel bad, so it is 128, which makes bisect stop.
 */
#define CHECK_EXIT_ERROR 128

static const int verdict_exit[] = {
	[CHECK_FINE] = 0, [CHECK_WORSE] = 1, [CHECK_UNSURE] = 125, [CHECK_UNJUDGED] = 125,
};

static int asked_for(int argc, const char **argv, const char *option)
{
	int i;

	for (i = 1; i < argc; i++)
		if (!strcmp(argv[i], option))
			return 1;
	return 0;
}

static const char *side_name(const char *arg)
{
	const char *slash = strrchr(arg, '/');

	return slash && slash[1] ? slash + 1 : arg;
}

static int is_file(const char *path)
{
	struct stat st;

	return !stat(path, &st) && S_ISREG(st.st_mode);
}

/*
 * A kernel or run the archive has no results for is no error of the
 * tool: that kernel cannot be told (its run may have failed), and the
 * reason says so.  A file that cannot be read is an error.
 */
static int read_side(struct recset *out, struct select_opts *sel, const char *arg,
		     const char *metric, int *missing)
{
	int ret = cmd_select_results(out, sel, arg);

	if (ret < 0 && !is_file(arg)) {
		warning("%s", err_last());
		*missing = 1;
		return 0;
	}
	if (ret < 0 || select_check_single(out, arg, SELECT_ONE_HARDWARE | SELECT_ONE_CONFIG) < 0)
		return -1;
	if (metric) {
		size_t i, kept = 0;

		for (i = 0; i < out->nr; i++)
			if (out->v[i].metric && !strcmp(out->v[i].metric, metric))
				out->v[kept++] = out->v[i];
			else
				record_release(&out->v[i]);
		out->nr = kept;
	}
	return 0;
}

static void where(struct strbuf *out, const struct recset *set)
{
	const struct record *r = set->nr ? &set->v[0] : NULL;

	if (r && r->hardware)
		strbuf_addstr(out, r->hardware);
	if (r && r->fs) {
		strbuf_addstr(out, out->len ? ", " : "");
		render_config_name(out, r);
	}
}

int cmd_check(int argc, const char **argv)
{
	const char *format_names[8];
	struct select_opts sel = { 0 };
	struct recset old_set = RECSET_INIT, new_set = RECSET_INIT;
	struct check_result res = CHECK_RESULT_INIT;
	struct check_opts co = { NULL, 0.05, 5, NULL, NULL, NULL };
	struct strbuf out = STRBUF_INIT, at = STRBUF_INIT;
	const char *format = "text", *metric = NULL;
	int old_missing = 0, new_missing = 0, ret = CHECK_EXIT_ERROR;
	size_t i;
	struct option opts[] = {
		SELECT_FILTER_OPTIONS(sel),
		OPT_STRING(0, "metric", &metric, "M", "only this metric"),
		OPT_DOUBLE(0, "threshold", &co.threshold, "PCT",
			   "worse only by more than this many percent (default: 5)"),
		OPT_DOUBLE(0, "alpha", &co.alpha, "A", "significance level (default: 0.05)"),
		OPT_CHOICE(0, "format", &format, format_names, "the reason as text, KTAP or JUnit XML"),
		OPT_END(),
	};
	int nargs;

	/* the choices are the table's */
	for (i = 0; check_formats[i].name && i + 1 < ARRAY_SIZE(format_names); i++)
		format_names[i] = check_formats[i].name;
	format_names[i] = NULL;
	nargs = opt_parse(argc, argv, opts, check_usage);
	/* the man page reads --list-options: the paragraph is --help's alone */
	if (nargs == OPT_HELP_SHOWN && !asked_for(argc, argv, "--list-options")) {
		printf("\nExit status: 0 when no metric got worse, 1 when one did, 125 when it\n"
		       "cannot tell (git bisect run's good, bad and skip), 128 on an error\n"
		       "(which makes git bisect run stop).\n");
		return 0;
	}
	if (nargs == OPT_HELP_SHOWN)
		return 0;
	if (nargs < 0)
		return CHECK_EXIT_ERROR;
	if (nargs != 2) {
		opt_usage(stderr, opts, check_usage);
		goto done;
	}
	if (!(co.alpha > 0 && co.alpha < 1) || !(co.threshold >= 0)) {
		cmd_error("--alpha must be between 0 and 1 and --threshold at least 0");
		goto done;
	}
	co.test = stats_test_by_name("utest");
	/* an archive that cannot be opened is an error, not a kernel without results */
	if ((!is_file(argv[0]) || !is_file(argv[1])) &&
	    archive_open(&sel.opened, sel.archive, 0) < 0) {
		cmd_error_last();
		goto done;
	}
	co.old_name = side_name(argv[0]);
	co.new_name = side_name(argv[1]);
	if (read_side(&old_set, &sel, argv[0], metric, &old_missing) < 0 ||
	    read_side(&new_set, &sel, argv[1], metric, &new_missing) < 0) {
		cmd_error_last();
		goto done;
	}
	where(&at, old_set.nr ? &old_set : &new_set);
	co.where = at.len ? at.buf : NULL;
	check_compare(&res, &old_set, &new_set, &co);
	if (old_missing || new_missing) {
		/* nothing measured on a side: every metric is missing there */
		res.overall = CHECK_UNSURE;
	}
	check_format_by_name(format)->write(&out, &res);
	ret = verdict_exit[res.overall];
	if (cmd_write_output(NULL, out.buf, out.len))
		ret = CHECK_EXIT_ERROR;
done:
	check_result_release(&res);
	recset_release(&old_set);
	recset_release(&new_set);
	strbuf_release(&out);
	strbuf_release(&at);
	select_release(&sel);
	return ret;
}
