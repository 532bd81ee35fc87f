#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "../../import/import_grid.h"
#include "../../core/strbuf.h"

/* The table reader: cells, rows, tables and what their names say, on look-alikes of each kind. */

static int cell(struct grid_cell *c, const char *s)
{
	return grid_cell_read(c, s, strlen(s));
}

static void assert_span(const struct grid_span *sp, const char *want)
{
	assert_int_equal(sp->n, strlen(want));
	assert_memory_equal(sp->s, want, sp->n);
}

static void test_cells(void **state)
{
	struct grid_cell c;

	(void)state;
	assert_int_equal(cell(&c, "2:35"), 0);
	assert_int_equal(c.kind, GRID_DURATION);
	assert_int_equal(cell(&c, "0m2.129s"), 0);
	assert_int_equal(c.kind, GRID_DURATION);
	assert_int_equal(cell(&c, "13.34"), 0);
	assert_int_equal(c.kind, GRID_NUMBER);
	assert_int_equal(cell(&c, "1.462e+08"), 0);
	assert_span(&c.value, "1.462e+08");
	assert_int_equal(cell(&c, "41Mb/sec"), 0);
	assert_span(&c.value, "41");
	assert_span(&c.unit, "Mb/sec");
	assert_int_equal(cell(&c, "12.5 MB/s"), 0);
	assert_span(&c.unit, "MB/s");
	/* MMTests: a change against the first column, not a spread */
	assert_int_equal(cell(&c, "5123.25 (   1.42%)"), 0);
	assert_span(&c.value, "5123.25");
	assert_true(c.note_pct);
	assert_false(c.note_spread);
	/* the 0-day robot: a relative standard deviation */
	assert_int_equal(cell(&c, "812.50 ~ 7%"), 0);
	assert_true(c.note_spread && c.note_pct);
	assert_int_equal(cell(&c, "33.1 +- 0.4"), 0);
	assert_true(c.note_spread);
	assert_false(c.note_pct);
	assert_int_equal(cell(&c, "4311.20 *  -3.10%*"), 0);
	assert_true(c.note_pct);
	assert_int_equal(cell(&c, "+27.5%"), 0);
	assert_true(c.signed_pct);
	assert_int_equal(cell(&c, "+Inf%"), 0);
	assert_true(c.signed_pct);
	assert_int_equal(cell(&c, "N/A"), 0);
	assert_int_equal(c.kind, GRID_MISSING);
	/* labels with digits are not values */
	assert_int_equal(cell(&c, "2611ext3"), -1);
	assert_int_equal(cell(&c, "2611reiser"), -1);
	assert_int_equal(cell(&c, "1-files/sec"), -1);
	assert_int_equal(cell(&c, "2.6.9"), -1);
	assert_int_equal(cell(&c, "pre3"), -1);
}

static int row(struct grid_row *r, const char *s)
{
	return grid_row_read(r, s, strlen(s));
}

static void test_rows(void **state)
{
	struct grid_row r;

	(void)state;
	assert_int_equal(row(&r, "2.6.12-rc2       51.20   13.07   ext3"), -1);
	assert_int_equal(row(&r, "2.6.12-rc2       51.20   13.07"), 0);
	assert_span(&r.label, "2.6.12-rc2");
	assert_int_equal(r.ncells, 2);
	grid_row_release(&r);
	/* a parameter set close to the label belongs to it */
	assert_int_equal(row(&r, "dbench 16     31.2   28.7"), 0);
	assert_span(&r.label, "dbench 16");
	assert_int_equal(r.ncells, 2);
	grid_row_release(&r);
	/* values first, the test case at the right */
	assert_int_equal(row(&r, "    812.50 ~ 7%     -12.5%     711.00       box/fileio/ext4-seqwr"), 0);
	assert_int_equal(r.ncells, 3);
	assert_int_equal(r.label.n, 0);
	assert_span(&r.tail, "box/fileio/ext4-seqwr");
	grid_row_release(&r);
	/* "value @ value word", and a remark after it */
	assert_int_equal(row(&r, " xfs | 41.30 sec @ 18% cpu <- odd"), 0);
	assert_span(&r.label, "xfs");
	assert_int_equal(r.ncells, 2);
	assert_span(&r.cells[1].suffix, "cpu");
	grid_row_release(&r);
	/* prose is no row: a number between words, or a lone number a space from its label */
	assert_int_equal(row(&r, "it took 45 seconds on ext3 here"), -1);
	assert_int_equal(row(&r, "about 3 runs"), -1);
	assert_int_equal(row(&r, "Result: 17.5"), 0);
	grid_row_release(&r);
}

