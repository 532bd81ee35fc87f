#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "../../import/import.h"
#include "../../import/import_context.h"
#include "../../import/import_heading.h"
#include "../../import/import_section.h"
#include "../../mail/mail.h"
#include "../../core/util.h"

/*
 * Attribution per section (import_section.c): each case is a message and,
 * per input line that holds numbers, the kernel, file system and options
 * every record of that line must have ("-" for none).
 */

struct want {
	long line;
	const char *kernel, *fs, *options;
	const char *benchmark;   /* NULL: not looked at */
};

static int same(const char *got, const char *want)
{
	if (!strcmp(want, "-"))
		return got == NULL;
	return got && !strcmp(got, want);
}

static void check_message(const char *name, const char *text, const struct want *w, size_t nw)
{
	struct mail_list list = MAIL_LIST_INIT;
	struct import *imp;
	const struct recset *r;
	size_t i, k;

	assert_int_equal(import_new(&imp, NULL), 0);
	r = &imp->result.borrowed;
	mail_read_buffer(&list, name, text, strlen(text));
	import_messages(imp, &list);
	import_finish(imp);
	for (k = 0; k < nw; k++) {
		size_t seen = 0;

		for (i = 0; i < r->nr; i++) {
			const struct record *rec = &r->v[i];

			if (rec->line != w[k].line)
				continue;
			seen++;
			if (!same(rec->kernel, w[k].kernel) || !same(rec->fs, w[k].fs) ||
			    !same(rec->options, w[k].options) ||
			    (w[k].benchmark && !same(rec->benchmark, w[k].benchmark)))
				fail_msg("%s: line %ld: got kernel '%s' fs '%s' options '%s' benchmark '%s', "
					 "want '%s' '%s' '%s' '%s'", name, w[k].line, rec->kernel ? rec->kernel : "-",
					 rec->fs ? rec->fs : "-", rec->options ? rec->options : "-",
					 rec->benchmark ? rec->benchmark : "-", w[k].kernel, w[k].fs, w[k].options,
					 w[k].benchmark ? w[k].benchmark : "");
		}
		if (!seen)
			fail_msg("%s: no record at line %ld", name, w[k].line);
	}
	import_free(imp);
	mail_list_release(&list);
}

#define CHECK(text, ...) do { \
	static const struct want w_[] = { __VA_ARGS__ }; \
	check_message(__func__, text, w_, ARRAY_SIZE(w_)); \
} while (0)

static void test_rules(void **state)
{
	static const char *const rules[] = {
		"---", "-----------------------------", "# ------------------------ #", "=====",
		"  * * * * *", "~~~~~~", "_______",
	};
	static const char *const not_rules[] = { "--", "-- ", "--- a/fs/ext3/inode.c", "-aa:", "+++", "==> x <==", "" };
	size_t i;

	(void)state;
	for (i = 0; i < ARRAY_SIZE(rules); i++)
		if (!import_is_rule(rules[i], strlen(rules[i])))
			fail_msg("'%s' is a rule", rules[i]);
	for (i = 0; i < ARRAY_SIZE(not_rules); i++)
		if (import_is_rule(not_rules[i], strlen(not_rules[i])) && strcmp(not_rules[i], "+++"))
			fail_msg("'%s' is no rule", not_rules[i]);
}

/*
 * Kernel versions as mail writes them ("v6.8", "Linux 6.8"); versions that
 * name the workload, a tool or a kernel only tried are no kernel under test.
 */
