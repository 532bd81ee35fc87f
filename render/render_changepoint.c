#include "render_changepoint.h"
#include "render_stats.h"
#include "../core/rng.h"
#include "../core/strbuf.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/*
 * One segment, groups a..b-1, its samples laid out group after group.
 * Per split k (after group a+k): where the groups before it end, and the
 * mean and standard deviation of the doubled rank sum of the samples
 * before it when nothing changed.
 */
struct segment {
	size_t a, b, n;
	long *rank2;
	size_t *ends;
	double *mean2, *sd2;
};

struct sample {
	double v;
	size_t pos;
};

static int cmp_sample(const void *pa, const void *pb)
{
	const struct sample *x = pa, *y = pb;

	if (x->v != y->v)
		return x->v < y->v ? -1 : 1;
	return (x->pos > y->pos) - (x->pos < y->pos);
}

static void segment_init(struct segment *s, const struct changepoint_group *g,
			 size_t a, size_t b)
{
	struct sample *all;
	size_t i, j, k, pos = 0, splits = b - a - 1;

	s->a = a;
	s->b = b;
	for (s->n = 0, k = a; k < b; k++)
		s->n += g[k].n;
	all = xmalloc(s->n * sizeof(*all));
	s->rank2 = xmalloc(s->n * sizeof(*s->rank2));
	s->ends = xmalloc(splits * sizeof(*s->ends));
	s->mean2 = xmalloc(splits * sizeof(*s->mean2));
	s->sd2 = xmalloc(splits * sizeof(*s->sd2));
	for (k = a; k < b; k++) {
		for (i = 0; i < g[k].n; i++, pos++) {
			all[pos].v = g[k].v[i];
			all[pos].pos = pos;
		}
		if (k + 1 < b) {
			double nl = (double)pos, nr = (double)(s->n - pos), n1 = s->n + 1.0;

			s->ends[k - a] = pos;
			s->mean2[k - a] = nl * n1;
			s->sd2[k - a] = 2 * sqrt(nl * nr * n1 / 12);
		}
	}
	qsort(all, s->n, sizeof(*all), cmp_sample);
	/* ties share the mid-rank (i+1+j)/2, doubled so that it stays whole */
	for (i = 0; i < s->n; i = j) {
		for (j = i + 1; j < s->n && all[j].v == all[i].v; j++)
			;
		for (k = i; k < j; k++)
			s->rank2[all[k].pos] = (long)(i + 1 + j);
	}
	free(all);
}

static void segment_release(struct segment *s)
{
	free(s->rank2);
	free(s->ends);
	free(s->mean2);
	free(s->sd2);
}

/* The largest standardised U over the splits, and the group after it. */
static double max_statistic(const struct segment *s, const long *rank2, size_t *at)
{
	double best = 0;
	long sum = 0;
	size_t pos = 0, k;

	*at = s->a + 1;
	for (k = 0; k + 1 < s->b - s->a; k++) {
		double z;

		for (; pos < s->ends[k]; pos++)
			sum += rank2[pos];
		/* all samples equal: no split says anything */
		if (!(s->sd2[k] > 0))
			continue;
		z = fabs((double)sum - s->mean2[k]) / s->sd2[k];
		if (z > best) {
			best = z;
			*at = s->a + k + 1;
		}
	}
	return best;
}

static double permutation_p(const struct segment *s, double observed,
			    const struct changepoint_opts *o)
{
	long *perm;
	unsigned b, reached = 0;
	/* the same segment gets the same permutations, however it was reached */
	struct rng r = { o->seed ^ ((uint64_t)s->a << 32) ^ (uint64_t)s->b };
	size_t i, at;

	if (!(observed > 0))
		return 1;
	perm = xmalloc(s->n * sizeof(*perm));
	memcpy(perm, s->rank2, s->n * sizeof(*perm));
	for (b = 0; b < o->permutations; b++) {
		for (i = s->n - 1; i > 0; i--) {
			size_t j = rng_below(&r, i + 1);
			long t = perm[i];

			perm[i] = perm[j];
			perm[j] = t;
		}
		/* a relative margin: equal statistics may differ in the last bits */
		if (max_statistic(s, perm, &at) >= observed * (1 - 1e-12))
			reached++;
	}
	free(perm);
	return (1.0 + reached) / (1.0 + o->permutations);
}

