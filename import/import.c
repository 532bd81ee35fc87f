#include "import.h"
#include "../core/error.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Room for more records and their per-record scratch, all grown together. */
static void grow_records(struct import_result *out)
{
	size_t alloc = out->alloc < 64 ? 64 : out->alloc * 2;

	out->records.v = xrealloc(out->records.v, alloc * sizeof(*out->records.v));
	out->msg_of = xrealloc(out->msg_of, alloc * sizeof(*out->msg_of));
	out->flags_of = xrealloc(out->flags_of, alloc * sizeof(*out->flags_of));
	out->records.alloc = out->alloc = alloc;
}

struct record *import_add(struct import_result *out, size_t group, int depth)
{
	size_t at = out->records.nr;
	struct record *r;

	if (at == out->alloc)
		grow_records(out);
	r = &out->records.v[at];
	*r = (struct record)RECORD_INIT;
	out->records.nr++;
	out->msg_of[at] = out->nmsgs - 1;
	/* groups are numbered across messages, so a change is a new group */
	out->flags_of[at] = (!at || group != out->last_group ? IMPORT_NEW_GROUP : 0) |
			    (depth > 0 ? IMPORT_QUOTED : 0);
	out->last_group = group;
	return r;
}

/*
 * "email <id>", or the file's name: in the result's pool, lengths known, as
 * a message's strings live as long as its records and a malloc and free
 * each was a cost per message.
 */
static char *source_of(struct import_result *out, const struct mail_message *m)
{
	const char *base;
	size_t n;
	char *s;

	if (m->message_id) {
		n = strlen(m->message_id);
		s = import_room(out, n + 9);
		memcpy(s, "email <", 7);
		memcpy(s + 7, m->message_id, n);
		memcpy(s + 7 + n, ">", 2);
		return s;
	}
	base = strrchr(m->file, '/');
	return import_keep(out, base ? base + 1 : m->file);
}

void import_message(struct import_result *out, const struct mail_message *m)
{
	struct import_msg *im;
	size_t before = out->records.nr;

	out->messages++;
	if (m->skip) {
		if (!out->quiet)
			warning("%s: skipped: %s", m->name, m->skip);
		out->skipped++;
		return;
	}
	ALLOC_GROW(out->msgs, out->nmsgs + 1, out->amsgs);
	im = &out->msgs[out->nmsgs++];
	im->name = import_keep(out, m->name);
	im->source = source_of(out, m);
	im->date = m->date;
	import_extract(out, m, out->nmsgs - 1);
	if (out->records.nr == before) {
		if (out->empty < IMPORT_EMPTY_NAMED)
			out->empty_names[out->empty] = xstrdup(m->name);
		out->empty++;
	}
}

void import_messages(struct import_result *out, const struct mail_list *list)
{
	size_t i;

	for (i = 0; i < list->nr; i++)
		import_message(out, &list->v[i]);
}

/*
 * The numbers of one group: what "the same numbers" means across a thread.
 * A record's strings are the result's, one copy each (import_intern), so
 * equal metrics are the same pointer.
 */
struct pair {
	const char *metric;
	double value;
	size_t hash;   /* pair_hash, found once: each pair is looked up several times */
};

/* Neither less nor greater, as the sort-order comparison this replaced had it. */
static int pair_equal(const struct pair *x, const struct pair *y)
{
	return x->metric == y->metric && !(x->value < y->value) && !(x->value > y->value);
}

/*
 * An open-addressing set of pairs.  A slot holds the pair itself (its
 * metric and its value's bits), so a probe reads nothing beside the set:
 * when a slot held the pair's index, each of the many repeated pairs (three
 * in four unquoted ones on the bench mbox) read an earlier pair at random
 * from an array as long as the records, a cache miss that was most of the
 * repeat check's time on a big import.  The set grows with the distinct
 * pairs only (a quarter of the records there), where sizing it for every
 * pair made it four times too big.  An empty slot is a NULL metric with
 * the bits of 0; that one pair is kept as a flag.  (Prefetching the slot
 * of the pair sixteen ahead did not measure apart from the noise: the
 * probes do not wait on each other, so the misses overlap already.)
 */
