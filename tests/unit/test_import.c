#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "../../import/import.h"
#include "../../import/import_context.h"
#include "../../import/import_hardware.h"
#include "../../import/import_script.h"
#include "../../import/import_table.h"
#include "../../import/import_time.h"
#include "../../core/util.h"

static char *kernel_in(const char *s, int *strength)
{
	size_t pos = 0, len;

	*strength = import_find_kernel(s, &pos, &len);
	return *strength ? strndup(s + pos, len) : NULL;
}

static void test_kernels(void **state)
{
	static const struct { const char *text, *kernel; int strength; } cases[] = {
		{ "I am using plain 2.4.7 with ext3-2.4-0.9.4-247,", "2.4.7", 2 },
		{ "Kernel is 2.4.15-pre4.", "2.4.15-pre4", 2 },
		{ "Patches against 2.6.16-rc5-mm3 here:", "2.6.16-rc5-mm3", 2 },
		{ "tar zxf linux-2.5.44.tar.gz\t2.5.44-mm3\t2.5.44-ac2", "2.5.44-mm3", 1 },
		{ "copies the compressed source 2.2.17.tar.gz", NULL, 0 },
		{ "compiled with gcc-2.96-85 and e2fsprogs-1.22-1", NULL, 0 },
		{ "a 6.1.0-28-amd64 box", "6.1.0-28-amd64", 1 },
		{ "version 1.22.3 of e2fsprogs", NULL, 0 },
		{ "Linux 3.10-rc4 kernel", "3.10-rc4", 2 },
	};
	size_t i;

	(void)state;
	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		int strength;
		char *k = kernel_in(cases[i].text, &strength);

		if (!cases[i].kernel) {
			if (k)
				fail_msg("'%s': found kernel '%s'", cases[i].text, k);
			continue;
		}
		if (!k || strcmp(k, cases[i].kernel) || strength != cases[i].strength)
			fail_msg("'%s': got '%s' (%d), want '%s' (%d)", cases[i].text, k ? k : "(none)",
				 strength, cases[i].kernel, cases[i].strength);
		free(k);
	}
}

static void test_fs_mentions(void **state)
{
	const char *fs;
	char *mode, *opts;

	(void)state;
	assert_non_null(import_find_fs("The typical timing results for ext2:", &fs, &mode));
	assert_string_equal(fs, "ext2");
	assert_null(mode);
	/* a patch name is not a file system; data= names a mode */
	assert_non_null(import_find_fs("plain 2.4.7 with ext3-2.4-0.9.4 and data=writeback", &fs, &mode));
	assert_null(fs);
	assert_string_equal(mode, "data=writeback");
	free(mode);
	assert_null(import_find_fs("nothing of the kind, ext2.c is a file", &fs, &mode));
	/* a command's directory named after the file system it is the mount point of */
	assert_non_null(import_find_fs("dbench -s -t 60 -D /btrfs 8", &fs, &mode));
	assert_string_equal(fs, "btrfs");
	assert_non_null(import_find_fs("fio --directory=/mnt/xfs job.fio", &fs, &mode));
	assert_string_equal(fs, "xfs");
	assert_non_null(import_find_fs("cd /mnt/ext4", &fs, &mode));
	assert_string_equal(fs, "ext4");
	/* the kernel's own trees, a listing's path, a file under the directory: none */
	assert_null(import_find_fs("cat /sys/fs/btrfs/features", &fs, &mode));
	assert_null(import_find_fs("/dev/hdb1  962M  20K  913M   1% /fs/ext2", &fs, &mode));
	assert_null(import_find_fs("rm -rf /mnt/ext3/linux", &fs, &mode));
	assert_string_equal(import_label_fs("ext3/ordered", &opts), "ext3");
	assert_string_equal(opts, "data=ordered");
	free(opts);
	assert_string_equal(import_label_fs("ext3 writeback", &opts), "ext3");
	assert_string_equal(opts, "data=writeback");
	free(opts);
	assert_string_equal(import_label_fs("ReiserFS", &opts), "reiserfs");
	assert_null(opts);
	assert_null(import_label_fs("~zcalusic/try/awriter", &opts));
}

/*
 * Names are looked for only where a byte every name holds stands: at every
 * offset, at the end, and every name the table has (one added without
 * such a byte is not found, and fails here).
 */
