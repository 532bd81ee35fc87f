#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "../../import/import_hardware.h"
#include "../../import/import_pair.h"
#include "../../import/import_patch.h"
#include "../../import/import_prose.h"
#include "../../import/import_table.h"
#include "../../import/import_uuencode.h"
#include "../../mail/mail_lines.h"

/* The forms import reads beyond time blocks and plain tables. */

static const char *uu(struct strbuf *out, const char *s)
{
	strbuf_reset(out);
	return import_uu_decode(out, s, s + strlen(s));
}

static void test_uudecode(void **state)
{
	struct strbuf sb = STRBUF_INIT;
	const char *two = "begin 644 a.txt\n#86)C\n`\nend\nafter\n";

	(void)state;
	/* b2a_uu("abc") is "#86)C" */
	assert_ptr_equal(uu(&sb, two), two + strlen(two) - strlen("after\n"));
	assert_int_equal(sb.len, 3);
	assert_memory_equal(sb.buf, "abc", 3);
	assert_non_null(uu(&sb, "begin 0644 r\n)<F5A;\" Q+C4*\nend"));
	assert_string_equal(sb.buf, "real 1.5\n");
	/* no "end", a line that is not uuencoded, or no mode: not a part */
	assert_null(uu(&sb, "begin 644 a.txt\n#86)C\n`\n"));
	assert_null(uu(&sb, "begin 644 a.txt\nhello world\nend\n"));
	assert_null(uu(&sb, "begin the test\n#86)C\nend\n"));
	strbuf_release(&sb);
}

static void test_line_count(void **state)
{
	(void)state;
	assert_int_equal(mail_lines_count("", 0), 0);
	assert_int_equal(mail_lines_count("a\n", 2), 1);
	assert_int_equal(mail_lines_count("a\nb", 3), 2);
	assert_int_equal(mail_lines_count("\n\n", 2), 2);
}

static void patched(const char *text, size_t version_len, const char *want)
{
	char *k = import_patched_kernel(text, version_len);

	assert_string_equal(k, want);
	free(k);
}

static void test_patches(void **state)
{
	(void)state;
	patched("2.6.16-rc5 + the foo patch, ext3", 10, "2.6.16-rc5+foo");
	patched("2.5.44-mm3 plus xyz.", 10, "2.5.44-mm3+xyz");
	patched("2.5.44-mm3 plus xyz", 10, "2.5.44-mm3+xyz");
	patched("2.6.16 with ext3-reservations.patch applied", 6, "2.6.16+ext3-reservations");
	patched("2.6.16 with /tmp/p/foo.diff.gz", 6, "2.6.16+foo");
	patched("2.6.17-rc1 + foo.diff + bar.patch", 10, "2.6.17-rc1+foo+bar");
	patched("2.6.16 plus the bar patches", 6, "2.6.16+bar");
	/* vague: an ordinary word, no "patch", a number, another kernel */
	patched("2.4.18 plus some fixes", 6, "2.4.18");
	patched("2.4.18 plus fixes from Andrew", 6, "2.4.18");
	patched("2.4.18 with the new allocator", 6, "2.4.18");
	patched("2.4.18 with foo", 6, "2.4.18");
	patched("2.4.18 + 2", 6, "2.4.18");
	patched("2.4.18 + 2.4.19", 6, "2.4.18");
	patched("2.4.18 plus the usual", 6, "2.4.18");
}

static void pair_is(const char *text, enum pair_kind kind, const char *a, const char *b,
		    const char *unit)
{
	struct import_pair p;

	assert_int_equal(import_pair_find(&p, text), 0);
	assert_int_equal(p.kind, kind);
	assert_string_equal(p.what[0], a);
	assert_string_equal(p.what[1], b);
	if (unit)
		assert_string_equal(p.unit[1], unit);
	else
		assert_null(p.unit[1]);
	import_pair_release(&p);
}

static void test_pairs(void **state)
{
	struct import_pair p;

	(void)state;
	assert_true(import_pair_cell("4.42/4.39", 9));
	assert_true(import_pair_cell("1:05/0:58", 9));
	assert_false(import_pair_cell("4.42/", 5));
	assert_false(import_pair_cell("1/2/3", 5));
	assert_false(import_pair_cell("MB/s", 4));

	pair_is("untar, user/sys in seconds", PAIR_METRIC, "user", "sys", "s");
	pair_is("tiobench in MB/s (w/r)", PAIR_STEP, "write", "read", "MB/s");
	pair_is("dbench, before/after the foo patch", PAIR_PATCH, "before", "after", NULL);
	assert_int_equal(import_pair_find(&p, "before/after the foo patch"), 0);
	assert_string_equal(p.patch, "+foo");
	import_pair_release(&p);

	/* not said, or said too vaguely */
	assert_int_equal(import_pair_find(&p, "numbers are MB/s"), -1);
	assert_int_equal(import_pair_find(&p, "before/after my changes"), -1);
	assert_int_equal(import_pair_find(&p, "after/before the foo patch"), -1);
	assert_int_equal(import_pair_find(&p, "user/user"), -1);
	assert_int_equal(import_pair_find(&p, "read/user"), -1);
	assert_int_equal(import_pair_find(&p, "ext3/ordered"), -1);
}

