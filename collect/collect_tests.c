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
 */

static void work_path(struct strbuf *sb, const struct collect_ctx *c, const char *name)
{
	strbuf_reset(sb);
	strbuf_addf(sb, "%s/%s", c->target->work, name);
}

static int empty_work(struct collect_ctx *c)
{
	return collect_empty_dir(c->scratch, c->target->work);
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
	const char *argv[] = { "cp", c->data->tarball, c->target->work, NULL };
	int ret;

	strbuf_addf(&bench, "cp %s", c->data->label);
	ret = time_then_sync(c, bench.buf, argv, NULL);
	strbuf_release(&bench);
	return ret;
}

/* untar: tar xf (gz, xz, bz2 or plain: GNU tar sees which), then sync. */
static int untar_timed(struct collect_ctx *c)
{
	struct strbuf bench = STRBUF_INIT;
	const char *argv[] = { "tar", "-xf", c->data->tarball, NULL };
	struct collect_step step = { .dir = c->target->work };
	int ret;

	strbuf_addf(&bench, "untar %s", c->data->label);
	ret = time_then_sync(c, bench.buf, argv, &step);
	strbuf_release(&bench);
	return ret;
}

/* kuntar: the uncompressed tarball, already in the page cache. */
static int kuntar_setup(struct collect_ctx *c)
{
	if (c->drop && collect_drop_caches() < 0)
		c->drops_failed++;
	return collect_warm_file(c->data->plain);
}

static int kuntar_timed(struct collect_ctx *c)
{
	struct strbuf bench = STRBUF_INIT;
	const char *argv[] = { "tar", "-xf", c->data->plain, NULL };
	struct collect_step step = { .dir = c->target->work, .warm = 1 };
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
	struct strbuf tree = STRBUF_INIT;
	const char *tar[] = { "tar", "-xf", c->data->plain, NULL };
	const char *sync_argv[] = { "sync", "-f", c->target->work, NULL };
	int ret;

	work_path(&tree, c, "tree");
	if (mkdir(tree.buf, 0755) < 0) {
		ret = err_set_errno("cannot create '%s'", tree.buf);
		goto done;
	}
	ret = collect_helper(tar, tree.buf, NULL);
	if (!ret)
		ret = collect_helper(sync_argv, NULL, NULL);
done:
	strbuf_release(&tree);
	return ret;
}

static int rm_tree_timed(struct collect_ctx *c)
{
	struct strbuf bench = STRBUF_INIT;
	const char *argv[] = { "rm", "-rf", "--one-file-system", "tree", NULL };
	struct collect_step step = { .dir = c->target->work };
	int ret;

	strbuf_addf(&bench, "rm-tree %s", c->data->label);
	ret = time_then_sync(c, bench.buf, argv, &step);
	strbuf_release(&bench);
	return ret;
}

/* dd: write, sync, drop caches, read back with dd. */
static const char *const dd_params[] = { "mib", NULL };

static int dd_timed(struct collect_ctx *c)
{
	long mib = collect_param_num(c, "mib", 64, 1024);
	struct strbuf bench = STRBUF_INIT, of = STRBUF_INIT, count = STRBUF_INIT;
	struct strbuf in = STRBUF_INIT;
	int ret;

	work_path(&of, c, "dd.out");
	strbuf_addf(&in, "if=%s", of.buf);
	strbuf_reset(&of);
	strbuf_addf(&of, "of=%s", in.buf + 3);
	strbuf_addf(&count, "count=%ld", mib);
	{
		const char *w[] = { "dd", "if=/dev/zero", of.buf, "bs=1M", count.buf, NULL };
		const char *r[] = { "dd", in.buf, "of=/dev/null", "bs=1M", NULL };
		struct collect_step step = { .parser = "dd", .parse_stderr = 1 };

		strbuf_addf(&bench, "dd write %ld MiB", mib);
		ret = time_then_sync(c, bench.buf, w, &step);
		if (ret < 0)
			goto done;
		strbuf_reset(&bench);
		strbuf_addf(&bench, "dd read %ld MiB", mib);
		ret = collect_time(c, bench.buf, r, &step);
	}
done:
	strbuf_release(&bench);
	strbuf_release(&of);
	strbuf_release(&count);
	strbuf_release(&in);
	return ret;
}

