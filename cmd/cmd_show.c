#include "builtin.h"

static const char *const show_usage[] = {
	"benchpost show [--format text|bench|json] RUN",
	NULL,
};

int cmd_show(int argc, const char **argv)
{
	static const char *const formats[] = { "text", "bench", "json", NULL };
	const char *format = "text", *archive = NULL;
	struct option opts[] = {
		OPT_CHOICE('f', "format", &format, formats, "output format (default: text)"),
		OPT_STRING(0, "archive", &archive, "DIR", "archive location"),
		OPT_END(),
	};
	(void)format; (void)archive;
	int nargs = opt_parse(argc, argv, opts, show_usage);

	if (nargs < 0)
		return cmd_opt_exit(nargs);
	return cmd_not_implemented("show");
}
