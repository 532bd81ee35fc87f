#include "import.h"
#include "import_extract.h"
#include "import_thread.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

/*
 * Extraction on several cores.  A message handed to the import waits here,
 * copied, until a batch is full; then workers, each an import of its own
 * (pool, scratch, result), take the batch's messages one at a time, and
 * the results join the import in the messages' order: each message's
 * records, its warnings and its place in its thread, as if they had been
 * read one after another.  That holds because extraction reads nothing but
 * its message and the records it made of it (import_extract.c).  With one
 * job a batch is one message and this thread the only worker: the same
 * path, without waiting.
 */

/* Enough text that starting the threads costs nothing beside it, little enough to hold. */
#define BATCH_BYTES (1 << 20)
#define BATCH_MESSAGES 4096
#define JOBS_MAX 64

struct waiting {
	struct mail_message m;
	size_t worker;              /* which one extracted it */
	size_t msg;                 /* its place in that worker's msgs */
	size_t first, nr;           /* its records in that worker's result */
	size_t warn_first, warn_nr; /* what it warned, in that worker's list */
	char *why;                  /* why it gave nothing, when a warning may name it */
};

struct worker {
	struct import *imp;
	char **warns;
	size_t nwarns, awarns;
	struct import_batch *batch;
	pthread_t thread;
	int started;
};

/* A warning of the mail reader's, shown before message at of the batch. */
struct early {
	size_t at;
	char *msg;
};

struct import_batch {
	struct waiting *v;
	size_t nr, alloc, bytes;
	struct early *early;
	size_t nearly, aearly;
	struct worker *workers;
	size_t nworkers;
	int want_why;               /* a message that gives nothing may still be named */
	atomic_size_t next;         /* the next message a worker takes */
};

struct import_batch *import_batch_new(void)
{
	return xcalloc(1, sizeof(struct import_batch));
}

static void keep_warning(void *payload, const char *msg)
{
	struct worker *w = payload;

	ALLOC_GROW(w->warns, w->nwarns + 1, w->awarns);
	w->warns[w->nwarns++] = xstrdup(msg);
}

static void workers_free(struct import_batch *b)
{
	size_t i;

	for (i = 0; i < b->nworkers; i++) {
		struct worker *w = &b->workers[i];

		while (w->nwarns)
			free(w->warns[--w->nwarns]);
		free(w->warns);
		import_free(w->imp);
	}
	free(b->workers);
	b->workers = NULL;
	b->nworkers = 0;
}

static void workers_make(struct import_batch *b, size_t jobs)
{
	size_t i;

	if (b->nworkers == jobs)
		return;
	workers_free(b);
	b->workers = xcalloc(jobs, sizeof(*b->workers));
	b->nworkers = jobs;
	for (i = 0; i < jobs; i++) {
		struct worker *w = &b->workers[i];
		const struct bp_warn sink = { keep_warning, w };

		w->batch = b;
		/* import_new fails only for want of memory, which dies first */
		if (import_new(&w->imp, &sink) < 0)
			abort();
	}
}

/* "email <id>", or the file's name, in imp's pool: a message's strings live as long as its records. */
static char *source_of(struct import *imp, const struct mail_message *m)
{
	const char *base;
	size_t n;
	char *s;

	if (m->message_id) {
		n = strlen(m->message_id);
		s = import_room(imp, n + 9);
		memcpy(s, "email <", 7);
		memcpy(s + 7, m->message_id, n);
		memcpy(s + 7 + n, ">", 2);
		return s;
	}
	base = strrchr(m->file, '/');
	return import_keep(imp, base ? base + 1 : m->file);
}

