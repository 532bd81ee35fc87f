#include "cmd/builtin.h"
#include "core/version.h"
#include "core/util.h"

#include <signal.h>
#include <stdio.h>
#include <string.h>

struct cmd_struct {
	const char *name;
	int (*fn)(int argc, const char **argv);
	const char *summary;
};

static const struct cmd_struct commands[] = {
	{ "run", cmd_run, "run the standard file-system tests and archive the results" },
	{ "parse", cmd_parse, "turn time, df, dd, postmark, dbench, fio output into records" },
	{ "import", cmd_import, "read benchmark emails (mbox, maildir, messages) into records" },
	{ "log", cmd_log, "list archived runs, filtered by kernel, hardware, fs, benchmark" },
	{ "show", cmd_show, "print one archived run" },
	{ "diff", cmd_diff, "compare two kernels or runs with significance tests" },
	{ "report", cmd_report, "render a ready-to-post report (text, email, html)" },
	{ "plot", cmd_plot, "draw graphs with gnuplot (png, svg, dumb)" },
	{ "push", cmd_push, "send archived runs to another archive" },
	{ "pull", cmd_pull, "fetch and merge archived runs from another archive" },
};

static void usage(FILE *f)
{
	size_t i;

	fprintf(f, "usage: benchpost [--version] [--help] <command> [<args>]\n\n");
	fprintf(f, "benchpost runs, keeps, compares and posts file-system benchmarks.\n\n");
	fprintf(f, "commands:\n");
	for (i = 0; i < ARRAY_SIZE(commands); i++)
		fprintf(f, "   %-9s %s\n", commands[i].name, commands[i].summary);
	fprintf(f, "\n'benchpost <command> --help' describes a command.\n");
}

static const struct cmd_struct *find_command(const char *name)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(commands); i++)
		if (!strcmp(commands[i].name, name))
			return &commands[i];
	return NULL;
}

int main(int argc, const char **argv)
{
	const struct cmd_struct *cmd;

	/* A closed pipe (benchpost log | head) is reported as a write error. */
	signal(SIGPIPE, SIG_IGN);
	if (argc < 2) {
		usage(stderr);
		return EXIT_USAGE;
	}
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
		usage(stdout);
		return 0;
	}
	if (!strcmp(argv[1], "--version")) {
		printf("benchpost %s (commit %s)\n", BENCHPOST_VERSION, bp_build_commit());
		return 0;
	}
	/* Hidden, for the man page and the shell completions (completion/). */
	if (!strcmp(argv[1], "--list-commands")) {
		size_t i;

		for (i = 0; i < ARRAY_SIZE(commands); i++)
			printf("%s\t%s\n", commands[i].name, commands[i].summary);
		return 0;
	}
	if (!strcmp(argv[1], "--list-values"))
		return cmd_list_values(argc - 1, argv + 1);
	if (!strcmp(argv[1], "help")) {
		if (argc > 2 && (cmd = find_command(argv[2]))) {
			const char *help_argv[] = { argv[2], "--help", NULL };

			return cmd->fn(2, help_argv);
		}
		usage(stdout);
		return argc > 2 ? EXIT_USAGE : 0;
	}
	cmd = find_command(argv[1]);
	if (!cmd) {
		fprintf(stderr, "benchpost: '%s' is not a benchpost command; see 'benchpost --help'\n",
			argv[1]);
		return EXIT_USAGE;
	}
	return cmd->fn(argc - 1, argv + 1);
}
