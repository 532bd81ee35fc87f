#ifndef RECORD_H
#define RECORD_H

#include <stddef.h>
#include <time.h>

/*
 * The record: one measured number with everything needed to compare it
 * fairly (DESIGN.md, "The record").  Every string may be NULL, meaning the
 * source did not say; nothing is ever guessed to fill it.
 */

struct kv {
	char *key;
	char *value;
};

/*
 * Configuration that a run shares: the "key: value" lines of a .bench file
 * in the order they were given (cpu, memory, caches, ...).  Known keys
 * (kernel, fs, ...) may appear here too, to keep their position; the
 * record's own field always wins over a stale value here.  Shared by all
 * records of a run and reference counted.
 */
struct facts {
	struct kv *v;
	size_t nr, alloc;
	unsigned refcount;
};

struct facts *facts_new(void);
struct facts *facts_ref(struct facts *f);
void facts_unref(struct facts *f);
/* Empties f, keeping its block for the next facts (the importer's, message after message). */
void facts_clear(struct facts *f);
/* Sets key to value (replacing, keeping the key's position). */
void facts_set(struct facts *f, const char *key, const char *value);
const char *facts_get(const struct facts *f, const char *key);
/*
 * The "date" fact, when a run was measured, in the form the archive
 * writes (2026-12-01T20:00:03Z, UTC): 0 when there is none or it is not
 * in that form.
 */
time_t facts_get_date(const struct facts *f);
void facts_set_date(struct facts *f, time_t t);

struct record {
	char *kernel;
	char *hardware;
	char *fs;
	char *options;
	char *device;
	char *benchmark;
	char *metric;
	char *value;      /* the digits exactly as measured or posted */
	char *unit;
	char *source;
	long long count;  /* the Go format's N: operations per sample, usually 1 */
	int iteration;    /* 1-based sample number; 0 when unknown */
	int quoted;       /* only found in quoted text of a reply */
	long line;        /* where in the input it was found; 0 when unknown */
	struct facts *facts;
};

#define RECORD_INIT { .count = 1 }

void record_init(struct record *r);
void record_release(struct record *r);
/* Deep copy; dst must not hold anything. */
void record_copy(struct record *dst, const struct record *src);
/* Replaces *field with a copy of value (NULL clears it). */
void record_set(char **field, const char *value);
/* The value as a double (for statistics only, never for output). */
double record_number(const struct record *r);

/*
 * The names of the fields a .bench configuration line can carry, in the
 * order the writer emits them, with accessors so that one loop serves them.
 */
struct record_field {
	const char *name;
	size_t offset;
};
extern const struct record_field record_config_fields[];
extern const size_t record_config_fields_nr;
char **record_field(struct record *r, const struct record_field *f);
const char *record_field_get(const struct record *r, const struct record_field *f);
const struct record_field *record_field_by_name(const char *name);

struct recset {
	struct record *v;
	size_t nr, alloc;
};

#define RECSET_INIT { NULL, 0, 0 }

/* Appends a deep copy of r (or an empty record when r is NULL). */
struct record *recset_add(struct recset *set, const struct record *r);
/* Moves r into the set; r is left empty. */
struct record *recset_take(struct recset *set, struct record *r);
void recset_release(struct recset *set);

/* True when the text is a number we accept as a value (finite, decimal). */
int value_is_number(const char *s);

#endif
