#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>

#include "../../render/render_metric.h"
#include "../../render/render_stats.h"
#include "../../render/render_text.h"
#include "../../core/util.h"

#include <string.h>

#define N(a) ARRAY_SIZE(a)

static void assert_near(double got, double want, double tol)
{
	if (!(fabs(got - want) <= tol))
		fail_msg("got %.10g, want %.10g (+-%g)", got, want, tol);
}

/* Closed forms: I_x(1,1) = x, I_x(a,1) = x^a, I_1/2(a,a) = 1/2 by symmetry. */
static void test_incbeta_closed_forms(void **state)
{
	(void)state;
	assert_near(stats_incbeta(0.3, 1, 1), 0.3, 1e-12);
	assert_near(stats_incbeta(0.7, 3, 1), pow(0.7, 3), 1e-12);
	assert_near(stats_incbeta(0.5, 7.5, 7.5), 0.5, 1e-12);
	assert_near(stats_incbeta(0.2, 2, 3) + stats_incbeta(0.8, 3, 2), 1, 1e-12);
	assert_near(stats_incbeta(0, 2, 3), 0, 0);
	assert_near(stats_incbeta(1, 2, 3), 1, 0);
}

/*
 * Critical values of Student's t from the printed tables (e.g. Fisher &
 * Yates, Table III; NIST/SEMATECH e-Handbook 1.3.6.7.2): two-sided 5% at
 * df=1 is 12.706, at df=10 2.228, at df=30 2.042; two-sided 1% at df=5 is
 * 4.032.  df=1 is the Cauchy distribution: P(T <= 1) = 3/4 exactly.
 */
static void test_t_cdf_against_tables(void **state)
{
	(void)state;
	assert_near(2 * (1 - stats_t_cdf(12.706, 1)), 0.05, 1e-4);
	assert_near(2 * (1 - stats_t_cdf(2.228, 10)), 0.05, 1e-4);
	assert_near(2 * (1 - stats_t_cdf(2.042, 30)), 0.05, 1e-4);
	assert_near(2 * (1 - stats_t_cdf(4.032, 5)), 0.01, 1e-4);
	assert_near(stats_t_cdf(1, 1), 0.75, 1e-12);
	assert_near(stats_t_cdf(0, 7), 0.5, 1e-12);
	assert_near(stats_t_cdf(-2.228, 10), 0.025, 5e-5);
	/* large df tends to the normal: 1.959964 two-sided 5% */
	assert_near(2 * (1 - stats_t_cdf(1.959964, 1e7)), 0.05, 1e-6);
}

/*
 * The example of R's t.test (Welch by default) as printed in the answer at
 * stats.stackexchange.com/q/475289 and many course notes:
 *   ts1 = c(11,9,10,11,10,12,9,11,12,9); ts2 = c(11,13,10,13,12,9,11,12,12,11)
 *   t = -1.8325, df = 17.9, p-value = 0.08356
 */
static void test_welch_r_example(void **state)
{
	static const double ts1[] = { 11, 9, 10, 11, 10, 12, 9, 11, 12, 9 };
	static const double ts2[] = { 11, 13, 10, 13, 12, 9, 11, 12, 12, 11 };
	struct stats_result r;

	(void)state;
	assert_int_equal(stats_welch(&r, ts1, N(ts1), ts2, N(ts2)), 0);
	assert_near(r.statistic, -1.8325, 5e-5);
	assert_near(r.df, 17.9, 0.05);
	assert_near(r.p, 0.08356, 5e-6);
}

/*
 * Rosetta Code, task "Welch's t-test": the published two-sided p-values
 * of its three data sets (0.021378001462867, 0.090773324285671,
 * 0.010751561149784).
 */
static void test_welch_rosetta_examples(void **state)
{
	static const double d1[] = { 27.5, 21.0, 19.0, 23.6, 17.0, 17.9, 16.9, 20.1,
				     21.9, 22.6, 23.1, 19.6, 19.0, 21.7, 21.4 };
	static const double d2[] = { 27.1, 22.0, 20.8, 23.4, 23.4, 23.5, 25.8, 22.0,
				     24.8, 20.2, 21.9, 22.1, 22.9, 20.5, 24.4 };
	static const double d3[] = { 30.02, 29.99, 30.11, 29.97, 30.01, 29.99 };
	static const double d4[] = { 29.89, 29.93, 29.72, 29.98, 30.02, 29.98 };
	static const double d5[] = { 3.0, 4.0, 1.0, 2.1 };
	static const double d6[] = { 490.2, 340.0, 433.9 };
	struct stats_result r;

	(void)state;
	assert_int_equal(stats_welch(&r, d1, N(d1), d2, N(d2)), 0);
	assert_near(r.p, 0.021378001462867, 1e-12);
	assert_int_equal(stats_welch(&r, d3, N(d3), d4, N(d4)), 0);
	assert_near(r.p, 0.090773324285671, 1e-12);
	assert_int_equal(stats_welch(&r, d5, N(d5), d6, N(d6)), 0);
	assert_near(r.p, 0.010751561149784, 1e-12);
}

