#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>

#include "../../core/json.h"
#include "../../core/util.h"

/*
 * Numbers in the forms values take, each written by json_add_number; the
 * common ones go through the copy that checks as it goes, the rest through
 * the general rewrite.
 */
static void test_json_number_forms(void **state)
{
	static const struct { const char *in, *want; } cases[] = {
		{ "68.01", "68.01" }, { "120", "120" }, { "0", "0" }, { "0.5", "0.5" },
		{ "0.", "0.0" }, { "5.", "5.0" }, { "05", "5" }, { "007.50", "7.50" },
		{ ".5", "0.5" }, { "+5.", "5.0" }, { "-1", "-1" }, { "1e3", "1e3" },
		{ "1.2.3", "null" }, { "", "null" }, { "12a", "null" }, { "1.", "1.0" },
	};
	struct strbuf out = STRBUF_INIT;
	size_t i;

	(void)state;
	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		strbuf_reset(&out);
		json_add_number(&out, cases[i].in);
		assert_string_equal(out.buf, cases[i].want);
	}
	strbuf_release(&out);
}

/* Each record written through a writer and on its own, to be compared at the end. */
struct both {
	struct json_writer *jw;
	struct strbuf cached, single;
};

static void both_write(struct both *b, const struct record *r)
{
	json_writer_record(b->jw, &b->cached, r);
	json_write_record(&b->single, r);
}

static void both_check_and_free(struct both *b)
{
	assert_string_equal(b->cached.buf, b->single.buf);
	json_writer_free(b->jw);
	strbuf_release(&b->cached);
	strbuf_release(&b->single);
}

/*
 * A writer copies the strings it has seen need no escaping; records that
 * share strings (one pointer in two fields, the same strings again, some
 * needing escapes, UTF-8 and bytes that are not) must come out exactly as
 * each record written on its own.
 */
static void test_json_writer_same_as_single_records(void **state)
{
	char plain[] = "ext3", quote[] = "a\"b", utf8[] = "caf\xc3\xa9", latin1[] = "\xff",
	     long_plain[] = "email <a-long-message-id@example.org>", value[] = "68.01",
	     odd_value[] = "+5.";
	char *strings[] = { plain, quote, utf8, latin1, long_plain, NULL };
	char *values[] = { value, odd_value, NULL };
	struct both b = { json_writer_new(), STRBUF_INIT, STRBUF_INIT };
	struct record r = RECORD_INIT;
	size_t round, k;

	(void)state;
	for (round = 0; round < 3; round++) {
		for (k = 0; k < 24; k++) {
			r.kernel = strings[k % 6];
			r.hardware = strings[(k + 1) % 6];
			r.fs = strings[(k / 2) % 6];
			r.options = strings[(k + 3) % 6];
			r.device = r.kernel;   /* one string in two fields */
			r.benchmark = strings[(k + 2) % 6];
			r.metric = strings[(k / 3) % 6];
			r.value = values[k % 3];
			r.unit = strings[(k + 5) % 6];
			r.source = strings[(k + 4) % 6];
			r.iteration = (int)k;
			r.line = (long)(k * 7);
			r.quoted = (int)(k & 1);
			both_write(&b, &r);
		}
	}
	both_check_and_free(&b);
}

/*
 * More strings than the writer has slots, so that strings of one record
 * share a slot: each field must still be written from its own string.
 */
static void test_json_writer_strings_sharing_slots(void **state)
{
	enum { N = 3000 };
	static char text[N][16];
	struct both b = { json_writer_new(), STRBUF_INIT, STRBUF_INIT };
	struct record r = RECORD_INIT;
	size_t k, seed = 1;

	(void)state;
	for (k = 0; k < N; k++)
		snprintf(text[k], sizeof(text[k]), k % 5 ? "s%zu" : "q\"%zu", k);
	for (k = 0; k < 2000; k++) {
		char **f[] = { &r.kernel, &r.hardware, &r.fs, &r.options, &r.device,
			       &r.benchmark, &r.metric, &r.unit, &r.source };
		size_t i;

		for (i = 0; i < ARRAY_SIZE(f); i++) {
			seed = seed * 6364136223846793005ull + 1442695040888963407ull;
			*f[i] = text[(seed >> 33) % N];
		}
		both_write(&b, &r);
	}
	both_check_and_free(&b);
}

