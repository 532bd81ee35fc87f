#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <fcntl.h>
#include <ftw.h>
#include <math.h>
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
	const char *empty_text[] = { "tiobench.block=", NULL };
	const char *tests_ok[] = { "cp", "rm-tree", NULL };
	const char *tests_bad[] = { "cp", "bonnie", NULL };
	const char *tests_empty[] = { "cp", "", NULL };
	struct strbuf sb = STRBUF_INIT;

	(void)state;
	assert_int_equal(collect_check_selection(tests_ok, good), 0);
	assert_true(collect_check_selection(NULL, unknown_test) < 0);
	assert_non_null(strstr(err_last(), "unknown test 'bonnie'; known: cp, untar,"));
	assert_true(collect_check_selection(NULL, unknown_key) < 0);
	assert_non_null(strstr(err_last(), "no setting 'files'; it has: numbers, transactions"));
	assert_true(collect_check_selection(NULL, not_number) < 0);
	assert_true(collect_check_selection(NULL, zero) < 0);
	assert_true(collect_check_selection(NULL, empty_text) < 0);
	assert_true(collect_check_selection(tests_bad, NULL) < 0);
	assert_non_null(strstr(err_last(), "'bonnie'"));
	assert_true(collect_check_selection(tests_empty, NULL) < 0);
	assert_non_null(strstr(err_last(), "an empty test name"));
	/* --help's list comes from the table, defaults included */
	collect_param_help(&sb, "  ", 60);
	assert_non_null(strstr(sb.buf, "dd.mib=64/1024"));
	/* the same default for both suites is said once */
	assert_non_null(strstr(sb.buf, "writer.bytes=1024"));
	assert_null(strstr(sb.buf, "writer.bytes=1024/"));
	assert_non_null(strstr(sb.buf, "dbench.loadfile=/usr/share/dbench/client.txt"));
	strbuf_reset(&sb);
	collect_test_names(&sb, ",");
	assert_string_equal(sb.buf, "cp,untar,kuntar,rm-tree,dd,writer,postmark,dbench,tiobench");
	strbuf_release(&sb);
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

static void count_ticks(void *payload, unsigned done, unsigned total)
{
	int *n = payload;

	assert_int_equal(total, 2000);
	assert_true(done < total);
	(*n)++;
}