static size_t prose(const char *line, struct prose_nums *n)
{
	if (import_prose_line(n, line))
		return 0;
	return n->nr;
}

static void test_prose(void **state)
{
	static const char *const vague[] = {
		"it took 45 seconds on ext3", "the untar took about 45 seconds",
		"the sync took 3 seconds longer on ext3", "the run took several minutes",
		"the total timing is around 3 seconds", "dbench 16 gave 123.4",
		"untar took 45 on ext3", "a very long subject of many words took 4 s",
		NULL,
	};
	struct prose_nums n;
	size_t i;

	(void)state;
	assert_int_equal(prose("untarring took 45 seconds on ext3 and 38 on ext2", &n), 2);
	assert_string_equal(n.v[0].benchmark, "untarring");
	assert_string_equal(n.v[0].fs, "ext3");
	assert_string_equal(n.v[0].value, "45");
	assert_string_equal(n.v[1].fs, "ext2");
	assert_string_equal(n.v[1].value, "38");
	assert_string_equal(n.v[1].unit, "s");
	import_prose_release(&n);
	assert_int_equal(prose("dbench 16 gave 123.4 MB/s", &n), 1);
	assert_string_equal(n.v[0].benchmark, "dbench 16");
	assert_string_equal(n.v[0].metric, "throughput");
	assert_string_equal(n.v[0].unit, "MB/s");
	assert_null(n.v[0].fs);
	import_prose_release(&n);
	/* a second number without its own fs is not read */
	assert_int_equal(prose("untar took 45 seconds on ext3 and 38", &n), 1);
	import_prose_release(&n);
	for (i = 0; vague[i]; i++)
		assert_int_equal(prose(vague[i], &n), 0);
	assert_true(import_prose_may_start("x took 4 s"));
	assert_false(import_prose_may_start("took 4 s"));
	assert_false(import_prose_may_start("real 0m1.5s"));
	/* every verb form, at its 'k' or 'v' only */
	for (i = 0; i < 4; i++) {
		static const char *const lines[] = {
			"x took 4 s", "x takes 4 s", "x gave 2 MB/s", "x gives 2 MB/s",
		};
		const char *kv = strpbrk(lines[i], "kv");

		assert_true(import_prose_may_start(lines[i]));
		assert_true(import_prose_verb_at(lines[i], kv));
		assert_false(import_prose_verb_at(lines[i], kv - 1));
	}
	assert_false(import_prose_may_start("the kernel would have to take it"));
	assert_int_equal(prose("untarring takes 45 seconds on ext3", &n), 1);
	assert_string_equal(n.v[0].benchmark, "untarring");
	assert_string_equal(n.v[0].value, "45");
	assert_string_equal(n.v[0].fs, "ext3");
	import_prose_release(&n);
	assert_int_equal(prose("dbench 16 gives 99.5 MB/s", &n), 1);
	assert_string_equal(n.v[0].value, "99.5");
	import_prose_release(&n);
}

/* Sizes of memory and CPU words wherever they stand in the line. */
static void test_hardware(void **state)
{
	size_t k;

	(void)state;
	for (k = 0; k < 40; k++) {
		struct strbuf sb = STRBUF_INIT;
		struct import_hw hw;

		strbuf_addchars(&sb, 'w', k);
		strbuf_addstr(&sb, " 1.5G x512M ram, then 512 MB of memory");
		import_hw_init(&hw);
		import_hw_line(&hw, sb.buf, 1);
		assert_int_equal(hw.mem_bytes, 512ULL << 20);
		assert_null(hw.cpu);
		import_hw_release(&hw);
		strbuf_reset(&sb);
		strbuf_addchars(&sb, 'w', k);
		strbuf_addstr(&sb, " Caches, wIntel and a dual Intel Xeon, 2GB RAM");
		import_hw_init(&hw);
		import_hw_line(&hw, sb.buf, 0);
		assert_int_equal(hw.mem_bytes, 0);
		assert_string_equal(hw.cpu, "Intel Xeon");
		assert_int_equal(hw.cpus, 2);
		import_hw_line(&hw, sb.buf, 1);
		assert_int_equal(hw.mem_bytes, 2ULL << 30);
		import_hw_release(&hw);
		/* a Seagate model after capitals that start no model, at every offset */
		strbuf_reset(&sb);
		strbuf_addchars(&sb, 'w', k);
		strbuf_addstr(&sb, " STATS on xST340016A, STAR ST12, a ST340016A ATA");
		import_hw_init(&hw);
		import_hw_line(&hw, sb.buf, 0);
		assert_null(hw.disks);
		import_hw_line(&hw, sb.buf, 1);
		assert_non_null(hw.disks);
		assert_string_equal(facts_get(hw.disks, ""), "ST340016A");
		import_hw_release(&hw);
		strbuf_release(&sb);
	}
}

