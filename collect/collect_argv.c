#include "collect_internal.h"

#include <stdlib.h>
#include <string.h>

/* An argv vector that owns its strings, for commands built from options. */

void collect_argv_push(struct collect_argv *a, const char *arg)
{
	ALLOC_GROW(a->v, a->nr + 2, a->alloc);
	a->v[a->nr++] = xstrdup(arg);
	a->v[a->nr] = NULL;
}

/* Words split on spaces and tabs, each its own argument (no shell). */
void collect_argv_split(struct collect_argv *a, const char *words)
{
	while (*words) {
		size_t len;

		words += strspn(words, " \t");
		len = strcspn(words, " \t");
		if (len) {
			char *w = xstrndup(words, len);

			collect_argv_push(a, w);
			free(w);
		}
		words += len;
	}
}

void collect_argv_replace(struct collect_argv *a, size_t i, const char *arg)
{
	free(a->v[i]);
	a->v[i] = xstrdup(arg);
}

char *collect_argv_join(const struct collect_argv *a, size_t n)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i;

	for (i = 0; i < n && i < a->nr; i++)
		strbuf_addf(&sb, "%s%s", i ? " " : "", a->v[i]);
	return strbuf_detach(&sb, NULL);
}

void collect_argv_release(struct collect_argv *a)
{
	size_t i;

	for (i = 0; i < a->nr; i++)
		free(a->v[i]);
	free(a->v);
	memset(a, 0, sizeof(*a));
}