static void test_generated_tree(void **state)
{
	int ticks = 0;
	char *base = tmpdir();
	struct strbuf a = STRBUF_INIT, b = STRBUF_INIT, c = STRBUF_INIT;
	struct collect_gen_stats sa, sb, sc;

	(void)state;
	strbuf_addf(&a, "%s/a", base);
	strbuf_addf(&b, "%s/b", base);
	strbuf_addf(&c, "%s/c", base);
	assert_int_equal(collect_gen_tree(&sa, a.buf, 2000, 1, count_ticks, &ticks), 0);
	assert_int_equal(collect_gen_tree(&sb, b.buf, 2000, 1, NULL, NULL), 0);
	assert_int_equal(collect_gen_tree(&sc, c.buf, 2000, 2, NULL, NULL), 0);
	/* progress every 250 files */
	assert_int_equal(ticks, 8);
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

static void touch(const char *path)
{
	FILE *f = fopen(path, "w");

	assert_non_null(f);
	fputs("keep\n", f);
	fclose(f);
}

static void test_scratch_never_leaves(void **state)
{
	char *base = tmpdir();
	struct collect_scratch s;
	struct strbuf outside = STRBUF_INIT, link = STRBUF_INIT, victim = STRBUF_INIT;
	struct strbuf moved = STRBUF_INIT, inner = STRBUF_INIT;
	struct stat st;
	int fd;

	(void)state;
	assert_int_equal(collect_scratch_make(&s, base), 0);
	assert_non_null(strstr(s.path, "/benchpost-run."));
	strbuf_addf(&outside, "%s/outside", base);
	assert_int_equal(mkdir(outside.buf, 0755), 0);
	strbuf_addf(&victim, "%s/keep", outside.buf);
	touch(victim.buf);
	/* A symlink inside the scratch pointing out: removed, never followed. */
	strbuf_addf(&link, "%s/escape", s.path);
	assert_int_equal(symlink(outside.buf, link.buf), 0);
	assert_int_equal(collect_scratch_mkdir(&s, "work", &fd), 0);
	strbuf_addf(&inner, "%s/work/a", s.path);
	touch(inner.buf);
	/* The scratch renamed away and a link to outside put where it was. */
	strbuf_addf(&moved, "%s/moved", base);
	assert_int_equal(rename(s.path, moved.buf), 0);
	assert_int_equal(symlink(outside.buf, s.path), 0);
	assert_int_equal(collect_tree_empty(fd, "work", NULL), 0);
	close(fd);
	assert_int_equal(collect_scratch_remove(&s, NULL), 0);
	/* outside untouched, the real scratch emptied, the link left as it was */
	assert_int_equal(stat(victim.buf, &st), 0);
	assert_int_equal(lstat(moved.buf, &st), 0);
	assert_true(S_ISDIR(st.st_mode));
	assert_int_equal(rmdir(moved.buf), 0);
	strbuf_reset(&link);
	strbuf_addf(&link, "%s", outside.buf);
	rm_rf(base);
	free(base);
	strbuf_release(&outside);
	strbuf_release(&link);
	strbuf_release(&victim);
	strbuf_release(&moved);
	strbuf_release(&inner);
}

static void test_open_beneath(void **state)
{
	char *base = tmpdir();
	struct strbuf p = STRBUF_INIT;
	int dfd = open(base, O_RDONLY | O_DIRECTORY), fd;

	(void)state;
	strbuf_addf(&p, "%s/a", base);
	assert_int_equal(mkdir(p.buf, 0755), 0);
	strbuf_addstr(&p, "/b");
	assert_int_equal(mkdir(p.buf, 0755), 0);
	strbuf_reset(&p);
	strbuf_addf(&p, "%s/l", base);
	assert_int_equal(symlink("a", p.buf), 0);
	fd = collect_open_beneath(dfd, "a/b");
	assert_true(fd >= 0);
	close(fd);
	/* no link, no ".." on the way */
	assert_true(collect_open_beneath(dfd, "l/b") < 0);
	assert_true(collect_open_beneath(dfd, "a/../a") < 0);
	close(dfd);
	rm_rf(base);
	free(base);
	strbuf_release(&p);
}

static void test_owner_record(void **state)
{
	struct collect_owner me, back;
	struct strbuf text = STRBUF_INIT;
	char *base = tmpdir();
	int dfd = open(base, O_RDONLY | O_DIRECTORY), lock = -1, held;
	FILE *f;
	struct strbuf path = STRBUF_INIT;

	(void)state;
	collect_owner_self(&me);
	assert_int_equal(me.pid, (long)getpid());
	assert_true(me.start > 0);
	assert_int_equal(strlen(me.boot), 36);
	collect_owner_format(&text, &me);
	assert_int_equal(collect_owner_parse(&back, text.buf, text.len), 0);
	assert_int_equal(back.pid, me.pid);
	assert_true(back.start == me.start);
	assert_string_equal(back.boot, me.boot);
	/* damaged records are refused, never half-read */
	assert_true(collect_owner_parse(&back, "pid 12\n", 7) < 0);
	assert_true(collect_owner_parse(&back, "benchpost-scratch 1\npid 12\nboot x\n", 34) < 0);
	assert_true(collect_owner_parse(&back, "benchpost-scratch 1\npid -3\nstart 1\nboot x\n", 41) < 0);
	assert_true(collect_owner_parse(&back, "benchpost-scratch 1\npid 3\nstart 1x\nboot x\n", 41) < 0);
	assert_int_equal(collect_owner_parse(&back, "benchpost-scratch 1\npid 3\nstart 1\nboot x\n", 40), 0);

	/* our own record, locked: alive */
	assert_int_equal(collect_owner_write(dfd, &me, &held), 0);
	assert_int_equal(collect_owner_check(dfd, &back, &lock), COLLECT_OWNER_ALIVE);
	assert_int_equal(lock, -1);
	close(held);
	/* the lock gone but the process (us) alive with the same start: still alive */
	assert_int_equal(collect_owner_check(dfd, &back, &lock), COLLECT_OWNER_ALIVE);
	/* a pid that does not exist now: dead, and its lock is ours while we sweep */
	strbuf_addf(&path, "%s/owner", base);
	f = fopen(path.buf, "w");
	assert_non_null(f);
	fprintf(f, "benchpost-scratch 1\npid 2147483646\nstart 5\nboot %s\npidns %llu\n", me.boot,
		me.pidns);
	fclose(f);
	assert_int_equal(collect_owner_check(dfd, &back, &lock), COLLECT_OWNER_DEAD);
	assert_true(lock >= 0);
	close(lock);
	/* another boot: dead whatever the pid */
	f = fopen(path.buf, "w");
	fprintf(f, "benchpost-scratch 1\npid %ld\nstart %llu\nboot 00000000-0000-0000-0000-000000000000\n",
		me.pid, me.start);
	fclose(f);
	assert_int_equal(collect_owner_check(dfd, &back, &lock), COLLECT_OWNER_DEAD);
	close(lock);
	unlink(path.buf);
	assert_int_equal(collect_owner_check(dfd, &back, &lock), COLLECT_OWNER_NONE);
	assert_int_equal(symlink("/etc/hostname", path.buf), 0);
	assert_int_equal(collect_owner_check(dfd, &back, &lock), COLLECT_OWNER_NONE);
	close(dfd);
	rm_rf(base);
	free(base);
	strbuf_release(&text);
	strbuf_release(&path);
}

static int count_mounts(void *payload, const struct collect_mount *m)
{
	struct strbuf *sb = payload;

	strbuf_addf(sb, "[%s|%s|%s|%s]", m->device, m->dir, m->type, m->options);
	return 0;
}

static void test_mounts_parse(void **state)
{
	const char text[] = "/dev/vda / ext4 rw,relatime 0 0\n"
			    "/dev/loop3 /var/tmp/a\\040b ext3 rw,data=writeback 0 0\n"
			    "garbage\n"
			    "tmpfs /tmp/x\\134y tmpfs rw 0 0";
	struct strbuf sb = STRBUF_INIT;

	(void)state;
	collect_mounts_parse(text, strlen(text), count_mounts, &sb);
	assert_string_equal(sb.buf, "[/dev/vda|/|ext4|rw,relatime]"
			    "[/dev/loop3|/var/tmp/a b|ext3|rw,data=writeback]"
			    "[tmpfs|/tmp/x\\y|tmpfs|rw]");
	strbuf_release(&sb);
}

static void test_monitor_parse(void **state)
{
	const char diskstats[] =
		" 254       0 vda 410667 595640 56842994 244471 672122 687519 39743232 1219222 0 231268 1656729 493630 42 37180328 142934 48198 50101\n"
		" 254       1 vda1 100 0 800 10 200 0 1600 20 0 30 30\n"
		"   7       3 loop3 5 0 40 1 6 0 48 2 0 3 3\n";
	const char vmstat[] = "nr_free_pages 123\nnr_dirty 20\nnr_writeback 3\npgpgin 10\npgpgout 31962843\n";
	unsigned long long d[3];
	struct collect_snap snap;
	double v;

	(void)state;
	assert_int_equal(collect_diskstats_parse(diskstats, strlen(diskstats), "vda", d), 0);
	assert_true(d[0] == 56842994 && d[1] == 39743232 && d[2] == 231268);
	/* "vda" is not "vda1", and a kernel before 4.18 has 11 fields */
	assert_int_equal(collect_diskstats_parse(diskstats, strlen(diskstats), "vda1", d), 0);
	assert_true(d[0] == 800 && d[1] == 1600 && d[2] == 30);
	assert_int_equal(collect_diskstats_parse(diskstats, strlen(diskstats), "loop3", d), 0);
	assert_true(d[2] == 3);
	assert_true(collect_diskstats_parse(diskstats, strlen(diskstats), "sda", d) < 0);
	memset(&snap, 0, sizeof(snap));
	assert_int_equal(collect_vmstat_parse(vmstat, strlen(vmstat), &snap), 0);
	assert_true(snap.dirty == 20 && snap.writeback == 3 && snap.pgpgout == 31962843);
	assert_true(collect_vmstat_parse("nr_dirty 1\n", 11, &snap) < 0);
	assert_int_equal(collect_psi_parse("some avg10=22.32 avg60=21.06 avg300=21.15 total=1\nfull avg10=1.00",
					   64, &v), 0);
	assert_true(v > 22.31 && v < 22.33);
	assert_true(collect_psi_parse("full avg10=1.00", 15, &v) < 0);
	assert_int_equal(collect_loadavg_parse("0.72 0.61 0.48 1/300 4242\n", 26, &v), 0);
	assert_true(v > 0.71 && v < 0.73);
	assert_true(collect_loadavg_parse("x 0.61", 6, &v) < 0);
}

static void test_cpu_parse(void **state)
{
	const char stat[] = "cpu  100 5 50 1000 20 3 2 1 0 0\ncpu0 50 2 25 500 10 1 1 0 0 0\n";
	/* a command name with spaces and a ")" of its own */
	const char pid[] = "4242 (my (odd) tool) S 1 4242 4242 0 -1 4194560 100 0 0 0 "
			   "70 30 0 0 20 0 1 0 123456 1000 10 18446744073709551615\n";
	struct collect_pidstat ps;
	unsigned long long busy;

	(void)state;
	assert_int_equal(collect_stat_busy_parse(stat, strlen(stat), &busy), 0);
	/* user nice system irq softirq steal: 100 + 5 + 50 + 3 + 2 + 1 */
	assert_true(busy == 161);
	assert_true(collect_stat_busy_parse("cpu0 1 2 3 4\n", 13, &busy) < 0);
	assert_int_equal(collect_pidstat_parse(pid, strlen(pid), &ps), 0);
	assert_string_equal(ps.comm, "my (odd) tool");
	assert_int_equal(ps.ppid, 1);
	assert_true(ps.ticks == 100);
	assert_true(ps.start == 123456);
	assert_true(collect_pidstat_parse("4242 no parens", 14, &ps) < 0);
}

static void test_plan(void **state)
{
	struct collect_samples s = { 0 };
	const struct collect_samples *sp = &s;
	struct collect_opts o = { .detect = 0.05, .max_iterations = 30, .sig_test = "utest" };
	struct collect_plan p = { 0 };
	struct strbuf sb = STRBUF_INIT;

	(void)state;
	/* by hand (and Python's statistics.NormalDist): 1.959964 and 0.841621 */
	assert_true(fabs(collect_probit(0.975) - 1.959964) < 1e-5);
	assert_true(fabs(collect_probit(0.8) - 0.841621) < 1e-5);
	/* exact U reaches 0.05 at n = 4 (2/70); never under 5 all the same */
	assert_int_equal(collect_plan_floor("utest", 0.05), 5);
	assert_int_equal(collect_plan_floor("utest", 0.01), 5);
	/* C(12,6) = 924 < 2 / 0.001, C(14,7) = 3432 */
	assert_int_equal(collect_plan_floor("utest", 0.001), 7);
	/* n_t = 2 ((1.96 + 0.84) cv / d)^2 + 1.96^2 / 4; U needs n_t / (3 / pi) */
	assert_int_equal(collect_plan_needed(0.04, 0.05, 0.05, 0.8, "welch"), 12);  /* 11.007 */
	assert_int_equal(collect_plan_needed(0.04, 0.05, 0.05, 0.8, "utest"), 12);  /* 11.526 */
	assert_int_equal(collect_plan_needed(0.10, 0.05, 0.05, 0.8, "welch"), 64);  /* 63.75 */
	assert_int_equal(collect_plan_needed(0.10, 0.05, 0.05, 0.8, "utest"), 67);  /* 66.76 */
	assert_int_equal(collect_plan_needed(0.02, 0.05, 0.05, 0.8, "utest"), 5);   /* 3.64 */

	/* the series with the largest spread decides; total over elapsed */
	collect_samples_add(&s, "untar x", "elapsed", 10);
	collect_samples_add(&s, "untar x", "elapsed", 30);
	collect_samples_add(&s, "untar x", "elapsed", 20);
	collect_samples_add(&s, "untar x", "total", 10);
	collect_samples_add(&s, "untar x", "total", 10.4);
	collect_samples_add(&s, "untar x", "total", 10.8);
	collect_samples_add(&s, "dd read", "elapsed", 1);
	collect_samples_add(&s, "dd read", "elapsed", 1.02);
	collect_samples_add(&s, "dd read", "elapsed", 1.04);
	collect_plan_decide(&p, &sp, 1, &o);
	/* cv of 10, 10.4, 10.8 is 0.4 / 10.4 = 3.846%: n_t 10.30, U 10.79 */
	assert_string_equal(p.benchmark, "untar x");
	assert_string_equal(p.metric, "total");
	assert_int_equal(p.n, 11);
	assert_int_equal(p.needed, 11);
	collect_plan_describe(&sb, &p, "untar");
	assert_string_equal(sb.buf, "untar: 11 (CV 3.8% of untar x total)");
	/* a cap below the need: stopped there, and it says so */
	o.max_iterations = 8;
	collect_plan_decide(&p, &sp, 1, &o);
	assert_int_equal(p.n, 8);
	strbuf_reset(&sb);
	collect_plan_describe(&sb, &p, "untar");
	assert_string_equal(sb.buf, "untar: 8 (CV 3.8% of untar x total; the cap: it would need 11)");
	collect_plan_release(&p);
	collect_samples_release(&s);
	strbuf_release(&sb);
}

static void test_flags(void **state)
{
	struct collect_flags f = { 0 };
	struct recset set = RECSET_INIT;
	struct record proto = RECORD_INIT;
	struct facts *facts = facts_new();
	size_t i, renamed = 0;

	(void)state;
	for (i = 1; i <= 3; i++) {
		collect_add_metric(&set, &proto, "tio", (int)i, "randread-bw", "KiB/s", "%.0f", 100);
		collect_add_metric(&set, &proto, "tio", (int)i, "write-bw", "KiB/s", "%.0f", 100);
		collect_add_metric(&set, &proto, "tio", (int)i, "elapsed", "s", "%.3f", 1);
	}
	collect_flag(&f, "tio", "randread-bw", "the fio job ran under a second", "it ran", 13, "ms");
	collect_flag(&f, "tio", "randread-bw", "the fio job ran under a second", "it ran", 15, "ms");
	collect_flags_apply(&f, &set, facts);
	for (i = 0; i < set.nr; i++) {
		renamed += !strcmp(set.v[i].metric, "randread-bw-flagged");
		assert_true(strcmp(set.v[i].metric, "randread-bw"));
	}
	assert_int_equal(renamed, 3);
	assert_string_equal(facts_get(facts, "flagged"),
			    "tio: randread-bw: the fio job ran under a second (it ran 13-15 ms; 2 of 3 samples)");
	collect_flags_release(&f);
	facts_unref(facts);
	recset_release(&set);
	record_release(&proto);
}

static void test_kmsg(void **state)
{
	struct strbuf sb = STRBUF_INIT;
	const char ours[] = "3,1234,567890,-;EXT4-fs (loop3): Unrecognized mount option \"bogus\" or missing value\n";
	const char other[] = "3,1235,567891,-;EXT4-fs (loop30): error\n";
	const char driver[] = "3,1236,567892,-;ext4: Unknown parameter 'bogusopt'\n SUBSYSTEM=block\n";
	const char noise[] = "6,1237,567893,-;usb 1-1: new high-speed USB device\n";

	(void)state;
	collect_kmsg_pick(&sb, ours, strlen(ours), "loop3");
	collect_kmsg_pick(&sb, other, strlen(other), "loop3");
	collect_kmsg_pick(&sb, driver, strlen(driver), "loop3");
	collect_kmsg_pick(&sb, noise, strlen(noise), "loop3");
	assert_string_equal(sb.buf, "EXT4-fs (loop3): Unrecognized mount option \"bogus\" or missing "
			    "value; ext4: Unknown parameter 'bogusopt'");
	strbuf_release(&sb);
}

static void test_fsinfo(void **state)
{
	/* the shape of dumpe2fs -h, xfs_info and btrfs dump-super, in our own values */
	const char ext[] = "Filesystem volume name:   <none>\n"
			   "Filesystem features:      has_journal ext_attr needs_recovery extent\n"
			   "Inode count:              1024\n"
			   "Block size:               2048\n"
			   "Inode size:\t          128\n"
			   "Total journal size:       1024k\n";
	const char xfs[] = "meta-data=/dev/loop9             isize=256    agcount=2, agsize=1000 blks\n"
			   "         =                       crc=0        finobt=0\n"
			   "data     =                       bsize=1024   blocks=2000\n"
			   "log      =internal log           bsize=1024   blocks=500\n";
	const char btrfs[] = "csum_type\t\t1 (xxhash64)\n"
			     "sectorsize\t\t4096\n"
			     "nodesize\t\t8192\n"
			     "incompat_flags\t\t0x141\n"
			     "\t\t\t( MIXED_BACKREF |\n"
			     "\t\t\t  NO_HOLES )\n"
			     "cache_generation\t5\n";
	struct strbuf features = STRBUF_INIT, layout = STRBUF_INIT;

	(void)state;
	collect_fsinfo_ext(&features, &layout, ext);
	assert_string_equal(features.buf, "has_journal ext_attr extent");
	assert_string_equal(layout.buf, "inodes 1024, block size 2048, inode size 128, journal 1024k");
	strbuf_reset(&layout);
	collect_fsinfo_xfs(&layout, xfs);
	assert_string_equal(layout.buf, "meta-data isize=256 agcount=2 agsize=1000 crc=0 finobt=0; "
			    "data bsize=1024 blocks=2000; log internal bsize=1024 blocks=500");
	strbuf_reset(&features);
	strbuf_reset(&layout);
	collect_fsinfo_btrfs(&features, &layout, btrfs);
	assert_string_equal(features.buf, "MIXED_BACKREF NO_HOLES");
	assert_string_equal(layout.buf, "csum_type 1 (xxhash64), sectorsize 4096, nodesize 8192");
	strbuf_release(&features);
	strbuf_release(&layout);
}

static void test_manifest(void **state)
{
	const char good[] = "benchpost-dataset 1\norigin generated (seed 1)\nfiles 40\n"
			    "sha256 0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef a.tar\n";
	const char escape[] = "benchpost-dataset 1\n"
			      "sha256 0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef ../a\n";
	const char badhex[] = "benchpost-dataset 1\n"
			      "sha256 0123456789abcdeX0123456789abcdef0123456789abcdef0123456789abcdef a\n";
	struct collect_manifest m;

	(void)state;
	assert_int_equal(collect_manifest_parse(&m, good, strlen(good)), 0);
	assert_string_equal(m.origin, "generated (seed 1)");
	assert_true(m.files == 40);
	assert_int_equal(m.nr, 1);
	assert_string_equal(m.file[0], "a.tar");
	collect_manifest_release(&m);
	assert_true(collect_manifest_parse(&m, escape, strlen(escape)) < 0);
	collect_manifest_release(&m);
	assert_true(collect_manifest_parse(&m, badhex, strlen(badhex)) < 0);
	collect_manifest_release(&m);
	assert_true(collect_manifest_parse(&m, "benchpost-dataset 1\n", 20) < 0);
	collect_manifest_release(&m);
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
		cmocka_unit_test(test_open_beneath),
		cmocka_unit_test(test_owner_record),
		cmocka_unit_test(test_mounts_parse),
		cmocka_unit_test(test_monitor_parse),
		cmocka_unit_test(test_cpu_parse),
		cmocka_unit_test(test_plan),
		cmocka_unit_test(test_flags),
		cmocka_unit_test(test_kmsg),
		cmocka_unit_test(test_fsinfo),
		cmocka_unit_test(test_manifest),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
