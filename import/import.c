#include "import.h"
#include "import_extract.h"
#include "import_thread.h"

#include <stdlib.h>
#include <string.h>

int import_new(struct import **out, const struct bp_warn *warn)
{
	struct import *imp = xcalloc(1, sizeof(*imp));

	imp->strings = import_strings_new();
	imp->scratch = import_scratch_new();
	imp->threads = import_threads_new();
	imp->batch = import_batch_new();
	imp->jobs = 1;
	if (warn)
		imp->warn = *warn;
	*out = imp;
	return 0;
}

static void result_release(struct import_result *r)
{
	size_t i;

	/* the strings are the pool's: only each record's facts are its own */
	for (i = 0; i < r->borrowed.nr; i++)
		facts_unref(r->borrowed.v[i].facts);
	free(r->borrowed.v);
	free(r->msgs);
	for (i = 0; i < IMPORT_EMPTY_NAMED; i++) {
		free(r->empty_names[i]);
		free(r->empty_why[i]);
	}
	free(r->msg_of);
	free(r->flags_of);
	memset(r, 0, sizeof(*r));
}

void import_free(struct import *imp)
{
	if (!imp)
		return;
	import_batch_free(imp->batch);
	result_release(&imp->result);
	import_scratch_free(imp->scratch);
	import_threads_free(imp->threads);
	import_strings_free(imp->strings);
	free(imp);
}

/* Room for more records and their per-record scratch, all grown together. */
static void grow_records(struct import_result *out)
{
	size_t alloc = out->alloc < 64 ? 64 : out->alloc * 2;

	out->borrowed.v = xrealloc(out->borrowed.v, alloc * sizeof(*out->borrowed.v));
	out->msg_of = xrealloc(out->msg_of, alloc * sizeof(*out->msg_of));
	out->flags_of = xrealloc(out->flags_of, alloc * sizeof(*out->flags_of));
	out->borrowed.alloc = out->alloc = alloc;
}

struct record *import_add(struct import_result *out, size_t group, int depth)
{
	size_t at = out->borrowed.nr;
	struct record *r;

	if (at == out->alloc)
		grow_records(out);
	r = &out->borrowed.v[at];
	*r = (struct record)RECORD_INIT;
	out->borrowed.nr++;
	out->msg_of[at] = out->nmsgs - 1;
	/* groups are numbered across messages, so a change is a new group */
	out->flags_of[at] = (!at || group != out->last_group ? IMPORT_NEW_GROUP : 0) |
			    (depth > 0 ? IMPORT_QUOTED : 0);
	out->last_group = group;
	return r;
}

void import_messages(struct import *imp, const struct mail_list *list)
{
	size_t i;

	for (i = 0; i < list->nr; i++)
		import_message(imp, &list->v[i]);
	import_flush(imp);
}
