#include "archive_out.h"
#include "builtin.h"

#include <string.h>

static const char *const log_usage[] = {
	"benchpost log [--kernel K] [--hardware H] [--fs F] [--benchmark B] [--sort time|version] [--format text|bench|json]",
	NULL,
};

int cmd_log(int argc, const char **argv)
{
	static const char *const formats[] = { "text", "bench", "json", NULL };
	static const char *const sorts[] = { "time", "version", NULL };
	const char *kernel = NULL, *hardware = NULL, *fs = NULL, *benchmark = NULL;
	const char *format = "text", *sort = "time", *archive = NULL;
	struct option opts[] = {
		OPT_STRING(0, "kernel", &kernel, "K", "only this kernel (exact, prefix or glob)"),
		OPT_STRING(0, "hardware", &hardware, "H", "only this hardware key"),
		OPT_STRING(0, "fs", &fs, "F", "only this file system"),
		OPT_STRING(0, "benchmark", &benchmark, "B", "only this benchmark"),
		OPT_CHOICE(0, "sort", &sort, sorts, "newest first, or by kernel version"),
		OPT_CHOICE('f', "format", &format, formats, "output format (default: text)"),
		OPT_STRING(0, "archive", &archive, "DIR", "archive location"),
		OPT_END(),
	};
	struct archive_list list = ARCHIVE_LIST_INIT;
	struct archive_filter filter;
	struct archive *a = NULL;
	int nargs = opt_parse(argc, argv, opts, log_usage), ret;

	if (nargs < 0)
		return cmd_opt_exit(nargs);
	if (nargs > 0) {
		cmd_error("log: unexpected argument '%s'", argv[0]);
		return EXIT_USAGE;
	}
	if ((ret = archive_out_open(&a, archive)))
		return ret;
	filter.kernel = kernel;
	filter.hardware = hardware;
	filter.fs = fs;
	filter.benchmark = benchmark;
	if (archive_list_runs(a, &filter, &list) < 0) {
		ret = cmd_error_last();
	} else {
		if (!strcmp(sort, "version"))
			archive_list_sort_version(&list);
		ret = archive_out_list(&list, format);
	}
	archive_list_release(&list);
	archive_free(a);
	return ret;
}