static void test_fs_mentions_any_offset(void **state)
{
	const char *fs, *end;
	char *mode;
	size_t k;

	(void)state;
	for (k = 0; k < 40; k++) {
		struct strbuf sb = STRBUF_INIT;

		strbuf_addchars(&sb, 'w', k);
		strbuf_addstr(&sb, " xfs");
		end = import_find_fs(sb.buf, &fs, &mode);
		assert_ptr_equal(end, sb.buf + sb.len);
		assert_string_equal(fs, "xfs");
		assert_null(mode);
		/* glued to the word before it, it is part of that word */
		sb.buf[k] = 'w';
		assert_null(import_find_fs(sb.buf, &fs, &mode));
		strbuf_setlen(&sb, k);
		strbuf_addstr(&sb, " ext3456789 and jfs, then more words");
		end = import_find_fs(sb.buf, &fs, &mode);
		assert_string_equal(fs, "jfs");
		assert_ptr_equal(end, strstr(sb.buf, "jfs") + 3);
		strbuf_release(&sb);
	}
	/* every name, in either case, wherever it stands */
	{
		const char *name;
		size_t i;

		for (i = 0; (name = import_fs_name_nth(i)); i++) {
			for (k = 0; k < 20; k++) {
				struct strbuf sb = STRBUF_INIT;
				char *upper;
				size_t j;

				strbuf_addchars(&sb, 'w', k);
				strbuf_addf(&sb, " = \x14" "4 next %s", name);
				end = import_find_fs(sb.buf, &fs, &mode);
				assert_non_null(end);
				assert_string_equal(fs, name);
				upper = xstrdup(sb.buf);
				for (j = 0; upper[j]; j++)
					upper[j] = (char)toupper((unsigned char)upper[j]);
				end = import_find_fs(upper, &fs, &mode);
				assert_ptr_equal(end, upper + sb.len);
				assert_string_equal(fs, name);
				free(upper);
				strbuf_release(&sb);
			}
		}
		assert_int_equal(i, 33);
	}
	assert_non_null(import_find_fs("the options: a=b, data=ordered", &fs, &mode));
	assert_null(fs);
	assert_string_equal(mode, "data=ordered");
	free(mode);
	/* bytes above ASCII are not word bytes: "\xc3\xa9xfs" holds the word "xfs" */
	assert_non_null(import_find_fs("caf\xc3\xa9xfs is not a word", &fs, &mode));
	assert_string_equal(fs, "xfs");
}

static void test_mount_and_prompt(void **state)
{
	struct import_mount m;
	char *dir;

	(void)state;
	assert_int_equal(import_parse_mount(&m, " /dev/hde2 on /tmp type ext3 (rw,data=writeback)"), 0);
	assert_string_equal(m.device, "/dev/hde2");
	assert_string_equal(m.dir, "/tmp");
	assert_string_equal(m.fs, "ext3");
	assert_string_equal(m.options, "rw,data=writeback");
	import_mount_release(&m);
	assert_int_equal(import_parse_mount(&m, "I put it on /tmp today"), -1);
	dir = import_prompt_dir(" {atlas} [/mnt]# time ~zcalusic/try/awriter");
	assert_string_equal(dir, "/mnt");
	free(dir);
	dir = import_prompt_dir("root@box:/mnt/test# ls");
	assert_string_equal(dir, "/mnt/test");
	free(dir);
	assert_int_equal(import_device_at("/dev/sda5 (ultra160 running at 80):"), 9);
	assert_int_equal(import_device_at("dev/sda5"), 0);
}

static void test_commands(void **state)
{
	struct facts *vars = facts_new();
	char *s;

	(void)state;
	s = import_time_command(" {atlas} [/mnt]# time ~zcalusic/try/awriter");
	assert_string_equal(s, "~zcalusic/try/awriter");
	free(s);
	assert_null(import_time_command("time to tar zxf kernel tarball compared"));
	s = import_time_command("$ /usr/bin/time -f \"%e %U\" -o log tar xf a.tar");
	assert_string_equal(s, "tar xf a.tar");
	free(s);
	s = import_time_command("# time -p sync");
	assert_string_equal(s, "sync");
	free(s);
	assert_null(import_time_command("Untar, from /usr/bin/time on a BSD box"));
	assert_null(import_time_command("real time is what counts"));
	s = import_command_name("cp /incoming/linux-2.2.17.tar.gz .", vars);
	assert_string_equal(s, "cp linux-2.2.17.tar.gz");
	free(s);
	s = import_command_name("cat foo > /dev/null", vars);
	assert_string_equal(s, "cat foo");
	free(s);
	assert_int_equal(import_shell_assignment(vars, "MB=500"), 1);
	assert_int_equal(import_shell_assignment(vars, "echo a=b"), 0);
	s = import_step_name("write", "dd if=/dev/zero of=foo bs=1024k count=$MB", vars);
	assert_string_equal(s, "write (dd 500 MB)");
	free(s);
	s = import_step_name("sync", "sync", vars);
	assert_string_equal(s, "sync");
	free(s);
	s = import_echo_label("    echo \"write:\"");
	assert_string_equal(s, "write");
	free(s);
	assert_null(import_echo_label("echo \"fs=\"$fs"));
	assert_true(import_is_script("./test.sh"));
	assert_false(import_is_script("tar xf x.tar"));
	facts_unref(vars);
}

