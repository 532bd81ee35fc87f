#include "archive_out.h"
#include "builtin.h"

#include <stdio.h>

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
	int nargs = opt_parse(argc, argv, opts, pull_usage);

	if (nargs < 0)
		return cmd_opt_exit(nargs);
	if (nargs > 1) {
		opt_usage(stderr, opts, pull_usage);
		return EXIT_USAGE;
	}
	return archive_out_remote(archive_pull, archive, 1, nargs ? argv[0] : NULL);
}