static void test_kernel_forms(void **state)
{
	static const struct { const char *text, *kernel; int strength; } cases[] = {
		{ "make -j4 bzImage of the 2.6.1 tree.", NULL, 0 },
		{ "Untar the Linux 2.6.8.1 tarball on each file system.", NULL, 0 },
		{ "copies a bzip2 tarball of 2.4.3 (24M) in", NULL, 0 },
		{ "(gcc version 7.2.0 (GCC)) #1 SMP", NULL, 0 },
		{ "sysbench 1.1.0-df89d34 (using bundled LuaJIT 2.1.0-beta3)", NULL, 0 },
		{ "fio 3.28 on the host", NULL, 0 },
		{ "i already tried 2.6.20-rc5 and 2.6.20-rc5-rt8 but nothing changes", NULL, 0 },
		{ "slower with 3.10-rc kernels", NULL, 0 },
		{ "same kernel (2.6.18.6), same disk", "2.6.18.6", 2 },
		{ "I am running plain 2.4.9 here", "2.4.9", 2 },
		{ "[    0.000000] Linux version 4.13.5 (root@kbox) (gcc version 7.2.0)", "4.13.5", 3 },
		{ "Linux kbox 4.14.0-rc5 #3 SMP Mon Oct 16 20:11:04 CEST 2017 x86_64", "4.14.0-rc5", 3 },
		{ "kernel version 2.6.9 was slower", "2.6.9", 2 },
		{ "tested on v3.6-rc2 and", "3.6-rc2", 2 },
		{ "Kernel: v5.7", "5.7", 2 },
		{ "| v6.8 | base |", "6.8", 1 },
		{ "Linux 6.8 is fine", "6.8", 2 },
		{ "a 5.15 kernel", "5.15", 2 },
		{ "running on a 3.2 GHz Xeon", NULL, 0 },
		{ "it took 5.10 seconds", NULL, 0 },
		{ "between 3.13 and 3.14", NULL, 0 },
		{ "numbers for 2.4.20aa1 follow", "2.4.20aa1", 1 },
		{ "with 2.4.22pre6aa2 here", "2.4.22pre6aa2", 2 },
		{ "a 2.6.8.1tar file", NULL, 0 },
		{ "2.4.20abcdef1 is no version", NULL, 0 },
		/* distributions' builds as uname -r prints them; a package file is no kernel */
		{ "Rocky 9.5 (5.14.0-503.40.1.el9_5.x86_64) shows", "5.14.0-503.40.1.el9_5.x86_64", 1 },
		{ "under Fedora 42 (6.14.5-300.fc42.x86_64)", "6.14.5-300.fc42.x86_64", 1 },
		{ "SLES runs 4.12.14-150100.197.148-default", "4.12.14-150100.197.148-default", 1 },
		{ "Kernel: 2.6.32-431.el6.x86_64", "2.6.32-431.el6.x86_64", 2 },
		{ "rpm -i kernel-5.14.0-503.el9.src.rpm first", NULL, 0 },
		/* a tree with changes on top, or a named patch on top, is a kernel of its own */
		{ "Kernel: 4.13.0-rc5+", "4.13.0-rc5+", 2 },
		{ "2.4.8-pre1+MRA\t30.3", "2.4.8-pre1+MRA", 1 },
		/* the kernel a number is compared against is not the one it was measured on */
		{ "iops is much higher than 4.4 kernel test below", NULL, 0 },
		{ "slower than with 2.6.18 here", NULL, 0 },
	};
	size_t i;

	(void)state;
	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		size_t pos = 0, len;
		int strength = import_find_kernel(cases[i].text, &pos, &len);

		if (!cases[i].kernel) {
			if (strength)
				fail_msg("'%s': found kernel '%.*s'", cases[i].text, (int)len, cases[i].text + pos);
			continue;
		}
		if (strength != cases[i].strength || len != strlen(cases[i].kernel) ||
		    strncmp(cases[i].text + pos, cases[i].kernel, len))
			fail_msg("'%s': got '%.*s' (%d), want '%s' (%d)", cases[i].text, strength ? (int)len : 0,
				 cases[i].text + pos, strength, cases[i].kernel, cases[i].strength);
	}
}

/* A commit id is the kernel of a run only when the words before it say so. */
static void test_commit_ids(void **state)
{
	static const struct { const char *text, *commit; } cases[] = {
		{ "I attached fio.output from one run for 4edee232ed as example", "4edee232ed" },
		{ "tested on 4f1e2a3b9c, the head of the branch", "4f1e2a3b9c" },
		{ "a regression caused by commit 4f1e2a3b9c", NULL },
		{ "bisected to ab23a77687", NULL },
		{ "for 1234567890 files", NULL },
		{ "for deadbeefcafe", NULL },
	};
	size_t i;

	(void)state;
	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		size_t pos = 0, len;
		int strength = import_find_commit(cases[i].text, &pos, &len);

		if (!cases[i].commit) {
			if (strength)
				fail_msg("'%s': found '%.*s'", cases[i].text, (int)len, cases[i].text + pos);
		} else if (!strength || len != strlen(cases[i].commit) ||
			   strncmp(cases[i].text + pos, cases[i].commit, len)) {
			fail_msg("'%s': want '%s'", cases[i].text, cases[i].commit);
		}
	}
}

