#include "arena.h"
#include "strbuf.h"

#include <stdalign.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

struct arena_block {
	struct arena_block *next;
	size_t used, size;
	alignas(max_align_t) char bytes[];
};

#define ARENA_DEFAULT_BLOCK 8192

/* Room for n bytes whose start is a multiple of align, in a new block when the head has none. */
static char *cut(struct arena *a, size_t n, size_t align)
{
	struct arena_block *b = a->head;
	size_t at;

	if (b) {
		at = (b->used + align - 1) & ~(align - 1);
		if (at <= b->size && b->size - at >= n) {
			b->used = at + n;
			return b->bytes + at;
		}
	}
	{
		size_t size = a->block_size ? a->block_size : ARENA_DEFAULT_BLOCK;

		if (size < n)
			size = n;
		/* a size past what can be asked for fails there, as an allocation */
		b = xmalloc(size > SIZE_MAX - sizeof(*b) ? SIZE_MAX : sizeof(*b) + size);
		b->size = size;
		b->used = n;
		b->next = a->head;
		a->head = b;
		return b->bytes;
	}
}

void *arena_alloc(struct arena *a, size_t n)
{
	return cut(a, n, alignof(max_align_t));
}

char *arena_chars(struct arena *a, size_t n)
{
	return cut(a, n, 1);
}

char *arena_strndup(struct arena *a, const char *s, size_t n)
{
	char *p = cut(a, n + 1, 1);

	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

char *arena_strdup(struct arena *a, const char *s)
{
	return arena_strndup(a, s, strlen(s));
}

void arena_clear(struct arena *a)
{
	size_t size = a->block_size ? a->block_size : ARENA_DEFAULT_BLOCK;
	struct arena_block *keep = NULL;

	while (a->head) {
		struct arena_block *b = a->head;

		a->head = b->next;
		if (!keep && b->size == size) {
			keep = b;
			continue;
		}
		free(b);
	}
	if (keep) {
		keep->used = 0;
		keep->next = NULL;
		a->head = keep;
	}
}

void arena_release(struct arena *a)
{
	while (a->head) {
		struct arena_block *b = a->head;

		a->head = b->next;
		free(b);
	}
}
