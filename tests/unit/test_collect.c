#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../../collect/collect_internal.h"
#include "../../core/error.h"

static void test_fs_list(void **state)
{
	struct collect_fs_list l = { 0 };

	(void)state;
	assert_int_equal(collect_fs_parse(&l, "ext2,ext3:data=writeback,noatime,ext4::-b 1024,xfs"), 0);
	assert_int_equal(l.nr, 4);
	assert_string_equal(l.v[0].type, "ext2");
	assert_null(l.v[0].mount_opts);
	assert_string_equal(l.v[1].type, "ext3");
	/* A comma followed by no file system name continues the options. */
	assert_string_equal(l.v[1].mount_opts, "data=writeback,noatime");
	assert_null(l.v[1].mkfs_opts);
	assert_string_equal(l.v[2].type, "ext4");
	assert_null(l.v[2].mount_opts);
	assert_string_equal(l.v[2].mkfs_opts, "-b 1024");
	assert_string_equal(l.v[2].spec, "ext4::-b 1024");
	assert_string_equal(l.v[3].type, "xfs");
	collect_fs_list_release(&l);

	assert_true(collect_fs_parse(&l, "ext2,reiserfs") < 0);
	assert_non_null(strstr(err_last(), "'reiserfs'"));
	collect_fs_list_release(&l);
	assert_true(collect_fs_parse(&l, "noatime") < 0);
	collect_fs_list_release(&l);
	/* Options without an entry to belong to. */
	assert_true(collect_fs_parse(&l, "ext2,noatime") < 0);
	collect_fs_list_release(&l);
	assert_true(collect_fs_parse(&l, "") < 0);
	collect_fs_list_release(&l);
}

static const char *metric_value(const struct recset *set, const char *metric)
{
	size_t i;

	for (i = 0; i < set->nr; i++)
		if (!strcmp(set->v[i].metric, metric))
			return set->v[i].value;
	return NULL;
}

static void test_rusage_records(void **state)
{
	struct proc_result res = PROC_RESULT_INIT;
	struct recset set = RECSET_INIT;
	struct record proto = RECORD_INIT;
	size_t i;

	(void)state;
	res.elapsed = 2.0;
	res.ru.ru_utime.tv_sec = 1;
	res.ru.ru_utime.tv_usec = 250000;
	res.ru.ru_stime.tv_usec = 500000;
	res.ru.ru_maxrss = 1234;
	res.ru.ru_inblock = 8;
	res.ru.ru_oublock = 16;
	record_set(&proto.fs, "ext3");
	collect_add_rusage(&set, &proto, "untar x.tar.gz", 3, &res);
	/* What /usr/bin/time -v prints for the same rusage: (1.25 + 0.5) / 2 = 87.5%. */
	assert_string_equal(metric_value(&set, "elapsed"), "2.000");
	assert_string_equal(metric_value(&set, "user"), "1.250");
	assert_string_equal(metric_value(&set, "sys"), "0.500");
	assert_string_equal(metric_value(&set, "cpu"), "88");
	assert_string_equal(metric_value(&set, "maxrss"), "1234");
	assert_string_equal(metric_value(&set, "inblock"), "8");
	assert_string_equal(metric_value(&set, "oublock"), "16");
	for (i = 0; i < set.nr; i++) {
		assert_int_equal(set.v[i].iteration, 3);
		assert_string_equal(set.v[i].fs, "ext3");
		assert_string_equal(set.v[i].benchmark, "untar x.tar.gz");
	}
	recset_release(&set);
	record_release(&proto);
}

/* The child's own CPU time arrives through wait4, not from our clock. */
static void test_child_rusage_and_group(void **state)
{
	const char *burn[] = { "sh", "-c", "i=0; while [ $i -lt 100000 ]; do i=$((i+1)); done; "
			       "cut -d' ' -f5 /proc/$$/stat; echo $$", NULL };
	struct proc_result res = PROC_RESULT_INIT;
	volatile pid_t running = -1;
	struct proc_opts po = { .out = PROC_IO_CAPTURE, .running = &running };
	long pgid, pid;
	double user;

	(void)state;
	assert_int_equal(proc_run(&res, burn, &po), 0);
	assert_true(proc_exited_ok(&res));
	assert_int_equal(running, 0);
	assert_int_equal(sscanf(res.out.buf, "%ld %ld", &pgid, &pid), 2);
	/* Its own process group, so a signal can end the whole tree. */
	assert_int_equal(pgid, pid);
	user = (double)res.ru.ru_utime.tv_sec + res.ru.ru_utime.tv_usec / 1e6;
	assert_true(user > 0.0);
	assert_true(user <= res.elapsed * 1.05 + 0.01);
	proc_result_release(&res);
}

static void test_scheduler_and_duration(void **state)
{
	struct strbuf sb = STRBUF_INIT;

	(void)state;
	collect_scheduler_pick(&sb, "none [mq-deadline] kyber bfq");
	assert_string_equal(sb.buf, "mq-deadline");
	strbuf_reset(&sb);
	collect_scheduler_pick(&sb, "none");
	assert_string_equal(sb.buf, "none");
	strbuf_reset(&sb);
	collect_format_duration(&sb, 83.4);
	assert_string_equal(sb.buf, "1:23");
	strbuf_reset(&sb);
	collect_format_duration(&sb, 3723);
	assert_string_equal(sb.buf, "1:02:03");
	strbuf_release(&sb);
}