static int any_column(const char *name, void *data)
{
	(void)data;
	return strcmp(name, "bogus") != 0;
}

static int table_of(struct import_table *t, struct qtext *q, const char *text)
{
	mail_quote_split(q, text, strlen(text), 0, NULL);
	return import_table_at(t, q->v, q->nr, 0, any_column, NULL);
}

/*
 * A table's strings and arrays come out of blocks it owns, one of which
 * the next table reuses: many rows (arrays moved as they grow, several
 * blocks), a label bigger than any kept block, a two-line header, and a
 * small table after each, every string read back as posted.
 */
static void test_table_blocks(void **state)
{
	const char *small = "\t2.4.7\t2.5.44\nreal\t1.5s\t2.5%\n";
	const char *two = "                 2.4.18  2.4.19-pre\n"
			  "                 ext3    xfs\n"
			  "dbench 16 procs  45.1    39.8\n";
	struct strbuf text = STRBUF_INIT;
	struct import_table t;
	struct qtext q = QTEXT_INIT;
	size_t i, round;
	char want[32];

	(void)state;
	for (round = 0; round < 2; round++) {
		strbuf_reset(&text);
		strbuf_addstr(&text, "runs\tA\tB\n");
		for (i = 0; i < 3000; i++)
			strbuf_addf(&text, "row%zu\t%zu.5\t%zu\n", i, i, i + 1);
		assert_int_equal(table_of(&t, &q, text.buf), 0);
		assert_string_equal(t.title, "runs");
		assert_string_equal(t.cols[0], "A");
		assert_string_equal(t.cols[1], "B");
		assert_int_equal(t.nrows, 3000);
		assert_int_equal(t.ncells, 6000);
		for (i = 0; i < 3000; i += 999) {
			snprintf(want, sizeof(want), "row%zu", i);
			assert_string_equal(t.rows[i], want);
			snprintf(want, sizeof(want), "%zu.5", i);
			assert_string_equal(t.cells[2 * i].text, want);
			snprintf(want, sizeof(want), "%zu", i + 1);
			assert_string_equal(t.cells[2 * i + 1].text, want);
			assert_int_equal(t.cells[2 * i + 1].row, i);
			assert_int_equal(t.cells[2 * i + 1].col, 1);
		}
		import_table_release(&t);
		mail_quote_release(&q);

		assert_int_equal(table_of(&t, &q, small), 0);
		assert_null(t.title);
		assert_string_equal(t.cols[0], "2.4.7");
		assert_string_equal(t.rows[0], "real");
		assert_string_equal(t.cells[0].text, "1.5");
		assert_string_equal(t.cells[1].text, "2.5");
		import_table_release(&t);
		mail_quote_release(&q);

		/* a row label of 100000 bytes: a block of its own, not kept */
		strbuf_reset(&text);
		strbuf_addstr(&text, "\tx1\tx2\n");
		for (i = 0; i < 100000; i++)
			strbuf_addch(&text, 'a' + i % 26);
		strbuf_addstr(&text, "\t7\t8\n");
		assert_int_equal(table_of(&t, &q, text.buf), 0);
		assert_int_equal(strlen(t.rows[0]), 100000);
		assert_memory_equal(t.rows[0], text.buf + 7, 100000);
		assert_string_equal(t.cells[1].text, "8");
		import_table_release(&t);
		mail_quote_release(&q);

		assert_int_equal(table_of(&t, &q, two), 0);
		assert_string_equal(t.cols[0], "2.4.18");
		assert_string_equal(t.cols[1], "2.4.19-pre");
		assert_string_equal(t.cols2[0], "ext3");
		assert_string_equal(t.cols2[1], "xfs");
		assert_string_equal(t.rows[0], "dbench 16 procs");
		assert_string_equal(t.cells[1].text, "39.8");
		import_table_release(&t);
		mail_quote_release(&q);
	}
	strbuf_release(&text);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_uudecode),
		cmocka_unit_test(test_line_count),
		cmocka_unit_test(test_patches),
		cmocka_unit_test(test_pairs),
		cmocka_unit_test(test_prose),
		cmocka_unit_test(test_hardware),
		cmocka_unit_test(test_table_blocks),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