/* Each heading naming a kernel holds to the next; a prompt's tree and the prose list do not count. */
static void test_kernel_headings(void **state)
{
	static const struct { const char *text, *config; } configs[] = {
		{ "Fio output (5.10.162 with revert):", "with revert" },
		{ "2.6.20 without the patch:", "without the patch" },
		{ "On 2.6.16 with ext3, data=writeback:", NULL },
		{ "2.6.11-rc2 elevator=deadline", "elevator=deadline" },
	};
	size_t i;

	(void)state;
	for (i = 0; i < ARRAY_SIZE(configs); i++) {
		const char *t = configs[i].text;
		size_t pos = 0, len = 0;
		char *got;

		assert_true(import_find_kernel(t, &pos, &len) > 0);
		got = import_kernel_heading_config(t, strlen(t), pos, len);
		if (configs[i].config ? !got || strcmp(got, configs[i].config) : got != NULL)
			fail_msg("'%s': got '%s', want '%s'", t, got ? got : "-", configs[i].config ? configs[i].config : "-");
		free(got);
	}
	CHECK("Subject: find got slower\n"
	      "\n"
	      "Slow with the newer kernels (3.9.5, 3.10.0-rc4):\n"
	      "\n"
	      "3.10.0-rc4:\n"
	      "$ time find /var/log | wc -l\n"
	      "real    0m2.441s\n"
	      "user    0m0.210s\n"
	      "sys     0m0.880s\n"
	      "\n"
	      "3.9.5:\n"
	      "[root@fw linux-2.6.12]# time find /var/log | wc -l\n"
	      "real    0m0.733s\n"
	      "user    0m0.190s\n"
	      "sys     0m0.402s\n",
	      { 7, "3.10.0-rc4", "-", "-", NULL }, { 13, "3.9.5", "-", "-", NULL });
}

/* uname -a and a boot log's "Linux version" line above each result. */
static void test_command_output(void **state)
{
	(void)state;
	CHECK("Subject: git status\n"
	      "\n"
	      "On ext4, warm cache:\n"
	      "\n"
	      "$ uname -a\n"
	      "Linux kbox 4.14.0-rc5 #3 SMP Mon Oct 16 20:11:04 CEST 2017 x86_64 GNU/Linux\n"
	      "$ time git status >/dev/null\n"
	      "\n"
	      "real    0m1.904s\n"
	      "user    0m0.412s\n"
	      "sys     0m1.388s\n"
	      "\n"
	      "$ dmesg | head -1\n"
	      "[    0.000000] Linux version 4.13.5 (root@kbox) (gcc version 7.2.0 (GCC)) #1 SMP\n"
	      "$ time git status >/dev/null\n"
	      "\n"
	      "real    0m1.102s\n"
	      "user    0m0.401s\n"
	      "sys     0m0.690s\n",
	      { 9, "4.14.0-rc5", "ext4", "-", NULL }, { 17, "4.13.5", "ext4", "-", NULL });
}

