#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>

#include "../../core/error.h"
#include "../../core/hwkey.h"
#include "../../core/kver.h"
#include "../../core/options.h"
#include "../../core/proc.h"
#include "../../core/strbuf.h"
#include "../../core/util.h"

/* The ordering that issue 2 names, in order. */
static const char *const kernels[] = {
	"2.2.0-pre5", "2.2.0", "2.4.0-test12", "2.4.7", "2.4.15-pre4", "2.4.15",
	"2.5.44", "2.5.44-ac2", "2.5.44-mm3", "2.6.16-rc5", "2.6.16-rc5-mm3",
	"2.6.16", "6.1.0-28-amd64", "6.18.44",
};
#define NKERNELS ARRAY_SIZE(kernels)

static void test_kernel_order_pairwise(void **state)
{
	size_t i, j;

	(void)state;
	for (i = 0; i < NKERNELS; i++) {
		for (j = 0; j < NKERNELS; j++) {
			int c = kver_cmp(kernels[i], kernels[j]);
			int want = i < j ? -1 : i > j;

			if (c != want)
				fail_msg("kver_cmp(%s, %s) = %d, want %d", kernels[i], kernels[j], c, want);
		}
	}
}

static void test_kernel_sort_shuffled(void **state)
{
	const char *v[NKERNELS];
	size_t i;

	(void)state;
	for (i = 0; i < NKERNELS; i++)
		v[i] = kernels[(i * 5 + 3) % NKERNELS];
	qsort(v, NKERNELS, sizeof(v[0]), kver_cmp_ptr);
	for (i = 0; i < NKERNELS; i++)
		assert_string_equal(v[i], kernels[i]);
}

static void test_kernel_order_edges(void **state)
{
	(void)state;
	assert_true(kver_cmp(NULL, "2.4.7") < 0);
	assert_true(kver_cmp("2.4.9", "2.4.10") < 0);
	assert_true(kver_cmp("2.6.16-rc5", "2.6.16-rc12") < 0);
	assert_true(kver_cmp("6.1.0-28-amd64", "6.1.0-3-amd64") > 0);
	assert_true(kver_cmp("2.4.7", "unknown") < 0);
	assert_int_equal(kver_cmp("2.6.16", "2.6.16"), 0);
	assert_true(kver_cmp("2.6", "2.6.0") != 0);
}

static void test_hardware_key(void **state)
{
	struct hwinfo piii = { "Pentium III (Coppermine)", 1, 256ULL << 20, "ST340016A" };
	struct hwinfo modern = { "Intel(R) Xeon(R) Platinum 8375C CPU @ 2.90GHz", 2,
				 24ULL * 1024 * 1024 * 1024 - 300ULL * 1024 * 1024, "QEMU HARDDISK" };
	struct hwinfo none = { NULL, 0, 0, NULL };
	struct hwinfo hostile = { "../../etc/passwd\n`rm -rf /`", 4, 0, "a/b" };
	char *k;

	(void)state;
	k = hwkey_make(&piii);
	assert_string_equal(k, "piii-1c-256m-st340016a");
	free(k);
	k = hwkey_make(&modern);
	assert_string_equal(k, "xeon-platinum-8375c-2c-24g-qemu-harddisk");
	free(k);
	k = hwkey_make(&none);
	assert_string_equal(k, "unknown");
	free(k);
	k = hwkey_make(&hostile);
	assert_null(strpbrk(k, "/`\n ABCDEFGHIJKLMNOPQRSTUVWXYZ"));
	free(k);
}

static void test_strbuf(void **state)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i;
	char *s;

	(void)state;
	assert_string_equal(sb.buf, "");
	for (i = 0; i < 1000; i++)
		strbuf_addf(&sb, "%zu,", i);
	assert_int_equal(strlen(sb.buf), sb.len);
	strbuf_reset(&sb);
	strbuf_addstr(&sb, "  padded \t\n");
	strbuf_trim(&sb);
	assert_string_equal(sb.buf, "padded");
	s = strbuf_detach(&sb, NULL);
	assert_string_equal(s, "padded");
	assert_string_equal(sb.buf, "");
	free(s);
}