struct lines {
	struct grid_line *v;
	size_t nr;
	char *buf;
};

static void split(struct lines *l, const char *text)
{
	char *p, *e;

	l->buf = xstrdup(text);
	l->v = NULL;
	l->nr = 0;
	for (p = l->buf; *p; p = e + 1) {
		e = strchr(p, '\n');
		if (!e)
			e = p + strlen(p);
		l->v = xrealloc(l->v, (l->nr + 1) * sizeof(*l->v));
		l->v[l->nr].s = p;
		l->v[l->nr].n = (size_t)(e - p);
		l->nr++;
		if (!*e)
			break;
	}
}

static void lines_free(struct lines *l)
{
	free(l->v);
	free(l->buf);
}

/* Reads text's tables and their values; returns how many tables. */
static size_t read_all(struct grid_values *vals, struct lines *l, const char *text)
{
	struct grid *g;
	size_t ng, i;

	split(l, text);
	assert_int_equal(grid_find(&g, &ng, l->v, l->nr), 0);
	memset(vals, 0, sizeof(*vals));
	for (i = 0; i < ng; i++)
		grid_read_values(vals, &g[i], l->v, NULL, NULL);
	grid_free(g, ng);
	return ng;
}

static const struct grid_value *find(const struct grid_values *v, const char *value)
{
	size_t i;

	for (i = 0; i < v->nr; i++)
		if (!strcmp(v->v[i].value, value))
			return &v->v[i];
	fail_msg("no value '%s'", value);
	return NULL;
}

static void assert_str(const char *got, const char *want)
{
	if (!want)
		assert_null(got);
	else {
		assert_non_null(got);
		assert_string_equal(got, want);
	}
}

static void test_kernels_as_rows(void **state)
{
	struct grid_values v;
	struct lines l;
	const struct grid_value *x;

	(void)state;
	/* kernels down, metrics across, a title above, m:ss cells, N/A missing */
	assert_int_equal(read_all(&v, &l,
		"Building the tree in 64MB:\n"
		"\n"
		"                      Elapsed   Major   Swaps\n"
		"                      -------   -----   -----\n"
		"pre4                   21:03    401100  55120\n"
		"pre4+bar_patch         19:47    N/A     N/A\n"
		"and with the retry fix 19:55    388300  49010\n"
		"vmtest7\t\t\t20:11\t390022\t50100\n"), 1);
	assert_int_equal(v.nr, 10);
	x = find(&v, "1263");
	assert_str(x->kernel, "pre4");
	assert_str(x->metric, "elapsed");
	assert_str(x->unit, "s");
	assert_str(x->benchmark, "Building the tree in 64MB");
	x = find(&v, "1187");
	assert_str(x->kernel, "pre4+bar_patch");
	x = find(&v, "388300");
	assert_str(x->kernel, "pre4+bar_patch+retry_fix");
	assert_str(x->metric, "Major");
	x = find(&v, "50100");
	assert_str(x->kernel, "vmtest7");
	grid_values_release(&v);
	lines_free(&l);
}

/* A table aligned with spaces whose last row was typed with tabs: its cells line up by count. */
static void test_tab_row_under_space_rows(void **state)
{
	struct grid_values v;
	struct lines l;
	const struct grid_value *x;

	(void)state;
	assert_int_equal(read_all(&v, &l,
		"Untar in 64MB:\n"
		"\n"
		"pre4                            3:02\n"
		"pre4+bar_patch                  2:47\n"
		"vmtest7\t\t\t2:31\n"), 1);
	assert_int_equal(v.nr, 3);
	x = find(&v, "151");
	assert_str(x->kernel, "vmtest7");
	assert_str(x->metric, "elapsed");
	grid_values_release(&v);
	lines_free(&l);
}

static void test_damaged_cell_keeps_its_row(void **state)
{
	struct grid_values v;
	struct lines l;
	const struct grid_value *x;

	(void)state;
	/* a tab-separated table whose last row has its time garbled in the typing */
	assert_int_equal(read_all(&v, &l,
		"\tMB/s\tuser\tsystem\tcpu\ttime\n"
		"ext2\t10.5\t52.8s\t 81.5s\t22%\t10:02.3m\n"
		"reiser\t 6.4\t55.1s\t188.7s\t24%\t16.19.3m\n"), 1);
	/* five values of the first row, four of the second: the damaged cell gives none */
	assert_int_equal(v.nr, 9);
	x = find(&v, "602.3");
	assert_str(x->metric, "elapsed");
	assert_str(x->unit, "s");
	x = find(&v, "188.7");
	assert_str(x->metric, "sys");
	for (size_t i = 0; i < v.nr; i++)
		assert_true(strcmp(v.v[i].value, "16.19.3m") && strcmp(v.v[i].value, "16"));
	grid_values_release(&v);
	lines_free(&l);
	/* a row whose last cell is damaged goes on a table but starts none */
	assert_int_equal(read_all(&v, &l,
		"results\n"
		"reiser\t 6.4\t55.1s\t188.7s\t24%\t16.19.3m\n"
		"that was all\n"), 0);
	assert_int_equal(v.nr, 0);
	grid_values_release(&v);
	lines_free(&l);
}

