#include "builtin.h"
#include "select.h"
#include "../core/error.h"
#include "../core/strbuf.h"
#include "../render/render_report.h"
#include "../core/util.h"
#include "../core/version.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *const report_usage[] = {
	"benchpost report [SELECTION...] [SELECTION OPTIONS] [--template NAME|FILE] [--format F] [--detail] [-o FILE]",
	NULL,
};

/* The names of the templates there are, for the message that asks for one ("a, b, c"). */
static const char *known_templates(struct strbuf *out)
{
	struct strbuf lines = STRBUF_INIT;
	const char *p, *nl;

	cmd_list_templates(&lines);
	strbuf_reset(out);
	for (p = lines.buf; *p; p = nl + 1) {
		nl = strchrnul(p, '\n');
		strbuf_addf(out, "%s%.*s", out->len ? ", " : "", (int)(nl - p), p);
		if (!*nl)
			break;
	}
	strbuf_release(&lines);
	return out->len ? out->buf : "none installed";
}

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
	return err_set("no template '%s' (the templates: %s)", name, known_templates(path));
}

int cmd_report(int argc, const char **argv)
{
	const char *formats[8], *tests[8];
	const char *template = "report", *format = "text", *output = NULL, *test = "utest";
	struct select_opts sel = { 0 };
	struct render_report_data data = { 0 };
	struct recset set = RECSET_INIT, old_set = RECSET_INIT, new_set = RECSET_INIT;
	struct strbuf path = STRBUF_INIT, text = STRBUF_INIT, out = STRBUF_INIT;
	struct option opts[] = {
		SELECT_FILTER_OPTIONS(sel),
		OPT_STRING('t', "template", &template, "NAME|FILE", "template to render (default: report)"),
		OPT_CHOICE('f', "format", &format, formats, "output format (default: text)"),
		OPT_STRING('o', "output", &output, "FILE", "write here instead of standard output"),
		OPT_CHOICE(0, "test", &test, tests, "significance test of comparisons (default: utest)"),
		OPT_DOUBLE(0, "alpha", &data.alpha, "A", "significance level (default: 0.05)"),
		OPT_BOOL(0, "detail", &data.detail, "every metric: user, sys, sync, tool internals"),
		OPT_BOOL(0, "graphs", &data.graphs, "draw {{graph}} (default: in html only)"),
		OPT_BOOL(0, "utf8", &data.utf8, "allow UTF-8 (default: ASCII)"),
		OPT_STRING(0, "from", &data.email.from, "ADDR", "email: From (default: $EMAIL)"),
		OPT_STRING(0, "to", &data.email.to, "ADDRS", "email: To"),
		OPT_STRING(0, "cc", &data.email.cc, "ADDRS", "email: Cc"),
		OPT_STRING(0, "subject", &data.email.subject, "TEXT", "email: Subject (default: the comparison)"),
		OPT_STRING(0, "in-reply-to", &data.email.in_reply_to, "MSGID", "email: reply to this message"),
		OPT_END(),
	};
	int nargs, ret = 1;

	render_report_format_names(formats, ARRAY_SIZE(formats));
	stats_test_names(tests, ARRAY_SIZE(tests));
	data.alpha = 0.05;
	data.graphs = -1;
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
	/* two arguments are the two sides of the comparison, in the order given */
	if (nargs == 2) {
		if (select_arg(&old_set, &sel, argv[0]) < 0 || select_arg(&new_set, &sel, argv[1]) < 0) {
			ret = cmd_error_last();
			goto done;
		}
		data.old_set = &old_set;
		data.new_set = &new_set;
		data.old_arg = argv[0];
		data.new_arg = argv[1];
	}
	data.set = &set;
	data.test = stats_test_by_name(test);
	if (find_template(&path, template) < 0) {
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
