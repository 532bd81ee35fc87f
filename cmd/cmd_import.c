#include "builtin.h"

static const char *const import_usage[] = {
	"benchpost import [--dry-run] [--format bench|json] FILE|DIR|-...",
	NULL,
};

int cmd_import(int argc, const char **argv)
{
	const char *format = "bench", *archive = NULL;
	int dry_run = 0;
	struct option opts[] = {
		OPT_BOOL('n', "dry-run", &dry_run, "print the records instead of archiving them"),
		OPT_CHOICE('f', "format", &format, format_choices, "output format with --dry-run"),
		OPT_STRING(0, "archive", &archive, "DIR", "archive location"),
		OPT_END(),
	};
	(void)format; (void)archive; (void)dry_run;
	int nargs = opt_parse(argc, argv, opts, import_usage);

	if (nargs < 0)
		return cmd_opt_exit(nargs);
	return cmd_not_implemented("import");
}
