#include "internal.h"
#include "../core/strbuf.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/*
 * A set of paths the caller keeps alive (open addressing, FNV-1a), so that
 * a batch of N runs checks its names in O(N), not O(N^2).
 */
static uint64_t hash(const char *s)
{
	uint64_t h = 1469598103934665603ULL;

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ULL;
	return h;
}

static size_t slot(const struct archive_pathset *set, const char *path)
{
	size_t i = hash(path) & (set->size - 1);

	while (set->v[i] && strcmp(set->v[i], path))
		i = (i + 1) & (set->size - 1);
	return i;
}

int archive_pathset_has(const struct archive_pathset *set, const char *path)
{
	return set->size && set->v[slot(set, path)];
}

void archive_pathset_add(struct archive_pathset *set, const char *path)
{
	if (2 * (set->nr + 1) > set->size) {
		struct archive_pathset bigger = { NULL, set->size ? 2 * set->size : 64, 0 };
		size_t i;

		bigger.v = xcalloc(bigger.size, sizeof(*bigger.v));
		for (i = 0; i < set->size; i++)
			if (set->v[i])
				bigger.v[slot(&bigger, set->v[i])] = set->v[i];
		bigger.nr = set->nr;
		free(set->v);
		*set = bigger;
	}
	if (!set->v[slot(set, path)]) {
		set->v[slot(set, path)] = path;
		set->nr++;
	}
}

void archive_pathset_release(struct archive_pathset *set)
{
	free(set->v);
	memset(set, 0, sizeof(*set));
}
