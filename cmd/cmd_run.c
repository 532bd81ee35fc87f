#include "builtin.h"
#include "../collect/collect.h"
#include "../core/bench.h"
#include "../core/error.h"
#include "../core/strbuf.h"
#include "../archive/archive.h"
#include "../render/render_layout.h"
#include "../render/render_method.h"
#include "../render/render_table.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *const run_usage[] = {
	"benchpost run [--suite quick|standard] [--fs LIST | --dir DIR] [-n ITER] [--tarball FILE] [--no-commit]",
	"benchpost run --dir DIR [--test LIST] [--param TEST.KEY=VALUE...] [--scratch DIR]",
	NULL,
};

/*
 * The ready-to-post report: the render layer's configuration layout (a
 * column per file system, the benchmarks' times as rows, n and spread in
 * the cells), without the rusage counters that only a reader of the
 * archive wants.
 */
static int is_time(const char *metric)
{
	static const char *const times[] = { "elapsed", "user", "sys", "sync", "total", NULL };
	size_t i;

	for (i = 0; times[i]; i++)
		if (!strcmp(metric, times[i]))
			return 1;
	return 0;
}

/* From the tools' own reports, the throughput a reader of the list wants. */
static int is_tool_rate(const char *metric)
{
	size_t len = strlen(metric);

	return !strcmp(metric, "throughput") || !strcmp(metric, "transactions-rate") ||
	       (len > 3 && !strcmp(metric + len - 3, "-bw"));
}

/*
 * The ready-to-post report through the render layer's configuration
 * layout (a column per file system, n and spread in the cells): our
 * times first, then the tools' throughput, as two tables so that large
 * rates do not push the times' columns apart.  The archive keeps the rest.
 */
static void print_table(FILE *f, const struct collect_result *result,
			int (*want)(const char *metric))
{
	const struct render_layout *layout = render_layout_by_name("configs");
	const struct render_table_format *fmt = render_table_format("text");
	struct recset set = RECSET_INIT;
	struct strbuf out = STRBUF_INIT;
	size_t i, j;

	if (!layout || !fmt)
		return;
	for (i = 0; i < result->nr; i++) {
		for (j = 0; j < result->v[i].records.nr; j++) {
			const struct record *r = &result->v[i].records.v[j];

			if (r->metric && want(r->metric))
				recset_add(&set, r);
		}
	}
	if (set.nr) {
		layout->write(&out, &set, fmt);
		if (out.len && out.buf[out.len - 1] != '\n')
			strbuf_addch(&out, '\n');
		fputc('\n', f);
		fputs(out.buf, f);
	}
	strbuf_release(&out);
	recset_release(&set);
}

/* Posted text: words wrapped at width, line breaks kept. */
static void print_wrapped(FILE *f, const char *text, size_t width)
{
	size_t col = 0;

	while (*text) {
		size_t len = strcspn(text, " \n");

		if (col && col + 1 + len > width) {
			fputc('\n', f);
			col = 0;
		} else if (col) {
			fputc(' ', f);
			col++;
		}
		fwrite(text, 1, len, f);
		col += len;
		text += len;
		if (*text == '\n') {
			fputc('\n', f);
			col = 0;
		}
		if (*text)
			text++;
	}
	if (col)
		fputc('\n', f);
}

/* How the numbers were taken, in the render layer's sentences. */
static void print_method(FILE *f, const struct collect_result *result)
{
	struct recset set = RECSET_INIT;
	struct strbuf out = STRBUF_INIT;
	size_t i;

	for (i = 0; i < result->nr; i++)
		if (result->v[i].records.nr)
			recset_add(&set, &result->v[i].records.v[0]);
	render_method(&out, &set);
	if (out.len) {
		fputc('\n', f);
		print_wrapped(f, out.buf, 72);
	}
	strbuf_release(&out);
	recset_release(&set);
}

static const char *run_fact(const struct collect_run *run, const char *key)
{
	const struct record *first = run->records.nr ? &run->records.v[0] : NULL;

	return first && first->facts ? facts_get(first->facts, key) : NULL;
}

/* What the tables cannot say: where each file system ran, and how. */
static void print_header(FILE *f, const struct collect_result *result)
{
	const char *iter = result->nr ? run_fact(&result->v[0], "iterations") : NULL;
	size_t i;

	for (i = 0; i < result->nr; i++) {
		const struct collect_run *run = &result->v[i];
		const char *caches = run_fact(run, "caches");
		const char *dev = run->records.nr ? run->records.v[0].device : NULL;

		struct strbuf line = STRBUF_INIT;

		strbuf_addf(&line, "%s: caches %s, on %s", run->fs_label, caches ? caches : "?",
			    dev ? dev : "?");
		/* Posted text stays within 72 columns: the device goes below. */
		if (line.len > 72) {
			strbuf_reset(&line);
			strbuf_addf(&line, "%.60s: caches %s\n  on %.66s", run->fs_label,
				    caches ? caches : "?", dev ? dev : "?");
		}
		fprintf(f, "%s\n", line.buf);
		strbuf_release(&line);
	}
	fprintf(f, "sync timed after each step, %s iteration%s, suite %s\n", iter ? iter : "?",
		iter && !strcmp(iter, "1") ? "" : "s", result->suite);
}