static void test_params(void **state)
{
	const char *good[] = { "postmark.numbers=500", "dbench.loadfile=/x/client.txt",
			       "tiobench.block=8k", NULL };
	const char *unknown_test[] = { "bonnie.size=1", NULL };
	const char *unknown_key[] = { "postmark.files=1", NULL };
	const char *not_number[] = { "dd.mib=lots", NULL };
	const char *zero[] = { "dd.mib=0", NULL };
	const char *tests_ok[] = { "cp", "rm-tree", NULL };
	const char *tests_bad[] = { "cp", "bonnie", NULL };

	(void)state;
	assert_int_equal(collect_params_check(good, tests_ok), 0);
	assert_true(collect_params_check(unknown_test, NULL) < 0);
	assert_non_null(strstr(err_last(), "unknown test 'bonnie'"));
	assert_true(collect_params_check(unknown_key, NULL) < 0);
	assert_non_null(strstr(err_last(), "no setting 'files'"));
	assert_true(collect_params_check(not_number, NULL) < 0);
	assert_true(collect_params_check(zero, NULL) < 0);
	assert_true(collect_params_check(NULL, tests_bad) < 0);
	assert_non_null(strstr(err_last(), "'bonnie'"));
}

static char *tmpdir(void)
{
	char tmpl[] = "/tmp/benchpost-unit.XXXXXX";
	char *d = mkdtemp(tmpl);

	assert_non_null(d);
	return strdup(d);
}

static int rm_one(const char *p, const struct stat *st, int flag, struct FTW *f)
{
	(void)st;
	(void)f;
	return flag == FTW_DP ? rmdir(p) : unlink(p);
}

static void rm_rf(const char *p)
{
	nftw(p, rm_one, 16, FTW_DEPTH | FTW_PHYS);
}

static int same_trees(const char *a, const char *b)
{
	const char *argv[] = { "diff", "-r", a, b, NULL };
	struct proc_result res = PROC_RESULT_INIT;
	int same;

	assert_int_equal(proc_run(&res, argv, NULL), 0);
	same = proc_exited_ok(&res);
	proc_result_release(&res);
	return same;
}

static void test_generated_tree(void **state)
{
	char *base = tmpdir();
	struct strbuf a = STRBUF_INIT, b = STRBUF_INIT, c = STRBUF_INIT;
	struct collect_gen_stats sa, sb, sc;

	(void)state;
	strbuf_addf(&a, "%s/a", base);
	strbuf_addf(&b, "%s/b", base);
	strbuf_addf(&c, "%s/c", base);
	assert_int_equal(collect_gen_tree(&sa, a.buf, 2000, 1), 0);
	assert_int_equal(collect_gen_tree(&sb, b.buf, 2000, 1), 0);
	assert_int_equal(collect_gen_tree(&sc, c.buf, 2000, 2), 0);
	/* Same seed, same bytes; another seed, another tree. */
	assert_true(same_trees(a.buf, b.buf));
	assert_false(same_trees(a.buf, c.buf));
	assert_int_equal(sa.files, 2000);
	assert_int_equal(sa.bytes, sb.bytes);
	/* Kernel-shaped: nested, ~14 files a directory, a mean file of ~14 KiB. */
	assert_true(sa.max_depth >= 4 && sa.max_depth <= 8);
	assert_true(sa.dirs > 2000 / 30 && sa.dirs < 2000 / 5);
	assert_true(sa.bytes / sa.files > 6 * 1024 && sa.bytes / sa.files < 30 * 1024);
	rm_rf(base);
	free(base);
	strbuf_release(&a);
	strbuf_release(&b);
	strbuf_release(&c);
}

static void test_scratch_never_leaves(void **state)
{
	char *base = tmpdir(), *scratch = NULL;
	struct strbuf outside = STRBUF_INIT, link = STRBUF_INIT, victim = STRBUF_INIT;
	struct stat st;
	FILE *f;

	(void)state;
	assert_int_equal(collect_scratch_make(&scratch, base), 0);
	strbuf_addf(&outside, "%s/outside", base);
	assert_int_equal(mkdir(outside.buf, 0755), 0);
	strbuf_addf(&victim, "%s/keep", outside.buf);
	f = fopen(victim.buf, "w");
	assert_non_null(f);
	fclose(f);
	/* A symlink inside the scratch pointing out: removed, never followed. */
	strbuf_addf(&link, "%s/escape", scratch);
	assert_int_equal(symlink(outside.buf, link.buf), 0);

	assert_true(collect_remove_tree(scratch, outside.buf) < 0);
	assert_non_null(strstr(err_last(), "refusing"));
	strbuf_reset(&link);
	strbuf_addf(&link, "%s/../outside", scratch);
	assert_true(collect_remove_tree(scratch, link.buf) < 0);
	/* Only a directory mkdtemp made for us counts as a scratch. */
	assert_true(collect_remove_tree(base, outside.buf) < 0);

	assert_int_equal(collect_remove_tree(scratch, scratch), 0);
	assert_true(lstat(scratch, &st) < 0);
	assert_int_equal(stat(victim.buf, &st), 0);
	rm_rf(base);
	free(base);
	free(scratch);
	strbuf_release(&outside);
	strbuf_release(&link);
	strbuf_release(&victim);
}

static void test_is_mounted(void **state)
{
	char *base = tmpdir();

	(void)state;
	assert_true(collect_is_mounted("/"));
	assert_false(collect_is_mounted(base));
	rmdir(base);
	free(base);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fs_list),
		cmocka_unit_test(test_rusage_records),
		cmocka_unit_test(test_child_rusage_and_group),
		cmocka_unit_test(test_scheduler_and_duration),
		cmocka_unit_test(test_params),
		cmocka_unit_test(test_generated_tree),
		cmocka_unit_test(test_scratch_never_leaves),
		cmocka_unit_test(test_is_mounted),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
