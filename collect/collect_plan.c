#include "collect_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/*
 * -n auto: a pilot of COLLECT_PILOT iterations, then as many as the
 * pilot's spread says are needed to detect a change of --detect with the
 * chosen test at alpha COLLECT_ALPHA and power COLLECT_POWER, at most
 * --max-iterations.  The decision reads only the spread of each side's
 * own samples, never a difference between file systems, so a run never
 * stops because a difference appeared.
 *
 * Per side, for a relative change d and coefficient of variation cv
 * (normal approximation, two-sided, with Guenther's small-sample term):
 *
 *   n_t = 2 ((z(1 - alpha/2) + z(power)) cv / d)^2 + z(1 - alpha/2)^2 / 4
 *
 * Mann-Whitney U needs n_t / (3 / pi) (its efficiency against the t-test
 * for normal data); never fewer than the test needs to reach alpha at all.
 */

void collect_samples_add(struct collect_samples *s, const char *benchmark, const char *metric,
			 double v)
{
	struct collect_series *x = NULL;
	size_t i;

	for (i = 0; i < s->nr; i++)
		if (!strcmp(s->v[i].benchmark, benchmark) && !strcmp(s->v[i].metric, metric))
			x = &s->v[i];
	if (!x) {
		ALLOC_GROW(s->v, s->nr + 1, s->alloc);
		x = &s->v[s->nr++];
		memset(x, 0, sizeof(*x));
		x->benchmark = xstrdup(benchmark);
		x->metric = xstrdup(metric);
	}
	ALLOC_GROW(x->v, x->n + 1, x->alloc);
	x->v[x->n++] = v;
}

void collect_samples_release(struct collect_samples *s)
{
	size_t i;

	for (i = 0; i < s->nr; i++) {
		free(s->v[i].benchmark);
		free(s->v[i].metric);
		free(s->v[i].v);
	}
	free(s->v);
	memset(s, 0, sizeof(*s));
}

/* The standard normal quantile, by bisection on erfc: slow, simple, exact enough. */
double collect_probit(double p)
{
	double lo = -40, hi = 40;
	int i;

	if (p <= 0)
		return -INFINITY;
	if (p >= 1)
		return INFINITY;
	for (i = 0; i < 200; i++) {
		double mid = (lo + hi) / 2;

		if (0.5 * erfc(-mid / M_SQRT2) < p)
			lo = mid;
		else
			hi = mid;
	}
	return (lo + hi) / 2;
}

static int is_utest(const char *test)
{
	return !test || !strcmp(test, "utest");
}

int collect_plan_floor(const char *test, double alpha)
{
	int n = 2;

	/* exact U, n a side: the smallest p is 2 / C(2n, n) */
	if (is_utest(test))
		while (n < 50 && 2 / exp(lgamma(2.0 * n + 1) - 2 * lgamma(n + 1.0)) > alpha)
			n++;
	/* and never under 5, as the report's tests are read at alpha 0.05 */
	return n < 5 ? 5 : n;
}

int collect_plan_needed(double cv, double d, double alpha, double power, const char *test)
{
	double za = collect_probit(1 - alpha / 2), zb = collect_probit(power);
	double n;
	int floor_n = collect_plan_floor(test, alpha);

	if (!(d > 0) || !(cv >= 0))
		return floor_n;
	n = 2 * pow((za + zb) * cv / d, 2) + za * za / 4;
	if (is_utest(test))
		n /= 3 / M_PI;
	if (n > 1e6)
		n = 1e6;
	n = ceil(n - 1e-9);
	return n < floor_n ? floor_n : (int)n;
}

static double cv_of(const double *v, size_t n)
{
	double mean = 0, ss = 0;
	size_t i;

	if (n < 2)
		return -1;
	for (i = 0; i < n; i++)
		mean += v[i];
	mean /= (double)n;
	if (!(mean > 0))
		return -1;
	for (i = 0; i < n; i++)
		ss += (v[i] - mean) * (v[i] - mean);
	return sqrt(ss / (double)(n - 1)) / mean;
}

static const struct collect_series *key_series(const struct collect_samples *s, size_t i)
{
	size_t j;

	/* total (the step and its sync) when there is one, else elapsed */
	if (!strcmp(s->v[i].metric, "total"))
		return &s->v[i];
	for (j = 0; j < s->nr; j++)
		if (!strcmp(s->v[j].benchmark, s->v[i].benchmark) && !strcmp(s->v[j].metric, "total"))
			return NULL;
	return &s->v[i];
}

void collect_plan_decide(struct collect_plan *p, const struct collect_samples *const *s,
			 size_t nr, const struct collect_opts *o)
{
	int floor_n = collect_plan_floor(o->sig_test, COLLECT_ALPHA), best = -1;
	size_t k, i;

	collect_plan_release(p);
	p->cv = -1;
	for (k = 0; k < nr; k++) {
		for (i = 0; i < s[k]->nr; i++) {
			const struct collect_series *x = key_series(s[k], i);
			double cv;
			int n;

			if (!x || (cv = cv_of(x->v, x->n)) < 0)
				continue;
			n = collect_plan_needed(cv, o->detect, COLLECT_ALPHA, COLLECT_POWER, o->sig_test);
			if (n > best || (n == best && cv > p->cv)) {
				best = n;
				p->cv = cv;
				free(p->benchmark);
				free(p->metric);
				p->benchmark = xstrdup(x->benchmark);
				p->metric = xstrdup(x->metric);
			}
		}
	}
	p->needed = best > floor_n ? best : floor_n;
	p->n = p->needed > o->max_iterations ? o->max_iterations : p->needed;
}

void collect_plan_describe(struct strbuf *out, const struct collect_plan *p, const char *test)
{
	strbuf_addf(out, "%s: %d", test, p->n);
	if (p->benchmark && p->cv >= 0)
		strbuf_addf(out, " (CV %.1f%% of %s %s", p->cv * 100, p->benchmark, p->metric);
	else
		strbuf_addstr(out, " (no spread to go by");
	if (p->needed > p->n)
		strbuf_addf(out, "; the cap: it would need %d)", p->needed);
	else
		strbuf_addch(out, ')');
}

void collect_plan_release(struct collect_plan *p)
{
	free(p->benchmark);
	free(p->metric);
	memset(p, 0, sizeof(*p));
}
