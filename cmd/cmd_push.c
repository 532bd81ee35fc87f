#include "builtin.h"
#include "../archive/archive.h"
#include "../core/strbuf.h"

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
	struct strbuf summary = STRBUF_INIT;
	struct archive *a = NULL;
	int nargs = opt_parse(argc, argv, opts, push_usage), ret = 0;

	if (nargs < 0)
		return cmd_opt_exit(nargs);
	if (nargs > 1) {
		opt_usage(stderr, opts, push_usage);
		return EXIT_USAGE;
	}
	if (archive_open(&a, archive, 0) < 0)
		return cmd_error_last();
	if (archive_push(a, nargs ? argv[0] : NULL, &summary) < 0)
		ret = cmd_error_last();
	else
		printf("%s\n", summary.buf);
	archive_free(a);
	strbuf_release(&summary);
	return ret;
}