static void test_settings_rows_under_a_sentence(void **state)
{
	struct grid_values v;
	struct lines l;
	const struct grid_value *x;

	(void)state;
	/*
	 * rows named by numbers alone are the settings a run was tuned with,
	 * no kernel; a sentence wrapped onto the title line names its test
	 * by the benchmark's word in it, not by its fragment
	 */
	assert_int_equal(read_all(&v, &l,
		"So far the best writeback settings for dbench (sorted\n"
		"by the 64 client run) that I have found are:\n"
		"\n"
		"                          16        32        64\n"
		"                    --------  --------  --------\n"
		"60-800-1000-80-511   201.115   150.470   139.002\n"
		"20-200-1000-40-63    110.920    99.310   108.480\n"), 1);
	assert_int_equal(v.nr, 6);
	x = find(&v, "150.470");
	assert_null(x->kernel);
	assert_str(x->options, "60-800-1000-80-511");
	assert_str(x->benchmark, "dbench 32");
	x = find(&v, "108.480");
	assert_str(x->options, "20-200-1000-40-63");
	assert_str(x->benchmark, "dbench 64");
	grid_values_release(&v);
	lines_free(&l);
}

/* "I/O" and "i.e." are no writer telling what was done: the title names its test. */
static void test_title_with_io_is_no_sentence(void **state)
{
	struct grid_values v;
	struct lines l;
	const struct grid_value *x;

	(void)state;
	assert_int_equal(read_all(&v, &l,
		"Sequential I/O throughput on the array:\n"
		"\n"
		"          MB/s   cpu\n"
		"ext2      41.2   22\n"
		"ext3      38.9   30\n"), 1);
	x = find(&v, "38.9");
	assert_str(x->benchmark, "Sequential I/O throughput on the array");
	grid_values_release(&v);
	lines_free(&l);
	/* the writer's "I" still makes the title a sentence, which names no test here */
	assert_int_equal(read_all(&v, &l,
		"On the array I got these:\n"
		"\n"
		"          MB/s   cpu\n"
		"ext2      41.2   22\n"
		"ext3      38.9   30\n"), 1);
	x = find(&v, "38.9");
	assert_null(x->benchmark);
	grid_values_release(&v);
	lines_free(&l);
}

/* "N  base  zswap  %change": N names the rows' parameter, base and zswap the configs compared. */
static void test_configs_as_columns_under_n(void **state)
{
	struct grid_values v;
	struct lines l;
	const struct grid_value *x;

	(void)state;
	assert_int_equal(read_all(&v, &l,
		"Runtime (in seconds)\n"
		"N\tbase\tpatched\t%change\n"
		"8\t107\t101\t-6%\n"
		"16\t191\t179\t-6%\n"), 1);
	assert_int_equal(v.nr, 4);
	x = find(&v, "191");
	assert_str(x->options, "base");
	assert_str(x->benchmark, "Runtime N=16");
	x = find(&v, "101");
	assert_str(x->options, "patched");
	assert_str(x->benchmark, "Runtime N=8");
	grid_values_release(&v);
	lines_free(&l);
}

static void test_kernels_as_columns(void **state)
{
	struct grid_values v;
	struct lines l;
	const struct grid_value *x;

	(void)state;
	/* MMTests' compare: kernel over config, statistics down, changes in brackets */
	assert_int_equal(read_all(&v, &l,
		"dbench4\n"
		"                               6.2.0-rc4              6.2.0-rc4\n"
		"                                 vanilla            nolock-v2r3\n"
		"Hmean     8-clients     812.11 (   0.00%)      845.92 *   4.16%*\n"
		"Amean     8-clients     800.50 (   0.00%)      830.10 (   3.70%)\n"), 1);
	assert_int_equal(v.nr, 4);
	x = find(&v, "845.92");
	assert_str(x->kernel, "6.2.0-rc4");
	assert_str(x->options, "nolock-v2r3");
	assert_str(x->metric, "Hmean 8-clients");
	assert_str(x->benchmark, "dbench4");
	x = find(&v, "800.50");
	assert_str(x->options, "vanilla");
	grid_values_release(&v);
	lines_free(&l);
}