static void test_values(void **state)
{
	static const struct { const char *in, *seconds; } times[] = {
		{ "00:53.17", "53.17" }, { "1:05.17", "65.17" }, { "0m2.129s", "2.129" },
		{ "17.86", "17.86" }, { "1:02:03", "3723" },
	};
	size_t i;
	char *s;

	(void)state;
	for (i = 0; i < ARRAY_SIZE(times); i++) {
		s = import_seconds(times[i].in, strlen(times[i].in));
		assert_non_null(s);
		assert_string_equal(s, times[i].seconds);
		free(s);
	}
	s = import_number("16%", 3);
	assert_string_equal(s, "16");
	free(s);
	s = import_number("4,42", 4);
	assert_string_equal(s, "4.42");
	free(s);
	assert_null(import_number("2.5.44", 6));
	assert_true(import_cell_is_value("N/A", 3));
	assert_true(import_cell_is_value("00:34.05", 8));
	assert_false(import_cell_is_value("2.4.7", 5));
	assert_false(import_cell_is_value("2.5.44-ac2", 10));
}

/* Which lines may start time output: a digit and a start word, anywhere in the line. */
static void test_time_may_start(void **state)
{
	static const struct { const char *line; int may; } cases[] = {
		{ "real\t0m2.129s", 1 },
		{ "0.07s user 3.50s system 99% cpu 3.594 total", 1 },
		{ "\tCommand being timed: \"dd count=5\"", 1 },
		{ "\tUser time (seconds): 0.50", 1 },
		{ "0.010u 0.020s 0:00.03 66.6% 0+0k 0+0io 0pf+0w", 1 },
		{ "user 3", 1 },
		{ "real", 0 },                                  /* no digit */
		{ "the 3 runs took long", 0 },                  /* no start word */
		{ "0.010u\n", 0 },                              /* tcsh's u needs a blank after */
		{ "u 1", 0 },                                   /* ... and a digit before */
		{ "Timing 3 runs, time (s) below", 1 },
		{ "time(s) 3", 0 },
		{ "Comman 3", 0 },
		/* words and digits far into the line */
		{ "xxxxxxxxxxxxxxus 3 er", 0 },
		{ "xxxxxxxxxxxxxxxuser 3", 1 },
		{ "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx 3 real", 1 },
		{ "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx 12u\tx", 1 },
		{ "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx rea", 0 },
		{ "real xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx 7", 1 },   /* the digit last */
		{ "reaxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx 7", 0 },
		{ "", 0 },
	};
	size_t i;

	(void)state;
	for (i = 0; i < ARRAY_SIZE(cases); i++)
		if (import_time_may_start(cases[i].line) != cases[i].may)
			fail_msg("'%s': want %d", cases[i].line, cases[i].may);
}

