#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "../../import/import_prose.h"
#include "../../import/import_prose_words.h"
#include "../../import/import_quantity.h"

/*
 * Numbers in prose: the quantities sentences write (every duration worked
 * out in seconds by hand below), the sentences that state a measurement,
 * and those that only look as if they did.
 */

static void quantity_is(const char *s, enum quantity_kind kind, const char *value, const char *unit,
			size_t len)
{
	struct quantity q;

	if (import_quantity(&q, s))
		fail_msg("'%s': no quantity", s);
	if (q.kind != kind || strcmp(q.value, value) || strcmp(q.unit, unit) || q.len != len)
		fail_msg("'%s': kind %d value '%s' unit '%s' len %zu", s, q.kind, q.value, q.unit, q.len);
}

static void test_quantities(void **state)
{
	static const char *const none[] = {
		"2.6.17", "3.14-rc1", "2004-02-20", "2559ext3", "~2m.80s", "x86", "ext3", "",
	};
	struct quantity q;
	size_t i;

	(void)state;
	quantity_is("45 seconds on ext3", QUANTITY_DURATION, "45", "s", 10);
	quantity_is("45s", QUANTITY_DURATION, "45", "s", 3);
	quantity_is("22 minutes", QUANTITY_DURATION, "1320", "s", 10);      /* 22 * 60 */
	quantity_is("7mins.", QUANTITY_DURATION, "420", "s", 5);            /* 7 * 60 */
	quantity_is("1.5 hours", QUANTITY_DURATION, "5400", "s", 9);        /* 1.5 * 3600 */
	quantity_is("250 ms", QUANTITY_DURATION, "0.25", "s", 6);
	quantity_is("4 minutes 20 seconds", QUANTITY_DURATION, "260", "s", 20);
	quantity_is("33 min 53 secs", QUANTITY_DURATION, "2033", "s", 14);  /* 33 * 60 + 53 */
	quantity_is("1 hour, 5 minutes", QUANTITY_DURATION, "3900", "s", 17);
	quantity_is("2m05s", QUANTITY_DURATION, "125", "s", 5);
	quantity_is("1:05", QUANTITY_DURATION, "65", "s", 4);
	quantity_is("1:02:03", QUANTITY_DURATION, "3723", "s", 7);          /* 3600 + 120 + 3 */
	quantity_is("~1m.05s", QUANTITY_DURATION, "65", "s", 7);
	quantity_is("110 MB/s", QUANTITY_RATE, "110", "MB/s", 8);
	quantity_is("37Mb/sec", QUANTITY_RATE, "37", "Mb/sec", 8);
	quantity_is("4.47 megabytes/second", QUANTITY_RATE, "4.47", "megabytes/second", 21);
	quantity_is("19.87 megabytes per second)", QUANTITY_RATE, "19.87", "megabytes per second", 26);
	quantity_is("303 files/second", QUANTITY_RATE, "303", "files/second", 16);
	quantity_is("12.5k IOPS", QUANTITY_RATE, "12500", "IOPS", 10);
	quantity_is("1,201,333 files/sec", QUANTITY_RATE, "1201333", "files/sec", 19);
	quantity_is("7482.37 jobs/min", QUANTITY_RATE, "7482.37", "jobs/min", 16);
	quantity_is("12%", QUANTITY_PERCENT, "12", "", 3);
	quantity_is("3 runs", QUANTITY_NUMBER, "3", "", 1);
	quantity_is("10400, 4100", QUANTITY_NUMBER, "10400", "", 5);
	assert_int_equal(import_quantity(&q, "~300MB/s"), 0);
	assert_true(q.approx);
	assert_int_equal(import_quantity(&q, "6Gb/s"), 0);
	assert_true(q.bits);
	assert_string_equal(q.metric, "throughput");
	assert_int_equal(import_quantity(&q, "9000 iops"), 0);
	assert_string_equal(q.metric, "iops");
	for (i = 0; i < sizeof(none) / sizeof(none[0]); i++)
		if (!import_quantity(&q, none[i]))
			fail_msg("'%s' read as a quantity", none[i]);
}

/* One number stated: its value, metric, kernel (NULL: none named) and benchmark (NULL: none). */
struct want {
	const char *value, *metric, *kernel, *fs, *benchmark;
	int approx;
};

