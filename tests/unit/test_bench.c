#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "../../core/bench.h"
#include "../../core/error.h"
#include "../../core/json.h"
#include "../../core/util.h"

/* The example of DESIGN.md, which is canonical: it must come back byte-exact. */
static const char design_example[] =
	"kernel: 2.5.44-mm3\n"
	"hardware: piii-1c-256m-st340016a\n"
	"cpu: Pentium III (Coppermine) 1 x 866 MHz\n"
	"memory: 256 MiB\n"
	"disk: ST340016A\n"
	"fs: ext3\n"
	"options: data=ordered\n"
	"source: email <3DB6FF5B.5060004@zip.com.au>\n"
	"BenchmarkUntar/tarball=linux-2.5.44.tar.gz 1 53.17 sec/op 4.42 user-sec/op 4.09 sys-sec/op 16 %cpu\n"
	"BenchmarkRmTree/tree=linux-2.5.44 1 19.73 sec/op 0.02 user-sec/op 0.58 sys-sec/op 3 %cpu\n";

static void assert_round_trip(const char *text)
{
	struct recset set = RECSET_INIT;
	struct strbuf out = STRBUF_INIT;

	assert_int_equal(bench_parse(&set, text, strlen(text), "t.bench"), 0);
	bench_write(&out, &set);
	assert_string_equal(out.buf, text);
	strbuf_release(&out);
	recset_release(&set);
}

static void test_design_example_round_trips(void **state)
{
	struct recset set = RECSET_INIT;

	(void)state;
	assert_round_trip(design_example);
	assert_int_equal(bench_parse(&set, design_example, strlen(design_example), "x"), 0);
	assert_int_equal(set.nr, 8);
	assert_string_equal(set.v[0].kernel, "2.5.44-mm3");
	assert_string_equal(set.v[0].fs, "ext3");
	assert_string_equal(set.v[0].options, "data=ordered");
	assert_string_equal(set.v[0].benchmark, "untar/tarball=linux-2.5.44.tar.gz");
	assert_string_equal(set.v[0].metric, "elapsed");
	assert_string_equal(set.v[0].unit, "s");
	assert_string_equal(set.v[0].value, "53.17");
	assert_string_equal(set.v[1].metric, "user");
	assert_string_equal(set.v[3].metric, "cpu");
	assert_string_equal(set.v[3].unit, "%");
	assert_string_equal(set.v[3].value, "16");
	assert_int_equal(set.v[0].iteration, 1);
	assert_int_equal(set.v[0].line, 9);
	assert_string_equal(facts_get(set.v[0].facts, "cpu"), "Pentium III (Coppermine) 1 x 866 MHz");
	assert_string_equal(set.v[4].benchmark, "rmTree/tree=linux-2.5.44");
	recset_release(&set);
}

static void test_samples_config_changes_and_escapes(void **state)
{
	(void)state;
	assert_round_trip(
		"kernel: 2.4.7\n"
		"fs: ext2\n"
		"BenchmarkTar_-zxf_linux-2.2.17.tar.gz 1 2.129 sec/op 1.420 user-sec/op 0.690 sys-sec/op\n"
		"BenchmarkTar_-zxf_linux-2.2.17.tar.gz 1 2.130 sec/op\n"
		"BenchmarkDd_write 1 425 throughput:MB/s 0.5e1 sync-sec/op\n"
		"\n"
		"fs: ext3\n"
		"options: data=writeback\n"
		"quoted: true\n"
		"Benchmark%55ppercase%5Fname 1 7 use:%25\n"
		"\n"
		"options:\n"
		"quoted:\n"
		"Benchmark%2Fslash 3 1 ns/op\n");
}

static void test_iterations_and_decoding(void **state)
{
	static const char text[] =
		"fs: ext2\n"
		"BenchmarkCp_linux.tar.gz 1 1 sec/op\n"
		"BenchmarkCp_linux.tar.gz 1 2 sec/op\n"
		"fs: ext3\n"
		"BenchmarkCp_linux.tar.gz 1 3 sec/op\n";
	struct recset set = RECSET_INIT;

	(void)state;
	assert_int_equal(bench_parse(&set, text, strlen(text), "x"), 0);
	assert_int_equal(set.nr, 3);
	assert_string_equal(set.v[0].benchmark, "cp linux.tar.gz");
	assert_int_equal(set.v[0].iteration, 1);
	assert_int_equal(set.v[1].iteration, 2);
	assert_int_equal(set.v[2].iteration, 1);
	assert_string_equal(set.v[2].fs, "ext3");
	recset_release(&set);
}

static void expect_error(const char *text, const char *message)
{
	struct recset set = RECSET_INIT;

	assert_true(bench_parse(&set, text, strlen(text), "bad.bench") < 0);
	assert_string_equal(err_last(), message);
	assert_int_equal(set.nr, 0);
	recset_release(&set);
}

static void test_malformed_lines(void **state)
{
	(void)state;
	expect_error("kernel: 1\nBenchmarkX 1 abc sec/op\n",
		     "bad.bench:2: expected a number as value");
	expect_error("BenchmarkX\n", "bad.bench:1: expected an iteration count after the benchmark name");
	expect_error("BenchmarkX 0 1 sec/op\n", "bad.bench:1: expected a positive whole iteration count");
	expect_error("BenchmarkX 1 1\n", "bad.bench:1: expected value and unit pairs after the iteration count");
	expect_error("\n\nthis is not a bench file\n",
		     "bad.bench:3: expected a 'key: value' configuration line or a Benchmark line");
	expect_error("Benchmark%zz 1 1 sec/op\n",
		     "bad.bench:1: expected a benchmark name (Benchmark<Name> with valid %XX escapes)");
	expect_error("BenchmarkX 1 1 bad%z:u\n", "bad.bench:1: expected a unit with valid %XX escapes");
}

