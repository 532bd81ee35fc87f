#include "collect_internal.h"
#include "../core/error.h"
#include "../core/util.h"

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

/*
 * The standard tests, one entry each: adding a test touches only this
 * table and its functions.  Each iteration runs setup (untimed), the
 * timed steps, then teardown (untimed); collect_time() drops the caches
 * before each timed step unless the step asks for warm caches.
 *
 * Every tool runs in the work directory through its descriptor
 * (target->cwd is /proc/self/fd/N) and is given names relative to it,
 * so that nothing a test writes or removes can be sent elsewhere by a
 * path swapped underneath the run.
 */

static int empty_work(struct collect_ctx *c)
{
	return collect_tree_empty(c->target->work_fd, c->target->work, NULL);
}

static int time_then_sync(struct collect_ctx *c, const char *bench, const char *const argv[],
			  const struct collect_step *step)
{
	int ret = collect_time(c, bench, argv, step);

	return ret < 0 ? ret : collect_time_sync(c, bench);
}

/* cp: the tarball onto the file system, then sync. */
static int cp_timed(struct collect_ctx *c)
{
	struct strbuf bench = STRBUF_INIT;
	const char *argv[] = { "cp", c->data->tarball, ".", NULL };
	struct collect_step step = { .dir = c->target->cwd };
	int ret;

	strbuf_addf(&bench, "cp %s", c->data->label);
	ret = time_then_sync(c, bench.buf, argv, &step);
	strbuf_release(&bench);
	return ret;
}

/* untar: tar xf (gz, xz, bz2 or plain: GNU tar sees which), then sync. */
static int untar_timed(struct collect_ctx *c)
{
	struct strbuf bench = STRBUF_INIT;
	const char *argv[] = { "tar", "-xf", c->data->tarball, NULL };
	struct collect_step step = { .dir = c->target->cwd };
	int ret;

	strbuf_addf(&bench, "untar %s", c->data->label);
	ret = time_then_sync(c, bench.buf, argv, &step);
	strbuf_release(&bench);
	return ret;
}

/* kuntar: the uncompressed tarball, already in the page cache. */
static int make_tree_dir(struct collect_ctx *c)
{
	if (mkdirat(c->target->work_fd, "tree", 0755) < 0)
		return err_set_errno("cannot create '%s/tree'", c->target->work);
	return 0;
}

static int kuntar_setup(struct collect_ctx *c)
{
	int ret = make_tree_dir(c);

	if (!ret)
		ret = collect_cold(c);
	return ret < 0 ? ret : collect_warm_file(c->data->plain);
}

/* Into work/tree, as rm-tree's setup does: rm-tree may then take the tree as it is. */
static int kuntar_timed(struct collect_ctx *c)
{
	struct strbuf bench = STRBUF_INIT;
	const char *argv[] = { "tar", "-xf", c->data->plain, "-C", "tree", NULL };
	struct collect_step step = { .dir = c->target->cwd, .warm = 1 };
	const char *base = strrchr(c->data->plain, '/');
	int ret;

	strbuf_addf(&bench, "kuntar %s", base ? base + 1 : c->data->plain);
	ret = time_then_sync(c, bench.buf, argv, &step);
	strbuf_release(&bench);
	return ret;
}

/* rm-tree: rm -rf of an extracted tree, then sync. */
static int rm_tree_setup(struct collect_ctx *c)
{
	const char *tar[] = { "tar", "-xf", c->data->plain, "-C", "tree", NULL };
	const char *sync_argv[] = { "sync", "-f", ".", NULL };
	int ret = make_tree_dir(c);

	if (!ret)
		ret = collect_helper(tar, c->target->cwd, NULL);
	if (!ret)
		ret = collect_helper(sync_argv, c->target->cwd, NULL);
	return ret;
}

static int rm_tree_timed(struct collect_ctx *c)
{
	struct strbuf bench = STRBUF_INIT;
	const char *argv[] = { "rm", "-rf", "--one-file-system", "tree", NULL };
	struct collect_step step = { .dir = c->target->cwd };
	int ret;

	strbuf_addf(&bench, "rm-tree %s", c->data->label);
	ret = time_then_sync(c, bench.buf, argv, &step);
	strbuf_release(&bench);
	return ret;
}

/* Our throughput, from our clock: a write's includes the sync it needed. */
static void add_throughput(struct collect_ctx *c, const char *bench, double bytes, double secs)
{
	if (secs > 0)
		collect_add_metric(c->out, c->proto, bench, c->iteration, "throughput", "MB/s",
				   "%.1f", bytes / 1e6 / secs);
}