static void test_welch_needs_two_samples_each(void **state)
{
	static const double one[] = { 1 }, two[] = { 1, 2 };
	struct stats_result r;

	(void)state;
	assert_int_equal(stats_welch(&r, one, 1, two, 2), -1);
	assert_near(r.p, 1, 0);
}

/*
 * Hollander & Wolfe (1973), p. 69f, the example of R's wilcox.test:
 * permeability constants x (n=10) and y (n=5); wilcox.test(x, y,
 * alternative = "greater") prints W = 35, p-value = 0.1272 (exact), so
 * the two-sided p is 0.2544.
 */
static void test_mann_whitney_hollander_wolfe(void **state)
{
	static const double x[] = { 0.80, 0.83, 1.89, 1.04, 1.45, 1.38, 1.91, 1.64, 0.73, 1.46 };
	static const double y[] = { 1.15, 0.88, 0.90, 0.74, 1.21 };
	struct stats_result r;

	(void)state;
	assert_int_equal(stats_mann_whitney(&r, x, N(x), y, N(y)), 0);
	assert_true(r.exact);
	assert_near(r.statistic, 35, 0);
	assert_near(r.p, 2 * 0.1272, 1e-4);
}

/*
 * Mann & Whitney (1947), Table I, n1 = n2 = 5: P(U <= 0) = 1/252 and
 * P(U <= 2) = 4/252 = .016 (C(10,5) = 252 equally likely orders; U = 0, 1,
 * 2 arise in 1, 1 and 2 of them).  Two-sided p doubles these.  With n=3
 * each the best possible two-sided p is 2/20 = 0.1: never significant.
 */
static void test_mann_whitney_small_tables(void **state)
{
	static const double lo[] = { 1, 2, 3, 4, 5 }, hi[] = { 6, 7, 8, 9, 10 };
	static const double a[] = { 1, 2, 3, 4, 7 }, b[] = { 5, 6, 8, 9, 10 };
	static const double a3[] = { 1, 2, 3 }, b3[] = { 4, 5, 6 };
	struct stats_result r;

	(void)state;
	assert_int_equal(stats_mann_whitney(&r, lo, 5, hi, 5), 0);
	assert_near(r.statistic, 0, 0);
	assert_near(r.p, 2.0 / 252, 1e-12);
	assert_near(r.min_p, 2.0 / 252, 1e-12);
	/* U = 2 (7 beats 5 and 6) */
	assert_int_equal(stats_mann_whitney(&r, a, 5, b, 5), 0);
	assert_near(r.statistic, 2, 0);
	assert_near(r.p, 2 * 4.0 / 252, 1e-12);
	assert_int_equal(stats_mann_whitney(&r, a3, 3, b3, 3), 0);
	assert_near(r.p, 0.1, 1e-12);
	assert_near(r.min_p, 0.1, 1e-12);
}

/* Ties: identical samples can show no difference at all. */
static void test_mann_whitney_ties(void **state)
{
	static const double a[] = { 2, 2, 2, 2 }, b[] = { 2, 2, 2, 2 };
	static const double c[] = { 1, 2, 2, 3 }, d[] = { 2, 3, 3, 4 };
	struct stats_result r;

	(void)state;
	assert_int_equal(stats_mann_whitney(&r, a, 4, b, 4), 0);
	assert_near(r.p, 1, 0);
	/* U by hand: 1 beats nothing; each 2 ties d's 2 (0.5); 3 beats 2 and ties two 3s */
	assert_int_equal(stats_mann_whitney(&r, c, 4, d, 4), 0);
	assert_near(r.statistic, 0 + 0.5 + 0.5 + (1 + 0.5 * 2), 1e-12);
	assert_true(r.p > 0.05 && r.p < 1);
}

static void test_mann_whitney_large_uses_normal(void **state)
{
	double a[40], b[40];
	struct stats_result r;
	int i;

	(void)state;
	for (i = 0; i < 40; i++) {
		a[i] = i;
		b[i] = i + 0.5;
	}
	assert_int_equal(stats_mann_whitney(&r, a, 40, b, 40), 0);
	assert_false(r.exact);
	/* U = sum over a of how many b are below: 0+1+...+39 = 780 = mu - 20 */
	assert_near(r.statistic, 780, 0);
	/* z = (800 - 780 - 0.5) / sqrt(40*40*81/12) = 0.18763...; p = erfc(z/sqrt2) */
	assert_near(r.p, erfc(19.5 / sqrt(40.0 * 40 * 81 / 12) / M_SQRT2), 1e-12);
}

