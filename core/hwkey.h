#ifndef HWKEY_H
#define HWKEY_H

#include "strbuf.h"

/*
 * The hardware key: a short stable slug naming a machine in the archive,
 * from CPU model, CPU count, memory and disk model, e.g.
 * "piii-1c-256m-st340016a".  Only [a-z0-9.-]; the full details are kept
 * beside it (hardware/<key>.txt).  Unknown parts are left out, never
 * guessed; with nothing known the key is "unknown".
 */
struct hwinfo {
	const char *cpu_model;
	int cpus;                     /* 0: unknown */
	unsigned long long mem_bytes; /* 0: unknown */
	const char *disk_model;
};

/* Returns a newly allocated key; the caller frees it. */
char *hwkey_make(const struct hwinfo *hw);
/* Appends the slug of free text (lowercase, [a-z0-9.], '-' between words). */
void hwkey_slug(struct strbuf *out, const char *text, unsigned max);

#endif
