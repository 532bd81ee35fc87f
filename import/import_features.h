#ifndef IMPORT_FEATURES_H
#define IMPORT_FEATURES_H

#include <stddef.h>

/*
 * What recognisers need to know before they look at a line, found for a
 * whole message in one pass over its text (the lines joined by '\n'):
 * which lines have a digit, which a verb of the prose numbers, which one
 * of a few words, and which words the text has anywhere.  A recogniser
 * whose precondition a line lacks is never called on it.
 */

/* Per line, always looked for. */
enum { FEATURE_DIGIT = 1, FEATURE_VERB = 2 /* import_prose_verb_at */ };

struct import_word {
	const char *s;     /* no '\n', no NUL inside, at least two bytes */
	unsigned bit;
};

/*
 * The text must be followed by IMPORT_FEATURES_PAD zero bytes, so that
 * sixty-four bytes can be looked at a step up to its end, at any offset
 * of a word.
 */
#define IMPORT_FEATURES_PAD 128
#define IMPORT_FEATURES_MAX_WORDS 16

/* Where each word is looked for: worked out once, for every message. */
struct import_probe {
	const struct import_word *w;
	unsigned char a, b;   /* the offsets of its two rarest bytes */
	char lanes_a[32], lanes_b[32];   /* those bytes, for every lane of a block */
};

struct import_words {
	struct import_probe line[IMPORT_FEATURES_MAX_WORDS], text[IMPORT_FEATURES_MAX_WORDS];
	size_t nline, ntext;
};

/*
 * Words are at most IMPORT_FEATURES_PAD - 64 bytes long, and at most
 * IMPORT_FEATURES_MAX_WORDS of each kind; -1 when they are not.
 */
int import_words_init(struct import_words *out, const struct import_word *line_words, size_t nline,
		      const struct import_word *text_words, size_t ntext);

/*
 * Sets on feat[k] (one entry per line, cleared by the caller) the
 * FEATURE_ bits and the bit of each line word that line k holds; returns
 * the bits of the text words found anywhere.
 */
unsigned import_features(unsigned char *feat, const char *text, size_t len, const struct import_words *words);

/*
 * The same sixty-four bytes a step, compared sixteen at once (SSE2) or
 * thirty-two (AVX2 and POPCNT, only where import_features_have_avx2()
 * says the CPU has them; else the same as import_features), and a byte
 * at a time: import_features takes the widest this CPU has; tests hold
 * each to the byte-wise one.
 */
unsigned import_features_sse2(unsigned char *feat, const char *text, size_t len, const struct import_words *words);
unsigned import_features_avx2(unsigned char *feat, const char *text, size_t len, const struct import_words *words);
int import_features_have_avx2(void);
unsigned import_features_bytewise(unsigned char *feat, const char *text, size_t len,
				  const struct import_words *words);

#endif
