#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "../../import/import_keyvalue.h"

/*
 * "key: value" lines: what each number is (durations worked out in
 * seconds by hand), and the lines of facts, settings and no quantities
 * that give nothing.
 */

static void one_is(const char *s, const char *name, const char *kernel, const char *metric, const char *value,
		   const char *unit)
{
	struct kv_line kv;

	if (import_keyvalue_line(&kv, s))
		fail_msg("'%s': not read", s);
	if (kv.nr != 1 || (name ? !kv.v[0].name || strcmp(kv.v[0].name, name) : kv.v[0].name != NULL) ||
	    (kernel ? !kv.kernel || strcmp(kv.kernel, kernel) : kv.kernel != NULL) ||
	    strcmp(kv.v[0].metric, metric) || strcmp(kv.v[0].q.value, value) || strcmp(kv.v[0].q.unit, unit))
		fail_msg("'%s': %zu values, name '%s' kernel '%s' %s %s %s", s, kv.nr,
			 kv.v[0].name ? kv.v[0].name : "-", kv.kernel ? kv.kernel : "-", kv.v[0].metric,
			 kv.v[0].q.value, kv.v[0].q.unit);
	import_keyvalue_release(&kv);
}

static void test_values(void **state)
{
	(void)state;
	one_is("tbench 8:      33Mb/sec", "tbench 8", NULL, "throughput", "33", "Mb/sec");
	one_is("  pagetest:  2m14s", "pagetest", NULL, "elapsed", "134", "s");           /* 2 * 60 + 14 */
	one_is("Throughput: 52.5 MB/sec", NULL, NULL, "throughput", "52.5", "MB/sec");
	one_is("Total time = 17.4 s", NULL, NULL, "elapsed", "17.4", "s");
	one_is("2.6.24-mm1:  61.20 MB/sec", NULL, "2.6.24-mm1", "throughput", "61.20", "MB/sec");
	one_is("2.6.9 : ~2m.10s", NULL, "2.6.9", "elapsed", "130", "s");                /* 2 * 60 + 10 */
	one_is("Vendor 3.10.0-957.el7 : 51 s", NULL, "3.10.0-957.el7", "elapsed", "51", "s");
	one_is("Average Files/sec:   81234.5", NULL, NULL, "rate", "81234.5", "Files/sec");
	one_is("untar (sec): 41", "untar", NULL, "elapsed", "41", "s");
	one_is("build (min): 3.5", "build", NULL, "elapsed", "210", "s");                 /* 3.5 * 60 */
	one_is("user:  3.25s", NULL, NULL, "user", "3.25", "s");
	one_is("random write: 8.1 MB/s (best of three)", "random write", NULL, "throughput", "8.1", "MB/s");
}

static void test_lists(void **state)
{
	struct kv_line kv;

	(void)state;
	assert_int_equal(import_keyvalue_line(&kv, "bonnie seq. make, stat, rm: 8800, 3100, 5200"), 0);
	assert_int_equal(kv.nr, 3);
	assert_string_equal(kv.v[0].name, "bonnie seq. make");
	assert_string_equal(kv.v[1].name, "bonnie seq. stat");
	assert_string_equal(kv.v[2].name, "bonnie seq. rm");
	assert_string_equal(kv.v[2].q.value, "5200");
	assert_string_equal(kv.v[2].metric, "value");
	import_keyvalue_release(&kv);
	/* as many names as numbers, or nothing */
	assert_int_equal(import_keyvalue_line(&kv, "seq. make, stat: 8800, 3100, 5200"), -1);
	assert_int_equal(import_keyvalue_line(&kv, "make, stat: 10%, 12%"), -1);
}

static void test_not_results(void **state)
{
	static const char *const none[] = {
		"Memory: 512 MB", "CPU:    2.4 GHz", "Disk:  120 GB", "Kernel: v5.9", "Date: 10:15:02",
		"Version: 2.6.30", "Runtime: 60s", "Timeout: 30 seconds", "Max bandwidth: 350MB/s",
		"File size: 4 GB", "Link speed: 6Gb/s", "dbench 4: 3 runs", "ratio: 12%",
		"Started: 1:02:03", "see http://example.org/a: 45 MB/s", "bs=4k: 45 MB/s",
		"tbench 8: 33Mb/sec, better than before", "Subject: 45 MB/s at last", "noise 4 5 6",
		"- 45 s: a list item", "Interval = 5 s",
	};
	struct kv_line kv;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(none) / sizeof(none[0]); i++)
		if (!import_keyvalue_line(&kv, none[i]))
			fail_msg("'%s' read: %s %s", none[i], kv.v[0].q.value, kv.v[0].q.unit);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_values),
		cmocka_unit_test(test_lists),
		cmocka_unit_test(test_not_results),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
