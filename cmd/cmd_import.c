#include "builtin.h"
#include "../archive/archive.h"
#include "../core/error.h"
#include "../import/import.h"
#include "../import/import_formats.h"

#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *const import_usage[] = {
	"benchpost import [--dry-run] [--format bench|json] [--set FIELD=VALUE] [-j N] FILE|DIR|-...",
	NULL,
};

static int same(const char *a, const char *b)
{
	return a == b || (a && b && !strcmp(a, b));
}

/* One run per (message, kernel, file-system config, hardware). */
static int same_run(const struct import_result *r, size_t i, size_t j)
{
	const struct record *a = &r->borrowed.v[i], *b = &r->borrowed.v[j];

	return r->msg_of[i] == r->msg_of[j] && same(a->kernel, b->kernel) &&
	       same(a->fs, b->fs) && same(a->options, b->options) &&
	       same(a->hardware, b->hardware) && same(a->device, b->device) &&
	       a->quoted == b->quoted;
}

static int commit_runs(const struct import_result *r, const char *path)
{
	struct archive *a = NULL;
	struct archive_run *runs = NULL;
	size_t nr = 0, i, j, *run_of = xcalloc(r->borrowed.nr + 1, sizeof(*run_of));
	char **paths = NULL;
	int ret;

	for (i = 0; i < r->borrowed.nr; i++) {
		/*
		 * A message's records stand together, so only they are compared:
		 * comparing with every earlier record made big imports quadratic.
		 */
		int found = 0;

		for (j = i; j-- > 0 && r->msg_of[j] == r->msg_of[i];) {
			if (same_run(r, i, j)) {
				found = 1;
				break;
			}
		}
		if (found) {
			run_of[i] = run_of[j];
		} else {
			runs = xrealloc(runs, (nr + 1) * sizeof(*runs));
			memset(&runs[nr], 0, sizeof(runs[nr]));
			runs[nr].suite = "import";
			runs[nr].when = r->msgs[r->msg_of[i]].date;
			run_of[i] = nr++;
		}
		recset_add(&runs[run_of[i]].records, &r->borrowed.v[i]);
	}
	ret = archive_open(&a, path, 1);
	if (!ret) {
		archive_set_warn(a, &cmd_warn);
		ret = archive_commit(a, runs, nr, NULL, &paths);
	}
	if (ret < 0) {
		cmd_error_last();
	} else {
		for (i = 0; i < nr; i++) {
			printf("%s\n", paths[i]);
			free(paths[i]);
		}
		free(paths);
		fprintf(stderr, "benchpost: imported %zu records in %zu runs into '%s'\n",
			r->borrowed.nr, nr, archive_path(a));
	}
	archive_free(a);
	for (i = 0; i < nr; i++)
		recset_release(&runs[i].records);
	free(runs);
	free(run_of);
	return ret < 0 ? 1 : 0;
}

/* Messages without numbers are skipped and named with why, the first few of them. */
static void warn_empty(const struct import_result *r)
{
	size_t i;

	for (i = 0; i < r->empty && i < IMPORT_EMPTY_NAMED; i++)
		warning("%s: skipped: %s", r->empty_names[i], r->empty_why[i]);
	if (r->empty > IMPORT_EMPTY_NAMED)
		warning("%zu more messages without benchmark numbers skipped",
			r->empty - IMPORT_EMPTY_NAMED);
}

/* The default for --jobs: the CPUs this process may run on (taskset, a cgroup's cpuset), at least one. */
static size_t online_cpus(void)
{
	cpu_set_t set;
	long n;

	if (!sched_getaffinity(0, sizeof(set), &set) && CPU_COUNT(&set) > 0)
		return (size_t)CPU_COUNT(&set);
	n = sysconf(_SC_NPROCESSORS_ONLN);
	return n > 0 ? (size_t)n : 1;
}

static void import_each(struct mail_message *m, void *data)
{
	import_message(data, m);
}

/* The library's warnings, shown at once. */
static void warn_stderr(void *payload, const char *msg)
{
	(void)payload;
	warning("%s", msg);
}

int cmd_import(int argc, const char **argv)
{
	const char *format = "bench", *archive = NULL;
	int dry_run = 0, ret = 0, i, jobs = 0;
	const struct bp_warn warn = { warn_stderr, NULL };
	struct import_fill fill = IMPORT_FILL_INIT;
	struct opt_list set = { 0 };
	struct import *imp;
	const struct import_result *result;
	struct bp_warn in_order;
	struct option opts[] = {
		OPT_BOOL('n', "dry-run", &dry_run, "print the records instead of archiving them"),
		OPT_CHOICE('f', "format", &format, format_choices, "output format with --dry-run"),
		OPT_STRING(0, "archive", &archive, "DIR", "archive location"),
		OPT_LIST(0, "set", &set, "FIELD=VALUE",
			 "kernel, hardware, fs, options or device of results files that do not say"),
		OPT_INT('j', "jobs", &jobs, "N",
			"threads that read the messages (default: one per CPU it may run on)"),
		OPT_END(),
	};
	int nargs = opt_parse(argc, argv, opts, import_usage);

	if (nargs < 0)
		return cmd_opt_exit(nargs);
	if (!nargs) {
		opt_usage(stderr, opts, import_usage);
		return EXIT_USAGE;
	}
	if (jobs < 0) {
		cmd_error("import: --jobs: expected a number of threads, got %d", jobs);
		ret = EXIT_USAGE;
		goto done;
	}
	for (i = 0; i < set.nr; i++)
		if (import_fill_parse(&fill, set.v[i]) < 0) {
			cmd_error_last();
			ret = EXIT_USAGE;
			goto done;
		}
	if (import_new(&imp, &warn) < 0) {
		ret = cmd_error_last();
		goto done;
	}
	import_set_jobs(imp, jobs ? (size_t)jobs : online_cpus());
	result = &imp->result;
	/* the mail reader's warnings shown among the messages', which wait for threads */
	in_order = import_warn_sink(imp);
	for (i = 0; i < nargs; i++) {
		struct mail_list list = MAIL_LIST_INIT;

		list.each = import_each;
		list.data = imp;
		list.warn = in_order;
		/* .bench, JSON Lines, fio and hyperfine files: import_formats.c; mail otherwise */
		if (import_read_path(imp, &list, argv[i], &fill, &in_order) < 0)
			ret = cmd_error_last();
		mail_list_release(&list);
	}
	import_finish(imp);
	warn_empty(result);
	if (!result->borrowed.nr) {
		if (!ret)
			ret = cmd_error("no benchmark numbers found in %zu message%s",
					result->messages, result->messages == 1 ? "" : "s");
	} else if (dry_run) {
		if (cmd_write_records(&result->borrowed, format))
			ret = 1;
	} else if (commit_runs(result, archive)) {
		ret = 1;
	}
	import_free(imp);
done:
	import_fill_release(&fill);
	opt_list_release(&set);
	return ret;
}
