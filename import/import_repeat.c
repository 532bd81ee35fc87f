#include "import.h"
#include "import_thread.h"

#include <glib.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/*
 * Numbers count once in a thread (import_finish): a measurement the
 * thread restates (a summary table, the same result posted again) is
 * merged into its first statement; numbers in quoted text are dropped
 * when the thread holds them already (the quoted message itself, or an
 * earlier reply quoting them).  Equal numbers of two threads are two
 * measurements and both are kept.  What is compared is a group's
 * (metric, value) pairs and its thread: a record's strings are the
 * pool's, one copy each, so equal metrics are one pointer.
 */
struct pair {
	const char *metric;
	uint64_t bits;   /* the value's; -0 is 0 */
	size_t thread;
	guint hash;      /* found once: each pair is looked up several times */
};

struct group {
	size_t first, nr;     /* records first..first+nr-1 (contiguous) */
	const struct pair *pair;   /* the pairs of those records */
	int quoted;
	int drop;
};

static uint64_t value_bits(double value)
{
	uint64_t bits;
	double v = value == 0 ? 0 : value;

	memcpy(&bits, &v, sizeof(v));
	return bits;
}

/*
 * record_number(r), without strtod for the values most records hold:
 * at most 15 digits with a decimal point or comma and nothing else.  Such
 * a value is m / 10^k with m and 10^k both exact doubles, so the one
 * division rounds as strtod does (Clinger's fast path); anything else
 * (a sign, an exponent, text after the digits) goes to record_number.
 */
static double value_of(const struct record *r)
{
	static const double ten[] = { 1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7,
				      1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15 };
	const char *s = r->value;
	uint64_t m = 0;
	int digits = 0, frac = -1;

	if (!s)
		return record_number(r);
	for (; *s; s++) {
		if (*s >= '0' && *s <= '9') {
			m = m * 10 + (uint64_t)(*s - '0');
			digits++;
			frac += frac >= 0;
		} else if ((*s == '.' || *s == ',') && frac < 0) {
			frac = 0;
		} else {
			return record_number(r);
		}
	}
	if (!digits || digits > 15)
		return record_number(r);
	return frac > 0 ? (double)m / ten[frac] : (double)m;
}

static struct pair pair_of(const struct record *r, size_t thread)
{
	struct pair p = { r->metric, value_bits(value_of(r)), thread, 0 };
	/* murmur's finalizer: round values have no low bits set */
	uint64_t h = p.bits ^ (uint64_t)(uintptr_t)p.metric ^ ((uint64_t)thread << 32 | thread >> 32);

	h = (h ^ (h >> 33)) * 0xff51afd7ed558ccdull;
	h = (h ^ (h >> 33)) * 0xc4ceb9fe1a85ec53ull;
	p.hash = (guint)(h ^ (h >> 33));
	return p;
}

static int pair_equal(const struct pair *x, const struct pair *y)
{
	return x->metric == y->metric && x->bits == y->bits && x->thread == y->thread;
}

static guint pair_hash_fn(gconstpointer p)
{
	return ((const struct pair *)p)->hash;
}

static gboolean pair_equal_fn(gconstpointer a, gconstpointer b)
{
	return pair_equal(a, b);
}

static guint group_hash_fn(gconstpointer p)
{
	const struct group *g = p;
	guint h = (guint)g->nr;
	size_t i;

	for (i = 0; i < g->nr; i++)
		h = h * 1000003u + g->pair[i].hash;
	return h;
}

static gboolean group_equal_fn(gconstpointer pa, gconstpointer pb)
{
	const struct group *a = pa, *b = pb;
	size_t i;

	if (a->nr != b->nr)
		return FALSE;
	for (i = 0; i < a->nr; i++)
		if (!pair_equal(&a->pair[i], &b->pair[i]))
			return FALSE;
	return TRUE;
}

/* A restated measurement may name what the first statement left unknown. */
/* Both records' strings are the pool's: shared, not copied. */
static void fill_unknown(struct record *dst, const struct record *src)
{
	if (!dst->fs && src->fs) {
		dst->fs = src->fs;
		dst->options = src->options;
	} else if (dst->fs && dst->fs == src->fs && !dst->options) {
		dst->options = src->options;
	}
	if (!dst->kernel)
		dst->kernel = src->kernel;
	if (!dst->device)
		dst->device = src->device;
	if (!dst->benchmark)
		dst->benchmark = src->benchmark;
}

static size_t collect_groups(struct import_result *r, const struct pair *pairs, struct group **out)
{
	struct group *g = NULL;
	size_t nr = 0, alloc = 0, i;

	for (i = 0; i < r->borrowed.nr; i++) {
		if (!nr || (r->flags_of[i] & IMPORT_NEW_GROUP)) {
			ALLOC_GROW(g, nr + 1, alloc);
			g[nr].first = i;
			g[nr].nr = 0;
			g[nr].pair = pairs + i;
			g[nr].quoted = !!(r->flags_of[i] & IMPORT_QUOTED);
			g[nr].drop = 0;
			nr++;
		}
		g[nr - 1].nr++;
	}
	*out = g;
	return nr;
}