/* "first A, then B": the blocks of results after it, counted again under each heading. */
static void test_order(void **state)
{
	(void)state;
	CHECK("Subject: dbench on reiserfs\n"
	      "\n"
	      "All on reiserfs.  First lines for 2.4.7-ac3, then 2.4.7-ac9.\n"
	      "\n"
	      "dbench 48\n"
	      "Throughput 27.3983 MB/sec (NB=34.2479 MB/sec  273.983 MBit/sec)\n"
	      "37.580u 115.730s 3:51.30 66.2%  0+0k 0+0io 1310pf+0w\n"
	      "\n"
	      "Throughput 18.4711 MB/sec (NB=23.0889 MB/sec  184.711 MBit/sec)\n"
	      "37.710u 121.900s 5:43.05 46.5%  0+0k 0+0io 1311pf+0w\n"
	      "\n"
	      "dbench 32\n"
	      "Throughput 34.7552 MB/sec (NB=43.444 MB/sec  347.552 MBit/sec)\n"
	      "24.620u 73.980s 2:02.55 80.4%   0+0k 0+0io 911pf+0w\n"
	      "\n"
	      "Throughput 21.8827 MB/sec (NB=27.3533 MB/sec  218.827 MBit/sec)\n"
	      "25.410u 76.610s 3:14.04 52.5%   0+0k 0+0io 912pf+0w\n",
	      { 7, "2.4.7-ac3", "reiserfs", "-", NULL }, { 10, "2.4.7-ac9", "reiserfs", "-", NULL },
	      { 14, "2.4.7-ac3", "reiserfs", "-", NULL }, { 17, "2.4.7-ac9", "reiserfs", "-", NULL });
}

/* The kernel and fs a section names after its numbers; "--" with text after it is no signature. */
static void test_named_after(void **state)
{
	(void)state;
	CHECK("Subject: Re: IDE in 2.5\n"
	      "\n"
	      "--\n"
	      "\n"
	      "Athlon 1GHz:\n"
	      "\n"
	      "kala@nibbler:/tmp/1$ time tar xjf rock.tar.bz2\n"
	      "real    3m19.703s\n"
	      "user    0m9.870s\n"
	      "sys     0m24.840s\n"
	      "\n"
	      "According to top, the system was idle.\n"
	      "Linux 2.4.19-rc1-ac3, reiserfs 3.6.\n",
	      { 8, "2.4.19-rc1-ac3", "reiserfs", "-", NULL });
}

/* A row's own kernel label, and its second line indented below it. */
static void test_row_labels(void **state)
{
	(void)state;
	CHECK("Subject: forkbomb\n"
	      "\n"
	      "The kernel 2.5.23 built on each:\n"
	      "\n"
	      "2.5.1-pre1:\t0.000u 0.120s 0:12.66 0.9%      0+0k 0+0io 71pf+0w\n"
	      "\t\t0.010u 0.100s 0:01.24 8.8%      0+0k 0+0io 70pf+0w\n"
	      "\n"
	      "2.5.23-rmap:\t0.000u 0.400s 0:13.19 3.0%      0+0k 0+0io 71pf+0w\n"
	      "\t\t0.000u 0.250s 0:01.43 17.4%     0+0k 0+0io 71pf+0w\n",
	      { 5, "2.5.1-pre1", "-", "-", NULL }, { 6, "2.5.1-pre1", "-", "-", NULL },
	      { 8, "2.5.23-rmap", "-", "-", NULL }, { 9, "2.5.23-rmap", "-", "-", NULL });
}

/* The Subject's one kernel when the text names none; its list tag names no fs. */
static void test_subject(void **state)
{
	(void)state;
	CHECK("Subject: [BENCHMARK] 3.4-rc3 guest: tar on xfs\n"
	      "\n"
	      "$ time tar xf linux-3.3.tar\n"
	      "real    0m41.200s\n"
	      "user    0m1.100s\n"
	      "sys     0m9.300s\n",
	      { 4, "3.4-rc3", "xfs", "-", NULL });
	CHECK("Subject: [Ext2-devel] slower than 2.6.9 on 2.6.10\n"
	      "\n"
	      "$ time sync\n"
	      "real    0m1.200s\n"
	      "user    0m0.000s\n"
	      "sys     0m0.100s\n",
	      { 4, "-", "-", "-", NULL });
	/* two trees on one base: no one kernel, but the rows' short labels are theirs */
	CHECK("Subject: 2.6.9-[mm1, ck3] untar times\n"
	      "\n"
	      "$ time sync\n"
	      "real    0m1.200s\n"
	      "user    0m0.000s\n"
	      "sys     0m0.100s\n"
	      "\n"
	      "kernel      real\n"
	      "mm1         21.40\n"
	      "ck3         19.85\n",
	      { 4, "-", "-", "-", NULL }, { 9, "2.6.9-mm1", "-", "-", NULL }, { 10, "2.6.9-ck3", "-", "-", NULL });
}

