#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "../../core/bench.h"
#include "../../render/render_gnuplot.h"
#include "../../render/render_layout.h"
#include "../../render/render_table.h"
#include "../../render/render_text.h"

#define FIXTURES BENCHPOST_SRCDIR "/tests/fixtures/render/"

/* Every line of a post: ASCII, no tab or control character, at most 72 columns. */
static void assert_postable(const char *text)
{
	const char *line = text;
	int n = 1;

	while (*line) {
		const char *nl = strchr(line, '\n');
		size_t len = nl ? (size_t)(nl - line) : strlen(line), i;

		if (len > 72)
			fail_msg("line %d is %zu columns: %.*s", n, len, (int)len, line);
		for (i = 0; i < len; i++)
			if ((unsigned char)line[i] < 0x20 || (unsigned char)line[i] >= 0x7f)
				fail_msg("line %d has byte 0x%02x", n, (unsigned char)line[i]);
		if (!nl)
			break;
		line = nl + 1;
		n++;
	}
}

static void layout_matches(const char *layout, const char *bench, const char *golden)
{
	/* as a report draws them: medians, the compact rows */
	static const struct render_layout_opts report = { 1, 0, 0 };
	struct recset set = RECSET_INIT;
	struct strbuf out = STRBUF_INIT, want = STRBUF_INIT;

	assert_int_equal(bench_read_file(&set, bench), 0);
	render_layout_by_name(layout)->render(&out, &set, render_table_format("text"), &report);
	assert_int_equal(strbuf_read_file(&want, golden), 0);
	assert_string_equal(out.buf, want.buf);
	assert_postable(out.buf);
	strbuf_release(&out);
	strbuf_release(&want);
	recset_release(&set);
}

/*
 * Seed 002's layout: metric rows x kernel columns under each file system.
 * The golden file was checked by hand against the numbers of the post
 * (/work/shared/corpus/seeds/002_707d3232567e006f.txt); kernels stand in
 * version order (2.5.44-ac2 < 2.5.44-mm3, core/kver.h).
 */
static void test_seed002_kernel_columns(void **state)
{
	(void)state;
	layout_matches("kernels", FIXTURES "seed002.bench", FIXTURES "seed002-kernels.txt");
	/* auto picks the kernel layout for several kernels */
	layout_matches("auto", FIXTURES "seed002.bench", FIXTURES "seed002-kernels.txt");
}

/* Seed 004's layout: benchmark rows x config columns, a legend expanding the names. */
static void test_seed004_config_columns(void **state)
{
	(void)state;
	layout_matches("configs", FIXTURES "seed004.bench", FIXTURES "seed004-configs.txt");
	layout_matches("auto", FIXTURES "seed004.bench", FIXTURES "seed004-configs.txt");
}

/*
 * Eight kernels do not fit in 72 columns: the table is split into column
 * groups, each repeating the labels, never wrapped inside a row.  Medians
 * and relative sample standard deviations checked by hand: (80, 82): 81.0,
 * sd sqrt(2) = 1.41 is 1.7% of it, shown "+-2%", and its two significant
 * digits (1.4) give the centre one decimal; (110.25, 109.75): 110.00, sd
 * 0.35 (two decimals), 0.32% shown "+-0.3%".
 */
static void test_wide_table_is_split(void **state)
{
	(void)state;
	layout_matches("kernels", FIXTURES "wide.bench", FIXTURES "wide-kernels.txt");
}