/* Asking only whether a block starts gives what reading it would, line by line. */
static void test_time_starts_agrees_with_reading(void **state)
{
	static const char text[] =
		"real\t0m2.129s\nuser\t0m0.010s\nsys\t0m1.420s\n"
		"real 0m2.1s 0m3.4s\n"                      /* a table of runs */
		"real 0m2.1s\nuser broken\n"                /* damaged */
		"real 5 minutes of waiting\n"
		"ext2   0.01s user 1.86s system 98% cpu 1.893 total\n"
		"0.00user 4.14system 0:15.76elapsed 26%CPU (0avgtext+0avgdata 0maxresident)k\n"
		"0inputs+0outputs (120major+20minor)pagefaults 0swaps\n"
		"0.20user 4.14system 0:15.76elapsed 26%CPU (garbage)k\n"
		"0.010u 0.020s 0:00.03 66.6% 0+0k 0+0io 0pf+0w\n"
		"1au 2s 0:01 5%\n"
		"        1.50 real         0.03 user         1.43 sys\n"
		"\tCommand being timed: \"tar xf a.tar\"\n"
		"\tUser time (seconds): 0.50\n\tSystem time (seconds): 1.20\n"
		"\tPercent of CPU this job got: 98%\n"
		"\tElapsed (wall clock) time (h:mm:ss or m:ss): 0:01.73\n"
		"\tCommand being timed: \"dd count=5\"\n"    /* damaged: no fields */
		"the username is 42 and real life 7\n"
		"User time (seconds): 7\n"
		"time (secs) 12\n"
		"0.5 user 3 system x\n"                    /* labelled values: no zsh block */
		"> real 0m2.0s\r\n>> user 0m1.0s\r\n> > sys 0m0.5s\r\n";   /* quoted, CRLF */
	struct parse_ctx ctx = { "t", 0, NULL };
	struct recset set = RECSET_INIT;
	struct scan sc;
	size_t i, blocks = 0;

	(void)state;
	scan_open(&sc, &set, text, strlen(text), &ctx, "time");
	for (i = 0; i <= sc.nr; i++) {
		struct time_block b = { PENDING_INIT, NULL, 0, 0 };
		int form, r = import_time_at(&sc, i, &b, &form);

		if (import_time_starts(&sc, i) != (r != 0))
			fail_msg("line %zu '%s': starts says %d, reading gave %d", i + 1,
				 i < sc.nr ? sc.v[i].s : "", import_time_starts(&sc, i), r);
		blocks += r != 0;
		pending_clear(&b.values);
		free(b.label);
	}
	/*
	 * real (whole and damaged), zsh, GNU (and damaged), tcsh, BSD, GNU -v
	 * pasted without its command line, a -v command line with nothing
	 * after it, a -v field alone, quoted real
	 */
	assert_int_equal(blocks, 11);

	/*
	 * A scan of known lines sets each only when asked for: read from the
	 * last line up, it gives every block as the scan of the whole text.
	 */
	{
		struct scan lazy;
		size_t starts[64], nr = 0;
		const char *p;

		starts[0] = 0;
		for (p = text; *p; p++)
			if (*p == '\n')
				starts[++nr] = (size_t)(p + 1 - text);
		assert_int_equal(nr, sc.nr);
		scan_open_lines(&lazy, &set, text, starts, nr, &ctx, "time");
		for (i = nr; i-- > 0;) {
			struct time_block a = { PENDING_INIT, NULL, 0, 0 }, b = a;
			int fa, fb, ra = import_time_at(&sc, i, &a, &fa), rb = import_time_at(&lazy, i, &b, &fb);
			size_t k;

			assert_int_equal(ra, rb);
			assert_int_equal(a.lines, b.lines);
			assert_int_equal(fa, fb);
			assert_true((!a.label && !b.label) || !strcmp(a.label, b.label));
			assert_int_equal(a.values.nr, b.values.nr);
			for (k = 0; k < a.values.nr; k++) {
				assert_string_equal(a.values.v[k].value, b.values.v[k].value);
				assert_string_equal(a.values.v[k].metric, b.values.v[k].metric);
				assert_int_equal(a.values.v[k].idx, b.values.v[k].idx);
			}
			pending_clear(&a.values);
			pending_clear(&b.values);
			free(a.label);
			free(b.label);
		}
		assert_int_equal(scan_line(&lazy, 16)->no, 17);
		assert_string_equal(scan_line(&lazy, 0)->s, "real\t0m2.129s");
		scan_release(&lazy);
	}
	scan_release(&sc);
	recset_release(&set);
}