/* writer: many small appending writes to one file, then fsync (seed 003's load). */
static const char *const writer_params[] = { "writes", "bytes", NULL };

static int writer_timed(struct collect_ctx *c)
{
	long writes = collect_param_num(c, "writes", 4096, 65536);
	long bytes = collect_param_num(c, "bytes", 1024, 1024);
	struct strbuf bench = STRBUF_INIT, of = STRBUF_INIT, bs = STRBUF_INIT, count = STRBUF_INIT;
	int ret;

	strbuf_addf(&of, "of=%s/writer.out", c->target->work);
	strbuf_addf(&bs, "bs=%ld", bytes);
	strbuf_addf(&count, "count=%ld", writes);
	{
		const char *argv[] = { "dd", "if=/dev/zero", of.buf, bs.buf, count.buf,
				       "oflag=append", "conv=notrunc,fsync", NULL };

		strbuf_addf(&bench, "writer %ld x %ld bytes", writes, bytes);
		ret = time_then_sync(c, bench.buf, argv, NULL);
	}
	strbuf_release(&bench);
	strbuf_release(&of);
	strbuf_release(&bs);
	strbuf_release(&count);
	return ret;
}

/* postmark: Debian's, driven through its command prompt. */
static const char *const postmark_params[] = { "numbers", "transactions", "min", "max", NULL };

static int postmark_timed(struct collect_ctx *c)
{
	long numbers = collect_param_num(c, "numbers", 1000, 10000);
	long transactions = collect_param_num(c, "transactions", 1000, 10000);
	long min = collect_param_num(c, "min", 500, 500);
	long max = collect_param_num(c, "max", 10000, 10000);
	struct strbuf bench = STRBUF_INIT, script = STRBUF_INIT;
	const char *argv[] = { "postmark", NULL };
	struct collect_step step = { .dir = c->target->work, .parser = "postmark" };
	int ret;

	strbuf_addf(&script, "set location %s\nset number %ld\nset transactions %ld\n"
		    "set size %ld %ld\nrun\nquit\n", c->target->work, numbers, transactions, min, max);
	step.in_data = script.buf;
	strbuf_addf(&bench, "postmark numbers=%ld transactions=%ld", numbers, transactions);
	ret = time_then_sync(c, bench.buf, argv, &step);
	strbuf_release(&bench);
	strbuf_release(&script);
	return ret;
}

/* dbench: Debian's, with its NetBench client load. */
static const char *const dbench_params[] = { "clients", "time", "loadfile", NULL };

