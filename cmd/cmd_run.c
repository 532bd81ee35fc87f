#include "builtin.h"
#include "../collect/collect.h"
#include "../core/bench.h"
#include "../core/error.h"
#include "../core/strbuf.h"

#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static const char *const run_usage[] = {
	"benchpost run [--suite quick|standard] [--fs LIST | --dir DIR] [-n ITER] [--tarball FILE] [--no-commit]",
	"benchpost run --dir DIR [--test LIST] [--param TEST.KEY=VALUE...] [--scratch DIR]",
	NULL,
};

/* The per-sample metrics /usr/bin/time would show; the rest are the tools' own. */
static int is_time_metric(const char *m)
{
	static const char *const names[] = { "elapsed", "user", "sys", "cpu", "sync", "total",
					     "maxrss", "inblock", "oublock", "majflt", "minflt",
					     NULL };
	size_t i;

	for (i = 0; names[i]; i++)
		if (!strcmp(m, names[i]))
			return 1;
	return 0;
}

struct stat_acc {
	double sum, sumsq;
	int n;
};

static void acc_metric(struct stat_acc *a, const struct recset *set, const char *bench,
		       const char *metric)
{
	size_t i;

	memset(a, 0, sizeof(*a));
	for (i = 0; i < set->nr; i++) {
		const struct record *r = &set->v[i];
		double v;

		if (!r->benchmark || !r->metric || strcmp(r->benchmark, bench) ||
		    strcmp(r->metric, metric))
			continue;
		v = record_number(r);
		if (isnan(v))
			continue;
		a->sum += v;
		a->sumsq += v * v;
		a->n++;
	}
}

static double acc_mean(const struct stat_acc *a)
{
	return a->n ? a->sum / a->n : NAN;
}

/* Sample standard deviation as a percentage of the mean. */
static double acc_spread(const struct stat_acc *a)
{
	double mean = acc_mean(a), var;

	if (a->n < 2 || mean == 0)
		return 0;
	var = (a->sumsq - a->n * mean * mean) / (a->n - 1);
	return var > 0 ? sqrt(var) / fabs(mean) * 100 : 0;
}

static void cell(struct strbuf *line, const struct recset *set, const char *bench,
		 const char *metric, int width)
{
	struct stat_acc a;

	acc_metric(&a, set, bench, metric);
	if (!a.n)
		strbuf_addf(line, " %*s", width, "-");
	else
		strbuf_addf(line, " %*.2f", width, acc_mean(&a));
}

/*
 * A plain table until the report code lands: per file system, every test
 * with elapsed (mean and spread), user, sys, sync and their sum; ASCII,
 * at most 72 columns.
 */
static void print_run(FILE *f, const struct collect_run *run)
{
	const struct recset *set = &run->records;
	struct strbuf line = STRBUF_INIT;
	const char **seen = NULL;
	size_t nseen = 0, alloc = 0, i, j;
	const struct record *first = set->nr ? &set->v[0] : NULL;

	fprintf(f, "\n%s", run->fs_label);
	if (first && first->device)
		fprintf(f, " on %s", first->device);
	fputc('\n', f);
	if (first && first->facts) {
		const char *k = facts_get(first->facts, "kernel");
		const char *caches = facts_get(first->facts, "caches");

		fprintf(f, "kernel %s, %s, caches %s, sync timed\n", k ? k : "?",
			first->hardware ? first->hardware : "?", caches ? caches : "?");
	}
	fprintf(f, "%-24s %2s %8s %4s %7s %7s %7s %7s\n", "test (seconds)", "n", "elapsed",
		"+-", "user", "sys", "sync", "total");
	for (i = 0; i < set->nr; i++) {
		const char *b = set->v[i].benchmark;
		struct stat_acc a;

		if (!b)
			continue;
		for (j = 0; j < nseen && strcmp(seen[j], b); j++)
			;
		if (j < nseen)
			continue;
		ALLOC_GROW(seen, nseen + 1, alloc);
		seen[nseen++] = b;
		strbuf_reset(&line);
		if (strlen(b) > 24)
			fprintf(f, "%s\n%24s", b, "");
		else
			fprintf(f, "%-24s", b);
		acc_metric(&a, set, b, "elapsed");
		strbuf_addf(&line, " %2d", a.n);
		cell(&line, set, b, "elapsed", 8);
		strbuf_addf(&line, " %3.0f%%", acc_spread(&a));
		cell(&line, set, b, "user", 7);
		cell(&line, set, b, "sys", 7);
		cell(&line, set, b, "sync", 7);
		cell(&line, set, b, "total", 7);
		fprintf(f, "%s\n", line.buf);
		/* The tools' own numbers (postmark, dbench, fio, dd), one a line. */
		for (j = 0; j < set->nr; j++) {
			const struct record *r = &set->v[j];
			size_t k;
			int dup = 0;

			if (!r->benchmark || strcmp(r->benchmark, b) || !r->metric ||
			    is_time_metric(r->metric))
				continue;
			for (k = 0; k < j && !dup; k++)
				dup = set->v[k].benchmark && set->v[k].metric &&
				      !strcmp(set->v[k].benchmark, b) &&
				      !strcmp(set->v[k].metric, r->metric);
			if (dup)
				continue;
			acc_metric(&a, set, b, r->metric);
			strbuf_reset(&line);
			strbuf_addf(&line, "  %.30s %.40s", r->metric, r->unit ? r->unit : "");
			fprintf(f, "%-36s %2d %12.2f %3.0f%%\n", line.buf, a.n, acc_mean(&a),
				acc_spread(&a));
		}
	}
	free(seen);
	strbuf_release(&line);
}

/* Until the archive lands: the run's .bench file, in the current directory. */
static int write_bench_file(const struct collect_run *run, const char *suite,
			    struct strbuf *path)
{
	struct strbuf text = STRBUF_INIT;
	struct tm tm;
	char stamp[32];
	FILE *f;
	size_t i;
	int ret = 0;

	gmtime_r(&run->when, &tm);
	strftime(stamp, sizeof(stamp), "%Y%m%dT%H%M%SZ", &tm);
	strbuf_reset(path);
	strbuf_addf(path, "benchpost-%s-", stamp);
	for (i = 0; run->fs_label[i]; i++) {
		char ch = run->fs_label[i];

		strbuf_addch(path, (ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') ||
					   ch == '.' || ch == '-' ? ch : '_');
	}
	strbuf_addf(path, "-%s.bench", suite);
	bench_write(&text, &run->records);
	f = fopen(path->buf, "wx");
	if (!f)
		ret = cmd_error("cannot create '%s': %s", path->buf, strerror(errno));
	else if (fwrite(text.buf, 1, text.len, f) != text.len || fclose(f))
		ret = cmd_error("cannot write '%s': %s", path->buf, strerror(errno));
	strbuf_release(&text);
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
	struct strbuf path = STRBUF_INIT;
	int nargs = opt_parse(argc, argv, opts, run_usage);
	size_t i;

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
	(void)archive;
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
	for (i = 0; i < result.nr; i++)
		print_run(stdout, &result.v[i]);
	fflush(stdout);
	if (!no_commit) {
		for (i = 0; i < result.nr && !ret; i++) {
			ret = write_bench_file(&result.v[i], result.suite, &path);
			if (!ret)
				fprintf(stderr, "benchpost: the archive has not landed yet; "
					"wrote '%s'\n", path.buf);
		}
	}
done:
	collect_result_release(&result);
	collect_fs_list_release(&fs_list);
	free_list(test_v);
	free_list(param_v);
	opt_list_release(&tests);
	opt_list_release(&params);
	strbuf_release(&path);
	return ret;
}