struct pair_slot {
	const char *metric;
	uint64_t bits;
};

struct pairset {
	struct pair_slot *slot;
	size_t cap, nr;
	int has_empty_pair;
};

/* -0 and 0 are one number; pair_equal's other equal values have equal bits */
static uint64_t value_bits(double value)
{
	uint64_t bits;
	double v = value == 0 ? 0 : value;

	memcpy(&bits, &v, sizeof(v));
	return bits;
}

static size_t slot_hash(const char *metric, uint64_t bits)
{
	/* murmur's finalizer: the tables take the low bits, and round values have none set */
	bits ^= (uint64_t)(uintptr_t)metric;
	bits = (bits ^ (bits >> 33)) * 0xff51afd7ed558ccdull;
	bits = (bits ^ (bits >> 33)) * 0xc4ceb9fe1a85ec53ull;
	return (size_t)(bits ^ (bits >> 33));
}

static size_t pair_hash(const struct pair *p)
{
	return slot_hash(p->metric, value_bits(p->value));
}

static int slot_is_empty(const struct pair_slot *s)
{
	return !s->metric && !s->bits;
}

/* Where the pair stands, or the empty slot where it would go. */
static struct pair_slot *pairset_find(const struct pairset *set, const char *metric,
				      uint64_t bits, size_t hash)
{
	size_t i;

	for (i = hash & (set->cap - 1); !slot_is_empty(&set->slot[i]); i = (i + 1) & (set->cap - 1))
		if (set->slot[i].metric == metric && set->slot[i].bits == bits)
			break;
	return &set->slot[i];
}

static int pairset_has(const struct pairset *set, const struct pair *p)
{
	uint64_t bits = value_bits(p->value);

	if (!p->metric && !bits)
		return set->has_empty_pair;
	return !slot_is_empty(pairset_find(set, p->metric, bits, p->hash));
}

static void pairset_grow(struct pairset *set)
{
	struct pairset big = { NULL, set->cap * 2, set->nr, set->has_empty_pair };
	size_t i;

	big.slot = xcalloc(big.cap, sizeof(*big.slot));
	for (i = 0; i < set->cap; i++) {
		const struct pair_slot *s = &set->slot[i];

		if (!slot_is_empty(s))
			*pairset_find(&big, s->metric, s->bits, slot_hash(s->metric, s->bits)) = *s;
	}
	free(set->slot);
	*set = big;
}

/* Adds p unless an equal pair is there. */
static void pairset_add(struct pairset *set, const struct pair *p)
{
	uint64_t bits = value_bits(p->value);
	struct pair_slot *s;

	if (!p->metric && !bits) {
		set->has_empty_pair = 1;
		return;
	}
	s = pairset_find(set, p->metric, bits, p->hash);
	if (!slot_is_empty(s))
		return;
	if ((set->nr + 1) * 2 > set->cap) {
		pairset_grow(set);
		s = pairset_find(set, p->metric, bits, p->hash);
	}
	s->metric = p->metric;
	s->bits = bits;
	set->nr++;
}

struct group {
	size_t first, nr;   /* records first..first+nr-1 (contiguous) */
	int quoted;
	int drop;
};

static struct pair pair_of(const struct record *r)
{
	struct pair p = { r->metric, record_number(r), 0 };

	p.hash = pair_hash(&p);
	return p;
}

static int groups_equal(const struct pair *pairs, const struct group *a, const struct group *b)
{
	size_t i;

	if (a->nr != b->nr)
		return 0;
	for (i = 0; i < a->nr; i++)
		if (!pair_equal(&pairs[a->first + i], &pairs[b->first + i]))
			return 0;
	return 1;
}

static size_t group_hash(const struct pair *pairs, const struct group *g)
{
	size_t h = g->nr, i;

	for (i = 0; i < g->nr; i++)
		h = h * 1000003 + pairs[g->first + i].hash;
	return h;
}

