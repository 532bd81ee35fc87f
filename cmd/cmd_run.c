#include "builtin.h"
#include "../collect/collect.h"
#include "../core/bench.h"
#include "../core/error.h"
#include "../core/strbuf.h"
#include "../core/util.h"
#include "../archive/archive.h"
#include "../render/render_layout.h"
#include "../render/render_method.h"
#include "../render/render_table.h"

#include "../render/render_stats.h"

#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *const run_usage[] = {
	"benchpost run [--suite quick|standard] [--fs LIST | --dir DIR] [-n N|auto] [--tarball FILE] [--no-commit]",
	"benchpost run --dir DIR [--test LIST] [--param TEST.KEY=VALUE...] [--scratch DIR]",
	"benchpost run --fs LIST -n auto [--detect PCT] [--max-iterations N] [--interleave]",
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

/*
 * The rates a reader of the list wants: ours (dd's throughput with its
 * sync, postmark's transactions by our clock) and the tools' (fio's
 * bandwidths, dbench's throughput); a flagged one too, with its caveat
 * below the table.
 */
static int is_tool_rate(const char *metric)
{
	static const char flagged[] = "-flagged";
	size_t len = strlen(metric);

	if (len > sizeof(flagged) - 1 && !strcmp(metric + len - (sizeof(flagged) - 1), flagged))
		len -= sizeof(flagged) - 1;
	return (len == 10 && !strncmp(metric, "throughput", 10)) ||
	       (len == 17 && !strncmp(metric, "transactions-rate", 17)) ||
	       (len == 22 && !strncmp(metric, "wall-transactions-rate", 22)) ||
	       (len > 3 && !strncmp(metric + len - 3, "-bw", 3));
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
	if (iter && !strcmp(iter, "auto"))
		fprintf(f, "sync timed after each step, iterations by -n auto, suite %s\n",
			result->suite);
	else
		fprintf(f, "sync timed after each step, %s iteration%s, suite %s\n",
			iter ? iter : "?", iter && !strcmp(iter, "1") ? "" : "s", result->suite);
}

/* One commit for the whole run, a file per file system. */
static int commit_runs(const struct collect_result *result, struct archive *a)
{
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
	if (archive_commit(a, runs, result->nr, NULL, &paths) < 0) {
		ret = cmd_error("run: cannot store the results: %s", err_last());
		goto done;
	}
	for (i = 0; i < result->nr; i++) {
		fprintf(stderr, "benchpost: stored %s in '%s'\n", paths[i], archive_path(a));
		free(paths[i]);
	}
	free(paths);
done:
	free(runs);
	return ret;
}

/*
 * The terminal: one progress line redrawn in place on stderr, and
 * warnings printed above it.  The library calls both, the progress from
 * its second thread too, so one lock keeps the lines whole.
 */
struct console {
	pthread_mutex_t mu;
	int progress;   /* draw the line (stderr is a terminal, no -q) */
	int width;      /* of the line on the screen now */
};

static void console_clear(struct console *con)
{
	if (con->width)
		fprintf(stderr, "\r%*s\r", con->width, "");
	con->width = 0;
}

static void progress_line(struct strbuf *line, const struct collect_status *st)
{
	if (st->phase == COLLECT_PHASE_PREPARE) {
		strbuf_addf(line, "%s  ", st->what ? st->what : "");
		collect_format_duration(line, st->phase_elapsed);
		return;
	}
	strbuf_addf(line, "fs %zu/%zu %s  %s %d/%d  ", st->fs_k, st->fs_n, st->fs, st->test,
		    st->iteration, st->iterations);
	collect_format_duration(line, st->phase_elapsed);
	strbuf_addstr(line, " in it, ");
	collect_format_duration(line, st->elapsed);
	strbuf_addstr(line, " elapsed");
	if (st->left >= 0) {
		strbuf_addstr(line, ", ~");
		collect_format_duration(line, st->left);
		strbuf_addstr(line, st->left_partial ? "+ left" : " left");
	}
}

static void on_progress(void *payload, const struct collect_status *st)
{
	struct console *con = payload;
	struct strbuf line = STRBUF_INIT;
	int pad;

	progress_line(&line, st);
	/* text from outside (a --fs entry, a path) may hold anything: keep it printable */
	for (size_t i = 0; i < line.len; i++)
		if ((unsigned char)line.buf[i] < 0x20 || (unsigned char)line.buf[i] == 0x7f)
			line.buf[i] = '?';
	if (line.len > 79)
		strbuf_setlen(&line, 79);
	pthread_mutex_lock(&con->mu);
	pad = con->width > (int)line.len ? con->width - (int)line.len : 0;
	fprintf(stderr, "\r%s%*s", line.buf, pad, "");
	fflush(stderr);
	con->width = (int)line.len;
	pthread_mutex_unlock(&con->mu);
	strbuf_release(&line);
}