static void test_summary_and_geomean(void **state)
{
	static const double v[] = { 2, 4, 4, 4, 5, 5, 7, 9 };
	static const double g[] = { 1, 3, 9 };
	struct stats_summary s;

	(void)state;
	stats_summarize(&s, v, N(v));
	assert_near(s.mean, 5, 1e-12);
	/* population sd 2 (the classic example); sample sd sqrt(32/7) */
	assert_near(s.sd, sqrt(32.0 / 7), 1e-12);
	assert_near(s.median, 4.5, 0);
	assert_near(s.min, 2, 0);
	assert_near(s.max, 9, 0);
	assert_near(stats_geomean(g, 3), 3, 1e-12);
	assert_true(isnan(stats_geomean(v, 0)));
}


/*
 * The Hodges-Lehmann estimate is by definition the median of the 50
 * differences x[i] - y[j] of Hollander & Wolfe's example (computed by
 * hand: 0.305; R's wilcox.test(x, y, conf.int = TRUE) reports the same
 * "difference in location").  b - a is the convention: a shift of the new
 * side against the old.  Samples shifted by a constant give the constant.
 */
static void test_hodges_lehmann(void **state)
{
	static const double x[] = { 0.80, 0.83, 1.89, 1.04, 1.45, 1.38, 1.91, 1.64, 0.73, 1.46 };
	static const double y[] = { 1.15, 0.88, 0.90, 0.74, 1.21 };
	static const double a[] = { 10.0, 10.2, 10.1, 9.9, 10.3 };
	static const double b[] = { 11.0, 11.2, 11.1, 10.9, 11.3 };
	/* equal medians (5), the rest moved up: the shift is 4, never 0 */
	static const double c[] = { 1.0, 1.1, 1.2, 5, 5, 5, 5 };
	static const double d[] = { 5, 5, 5, 5, 9.0, 9.1, 9.2 };

	(void)state;
	assert_near(stats_hodges_lehmann(y, N(y), x, N(x)), 0.305, 1e-12);
	assert_near(stats_hodges_lehmann(x, N(x), y, N(y)), -0.305, 1e-12);
	assert_near(stats_hodges_lehmann(a, N(a), b, N(b)), 1.0, 1e-12);
	assert_near(stats_hodges_lehmann(c, N(c), d, N(d)), 4.0, 1e-12);
	assert_near(stats_mean_difference(a, N(a), b, N(b)), 1.0, 1e-12);
	assert_true(isnan(stats_hodges_lehmann(a, 0, b, N(b))));
	/* the tests' table names the shift each measures */
	assert_ptr_equal(stats_test_by_name("utest")->shift, stats_hodges_lehmann);
	assert_ptr_equal(stats_test_by_name("welch")->shift, stats_mean_difference);
}

static void assert_number(double v, int decimals, const char *want)
{
	struct strbuf sb = STRBUF_INIT;

	render_number(&sb, v, decimals);
	assert_string_equal(sb.buf, want);
	strbuf_release(&sb);
}

static void assert_relative(double spread, double centre, const char *want)
{
	struct strbuf sb = STRBUF_INIT;

	render_relative_spread(&sb, spread, centre);
	assert_string_equal(sb.buf, want);
	strbuf_release(&sb);
}

/*
 * Precision follows the spread: two significant digits of it, never the
 * input's decimals beyond what was measured.  0.447 -> 0.45: 2 decimals;
 * 34306 -> 34000: thousands (-3); 0.0996 rounds to 0.10: 2, not 3;
 * 0.158 with samples of one decimal: 1; no spread: the input's decimals.
 */
static void test_precision_from_spread(void **state)
{
	(void)state;
	assert_int_equal(render_spread_decimals(0.447, 6), 2);
	assert_int_equal(render_spread_decimals(34306, 6), -3);
	assert_int_equal(render_spread_decimals(0.0996, 6), 2);
	assert_int_equal(render_spread_decimals(0.158, 1), 1);
	assert_int_equal(render_spread_decimals(0, 3), 3);
	assert_int_equal(render_spread_decimals(NAN, 2), 2);
	assert_number(10.1234, render_spread_decimals(0.447, 6), "10.12");
	assert_number(275733, render_spread_decimals(34306, 6), "276000");
	assert_number(-0.0001, 2, "0.00");
	/* relative spreads in whole percents, tenths below 1% */
	assert_relative(0.158, 10.1, "2%");
	assert_relative(34306, 275733, "12%");
	assert_relative(0.6, 100, "0.6%");
	assert_relative(0.0354, 110, "0%");
	assert_relative(0.42, 110, "0.4%");
	assert_relative(0, 5, "0%");
	assert_relative(0.00214, 0, "0.0021");
	assert_relative(0, 0, "0");
	assert_relative(NAN, 1, "?");
}