/* Earlier unquoted groups by their numbers, to find a restatement at once. */
struct group_index {
	size_t *slot;   /* group index + 1; 0 is empty */
	size_t cap;
};

static size_t group_find_or_add(struct group_index *gi, const struct pair *pairs,
				const struct group *g, size_t i)
{
	size_t h = group_hash(pairs, &g[i]), k;

	for (k = h & (gi->cap - 1); gi->slot[k]; k = (k + 1) & (gi->cap - 1))
		if (groups_equal(pairs, &g[gi->slot[k] - 1], &g[i]))
			return gi->slot[k] - 1;
	gi->slot[k] = i + 1;
	return i;
}

/* A restated measurement may name what the first statement left unknown. */
/* Both records' strings are the result's (import_intern): shared, not copied. */
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

static size_t collect_groups(struct import_result *r, struct group **out)
{
	struct group *g = NULL;
	size_t nr = 0, alloc = 0, i;

	for (i = 0; i < r->records.nr; i++) {
		if (!nr || (r->flags_of[i] & IMPORT_NEW_GROUP)) {
			ALLOC_GROW(g, nr + 1, alloc);
			g[nr].first = i;
			g[nr].nr = 0;
			g[nr].quoted = !!(r->flags_of[i] & IMPORT_QUOTED);
			g[nr].drop = 0;
			nr++;
		}
		g[nr - 1].nr++;
	}
	*out = g;
	return nr;
}

/*
 * Only the pairs of quoted groups are ever looked for in the set of pairs
 * seen, so an unquoted pair goes in only when one of those may equal it: a
 * bit per hash (eight bits a pair looked for, a few hundred KiB that stay
 * in the cache) says which may.  An unquoted pair that no quoted one equals was a
 * probe of a set bigger than the caches for nothing.
 */
struct quoted_bits {
	uint64_t *bits;
	unsigned shift;   /* a pair's bit is its hash's top bits */
};

/*
 * Sets the bits of the pairs the check will look for, those of the quoted
 * groups (a group is quoted by its first record); returns their number.
 */
static size_t quoted_bits_init(struct quoted_bits *qb, const struct group *g, size_t ng,
			       const struct pair *pairs)
{
	size_t i, k, quoted = 0, nbits = 64;

	qb->shift = 64 - 6;
	for (i = 0; i < ng; i++)
		quoted += g[i].quoted ? g[i].nr : 0;
	while (nbits < quoted * 8) {
		nbits *= 2;
		qb->shift--;
	}
	qb->bits = xcalloc(nbits / 64, sizeof(*qb->bits));
	for (i = 0; i < ng; i++)
		for (k = 0; g[i].quoted && k < g[i].nr; k++) {
			uint64_t at = (uint64_t)pairs[g[i].first + k].hash >> qb->shift;

			qb->bits[at / 64] |= 1ull << (at % 64);
		}
	return quoted;
}

static int quoted_bits_has(const struct quoted_bits *qb, const struct pair *p)
{
	uint64_t at = (uint64_t)p->hash >> qb->shift;

	return !!(qb->bits[at / 64] & (1ull << (at % 64)));
}

/*
 * Numbers count once: a measurement restated later (a summary table, the
 * same result posted again) is merged into its first statement; numbers in
 * quoted text are dropped when the input already holds them (the quoted
 * message itself, or an earlier reply quoting them).
 */
