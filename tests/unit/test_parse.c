#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "../../core/error.h"
#include "../../core/strbuf.h"
#include "../../core/util.h"
#include "../../parse/parse.h"
#include "../../parse/parse_scan.h"
#include "../../parse/parse_json.h"
#include "../../parse/parse_terminal.h"
#include "../../import/import_time.h"

static void assert_duration(const char *in, const char *want)
{
	struct strbuf sb = STRBUF_INIT;

	assert_int_equal(parse_duration(&sb, in, strlen(in)), 0);
	assert_string_equal(sb.buf, want);
	assert_true(value_is_number(sb.buf));
	strbuf_release(&sb);
}

static void assert_not_duration(const char *in)
{
	struct strbuf sb = STRBUF_INIT;

	assert_int_equal(parse_duration(&sb, in, strlen(in)), -1);
	assert_int_equal(sb.len, 0);
	strbuf_release(&sb);
}

static void test_durations_become_seconds_with_their_digits(void **state)
{
	(void)state;
	assert_duration("1:05.17", "65.17");
	assert_duration("00:53.17", "53.17");
	assert_duration("0m2.129s", "2.129");
	assert_duration("0m2.1s", "2.1");
	assert_duration("1h2m3.4s", "3723.4");
	assert_duration("1:02:03", "3723");
	assert_duration("1:02:03.50", "3723.50");
	assert_duration("2.13", "2.13");
	assert_duration("2,129", "2.129");
	assert_duration("0m2,129s", "2.129");
	assert_duration("0m0.000s", "0.000");
	assert_duration("7", "7");
	assert_duration("3m", "180");
	assert_duration("75m1s", "4501");
	/* seconds as posted are copied, but whole seconds are written without leading zeros */
	assert_duration("007.5", "7.5");
	assert_duration("0012", "12");
	assert_duration("00", "0");
	assert_duration("0,5", "0.5");
	assert_duration("123456789.25", "123456789.25");
	assert_duration("0m05.1s", "5.1");
	assert_duration("0m59,99s", "59.99");
	assert_duration("0m0s", "0");
	assert_duration("1m5s", "65");
	/* a letter after a colon form names its first field: "7:14.9m" is m:ss */
	assert_duration("7:14.9m", "434.9");
	assert_duration("18:12.5m", "1092.5");
	assert_duration("1:02:03h", "3723");
}

static void test_damaged_durations_are_refused(void **state)
{
	(void)state;
	assert_not_duration("");
	assert_not_duration("m2s");
	assert_not_duration("1:75.00");
	assert_not_duration("1:5.00");
	assert_not_duration("0m2.1.2s");
	assert_not_duration("2.s");
	assert_not_duration("1.5m");
	assert_not_duration("1s2m");
	assert_not_duration("1:2:3:4");
	assert_not_duration("0m75s");
	assert_not_duration("1234567890123:00");
	/* the letter must name the first field of as many fields as it has */
	assert_not_duration("1:02:03m");
	assert_not_duration("7:14h");
	assert_not_duration("7:14s");
	assert_not_duration("7:74.9m");
	assert_not_duration("-1");
	assert_not_duration("2.1x");
	/* a ':' anywhere but after the first field fails every form */
	assert_not_duration("12.5:3");
	assert_not_duration("0m2:03");
	assert_not_duration("1m:2s");
	assert_not_duration("2.5s:1");
	assert_not_duration("1234567890");
	assert_not_duration("1234567890.5");
	assert_not_duration("0m60s");
	assert_not_duration("0m1234567890s");
	assert_not_duration("0m.5s");
	assert_not_duration("0m5.s");
}

static void assert_command(const char *line, const char *want)
{
	char *got = scan_command_of(line);

	if (!want)
		assert_null(got);
	else
		assert_string_equal(got, want);
	free(got);
}

/*
 * A scan of known lines asks whether a line may start time output of its
 * bytes in place, before it is copied (quote markers and '\r' dropped,
 * NUL bytes made 0x1a): every line gives what its copy gives.
 */
