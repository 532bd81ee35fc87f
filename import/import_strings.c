#include "import.h"
#include "../core/arena.h"

#include <glib.h>
#include <string.h>

/*
 * The strings of imported records, each kept once.  A big import repeats
 * the same kernel, file system, benchmark and metric on thousands of
 * records: one copy each saves most of the memory records take, and lets
 * the repeat check and the writers compare them by pointer.
 */
struct import_strings {
	GHashTable *set;      /* the interned strings, by their text */
	struct arena bytes;   /* every string's bytes, interned or kept */
};

static struct import_strings *pool_of(struct import_result *out)
{
	if (!out->strings) {
		out->strings = xcalloc(1, sizeof(*out->strings));
		out->strings->set = g_hash_table_new(g_str_hash, g_str_equal);
		out->strings->bytes = (struct arena)ARENA_INIT(65536);
	}
	return out->strings;
}

char *import_intern(struct import_result *out, const char *s)
{
	struct import_strings *pool;
	char *p;

	if (!s)
		return NULL;
	pool = pool_of(out);
	if ((p = g_hash_table_lookup(pool->set, s)))
		return p;
	p = arena_strdup(&pool->bytes, s);
	g_hash_table_add(pool->set, p);
	return p;
}

char *import_room(struct import_result *out, size_t n)
{
	return arena_chars(&pool_of(out)->bytes, n);
}

char *import_keep(struct import_result *out, const char *s)
{
	return s ? arena_strdup(&pool_of(out)->bytes, s) : NULL;
}

void import_strings_free(struct import_strings *pool)
{
	if (!pool)
		return;
	g_hash_table_destroy(pool->set);
	arena_release(&pool->bytes);
	free(pool);
}