static void reads(const char *text, const struct want *w, size_t n)
{
	struct prose_nums got;
	size_t i;

	if (import_prose_read(&got, text, 0, strlen(text)))
		fail_msg("'%s': nothing read (%s)", text, got.why ? got.why : "no reason");
	if (got.nr != n)
		fail_msg("'%s': %zu numbers, not %zu", text, got.nr, n);
	for (i = 0; i < n; i++) {
		const struct prose_num *v = &got.v[i];

		if (strcmp(v->value, w[i].value) || strcmp(v->metric, w[i].metric) ||
		    (w[i].kernel ? !v->kernel || strcmp(v->kernel, w[i].kernel) : v->kernel != NULL) ||
		    (w[i].fs ? !v->fs || strcmp(v->fs, w[i].fs) : v->fs != NULL) ||
		    (w[i].benchmark ? !v->benchmark || strcmp(v->benchmark, w[i].benchmark) : v->benchmark != NULL) ||
		    v->approx != w[i].approx)
			fail_msg("'%s' #%zu: %s %s kernel %s fs %s benchmark '%s' approx %d", text, i, v->value,
				 v->metric, v->kernel ? v->kernel : "-", v->fs ? v->fs : "-",
				 v->benchmark ? v->benchmark : "-", v->approx);
	}
	import_prose_release(&got);
}

#define READS(text, ...)                                                   \
	do {                                                               \
		static const struct want w_[] = { __VA_ARGS__ };          \
		reads(text, w_, sizeof(w_) / sizeof(w_[0]));               \
	} while (0)

static void test_durations(void **state)
{
	(void)state;
	READS("untarring took 45 seconds on ext3 and 38 on ext2",
	      { "45", "elapsed", NULL, "ext3", "untarring", 0 }, { "38", "elapsed", NULL, "ext2", "untarring", 0 });
	READS("With 2.6.16 untarring the same tree on ext3 took about 22\nminutes, and with 2.6.17 it takes around 31mins.",
	      { "1320", "elapsed", "2.6.16", "ext3", "untarring the same tree", 1 },
	      { "1860", "elapsed", "2.6.17", NULL, NULL, 1 });
	READS("rm -rf of the tree takes 74 seconds on 2.6.16 and 95 seconds on 2.6.17.",
	      { "74", "elapsed", "2.6.16", NULL, "rm -rf of the tree", 0 },
	      { "95", "elapsed", "2.6.17", NULL, "rm -rf of the tree", 0 });
	READS("On 2.4.19-pre2 it takes 27 seconds.  On -aa it is far slower: 44 seconds.",
	      { "27", "elapsed", "2.4.19-pre2", NULL, NULL, 0 }, { "44", "elapsed", "-aa", NULL, NULL, 0 });
	READS("Here, -mm takes 52 seconds.  Stock 2.4.19-pre3 takes 63 seconds.",
	      { "52", "elapsed", "-mm", NULL, NULL, 0 }, { "63", "elapsed", "2.4.19-pre3", NULL, NULL, 0 });
	READS("in 2.4.12pre the test completed in 1m40s.", { "100", "elapsed", "2.4.12pre", NULL, NULL, 0 });
	READS("In 2.4.16 pagetest finished in 3m15s.", { "195", "elapsed", "2.4.16", NULL, "pagetest", 0 });
	READS("Under 2.4.22 the overall time is around 8 seconds, while under 2.6.5 it stalls",
	      { "8", "elapsed", "2.4.22", NULL, NULL, 1 });
	READS("the build went down from 3:30 to 3:04", { "210", "elapsed", NULL, NULL, "build", 0 },
	      { "184", "elapsed", NULL, NULL, "build", 0 });
	READS("The test completed in 1.5 hours", { "5400", "elapsed", NULL, NULL, NULL, 0 });
	READS("Here I see 6 seconds user time and 2 seconds system time",
	      { "6", "user", NULL, NULL, NULL, 0 }, { "2", "sys", NULL, NULL, NULL, 0 });
	/* after a measuring verb, "after" tells what was timed; "wait 5 seconds after" stays a setting */
	READS("the dir fsync took 8412 ms after adding 1000000 files",
	      { "8.412", "elapsed", NULL, NULL, "dir fsync", 0 });
}