static void test_lines_in_place_start_as_their_copies(void **state)
{
	static const char text[] =
		"ab\0 0.07s user 3.50s system 99% cpu 3.594 total\n"    /* a NUL in the label */
		"1\0u 2\n"                                /* tcsh's u after a NUL, not a digit */
		">> real 0m1.0s\r\n> user 0m0.5s\r\n>sys 0m0.1s\r\n"
		"xxxxxxxxxxxxxxxx\0 1.50 real 0.03 user 1.43 sys\n"   /* past sixteen bytes */
		"0.010u\0 0.020s 0:00.03 66.6%\n"          /* a NUL is no blank after u */
		"0.07s user 3.50s system 99% cpu 3.594 total\r\n"
		"real\r\n"
		"9 us\n";
	static const int read[] = { 1, 0, 1, 0, 0, 1, 0, 1, 0, 0 };
	struct parse_ctx ctx = { "t", 0, NULL };
	struct recset set = RECSET_INIT;
	struct scan whole, lazy;
	size_t starts[32], nr = 0, i;

	(void)state;
	starts[0] = 0;
	for (i = 0; i < sizeof(text) - 1; i++)
		if (text[i] == '\n')
			starts[++nr] = i + 1;
	scan_open(&whole, &set, text, sizeof(text) - 1, &ctx, "time");
	scan_open_lines(&lazy, &set, text, starts, nr, &ctx, "time");
	assert_int_equal(whole.nr, nr);
	for (i = 0; i < nr; i++) {
		struct time_block a = { PENDING_INIT, NULL, 0, 0 }, b = a;
		int fa, fb, ra, rb;

		/* the lazy scan first: its line is not set yet */
		rb = import_time_starts(&lazy, i);
		ra = import_time_starts(&whole, i);
		assert_int_equal(ra, rb);
		ra = import_time_at(&whole, i, &a, &fa);
		rb = import_time_at(&lazy, i, &b, &fb);
		assert_int_equal(ra, rb);
		assert_int_equal(ra, read[i]);
		assert_int_equal(a.values.nr, b.values.nr);
		pending_clear(&a.values);
		pending_clear(&b.values);
		free(a.label);
		free(b.label);
	}
	scan_release(&whole);
	scan_release(&lazy);
	recset_release(&set);
}

static void test_commands_are_found_on_their_lines(void **state)
{
	(void)state;
	assert_command("time ./test.sh", "./test.sh");
	assert_command("$ time -p sync", "sync");
	assert_command("+ dd if=/dev/zero of=x", "dd if=/dev/zero of=x");
	assert_command("{atlas} [/mnt]# time ~zcalusic/try/awriter", "~zcalusic/try/awriter");
	assert_command("user@host:~$ /usr/bin/time -f \"%e\" -o log cp a b", "cp a b");
	assert_command("root@box:/# dd if=a of=b", "dd if=a of=b");
	assert_command("$ time", NULL);
	assert_command("the time it took", NULL);
	assert_command("Results are similar to this sample:", NULL);
}

static void test_lines_count_from_line0_and_problems_are_listed(void **state)
{
	static const char text[] = "x\nreal 0m1.5s\nuser 0m0.5s\nsys 0m0.1s\n\nreal 0m2.0s\n";
	struct parse_problems problems = { NULL, 0, 0 };
	struct bp_warn warn = { parse_problems_warn, &problems };
	struct parse_ctx ctx = { "mail", 100, &warn };
	struct recset set = RECSET_INIT;

	(void)state;
	assert_int_equal(parse_text(&set, "time", text, strlen(text), &ctx), 0);
	assert_int_equal(set.nr, 3);
	assert_int_equal(set.v[0].line, 102);
	assert_string_equal(set.v[0].value, "1.5");
	assert_int_equal(problems.nr, 1);
	assert_string_equal(problems.v[0], "mail:106: expected 'user' after 'real'");
	parse_problems_release(&problems);
	recset_release(&set);
}

static void test_only_damaged_blocks_is_an_error(void **state)
{
	static const char text[] = "real 0m1.5s\n";
	struct parse_ctx ctx = { "t", 0, NULL };
	struct recset set = RECSET_INIT;

	(void)state;
	assert_int_equal(parse_text(&set, "time", text, strlen(text), &ctx), BP_ERROR);
	assert_string_equal(err_last(), "t:1: expected 'user' after 'real'");
	assert_int_equal(set.nr, 0);
	assert_int_equal(parse_text(&set, "time", "nothing\n", 8, &ctx), BP_ENOTFOUND);
}

static void test_json_keeps_digits_and_lines(void **state)
{
	static const char text[] = "{\n  \"a\" : 89672.354839,\n  \"b\" : [1, \"x\\u00e9\"]\n} trailing";
	struct jval v;
	size_t used;
	long line;
	const char *what;

	(void)state;
	assert_int_equal(jval_read(&v, text, strlen(text), &used, &line, &what), 0);
	assert_int_equal(text[used], ' ');
	assert_string_equal(jval_get(&v, "a")->text, "89672.354839");
	assert_int_equal(jval_get(&v, "a")->line, 2);
	assert_int_equal(jval_get(&v, "b")->line, 3);
	assert_string_equal(jval_get(&v, "b")->kids[1].text, "x\xc3\xa9");
	assert_null(jval_get(&v, "c"));
	jval_release(&v);
}

