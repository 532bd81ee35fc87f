#include "import.h"
#include "../core/error.h"

#include <stdlib.h>
#include <string.h>

/* Room for more records and their per-record scratch, all grown together. */
static void grow_records(struct import_result *out)
{
	size_t alloc = out->alloc < 64 ? 64 : out->alloc * 2;

	out->records.v = xrealloc(out->records.v, alloc * sizeof(*out->records.v));
	out->msg_of = xrealloc(out->msg_of, alloc * sizeof(*out->msg_of));
	out->flags_of = xrealloc(out->flags_of, alloc * sizeof(*out->flags_of));
	out->records.alloc = out->alloc = alloc;
}

struct record *import_add(struct import_result *out, size_t group, int depth)
{
	size_t at = out->records.nr;
	struct record *r;

	if (at == out->alloc)
		grow_records(out);
	r = &out->records.v[at];
	*r = (struct record)RECORD_INIT;
	out->records.nr++;
	out->msg_of[at] = out->nmsgs - 1;
	/* groups are numbered across messages, so a change is a new group */
	out->flags_of[at] = (!at || group != out->last_group ? IMPORT_NEW_GROUP : 0) |
			    (depth > 0 ? IMPORT_QUOTED : 0);
	out->last_group = group;
	return r;
}

/*
 * "email <id>", or the file's name: in the result's pool, lengths known, as
 * a message's strings live as long as its records and a malloc and free
 * each was a cost per message.
 */
static char *source_of(struct import_result *out, const struct mail_message *m)
{
	const char *base;
	size_t n;
	char *s;

	if (m->message_id) {
		n = strlen(m->message_id);
		s = import_room(out, n + 9);
		memcpy(s, "email <", 7);
		memcpy(s + 7, m->message_id, n);
		memcpy(s + 7 + n, ">", 2);
		return s;
	}
	base = strrchr(m->file, '/');
	return import_keep(out, base ? base + 1 : m->file);
}

void import_message(struct import_result *out, const struct mail_message *m)
{
	struct import_msg *im;
	size_t before = out->records.nr;

	out->messages++;
	if (m->skip) {
		if (!out->quiet)
			warning("%s: skipped: %s", m->name, m->skip);
		out->skipped++;
		return;
	}
	ALLOC_GROW(out->msgs, out->nmsgs + 1, out->amsgs);
	im = &out->msgs[out->nmsgs++];
	im->name = import_keep(out, m->name);
	im->source = source_of(out, m);
	im->date = m->date;
	import_extract(out, m, out->nmsgs - 1);
	if (out->records.nr == before) {
		if (out->empty < IMPORT_EMPTY_NAMED)
			out->empty_names[out->empty] = xstrdup(m->name);
		out->empty++;
	}
}

void import_messages(struct import_result *out, const struct mail_list *list)
{
	size_t i;

	for (i = 0; i < list->nr; i++)
		import_message(out, &list->v[i]);
}

void import_result_release(struct import_result *r)
{
	size_t i;

	/* the strings are the pool's: only each record's facts are its own */
	for (i = 0; i < r->records.nr; i++)
		facts_unref(r->records.v[i].facts);
	free(r->records.v);
	memset(&r->records, 0, sizeof(r->records));
	import_strings_free(r->strings);
	r->strings = NULL;
	free(r->msgs);
	for (i = 0; i < IMPORT_EMPTY_NAMED; i++)
		free(r->empty_names[i]);
	free(r->msg_of);
	free(r->flags_of);
	memset(r, 0, sizeof(*r));
}
