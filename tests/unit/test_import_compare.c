#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "../../import/import.h"
#include "../../mail/mail.h"
#include "../../core/util.h"

/*
 * Attribution of the columns of comparison tables and the blocks of
 * with/without sub-sections: each case is a message and, per value, the
 * kernel and options its record must have ("-" for none).
 */

static int same(const char *got, const char *want)
{
	if (!strcmp(want, "-"))
		return got == NULL;
	return got && !strcmp(got, want);
}

/* The kernel and options of the record of one value: the columns of one line differ. */
struct want_value {
	const char *value, *kernel, *options;
};

static void check_values(const char *name, const char *text, const struct want_value *w, size_t nw)
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
		for (i = 0; i < r->nr && strcmp(r->v[i].value, w[k].value); i++)
			;
		if (i == r->nr)
			fail_msg("%s: no record of %s", name, w[k].value);
		if (!same(r->v[i].kernel, w[k].kernel) || !same(r->v[i].options, w[k].options))
			fail_msg("%s: %s: got kernel '%s' options '%s', want '%s' '%s'", name, w[k].value,
				 r->v[i].kernel ? r->v[i].kernel : "-", r->v[i].options ? r->v[i].options : "-",
				 w[k].kernel, w[k].options);
	}
	import_free(imp);
	mail_list_release(&list);
}

#define CHECK_VALUES(text, ...) do { \
	static const struct want_value w_[] = { __VA_ARGS__ }; \
	check_values(__func__, text, w_, ARRAY_SIZE(w_)); \
} while (0)

/*
 * Two value columns that name no kernel, the same metric row by row: the
 * first is the baseline; the prose says what the second is (the commit a
 * regression was caused by, or the patch the mail posts).  A table whose
 * columns measure different things is left as it is.
 */
static void test_compared_columns(void **state)
{
	(void)state;
	CHECK_VALUES("Subject: slower small-file creates on ext4\n"
		     "\n"
		     "the grid bisected the drop to 9c81d2e4a7 (\"ext4: batch orphan updates\").\n"
		     "\n"
		     "createfiles-ext4\n"
		     "Hmean     files-1      812.50 (   0.00%)      790.25 (  -2.74%)\n"
		     "Hmean     files-8     5120.75 (   0.00%)     4411.00 * -13.86%*\n",
		     { "812.50", "-", "parent of 9c81d2e4a7" }, { "790.25", "9c81d2e4a7", "-" },
		     { "5120.75", "-", "parent of 9c81d2e4a7" }, { "4411.00", "9c81d2e4a7", "-" });
	CHECK_VALUES("Subject: [PATCH] xfs: keep the log tail in one cache line\n"
		     "\n"
		     "this patch gives back most of it:\n"
		     "\n"
		     "             %stddev     %change         %stddev\n"
		     "                 \\          |                \\\n"
		     "         51200 +-  1%     +12.5%      57600 +-  1%  fsmark.files_per_sec\n"
		     "           310 +-  2%     -11.0%        276 +-  1%  fsmark.time.elapsed_time\n",
		     { "51200", "-", "without the patch" }, { "57600", "-", "with the patch" },
		     { "310", "-", "without the patch" }, { "276", "-", "with the patch" });
	/* a fix names the commit that caused the regression: its table is without and with the fix */
	CHECK_VALUES("Subject: [PATCH v2] ext4: restore orphan batching\n"
		     "\n"
		     "This is a regression caused by commit 9c81d2e4a7; fix it by batching again.\n"
		     "\n"
		     "createfiles-ext4\n"
		     "Hmean     files-1      790.25 (   0.00%)      811.75 (   2.72%)\n"
		     "Hmean     files-8     4411.00 (   0.00%)     5102.50 *  15.68%*\n",
		     { "790.25", "-", "without the patch" }, { "811.75", "-", "with the patch" });
	CHECK_VALUES("Subject: read and write on ext4, caused by commit 9c81d2e4a7\n"
		     "\n"
		     "          read     write\n"
		     "seq       812.5    790.25\n"
		     "random    120.0    99.5\n",
		     { "812.5", "-", "seq" }, { "790.25", "-", "seq" });
}

/*
 * "  without patch:" and "  with patch:" over lines indented deeper,
 * inside one paragraph: each names the config of the values under it.
 */