struct candidate {
	size_t at;
	double p;
	size_t parent;   /* index of the split above; SIZE_MAX for the first */
};

struct search {
	const struct changepoint_group *g;
	const struct changepoint_opts *opts;
	struct candidate *v;
	size_t nr, alloc;
};

/* Tests groups a..b-1 and, whatever the outcome, both halves of its split. */
static void segment_search(struct search *st, size_t a, size_t b, size_t parent)
{
	struct segment s;
	size_t at, me;
	double t;

	if (b - a < 2)
		return;
	segment_init(&s, st->g, a, b);
	t = max_statistic(&s, s.rank2, &at);
	ALLOC_GROW(st->v, st->nr + 1, st->alloc);
	me = st->nr++;
	st->v[me].at = at;
	st->v[me].p = permutation_p(&s, t, st->opts);
	st->v[me].parent = parent;
	segment_release(&s);
	segment_search(st, a, at, me);
	segment_search(st, at, b, me);
}

struct ranked_p {
	double p;
	size_t i;
};

static int cmp_ranked_p(const void *pa, const void *pb)
{
	const struct ranked_p *x = pa, *y = pb;

	if (x->p != y->p)
		return x->p < y->p ? -1 : 1;
	return (x->i > y->i) - (x->i < y->i);
}

void changepoint_bh(int *pass, const double *p, size_t m, double q)
{
	struct ranked_p *r;
	size_t k, last = 0;
	double cut = -1;

	if (!m)
		return;
	r = xmalloc(m * sizeof(*r));
	for (k = 0; k < m; k++) {
		r[k].p = p[k];
		r[k].i = k;
	}
	qsort(r, m, sizeof(*r), cmp_ranked_p);
	for (k = 0; k < m; k++)
		if (r[k].p <= (k + 1) * q / m)
			last = k + 1;
	if (last)
		cut = r[last - 1].p;
	for (k = 0; k < m; k++)
		pass[k] = last && p[k] <= cut;
	free(r);
}

static int cmp_changepoint(const void *pa, const void *pb)
{
	const struct changepoint *x = pa, *y = pb;

	return (x->at > y->at) - (x->at < y->at);
}

static double median_of(const struct changepoint_group *g, size_t a, size_t b)
{
	struct stats_summary sum;
	double *v = NULL;
	size_t n = 0, alloc = 0, k, i;

	for (k = a; k < b; k++)
		for (i = 0; i < g[k].n; i++) {
			ALLOC_GROW(v, n + 1, alloc);
			v[n++] = g[k].v[i];
		}
	stats_summarize(&sum, v, n);
	free(v);
	return sum.median;
}

void changepoint_find(struct changepoint_set *out, const struct changepoint_group *g,
		      size_t ng, const struct changepoint_opts *opts)
{
	struct search st = { g, opts, NULL, 0, 0 };
	double *p;
	int *pass;
	size_t i, j;

	out->min_p = 1.0 / (1.0 + opts->permutations);
	segment_search(&st, 0, ng, SIZE_MAX);
	out->tested = st.nr;
	p = xcalloc(st.nr + 1, sizeof(*p));
	pass = xcalloc(st.nr + 1, sizeof(*pass));
	for (i = 0; i < st.nr; i++)
		p[i] = st.v[i].p;
	changepoint_bh(pass, p, st.nr, opts->q);
	for (i = 0; i < st.nr; i++) {
		/* a split inside a segment that did not change is no finding */
		for (j = i; j != SIZE_MAX && pass[j]; j = st.v[j].parent)
			;
		if (j != SIZE_MAX)
			continue;
		ALLOC_GROW(out->v, out->nr + 1, out->alloc);
		out->v[out->nr].at = st.v[i].at;
		out->v[out->nr].p = st.v[i].p;
		out->nr++;
	}
	if (out->nr)
		qsort(out->v, out->nr, sizeof(*out->v), cmp_changepoint);
	for (i = 0; i < out->nr; i++) {
		size_t from = i ? out->v[i - 1].at : 0;
		size_t to = i + 1 < out->nr ? out->v[i + 1].at : ng;

		out->v[i].before = median_of(g, from, out->v[i].at);
		out->v[i].after = median_of(g, out->v[i].at, to);
	}
	free(p);
	free(pass);
	free(st.v);
}

void changepoint_set_release(struct changepoint_set *s)
{
	free(s->v);
	memset(s, 0, sizeof(*s));
	s->min_p = 1;
}