/* dd: write, sync, drop caches, read back with dd. */
static const char *const dd_params[] = { "mib", NULL };
static const char *const dd_quick[] = { "64" };
static const char *const dd_standard[] = { "1024" };

static int dd_timed(struct collect_ctx *c)
{
	long mib = collect_param_num(c, "mib");
	struct strbuf bench = STRBUF_INIT, count = STRBUF_INIT;
	const char *w[] = { "dd", "if=/dev/zero", "of=dd.out", "bs=1M", NULL, NULL };
	const char *r[] = { "dd", "if=dd.out", "of=/dev/null", "bs=1M", NULL };
	struct collect_step step = { .dir = c->target->cwd, .parser = "dd", .parse_stderr = 1,
				     .tool_rates = 1 };
	double bytes = (double)mib * 1048576.0;
	int ret;

	strbuf_addf(&count, "count=%ld", mib);
	w[4] = count.buf;
	strbuf_addf(&bench, "dd write %ld MiB", mib);
	ret = time_then_sync(c, bench.buf, w, &step);
	if (ret < 0)
		goto done;
	/* dd's own rate stops its clock before the data is on the disk */
	add_throughput(c, bench.buf, bytes, c->last_elapsed + c->last_sync);
	strbuf_reset(&bench);
	strbuf_addf(&bench, "dd read %ld MiB", mib);
	ret = collect_time(c, bench.buf, r, &step);
	if (!ret)
		add_throughput(c, bench.buf, bytes, c->last_elapsed);
done:
	strbuf_release(&bench);
	strbuf_release(&count);
	return ret;
}

/* writer: many small appending writes to one file, then fsync (seed 003's load). */
static const char *const writer_params[] = { "writes", "bytes", NULL };
static const char *const writer_quick[] = { "4096", "1024" };
static const char *const writer_standard[] = { "65536", "1024" };

static int writer_timed(struct collect_ctx *c)
{
	long writes = collect_param_num(c, "writes");
	long bytes = collect_param_num(c, "bytes");
	struct strbuf bench = STRBUF_INIT, bs = STRBUF_INIT, count = STRBUF_INIT;
	struct collect_step step = { .dir = c->target->cwd };
	int ret;

	strbuf_addf(&bs, "bs=%ld", bytes);
	strbuf_addf(&count, "count=%ld", writes);
	{
		const char *argv[] = { "dd", "if=/dev/zero", "of=writer.out", bs.buf, count.buf,
				       "oflag=append", "conv=notrunc,fsync", NULL };

		strbuf_addf(&bench, "writer %ld x %ld bytes", writes, bytes);
		ret = time_then_sync(c, bench.buf, argv, &step);
	}
	strbuf_release(&bench);
	strbuf_release(&bs);
	strbuf_release(&count);
	return ret;
}

/*
 * postmark: Debian's, driven through its command prompt.  Its clock
 * counts whole seconds, so a short run's rates are artefacts ("1000 per
 * second" for 0.09 s): below POSTMARK_MIN_SECONDS by its clock they are
 * flagged, and our own millisecond clock gives wall-transactions-rate.
 */
#define POSTMARK_MIN_SECONDS 10
static const char *const postmark_params[] = { "numbers", "transactions", "min", "max", NULL };
static const char *const postmark_quick[] = { "1000", "1000", "500", "10000" };
static const char *const postmark_standard[] = { "10000", "10000", "500", "10000" };

static const char postmark_clock[] = "postmark's clock counts whole seconds";

static void flag_postmark(struct collect_ctx *c, const char *bench)
{
	static const char *const over_transactions[] = { "transactions-rate", "created-mixed-rate",
							 "deleted-mixed-rate" };
	static const char *const over_total[] = {
		"created-rate", "created-alone-rate", "read-rate", "appended-rate", "deleted-rate",
		"deleted-alone-rate", "data-read-rate", "data-written-rate",
	};
	double tt = collect_recorded(c, bench, "transactions-time");
	double total = collect_recorded(c, bench, "postmark-elapsed");
	size_t i;

	for (i = 0; tt >= 0 && tt < POSTMARK_MIN_SECONDS && i < ARRAY_SIZE(over_transactions); i++)
		if (collect_recorded(c, bench, over_transactions[i]) >= 0)
			collect_flag(&c->fss->flags, bench, over_transactions[i], postmark_clock,
				     "by that clock its transactions took", tt, "s");
	for (i = 0; total >= 0 && total < POSTMARK_MIN_SECONDS && i < ARRAY_SIZE(over_total); i++)
		if (collect_recorded(c, bench, over_total[i]) >= 0)
			collect_flag(&c->fss->flags, bench, over_total[i], postmark_clock,
				     "by that clock its run took", total, "s");
}

