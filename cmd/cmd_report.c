#include "builtin.h"
#include "select.h"
#include "../core/error.h"
#include "../core/strbuf.h"
#include "../render/render_report.h"
#include "../render/render_series.h"
#include "../core/version.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *const report_usage[] = {
	"benchpost report [SELECTION...] [--template NAME|FILE] [--format text|email|html] [-o FILE]",
	NULL,
};

/*
 * A template is a file when it looks like a path, else a name looked up in
 * $BENCHPOST_TEMPLATES, then the binary's own templates (core/version.h).
 */
static int find_template(struct strbuf *path, const char *name)
{
	const char *dirs[BP_TEMPLATE_DIRS_MAX];
	size_t i, n = bp_template_dirs(dirs);

	if (strchr(name, '/') || strstr(name, ".md")) {
		strbuf_addstr(path, name);
		return 0;
	}
	for (i = 0; i < n; i++) {
		strbuf_reset(path);
		strbuf_addf(path, "%s/%s.md", dirs[i], name);
		if (!access(path->buf, R_OK))
			return 0;
	}
	return err_set("no template '%s' (try single-run, fs-compare or kernel-diff)", name);
}

/* Without --template: a diff for two kernels, a comparison for several file systems. */
static const char *default_template(const struct recset *set)
{
	struct render_series_set ss = RENDER_SERIES_SET_INIT;
	struct render_strings kernels = { 0 };
	size_t i, configs = 0;
	const char *name;

	render_series_group(&ss, set);
	render_distinct(&kernels, &ss, RENDER_KERNEL, NULL, 0);
	for (i = 0; i < ss.nr; i++) {
		size_t j;

		for (j = 0; j < i; j++)
			if (render_series_match(&ss.v[j], &ss.v[i], (1u << RENDER_FS) | (1u << RENDER_OPTIONS)))
				break;
		configs += j == i;
	}
	name = kernels.nr > 1 ? "kernel-diff" : configs > 1 ? "fs-compare" : "single-run";
	render_strings_release(&kernels);
	render_series_set_release(&ss);
	return name;
}

int cmd_report(int argc, const char **argv)
{
	static const char *const tests[] = { "utest", "welch", NULL };
	const char *template = NULL, *format = "text", *output = NULL, *test = "utest";
	struct select_opts sel = { 0 };
	struct render_report_data data = { 0 };
	struct recset set = RECSET_INIT, old_set = RECSET_INIT, new_set = RECSET_INIT;
	struct strbuf path = STRBUF_INIT, text = STRBUF_INIT, out = STRBUF_INIT;
	struct option opts[] = {
		OPT_STRING('t', "template", &template, "NAME|FILE", "template to render (default: by the selection)"),
		OPT_CHOICE('f', "format", &format, render_report_format_names, "output format (default: text)"),
		OPT_STRING('o', "output", &output, "FILE", "write here instead of standard output"),
		OPT_STRING(0, "kernel", &sel.kernel, "K", "only this kernel (exact, prefix or glob)"),
		OPT_STRING(0, "hardware", &sel.hardware, "H", "only this hardware key"),
		OPT_STRING(0, "fs", &sel.fs, "F", "only this file system (or fs:options)"),
		OPT_STRING(0, "benchmark", &sel.benchmark, "B", "only this benchmark"),
		OPT_CHOICE(0, "test", &test, tests, "significance test of diffs (default: utest)"),
		OPT_DOUBLE(0, "alpha", &data.alpha, "A", "significance level (default: 0.05)"),
		OPT_BOOL(0, "utf8", &data.utf8, "allow UTF-8 (default: ASCII)"),
		OPT_STRING(0, "from", &data.email.from, "ADDR", "email: From (default: $EMAIL)"),
		OPT_STRING(0, "to", &data.email.to, "ADDRS", "email: To"),
		OPT_STRING(0, "cc", &data.email.cc, "ADDRS", "email: Cc"),
		OPT_STRING(0, "subject", &data.email.subject, "TEXT", "email: Subject (default: the first heading)"),
		OPT_STRING(0, "in-reply-to", &data.email.in_reply_to, "MSGID", "email: reply to this message"),
		OPT_STRING(0, "archive", &sel.archive, "DIR", "archive location"),
		OPT_END(),
	};
	int nargs, ret = 1;

	data.alpha = 0.05;
	nargs = opt_parse(argc, argv, opts, report_usage);
	if (nargs < 0)
		return cmd_opt_exit(nargs);
	if (!(data.alpha > 0 && data.alpha < 1)) {
		cmd_error("--alpha must be between 0 and 1, not %g", data.alpha);
		return EXIT_USAGE;
	}
	if ((ret = cmd_select_records(&set, &sel, nargs, argv)))
		goto done;
	ret = 1;
	/* two arguments are the two sides of {{diff}}, in the order given */
	if (nargs == 2) {
		if (select_arg(&old_set, &sel, argv[0]) < 0 || select_arg(&new_set, &sel, argv[1]) < 0) {
			ret = cmd_error_last();
			goto done;
		}
		data.old_set = &old_set;
		data.new_set = &new_set;
		data.old_name = old_set.nr && old_set.v[0].kernel ? old_set.v[0].kernel : argv[0];
		data.new_name = new_set.nr && new_set.v[0].kernel ? new_set.v[0].kernel : argv[1];
	}
	data.set = &set;
	data.test = stats_test_by_name(test);
	if (find_template(&path, template ? template : default_template(&set)) < 0) {
		ret = cmd_error_last();
		goto done;
	}
	if (strbuf_read_file(&text, path.buf) < 0) {
		ret = cmd_error("cannot read template '%s': %s", path.buf, strerror(errno));
		goto done;
	}
	if (render_report(&out, text.buf, text.len, path.buf, format, &data) < 0) {
		ret = cmd_error_last();
		goto done;
	}
	ret = cmd_write_output(output, out.buf, out.len);
done:
	recset_release(&set);
	recset_release(&old_set);
	recset_release(&new_set);
	strbuf_release(&path);
	strbuf_release(&text);
	strbuf_release(&out);
	select_release(&sel);
	return ret;
}