static void test_json_damage_is_located(void **state)
{
	struct strbuf deep = STRBUF_INIT;
	struct jval v;
	size_t used, i;
	long line;
	const char *what;

	(void)state;
	assert_int_equal(jval_read(&v, "{\n\"a\" 1}", 9, &used, &line, &what), -1);
	assert_int_equal(line, 2);
	assert_string_equal(what, "':' after a key");
	for (i = 0; i < 100000; i++)
		strbuf_addch(&deep, '[');
	assert_int_equal(jval_read(&v, deep.buf, deep.len, &used, &line, &what), -1);
	assert_string_equal(what, "less deeply nested JSON");
	strbuf_release(&deep);
}

static void assert_shown(const char *written, const char *shown)
{
	struct strbuf scratch = STRBUF_INIT;
	char *line = xstrdup(written);
	size_t len = term_line(line, strlen(line), &scratch);

	assert_true(len <= strlen(written));
	line[len] = '\0';
	assert_string_equal(line, shown);
	free(line);
	strbuf_release(&scratch);
}

/* A captured line reads as the terminal showed it. */
static void test_terminal_lines_read_as_shown(void **state)
{
	(void)state;
	assert_shown("plain line  \t", "plain line");
	assert_shown("\xef\xbb\xbfreal 0m1.0s", "real 0m1.0s");
	assert_shown("\x1b[1;32muser@box\x1b[0m:\x1b[1;34m~\x1b[0m$ dd", "user@box:~$ dd");
	assert_shown("\x1b[?2004hprompt\x1b[?2004l", "prompt");
	assert_shown("\x1b]0;title\x07real 1.0", "real 1.0");
	assert_shown("\x1b]2;title\x1b\\real 1.0", "real 1.0");
	assert_shown("\x1b(B\x1b)0text\x1b=", "text");
	/* the last overwrite wins, cell by cell; a lone CR at either end changes nothing */
	assert_shown("12345 copied, 1 s\r67 copied", "67 copiedied, 1 s");
	assert_shown("\rreal 0.36\r", "real 0.36");
	assert_shown("progress 99%\r\x1b[Kdone", "done");
	assert_shown("abc\b\bXY", "aXY");
	assert_shown("_\bb_\bo_\bl_\bd", "bold");
	assert_shown("caf\xc3\xa9\rCAFE", "CAFE");
	assert_shown("\xc3\xa9t\xc3\xa9\r\xc3\x89", "\xc3\x89t\xc3\xa9");
	assert_shown("\x1b[", "");
	assert_shown("x\x1b", "x");
	/* a no-break space shows as a blank; a lone 0xc2 or another 0xc2 character stays */
	assert_shown(" \xc2\xa0\xc2\xa0write: IOPS=1", "   write: IOPS=1");
	assert_shown("x\xc2\xa0", "x");
	assert_shown("\xc2\xb1 5\xc2", "\xc2\xb1 5\xc2");
}

/* The value and unit of the one record of metric that parsing text as type gives. */
static void assert_parsed(const char *type, const char *text, const char *metric,
			  const char *value, const char *unit)
{
	struct parse_ctx ctx = { "t", 0, NULL };
	struct recset set = RECSET_INIT;
	size_t i, found = 0;

	assert_int_equal(parse_text(&set, type, text, strlen(text), &ctx), 0);
	for (i = 0; i < set.nr; i++) {
		if (strcmp(set.v[i].metric, metric))
			continue;
		found++;
		assert_string_equal(set.v[i].value, value);
		if (unit)
			assert_string_equal(set.v[i].unit, unit);
		else
			assert_null(set.v[i].unit);
	}
	assert_int_equal(found, 1);
	recset_release(&set);
}

/* fio's abbreviated counts are written out, digit for digit; latencies move their unit. */
static void test_fio_abbreviated_numbers(void **state)
{
	static const char *const cases[][3] = {
		{ "12.5k", "12500", "IO/s" }, { "0.5k", "500", "IO/s" }, { "1.2345k", "1234.5", "IO/s" },
		{ "2M", "2000000", "IO/s" }, { "31", "31", "IO/s" }, { "1.05M", "1050000", "IO/s" },
	};
	struct strbuf text = STRBUF_INIT;
	size_t i;

	(void)state;
	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		strbuf_reset(&text);
		strbuf_addf(&text, "  write: IOPS=%s, BW=97.0MiB/s (103MB/s)(5879MiB/60001msec)\n",
			    cases[i][0]);
		assert_parsed("fio", text.buf, "write-iops", cases[i][1], cases[i][2]);
	}
	assert_parsed("fio", "j: (groupid=0, jobs=1): err= 0: pid=7: x\n"
		      "  read: IOPS=1, BW=1MiB/s (1MB/s)(1MiB/1msec)\n"
		      "    clat (nsec): min=5, max=287148k, avg=9.5, stdev=1.0\n",
		      "read-clat-max", "287148", "us");
	/* fio 2.0 wrote its K upper case */
	assert_parsed("fio", "j: (groupid=0, jobs=1): err= 0: pid=7: x\n"
		      "  read : io=326081KB, bw=1023.3KB/s, iops=170 , runt=318686msec\n"
		      "    clat (usec): min=22 , max=1805.8K, avg=300904.66, stdev=281965.67\n",
		      "read-clat-max", "1805.8", "ms");
	strbuf_release(&text);
}