/* A config heading holds over the fs headings under it, to the next rule. */
static void test_config_headings(void **state)
{
	(void)state;
	CHECK("Subject: tar with elevators\n"
	      "\n"
	      "---------------------------------\n"
	      "2.6.11-rc2 elevator=deadline\n"
	      "\n"
	      "ext3:\n"
	      "sync                         0.00user 0.18system 0:09.66elapsed 1%CPU\n"
	      "\n"
	      "xfs:\n"
	      "sync                         0.00user 0.03system 0:02.84elapsed 1%CPU\n"
	      "\n"
	      "---------------------------------\n"
	      "2.6.11-rc2 elevator=cfq\n"
	      "\n"
	      "ext3:\n"
	      "sync                         0.00user 0.20system 0:11.31elapsed 1%CPU\n"
	      "\n"
	      "With atomic_t:\n"
	      "\n"
	      "sync                         0.00user 0.21system 0:11.40elapsed 1%CPU\n",
	      { 7, "2.6.11-rc2", "ext3", "elevator=deadline", NULL }, { 10, "2.6.11-rc2", "xfs", "elevator=deadline", NULL },
	      { 16, "2.6.11-rc2", "ext3", "elevator=cfq", NULL }, { 20, "2.6.11-rc2", "ext3", "With atomic_t", NULL });
}

/*
 * A shell comment over the block it heads names the variant; in a
 * message that writes root prompts ("# mount /dev/sdb1 /mnt") a "# word"
 * over output is a command, and a comment over another comment heads
 * nothing.
 */
static void test_comment_headings(void **state)
{
	(void)state;
	CHECK("Subject: flush variants\n"
	      "\n"
	      "# lazy_flush()\n"
	      "5.4.0-rc2+\n"
	      "Throughput 412.5 MB/sec 4 procs\n"
	      "\n"
	      "# eager flush\n"
	      "$ dbench 4\n"
	      "Throughput 388.25 MB/sec 4 procs\n"
	      "\n"
	      "# notes\n"
	      "# more notes\n"
	      "Throughput 377.5 MB/sec 4 procs\n",
	      { 5, "5.4.0-rc2+", "-", "lazy_flush()", NULL }, { 9, "5.4.0-rc2+", "-", "eager flush", NULL },
	      { 13, "5.4.0-rc2+", "-", "eager flush", NULL });
	CHECK("Subject: sync after untar on 5.4.0\n"
	      "\n"
	      "# mount /dev/sdb1 /mnt\n"
	      "\n"
	      "# sync\n"
	      "Throughput 412.5 MB/sec 4 procs\n",
	      { 6, "5.4.0", "-", "-", NULL });
}

/* A line that is one file name (kernbench's "results.2.6.3-rc2") names its kernel; a tarball's none. */
static void test_file_name_lines(void **state)
{
	(void)state;
	CHECK("Subject: kernbench\n"
	      "\n"
	      "results.2.6.3-rc2\n"
	      "\n"
	      "Average Half Load Run:\n"
	      "Elapsed Time 120.808\n"
	      "\n"
	      "results.2.6.3-rc3-mm1:\n"
	      "\n"
	      "Average Half Load Run:\n"
	      "Elapsed Time 113.008\n"
	      "\n"
	      "linux-2.6.1.tar.bz2\n"
	      "\n"
	      "Average Half Load Run:\n"
	      "Elapsed Time 99.100\n",
	      { 6, "2.6.3-rc2", "-", "-", NULL }, { 11, "2.6.3-rc3-mm1", "-", "-", NULL },
	      { 16, "2.6.3-rc3-mm1", "-", "-", NULL });
}

