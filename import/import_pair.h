#ifndef IMPORT_PAIR_H
#define IMPORT_PAIR_H

#include <stddef.h>

/*
 * Table cells that hold two numbers, "4.42/4.39".  What the two are must
 * be written in the table's header, a row label, the title or a line just
 * above it, as "X/Y" of the words below; a cell whose pair no text
 * explains gives nothing.
 *
 *   user/sys, user/system, real/user, ...   metrics (seconds, % for cpu)
 *   write/read, read/write, w/r, r/w         steps: the benchmark gets the word
 *   before/after, without/with               kernels: only when a patch is
 *                                             named ("before/after the foo
 *                                             patch"); the second is kernel+foo
 */
enum pair_kind { PAIR_NONE, PAIR_METRIC, PAIR_STEP, PAIR_PATCH };

struct import_pair {
	enum pair_kind kind;
	const char *what[2];    /* metric or step of each number */
	const char *unit[2];    /* metric's unit; for steps the rate the text names */
	char *patch;            /* PAIR_PATCH: "+foo", what the second number's kernel adds */
};

/* Whether cell s (n bytes) is two numbers (or m:ss times) split by one '/'. */
int import_pair_cell(const char *s, size_t n);

/* The pair text names, searched in s; 0 when found. */
int import_pair_find(struct import_pair *out, const char *s);
void import_pair_release(struct import_pair *p);

/* The k-th (0 or 1) number of a pair cell, as a new string. */
char *import_pair_half(const char *cell, int k);

#endif
