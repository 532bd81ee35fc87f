#include "archive_out.h"
#include "builtin.h"
#include "../core/error.h"
#include "../core/escape.h"

#include <stdio.h>
#include <stdlib.h>

static const char *const show_usage[] = {
	"benchpost show [--format text|bench|json] RUN",
	NULL,
};

int cmd_show(int argc, const char **argv)
{
	static const char *const formats[] = { "text", "bench", "json", NULL };
	const char *format = "text", *archive = NULL;
	struct option opts[] = {
		OPT_CHOICE('f', "format", &format, formats, "output format (default: text)"),
		OPT_STRING(0, "archive", &archive, "DIR", "archive location"),
		OPT_END(),
	};
	struct archive_list list = ARCHIVE_LIST_INIT;
	struct archive *a = NULL;
	char **paths = NULL;
	size_t nr = 0, i;
	int nargs = opt_parse(argc, argv, opts, show_usage), ret;

	if (nargs < 0)
		return cmd_opt_exit(nargs);
	if (nargs != 1) {
		opt_usage(stderr, opts, show_usage);
		return EXIT_USAGE;
	}
	if ((ret = archive_out_open(&a, archive)))
		return ret;
	ret = archive_resolve(a, argv[0], &paths, &nr);
	if (ret == BP_EAMBIGUOUS) {
		ret = cmd_error_last();
		fprintf(stderr, "candidates:\n");
		for (i = 0; i < nr; i++) {
			struct strbuf shown = STRBUF_INIT;

			/* names from the archive's tree, which a remote may have written */
			esc_addstr(&shown, paths[i], 0);
			fprintf(stderr, "  %s\n", shown.buf);
			strbuf_release(&shown);
		}
	} else if (ret < 0) {
		ret = cmd_error_last();
	} else if (archive_read_runs(a, paths, nr, &list) < 0) {
		ret = cmd_error_last();
	} else {
		ret = archive_out_runs(&list, format);
	}
	for (i = 0; i < nr; i++)
		free(paths[i]);
	free(paths);
	archive_list_release(&list);
	archive_free(a);
	return ret;
}