/* A table's short label stands for the one kernel the author's text names in full that ends so. */
static void test_short_labels(void **state)
{
	(void)state;
	CHECK("Subject: Re: 2.5.3pre2xx1 streaming numbers\n"
	      "\n"
	      "I compared plain 2.5.2 with 2.5.3-pre2 and with 2.5.3pre2xx1, three runs\n"
	      "each, on the same disk.\n"
	      "\n"
	      "Kernel     MB  Write  %CPU   Read  %CPU\n"
	      "2.5.2     200  18311  61.2  25012  9.1\n"
	      "3pre2     200  19020  63.0  25540  8.7\n"
	      "3pre2xx1  200  18875  62.4  26981  9.3\n"
	      "\n"
	      "> Earlier I had only 2.5.3pre1xx9 and 2.4.3pre2 here.\n",
	      { 7, "2.5.2", "-", "-", NULL }, { 8, "2.5.3-pre2", "-", "-", NULL },
	      { 9, "2.5.3pre2xx1", "-", "-", NULL });
}

/* A tree's name ("-mm", "-ck2") starting a row or after a cue is the kernel of its numbers. */
static void test_tree_names(void **state)
{
	(void)state;
	CHECK("Subject: dd read speed\n"
	      "\n"
	      "Reading the disk with dd, 2.6.30-rc2 against its -mm tree:\n"
	      "\n"
	      "kernel                 MB/s   swap used\n"
	      "2.6.30-rc2             61.2   3\n"
	      "2.6.30-rc2-mm1         48.0   180\n"
	      "-mm plus the fix       60.7   0\n"
	      "\n"
	      "And the untar, timed by hand:\n"
	      "\n"
	      "   On -ck2 this takes 68 seconds, while the old one never finished.\n",
	      { 6, "2.6.30-rc2", "-", "-", NULL }, { 7, "2.6.30-rc2-mm1", "-", "-", NULL },
	      { 8, "-mm", "-", "-", NULL }, { 12, "-ck2", "-", "-", NULL });
}

/* A label right over time output names its block's config, and only its own; a lead-in names none. */
static void test_time_labels(void **state)
{
	(void)state;
	CHECK("Subject: copies with and without the daemon\n"
	      "\n"
	      "This is 2.6.18 on ext3.\n"
	      "\n"
	      "Normal\n"
	      "real    0m10.50s\n"
	      "user    0m0.10s\n"
	      "sys     0m1.00s\n"
	      "\n"
	      "HSM\n"
	      "real    0m12.00s\n"
	      "user    0m0.10s\n"
	      "sys     0m1.20s\n"
	      "\n"
	      "To summarize:\n"
	      "real    0m11.00s\n"
	      "user    0m0.10s\n"
	      "sys     0m1.10s\n",
	      { 6, "2.6.18", "ext3", "Normal", NULL }, { 8, "2.6.18", "ext3", "Normal", NULL },
	      { 11, "2.6.18", "ext3", "HSM", NULL }, { 16, "2.6.18", "ext3", "-", NULL },
	      { 18, "2.6.18", "ext3", "-", NULL });
	/* the label's block ends with its paragraph: the table after it is no "Normal" */
	CHECK("Subject: copies\n"
	      "\n"
	      "Results of dbench 8 with 2.6.9-mm1:\n"
	      "\n"
	      "Normal\n"
	      "real    0m10.50s\n"
	      "user    0m0.10s\n"
	      "sys     0m1.00s\n"
	      "\n"
	      "kernel      real\n"
	      "2.6.9       21.40\n"
	      "2.6.9-mm1   19.85\n"
	      "\n"
	      "   On -ck3 this takes 68 seconds.\n",
	      { 6, "2.6.9-mm1", "-", "Normal", "dbench 8" }, { 11, "2.6.9", "-", "-", NULL },
	      { 12, "2.6.9-mm1", "-", "-", NULL }, { 14, "-ck3", "-", "-", NULL });
}

/* Each text gives the config it names through fn, or none (NULL). */
struct config_case {
	const char *text, *config;
};

static void check_configs(const struct config_case *cases, size_t n, char *(*fn)(const char *, size_t))
{
	size_t i;

	for (i = 0; i < n; i++) {
		char *got = fn(cases[i].text, strlen(cases[i].text));

		if (cases[i].config ? !got || strcmp(got, cases[i].config) : got != NULL)
			fail_msg("'%s': got '%s', want '%s'", cases[i].text, got ? got : "-",
				 cases[i].config ? cases[i].config : "-");
		free(got);
	}
}

