#ifndef MAIL_QUOTE_H
#define MAIL_QUOTE_H

#include "../core/strbuf.h"

/*
 * A message's text as lines with their quoting undone: '>' at any depth
 * ("> >", ">>"), '|' and Supercite's "AM>", and who wrote each depth as
 * attribution lines ("X wrote:", "On <date>, X wrote:", "X writes:") say.
 */
struct qline {
	char *text;          /* the line without quote marks, NUL-terminated */
	size_t len;          /* strlen(text) */
	long lineno;         /* line in the input */
	const char *author;  /* who wrote it, when known (owned by qtext) */
	int depth;           /* 0: the message's own text */
	int blank;
};

struct qtext {
	struct qline *v;
	size_t nr, alloc;
	char *buf;           /* the lines' bytes: a copy of the text */
	size_t buf_alloc;
	int has_begin;       /* a line starts with "begin " (import_uuencode.c) */
	char **authors;
	size_t nauthors, aauthors;
};

#define QTEXT_INIT { NULL, 0, 0, NULL, 0, 0, NULL, 0, 0 }

/*
 * Splits text into out, which is QTEXT_INIT or holds an earlier split:
 * its blocks are used again (a caller that splits message after message
 * keeps one qtext) and its lines and authors are gone.  own_author: the
 * message's author (for depth 0); kept by the caller.  text holds no NUL
 * byte (a message with one is skipped before it gets here).
 */
void mail_quote_split(struct qtext *out, const char *text, size_t len, long line0,
		      const char *own_author);
/* Frees q's blocks; q is QTEXT_INIT again. */
void mail_quote_release(struct qtext *q);

#endif
