#include "render_stats.h"
#include "../core/strbuf.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static int cmp_double(const void *pa, const void *pb)
{
	double a = *(const double *)pa, b = *(const double *)pb;

	return (a > b) - (a < b);
}

void stats_summarize(struct stats_summary *out, const double *v, size_t n)
{
	double *sorted, sum = 0, sq = 0;
	size_t i;

	memset(out, 0, sizeof(*out));
	out->n = n;
	if (!n) {
		out->mean = out->median = out->min = out->max = NAN;
		return;
	}
	sorted = xmalloc(n * sizeof(*sorted));
	memcpy(sorted, v, n * sizeof(*sorted));
	qsort(sorted, n, sizeof(*sorted), cmp_double);
	for (i = 0; i < n; i++)
		sum += v[i];
	out->mean = sum / n;
	/* two passes: the one-pass formula loses digits on close samples */
	for (i = 0; i < n; i++)
		sq += (v[i] - out->mean) * (v[i] - out->mean);
	out->sd = n > 1 ? sqrt(sq / (n - 1)) : 0;
	out->min = sorted[0];
	out->max = sorted[n - 1];
	out->median = n % 2 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
	free(sorted);
}

double stats_geomean(const double *v, size_t n)
{
	double logs = 0;
	size_t i;

	if (!n)
		return NAN;
	for (i = 0; i < n; i++) {
		if (!(v[i] > 0))
			return NAN;
		logs += log(v[i]);
	}
	return exp(logs / n);
}

/* The continued fraction of I_x(a, b), evaluated by the modified Lentz method. */
static double incbeta_cf(double x, double a, double b)
{
	const double tiny = 1e-300, eps = 1e-15;
	double c = 1, d = 1 - (a + b) * x / (a + 1), h;
	int m;

	if (fabs(d) < tiny)
		d = tiny;
	d = 1 / d;
	h = d;
	for (m = 1; m <= 1000; m++) {
		double num, delta;
		int k;

		for (k = 0; k < 2; k++) {
			if (k == 0)
				num = m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m));
			else
				num = -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1));
			d = 1 + num * d;
			if (fabs(d) < tiny)
				d = tiny;
			c = 1 + num / c;
			if (fabs(c) < tiny)
				c = tiny;
			d = 1 / d;
			delta = c * d;
			h *= delta;
		}
		if (fabs(delta - 1) < eps)
			break;
	}
	return h;
}

double stats_incbeta(double x, double a, double b)
{
	double front;

	if (isnan(x) || !(a > 0) || !(b > 0))
		return NAN;
	if (x <= 0)
		return 0;
	if (x >= 1)
		return 1;
	front = exp(lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) + b * log1p(-x));
	/* the fraction converges fast only below the mean; use symmetry above */
	if (x < (a + 1) / (a + b + 2))
		return front * incbeta_cf(x, a, b) / a;
	return 1 - front * incbeta_cf(1 - x, b, a) / b;
}

double stats_t_cdf(double t, double df)
{
	double tail;

	if (isinf(t))
		return t > 0 ? 1 : 0;
	tail = 0.5 * stats_incbeta(df / (df + t * t), df / 2, 0.5);
	return t > 0 ? 1 - tail : tail;
}

int stats_welch(struct stats_result *out, const double *a, size_t na,
		const double *b, size_t nb)
{
	struct stats_summary sa, sb;
	double va, vb, se2;

	memset(out, 0, sizeof(*out));
	out->p = out->min_p = 1;
	if (na < 2 || nb < 2)
		return -1;
	stats_summarize(&sa, a, na);
	stats_summarize(&sb, b, nb);
	va = sa.sd * sa.sd / na;
	vb = sb.sd * sb.sd / nb;
	se2 = va + vb;
	out->min_p = 0;
	if (se2 == 0) {
		/* no noise at all: any difference is certain, none is none */
		out->statistic = sa.mean == sb.mean ? 0 : copysign(INFINITY, sa.mean - sb.mean);
		out->df = na + nb - 2;
		out->p = sa.mean == sb.mean ? 1 : 0;
		return 0;
	}
	out->statistic = (sa.mean - sb.mean) / sqrt(se2);
	out->df = se2 * se2 / (va * va / (na - 1) + vb * vb / (nb - 1));
	out->p = stats_incbeta(out->df / (out->df + out->statistic * out->statistic),
			       out->df / 2, 0.5);
	return 0;
}

struct ranked {
	double v;
	int first;   /* from the first sample */
};

static int cmp_ranked(const void *pa, const void *pb)
{
	return cmp_double(&((const struct ranked *)pa)->v, &((const struct ranked *)pb)->v);
}

static double choose(size_t n, size_t k)
{
	return exp(lgamma(n + 1.0) - lgamma(k + 1.0) - lgamma(n - k + 1.0));
}

/*
 * The exact permutation distribution of the first sample's rank sum, with
 * ties at their mid-ranks (doubled so that they stay integers): count the
 * subsets of size na for each sum.  Exact with or without ties.
 */