static void test_rates(void **state)
{
	(void)state;
	READS("dbench 16 gave 123.4 MB/s", { "123.4", "throughput", NULL, NULL, "dbench 16", 0 });
	READS("Copying a 4GB file to the server went from 84 to 27 MB/s between 3.10 and\n3.11-rc2.",
	      { "84", "throughput", "3.10", NULL, "Copying a 4GB file to the server", 0 },
	      { "27", "throughput", "3.11-rc2", NULL, "Copying a 4GB file to the server", 0 });
	READS("Local reads on the server stay at about 110 MB/s.",
	      { "110", "throughput", NULL, NULL, "Local reads on the server", 1 });
	READS("Dropping the patch brings 3.11-rc2 back up to 81MB/s.",
	      { "81", "throughput", "3.11-rc2", NULL, "Dropping the patch", 0 });
	READS("vs. 2.4.16: tbench numbers are up from 29Mb/sec and 12Mb/sec\nrespectively.",
	      { "29", "throughput", "2.4.16", NULL, "tbench numbers", 0 },
	      { "12", "throughput", "2.4.16", NULL, "tbench numbers", 0 });
	READS("With four NVMe drives striped we're able to see ~11GB/s of writes", { "11", "throughput", NULL, NULL, NULL, 1 });
	READS("The cold scan boils down to 3.82 megabytes/second over 9120 files",
	      { "3.82", "throughput", NULL, NULL, "cold scan", 0 });
	READS("dbench runs at 40 MB/s here", { "40", "throughput", NULL, NULL, "dbench", 0 });
	READS("We measured 45.2 MB/s on xfs", { "45.2", "throughput", NULL, "xfs", NULL, 0 });
	/* an opening phrase before a comma is no part of the subject */
	READS("After the rebase, the cold scan holds at about 61 MB/s.",
	      { "61", "throughput", NULL, NULL, "cold scan", 1 });
}

/* "respectively": each number its place, and the names the sentence lists */
static void test_respectively(void **state)
{
	struct prose_nums got;
	const char *s = "2.4.9ac2 has far better sequential create and stat scores at 6100 and 24000 respectively.";

	(void)state;
	assert_int_equal(import_prose_read(&got, s, 0, strlen(s)), 0);
	assert_int_equal(got.nr, 2);
	assert_string_equal(got.v[0].value, "6100");
	assert_string_equal(got.v[0].name, "sequential create");
	assert_string_equal(got.v[1].name, "sequential stat");
	assert_string_equal(got.v[1].kernel, "2.4.9ac2");
	assert_int_equal(got.v[1].nth, 1);
	assert_int_equal(got.v[1].of, 2);
	import_prose_release(&got);
	/* without "respectively" bare numbers are nothing */
	s = "The same for random create and stat at 5200 and 410.";
	assert_int_equal(import_prose_read(&got, s, 0, strlen(s)), -1);
}

/* Numbers that are no measurement, and why a message says so. */
static void test_refused(void **state)
{
	static const struct {
		const char *text, *why;
	} refused[] = {
		{ "It wanders from 3 seconds to 12, and is mostly fine.", "a range" },
		{ "between 3 and 5 seconds per run", "a range" },
		{ "the sync took 3 seconds longer on ext3", "a comparison" },
		{ "2.6.35 was about 8% faster here", "a relative change" },
		{ "the patch makes it 12% faster", "a relative change" },
		{ "Block writes gained 2Mb/sec.", "a change" },
		{ "2.4.14 has a worse tbench 16 figure by 3Mb/sec.", "a change" },
		{ "a sharp decrease in write throughput (~14 MB/sec) in each run", "a change" },
		{ "it took over 3 minutes, I got bored", "a bound" },
		{ "reads go up to 90MB/s", "a bound" },
		{ "The end result looks good (almost 21MB/s, best so far", "a bound" },
		{ "close to 270 files/second, which is", "a bound" },
		{ "it sleeps for 60 seconds", "no measuring verb" },
		{ "I ran dbench for 60 seconds", "no measuring verb" },
		{ "after 10 seconds the machine hung", "no measuring verb" },
		{ "with a 30 second timeout", "a size or setting" },
		{ "the daemon is 30 seconds after the mount", "a setting" },
		{ "It is a 12Gb/s SAS drive", "a size or setting" },
		{ "but it plugs into 6Gb/s SAS HBA ports", "hardware" },
		{ "so the bus speed for hdb is 66Mb/s", "hardware" },
		{ "the nvme one(Max bandwidth about 420MB/s)", "hardware" },
		{ "block writes 58MB/sec on the raid card vs 37MB/sec on", "a comparison" },
		{ "untar took 45 on ext3", "without a measured quantity" },
		{ "15.0GiB/s-15.0GiB/s", "a range" },
	};
	static const char *const silent[] = {
		"see http://www.example.org/runs/45 MB/s/ and www.example.org/7mins for them",
		"version 2.6.17 of 2004-02-20", "mail me at 45MB/s@example.org",
		"it took over three minutes", "bs=4k count=100 took", "the fsck runs every 30 days",
	};
	struct prose_nums got;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(refused) / sizeof(refused[0]); i++) {
		const char *s = refused[i].text;

		if (!import_prose_read(&got, s, 0, strlen(s)))
			fail_msg("'%s': read %s", s, got.v[0].value);
		if (!got.why || !strstr(got.why, refused[i].why))
			fail_msg("'%s': why '%s', not '%s'", s, got.why ? got.why : "-", refused[i].why);
	}
	for (i = 0; i < sizeof(silent) / sizeof(silent[0]); i++)
		if (!import_prose_read(&got, silent[i], 0, strlen(silent[i])))
			fail_msg("'%s': read %s", silent[i], got.v[0].value);
}

