#include "render_check.h"
#include "render_kseries.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define ITEM_KEYS ((1u << RENDER_BENCHMARK) | (1u << RENDER_METRIC) | (1u << RENDER_UNIT))
#define SIDE_KEYS ((1u << RENDER_HARDWARE) | (1u << RENDER_FS) | (1u << RENDER_OPTIONS))

static const struct render_series *counterpart(const struct render_series_set *ss,
					       const struct render_series *s)
{
	size_t i;

	for (i = 0; i < ss->nr; i++)
		if (render_series_match(&ss->v[i], s, ITEM_KEYS))
			return &ss->v[i];
	return NULL;
}

static double centre(const struct render_series *s, int median)
{
	struct stats_summary sum;

	if (!s)
		return NAN;
	stats_summarize(&sum, s->v, s->n);
	return median ? sum.median : sum.mean;
}

static void judge(struct check_item *it, const struct check_opts *o)
{
	int median = !strcmp(o->test->centre, "median"), worse_way;

	it->old_centre = centre(it->old, median);
	it->new_centre = centre(it->new, median);
	it->change = NAN;
	if (it->old && it->new && it->old_centre != 0)
		it->change = (it->new_centre - it->old_centre) / fabs(it->old_centre) * 100;
	it->better = kseries_better(it->key->metric, it->key->unit);
	if (it->better == RENDER_BETTER_UNKNOWN) {
		it->verdict = CHECK_UNJUDGED;
		return;
	}
	if (!it->old || !it->new) {
		it->verdict = CHECK_UNSURE;
		return;
	}
	it->tested = o->test->run(&it->test, it->old->v, it->old->n, it->new->v, it->new->n) == 0 &&
		     it->test.min_p < o->alpha;
	if (!it->tested) {
		it->verdict = CHECK_UNSURE;
		return;
	}
	worse_way = it->better == RENDER_BETTER_LOWER ? it->change > 0 : it->change < 0;
	it->verdict = it->test.p < o->alpha && worse_way && fabs(it->change) > o->threshold ?
		      CHECK_WORSE : CHECK_FINE;
}

static struct check_item *add_item(struct check_result *r, const struct render_series *o,
				   const struct render_series *n)
{
	struct check_item *it;

	ALLOC_GROW(r->v, r->nr + 1, r->alloc);
	it = &r->v[r->nr++];
	memset(it, 0, sizeof(*it));
	it->old = o;
	it->new = n;
	it->key = (o ? o : n)->first;
	return it;
}

struct ordered {
	struct check_item it;
	size_t bench, orig;   /* where the benchmark first appears; where the item was */
	int rank;
};

static int cmp_ordered(const void *pa, const void *pb)
{
	const struct ordered *x = pa, *y = pb;

	if (x->bench != y->bench)
		return x->bench < y->bench ? -1 : 1;
	if (x->rank != y->rank)
		return x->rank < y->rank ? -1 : 1;
	return (x->orig > y->orig) - (x->orig < y->orig);
}

/* Benchmarks in order of appearance, their metrics in the usual order (elapsed, user, ...). */
static void sort_items(struct check_result *r)
{
	struct ordered *v = xcalloc(r->nr + 1, sizeof(*v));
	size_t i, j;

	for (i = 0; i < r->nr; i++) {
		const char *b = r->v[i].key->benchmark;

		for (j = 0; j < i; j++) {
			const char *c = r->v[j].key->benchmark;

			if (!strcmp(b ? b : "", c ? c : ""))
				break;
		}
		v[i].it = r->v[i];
		v[i].bench = j;
		v[i].orig = i;
		v[i].rank = render_metric_rank(r->v[i].key->metric);
	}
	qsort(v, r->nr, sizeof(*v), cmp_ordered);
	for (i = 0; i < r->nr; i++)
		r->v[i] = v[i].it;
	free(v);
}

static void refuse_other_machine(struct check_result *r)
{
	const struct record *a, *b;
	struct strbuf sb = STRBUF_INIT, x = STRBUF_INIT, y = STRBUF_INIT;

	if (!r->os.nr || !r->ns.nr || render_series_match(&r->os.v[0], &r->ns.v[0], SIDE_KEYS))
		return;
	a = r->os.v[0].first;
	b = r->ns.v[0].first;
	/* a side that does not say cannot be told apart; one that says otherwise can */
	if (a->hardware && b->hardware && strcmp(a->hardware, b->hardware)) {
		strbuf_addf(&sb, "%s ran on %s and %s on %s", r->opts->old_name, a->hardware,
			    r->opts->new_name, b->hardware);
	} else {
		render_config_name(&x, a);
		render_config_name(&y, b);
		if (a->fs && b->fs && strcmp(x.buf, y.buf))
			strbuf_addf(&sb, "%s ran on %s and %s on %s", r->opts->old_name, x.buf,
				    r->opts->new_name, y.buf);
	}
	if (sb.len)
		r->refused = strbuf_detach(&sb, NULL);
	strbuf_release(&sb);
	strbuf_release(&x);
	strbuf_release(&y);
}

void check_compare(struct check_result *r, const struct recset *old_set,
		   const struct recset *new_set, const struct check_opts *opts)
{
	size_t i;

	r->opts = opts;
	render_series_group(&r->os, old_set);
	render_series_group(&r->ns, new_set);
	refuse_other_machine(r);
	if (r->refused) {
		r->overall = CHECK_UNSURE;
		return;
	}
	for (i = 0; i < r->os.nr; i++)
		add_item(r, &r->os.v[i], counterpart(&r->ns, &r->os.v[i]));
	for (i = 0; i < r->ns.nr; i++)
		if (!counterpart(&r->os, &r->ns.v[i]))
			add_item(r, NULL, &r->ns.v[i]);
	sort_items(r);
	for (i = 0; i < r->nr; i++) {
		judge(&r->v[i], opts);
		r->count[r->v[i].verdict]++;
	}
	if (r->count[CHECK_WORSE])
		r->overall = CHECK_WORSE;
	else if (r->count[CHECK_UNSURE] || !r->count[CHECK_FINE])
		r->overall = CHECK_UNSURE;
	else
		r->overall = CHECK_FINE;
}

void check_result_release(struct check_result *r)
{
	render_series_set_release(&r->os);
	render_series_set_release(&r->ns);
	free(r->v);
	free(r->refused);
	memset(r, 0, sizeof(*r));
}
