#include "import_thread.h"
#include "../core/arena.h"
#include "../core/util.h"

#include <ctype.h>
#include <glib.h>
#include <string.h>
#include <strings.h>

/*
 * Which messages of an import are one thread: a message and those its
 * In-Reply-To or References name (before or after it in the input), and
 * those whose Subject is the same once "Re:" and the like are taken off.
 * A number counts once per thread (import_repeat.c), never across threads.
 *
 * Each message, each Message-ID seen and each subject is a node of a
 * union-find; a message joins the nodes of its own id, of the ids it
 * names and of its subject.
 */
struct import_threads {
	size_t *parent;
	size_t nr, alloc;
	GHashTable *node_of;   /* "id:<id>" or "subject:<key>" -> node + 1 */
	struct arena keys;
};

struct import_threads *import_threads_new(void)
{
	struct import_threads *t = xcalloc(1, sizeof(*t));

	t->node_of = g_hash_table_new(g_str_hash, g_str_equal);
	t->keys = (struct arena)ARENA_INIT(16384);
	return t;
}

void import_threads_free(struct import_threads *t)
{
	if (!t)
		return;
	g_hash_table_destroy(t->node_of);
	arena_release(&t->keys);
	free(t->parent);
	free(t);
}

static size_t new_node(struct import_threads *t)
{
	ALLOC_GROW(t->parent, t->nr + 1, t->alloc);
	t->parent[t->nr] = t->nr;
	return t->nr++;
}

static size_t find(struct import_threads *t, size_t n)
{
	size_t root = n;

	while (t->parent[root] != root)
		root = t->parent[root];
	while (t->parent[n] != root) {
		size_t next = t->parent[n];

		t->parent[n] = root;
		n = next;
	}
	return root;
}

static void join(struct import_threads *t, size_t a, size_t b)
{
	a = find(t, a);
	b = find(t, b);
	/* the older node is the root: a thread is named by its first message */
	if (a < b)
		t->parent[b] = a;
	else if (b < a)
		t->parent[a] = b;
}

/* The node of a key ("id:..." or "subject:..."), made when new. */
static size_t node_of(struct import_threads *t, const char *kind, const char *s, size_t n)
{
	struct strbuf key = STRBUF_INIT;
	gpointer found;
	size_t node;

	strbuf_addstr(&key, kind);
	strbuf_add(&key, s, n);
	found = g_hash_table_lookup(t->node_of, key.buf);
	if (found) {
		node = GPOINTER_TO_SIZE(found) - 1;
	} else {
		node = new_node(t);
		g_hash_table_insert(t->node_of, arena_strndup(&t->keys, key.buf, key.len),
				    GSIZE_TO_POINTER(node + 1));
	}
	strbuf_release(&key);
	return node;
}

/* Every "<id>" of a header value (In-Reply-To may add prose around it). */
static void join_ids(struct import_threads *t, size_t node, const char *v)
{
	const char *lt, *gt;

	for (; v && (lt = strchr(v, '<')) && (gt = strchr(lt + 1, '>')); v = gt + 1)
		if (gt > lt + 1)
			join(t, node, node_of(t, "id:", lt + 1, (size_t)(gt - lt - 1)));
}

/*
 * The subject as a thread key: "Re:", "Fwd:", "AW:" (and "Re[2]:") taken
 * off, case and blanks dropped, as list archives break long subjects and
 * lose a blank where they do ("compared forvarious fs").
 */
static void subject_key(struct strbuf *out, const char *s)
{
	static const char *const prefixes[] = { "re", "fwd", "fw", "aw", "sv" };
	int again = 1;

	while (again) {
		size_t i;

		again = 0;
		while (isspace((unsigned char)*s))
			s++;
		for (i = 0; i < ARRAY_SIZE(prefixes); i++) {
			size_t n = strlen(prefixes[i]);
			const char *p = s + n;

			if (strncasecmp(s, prefixes[i], n))
				continue;
			if (*p == '[') {
				p += 1 + strspn(p + 1, "0123456789");
				p += *p == ']';
			}
			if (*p == ':') {
				s = p + 1;
				again = 1;
				break;
			}
		}
	}
	for (; *s; s++)
		if (!isspace((unsigned char)*s))
			strbuf_addch(out, (char)tolower((unsigned char)*s));
}

size_t import_threads_add(struct import_threads *t, const struct mail_message *m)
{
	size_t node = new_node(t);
	struct strbuf key = STRBUF_INIT;

	if (m->message_id && *m->message_id)
		join(t, node, node_of(t, "id:", m->message_id, strlen(m->message_id)));
	join_ids(t, node, m->in_reply_to);
	join_ids(t, node, m->references);
	if (m->subject)
		subject_key(&key, m->subject);
	if (key.len)
		join(t, node, node_of(t, "subject:", key.buf, key.len));
	strbuf_release(&key);
	return node;
}

size_t import_threads_of(struct import_threads *t, size_t node)
{
	return find(t, node);
}
