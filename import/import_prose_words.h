#ifndef IMPORT_PROSE_WORDS_H
#define IMPORT_PROSE_WORDS_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <strings.h>

/*
 * The words the prose reader (import_prose.c) weighs around a number, in
 * classes (import_prose_words.c), and the words of a sentence as it walks
 * them.  Internal to the prose reader.
 */

enum prose_class {
	PW_TAKE,        /* took, takes: a duration follows */
	PW_COMPLETE,    /* finished, completed, ran: "in" and a duration follow */
	PW_MEASURE,     /* gave, got, reached, sustains, needed, lasted: a value follows */
	PW_COPULA,      /* is, was, stays, remains */
	PW_CHANGE,      /* went, dropped, rose, brings: "from", "to" a value */
	PW_DIFFERENCE,  /* gained, lost, saved, costs: what follows is a difference */
	PW_APPROX,      /* about, around, roughly */
	PW_NEUTRAL,     /* only, just, exactly, still */
	PW_BOUND,       /* over, under, nearly, almost, more, less: no value */
	PW_SPEC_BEFORE, /* max, theoretical, rated, limit: hardware, before a rate */
	PW_SPEC_AFTER,  /* link, bus, HBA, interface: hardware, after a rate */
	PW_SETTING,     /* timeout, interval, delay, ago, later: a duration that is no measurement */
	PW_COMPARISON,  /* longer, faster, more, per, each, than: a comparison after a value */
	PW_CHANGE_NOUN, /* decrease, gain, regression, difference: a change, not a value */
	PW_TIME_NOUN,   /* time, duration, runtime, latency: the subject of "is N seconds" */
	PW_RESULT_NOUN, /* scores, numbers, results, throughput: values a list restates */
	PW_PRONOUN,     /* it, this, that, they: no subject */
	PW_GENERIC,     /* test, run, benchmark, system: a subject that names nothing */
	PW_LEADING,     /* and, but, then, here, also: not part of a subject */
	PW_KERNEL_CUE,  /* on, with, under, stock, vanilla: a kernel may follow */
	PW_NCLASSES
};

/* A word of the text: bytes [s, s + n), punctuation around it left out; colon: ':' after it. */
struct pword {
	const char *s;
	size_t n;
	int colon;
	int comma;
};

/* Whether w (n bytes) is a word of class c (case ignored). */
int prose_is(const char *w, size_t n, enum prose_class c);
/* The classes w is a word of: bit c for class c. */
uint32_t prose_classes(const char *w, size_t n);
/* The words of class c, as listed (NULL ends them): for the test of the index. */
const char *const *prose_class_words(enum prose_class c);

/*
 * The index of every class's words (import_prose_words.c), open
 * addressing in PROSE_INDEX_SLOTS slots, is made when benchpost is built
 * (scripts/gen-words.c): the fold and the hash its look-ups use are here
 * so that the generator uses the same.
 */
#define PROSE_INDEX_SLOTS 1024  /* prose_word_hash gives ten bits */
/* The index of table's lists ("[PW_x] = list, ..."), as gen-words wrote it. */
#define PROSE_INDEX(table) PROSE_INDEX_##table

/* The byte as strncasecmp folds it in the C locale benchpost runs in. */
static inline unsigned char prose_fold(char c)
{
	return c >= 'A' && c <= 'Z' ? (unsigned char)(c - 'A' + 'a') : (unsigned char)c;
}

/* Whether a[0, n) and b[0, n) are the same word, folded as prose_fold folds. */
static inline int prose_same_word(const char *a, const char *b, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (prose_fold(a[i]) != prose_fold(b[i]))
			return 0;
	return 1;
}

/* A hash of the first two bytes, the last and the length (n > 0): the rest is compared, not hashed. */
static inline size_t prose_word_hash(const char *w, size_t n)
{
	uint32_t h = prose_fold(w[0]) | (uint32_t)prose_fold(w[n - 1]) << 8 | (uint32_t)(n & 0xff) << 16 |
		     (uint32_t)(n > 1 ? prose_fold(w[1]) : 0) << 24;

	/* Knuth's multiplier spreads the bits; the top ten pick the slot */
	return (h * 2654435761u) >> 22;
}
static inline int prose_word_is(const struct pword *w, enum prose_class c)
{
	return w->s && prose_is(w->s, w->n, c);
}

/* The word that ends before p, not before lo; 0 when there is none. */
int prose_prev_word(struct pword *w, const char *lo, const char *p);
/* The word that starts at or after p, before hi; 0 when there is none. */
int prose_next_word(struct pword *w, const char *p, const char *hi);

/*
 * Whether the word is a kernel: a version import_is_kernel knows
 * ("2.6.17", "3.14-rc1"); loose, also the forms prose uses after a cue
 * word ("3.13", "2.4.11pre2", "v5.7", "-aa", "-mm").
 */
int prose_is_kernel(const char *w, size_t n, int loose);

/* Whether the word is s (case ignored). */
static inline int prose_word_eq(const struct pword *w, const char *s)
{
	return w->n == strlen(s) && !strncasecmp(w->s, s, w->n);
}

/* What the words before a clause's verb say (import_prose_subject.c). */
struct prose_subject {
	char *benchmark;      /* the caller's to free; NULL: a pronoun, or nothing named */
	const char *kernel;   /* in the text */
	size_t kernel_n;
	const char *fs;
};

/*
 * The subject [b, e) of a clause: "With 2.6.16 untarring the same tree on
 * ext3" is the benchmark "untarring the same tree", the kernel 2.6.16 and
 * the fs ext3; "Stock 2.4.17-pre8" and "-aa" are kernels, "it" nothing.
 */
void prose_read_subject(struct prose_subject *out, const char *b, const char *e);
/* A kernel [b, e) names: a version anywhere, the loose forms after a cue word. */
void prose_clause_kernel(struct prose_subject *out, const char *b, const char *e);
/* "vs. 2.4.11pre2: dbench numbers are up": a kernel labelling the sentence [sb, se) before its first colon. */
int prose_label_kernel(const char *sb, const char *se, const char **k, size_t *kn);
/* "between 3.13 and 3.14-rc1", "from 2.6.16 to 2.6.17" from p on: the two kernels of a change. */
int prose_pair_kernels(const char *p, const char *se, struct pword *k1, struct pword *k2);
/*
 * "read and delete scores at 8000 and 30000 respectively": the names of a
 * list of `of` in [lo, hi), each the caller's to free; 0 when there is none.
 */
int prose_list_names(char **names, size_t of, const char *lo, const char *hi);

#endif
