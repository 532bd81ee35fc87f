#ifndef PARSE_JSON_H
#define PARSE_JSON_H

#include <stddef.h>

/*
 * A small JSON reader for fio's report that keeps what a general library
 * loses: the digits of every number as written and the line of every
 * value.  Internal to parse/.
 */
enum jtype { J_NULL, J_BOOL, J_NUMBER, J_STRING, J_ARRAY, J_OBJECT };

struct jval {
	enum jtype type;
	long line;          /* 1-based, counted from where reading started */
	char *text;         /* J_NUMBER: its digits; J_STRING: decoded; J_BOOL: "true"/"false" */
	struct jval *kids;  /* J_ARRAY items, J_OBJECT values */
	char **keys;        /* J_OBJECT keys */
	size_t nr, alloc;
};

/*
 * Reads one value at the start of s (after blanks); *used gets the bytes
 * read.  On error returns -1 with *errline and *what set, and out empty.
 */
int jval_read(struct jval *out, const char *s, size_t len, size_t *used, long *errline,
	      const char **what);
void jval_release(struct jval *v);
const struct jval *jval_get(const struct jval *obj, const char *key);

#endif