static void test_options(void **state)
{
	static const char *const choices[] = { "text", "json", NULL };
	const char *fmt = "text", *name = NULL;
	int n = 0, flag = 0;
	double alpha = 0.05;
	struct option opts[] = {
		OPT_CHOICE('f', "format", &fmt, choices, "format"),
		OPT_STRING(0, "name", &name, "N", "name"),
		OPT_INT('n', NULL, &n, "N", "count"),
		OPT_DOUBLE(0, "alpha", &alpha, "A", "alpha"),
		OPT_BOOL(0, "flag", &flag, "flag"),
		OPT_END(),
	};
	const char *argv[] = { "cmd", "a", "--format=json", "-n3", "--name", "x", "--alpha", "0.01",
			       "--flag", "--", "--not-an-option", NULL };
	const char *bad[] = { "cmd", "--format", "xml", NULL };
	int nargs;

	(void)state;
	nargs = opt_parse(11, argv, opts, NULL);
	assert_int_equal(nargs, 2);
	assert_string_equal(argv[0], "a");
	assert_string_equal(argv[1], "--not-an-option");
	assert_string_equal(fmt, "json");
	assert_string_equal(name, "x");
	assert_int_equal(n, 3);
	assert_true(alpha > 0.0099 && alpha < 0.0101);
	assert_int_equal(flag, 1);
	assert_int_equal(opt_parse(3, bad, opts, NULL), OPT_USAGE_ERROR);
}

static void test_proc_captures_and_times(void **state)
{
	struct proc_result res = PROC_RESULT_INIT;
	struct proc_opts opts = { .in = PROC_IO_BUFFER, .in_data = "hello\n", .in_len = 6,
				  .out = PROC_IO_CAPTURE, .err = PROC_IO_CAPTURE };
	const char *cat[] = { "cat", NULL };
	const char *sh[] = { "sh", "-c", "echo oops >&2; exit 3", NULL };
	const char *missing[] = { "benchpost-no-such-program", NULL };

	(void)state;
	assert_int_equal(proc_run(&res, cat, &opts), 0);
	assert_true(proc_exited_ok(&res));
	assert_string_equal(res.out.buf, "hello\n");
	assert_true(res.elapsed >= 0);
	proc_result_release(&res);

	assert_int_equal(proc_run(&res, sh, &opts), 0);
	assert_false(proc_exited_ok(&res));
	assert_int_equal(WEXITSTATUS(res.status), 3);
	assert_string_equal(res.err.buf, "oops\n");
	proc_result_release(&res);

	assert_true(proc_run(&res, missing, NULL) < 0);
	assert_non_null(strstr(err_last(), "cannot run 'benchpost-no-such-program'"));
	proc_result_release(&res);
}

static void test_proc_large_stdin_no_deadlock(void **state)
{
	struct proc_result res = PROC_RESULT_INIT;
	size_t n = 4 << 20;
	char *data = malloc(n);
	struct proc_opts opts = { .in = PROC_IO_BUFFER, .in_data = data, .in_len = n,
				  .out = PROC_IO_CAPTURE };
	const char *cat[] = { "cat", NULL };

	(void)state;
	memset(data, 'x', n);
	assert_int_equal(proc_run(&res, cat, &opts), 0);
	assert_int_equal(res.out.len, n);
	proc_result_release(&res);
	free(data);
}

/*
 * A child that exits without reading its input: proc_run must not die of
 * SIGPIPE (library code cannot count on main() ignoring it, and the unit
 * tests do not), and leaves the caller's SIGPIPE handling as it was.
 */
static void test_proc_child_ignores_stdin(void **state)
{
	struct proc_result res = PROC_RESULT_INIT;
	size_t n = 4 << 20; /* far more than a pipe holds */
	char *data = malloc(n);
	struct proc_opts opts = { .in = PROC_IO_BUFFER, .in_data = data, .in_len = n };
	const char *no_read[] = { "true", NULL };
	struct sigaction now;

	(void)state;
	memset(data, 'x', n);
	signal(SIGPIPE, SIG_DFL);
	assert_int_equal(proc_run(&res, no_read, &opts), 0);
	assert_true(proc_exited_ok(&res));
	assert_int_equal(sigaction(SIGPIPE, NULL, &now), 0);
	assert_true(now.sa_handler == SIG_DFL);
	proc_result_release(&res);
	free(data);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_kernel_order_pairwise),
		cmocka_unit_test(test_kernel_sort_shuffled),
		cmocka_unit_test(test_kernel_order_edges),
		cmocka_unit_test(test_hardware_key),
		cmocka_unit_test(test_strbuf),
		cmocka_unit_test(test_options),
		cmocka_unit_test(test_proc_captures_and_times),
		cmocka_unit_test(test_proc_large_stdin_no_deadlock),
		cmocka_unit_test(test_proc_child_ignores_stdin),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
