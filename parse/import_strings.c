#include "import.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/*
 * The strings of imported records, each kept once.  A big import repeats
 * the same kernel, file system, benchmark, source and most values on
 * thousands of records: one copy each saves most of the memory records
 * take and most of the allocations extraction made.
 */
struct import_strings {
	char **slot;
	size_t cap, nr;
	/* the strings' bytes, in chunks: one malloc for thousands of strings */
	struct chunk *chunks;
};

static char *chunk_copy(struct import_strings *pool, const char *s, size_t len)
{
	return chunks_copy(&pool->chunks, s, len + 1, 65536);
}

static uint64_t hash_of(const char *s, size_t *len)
{
	uint64_t h = 1469598103934665603ull;   /* FNV-1a */
	const char *p;

	for (p = s; *p; p++)
		h = (h ^ (unsigned char)*p) * 1099511628211ull;
	*len = (size_t)(p - s);
	return h;
}

static void grow(struct import_strings *pool)
{
	struct import_strings bigger = { NULL, pool->cap ? pool->cap * 2 : 1024, pool->nr, pool->chunks };
	size_t i;

	bigger.slot = xcalloc(bigger.cap, sizeof(*bigger.slot));
	for (i = 0; i < pool->cap; i++) {
		size_t len, h;

		if (!pool->slot[i])
			continue;
		for (h = hash_of(pool->slot[i], &len) & (bigger.cap - 1); bigger.slot[h];
		     h = (h + 1) & (bigger.cap - 1))
			;
		bigger.slot[h] = pool->slot[i];
	}
	free(pool->slot);
	*pool = bigger;
}

char *import_intern(struct import_result *out, const char *s)
{
	struct import_strings *pool;
	size_t len, h;
	uint64_t hash;

	if (!s)
		return NULL;
	if (!out->strings)
		out->strings = xcalloc(1, sizeof(*out->strings));
	pool = out->strings;
	if ((pool->nr + 1) * 2 > pool->cap)
		grow(pool);
	hash = hash_of(s, &len);
	for (h = hash & (pool->cap - 1); pool->slot[h]; h = (h + 1) & (pool->cap - 1))
		if (!strcmp(pool->slot[h], s))
			return pool->slot[h];
	pool->slot[h] = chunk_copy(pool, s, len);
	pool->nr++;
	return pool->slot[h];
}

void import_strings_free(struct import_strings *pool)
{
	if (!pool)
		return;
	chunks_free(&pool->chunks);
	free(pool->slot);
	free(pool);
}