static void test_subblocks(void **state)
{
	(void)state;
	CHECK_VALUES("Subject: fsync batching on ext4\n"
		     "\n"
		     "Test 1: four writer threads\n"
		     "  without patch:\n"
		     "    Average Files/sec:      5120.0\n"
		     "  with patch:\n"
		     "    Average Files/sec:      5480.0\n"
		     "\n"
		     "Test 2: eight writer threads\n"
		     "  Average Files/sec:      6210.0\n",
		     { "5120.0", "-", "without patch" }, { "5480.0", "-", "with patch" }, { "6210.0", "-", "-" });
}

/*
 * Rows right under a table, after a line that names them (MMTests'
 * "Statistics: duration"), are a table of their own: the rows above are
 * no header of it, and its columns are the runs of the columns above.
 */
static void test_table_under_table(void **state)
{
	(void)state;
	CHECK_VALUES("Subject: reclaim variants\n"
		     "\n"
		     "              stock-base    scan-v2r3    batch-v2r3\n"
		     "fetch file      61 ( 0.00%)   63 (-3.28%)   60 ( 1.64%)\n"
		     "expand file    310 ( 0.00%)  342 (-10.3%)  298 ( 3.87%)\n"
		     "Statistics: duration\n"
		     "User/Sys Time Running Test (seconds)     512.25    530.50    498.75\n"
		     "Total Elapsed Time (seconds)             701.10    744.90    689.35\n",
		     { "61", "-", "stock-base" }, { "512.25", "-", "stock-base" }, { "744.90", "-", "scan-v2r3" });
}

/* A config name split over two header lines is one name; a dash over a name only holds its place. */
static void test_two_line_names(void **state)
{
	(void)state;
	CHECK_VALUES("Subject: reclaim variants\n"
		     "\n"
		     "                        -          lazy\n"
		     "              stock-base    scan-v2r3    batch-v2r3\n"
		     "fetch file      61 ( 0.00%)   63 (-3.28%)   60 ( 1.64%)\n"
		     "expand file    310 ( 0.00%)  342 (-10.3%)  298 ( 3.87%)\n",
		     { "61", "-", "stock-base" }, { "63", "-", "lazy scan-v2r3" }, { "60", "-", "batch-v2r3" },
		     { "342", "-", "lazy scan-v2r3" });
}

/*
 * A bare label over a tool's report, right above it or a blank line
 * before it ("Enabled", "Base:"), names the config the report ran in;
 * stars drawn before a config heading are no part of it.
 */
static void test_labels_over_reports(void **state)
{
	(void)state;
	CHECK_VALUES("Subject: guest page cache\n"
		     "\n"
		     "Enabled\n"
		     "\n"
		     "Average Optimal load -j 8 Run (std deviation):\n"
		     "Elapsed Time 231.5 (1.25)\n"
		     "\n"
		     "Disabled\n"
		     "\n"
		     "Average Optimal load -j 8 Run (std deviation):\n"
		     "Elapsed Time 229.75 (0.5)\n"
		     "\n"
		     "***** With the cache trimmed:\n"
		     "Average Optimal load -j 8 Run (std deviation):\n"
		     "Elapsed Time 240.25 (0.75)\n",
		     { "231.5", "-", "Enabled" }, { "229.75", "-", "Disabled" },
		     { "240.25", "-", "With the cache trimmed" });
	/* a lead-in that names the benchmark names the config too */
	CHECK_VALUES("Subject: [PATCH] ext4: faster writeback\n"
		     "\n"
		     "Ran fio in a loop, before the patch:\n"
		     "\n"
		     "  write: IOPS=21.3k, BW=83.2MiB/s (87.3MB/s)(4992MiB/60001msec)\n"
		     "\n"
		     "after:\n"
		     "\n"
		     "  write: IOPS=25.9k, BW=101MiB/s (106MB/s)(6070MiB/60001msec)\n",
		     { "21300", "-", "before the patch" }, { "25900", "-", "after" });
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_compared_columns),
		cmocka_unit_test(test_subblocks),
		cmocka_unit_test(test_two_line_names),
		cmocka_unit_test(test_table_under_table),
		cmocka_unit_test(test_labels_over_reports),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