/* One commit for the whole run, a file per file system. */
static int commit_runs(const struct collect_result *result, const char *path)
{
	struct archive *a = NULL;
	struct archive_run *runs = xcalloc(result->nr, sizeof(*runs));
	char **paths = NULL;
	size_t i;
	int ret = 0;

	for (i = 0; i < result->nr; i++) {
		runs[i].records = result->v[i].records;
		runs[i].suite = result->suite;
		runs[i].when = result->v[i].when;
		runs[i].hardware_details = result->v[i].hardware_details;
	}
	ret = archive_open(&a, path, 1);
	if (!ret) {
		archive_set_warn(a, &cmd_warn);
		ret = archive_commit(a, runs, result->nr, NULL, &paths);
	}
	if (ret < 0) {
		ret = cmd_error("run: cannot store the results: %s", err_last());
		goto done;
	}
	for (i = 0; i < result->nr; i++) {
		fprintf(stderr, "benchpost: stored %s in '%s'\n", paths[i], archive_path(a));
		free(paths[i]);
	}
	free(paths);
done:
	archive_free(a);
	free(runs);
	return ret;
}

static void split_list(struct opt_list *l, const char ***out)
{
	size_t n = 0, alloc = 0;
	int i;

	*out = NULL;
	if (!l->nr)
		return;
	for (i = 0; i < l->nr; i++) {
		const char *p = l->v[i];

		while (*p) {
			size_t len = strcspn(p, ",");

			ALLOC_GROW(*out, n + 2, alloc);
			(*out)[n++] = xstrndup(p, len);
			p += len + (p[len] == ',');
		}
	}
	ALLOC_GROW(*out, n + 1, alloc);
	(*out)[n] = NULL;
}

static void free_list(const char **v)
{
	size_t i;

	for (i = 0; v && v[i]; i++)
		free((char *)v[i]);
	free(v);
}

int cmd_run(int argc, const char **argv)
{
	static const char *const suites[] = { "quick", "standard", NULL };
	const char *suite = "standard", *fs = NULL, *dir = NULL, *tarball = NULL, *archive = NULL;
	const char *scratch = NULL;
	int iterations = 5, no_commit = 0, quiet = 0, ret = 0;
	struct opt_list tests = { 0 }, params = { 0 };
	struct option opts[] = {
		OPT_CHOICE(0, "suite", &suite, suites, "data set size (default: standard)"),
		OPT_STRING(0, "fs", &fs, "LIST", "file systems to make on loop devices, e.g. ext2,ext3:data=writeback"),
		OPT_STRING(0, "dir", &dir, "DIR", "run in an existing directory instead (no root)"),
		OPT_INT('n', "iterations", &iterations, "N", "samples per test (default: 5)"),
		OPT_STRING(0, "tarball", &tarball, "FILE", "kernel tarball to use"),
		OPT_LIST(0, "test", &tests, "LIST", "run only these tests (cp,untar,kuntar,rm-tree,dd,writer,postmark,dbench,tiobench)"),
		OPT_LIST(0, "param", &params, "T.K=V", "a test's setting, e.g. postmark.numbers=500"),
		OPT_STRING(0, "scratch", &scratch, "DIR", "where the loop images go (default: /var/tmp)"),
		OPT_BOOL(0, "no-commit", &no_commit, "do not store the results in the archive"),
		OPT_BOOL('q', "quiet", &quiet, "no progress line"),
		OPT_STRING(0, "archive", &archive, "DIR", "archive location"),
		OPT_END(),
	};
	struct collect_fs_list fs_list = { 0 };
	struct collect_result result = { 0 };
	struct collect_opts co = { 0 };
	const char **test_v = NULL, **param_v = NULL;
	int nargs = opt_parse(argc, argv, opts, run_usage);

	if (nargs < 0)
		return cmd_opt_exit(nargs);
	if (nargs > 0) {
		ret = cmd_error("run: unexpected argument '%s'", argv[0]);
		ret = EXIT_USAGE;
		goto done;
	}
	if (fs && dir) {
		ret = cmd_error("run: --fs and --dir cannot be used together");
		ret = EXIT_USAGE;
		goto done;
	}
	if (!fs && !dir) {
		ret = cmd_error("run: give --fs LIST (as root) or --dir DIR");
		ret = EXIT_USAGE;
		goto done;
	}
	if (fs && collect_fs_parse(&fs_list, fs) < 0) {
		ret = cmd_error_last();
		ret = EXIT_USAGE;
		goto done;
	}
	split_list(&tests, &test_v);
	split_list(&params, &param_v);
	co.suite = suite;
	co.fs = fs ? &fs_list : NULL;
	co.dir = dir;
	co.scratch_parent = scratch;
	co.tarball = tarball;
	co.tests = test_v;
	co.params = param_v;
	co.iterations = iterations;
	co.progress = !quiet && isatty(STDOUT_FILENO);

	collect_signals_install();
	if (collect_run(&result, &co) < 0) {
		int sig = collect_interrupted();

		if (sig)
			ret = cmd_error("run: interrupted by %s; removed the mounts, loop devices "
					"and files it made", sig == SIGINT ? "SIGINT" :
					sig == SIGTERM ? "SIGTERM" : "SIGHUP");
		else
			ret = cmd_error("run: %s", err_last());
		goto done;
	}
	print_header(stdout, &result);
	print_table(stdout, &result, is_time);
	print_table(stdout, &result, is_tool_rate);
	print_method(stdout, &result);
	fflush(stdout);
	if (!no_commit)
		ret = commit_runs(&result, archive);
done:
	collect_result_release(&result);
	collect_fs_list_release(&fs_list);
	free_list(test_v);
	free_list(param_v);
	opt_list_release(&tests);
	opt_list_release(&params);
	return ret;
}
