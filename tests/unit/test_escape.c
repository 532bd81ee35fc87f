#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "../../core/bench.h"
#include "../../core/escape.h"
#include "../../core/json.h"
#include "../../core/strbuf.h"
#include "../../core/util.h"

/* Each input, escaped without and with tab and newline kept, checked by hand. */
static void test_escapes_controls(void **state)
{
	static const struct {
		const char *in, *plain, *kept;
	} cases[] = {
		{ "2.6.16-rc5", "2.6.16-rc5", "2.6.16-rc5" },
		{ "a\033[2Jb", "a\\x1b[2Jb", "a\\x1b[2Jb" },
		{ "t\ta\nb\r", "t\\x09a\\x0ab\\x0d", "t\ta\nb\\x0d" },
		{ "del\177", "del\\x7f", "del\\x7f" },
		{ "\001\037 ~", "\\x01\\x1f ~", "\\x01\\x1f ~" },
		/* UTF-8 letters stay, the C1 controls (U+0080..U+009F) do not */
		{ "J\303\266rn", "J\303\266rn", "J\303\266rn" },
		{ "\302\233" "31m", "\\xc2\\x9b31m", "\\xc2\\x9b31m" },
		{ "\302\240nbsp", "\302\240nbsp", "\302\240nbsp" },
		/* bytes outside valid UTF-8: raw CSI, overlong '/', a surrogate, a cut sequence */
		{ "\233" "2J", "\\x9b2J", "\\x9b2J" },
		{ "\300\257", "\\xc0\\xaf", "\\xc0\\xaf" },
		{ "\355\240\200", "\\xed\\xa0\\x80", "\\xed\\xa0\\x80" },
		{ "end\342\202", "end\\xe2\\x82", "end\\xe2\\x82" },
		{ "\360\237\230\200", "\360\237\230\200", "\360\237\230\200" },
		/* a backslash is not quoted: the escape makes text inert, it is not a quoting */
		{ "c:\\x1b", "c:\\x1b", "c:\\x1b" },
	};
	size_t i;

	(void)state;
	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		struct strbuf a = STRBUF_INIT, b = STRBUF_INIT;
		size_t len = strlen(cases[i].in);

		esc_add(&a, cases[i].in, len, 0);
		esc_add(&b, cases[i].in, len, ESC_KEEP_TAB | ESC_KEEP_NEWLINE);
		assert_string_equal(a.buf, cases[i].plain);
		assert_string_equal(b.buf, cases[i].kept);
		assert_int_equal(esc_needed(cases[i].in, len, 0), strcmp(cases[i].in, cases[i].plain) != 0);
		assert_int_equal(esc_needed(cases[i].in, len, ESC_KEEP_TAB | ESC_KEEP_NEWLINE),
				 strcmp(cases[i].in, cases[i].kept) != 0);
		strbuf_release(&a);
		strbuf_release(&b);
	}
}

static void test_embedded_nul(void **state)
{
	struct strbuf sb = STRBUF_INIT;

	(void)state;
	esc_add(&sb, "a\0b", 3, 0);
	assert_string_equal(sb.buf, "a\\x00b");
	strbuf_release(&sb);
}

static void test_bounded_cuts_with_a_mark(void **state)
{
	struct strbuf sb = STRBUF_INIT, want = STRBUF_INIT, again = STRBUF_INIT;
	char big[10000];

	(void)state;
	memset(big, 'y', sizeof(big));
	esc_add_bounded(&sb, big, sizeof(big), 998, 0);
	strbuf_addchars(&want, 'y', 976);
	strbuf_addstr(&want, " [... 9024 bytes cut]");
	assert_string_equal(sb.buf, want.buf);
	assert_true(sb.len <= 998);
	/* cut once, never again */
	esc_add_bounded(&again, sb.buf, sb.len, 998, 0);
	assert_string_equal(again.buf, sb.buf);
	/* never in the middle of a character ("\303\266" is one) ... */
	strbuf_reset(&sb);
	esc_add_bounded(&sb, "abcd\303\266zzzzzzzzzzzzzzzzzzzzzzzzzzzzzz", 36, 24, 0);
	assert_string_equal(sb.buf, "abcd [... 32 bytes cut]");
	/* ... nor of an escape */
	strbuf_reset(&sb);
	esc_add_bounded(&sb, "ab\033zzzzzzzzzzzzzzzzzzzzzzzzzzzzzz", 33, 24, 0);
	assert_string_equal(sb.buf, "ab [... 34 bytes cut]");
	/* the bound is on what is written: at it, nothing is cut */
	strbuf_reset(&sb);
	esc_add_bounded(&sb, "\033\033", 2, 8, 0);
	assert_string_equal(sb.buf, "\\x1b\\x1b");
	strbuf_release(&sb);
	strbuf_release(&want);
	strbuf_release(&again);
}

