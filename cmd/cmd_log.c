#include "archive_out.h"
#include "builtin.h"
#include "select.h"

#include <string.h>

static const char *const log_usage[] = {
	"benchpost log [--kernel K] [--hardware H] [--fs F] [--benchmark B] [--sort time|version] [--format text|bench|json]",
	NULL,
};

int cmd_log(int argc, const char **argv)
{
	static const char *const formats[] = { "text", "bench", "json", NULL };
	static const char *const sorts[] = { "time", "version", NULL };
	const char *format = "text", *sort = "time";
	struct select_opts sel = { 0 };
	struct option opts[] = {
		/* the selection means what it means in diff, plot and report */
		SELECT_FILTER_OPTIONS(sel),
		OPT_CHOICE(0, "sort", &sort, sorts, "newest first, or by kernel version"),
		OPT_CHOICE('f', "format", &format, formats, "output format (default: text)"),
		OPT_END(),
	};
	struct archive_list list = ARCHIVE_LIST_INIT;
	int nargs = opt_parse(argc, argv, opts, log_usage), ret;

	if (nargs < 0)
		return cmd_opt_exit(nargs);
	if (nargs > 0) {
		cmd_error("log: unexpected argument '%s'", argv[0]);
		return EXIT_USAGE;
	}
	if (select_list_runs(&list, &sel) < 0) {
		ret = cmd_error_last();
	} else {
		if (!strcmp(sort, "version"))
			archive_list_sort_version(&list);
		ret = archive_out_list(&list, format);
	}
	archive_list_release(&list);
	select_release(&sel);
	return ret;
}