static void test_hostile_values_stay_on_one_line(void **state)
{
	struct recset set = RECSET_INIT;
	struct strbuf out = STRBUF_INIT;
	struct record *r = recset_add(&set, NULL);

	(void)state;
	r->kernel = xstrdup("2.6.1\nBenchmarkEvil 1 1 sec/op");
	r->benchmark = xstrdup("a b\tc\n");
	r->metric = xstrdup("elapsed");
	r->unit = xstrdup("s");
	r->value = xstrdup("1.5");
	bench_write(&out, &set);
	assert_string_equal(out.buf, "kernel: 2.6.1 BenchmarkEvil 1 1 sec/op\n"
				     "BenchmarkA_b%09c%0A 1 1.5 sec/op\n");
	recset_release(&set);
	assert_int_equal(bench_parse(&set, out.buf, out.len, "x"), 0);
	assert_int_equal(set.nr, 1);
	assert_string_equal(set.v[0].benchmark, "a b\tc\n");
	strbuf_release(&out);
	recset_release(&set);
}

static void test_json_lines(void **state)
{
	struct recset set = RECSET_INIT;
	struct strbuf out = STRBUF_INIT;

	(void)state;
	assert_int_equal(bench_parse(&set, design_example, strlen(design_example), "x"), 0);
	json_write_record(&out, &set.v[0]);
	assert_string_equal(out.buf,
		"{\"kernel\":\"2.5.44-mm3\",\"hardware\":\"piii-1c-256m-st340016a\",\"fs\":\"ext3\","
		"\"options\":\"data=ordered\",\"device\":null,\"benchmark\":\"untar/tarball=linux-2.5.44.tar.gz\","
		"\"metric\":\"elapsed\",\"value\":53.17,\"unit\":\"s\",\"iteration\":1,"
		"\"source\":\"email <3DB6FF5B.5060004@zip.com.au>\",\"quoted\":false,\"line\":9}\n");
	strbuf_release(&out);
	recset_release(&set);
}

static void test_json_escapes_any_bytes(void **state)
{
	struct strbuf out = STRBUF_INIT;

	(void)state;
	json_add_string(&out, "q\"b\\s\n\t\x01\x7f caf\xc3\xa9 \xff\xc3");
	assert_string_equal(out.buf, "\"q\\\"b\\\\s\\n\\t\\u0001\\u007f caf\xc3\xa9 \\u00ff\\u00c3\"");
	strbuf_reset(&out);
	json_add_nstring(&out, "a\0b", 3);
	assert_string_equal(out.buf, "\"a\\u0000b\"");
	strbuf_reset(&out);
	json_add_number(&out, "007.50");
	strbuf_addch(&out, ' ');
	json_add_number(&out, ".5");
	strbuf_addch(&out, ' ');
	json_add_number(&out, "+5.");
	strbuf_addch(&out, ' ');
	json_add_number(&out, "-0.0");
	strbuf_addch(&out, ' ');
	json_add_number(&out, "nan");
	assert_string_equal(out.buf, "7.50 0.5 5.0 -0.0 null");
	strbuf_release(&out);
}

/*
 * Strings are escaped eight bytes a step where they can be: each byte that
 * needs escaping, at every position of strings from 1 to 20 bytes (short,
 * whole words, a tail that overlaps the last word), must still be seen.
 */
static void test_json_escapes_at_every_position(void **state)
{
	static const struct { char byte; const char *escaped; } cases[] = {
		{ '"', "\\\"" }, { '\\', "\\\\" }, { '\n', "\\n" }, { '\x01', "\\u0001" },
		{ '\x1f', "\\u001f" }, { '\x7f', "\\u007f" }, { '\xff', "\\u00ff" },
		{ ' ', " " }, { '~', "~" }, { '!', "!" }, { '[', "[" }, { ']', "]" },
	};
	struct strbuf out = STRBUF_INIT, want = STRBUF_INIT;
	char in[20];
	size_t c, len, at;

	(void)state;
	for (c = 0; c < ARRAY_SIZE(cases); c++) {
		for (len = 1; len <= sizeof(in); len++) {
			for (at = 0; at < len; at++) {
				memset(in, 'a', sizeof(in));
				in[at] = cases[c].byte;
				strbuf_reset(&out);
				json_add_nstring(&out, in, len);
				strbuf_reset(&want);
				strbuf_addch(&want, '"');
				strbuf_add(&want, in, at);
				strbuf_addstr(&want, cases[c].escaped);
				strbuf_add(&want, in + at + 1, len - at - 1);
				strbuf_addch(&want, '"');
				assert_string_equal(out.buf, want.buf);
			}
		}
	}
	strbuf_release(&out);
	strbuf_release(&want);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_design_example_round_trips),
		cmocka_unit_test(test_samples_config_changes_and_escapes),
		cmocka_unit_test(test_iterations_and_decoding),
		cmocka_unit_test(test_malformed_lines),
		cmocka_unit_test(test_hostile_values_stay_on_one_line),
		cmocka_unit_test(test_json_lines),
		cmocka_unit_test(test_json_escapes_any_bytes),
		cmocka_unit_test(test_json_escapes_at_every_position),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
