#include "builtin.h"
#include "../archive/archive.h"
#include "../core/strbuf.h"

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
	struct strbuf summary = STRBUF_INIT;
	struct archive *a = NULL;
	int nargs = opt_parse(argc, argv, opts, pull_usage), ret = 0;

	if (nargs < 0)
		return cmd_opt_exit(nargs);
	if (nargs > 1) {
		opt_usage(stderr, opts, pull_usage);
		return EXIT_USAGE;
	}
	if (archive_open(&a, archive, 1) < 0)
		return cmd_error_last();
	if (archive_pull(a, nargs ? argv[0] : NULL, &summary) < 0)
		ret = cmd_error_last();
	else
		printf("%s\n", summary.buf);
	archive_free(a);
	strbuf_release(&summary);
	return ret;
}