static void drop_repeats(struct import_result *r)
{
	struct group *g;
	size_t ng = collect_groups(r, &g), i, j;
	struct pair *pairs = xcalloc(r->records.nr + 1, sizeof(*pairs));
	struct pairset seen = { NULL, 64, 0, 0 };
	struct group_index gi;
	struct quoted_bits qb;
	size_t kept = 0, quoted, restatable = 0;

	for (i = 0; i < r->records.nr; i++)
		pairs[i] = pair_of(&r->records.v[i]);
	/* only unquoted groups of three or more are indexed: three in five here */
	for (i = 0; i < ng; i++)
		restatable += !g[i].quoted && g[i].nr >= 3;
	for (gi.cap = 64; gi.cap < restatable * 2; gi.cap *= 2)
		;
	gi.slot = xcalloc(gi.cap, sizeof(*gi.slot));
	for (i = 0; i < ng; i++) {
		size_t k;

		if (g[i].quoted || g[i].nr < 3)
			continue;
		j = group_find_or_add(&gi, pairs, g, i);
		if (j == i)
			continue;
		for (k = 0; k < g[i].nr; k++)
			fill_unknown(&r->records.v[g[j].first + k], &r->records.v[g[i].first + k]);
		g[i].drop = 1;
	}
	free(gi.slot);
	/*
	 * the set holds the unquoted pairs a quoted one may equal and the
	 * quoted ones kept: on the 128 MB bench mbox 49,404 pairs for 176,613
	 * quoted records.  Room for a third of the quoted records at once
	 * spares the doublings there, and the set stays a quarter of the size
	 * it had when it was made for every unquoted pair.
	 */
	quoted = quoted_bits_init(&qb, g, ng, pairs);
	while (seen.cap < quoted * 2 / 3)
		seen.cap *= 2;
	seen.slot = xcalloc(seen.cap, sizeof(*seen.slot));
	for (i = 0; i < r->records.nr; i++)
		if (!(r->flags_of[i] & IMPORT_QUOTED) && quoted_bits_has(&qb, &pairs[i]))
			pairset_add(&seen, &pairs[i]);
	free(qb.bits);
	for (i = 0; i < ng; i++) {
		size_t k, missing = 0;

		if (!g[i].quoted)
			continue;
		for (k = 0; k < g[i].nr; k++)
			if (!pairset_has(&seen, &pairs[g[i].first + k]))
				missing++;
		if (!missing) {
			g[i].drop = 1;
			continue;
		}
		for (k = 0; k < g[i].nr; k++)
			pairset_add(&seen, &pairs[g[i].first + k]);
	}
	/* kept records move down in place: a second array would double the peak */
	for (i = 0; i < ng; i++) {
		size_t k;

		for (k = 0; k < g[i].nr; k++) {
			size_t at = g[i].first + k;

			/*
			 * a dropped record's strings are the result's: only its
			 * facts are its own.  Its slot is past the kept ones or
			 * written over by one, so it is not cleared.
			 */
			if (g[i].drop) {
				facts_unref(r->records.v[at].facts);
				continue;
			}
			r->msg_of[kept] = r->msg_of[at];
			r->records.v[kept++] = r->records.v[at];
		}
	}
	r->records.nr = kept;
	free(seen.slot);
	free(pairs);
	free(g);
}

/* Every sample of one (message, kernel, fs config, benchmark, metric) numbered. */
/* The strings are the result's, one copy each: equal ones are one pointer. */
static void number_iterations(struct import_result *r)
{
	size_t i, j;

	for (i = 0; i < r->records.nr; i++) {
		struct record *a = &r->records.v[i];
		int n = 1;

		for (j = i; j-- > 0;) {
			const struct record *b = &r->records.v[j];

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

void import_finish(struct import_result *r)
{
	drop_repeats(r);
	free(r->flags_of);
	r->flags_of = NULL;
	r->alloc = r->records.nr;
	number_iterations(r);
}

void import_result_release(struct import_result *r)
{
	size_t i;

	/* the strings are the pool's: only each record's facts are its own */
	for (i = 0; i < r->records.nr; i++)
		facts_unref(r->records.v[i].facts);
	free(r->records.v);
	memset(&r->records, 0, sizeof(r->records));
	import_strings_free(r->strings);
	r->strings = NULL;
	free(r->msgs);
	for (i = 0; i < IMPORT_EMPTY_NAMED; i++)
		free(r->empty_names[i]);
	free(r->msg_of);
	free(r->flags_of);
	memset(r, 0, sizeof(*r));
}