static void test_dd(void **state)
{
	struct import_dd dd;

	(void)state;
	assert_int_equal(import_dd_line(&dd, "524288000 bytes (524 MB, 500 MiB) copied, 5.21 s, 101 MB/s"), 1);
	assert_string_equal(dd.seconds, "5.21");
	assert_string_equal(dd.rate, "101");
	assert_string_equal(dd.rate_unit, "MB/s");
	import_dd_release(&dd);
	assert_int_equal(import_dd_line(&dd, "500+0 records out"), 0);
	import_dd_release(&dd);
	/* " copied, " with its blanks, after other commas, and not at the very start */
	assert_int_equal(import_dd_line(&dd, "1024 bytes (1.0 kB, 1.0 KiB) copied,0.5 s"), 0);
	import_dd_release(&dd);
	assert_int_equal(import_dd_line(&dd, "x, y bytes copied, 0.5 s"), 1);
	assert_string_equal(dd.seconds, "0.5");
	assert_null(dd.rate);
	import_dd_release(&dd);
	assert_int_equal(import_dd_line(&dd, "copied, 5 s of 10 bytes"), 0);
	import_dd_release(&dd);
}

static int any_column(const char *name, void *data)
{
	(void)data;
	return strcmp(name, "bogus") != 0;
}

static void test_table(void **state)
{
	const char *text =
		"tar zxf linux-2.5.44.tar.gz\t2.5.44-mm3\t2.5.44-ac2\n"
		"user\t\t\t\t4.42\t\t4.39\n"
		"elapsed\t\t\t\t00:53.17\t00:34.05\n"
		"% CPU\t\t\t\t16\t\t-\n"
		"\n";
	struct qtext q = QTEXT_INIT;
	struct import_table t;

	(void)state;
	mail_quote_split(&q, text, strlen(text), 0, NULL);
	assert_int_equal(import_table_at(&t, q.v, q.nr, 0, any_column, NULL), 0);
	assert_string_equal(t.title, "tar zxf linux-2.5.44.tar.gz");
	assert_int_equal(t.ncols, 2);
	assert_string_equal(t.cols[1], "2.5.44-ac2");
	assert_int_equal(t.nrows, 3);
	assert_string_equal(t.rows[2], "% CPU");
	/* the "-" cell is nothing, not a zero */
	assert_int_equal(t.ncells, 5);
	assert_string_equal(t.cells[3].text, "00:34.05");
	assert_int_equal(t.cells[3].lineno, 3);
	assert_int_equal(t.lines, 4);
	import_table_release(&t);
	/* a row is not a header */
	assert_int_equal(import_table_at(&t, q.v, q.nr, 1, any_column, NULL), -1);
	mail_quote_release(&q);
}

/*
 * A row is read as its first 32 cells: a longer line is judged by its 31st
 * and 32nd cells, however it ends.  A long line with fewer cells is judged
 * by its end.
 */
static void test_table_row_like(void **state)
{
	struct strbuf sb = STRBUF_INIT;
	int i;

	(void)state;
	for (i = 1; i <= 30; i++)
		strbuf_addf(&sb, "w%d ", i);
	strbuf_addstr(&sb, "1.5 2.5 w33 w34");
	assert_true(import_table_row_like(sb.buf));
	strbuf_reset(&sb);
	for (i = 1; i <= 38; i++)
		strbuf_addf(&sb, "w%d ", i);
	strbuf_addstr(&sb, "1.5 2.5");
	assert_false(import_table_row_like(sb.buf));
	strbuf_reset(&sb);
	strbuf_addstr(&sb, "a label long enough that the line is past sixty-four bytes\t1.5\t2.5");
	assert_true(import_table_row_like(sb.buf));
	strbuf_addstr(&sb, " and words after them");
	assert_false(import_table_row_like(sb.buf));
	/* many blanks, few cells: the end decides */
	strbuf_reset(&sb);
	strbuf_addf(&sb, "elapsed%40s1:05.17%30s2:01.00", "", "");
	assert_true(import_table_row_like(sb.buf));
	strbuf_addstr(&sb, " |");
	assert_true(import_table_row_like(sb.buf));
	strbuf_addstr(&sb, " x");
	assert_false(import_table_row_like(sb.buf));
	strbuf_release(&sb);
}

