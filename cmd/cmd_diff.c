#include "builtin.h"
#include "select.h"
#include "../core/error.h"
#include "../core/strbuf.h"
#include "../render/render_diff.h"
#include "../render/render_text.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

static const char *const diff_usage[] = {
	"benchpost diff [--hardware H] [--fs F] [--alpha A] [--test utest|welch] OLD NEW",
	NULL,
};

static const char *only_value(const struct recset *set, const char *(*get)(const struct record *))
{
	const char *v = NULL;
	size_t i;

	for (i = 0; i < set->nr; i++) {
		const char *x = get(&set->v[i]);

		if (!x)
			continue;
		if (v && strcmp(v, x))
			return NULL;
		v = x;
	}
	return v;
}

static const char *get_kernel(const struct record *r) { return r->kernel; }
static const char *get_hardware(const struct record *r) { return r->hardware; }

/* A side is named by its kernel when the two sides' kernels differ, else by what was typed. */
static const char *side_name(const struct recset *set, const struct recset *other, const char *arg)
{
	const char *k = only_value(set, get_kernel), *ok = only_value(other, get_kernel);
	const char *slash = strrchr(arg, '/');

	if (k && (!ok || strcmp(k, ok)))
		return k;
	return slash && slash[1] ? slash + 1 : arg;
}

int cmd_diff(int argc, const char **argv)
{
	static const char *const tests[] = { "utest", "welch", NULL };
	struct select_opts sel = { 0 };
	struct recset old_set = RECSET_INIT, new_set = RECSET_INIT;
	struct render_table table = RENDER_TABLE_INIT;
	struct strbuf out = STRBUF_INIT, title = STRBUF_INIT;
	const char *test = "utest";
	double alpha = 0.05;
	int utf8 = 0, ret = 1;
	struct option opts[] = {
		OPT_STRING(0, "hardware", &sel.hardware, "H", "hardware key when the archive has several"),
		OPT_STRING(0, "fs", &sel.fs, "F", "file system (or fs:options) when the runs have several"),
		OPT_DOUBLE(0, "alpha", &alpha, "A", "significance level (default: 0.05)"),
		OPT_CHOICE(0, "test", &test, tests, "Mann-Whitney U on medians (default) or Welch's t on means"),
		OPT_BOOL(0, "utf8", &utf8, "allow UTF-8 in the output (default: ASCII)"),
		OPT_STRING(0, "archive", &sel.archive, "DIR", "archive location"),
		OPT_END(),
	};
	int nargs = opt_parse(argc, argv, opts, diff_usage);
	struct render_diff_opts dopts;
	const char *hw;

	if (nargs < 0)
		return cmd_opt_exit(nargs);
	if (nargs != 2) {
		opt_usage(stderr, opts, diff_usage);
		return EXIT_USAGE;
	}
	if (!(alpha > 0 && alpha < 1)) {
		cmd_error("--alpha must be between 0 and 1, not %g", alpha);
		return EXIT_USAGE;
	}
	if (select_arg(&old_set, &sel, argv[0]) < 0 || select_arg(&new_set, &sel, argv[1]) < 0 ||
	    select_check_single(&old_set, argv[0]) < 0 || select_check_single(&new_set, argv[1]) < 0) {
		ret = cmd_error_last();
		goto done;
	}
	dopts.test = stats_test_by_name(test);
	dopts.alpha = alpha;
	dopts.old_name = side_name(&old_set, &new_set, argv[0]);
	dopts.new_name = side_name(&new_set, &old_set, argv[1]);
	strbuf_addstr(&title, old_set.v[0].fs ? old_set.v[0].fs : "?");
	if (old_set.v[0].options && *old_set.v[0].options)
		strbuf_addf(&title, " (%s)", old_set.v[0].options);
	if ((hw = only_value(&old_set, get_hardware)))
		strbuf_addf(&title, " on %s", hw);
	strbuf_addf(&title, ": %s -> %s", dopts.old_name, dopts.new_name);
	dopts.title = title.buf;
	if (!render_diff(&table, &old_set, &new_set, &dopts)) {
		ret = cmd_error("nothing to compare: no benchmark and metric in both '%s' and '%s'",
				argv[0], argv[1]);
		goto done;
	}
	render_table_write(&out, &table, render_table_format(utf8 ? "utf8" : "text"));
	if (fwrite(out.buf, 1, out.len, stdout) != out.len || fflush(stdout))
		ret = cmd_error("cannot write output: %s", strerror(errno));
	else
		ret = 0;
done:
	render_table_release(&table);
	recset_release(&old_set);
	recset_release(&new_set);
	strbuf_release(&out);
	strbuf_release(&title);
	select_release(&sel);
	return ret;
}
