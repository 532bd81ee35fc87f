#include "builtin.h"

static const char *const report_usage[] = {
	"benchpost report [SELECTION] [--template NAME|FILE] [--format text|email|html] [-o FILE]",
	NULL,
};

int cmd_report(int argc, const char **argv)
{
	static const char *const formats[] = { "text", "email", "html", NULL };
	const char *template = NULL, *format = "text", *output = NULL, *archive = NULL;
	struct option opts[] = {
		OPT_STRING('t', "template", &template, "NAME|FILE", "template to render"),
		OPT_CHOICE('f', "format", &format, formats, "output format (default: text)"),
		OPT_STRING('o', "output", &output, "FILE", "write here instead of standard output"),
		OPT_STRING(0, "archive", &archive, "DIR", "archive location"),
		OPT_END(),
	};
	(void)template; (void)format; (void)output; (void)archive;
	int nargs = opt_parse(argc, argv, opts, report_usage);

	if (nargs < 0)
		return cmd_opt_exit(nargs);
	return cmd_not_implemented("report");
}