static void extract_one(struct worker *w, struct waiting *q)
{
	struct import_result *out = &w->imp->result;
	struct strbuf why = STRBUF_INIT;
	struct import_msg *im;

	q->worker = (size_t)(w - w->batch->workers);
	q->warn_first = w->nwarns;
	q->first = out->borrowed.nr;
	if (!q->m.skip) {
		ALLOC_GROW(out->msgs, out->nmsgs + 1, out->amsgs);
		q->msg = out->nmsgs;
		im = &out->msgs[out->nmsgs++];
		memset(im, 0, sizeof(*im));
		im->source = source_of(w->imp, &q->m);
		import_extract(w->imp, &q->m, w->batch->want_why ? &why : NULL);
		if (out->borrowed.nr == q->first && w->batch->want_why)
			q->why = strbuf_detach(&why, NULL);
		strbuf_release(&why);
	}
	q->nr = out->borrowed.nr - q->first;
	q->warn_nr = w->nwarns - q->warn_first;
}

static void work(struct worker *w)
{
	struct import_batch *b = w->batch;
	size_t j;

	while ((j = atomic_fetch_add(&b->next, 1)) < b->nr)
		extract_one(w, &b->v[j]);
}

static void *work_thread(void *data)
{
	work(data);
	/* a reader's error, which nobody asks for here, dies with the thread */
	err_clear();
	return NULL;
}

/*
 * The pooled string of s in imp, per field: the last one's again when s
 * is the same pointer, as the worker's pool has one of each string.
 */
enum repool_field { P_KERNEL, P_HARDWARE, P_FS, P_OPTIONS, P_DEVICE, P_BENCHMARK, P_METRIC, P_UNIT, P_SOURCE, P_NR };

struct repool {
	const char *from[P_NR];
	char *to[P_NR];
};

static char *repooled(struct import *imp, struct repool *p, enum repool_field f, const char *s)
{
	if (!s)
		return NULL;
	if (p->from[f] != s) {
		p->from[f] = s;
		p->to[f] = import_intern(imp, s);
	}
	return p->to[f];
}

/* The message's records, moved from the worker's result into imp's, their facts with them. */
static void take_records(struct import *imp, struct repool *p, const struct waiting *q, const char *source)
{
	struct import_result *out = &imp->result;
	const struct import_result *in = &imp->batch->workers[q->worker].imp->result;
	const char *their_source = in->msgs[q->msg].source;
	size_t k;

	for (k = q->first; k < q->first + q->nr; k++) {
		const struct record *s = &in->borrowed.v[k];
		struct record *r;

		/* a message starts a group of its own; its groups are its own too */
		if (k == q->first || (in->flags_of[k] & IMPORT_NEW_GROUP))
			out->groups++;
		r = import_add(out, out->groups, (in->flags_of[k] & IMPORT_QUOTED) ? 1 : 0);
		*r = *s;
		r->kernel = repooled(imp, p, P_KERNEL, s->kernel);
		r->hardware = repooled(imp, p, P_HARDWARE, s->hardware);
		r->fs = repooled(imp, p, P_FS, s->fs);
		r->options = repooled(imp, p, P_OPTIONS, s->options);
		r->device = repooled(imp, p, P_DEVICE, s->device);
		r->benchmark = repooled(imp, p, P_BENCHMARK, s->benchmark);
		r->metric = repooled(imp, p, P_METRIC, s->metric);
		r->unit = repooled(imp, p, P_UNIT, s->unit);
		r->value = import_keep(imp, s->value);
		r->source = s->source == their_source ? (char *)source : repooled(imp, p, P_SOURCE, s->source);
	}
}

/* The mail reader's warnings that came before message at, from *e on; where the next starts. */
static size_t show_early(struct import *imp, size_t e, size_t at)
{
	struct import_batch *b = imp->batch;

	for (; e < b->nearly && b->early[e].at <= at; e++)
		bp_warnf(&imp->warn, "%s", b->early[e].msg);
	return e;
}