static int dbench_timed(struct collect_ctx *c)
{
	long clients = collect_param_num(c, "clients", 2, 8);
	long secs = collect_param_num(c, "time", 3, 60);
	const char *loadfile = collect_param(c, "loadfile", "/usr/share/dbench/client.txt",
					     "/usr/share/dbench/client.txt");
	struct strbuf bench = STRBUF_INIT, n = STRBUF_INIT, t = STRBUF_INIT;
	const char *argv[] = { "dbench", "-D", c->target->work, "-c", loadfile, "-t", NULL,
			       NULL, NULL };
	struct collect_step step = { .parser = "dbench" };
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
 * the other (stonewall), reported as JSON.
 */
static const char *const tiobench_params[] = { "threads", "mib", "block", "random_ios", NULL };

static int tiobench_timed(struct collect_ctx *c)
{
	long threads = collect_param_num(c, "threads", 4, 16);
	long mib = collect_param_num(c, "mib", 32, 256);
	const char *block = collect_param(c, "block", "4k", "4k");
	long random_ios = collect_param_num(c, "random_ios", 250, 4000);
	static const char *const phases[] = { "write", "read", "randwrite", "randread" };
	struct strbuf bench = STRBUF_INIT, dir = STRBUF_INIT, per = STRBUF_INIT;
	struct strbuf nj = STRBUF_INIT, bs = STRBUF_INIT, ios = STRBUF_INIT;
	struct strbuf names[4];
	const char *argv[64];
	struct collect_step step = { .parser = "fio" };
	size_t n = 0, i;
	int ret;

	strbuf_addf(&dir, "--directory=%s", c->target->work);
	strbuf_addf(&per, "--size=%ldk", mib * 1024 / (threads > 0 ? threads : 1));
	strbuf_addf(&nj, "--numjobs=%ld", threads);
	strbuf_addf(&bs, "--bs=%s", block);
	strbuf_addf(&ios, "--number_ios=%ld", random_ios);
	argv[n++] = "fio";
	argv[n++] = "--output-format=json";
	argv[n++] = dir.buf;
	argv[n++] = "--ioengine=psync";
	argv[n++] = "--thread";
	argv[n++] = "--group_reporting";
	argv[n++] = "--filename_format=tiobench.$jobnum";
	argv[n++] = per.buf;
	argv[n++] = nj.buf;
	argv[n++] = bs.buf;
	for (i = 0; i < 4; i++) {
		strbuf_init(&names[i], 0);
		strbuf_addf(&names[i], "--name=%s", phases[i]);
		argv[n++] = names[i].buf;
		argv[n++] = i == 0 ? "--rw=write" : i == 1 ? "--rw=read" :
			    i == 2 ? "--rw=randwrite" : "--rw=randread";
		argv[n++] = "--stonewall";
		if (i >= 2)
			argv[n++] = ios.buf;
		if (i == 0 || i == 2)
			argv[n++] = "--end_fsync=1";
	}
	argv[n] = NULL;
	strbuf_addf(&bench, "tiobench %ld threads %ld MiB", threads, mib);
	ret = time_then_sync(c, bench.buf, argv, &step);
	for (i = 0; i < 4; i++)
		strbuf_release(&names[i]);
	strbuf_release(&bench);
	strbuf_release(&dir);
	strbuf_release(&per);
	strbuf_release(&nj);
	strbuf_release(&bs);
	strbuf_release(&ios);
	return ret;
}

const struct collect_test collect_tests[] = {
	{ .name = "cp", .summary = "copy the tarball onto the file system, then sync",
	  .timed = cp_timed, .teardown = empty_work },
	{ .name = "untar", .summary = "tar xf of the tarball, then sync",
	  .timed = untar_timed, .teardown = empty_work },
	{ .name = "kuntar", .summary = "tar xf of the uncompressed, cached tarball, then sync",
	  .setup = kuntar_setup, .timed = kuntar_timed, .teardown = empty_work },
	{ .name = "rm-tree", .summary = "rm -rf of an extracted tree, then sync",
	  .setup = rm_tree_setup, .timed = rm_tree_timed, .teardown = empty_work },
	{ .name = "dd", .summary = "write N MiB, sync, drop caches, read it back",
	  .params = dd_params, .timed = dd_timed, .teardown = empty_work, .parser = "dd" },
	{ .name = "writer", .summary = "many small appending writes, then fsync",
	  .params = writer_params, .timed = writer_timed, .teardown = empty_work },
	{ .name = "postmark", .summary = "Debian's postmark",
	  .params = postmark_params, .timed = postmark_timed, .teardown = empty_work,
	  .parser = "postmark" },
	{ .name = "dbench", .summary = "Debian's dbench",
	  .params = dbench_params, .timed = dbench_timed, .teardown = empty_work,
	  .parser = "dbench" },
	{ .name = "tiobench", .summary = "the tiobench load through fio (JSON)",
	  .params = tiobench_params, .timed = tiobench_timed, .teardown = empty_work,
	  .parser = "fio" },
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

const char *collect_test_name(size_t i)
{
	return i + 1 < ARRAY_SIZE(collect_tests) ? collect_tests[i].name : NULL;
}

const char *const *collect_test_params(size_t i)
{
	return i + 1 < ARRAY_SIZE(collect_tests) ? collect_tests[i].params : NULL;
}
