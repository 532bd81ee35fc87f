#include "archive_out.h"
#include "builtin.h"

#include <stdio.h>

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
	int nargs = opt_parse(argc, argv, opts, push_usage);

	if (nargs < 0)
		return cmd_opt_exit(nargs);
	if (nargs > 1) {
		opt_usage(stderr, opts, push_usage);
		return EXIT_USAGE;
	}
	return archive_out_remote(archive_push, archive, 0, nargs ? argv[0] : NULL);
}
