#include "builtin.h"

static const char *const run_usage[] = {
	"benchpost run [--suite quick|standard] [--fs LIST | --dir DIR] [-n ITER] [--tarball FILE] [--no-commit]",
	NULL,
};

int cmd_run(int argc, const char **argv)
{
	static const char *const suites[] = { "quick", "standard", NULL };
	const char *suite = "standard", *fs = NULL, *dir = NULL, *tarball = NULL, *archive = NULL;
	int iterations = 5, no_commit = 0, quiet = 0;
	struct option opts[] = {
		OPT_CHOICE(0, "suite", &suite, suites, "data set size (default: standard)"),
		OPT_STRING(0, "fs", &fs, "LIST", "file systems to make on loop devices, e.g. ext2,ext3:data=writeback"),
		OPT_STRING(0, "dir", &dir, "DIR", "run in an existing directory instead (no root)"),
		OPT_INT('n', "iterations", &iterations, "N", "samples per test (default: 5)"),
		OPT_STRING(0, "tarball", &tarball, "FILE", "kernel tarball to use"),
		OPT_BOOL(0, "no-commit", &no_commit, "do not store the results in the archive"),
		OPT_BOOL('q', "quiet", &quiet, "no progress line"),
		OPT_STRING(0, "archive", &archive, "DIR", "archive location"),
		OPT_END(),
	};
	(void)suite; (void)fs; (void)dir; (void)tarball; (void)archive; (void)iterations; (void)no_commit; (void)quiet;
	int nargs = opt_parse(argc, argv, opts, run_usage);

	if (nargs < 0)
		return cmd_opt_exit(nargs);
	return cmd_not_implemented("run");
}