/*
 * Records that mostly share their kernel..benchmark and their source, as an
 * import's do, with one field changed at a time and the quoted flag turned
 * under one source: the pieces a writer copies must be the ones each record
 * would have written.  Lines and iterations of every length are checked
 * against printf.
 */
static void test_json_writer_shared_pieces(void **state)
{
	char k1[] = "2.4.7", k2[] = "2.5.44-mm3", ext3[] = "ext3", xfs[] = "xfs", tar[] = "tar x",
	     src1[] = "email <a@b>", src2[] = "email <a@b>", user[] = "user", v[] = "1.5";
	char *kernels[] = { k1, k2 }, *fss[] = { ext3, xfs, NULL }, *sources[] = { src1, src2 };
	struct both b = { json_writer_new(), STRBUF_INIT, STRBUF_INIT };
	struct record r = RECORD_INIT;
	long line = 1;
	size_t k;

	(void)state;
	r.benchmark = tar;
	r.metric = user;
	r.value = v;
	for (k = 0; k < 300; k++) {
		char want[64];

		r.kernel = kernels[k % 2];
		r.fs = fss[(k / 4) % 3];
		r.options = k % 7 == 0 ? ext3 : NULL;
		r.source = sources[(k / 16) % 2];
		r.quoted = (k / 5) % 2;
		r.iteration = (int)(k % 13) - 1;
		line = k % 19 == 0 ? line * 10 + (long)(k % 10) : line;
		r.line = k == 299 ? 9223372036854775807L : line;
		strbuf_reset(&b.single);
		strbuf_reset(&b.cached);
		both_write(&b, &r);
		assert_string_equal(b.cached.buf, b.single.buf);
		snprintf(want, sizeof(want), "\"line\":%ld}\n", r.line);
		assert_non_null(strstr(b.cached.buf, want));
		if (r.iteration > 0)
			snprintf(want, sizeof(want), "\"iteration\":%d,", r.iteration);
		else
			snprintf(want, sizeof(want), "\"iteration\":null,");
		assert_non_null(strstr(b.cached.buf, want));
	}
	both_check_and_free(&b);
}

/* One record, checked by hand: what the writer copies is what it escaped. */
static void test_json_writer_by_hand(void **state)
{
	char quote[] = "a\"b", value[] = "0.5";
	struct strbuf out = STRBUF_INIT;
	struct json_writer *jw = json_writer_new();
	struct record r = RECORD_INIT;
	const char *want = "{\"kernel\":\"a\\\"b\",\"hardware\":null,\"fs\":\"a\\\"b\",\"options\":null,"
			   "\"device\":null,\"benchmark\":null,\"metric\":null,\"value\":0.5,"
			   "\"unit\":null,\"iteration\":2,\"source\":\"a\\\"b\",\"quoted\":true,"
			   "\"line\":3}\n";

	(void)state;
	r.kernel = r.fs = r.source = quote;
	r.value = value;
	r.iteration = 2;
	r.line = 3;
	r.quoted = 1;
	json_writer_record(jw, &out, &r);
	assert_string_equal(out.buf, want);
	strbuf_reset(&out);
	json_writer_record(jw, &out, &r);
	assert_string_equal(out.buf, want);
	json_writer_free(jw);
	strbuf_release(&out);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_json_number_forms),
		cmocka_unit_test(test_json_writer_same_as_single_records),
		cmocka_unit_test(test_json_writer_strings_sharing_slots),
		cmocka_unit_test(test_json_writer_shared_pieces),
		cmocka_unit_test(test_json_writer_by_hand),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