/* Which way is better, from the metric or its unit: rates up, times down, shares neither. */
static void test_better_direction(void **state)
{
	(void)state;
	assert_int_equal(render_metric_better("throughput", "MB/s"), RENDER_BETTER_HIGHER);
	assert_int_equal(render_metric_better("throughput", "MB/sec"), RENDER_BETTER_HIGHER);
	assert_int_equal(render_metric_better("value", "ops/s"), RENDER_BETTER_HIGHER);
	assert_int_equal(render_metric_better("write-iops", "IO/s"), RENDER_BETTER_HIGHER);
	assert_int_equal(render_metric_better("iops", NULL), RENDER_BETTER_HIGHER);
	assert_int_equal(render_metric_better("transactions-rate", "transactions/s"), RENDER_BETTER_HIGHER);
	assert_int_equal(render_metric_better("write-bw", "KiB/s"), RENDER_BETTER_HIGHER);
	assert_int_equal(render_metric_better("elapsed", "s"), RENDER_BETTER_LOWER);
	assert_int_equal(render_metric_better("write-clat-p99", "ns"), RENDER_BETTER_LOWER);
	assert_int_equal(render_metric_better("cpu", "%"), RENDER_BETTER_UNKNOWN);
	assert_int_equal(render_metric_better("maxrss", "KiB"), RENDER_BETTER_UNKNOWN);
	assert_int_equal(render_metric_better("value", NULL), RENDER_BETTER_UNKNOWN);
}

/* The compact view: one main number a benchmark, the headline rates; the rest is detail. */
static void test_metric_roles(void **state)
{
	static const char *const run[] = { "elapsed", "user", "sys", "sync", "total", "maxrss" };
	static const char *const posted[] = { "elapsed", "user", "sys", "cpu" };
	static const char *const fio[] = { "write-bw", "write-clat-p50", "write-runtime" };
	static const char *const odd[] = { "bar", "foo" };

	(void)state;
	assert_int_equal(render_metric_role("total", "s", run, N(run)), RENDER_ROLE_MAIN);
	assert_int_equal(render_metric_role("elapsed", "s", run, N(run)), RENDER_ROLE_DETAIL);
	assert_int_equal(render_metric_role("maxrss", "KiB", run, N(run)), RENDER_ROLE_DETAIL);
	assert_int_equal(render_metric_role("elapsed", "s", posted, N(posted)), RENDER_ROLE_MAIN);
	assert_int_equal(render_metric_role("cpu", "%", posted, N(posted)), RENDER_ROLE_DETAIL);
	assert_int_equal(render_metric_role("write-bw", "KiB/s", fio, N(fio)), RENDER_ROLE_RATE);
	assert_int_equal(render_metric_role("write-clat-p50", "ns", fio, N(fio)), RENDER_ROLE_DETAIL);
	/* nothing known: the first one stands for the benchmark */
	assert_int_equal(render_metric_role("bar", NULL, odd, N(odd)), RENDER_ROLE_MAIN);
	assert_int_equal(render_metric_role("foo", NULL, odd, N(odd)), RENDER_ROLE_DETAIL);
}

/*
 * The exact U test's smallest two-sided p for n a side is 2 / C(2n, n):
 * 2/20 = 0.100 at n = 3, 2/70 = 0.029 at 4, 2/252 = 0.0079 at 5.  Welch's
 * t reaches any alpha with two samples a side far enough apart.
 */
static void test_n_needed(void **state)
{
	const struct stats_test *u = stats_test_by_name("utest"), *w = stats_test_by_name("welch");

	(void)state;
	assert_int_equal(stats_n_needed(u, 0.05), 4);
	assert_int_equal(stats_n_needed(u, 0.1), 4);
	assert_int_equal(stats_n_needed(u, 0.101), 3);
	assert_int_equal(stats_n_needed(u, 0.01), 5);
	assert_int_equal(stats_n_needed(w, 0.05), 2);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_incbeta_closed_forms),
		cmocka_unit_test(test_t_cdf_against_tables),
		cmocka_unit_test(test_welch_r_example),
		cmocka_unit_test(test_welch_rosetta_examples),
		cmocka_unit_test(test_welch_needs_two_samples_each),
		cmocka_unit_test(test_mann_whitney_hollander_wolfe),
		cmocka_unit_test(test_mann_whitney_small_tables),
		cmocka_unit_test(test_mann_whitney_ties),
		cmocka_unit_test(test_mann_whitney_large_uses_normal),
		cmocka_unit_test(test_summary_and_geomean),
		cmocka_unit_test(test_hodges_lehmann),
		cmocka_unit_test(test_precision_from_spread),
		cmocka_unit_test(test_better_direction),
		cmocka_unit_test(test_metric_roles),
		cmocka_unit_test(test_n_needed),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