static void on_warning(void *payload, const char *msg)
{
	struct console *con = payload;

	pthread_mutex_lock(&con->mu);
	console_clear(con);
	fprintf(stderr, "benchpost: warning: %s\n", msg);
	pthread_mutex_unlock(&con->mu);
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

		/* "--test ''" and "untar," hold an empty name, which the check refuses */
		for (;;) {
			size_t len = strcspn(p, ",");

			ALLOC_GROW(*out, n + 2, alloc);
			(*out)[n++] = xstrndup(p, len);
			if (!p[len])
				break;
			p += len + 1;
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

/* -n N or -n auto */
static int parse_iterations(int *out, const char *s)
{
	char *end;
	long v;

	if (!strcmp(s, "auto")) {
		*out = COLLECT_AUTO;
		return 0;
	}
	errno = 0;
	v = strtol(s, &end, 10);
	if (errno || *end || end == s || v < 1 || v > 100000)
		return cmd_error("run: -n: expected a number of iterations (at least 1) or 'auto', "
				 "got '%s'", s);
	*out = (int)v;
	return 0;
}

/* --detect 5% or 5 or 0.05: a relative change */
static int parse_detect(double *out, const char *s)
{
	char *end;
	double v;

	errno = 0;
	v = strtod(s, &end);
	if (end != s && *end == '%' && !end[1])
		v /= 100;
	else if (end != s && !*end && v >= 1)
		v /= 100;
	else if (end == s || *end)
		v = NAN;
	if (errno || !(v > 0 && v < 1))
		return cmd_error("run: --detect: expected a change between 0%% and 100%% such as "
				 "'5%%', got '%s'", s);
	*out = v;
	return 0;
}

static int exit_for_signal(int sig)
{
	return 128 + sig;
}

static const char *signal_name(int sig)
{
	return sig == SIGINT ? "SIGINT" : sig == SIGTERM ? "SIGTERM" : sig == SIGHUP ? "SIGHUP"
									      : "a signal";
}

/* What --help cannot say in the option table: the tests' settings and defaults. */
static void print_settings(void)
{
	struct strbuf sb = STRBUF_INIT;

	printf("\nTests (--test): ");
	collect_test_names(&sb, ", ");
	printf("%s\nSettings (--param TEST.KEY=VALUE; quick/standard defaults):\n", sb.buf);
	strbuf_reset(&sb);
	collect_param_help(&sb, "    ", 76);
	fputs(sb.buf, stdout);
	strbuf_release(&sb);
}

int cmd_run(int argc, const char **argv)
{
	static const char *const suites[] = { "quick", "standard", NULL };
	const char *suite = "standard", *fs = NULL, *dir = NULL, *tarball = NULL, *archive = NULL;
	const char *scratch = NULL, *n_arg = "5", *detect_arg = "5%", *sig_test = "utest";
	const char *sig_choices[8] = { NULL };
	int no_commit = 0, quiet = 0, ret = 0, max_iterations = 30, interleave = 0;
	struct opt_list tests = { 0 }, params = { 0 };
	struct strbuf test_help = STRBUF_INIT, fs_help = STRBUF_INIT;
	struct collect_fs_list fs_list = { 0 };
	struct collect_result result = { 0 };
	struct collect_opts co = { 0 };
	struct console con = { .mu = PTHREAD_MUTEX_INITIALIZER };
	struct archive *a = NULL;
	const char **test_v = NULL, **param_v = NULL;
	size_t i;
	int nargs;

	for (i = 0; stats_tests[i].name && i + 1 < ARRAY_SIZE(sig_choices); i++)
		sig_choices[i] = stats_tests[i].name;
	strbuf_addstr(&test_help, "run only these tests: ");
	collect_test_names(&test_help, ",");
	strbuf_addstr(&fs_help, "file systems to make on loop devices (");
	collect_fs_names(&fs_help, ", ");
	strbuf_addstr(&fs_help, "), e.g. ext2,ext3:data=writeback");
	{
		struct option opts[] = {
			OPT_CHOICE(0, "suite", &suite, suites, "data set size (default: standard)"),
			OPT_STRING(0, "fs", &fs, "LIST", fs_help.buf),
			OPT_STRING(0, "dir", &dir, "DIR", "run in an existing directory instead (no root)"),
			OPT_STRING('n', "iterations", &n_arg, "N|auto", "samples per test (default: 5); auto: a pilot of 3, then what the spread needs"),
			OPT_STRING(0, "detect", &detect_arg, "PCT", "-n auto: the change to detect (default: 5%)"),
			OPT_CHOICE(0, "sig-test", &sig_test, sig_choices, "-n auto: the test to plan for (default: utest)"),
			OPT_INT(0, "max-iterations", &max_iterations, "N", "-n auto: at most this many (default: 30)"),
			OPT_BOOL(0, "interleave", &interleave, "iterate over the file systems in rounds (A B C, C B A, ...)"),
			OPT_STRING(0, "tarball", &tarball, "FILE", "kernel tarball to use"),
			OPT_LIST(0, "test", &tests, "LIST", test_help.buf),
			OPT_LIST(0, "param", &params, "T.K=V", "a test's setting, e.g. postmark.numbers=500 (list below)"),
			OPT_STRING(0, "scratch", &scratch, "DIR", "where the loop images go (default: /var/tmp)"),
			OPT_BOOL(0, "no-commit", &no_commit, "do not store the results in the archive"),
			OPT_BOOL('q', "quiet", &quiet, "no progress line"),
			OPT_STRING(0, "archive", &archive, "DIR", "archive location"),
			OPT_END(),
		};

		nargs = opt_parse(argc, argv, opts, run_usage);
	}
	if (nargs == OPT_HELP_SHOWN)
		print_settings();
	if (nargs < 0) {
		ret = cmd_opt_exit(nargs);
		goto done;
	}
	ret = EXIT_USAGE;
	if (nargs > 0) {
		cmd_error("run: unexpected argument '%s'", argv[0]);
		goto done;
	}
	if (fs && dir) {
		cmd_error("run: --fs and --dir cannot be used together");
		goto done;
	}
	if (!fs && !dir) {
		cmd_error("run: give --fs LIST (as root) or --dir DIR");
		goto done;
	}
	if (parse_iterations(&co.iterations, n_arg) || parse_detect(&co.detect, detect_arg))
		goto done;
	if (max_iterations < 3) {
		cmd_error("run: --max-iterations: expected at least 3 (the pilot), got %d",
			  max_iterations);
		goto done;
	}
	if (fs && collect_fs_parse(&fs_list, fs) < 0) {
		cmd_error_last();
		goto done;
	}
	split_list(&tests, &test_v);
	split_list(&params, &param_v);
	if (collect_check_selection(test_v, param_v) < 0) {
		cmd_error("run: %s", err_last());
		goto done;
	}
	ret = 0;
	/* An archive that cannot take the results is found now, not after the run. */
	if (!no_commit && archive_open(&a, archive, 1) < 0) {
		ret = cmd_error("run: cannot store results in the archive: %s", err_last());
		goto done;
	}
	if (a)
		archive_set_warn(a, &cmd_warn);
	co.suite = suite;
	co.fs = fs ? &fs_list : NULL;
	co.dir = dir;
	co.scratch_parent = scratch;
	co.tarball = tarball;
	co.tests = test_v;
	co.params = param_v;
	co.max_iterations = max_iterations;
	co.sig_test = sig_test;
	co.interleave = interleave;
	con.progress = !quiet && isatty(STDERR_FILENO);
	if (con.progress) {
		co.progress = on_progress;
		co.progress_payload = &con;
	}
	co.warn.fn = on_warning;
	co.warn.payload = &con;

	collect_signals_install();
	ret = collect_run(&result, &co);
	pthread_mutex_lock(&con.mu);
	console_clear(&con);
	pthread_mutex_unlock(&con.mu);
	if (ret < 0) {
		int sig = collect_interrupted();

		if (sig) {
			cmd_error("run: interrupted by %s; removed the mounts, loop devices and files "
				  "it made", signal_name(sig));
			ret = exit_for_signal(sig);
		} else {
			ret = cmd_error("run: %s", err_last());
		}
		goto done;
	}
	print_header(stdout, &result);
	print_table(stdout, &result, is_time);
	print_table(stdout, &result, is_tool_rate);
	print_method(stdout, &result);
	fflush(stdout);
	if (a)
		ret = commit_runs(&result, a);
done:
	archive_free(a);
	collect_result_release(&result);
	collect_fs_list_release(&fs_list);
	free_list(test_v);
	free_list(param_v);
	opt_list_release(&tests);
	opt_list_release(&params);
	strbuf_release(&test_help);
	strbuf_release(&fs_help);
	return ret;
}