/* The whole importer on one message: context, quoting and repeats. */
static void test_message_end_to_end(void **state)
{
	static const char text[] =
		"Kernel is 2.6.20.  On ext3 with data=journal:\n"
		"\n"
		"$ time sync\n"
		"0.00user 0.11system 0:10.15elapsed 1%CPU\n"
		"\n"
		"To summarize:\n"
		"ext2   0.01s user 1.86s system 98% cpu 1.893 total\n"
		"\n"
		"Bob wrote:\n"
		"> ext2   0.01s user 1.86s system 98% cpu 1.893 total\n"
		"> xfs    0.02s user 2.00s system 90% cpu 2.500 total\n";
	struct mail_list list = MAIL_LIST_INIT;
	struct import *imp;
	const struct recset *r;
	size_t i, quoted = 0;

	(void)state;
	assert_int_equal(import_new(&imp, NULL), 0);
	r = &imp->result.borrowed;
	mail_read_buffer(&list, "msg.txt", text, sizeof(text) - 1);
	import_messages(imp, &list);
	import_finish(imp);
	assert_int_equal(r->nr, 12);
	for (i = 0; i < r->nr; i++) {
		const struct record *rec = &r->v[i];

		if (rec->quoted) {
			/* Bob's text names no kernel: unknown, not the reply's */
			assert_null(rec->kernel);
			quoted++;
			assert_string_equal(rec->fs, "xfs");
			assert_string_equal(rec->source, "msg.txt, quoting Bob");
			assert_int_equal(rec->line, 11);
		} else {
			assert_string_equal(rec->kernel, "2.6.20");
		}
	}
	assert_int_equal(quoted, 4);
	assert_string_equal(r->v[0].benchmark, "sync");
	assert_string_equal(r->v[0].fs, "ext3");
	assert_string_equal(r->v[0].options, "data=journal");
	assert_string_equal(r->v[4].fs, "ext2");
	assert_null(r->v[4].options);
	import_free(imp);
	mail_list_release(&list);
}

/* The messages of an mbox's text imported into imp; how many it held. */
static size_t import_mbox_text(struct import *imp, struct mail_list *list, const char *name,
			       const struct strbuf *mbox)
{
	mail_read_buffer(list, name, mbox->buf, mbox->len);
	import_messages(imp, list);
	return list->nr;
}

/*
 * Quoted numbers are dropped only when every one of them is in the input
 * already, among many: 300 summary lines of the message's own (more
 * distinct numbers than the repeat check's set starts with room for),
 * quoted back once, and one quoted line that is new.
 */
static void test_quoted_repeats_among_many(void **state)
{
	struct strbuf text = STRBUF_INIT;
	struct mail_list list = MAIL_LIST_INIT;
	struct import *imp;
	const struct recset *r;
	size_t i, quoted = 0;
	int depth;

	(void)state;
	assert_int_equal(import_new(&imp, NULL), 0);
	r = &imp->result.borrowed;
	for (depth = 0; depth < 2; depth++) {
		strbuf_addstr(&text, depth ? "\nBob wrote:\n" : "Kernel is 2.6.20.\n\n");
		for (i = 0; i < 300; i++)
			strbuf_addf(&text, "%sext2   %zu.%02zus user %zu.%02zus system %zu%% cpu %zu.%03zu total\n",
				    depth ? "> " : "", i / 100, i % 100, i / 100 + 5, i % 100,
				    i + 1, i / 10 + 20, i % 1000);
	}
	strbuf_addstr(&text, "> xfs    9.99s user 9.98s system 97% cpu 99.001 total\n");
	mail_read_buffer(&list, "msg.txt", text.buf, text.len);
	import_messages(imp, &list);
	import_finish(imp);
	assert_int_equal(r->nr, 300 * 4 + 4);
	for (i = 0; i < r->nr; i++) {
		const struct record *rec = &r->v[i];

		if (!rec->quoted)
			continue;
		quoted++;
		assert_string_equal(rec->fs, "xfs");
		assert_int_equal(rec->line, 605);
	}
	assert_int_equal(quoted, 4);
	/* the first line's numbers, each once */
	assert_string_equal(r->v[0].value, "0.00");
	assert_string_equal(r->v[1].value, "5.00");
	import_free(imp);
	mail_list_release(&list);
	strbuf_release(&text);
}

/*
 * What the extractor keeps from one message to the next (its blocks, its
 * legends and variables, emptied) carries nothing over: a legend in a
 * first, big message (its blocks are given back) does not name the
 * columns of a table in the second, which names them only with it.
 */
