#include "builtin.h"

static const char *const pull_usage[] = {
	"benchpost pull [REMOTE]",
	NULL,
};

int cmd_pull(int argc, const char **argv)
{
	const char *archive = NULL;
	struct option opts[] = {
		OPT_STRING(0, "archive", &archive, "DIR", "archive location"),
		OPT_END(),
	};
	(void)archive;
	int nargs = opt_parse(argc, argv, opts, pull_usage);

	if (nargs < 0)
		return cmd_opt_exit(nargs);
	return cmd_not_implemented("pull");
}