static int postmark_timed(struct collect_ctx *c)
{
	long numbers = collect_param_num(c, "numbers");
	long transactions = collect_param_num(c, "transactions");
	long min = collect_param_num(c, "min");
	long max = collect_param_num(c, "max");
	struct strbuf bench = STRBUF_INIT, script = STRBUF_INIT;
	const char *argv[] = { "postmark", NULL };
	struct collect_step step = { .dir = c->target->cwd, .parser = "postmark" };
	int ret;

	strbuf_addf(&script, "set location .\nset number %ld\nset transactions %ld\n"
		    "set size %ld %ld\nrun\nquit\n", numbers, transactions, min, max);
	step.in_data = script.buf;
	strbuf_addf(&bench, "postmark numbers=%ld transactions=%ld", numbers, transactions);
	ret = time_then_sync(c, bench.buf, argv, &step);
	if (!ret) {
		if (c->last_elapsed > 0)
			collect_add_metric(c->out, c->proto, bench.buf, c->iteration,
					   "wall-transactions-rate", "transactions/s", "%.1f",
					   (double)transactions / c->last_elapsed);
		flag_postmark(c, bench.buf);
	}
	strbuf_release(&bench);
	strbuf_release(&script);
	return ret;
}

/* dbench: Debian's, with its NetBench client load. */
static const char *const dbench_params[] = { "clients", "time", "loadfile", NULL };
static const char *const dbench_quick[] = { "2", "3", "/usr/share/dbench/client.txt" };
static const char *const dbench_standard[] = { "8", "60", "/usr/share/dbench/client.txt" };

static int dbench_timed(struct collect_ctx *c)
{
	long clients = collect_param_num(c, "clients");
	long secs = collect_param_num(c, "time");
	const char *loadfile = collect_param(c, "loadfile");
	struct strbuf bench = STRBUF_INIT, n = STRBUF_INIT, t = STRBUF_INIT;
	const char *argv[] = { "dbench", "-D", ".", "-c", loadfile, "-t", NULL, NULL, NULL };
	struct collect_step step = { .dir = c->target->cwd, .parser = "dbench" };
	int ret;

	strbuf_addf(&t, "%ld", secs);
	strbuf_addf(&n, "%ld", clients);
	argv[6] = t.buf;
	argv[7] = n.buf;
	strbuf_addf(&bench, "dbench %ld clients %ld s", clients, secs);
	ret = time_then_sync(c, bench.buf, argv, &step);
	strbuf_release(&bench);
	strbuf_release(&n);
	strbuf_release(&t);
	return ret;
}

/*
 * tiobench through fio: threads writing then reading their share of the
 * total sequentially, then at random (tiobench's four phases), one after
 * the other (stonewall), reported as JSON.  A job that ran under a
 * second says little about its rate: flagged.
 */
static const char *const tiobench_params[] = { "threads", "mib", "block", "random_ios", NULL };
static const char *const tiobench_quick[] = { "4", "32", "4k", "250" };
static const char *const tiobench_standard[] = { "16", "256", "4k", "4000" };
static const char *const tiobench_phases[] = { "write", "read", "randwrite", "randread" };

static void flag_fio(struct collect_ctx *c, const char *bench)
{
	static const char *const rates[] = { "bw", "iops" };
	struct strbuf m = STRBUF_INIT;
	size_t i, k;

	for (i = 0; i < ARRAY_SIZE(tiobench_phases); i++) {
		const char *job = tiobench_phases[i];
		double ms;

		strbuf_reset(&m);
		strbuf_addf(&m, "%s-runtime", job);
		ms = collect_recorded(c, bench, m.buf);
		if (ms < 0 || ms >= 1000)
			continue;
		for (k = 0; k < ARRAY_SIZE(rates); k++) {
			strbuf_reset(&m);
			/* job "write", metric "write-bw"; job "randread", "randread-bw" */
			strbuf_addf(&m, "%s-%s", job, rates[k]);
			if (collect_recorded(c, bench, m.buf) >= 0)
				collect_flag(&c->fss->flags, bench, m.buf,
					     "the fio job ran under a second", "it ran", ms, "ms");
		}
	}
	strbuf_release(&m);
}