static double exact_p(const long *rank2, size_t n, size_t na, long w2)
{
	long maxsum = (long)n * (long)(n + 1);
	double *count = xcalloc((na + 1) * (maxsum + 1), sizeof(*count));
	double total = 0, le = 0, ge = 0, p;
	size_t i, k;
	long s;

	count[0] = 1;
	for (i = 0; i < n; i++)
		for (k = (i + 1 < na ? i + 1 : na); k >= 1; k--)
			for (s = maxsum; s >= rank2[i]; s--)
				count[k * (maxsum + 1) + s] += count[(k - 1) * (maxsum + 1) + s - rank2[i]];
	for (s = 0; s <= maxsum; s++) {
		double c = count[na * (maxsum + 1) + s];

		total += c;
		if (s <= w2)
			le += c;
		if (s >= w2)
			ge += c;
	}
	free(count);
	p = 2 * (le < ge ? le : ge) / total;
	return p > 1 ? 1 : p;
}

#define EXACT_MAX_N 50

int stats_mann_whitney(struct stats_result *out, const double *a, size_t na,
		       const double *b, size_t nb)
{
	size_t n = na + nb, i, j;
	struct ranked *all;
	long *rank2, w2 = 0;
	double ties = 0;

	memset(out, 0, sizeof(*out));
	out->p = out->min_p = 1;
	if (!na || !nb)
		return -1;
	all = xmalloc(n * sizeof(*all));
	rank2 = xmalloc(n * sizeof(*rank2));
	for (i = 0; i < n; i++) {
		all[i].v = i < na ? a[i] : b[i - na];
		all[i].first = i < na;
	}
	qsort(all, n, sizeof(*all), cmp_ranked);
	for (i = 0; i < n; i = j) {
		for (j = i + 1; j < n && all[j].v == all[i].v; j++)
			;
		/* positions i+1..j share the mid-rank (i+1+j)/2 */
		for (size_t k = i; k < j; k++)
			rank2[k] = (long)(i + 1 + j);
		if (j - i > 1) {
			double t = j - i;

			ties += t * t * t - t;
		}
	}
	for (i = 0; i < n; i++)
		if (all[i].first)
			w2 += rank2[i];
	out->statistic = w2 / 2.0 - na * (na + 1) / 2.0;
	out->min_p = 2 / choose(n, na);
	if (out->min_p > 1)
		out->min_p = 1;
	if (n <= EXACT_MAX_N) {
		out->exact = 1;
		out->p = exact_p(rank2, n, na, w2);
	} else {
		double mu = na * nb / 2.0;
		double var = na * nb / 12.0 * ((n + 1) - ties / ((double)n * (n - 1)));
		double dev = fabs(out->statistic - mu) - 0.5;

		if (dev < 0)
			dev = 0;
		out->p = var > 0 ? erfc(dev / sqrt(var) / M_SQRT2) : 1;
		if (out->p > 1)
			out->p = 1;
	}
	free(all);
	free(rank2);
	return 0;
}

double stats_hodges_lehmann(const double *a, size_t na, const double *b, size_t nb)
{
	double *d, m;
	size_t i, j, n = na * nb;

	if (!n)
		return NAN;
	d = xmalloc(n * sizeof(*d));
	for (i = 0; i < na; i++)
		for (j = 0; j < nb; j++)
			d[i * nb + j] = b[j] - a[i];
	qsort(d, n, sizeof(*d), cmp_double);
	m = n % 2 ? d[n / 2] : (d[n / 2 - 1] + d[n / 2]) / 2;
	free(d);
	return m;
}

double stats_mean_difference(const double *a, size_t na, const double *b, size_t nb)
{
	struct stats_summary sa, sb;

	stats_summarize(&sa, a, na);
	stats_summarize(&sb, b, nb);
	return sb.mean - sa.mean;
}

const struct stats_test stats_tests[] = {
	{ "utest", "Mann-Whitney U", "median", "Hodges-Lehmann shift", stats_mann_whitney,
	  stats_hodges_lehmann },
	{ "welch", "Welch's t", "mean", "difference of means", stats_welch, stats_mean_difference },
	{ NULL, NULL, NULL, NULL, NULL, NULL },
};

void stats_test_names(const char **out, size_t max)
{
	size_t i;

	for (i = 0; i + 1 < max && stats_tests[i].name; i++)
		out[i] = stats_tests[i].name;
	out[i] = NULL;
}

const struct stats_test *stats_test_by_name(const char *name)
{
	const struct stats_test *t;

	for (t = stats_tests; t->name; t++)
		if (!strcmp(t->name, name))
			return t;
	return NULL;
}

size_t stats_n_needed(const struct stats_test *test, double alpha)
{
	double a[64], b[64];
	size_t n, i;

	/* samples as far apart as samples get: the best p each n can give */
	for (n = 1; n < 64; n++) {
		struct stats_result res;

		for (i = 0; i < n; i++) {
			a[i] = (double)i;
			b[i] = (double)(i + 1000);
		}
		if (!test->run(&res, a, n, b, n) && res.min_p <= alpha && res.p < alpha)
			return n;
	}
	return 0;
}
