#include "import.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/*
 * The strings of imported records, each kept once.  A big import repeats
 * the same kernel, file system, benchmark and most values on thousands of
 * records: one copy each saves most of the memory records take and most of
 * the allocations extraction made.
 *
 * Each slot keeps a key beside its string, so that a probe compares keys
 * and reads a string only when they match: the table outgrows the caches
 * on a big import, and following every pointer it probed was most of a
 * lookup's time.  A string of at most eight bytes (values, metrics, units,
 * most file systems) is its own key, its bytes in a word with the rest
 * zero; no byte of a C string is zero, so equal words are equal strings
 * and that table never reads a string at all.  A longer one's key is its
 * hash, checked against the string when it matches.
 */
#define SHORT_MAX 8

struct slot {
	uint64_t key;
	char *str;     /* NULL: empty slot */
};

struct table {
	struct slot *v;
	size_t cap, nr;
	unsigned shift;   /* 64 - log2(cap) */
};

struct import_strings {
	struct table shorts, longs;
	/* the strings' bytes, in chunks: one malloc for thousands of strings */
	struct chunk *chunks;
};

/* Fibonacci hashing: the top bits of the product depend on every bit of the key. */
static size_t slot_of(uint64_t key, const struct table *t)
{
	return (size_t)((key * 0x9e3779b97f4a7c15ull) >> t->shift);
}

static void grow(struct table *t)
{
	struct table bigger = { NULL, t->cap ? t->cap * 2 : 1024, t->nr, t->cap ? t->shift - 1 : 54 };
	size_t i, h;

	bigger.v = xcalloc(bigger.cap, sizeof(*bigger.v));
	for (i = 0; i < t->cap; i++) {
		if (!t->v[i].str)
			continue;
		for (h = slot_of(t->v[i].key, &bigger); bigger.v[h].str; h = (h + 1) & (bigger.cap - 1))
			;
		bigger.v[h] = t->v[i];
	}
	free(t->v);
	*t = bigger;
}

static char *add(struct import_strings *pool, struct table *t, struct slot *slot, uint64_t key,
		 const char *s, size_t len)
{
	slot->key = key;
	slot->str = chunks_copy(&pool->chunks, s, len + 1, 65536);
	t->nr++;
	return slot->str;
}

/* s is longer than SHORT_MAX; word holds its first bytes. */
static char *intern_long(struct import_strings *pool, const char *s, uint64_t word)
{
	struct table *t = &pool->longs;
	uint64_t hash = 1469598103934665603ull ^ word;   /* FNV-1a over the rest */
	size_t len, h;

	for (len = SHORT_MAX; s[len]; len++)
		hash = (hash ^ (unsigned char)s[len]) * 1099511628211ull;
	if ((t->nr + 1) * 2 > t->cap)
		grow(t);
	for (h = slot_of(hash, t); t->v[h].str; h = (h + 1) & (t->cap - 1))
		if (t->v[h].key == hash && !strcmp(t->v[h].str, s))
			return t->v[h].str;
	return add(pool, t, &t->v[h], hash, s, len);
}

/* What import_intern's probe of the short strings did not find. */
static char *intern_slow(struct import_result *out, const char *s, uint64_t word, size_t len)
{
	struct table *t;
	size_t h;

	if (!out->strings)
		out->strings = xcalloc(1, sizeof(*out->strings));
	if (s[len])
		return intern_long(out->strings, s, word);
	t = &out->strings->shorts;
	if ((t->nr + 1) * 2 > t->cap)
		grow(t);
	for (h = slot_of(word, t); t->v[h].str; h = (h + 1) & (t->cap - 1))
		if (t->v[h].key == word)
			return t->v[h].str;
	return add(out->strings, t, &t->v[h], word, s, len);
}

/*
 * Kept small, without the rare work (a new string, a bigger table, a long
 * string): most calls find a short string that is there already.
 */
char *import_intern(struct import_result *out, const char *s)
{
	const struct table *t;
	uint64_t word = 0;
	size_t len, h;

	if (!s)
		return NULL;
	for (len = 0; len < SHORT_MAX && s[len]; len++)
		word |= (uint64_t)(unsigned char)s[len] << (8 * len);
	if (!out->strings || s[len] || !out->strings->shorts.cap)
		return intern_slow(out, s, word, len);
	t = &out->strings->shorts;
	for (h = slot_of(word, t); t->v[h].str; h = (h + 1) & (t->cap - 1))
		if (t->v[h].key == word)
			return t->v[h].str;
	return intern_slow(out, s, word, len);
}

char *import_room(struct import_result *out, size_t n)
{
	if (!out->strings)
		out->strings = xcalloc(1, sizeof(*out->strings));
	return chunks_alloc(&out->strings->chunks, n, 65536);
}

char *import_keep(struct import_result *out, const char *s)
{
	size_t n;

	if (!s)
		return NULL;
	n = strlen(s) + 1;
	return memcpy(import_room(out, n), s, n);
}

void import_strings_free(struct import_strings *pool)
{
	if (!pool)
		return;
	chunks_free(&pool->chunks);
	free(pool->shorts.v);
	free(pool->longs.v);
	free(pool);
}
