/*
 * Test helper: commits .bench files as runs through archive_commit, the
 * way `benchpost run` and `import` will, since no user command that writes
 * the archive has landed in this branch.
 *
 *   bp-commit [--archive DIR] [--suite S] [--when EPOCH] [--details FILE]
 *             [--batch N] FILE.bench...
 *
 * Each file is one run.  Runs go N to a commit (default 1); after each
 * commit the saved paths are printed and flushed, so a test that kills
 * this process knows exactly what was reported as saved.
 */
#include "../../archive/archive.h"
#include "../../cmd/builtin.h"
#include "../../core/bench.h"
#include "../../core/error.h"
#include "../../core/strbuf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int commit_batch(struct archive *a, struct archive_run *runs, size_t nr)
{
	char **paths = NULL;
	size_t i;

	if (archive_commit(a, runs, nr, NULL, &paths) < 0) {
		fprintf(stderr, "bp-commit: %s\n", err_last());
		return 1;
	}
	for (i = 0; i < nr; i++) {
		printf("%s\n", paths[i]);
		free(paths[i]);
	}
	free(paths);
	fflush(stdout);
	return 0;
}

int main(int argc, char **argv)
{
	const char *dir = NULL, *suite = NULL;
	struct strbuf details = STRBUF_INIT;
	struct archive_run *runs;
	struct archive *a = NULL;
	size_t nr = 0, batch = 1, i;
	time_t when = 0;
	int ret = 0, argi;

	for (argi = 1; argi + 1 < argc && !strncmp(argv[argi], "--", 2); argi += 2) {
		if (!strcmp(argv[argi], "--archive"))
			dir = argv[argi + 1];
		else if (!strcmp(argv[argi], "--suite"))
			suite = argv[argi + 1];
		else if (!strcmp(argv[argi], "--when"))
			when = (time_t)strtoll(argv[argi + 1], NULL, 10);
		else if (!strcmp(argv[argi], "--batch"))
			batch = strtoul(argv[argi + 1], NULL, 10);
		else if (!strcmp(argv[argi], "--details") && strbuf_read_file(&details, argv[argi + 1]) < 0)
			return fprintf(stderr, "bp-commit: cannot read '%s'\n", argv[argi + 1]), 1;
	}
	if (!batch)
		batch = 1;
	if (archive_open(&a, dir, 1) < 0) {
		fprintf(stderr, "bp-commit: %s\n", err_last());
		return 1;
	}
	/* warned about as the commands do, which the scripts check */
	archive_set_warn(a, &cmd_warn);
	runs = xcalloc(batch, sizeof(*runs));
	for (; argi < argc && !ret; argi++) {
		struct archive_run *run = &runs[nr++];

		if (bench_read_file(&run->records, argv[argi]) < 0) {
			fprintf(stderr, "bp-commit: %s\n", err_last());
			ret = 1;
			break;
		}
		run->suite = suite;
		run->when = when ? when + argi : 0;
		run->hardware_details = details.len ? details.buf : NULL;
		if (nr == batch || argi + 1 == argc) {
			ret = commit_batch(a, runs, nr);
			for (i = 0; i < nr; i++)
				recset_release(&runs[i].records);
			nr = 0;
		}
	}
	for (i = 0; i < nr; i++)
		recset_release(&runs[i].records);
	free(runs);
	archive_free(a);
	strbuf_release(&details);
	return ret;
}
