#ifndef ARENA_H
#define ARENA_H

#include <stddef.h>

/*
 * Many small pieces that live and die together (a table's cells, the
 * strings of an import's records): each is cut from a block of at least
 * block_size bytes, and all go at once in arena_release, so thousands
 * cost a few mallocs.  Nothing is freed on its own.
 */
struct arena_block;

struct arena {
	struct arena_block *head;
	size_t block_size;
};

#define ARENA_INIT(block_size) { NULL, (block_size) }

/* n bytes aligned for any type. */
void *arena_alloc(struct arena *a, size_t n);
/* n bytes with no alignment: for strings, which need none. */
char *arena_chars(struct arena *a, size_t n);
/* A copy of the n bytes at s with a NUL after them. */
char *arena_strndup(struct arena *a, const char *s, size_t n);
char *arena_strdup(struct arena *a, const char *s);

/*
 * Frees every piece, keeping one block of block_size for what comes next:
 * an arena used again and again (one table after another) costs no malloc
 * each time, and one piece of a huge size is not kept.
 */
void arena_clear(struct arena *a);
/* Frees every piece and every block. */
void arena_release(struct arena *a);

#endif