/* A wrapped "key=value" list is read joined, each number on the line it stands on. */
static void test_fio_wrapped_lines_keep_their_numbers_lines(void **state)
{
	static const char text[] = "j: (groupid=0, jobs=4): err= 0: pid=7: x\n"
				   "  write: IOPS=10, BW=1MiB/s (1MB/s)(1MiB/1msec)\n"
				   "   bw (  KiB/s): min=1, max=9, per=25.00%, avg=5.50, \n"
				   "stdev=2.25, samples=40\n";
	struct parse_ctx ctx = { "t", 0, NULL };
	struct recset set = RECSET_INIT;
	size_t i, seen = 0;

	(void)state;
	assert_int_equal(parse_text(&set, "fio", text, strlen(text), &ctx), 0);
	for (i = 0; i < set.nr; i++) {
		if (!strcmp(set.v[i].metric, "write-bw-avg"))
			assert_int_equal(set.v[i].line, 3), seen++;
		if (!strcmp(set.v[i].metric, "write-bw-stdev"))
			assert_int_equal(set.v[i].line, 4), seen++;
	}
	assert_int_equal(seen, 2);
	recset_release(&set);
}

/* fs_mark: a column for each part of a "NAME (A/B/C)" group, of any name. */
static void test_fsmark_columns_from_the_header(void **state)
{
	static const char text[] = "FSUse%   Count   Size  Files/sec  App Overhead  RENAME (Min/Max)\n"
				   "   1     10      0     55.5        1200          3      9\n";

	(void)state;
	assert_parsed("fsmark", text, "rename-max", "9", "us");
	assert_parsed("fsmark", text, "files-per-sec", "55.5", "files/s");
	assert_parsed("fsmark", text, "app-overhead", "1200", "us");
}

/* Formats of the user's own: labelled values are read, a table's rows and prose are not. */
static void test_labelled_time_values(void **state)
{
	static const struct {
		const char *text;
		size_t records;
	} cases[] = {
		{ "real 0.102 user 0.000 sys 0.001\n", 3 },
		{ "0:00.10 elapsed 0% CPU\n", 2 },
		{ "0.001 user 0.000 system 0:00.10 elapsed 0.0% cpu\n", 4 },
		{ "Elapsed: 1.5\nUser: 0.5\nSystem: 0.1\n", 3 },
		{ "user\t\t4.42\t\t4.39\nsystem\t\t4.09\t\t4.05\n", 0 },   /* a table of two kernels */
		{ "the user 5 of them left\n", 0 },
		{ "real 7\n", 0 },                                          /* one value is no block */
		{ "user 1.0\nuser 2.0\n", 0 },                             /* the same label twice */
	};
	size_t i;

	(void)state;
	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		struct parse_ctx ctx = { "t", 0, NULL };
		struct recset set = RECSET_INIT;

		parse_text(&set, "time", cases[i].text, strlen(cases[i].text), &ctx);
		if (set.nr != cases[i].records)
			fail_msg("'%s': %zu records, want %zu", cases[i].text, set.nr, cases[i].records);
		recset_release(&set);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_durations_become_seconds_with_their_digits),
		cmocka_unit_test(test_damaged_durations_are_refused),
		cmocka_unit_test(test_lines_in_place_start_as_their_copies),
		cmocka_unit_test(test_commands_are_found_on_their_lines),
		cmocka_unit_test(test_lines_count_from_line0_and_problems_are_listed),
		cmocka_unit_test(test_only_damaged_blocks_is_an_error),
		cmocka_unit_test(test_json_keeps_digits_and_lines),
		cmocka_unit_test(test_json_damage_is_located),
		cmocka_unit_test(test_terminal_lines_read_as_shown),
		cmocka_unit_test(test_fio_abbreviated_numbers),
		cmocka_unit_test(test_fio_wrapped_lines_keep_their_numbers_lines),
		cmocka_unit_test(test_fsmark_columns_from_the_header),
		cmocka_unit_test(test_labelled_time_values),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
