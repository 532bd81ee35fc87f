#ifndef IMPORT_H
#define IMPORT_H

#include "../core/error.h"
#include "../core/record.h"
#include "../mail/mail.h"

#include <time.h>

/*
 * The importer: benchmark numbers out of legacy emails (DESIGN.md,
 * "Parsing").  The mail layer (mail.h) finds the messages and their text;
 * extraction (import_extract.c and its readers) finds time blocks, dd
 * output, tables, tool reports and prose numbers and the context the text
 * gives them; import_finish drops the numbers a thread repeats, so that
 * each is counted once.
 *
 * One import is one object (struct import) that its caller makes, feeds
 * messages to and frees: it owns the records found, the string pool their
 * strings are borrowed from, and the blocks extraction reuses from one
 * message to the next.  Nothing is kept anywhere else.
 */

#define IMPORT_EMPTY_NAMED 10

/*
 * One message that gave records: where a run's provenance comes from.  Its
 * strings are borrowed from the import's pool.
 */
struct import_msg {
	const char *name;     /* "foo.mbox: message 3" */
	const char *source;   /* "email <id>" or the file's name */
	time_t date;          /* 0: unknown */
	size_t thread;        /* its thread's node (import_thread.h); equal within a thread once finished */
};

struct import_result {
	/*
	 * The records found.  Borrowed: every string of theirs belongs to the
	 * import's pool (import_intern), lives as long as the import and is
	 * never freed, record_set() or record_release()d on its own; only a
	 * record's facts are its own.  recset_add() makes a copy of one's own.
	 * Equal strings of the fields import_intern sets are one pointer.
	 */
	struct recset borrowed;
	size_t *msg_of;          /* per record: its index in msgs */
	struct import_msg *msgs;
	size_t nmsgs, amsgs;
	size_t messages;         /* messages read */
	size_t skipped;          /* unreadable ones (warned about) */
	size_t empty;            /* readable ones without numbers */
	/* the first of them, for a warning, and why: "line 12: rows of numbers with ..." */
	char *empty_names[IMPORT_EMPTY_NAMED];
	char *empty_why[IMPORT_EMPTY_NAMED];
	/*
	 * extraction scratch until finished: per record whether it starts a
	 * group (IMPORT_NEW_GROUP) and stands in quoted text (IMPORT_QUOTED),
	 * a byte where the group's number and the depth took twelve: the
	 * records are what a big import's memory grows with
	 */
	unsigned char *flags_of;
	size_t last_group;       /* the group of the last record added */
	size_t groups;
	size_t alloc;
};

#define IMPORT_NEW_GROUP 1
#define IMPORT_QUOTED 2

struct import_strings;
struct import_scratch;
struct import_threads;
struct import_batch;

struct import {
	struct import_result result;
	struct import_strings *strings;   /* the pool the records' strings are borrowed from */
	struct import_scratch *scratch;   /* blocks extraction reuses (import_extract.c) */
	struct import_threads *threads;   /* which messages are one thread (import_thread.c) */
	struct bp_warn warn;              /* where skipped messages are reported */
	struct import_batch *batch;       /* messages waiting for extraction (import_batch.c) */
	size_t jobs;                      /* how many threads extract them */
};

/* A new import; warn (copied; NULL: none) is told about messages skipped as unreadable. */
int import_new(struct import **out, const struct bp_warn *warn);
/* Frees the import, its records and every string they borrow. */
void import_free(struct import *imp);

/*
 * Imports every message of list; warns (naming the message and why) about
 * those that are skipped.  Call import_finish once after the last list.
 */
void import_messages(struct import *imp, const struct mail_list *list);
/*
 * The same for one message (a mail_list's "each" consumer can call it),
 * which is copied: the result holds it after import_flush, import_finish
 * or the next import_messages.
 */
void import_message(struct import *imp, const struct mail_message *m);
/*
 * Extracts the messages handed so far (import_batch.c): until then they
 * wait, so that a batch of them is extracted on several threads.
 */
void import_flush(struct import *imp);
/*
 * How many threads extract messages (at least 1, the default: this one
 * only).  The records, warnings and their order are the same for any.
 */
void import_set_jobs(struct import *imp, size_t jobs);
/*
 * A sink for the warnings of the mail reader that feeds imp: each shown in
 * its place among those of the messages around it, after the messages
 * handed before it, however many wait for extraction.
 */
struct bp_warn import_warn_sink(struct import *imp);
struct import_batch *import_batch_new(void);
void import_batch_free(struct import_batch *b);
/*
 * Drops the numbers a thread repeats (restated, or quoted when the thread
 * holds them already); numbers iterations.
 */
void import_finish(struct import *imp);

/*
 * Extraction of one message (import_extract.c), appending to imp's result;
 * when it finds nothing and why is not NULL, why says what looked like
 * numbers and where ("line 12: time output in a form not read"), or that
 * nothing did.
 */
void import_extract(struct import *imp, const struct mail_message *m, struct strbuf *why);

/* The pool's one copy of s (NULL for NULL), for a record's field. */
char *import_intern(struct import *imp, const char *s);
/*
 * A copy of s the pool owns, not shared: for a value, which seldom
 * repeats, and which nothing compares by pointer.
 */
char *import_keep(struct import *imp, const char *s);
/* Room for n bytes the pool owns, for a string put together in place. */
char *import_room(struct import *imp, size_t n);
struct import_strings *import_strings_new(void);
/* Empties the pool: every string it gave is gone. */
void import_strings_clear(struct import_strings *pool);
void import_strings_free(struct import_strings *pool);

/*
 * Appends one record to the result with its group and depth, for the
 * readers: set its strings with import_intern or import_keep.
 */
struct record *import_add(struct import_result *out, size_t group, int depth);

#endif