static void test_fold(void **state)
{
	struct strbuf sb = STRBUF_INIT;

	(void)state;
	/* 10 columns of label already written: breaks take the place of one run of spaces */
	esc_fold(&sb, "aaaa bbbb  cccc dddd", 10, 20, 4);
	assert_string_equal(sb.buf, "aaaa bbbb\n    cccc dddd");
	strbuf_reset(&sb);
	esc_fold(&sb, "averyveryverylongword x", 10, 20, 4);
	assert_string_equal(sb.buf, "averyveryverylongword\n    x");
	strbuf_reset(&sb);
	esc_fold(&sb, "  two  spaces kept", 0, 78, 4);
	assert_string_equal(sb.buf, "  two  spaces kept");
	strbuf_release(&sb);
}

/* JSON keeps every character, spelling the controls, C1 ones included, as \u00XX. */
static void test_json_spells_controls(void **state)
{
	struct strbuf sb = STRBUF_INIT;

	(void)state;
	json_add_string(&sb, "a\033[2J\302\233" "1m\302\240\177");
	assert_string_equal(sb.buf, "\"a\\u001b[2J\\u009b1m\302\240\\u007f\"");
	strbuf_release(&sb);
}

/* Stored values: inert, one line, bounded; read back as they were written. */
static void test_bench_values_inert(void **state)
{
	struct recset set = RECSET_INIT, back = RECSET_INIT;
	struct strbuf out = STRBUF_INIT, again = STRBUF_INIT;
	struct record *r = recset_add(&set, NULL);
	char big[3000];

	(void)state;
	memset(big, 'm', sizeof(big) - 1);
	big[sizeof(big) - 1] = '\0';
	record_set(&r->kernel, "2.6.16\033]52;c;eA==\007");
	record_set(&r->source, big);
	record_set(&r->benchmark, "untar");
	record_set(&r->metric, "elapsed");
	record_set(&r->unit, "s");
	record_set(&r->value, "1.5");
	r->facts = facts_new();
	facts_set(r->facts, "cpu", "P\tIII\nx");
	bench_write(&out, &set);
	assert_null(memchr(out.buf, '\033', out.len));
	assert_non_null(strstr(out.buf, "kernel: 2.6.16\\x1b]52;c;eA==\\x07\n"));
	assert_non_null(strstr(out.buf, "cpu: P\tIII x\n"));
	assert_non_null(strstr(out.buf, "mmm [... 2022 bytes cut]\n"));
	assert_int_equal(bench_parse(&back, out.buf, out.len, "t"), 0);
	assert_int_equal(back.nr, 1);
	assert_string_equal(back.v[0].kernel, "2.6.16\\x1b]52;c;eA==\\x07");
	/* what was written once writes back byte for byte */
	bench_write(&again, &back);
	assert_string_equal(again.buf, out.buf);
	recset_release(&set);
	recset_release(&back);
	strbuf_release(&out);
	strbuf_release(&again);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_escapes_controls),
		cmocka_unit_test(test_embedded_nul),
		cmocka_unit_test(test_bounded_cuts_with_a_mark),
		cmocka_unit_test(test_fold),
		cmocka_unit_test(test_json_spells_controls),
		cmocka_unit_test(test_bench_values_inert),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
