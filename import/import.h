#ifndef IMPORT_H
#define IMPORT_H

#include "../core/record.h"
#include "../mail/mail.h"

#include <time.h>

/*
 * The importer: benchmark numbers out of legacy emails (DESIGN.md,
 * "Parsing").  The mail layer (mail.h) finds the messages and their text;
 * extraction (import_extract.c) finds time blocks, dd output, tables and
 * summaries and the context prose gives them; import_finish drops the
 * numbers a thread repeats, so that each is counted once.
 */

#define IMPORT_EMPTY_NAMED 10

/*
 * One message that gave records: where a run's provenance comes from.  Its
 * strings are the result's (import_room), never freed on their own.
 */
struct import_msg {
	char *name;     /* "foo.mbox: message 3" */
	char *source;   /* "email <id>" or the file's name */
	time_t date;    /* 0: unknown */
};

struct import_result {
	struct recset records;
	size_t *msg_of;          /* per record: its index in msgs */
	struct import_msg *msgs;
	size_t nmsgs, amsgs;
	size_t messages;         /* messages read */
	size_t skipped;          /* unreadable ones (warned about) */
	size_t empty;            /* readable ones without numbers */
	char *empty_names[IMPORT_EMPTY_NAMED]; /* the first of them, for a warning */
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
	int quiet;               /* count skipped messages without warning */
	/*
	 * The records' strings, each kept once (import_strings.c): they belong
	 * to the result, so a record's field is set with import_intern() (a
	 * value with import_keep(), a source points to its msgs[].source),
	 * never freed, record_set() or record_release()d.  Equal strings of
	 * the fields import_intern() sets are one pointer, and import_finish
	 * compares them so.
	 */
	struct import_strings *strings;
};

#define IMPORT_NEW_GROUP 1
#define IMPORT_QUOTED 2

#define IMPORT_RESULT_INIT { RECSET_INIT, NULL, NULL, 0, 0, 0, 0, 0, { NULL }, NULL, 0, 0, 0, 0, NULL }

/*
 * Imports every message of list; warns (naming the message and why) about
 * those that are skipped.  Call import_finish once after the last list.
 */
void import_messages(struct import_result *out, const struct mail_list *list);
/* The same for one message (a mail_list's "each" consumer can call it). */
void import_message(struct import_result *out, const struct mail_message *m);
/* Drops repeated and already-posted quoted numbers; numbers iterations. */
void import_finish(struct import_result *out);
void import_result_release(struct import_result *r);

/* Extraction of one message (import_extract.c), appending to out. */
void import_extract(struct import_result *out, const struct mail_message *m, size_t msg);

/* The result's one copy of s (NULL for NULL), for a record's field. */
char *import_intern(struct import_result *out, const char *s);
/*
 * A copy of s the result owns, not shared: for a value, which seldom
 * repeats (a lookup for each cost more time, and its slot more memory,
 * than the copy), and which nothing compares by pointer.
 */
char *import_keep(struct import_result *out, const char *s);
/* Room for n bytes the result owns, for a string put together in place. */
char *import_room(struct import_result *out, size_t n);
void import_strings_free(struct import_strings *pool);

/* Appends one record with its group and depth (for import_extract's helpers). */
struct record *import_add(struct import_result *out, size_t group, int depth);

#endif
