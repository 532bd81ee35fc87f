#include "builtin.h"

static const char *const diff_usage[] = {
	"benchpost diff [--hardware H] [--fs F] [--alpha A] OLD NEW",
	NULL,
};

int cmd_diff(int argc, const char **argv)
{
	const char *hardware = NULL, *fs = NULL, *archive = NULL;
	double alpha = 0.05;
	struct option opts[] = {
		OPT_STRING(0, "hardware", &hardware, "H", "hardware key when the archive has several"),
		OPT_STRING(0, "fs", &fs, "F", "file system when the runs have several"),
		OPT_DOUBLE(0, "alpha", &alpha, "A", "significance level (default: 0.05)"),
		OPT_STRING(0, "archive", &archive, "DIR", "archive location"),
		OPT_END(),
	};
	(void)hardware; (void)fs; (void)alpha; (void)archive;
	int nargs = opt_parse(argc, argv, opts, diff_usage);

	if (nargs < 0)
		return cmd_opt_exit(nargs);
	return cmd_not_implemented("diff");
}
