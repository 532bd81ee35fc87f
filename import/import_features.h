#ifndef IMPORT_FEATURES_H
#define IMPORT_FEATURES_H

#include <stddef.h>
#include <stdint.h>

/*
 * What recognisers need to know before they look at a line, found for a
 * whole message in one pass over its text (the lines joined by '\n'):
 * which lines have a digit, which a verb of the prose numbers, which one
 * of a few words, and which words the text has anywhere.  A recogniser
 * whose precondition a line lacks is never called on it.
 */

/*
 * Per line, always looked for; the line words' bits are the caller's, from
 * FEATURE_FIRST_FREE on.
 */
enum {
	FEATURE_DIGIT = 1,
	FEATURE_VERB = 2,    /* import_prose_verb_at */
	FEATURE_FS = 4,      /* a byte where import_find_fs_n looks closer (import_fs_key) */
	FEATURE_FIRST_FREE = 8,
};

struct import_word {
	const char *s;     /* not empty, no '\n' */
	unsigned bit;
};

#define IMPORT_FEATURES_MAX_WORDS 60

/*
 * The words looked for, prepared once: each is found by the byte of it
 * that mail has least often (its anchor), so that the pass looks closer
 * only where such a byte stands and the byte after it is the word's next
 * (by_next: a pair of bytes rules out most).  by_byte says for each byte what it may
 * be or start: anchors (bits 0 to 59), a digit, a verb's 'k' or 'v', a
 * file-system key byte, the end of a line.
 */
#define IMPORT_BYTE_ANCHORS ((UINT64_C(1) << IMPORT_FEATURES_MAX_WORDS) - 1)
#define IMPORT_BYTE_FS (UINT64_C(1) << 60)
#define IMPORT_BYTE_DIGIT (UINT64_C(1) << 61)
#define IMPORT_BYTE_KV (UINT64_C(1) << 62)
#define IMPORT_BYTE_NL (UINT64_C(1) << 63)

struct import_words {
	struct import_anchor {
		struct import_word w;   /* a copy: the caller's array need not outlive the words */
		size_t len;
		size_t at;          /* the anchor's offset in the word */
		int per_line;       /* a line word (else a text word) */
	} anchor[IMPORT_FEATURES_MAX_WORDS];
	size_t nanchor;
	uint64_t by_byte[256];
	/* the anchors a byte may follow: the word's next byte is it, or the anchor ends the word */
	uint64_t by_next[256];
};

/* At most IMPORT_FEATURES_MAX_WORDS words of both kinds; -1 when not, or when a word is not one. */
int import_words_init(struct import_words *out, const struct import_word *line_words, size_t nline,
		      const struct import_word *text_words, size_t ntext);

/*
 * Sets on feat[k] (one entry per line, cleared by the caller) the
 * FEATURE_ bits and the bit of each line word that line k holds; returns
 * the bits of the text words found anywhere.  The text's lines hold no
 * NUL byte.
 */
unsigned import_features(unsigned char *feat, const char *text, size_t len, const struct import_words *words);

#endif