static void test_robot_table(void **state)
{
	struct grid_values v;
	struct lines l;
	const struct grid_value *x;

	(void)state;
	/* the 0-day robot: base and commit over the values, change between, test case right */
	assert_int_equal(read_all(&v, &l,
		"          v5.9  1f2e3d4c5b6a7f8e9d0c\n"
		"---------------  --------------------\n"
		"    812.50 ~ 7%     -12.5%     711.00       box/fileio/600s-ext4-seqwr\n"
		"    812.50 ~ 7%     -12.5%     711.00       TOTAL fileio.latency_max_ms\n"), 1);
	/* two values and one spread a row, no change */
	assert_int_equal(v.nr, 6);
	x = find(&v, "711.00");
	assert_str(x->kernel, "1f2e3d4c5b6a7f8e9d0c");
	assert_str(x->metric, "fileio.latency_max_ms");
	assert_str(x->benchmark, "box/fileio/600s-ext4-seqwr");
	x = find(&v, "7");
	assert_str(x->kernel, "v5.9");
	assert_str(x->metric, "fileio.latency_max_ms stddev");
	assert_str(x->unit, "%");
	grid_values_release(&v);
	lines_free(&l);
}

static void test_file_systems_as_rows(void **state)
{
	struct grid_values v;
	struct lines l;
	const struct grid_value *x;

	(void)state;
	/* contest's shape: a count of runs to skip, fs fused to the kernel in the label */
	assert_int_equal(read_all(&v, &l,
		"io_load:\n"
		"Kernel   [runs]   Time   CPU%   Ratio\n"
		"2611ext3      3    101   70.2    1.31\n"
		"2611xfs       3     97   74.0    1.26\n"
		"2611reiser    3    110   66.1    1.43\n"), 1);
	assert_int_equal(v.nr, 9);
	x = find(&v, "97");
	assert_str(x->fs, "xfs");
	/* "2611" is the kernel's, said elsewhere: no config is left of the label */
	assert_null(x->options);
	assert_str(x->metric, "elapsed");
	assert_str(x->benchmark, "io_load");
	x = find(&v, "66.1");
	assert_str(x->fs, "reiserfs");
	assert_str(x->metric, "cpu");
	assert_str(x->unit, "%");
	grid_values_release(&v);
	lines_free(&l);
	/* "fs | value @ value" with a rule around, tabs or not */
	assert_int_equal(read_all(&v, &l,
		"# ------------------------------ #\n"
		"Untar a tree on each file system.\n"
		"# ------------------------------ #\n"
		"ext2 | 41.30 sec @ 18% cpu\n"
		"  xfs | 52.02 sec @ 21% cpu\n"), 1);
	x = find(&v, "52.02");
	assert_str(x->fs, "xfs");
	assert_str(x->benchmark, "Untar a tree on each file system.");
	assert_str(x->unit, "sec");
	x = find(&v, "21");
	assert_str(x->metric, "cpu");
	grid_values_release(&v);
	lines_free(&l);
}