/* What import_message did for each message in turn when it extracted them itself. */
static void merge(struct import *imp)
{
	struct import_batch *b = imp->batch;
	struct import_result *out = &imp->result;
	struct repool p = { { NULL }, { NULL } };
	size_t j, k, e = 0;

	for (j = 0; j < b->nr; j++) {
		struct waiting *q = &b->v[j];
		const struct worker *w = &b->workers[q->worker];
		struct import_msg *im;

		e = show_early(imp, e, j);
		out->messages++;
		if (q->m.skip) {
			bp_warnf(&imp->warn, "%s: skipped: %s", q->m.name, q->m.skip);
			out->skipped++;
			continue;
		}
		ALLOC_GROW(out->msgs, out->nmsgs + 1, out->amsgs);
		im = &out->msgs[out->nmsgs++];
		im->name = import_keep(imp, q->m.name);
		im->source = source_of(imp, &q->m);
		im->date = q->m.date;
		im->thread = import_threads_add(imp->threads, &q->m);
		for (k = 0; k < q->warn_nr; k++)
			bp_warnf(&imp->warn, "%s", w->warns[q->warn_first + k]);
		take_records(imp, &p, q, im->source);
		if (q->nr)
			continue;
		if (out->empty < IMPORT_EMPTY_NAMED) {
			out->empty_names[out->empty] = xstrdup(q->m.name);
			out->empty_why[out->empty] = q->why ? q->why : xstrdup("");
			q->why = NULL;
		}
		out->empty++;
	}
	show_early(imp, e, b->nr);
}

/* The batch emptied, the workers' results and pools with it: their records are imp's now. */
static void batch_clear(struct import_batch *b)
{
	size_t i;

	for (i = 0; i < b->nr; i++) {
		mail_message_release(&b->v[i].m);
		free(b->v[i].why);
	}
	b->nr = b->bytes = 0;
	while (b->nearly)
		free(b->early[--b->nearly].msg);
	for (i = 0; i < b->nworkers; i++) {
		struct worker *w = &b->workers[i];

		while (w->nwarns)
			free(w->warns[--w->nwarns]);
		w->imp->result.borrowed.nr = 0;
		w->imp->result.nmsgs = 0;
		import_scratch_forget_pool(w->imp->scratch);
		import_strings_clear(w->imp->strings);
	}
}

void import_flush(struct import *imp)
{
	struct import_batch *b = imp->batch;
	size_t i;

	/* the mail reader's warnings wait only while messages do */
	if (!b->nr)
		return;
	workers_make(b, imp->jobs);
	b->want_why = imp->result.empty < IMPORT_EMPTY_NAMED;
	atomic_store(&b->next, 0);
	/* a thread that cannot start leaves its share to the others */
	for (i = 1; i < b->nworkers && i < b->nr; i++)
		b->workers[i].started = !pthread_create(&b->workers[i].thread, NULL, work_thread,
							&b->workers[i]);
	work(&b->workers[0]);
	for (i = 1; i < b->nworkers; i++)
		if (b->workers[i].started) {
			pthread_join(b->workers[i].thread, NULL);
			b->workers[i].started = 0;
		}
	merge(imp);
	batch_clear(b);
}

void import_message(struct import *imp, const struct mail_message *m)
{
	struct import_batch *b = imp->batch;
	struct waiting *q;

	ALLOC_GROW(b->v, b->nr + 1, b->alloc);
	q = &b->v[b->nr++];
	memset(q, 0, sizeof(*q));
	mail_message_copy(&q->m, m);
	b->bytes += m->text.len;
	if (imp->jobs == 1 || b->bytes >= BATCH_BYTES || b->nr >= BATCH_MESSAGES)
		import_flush(imp);
}

void import_set_jobs(struct import *imp, size_t jobs)
{
	import_flush(imp);
	imp->jobs = jobs < 1 ? 1 : jobs > JOBS_MAX ? JOBS_MAX : jobs;
}

static void early_warning(void *payload, const char *msg)
{
	struct import *imp = payload;
	struct import_batch *b = imp->batch;

	if (!b->nr) {
		bp_warnf(&imp->warn, "%s", msg);
		return;
	}
	ALLOC_GROW(b->early, b->nearly + 1, b->aearly);
	b->early[b->nearly].at = b->nr;
	b->early[b->nearly++].msg = xstrdup(msg);
}

struct bp_warn import_warn_sink(struct import *imp)
{
	struct bp_warn w = { early_warning, imp };

	return w;
}

void import_batch_free(struct import_batch *b)
{
	if (!b)
		return;
	batch_clear(b);
	workers_free(b);
	free(b->v);
	free(b->early);
	free(b);
}