/* Only the numbers that start in [from, to) are read; the words around them count wherever they are. */
static void test_window(void **state)
{
	const char *s = "untar took about 22 minutes and rm took 40 seconds";
	const char *second = strstr(s, "rm");
	struct prose_nums got;

	(void)state;
	assert_int_equal(import_prose_read(&got, s, 0, (size_t)(second - s)), 0);
	assert_int_equal(got.nr, 1);
	assert_string_equal(got.v[0].value, "1320");
	assert_int_equal(got.end, (size_t)(strstr(s, " and rm") - s));
	import_prose_release(&got);
	assert_int_equal(import_prose_read(&got, s, (size_t)(second - s), strlen(s)), 0);
	assert_int_equal(got.nr, 1);
	assert_string_equal(got.v[0].value, "40");
	assert_string_equal(got.v[0].benchmark, "rm");
	import_prose_release(&got);
}

/* A group longer than GROUP_MAX stops at GROUP_MAX, in bounds (ASan found the overflow on real mail). */
static void test_long_group(void **state)
{
	const char *s = "The runs took 1 s, 2 s, 3 s, 4 s, 5 s, 6 s, 7 s, 8 s, 9 s and 10 s on ext3.";
	struct prose_nums got;

	(void)state;
	assert_int_equal(import_prose_read(&got, s, 0, strlen(s)), 0);
	assert_int_equal(got.nr, 8);
	assert_string_equal(got.v[7].value, "8");
	import_prose_release(&got);
}

static void test_cheap_tests(void **state)
{
	(void)state;
	assert_true(import_prose_holds_quantity("it takes around 7mins here"));
	assert_true(import_prose_holds_quantity("about 110 MB/s"));
	assert_false(import_prose_holds_quantity("version 2.6.17, 3 runs, 12%"));
	assert_false(import_prose_holds_quantity("bs=4k and -j8"));
	assert_true(import_prose_may_start("x took 4 s"));
	assert_false(import_prose_may_start("took 4 s"));
	assert_false(import_prose_may_start("the kernel would have to take it"));
	/* why a line gives nothing, for a message that gave nothing */
	assert_string_equal(import_prose_why("the patch makes unlink 7% faster"),
			    "a relative change (a percentage), not a value");
	assert_null(import_prose_why("3 runs on 2.6.32, 2010-01-04"));
	assert_null(import_prose_why("untar took 12 seconds"));
	assert_true(import_prose_lists("at 10 and 20 respectively."));
	assert_false(import_prose_lists("at 10 and 20 each"));
}

/*
 * The word index is made at build time (scripts/gen-words.c) from the
 * class lists: each listed word is found in its class, in any case, and
 * a word no list holds, or a listed word's prefix, is in none.
 */
static void test_word_index(void **state)
{
	size_t c, total = 0;

	(void)state;
	for (c = 0; c < PW_NCLASSES; c++) {
		const char *const *l = prose_class_words((enum prose_class)c);

		assert_non_null(l);
		for (; *l; l++, total++) {
			char upper[64];
			size_t i, n = strlen(*l);

			if (!prose_is(*l, n, (enum prose_class)c))
				fail_msg("'%s' not found in class %zu", *l, c);
			assert_true(n < sizeof(upper));
			for (i = 0; i <= n; i++)
				upper[i] = (*l)[i] >= 'a' && (*l)[i] <= 'z' ? (char)((*l)[i] - 'a' + 'A') : (*l)[i];
			if (!prose_is(upper, n, (enum prose_class)c))
				fail_msg("'%s' not found in class %zu", upper, c);
		}
	}
	assert_true(total > 400);
	assert_int_equal(prose_classes("benchpostish", 12), 0);
	assert_int_equal(prose_classes("too", 2), prose_classes("to", 2));
	assert_int_equal(prose_classes("finishe", 7), 0);
	assert_int_equal(prose_classes("", 0), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_quantities),
		cmocka_unit_test(test_durations),
		cmocka_unit_test(test_rates),
		cmocka_unit_test(test_respectively),
		cmocka_unit_test(test_refused),
		cmocka_unit_test(test_window),
		cmocka_unit_test(test_long_group),
		cmocka_unit_test(test_cheap_tests),
		cmocka_unit_test(test_word_index),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