static void test_cell_forms(void **state)
{
	struct grid_values v;
	struct lines l;
	const struct grid_value *x;

	(void)state;
	/* durations in words, thousands, multipliers, counts over the columns, wrapped labels */
	assert_int_equal(read_all(&v, &l,
		"  Kernel            Throughput      Elapsed Time\n"
		"  ------            ----------      ------------\n"
		"  2.2.9             3.1 MB/sec      19 min 07 secs\n"
		"  2.4.1-pre2        7.7 MB/sec       8 min 41 secs\n"), 1);
	x = find(&v, "1147");
	assert_str(x->kernel, "2.2.9");
	x = find(&v, "7.7");
	assert_str(x->unit, "MB/sec");
	assert_str(x->metric, "throughput");
	grid_values_release(&v);
	lines_free(&l);
	assert_int_equal(read_all(&v, &l,
		"                 4k randread   4k randwrite\n"
		"sda ext4            1,204,118        317k\n"
		"sda xfs             1,199,002        3.2M\n"), 1);
	x = find(&v, "1204118");
	assert_str(x->fs, "ext4");
	find(&v, "317000");
	find(&v, "3200000");
	grid_values_release(&v);
	lines_free(&l);
	assert_int_equal(read_all(&v, &l,
		"kernel                           1      2      8\n"
		"2.6.11                         31.5   30.2   28.8\n"
		"2.6.11-mm4+a-rather-long-patch-name\n"
		"                               33.0   32.4   30.1\n"), 1);
	assert_int_equal(v.nr, 6);
	x = find(&v, "32.4");
	assert_str(x->kernel, "2.6.11-mm4+a-rather-long-patch-name");
	assert_non_null(strstr(x->benchmark ? x->benchmark : "", "2"));
	grid_values_release(&v);
	lines_free(&l);
	/* a group name inside a table, markdown style */
	assert_int_equal(read_all(&v, &l,
		"|        | LOW    | HIGH   |\n"
		"|:-------|:-------|:-------|\n"
		"| creat_8_threads\n"
		"| BASE   | 1,002  | 1,090  |\n"
		"| TEST   | 1,311  | 1,377  |\n"
		"| rename_8_threads\n"
		"| BASE   | 501    | 533    |\n"), 1);
	assert_int_equal(v.nr, 6);
	x = find(&v, "1377");
	assert_str(x->options, "TEST");
	assert_non_null(strstr(x->benchmark, "creat_8_threads"));
	x = find(&v, "533");
	assert_non_null(strstr(x->benchmark, "rename_8_threads"));
	grid_values_release(&v);
	lines_free(&l);
	/* tiobench 0.3's "." (the directory it ran in) names no config; "-j4" would */
	assert_int_equal(read_all(&v, &l,
		"  Dir   Size   Thr   Rate\n"
		"   .    1024     1   51.20\n"
		"   .    1024     2   40.33\n"), 1);
	x = find(&v, "40.33");
	assert_null(x->options);
	grid_values_release(&v);
	lines_free(&l);
	/* grep -C's groups: "--" names no group, the counting column is the rows' index */
	assert_int_equal(read_all(&v, &l,
		" snapshot 25 0.77\n"
		" snapshot 26 0.02\n"
		" snapshot 27 0.85\n"
		" --\n"
		" snapshot 51 1.45\n"
		" snapshot 52 0.02\n"
		" snapshot 53 1.51\n"), 2);
	assert_int_equal(v.nr, 6);
	x = find(&v, "0.85");
	assert_str(x->benchmark, "snapshot 27");
	assert_null(x->options);
	x = find(&v, "1.51");
	assert_str(x->benchmark, "snapshot 53");
	grid_values_release(&v);
	lines_free(&l);
	/* a "% diff" column beside two configs: the configs stay configs, the change no value */
	assert_int_equal(read_all(&v, &l,
		"| Test    | No cache     | cache        | % diff |\n"
		"|---------+--------------+--------------+--------|\n"
		"| dbench  | 33.32 MB/s   | 70.87 MB/s   | +112.7 |\n"
		"| fsmark  | 1475.1 ops/s | 4309.8 ops/s | +192.2 |\n"), 1);
	assert_int_equal(v.nr, 4);
	x = find(&v, "70.87");
	assert_str(x->options, "cache");
	x = find(&v, "1475.1");
	assert_str(x->options, "No cache");
	grid_values_release(&v);
	lines_free(&l);
	/* "% increase" is such a column too */
	assert_int_equal(read_all(&v, &l,
		"| Test    | No cache     | cache        | % increase |\n"
		"|---------+--------------+--------------+------------|\n"
		"| dbench  | 33.32 MB/s   | 70.87 MB/s   | 112.7      |\n"), 1);
	assert_int_equal(v.nr, 2);
	x = find(&v, "70.87");
	assert_str(x->options, "cache");
	grid_values_release(&v);
	lines_free(&l);
}

static void test_not_tables(void **state)
{
	struct grid_values v;
	struct lines l;

	(void)state;
	/* prose with numbers, a date, a lone key, a table of placeholders only */
	assert_int_equal(read_all(&v, &l,
		"I ran it 3 times and it took 45 seconds on ext3 and\n"
		"then 12 more on xfs, which is odd.\n"
		"Sent on Mon Jan 25 12:13:28 2021\n"
		"\n"
		"-Someone\n"
		"--\n"), 0);
	assert_int_equal(v.nr, 0);
	grid_values_release(&v);
	lines_free(&l);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_cells),
		cmocka_unit_test(test_rows),
		cmocka_unit_test(test_kernels_as_rows),
		cmocka_unit_test(test_tab_row_under_space_rows),
		cmocka_unit_test(test_title_with_io_is_no_sentence),
		cmocka_unit_test(test_configs_as_columns_under_n),
		cmocka_unit_test(test_damaged_cell_keeps_its_row),
		cmocka_unit_test(test_settings_rows_under_a_sentence),
		cmocka_unit_test(test_kernels_as_columns),
		cmocka_unit_test(test_robot_table),
		cmocka_unit_test(test_file_systems_as_rows),
		cmocka_unit_test(test_cell_forms),
		cmocka_unit_test(test_not_tables),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