static void test_decimal_alignment_and_keys(void **state)
{
	struct render_table t = RENDER_TABLE_INIT;
	struct strbuf out = STRBUF_INIT;
	struct render_cell *c;
	const char *long_label =
		"untar/tarball=linux-6.1.tar.xz,dir=/mnt/scratch/benchpost-0123456789 elapsed";

	(void)state;
	render_table_set_title(&t, "t\xc3\xa9st\ttitle", "what");
	render_table_add_col(&t, "a (s)");
	c = render_table_add_row(&t, "short");
	render_cell_set(&c[0], "1.5", "0.25", NULL);
	c = render_table_add_row(&t, long_label);
	render_cell_set(&c[0], "123", NULL, "n=3");
	render_table_write(&out, &t, render_table_format("text"));
	assert_postable(out.buf);
	/* non-ASCII and tabs cleaned; the point of 1.5 over the end of 123 */
	assert_string_equal(out.buf,
			    "t?st title\n"
			    "what              a (s)\n"
			    "short    1.5 +-0.25\n"
			    "[1]    123          n=3\n"
			    "\n"
			    "[1] untar/tarball=linux-6.1.tar.xz,dir=/mnt/scratch/benchpost-0123456789\n"
			    "    elapsed\n");
	strbuf_reset(&out);
	render_table_write(&out, &t, render_table_format("utf8"));
	assert_non_null(strstr(out.buf, "1.5 \xc2\xb1" "0.25"));
	assert_non_null(strstr(out.buf, "t\xc3\xa9st title"));
	strbuf_release(&out);
	render_table_release(&t);
}

static void test_html_table_escapes(void **state)
{
	struct render_table t = RENDER_TABLE_INIT;
	struct strbuf out = STRBUF_INIT;
	struct render_cell *c;

	(void)state;
	render_table_set_title(&t, "<script>x</script>", "");
	render_table_add_col(&t, "a&b");
	c = render_table_add_row(&t, "\"q\"");
	render_cell_set(&c[0], "1", "2", NULL);
	render_table_write(&out, &t, render_table_format("html"));
	assert_null(strstr(out.buf, "<script>"));
	assert_non_null(strstr(out.buf, "&lt;script&gt;"));
	assert_non_null(strstr(out.buf, "<th>a&amp;b</th>"));
	assert_non_null(strstr(out.buf, "<td>1 &#177;2</td>"));
	strbuf_release(&out);
	render_table_release(&t);
}

static void test_wrap(void **state)
{
	struct strbuf out = STRBUF_INIT;

	(void)state;
	render_text_wrap(&out, "aaa bbb ccc  ddd", 8, "- ", "  ");
	assert_string_equal(out.buf, "- aaa\n  bbb\n  ccc\n  ddd\n");
	strbuf_reset(&out);
	render_text_wrap(&out, "0123456789abc", 6, "", "");
	assert_string_equal(out.buf, "012345\n6789ab\nc\n");
	strbuf_release(&out);
}

static void test_numbers(void **state)
{
	struct strbuf out = STRBUF_INIT;

	(void)state;
	render_number(&out, -0.0001, 2);
	assert_string_equal(out.buf, "0.00");
	strbuf_reset(&out);
	render_number(&out, 2.345, 1);
	assert_string_equal(out.buf, "2.3");
	assert_int_equal(render_decimals("53.17"), 2);
	assert_int_equal(render_decimals("16"), 0);
	strbuf_release(&out);
}

/* What gnuplot would interpret never appears: it is all octal escapes. */
static void test_gnuplot_quote(void **state)
{
	struct strbuf out = STRBUF_INIT;

	(void)state;
	render_gnuplot_quote(&out, "a`id` system(\"x\") @m 'q' \\ \n\xc3\xa9", 0);
	assert_string_equal(out.buf,
			    "\"a\\140id\\140 system(\\042x\\042) \\100m \\047q\\047 \\134  \\077\"");
	strbuf_release(&out);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_seed002_kernel_columns),
		cmocka_unit_test(test_seed004_config_columns),
		cmocka_unit_test(test_wide_table_is_split),
		cmocka_unit_test(test_decimal_alignment_and_keys),
		cmocka_unit_test(test_html_table_escapes),
		cmocka_unit_test(test_wrap),
		cmocka_unit_test(test_numbers),
		cmocka_unit_test(test_gnuplot_quote),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