/* What a heading line says of the config: the words it is written with, or nothing. */
static void test_config_heading_forms(void **state)
{
	static const struct config_case cases[] = {
		{ "elevator=deadline", "elevator=deadline" },
		{ "mem=128m nr_requests=512:", "mem=128m nr_requests=512" },
		{ "deadline:", "deadline" },
		{ "Anticipatory", "Anticipatory" },
		{ "With atomic_t:", "With atomic_t" },
		{ "Without 6a3afb6ac6:", "Without 6a3afb6ac6" },
		{ "Unpatched:", "Unpatched" },
		{ "data=writeback", NULL },
		{ "fs=ext2", NULL },
		{ "on ext3:", NULL },
		{ "on 2.6.3:", NULL },
		/* a patch's file names the patch, whatever file system its name holds */
		{ "with ext3-reservations.patch:", "with ext3-reservations.patch" },
		{ "With xfs-log-fix.diff:", "With xfs-log-fix.diff" },
		{ "with ext3 patched:", NULL },
		{ "a=1 b=2 c=3 d=4", NULL },
		{ "x = 3", NULL },
		{ "as", NULL },
		{ "To summarize:", NULL },
	};

	(void)state;
	check_configs(cases, ARRAY_SIZE(cases), import_config_heading);
	assert_null(import_config_label("To summarize:", 13));
	assert_null(import_config_label("Results", 7));
	/* ext3/ext4's data modes as headings */
	{
		char *m = import_mode_heading("Writeback:", 10);

		assert_string_equal(m, "data=writeback");
		free(m);
		m = import_mode_heading("Ordered mode:", 13);
		assert_string_equal(m, "data=ordered");
		free(m);
		assert_null(import_mode_heading("Ordered pizza:", 14));
		assert_null(import_mode_heading("Results:", 8));
	}
}

/* A line leading in to a block names its config inside; a device, a count or no colon does not. */
static void test_lead_in_configs(void **state)
{
	static const struct config_case cases[] = {
		{ "The output after the patch was:", "after the patch" },
		{ "Results with the patch:", "with the patch" },
		{ "The output on the stock kernel was:", "stock kernel" },
		{ "average.  The output on the standard kernel was:", "standard kernel" },
		{ "And without the new allocator it gives:", "without the new allocator" },
		{ "Results before applying patchset:", "before applying patchset" },
		{ "With the patch:", NULL },
		{ "Running the test with following options:", NULL },
		{ "Numbers on sda:", NULL },
		{ "The output on my laptop was:", NULL },
		{ "Runs with 4 threads:", NULL },
		{ "Results after the patch", NULL },
		{ "Results with ext3:", NULL },
		{ "Here is what happens with the patch and the other fix and more words:", NULL },
	};

	(void)state;
	check_configs(cases, ARRAY_SIZE(cases), import_lead_in_config);
}

/* A heading naming a benchmark holds over the kernel headings under it; a row's kernel label is no benchmark. */
static void test_benchmark_headings(void **state)
{
	(void)state;
	CHECK("Subject: tcsh timings\n"
	      "\n"
	      "ext3 with data=ordered on a laptop disk, tcsh's time.\n"
	      "\n"
	      "2.6.2-rc1:      812.330u 61.220s 7:31.02 193.6%   0+0k 0+0io 902112pf+0w\n"
	      "\n"
	      "Test 2: dbench 4\n"
	      "\n"
	      "2.6.2-rc1:\n"
	      "3.120u 5.440s 0:10.14 84.4%     0+0k 0+0io 190pf+0w\n"
	      "\n"
	      "2.6.2-rc1-rmap:\n"
	      "3.010u 5.120s 0:10.02 81.4%     0+0k 0+0io 190pf+0w\n",
	      { 5, "2.6.2-rc1", "ext3", "data=ordered", "-" },
	      { 10, "2.6.2-rc1", "ext3", "data=ordered", "dbench 4" },
	      { 13, "2.6.2-rc1-rmap", "ext3", "data=ordered", "dbench 4" });
	/* a preamble names it inside, with what says where it ran cut off */
	CHECK("Subject: numbers\n"
	      "\n"
	      "Results of dbench 48 on ext3 with 2.6.17:\n"
	      "\n"
	      "real    2m10.33s\n"
	      "user    0m40.00s\n"
	      "sys     1m52.10s\n"
	      "\n"
	      "Then tiobench with 4 threads, three runs:\n"
	      "\n"
	      "real    1m10.33s\n"
	      "user    0m20.00s\n"
	      "sys     0m52.10s\n",
	      { 5, "2.6.17", "ext3", "-", "dbench 48" }, { 11, "2.6.17", "ext3", "-", "tiobench with 4 threads" });
}