static int tiobench_timed(struct collect_ctx *c)
{
	long threads = collect_param_num(c, "threads");
	long mib = collect_param_num(c, "mib");
	const char *block = collect_param(c, "block");
	long random_ios = collect_param_num(c, "random_ios");
	struct strbuf bench = STRBUF_INIT, sb = STRBUF_INIT;
	struct collect_argv a = COLLECT_ARGV_INIT;
	struct collect_step step = { .dir = c->target->cwd, .parser = "fio" };
	size_t i;
	int ret;

	collect_argv_push(&a, "fio");
	collect_argv_push(&a, "--output-format=json");
	collect_argv_push(&a, "--directory=.");
	collect_argv_push(&a, "--ioengine=psync");
	collect_argv_push(&a, "--thread");
	collect_argv_push(&a, "--group_reporting");
	collect_argv_push(&a, "--filename_format=tiobench.$jobnum");
	strbuf_addf(&sb, "--size=%ldk", mib * 1024 / (threads > 0 ? threads : 1));
	collect_argv_push(&a, sb.buf);
	strbuf_reset(&sb);
	strbuf_addf(&sb, "--numjobs=%ld", threads);
	collect_argv_push(&a, sb.buf);
	strbuf_reset(&sb);
	strbuf_addf(&sb, "--bs=%s", block);
	collect_argv_push(&a, sb.buf);
	for (i = 0; i < ARRAY_SIZE(tiobench_phases); i++) {
		strbuf_reset(&sb);
		strbuf_addf(&sb, "--name=%s", tiobench_phases[i]);
		collect_argv_push(&a, sb.buf);
		strbuf_reset(&sb);
		strbuf_addf(&sb, "--rw=%s", tiobench_phases[i]);
		collect_argv_push(&a, sb.buf);
		collect_argv_push(&a, "--stonewall");
		if (i >= 2) {
			strbuf_reset(&sb);
			strbuf_addf(&sb, "--number_ios=%ld", random_ios);
			collect_argv_push(&a, sb.buf);
		}
		if (i == 0 || i == 2)
			collect_argv_push(&a, "--end_fsync=1");
	}
	strbuf_addf(&bench, "tiobench %ld threads %ld MiB", threads, mib);
	ret = time_then_sync(c, bench.buf, (const char *const *)a.v, &step);
	if (!ret)
		flag_fio(c, bench.buf);
	collect_argv_release(&a);
	strbuf_release(&bench);
	strbuf_release(&sb);
	return ret;
}

const struct collect_test collect_tests[] = {
	{ .name = "cp", .summary = "copy the tarball onto the file system, then sync",
	  .timed = cp_timed, .teardown = empty_work },
	{ .name = "untar", .summary = "tar xf of the tarball, then sync",
	  .timed = untar_timed, .teardown = empty_work },
	{ .name = "kuntar", .summary = "tar xf of the uncompressed, cached tarball, then sync",
	  .feeds = "rm-tree", .setup = kuntar_setup, .timed = kuntar_timed, .teardown = empty_work },
	{ .name = "rm-tree", .summary = "rm -rf of an extracted tree, then sync",
	  .setup = rm_tree_setup, .timed = rm_tree_timed, .teardown = empty_work },
	{ .name = "dd", .summary = "write N MiB, sync, drop caches, read it back",
	  .params = dd_params, .quick = dd_quick, .standard = dd_standard,
	  .timed = dd_timed, .teardown = empty_work, .parser = "dd" },
	{ .name = "writer", .summary = "many small appending writes, then fsync",
	  .params = writer_params, .quick = writer_quick, .standard = writer_standard,
	  .timed = writer_timed, .teardown = empty_work },
	{ .name = "postmark", .summary = "Debian's postmark",
	  .params = postmark_params, .quick = postmark_quick, .standard = postmark_standard,
	  .tool = "postmark", .package = "postmark",
	  .timed = postmark_timed, .teardown = empty_work, .parser = "postmark" },
	{ .name = "dbench", .summary = "Debian's dbench",
	  .params = dbench_params, .quick = dbench_quick, .standard = dbench_standard,
	  .tool = "dbench", .package = "dbench",
	  .timed = dbench_timed, .teardown = empty_work, .parser = "dbench" },
	{ .name = "tiobench", .summary = "the tiobench load through fio (JSON)",
	  .params = tiobench_params, .quick = tiobench_quick, .standard = tiobench_standard,
	  .tool = "fio", .package = "fio",
	  .timed = tiobench_timed, .teardown = empty_work, .parser = "fio" },
	{ .name = NULL },
};

const struct collect_test *collect_test_find(const char *name)
{
	const struct collect_test *t;

	for (t = collect_tests; t->name; t++)
		if (!strcmp(t->name, name))
			return t;
	return NULL;
}

size_t collect_tests_nr(void)
{
	return ARRAY_SIZE(collect_tests) - 1;
}

const char *collect_test_name(size_t i)
{
	return i + 1 < ARRAY_SIZE(collect_tests) ? collect_tests[i].name : NULL;
}

const char *const *collect_test_params(size_t i)
{
	return i + 1 < ARRAY_SIZE(collect_tests) ? collect_tests[i].params : NULL;
}
