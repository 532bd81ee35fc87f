#include "builtin.h"

static const char *const plot_usage[] = {
	"benchpost plot [SELECTION] [--terminal png|svg|dumb] [-o FILE]",
	NULL,
};

int cmd_plot(int argc, const char **argv)
{
	static const char *const terminals[] = { "png", "svg", "dumb", NULL };
	const char *terminal = "dumb", *output = NULL, *archive = NULL;
	struct option opts[] = {
		OPT_CHOICE(0, "terminal", &terminal, terminals, "graph format (default: dumb)"),
		OPT_STRING('o', "output", &output, "FILE", "write here instead of standard output"),
		OPT_STRING(0, "archive", &archive, "DIR", "archive location"),
		OPT_END(),
	};
	(void)terminal; (void)output; (void)archive;
	int nargs = opt_parse(argc, argv, opts, plot_usage);

	if (nargs < 0)
		return cmd_opt_exit(nargs);
	return cmd_not_implemented("plot");
}