/* Unquoted groups of three or more numbers their thread restates later are merged into the first. */
static void merge_restated(struct import_result *r, struct group *g, size_t ng)
{
	GHashTable *first_of = g_hash_table_new(group_hash_fn, group_equal_fn);
	size_t i, k;

	for (i = 0; i < ng; i++) {
		const struct group *first;

		if (g[i].quoted || g[i].nr < 3)
			continue;
		if (!(first = g_hash_table_lookup(first_of, &g[i]))) {
			g_hash_table_add(first_of, &g[i]);
			continue;
		}
		for (k = 0; k < g[i].nr; k++)
			fill_unknown(&r->borrowed.v[first->first + k], &r->borrowed.v[g[i].first + k]);
		g[i].drop = 1;
	}
	g_hash_table_destroy(first_of);
}

static int thread_cmp(const void *a, const void *b)
{
	size_t x = *(const size_t *)a, y = *(const size_t *)b;

	return x < y ? -1 : x > y;
}

/*
 * Per message: whether its thread has a quoted group.  Only those
 * threads' numbers can be asked for (a pair is of one thread), so the
 * others' are not put in the table.
 */
static unsigned char *threads_quoting(const struct import_result *r, const struct group *g, size_t ng)
{
	unsigned char *quoting = xcalloc(r->nmsgs + 1, 1);
	size_t *t = NULL, nt = 0, alloc = 0, i, k;

	for (i = 0; i < ng; i++)
		for (k = 0; g[i].quoted && k < g[i].nr; k++) {
			/* a group's records are mostly of one message: each run's thread once */
			if (nt && t[nt - 1] == g[i].pair[k].thread)
				continue;
			ALLOC_GROW(t, nt + 1, alloc);
			t[nt++] = g[i].pair[k].thread;
		}
	if (nt)
		qsort(t, nt, sizeof(*t), thread_cmp);
	for (i = 0; nt && i < r->nmsgs; i++)
		quoting[i] = bsearch(&r->msgs[i].thread, t, nt, sizeof(*t), thread_cmp) != NULL;
	free(t);
	return quoting;
}

/* Quoted groups all of whose numbers their thread holds already are dropped. */
static void drop_quoted_known(struct import_result *r, struct pair *pairs, struct group *g, size_t ng)
{
	GHashTable *seen = g_hash_table_new(pair_hash_fn, pair_equal_fn);
	unsigned char *quoting = threads_quoting(r, g, ng);
	size_t i, k;

	for (i = 0; i < r->borrowed.nr; i++)
		if (!(r->flags_of[i] & IMPORT_QUOTED) && quoting[r->msg_of[i]])
			g_hash_table_add(seen, &pairs[i]);
	free(quoting);
	for (i = 0; i < ng; i++) {
		size_t missing = 0;

		if (!g[i].quoted)
			continue;
		for (k = 0; k < g[i].nr; k++)
			missing += !g_hash_table_contains(seen, &g[i].pair[k]);
		if (!missing) {
			g[i].drop = 1;
			continue;
		}
		for (k = 0; k < g[i].nr; k++)
			g_hash_table_add(seen, (gpointer)&g[i].pair[k]);
	}
	g_hash_table_destroy(seen);
}

static void drop_repeats(struct import_result *r, struct import_threads *threads)
{
	struct pair *pairs = xcalloc(r->borrowed.nr + 1, sizeof(*pairs));
	struct group *g;
	size_t ng, i, k, kept = 0;

	for (i = 0; i < r->nmsgs; i++)
		r->msgs[i].thread = import_threads_of(threads, r->msgs[i].thread);
	for (i = 0; i < r->borrowed.nr; i++)
		pairs[i] = pair_of(&r->borrowed.v[i], r->msgs[r->msg_of[i]].thread);
	ng = collect_groups(r, pairs, &g);
	merge_restated(r, g, ng);
	drop_quoted_known(r, pairs, g, ng);
	/* kept records move down in place: a second array would double the peak */
	for (i = 0; i < ng; i++) {
		for (k = 0; k < g[i].nr; k++) {
			size_t at = g[i].first + k;

			/*
			 * a dropped record's strings are the pool's: only its
			 * facts are its own.  Its slot is past the kept ones or
			 * written over by one, so it is not cleared.
			 */
			if (g[i].drop) {
				facts_unref(r->borrowed.v[at].facts);
				continue;
			}
			r->msg_of[kept] = r->msg_of[at];
			r->borrowed.v[kept++] = r->borrowed.v[at];
		}
	}
	r->borrowed.nr = kept;
	free(pairs);
	free(g);
}

/* Every sample of one (message, kernel, fs config, benchmark, metric) numbered. */
/* The strings are the pool's, one copy each: equal ones are one pointer. */
static void number_iterations(struct import_result *r)
{
	size_t i, j;

	for (i = 0; i < r->borrowed.nr; i++) {
		struct record *a = &r->borrowed.v[i];
		int n = 1;

		for (j = i; j-- > 0;) {
			const struct record *b = &r->borrowed.v[j];

			if (r->msg_of[j] != r->msg_of[i])
				break;
			if (a->kernel == b->kernel && a->fs == b->fs && a->options == b->options &&
			    a->device == b->device && a->benchmark == b->benchmark &&
			    a->metric == b->metric) {
				n = b->iteration + 1;
				break;
			}
		}
		a->iteration = n;
	}
}

void import_finish(struct import *imp)
{
	struct import_result *r = &imp->result;

	import_flush(imp);
	drop_repeats(r, imp->threads);
	free(r->flags_of);
	r->flags_of = NULL;
	r->alloc = r->borrowed.nr;
	number_iterations(r);
}
