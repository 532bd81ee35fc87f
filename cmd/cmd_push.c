#include "builtin.h"

static const char *const push_usage[] = {
	"benchpost push [REMOTE]",
	NULL,
};

int cmd_push(int argc, const char **argv)
{
	const char *archive = NULL;
	struct option opts[] = {
		OPT_STRING(0, "archive", &archive, "DIR", "archive location"),
		OPT_END(),
	};
	(void)archive;
	int nargs = opt_parse(argc, argv, opts, push_usage);

	if (nargs < 0)
		return cmd_opt_exit(nargs);
	return cmd_not_implemented("push");
}
