#include "import_extract.h"
#include "import_table.h"
#include "../core/util.h"

#include <glib.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/*
 * What the section pass finds from a line's text alone, kept for the
 * whole import: list mail brings the same lines again and again (quoted
 * in replies, resent, the same table in each message of a thread), and
 * a text read before need not be read again.  Kept per text: the kernel
 * marks it holds, whether it has the shape of a result row, and the
 * file system it names with the mode named after it.
 */

/*
 * A line text read before, in one block with the text's bytes after the
 * marks (the kernels and the mode are the table's own).  The hash is
 * kept: a text is hashed once, for the look and for the add.
 */
struct seen_line {
	guint hash;
	const char *text;
	signed char time;     /* import_time_may_start: -1 not yet asked */
	signed char row;      /* import_table_row_like: -1 not yet asked */
	signed char fs_known;
	const char *fs;       /* the first file system it names (import_find_fs_n's canonical name) */
	char *fs_mode;        /* the data= mode named right after it, or NULL */
	size_t n;
	struct kernel_mark m[];
};

/* The most line texts kept: a big import forgets them at that, a message's worth stays. */
#define SEEN_MAX 65536

static guint seen_hash(gconstpointer p)
{
	return ((const struct seen_line *)p)->hash;
}

static gboolean seen_equal(gconstpointer a, gconstpointer b)
{
	const struct seen_line *x = a, *y = b;

	return x->hash == y->hash && !strcmp(x->text, y->text);
}

static void seen_free(gpointer p)
{
	struct seen_line *sl = p;
	size_t a;

	for (a = 0; a < sl->n; a++)
		free((char *)sl->m[a].kernel);
	free(sl->fs_mode);
	free(sl);
}

/* The line's len bytes, eight at a time: lines with digits are long, and most are hashed only to be looked up. */
static guint text_hash(const char *t, size_t len)
{
	uint64_t h = len * UINT64_C(0x9e3779b97f4a7c15), w;
	size_t k;

	for (k = 0; k < len - len % 8; k += 8) {
		memcpy(&w, t + k, 8);
		h = (h ^ w) * UINT64_C(0x100000001b3);
		h ^= h >> 29;
	}
	for (w = 0; k < len; k++)
		w = w << 8 | (unsigned char)t[k];
	h = (h ^ w) * UINT64_C(0x100000001b3);
	return (guint)(h ^ h >> 32);
}

/*
 * A mark depends on nothing but its line's text: a text read before
 * gets the marks found then (before any heading made them stronger),
 * and a new one is read and kept.
 */
void sections_find_marks(struct extract *x, size_t i)
{
	struct sections *s = x->sec;
	const struct qline *l = &x->q->v[i];
	struct seen_line probe = { .hash = text_hash(l->text, l->len), .text = l->text }, *sl;
	size_t first = s->nmarks, a;
	char *text;

	if (!s->seen)
		s->seen = g_hash_table_new_full(seen_hash, seen_equal, seen_free, NULL);
	if ((sl = g_hash_table_lookup(s->seen, &probe))) {
		ALLOC_GROW(s->marks, s->nmarks + sl->n, s->amarks);
		for (a = 0; a < sl->n; a++) {
			s->marks[s->nmarks] = sl->m[a];
			s->marks[s->nmarks++].line = i;
		}
		s->seen_of[i] = sl;
		return;
	}
	sections_read_marks(x, i);
	sl = xmalloc(sizeof(*sl) + (s->nmarks - first) * sizeof(sl->m[0]) + l->len + 1);
	sl->hash = probe.hash;
	sl->time = sl->row = -1;
	sl->fs_known = 0;
	sl->fs = NULL;
	sl->fs_mode = NULL;
	sl->n = s->nmarks - first;
	for (a = 0; a < sl->n; a++) {
		sl->m[a] = s->marks[first + a];
		sl->m[a].kernel = xstrdup(sl->m[a].kernel);
	}
	text = (char *)&sl->m[sl->n];
	memcpy(text, l->text, l->len + 1);
	sl->text = text;
	g_hash_table_add(s->seen, sl);
	s->seen_of[i] = sl;
}

/* A test of a line's text alone: asked once for a text with an entry (memo, else NULL). */
static int kept(signed char *memo, int (*test)(const char *), const char *t)
{
	int r;

	if (memo && *memo >= 0)
		return *memo;
	r = test(t) != 0;
	if (memo)
		*memo = (signed char)r;
	return r;
}

int sections_text_time(const struct extract *x, size_t i)
{
	struct seen_line *sl = x->sec->seen_of[i];

	return kept(sl ? &sl->time : NULL, import_time_may_start, x->q->v[i].text);
}

int sections_text_row(const struct extract *x, size_t i)
{
	struct seen_line *sl = x->sec->seen_of[i];

	return sections_text_time(x, i) || kept(sl ? &sl->row : NULL, import_table_row_like, x->q->v[i].text);
}

/* What import_find_fs_n finds in line i: the first file system and the mode named right after it. */
static const char *read_fs(const struct qline *l, char **mode_out)
{
	const char *fs, *next, *after;
	char *mode;

	*mode_out = NULL;
	if (!(after = import_find_fs_n(l->text, l->len, &fs, &mode)))
		return NULL;
	free(mode);
	if (!fs)
		return NULL;
	if (import_find_fs_n(after, l->len - (size_t)(after - l->text), &next, &mode) && !next)
		*mode_out = mode;
	else
		free(mode);
	return fs;
}

const char *sections_text_fs(const struct extract *x, size_t i, const char **mode_out)
{
	struct sections *s = x->sec;
	struct seen_line *sl = s->seen_of[i];
	const char *fs;
	char *mode;

	if (sl && sl->fs_known) {
		*mode_out = sl->fs_mode;
		return sl->fs;
	}
	fs = read_fs(&x->q->v[i], &mode);
	if (sl) {
		sl->fs = fs;
		sl->fs_mode = mode;
		sl->fs_known = 1;
	} else if (mode) {
		sections_keep(s, mode);
	}
	*mode_out = mode;
	return fs;
}

void sections_seen_trim(struct sections *s)
{
	if (s->seen && g_hash_table_size(s->seen) > SEEN_MAX)
		g_hash_table_remove_all(s->seen);
}

void sections_seen_free(struct sections *s)
{
	if (s->seen)
		g_hash_table_destroy(s->seen);
	s->seen = NULL;
}