/* An attachment's file name gives its text the file system and kernel it names. */
static void test_attachment_names(void **state)
{
	static const struct { const char *name, *fs, *kernel; } names[] = {
		{ "results-ext4.txt", "ext4", NULL },
		{ "ext2_tiobench.txt", "ext2", NULL },
		{ "tiobench-2.6.6-hackedup", NULL, "2.6.6-hackedup" },
		{ "xfs-2.6.9.log.gz", "xfs", "2.6.9" },
		{ "run_v5.10.out", NULL, "5.10" },
		{ "config-2.6.9.txt", NULL, "2.6.9" },
		{ "fio.output", NULL, NULL },
	};
	size_t i;

	(void)state;
	for (i = 0; i < ARRAY_SIZE(names); i++) {
		const char *fs = import_name_fs(names[i].name);
		char *k = import_name_kernel(names[i].name);

		if (!same(fs, names[i].fs ? names[i].fs : "-") || !same(k, names[i].kernel ? names[i].kernel : "-"))
			fail_msg("'%s': got fs '%s' kernel '%s'", names[i].name, fs ? fs : "-", k ? k : "-");
		free(k);
	}
	CHECK("From: k@example.org\n"
	      "Subject: delivery times\n"
	      "MIME-Version: 1.0\n"
	      "Content-Type: multipart/mixed; boundary=\"b\"\n"
	      "\n"
	      "--b\n"
	      "Content-Type: text/plain\n"
	      "\n"
	      "Kernel 5.10.0-8-amd64, the runs on xfs first.\n"
	      "\n"
	      "--b\n"
	      "Content-Type: text/plain; name=\"results-ext4.txt\"\n"
	      "Content-Disposition: attachment; filename=\"results-ext4.txt\"\n"
	      "\n"
	      "real    1m12.402s\n"
	      "user    0m10.101s\n"
	      "sys     0m31.220s\n"
	      "\n"
	      "--b\n"
	      "Content-Type: text/plain; name=\"results-2.6.32.txt\"\n"
	      "Content-Disposition: attachment; filename=\"results-2.6.32.txt\"\n"
	      "\n"
	      "real    0m58.990s\n"
	      "user    0m10.042s\n"
	      "sys     0m27.118s\n"
	      "\n"
	      "--b--\n",
	      { 15, "5.10.0-8-amd64", "ext4", "-", NULL }, { 23, "2.6.32", "xfs", "-", NULL });
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_rules),
		cmocka_unit_test(test_kernel_forms),
		cmocka_unit_test(test_commit_ids),
		cmocka_unit_test(test_kernel_headings),
		cmocka_unit_test(test_command_output),
		cmocka_unit_test(test_order),
		cmocka_unit_test(test_named_after),
		cmocka_unit_test(test_row_labels),
		cmocka_unit_test(test_subject),
		cmocka_unit_test(test_config_headings),
		cmocka_unit_test(test_config_heading_forms),
		cmocka_unit_test(test_lead_in_configs),
		cmocka_unit_test(test_comment_headings),
		cmocka_unit_test(test_time_labels),
		cmocka_unit_test(test_file_name_lines),
		cmocka_unit_test(test_short_labels),
		cmocka_unit_test(test_tree_names),
		cmocka_unit_test(test_benchmark_headings),
		cmocka_unit_test(test_attachment_names),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
