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

struct import_strings *import_strings_new(void)
{
	struct import_strings *pool = xcalloc(1, sizeof(*pool));

	pool->set = g_hash_table_new(g_str_hash, g_str_equal);
	pool->bytes = (struct arena)ARENA_INIT(65536);
	return pool;
}

char *import_intern(struct import *imp, const char *s)
{
	struct import_strings *pool = imp->strings;
	char *p;

	if (!s)
		return NULL;
	if ((p = g_hash_table_lookup(pool->set, s)))
		return p;
	p = arena_strdup(&pool->bytes, s);
	g_hash_table_add(pool->set, p);
	return p;
}

char *import_room(struct import *imp, size_t n)
{
	return arena_chars(&imp->strings->bytes, n);
}

char *import_keep(struct import *imp, const char *s)
{
	return s ? arena_strdup(&imp->strings->bytes, s) : NULL;
}

void import_strings_clear(struct import_strings *pool)
{
	g_hash_table_remove_all(pool->set);
	arena_clear(&pool->bytes);
}

void import_strings_free(struct import_strings *pool)
{
	if (!pool)
		return;
	g_hash_table_destroy(pool->set);
	arena_release(&pool->bytes);
	free(pool);
}
