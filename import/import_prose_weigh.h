#ifndef IMPORT_PROSE_WEIGH_H
#define IMPORT_PROSE_WEIGH_H

#include "import_quantity.h"

#include <ctype.h>
#include <stddef.h>
#include <string.h>
#include <strings.h>

/*
 * A group of numbers in a sentence and what the words around it make of
 * it: import_prose.c reads the groups, import_prose_weigh.c weighs them.
 * Internal to the prose reader.
 */

#define GROUP_MAX 8

/* One number of a group and what stands right after it. */
struct member {
	struct quantity q;
	const char *at, *end;      /* the number with its unit, in the text */
	const char *kernel;        /* "... on 2.6.16" after it */
	size_t kernel_n;
	const char *fs;            /* "... on ext3" after it */
	int to_next;               /* "from N to M": joined to the next by "to" */
	int range;                 /* "15.0GiB/s-15.0GiB/s": one end of a range */
};

/* What the words before a group make of it. */
enum head {
	H_NONE,        /* nothing that states a value: rates may, durations not */
	H_MEASURE,     /* took, finished in, gave, reached, "slower:" */
	H_COPULA,      /* is, was, stays (at) */
	H_CHANGE_FROM, /* went from, are up from */
	H_CHANGE_TO,   /* dropped to, back up to */
	H_REFUSED,     /* a bound, a range, a difference, hardware: why says which */
};

/* The clause found last: where its search started (p), in which sentence (sb), and where it starts. */
struct clause_memo {
	const char *sb, *p, *cb;
};

struct reading {
	const char *text, *sb, *se;  /* the text, the group's sentence */
	struct clause_memo *clauses; /* the reader's, kept over the groups of a text; NULL: none */
	const char *cb;              /* its clause */
	const char *hp;              /* where the head's verb starts (the subject ends) */
	enum head head;
	int approx;
	const char *why;
};

/* The blanks between a sentence's words (a line's end too, in text that joins lines). */
static inline int prose_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\n';
}

/* The word at p, if it is one of the words ("and", "to"), and where it ends. */
static inline const char *prose_word_here(const char *p, const char *w)
{
	size_t n;

	/* the first byte at once: most words are not the one asked for */
	if (tolower((unsigned char)*p) != tolower((unsigned char)*w))
		return NULL;
	n = strlen(w);
	return !strncasecmp(p, w, n) && (prose_blank(p[n]) || !p[n]) ? p + n : NULL;
}

/* The head of a group at first (pair: "from N to M"): what the words before it make of it, into r. */
void prose_read_head(struct reading *r, const struct member *first, int pair);
/* The words after the group (last its last number): a comparison, hardware, a setting.  0: refused. */
int prose_read_tail(struct reading *r, const struct member *last);
/* Whether the numbers themselves may be values: no percentage, no end of a range. */
int prose_members_ok(struct reading *r, const struct member *g, size_t n);
/* Whether the group's words and units make it values (r->head set); 0 with r->why when not. */
int prose_weigh(struct reading *r, const struct member *g, size_t n, int respectively);

#endif