static void test_nothing_kept_across_messages(void **state)
{
	static const char legend[] = "ext3wb: ext3: 4k blocks, data=writeback\n\n";
	static const char table[] = "Kernel 2.6.20, times in seconds:\n\n"
				    "        ext3wb    ext2\n"
				    "dbench  12.5      11.0\n"
				    "tar     3.2       3.0\n";
	static const char from[] = "From a@b Mon Jan  1 00:00:00 2001\nFrom: a@b\nSubject: s\n\n";
	int big;

	(void)state;
	for (big = 0; big < 2; big++) {
		struct strbuf mbox = STRBUF_INIT;
		struct mail_list list = MAIL_LIST_INIT;
		struct import *imp;
		size_t i;

		/* with the legend in the table's message it explains the column */
		strbuf_addstr(&mbox, from);
		strbuf_addstr(&mbox, legend);
		strbuf_addstr(&mbox, table);
		assert_int_equal(import_new(&imp, NULL), 0);
		import_mbox_text(imp, &list, "one.mbox", &mbox);
		import_finish(imp);
		assert_int_equal(imp->result.borrowed.nr, 4);
		assert_string_equal(imp->result.borrowed.v[0].options, "ext3wb: 4k blocks, data=writeback");
		import_free(imp);
		mail_list_release(&list);

		strbuf_reset(&mbox);
		strbuf_addstr(&mbox, from);
		strbuf_addstr(&mbox, legend);
		for (i = 0; big && i < 25000; i++)
			strbuf_addstr(&mbox, "Some words that say nothing in particular here.\n");
		strbuf_addch(&mbox, '\n');
		strbuf_addstr(&mbox, from);
		strbuf_addstr(&mbox, table);
		list = (struct mail_list)MAIL_LIST_INIT;
		assert_int_equal(import_new(&imp, NULL), 0);
		assert_int_equal(import_mbox_text(imp, &list, "two.mbox", &mbox), 2);
		import_finish(imp);
		/* the table is read, but the other message's legend does not explain it */
		assert_int_equal(imp->result.borrowed.nr, 4);
		for (i = 0; i < imp->result.borrowed.nr; i++)
			assert_true(!imp->result.borrowed.v[i].options ||
				    !strstr(imp->result.borrowed.v[i].options, "data=writeback"));
		import_free(imp);
		mail_list_release(&list);
		strbuf_release(&mbox);
	}
}

/*
 * A message's records are compared first with the pooled strings the
 * records before ended with, across messages: within one import equal
 * fields stay the pool's one pointer, and a new import (perhaps made at
 * the address of one freed) starts from none of the old one's.
 */
static void test_pooled_strings_across_messages(void **state)
{
	static const char msg[] = "From a@b Mon Jan  1 00:00:00 2001\nFrom: a@b\nSubject: s\n\n"
				  "Kernel 2.6.20 on ext3:\n\nreal 0m1.5s\nuser 0m0.5s\nsys 0m0.2s\n\n";
	int round;

	(void)state;
	for (round = 0; round < 3; round++) {
		struct strbuf mbox = STRBUF_INIT;
		struct mail_list list = MAIL_LIST_INIT;
		struct import *imp;
		const struct recset *r;
		size_t i;

		assert_int_equal(import_new(&imp, NULL), 0);
		r = &imp->result.borrowed;
		strbuf_addstr(&mbox, msg);
		strbuf_addstr(&mbox, msg);
		assert_int_equal(import_mbox_text(imp, &list, "p.mbox", &mbox), 2);
		assert_int_equal(r->nr, 6);
		for (i = 0; i < r->nr; i++) {
			assert_ptr_equal(r->v[i].kernel, import_intern(imp, "2.6.20"));
			assert_ptr_equal(r->v[i].fs, import_intern(imp, "ext3"));
			assert_ptr_equal(r->v[i].unit, import_intern(imp, "s"));
			assert_ptr_equal(r->v[i].metric,
					 import_intern(imp, i % 3 == 0 ? "elapsed" : i % 3 == 1 ? "user" : "sys"));
		}
		import_free(imp);
		mail_list_release(&list);
		strbuf_release(&mbox);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_kernels),
		cmocka_unit_test(test_fs_mentions),
		cmocka_unit_test(test_fs_mentions_any_offset),
		cmocka_unit_test(test_mount_and_prompt),
		cmocka_unit_test(test_commands),
		cmocka_unit_test(test_values),
		cmocka_unit_test(test_time_may_start),
		cmocka_unit_test(test_time_starts_agrees_with_reading),
		cmocka_unit_test(test_dd),
		cmocka_unit_test(test_table),
		cmocka_unit_test(test_table_row_like),
		cmocka_unit_test(test_message_end_to_end),
		cmocka_unit_test(test_quoted_repeats_among_many),
		cmocka_unit_test(test_nothing_kept_across_messages),
		cmocka_unit_test(test_pooled_strings_across_messages),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
