#include "import_features.h"
#include "import_prose.h"

#include <string.h>

#ifdef __SSE2__
#include <emmintrin.h>
#endif

/*
 * One pass instead of one search per word: glibc's strstr, on CPUs it
 * does not call fast at unaligned loads, is a byte-wise two-way search,
 * and nine of them over every message cost more than all of this.
 */

static int is_digit(unsigned char c)
{
	return c >= '0' && c <= '9';
}

/*
 * Whether a word is at p: its first byte decides most, and a word never
 * holds a '\n', so it is inside the line p is on.
 */
static int word_at(const char *p, const struct import_word *w)
{
	return p[0] == w->s[0] && !strncmp(p + 1, w->s + 1, strlen(w->s + 1));
}

unsigned import_features_bytewise(unsigned char *feat, const char *text, size_t len,
				  const struct import_word *line_words, size_t nline,
				  const struct import_word *text_words, size_t ntext)
{
	unsigned found = 0;
	size_t line = 0, i, k;

	for (i = 0; i < len; i++) {
		const char *p = text + i;

		if (*p == '\n') {
			line++;
			continue;
		}
		if (is_digit((unsigned char)*p))
			feat[line] |= FEATURE_DIGIT;
		if ((*p == 'k' || *p == 'v') && import_prose_verb_at(text, p))
			feat[line] |= FEATURE_VERB;
		for (k = 0; k < nline; k++)
			if (word_at(p, &line_words[k]))
				feat[line] |= line_words[k].bit;
		for (k = 0; k < ntext; k++)
			if (word_at(p, &text_words[k]))
				found |= text_words[k].bit;
	}
	return found;
}

#ifdef __SSE2__

#define MAX_WORDS 16

/*
 * Each word is looked for as two of its bytes at their distance, the two
 * that mail has least often, so that few places need a closer look.
 */
static int commonness(unsigned char c)
{
	switch (c) {
	case ' ':
		return 4;
	case 'e': case 't': case 'a': case 'o': case 'i': case 'n': case 's':
		return 3;
	case 'r': case 'h': case 'l': case 'd': case 'c': case 'u':
		return 2;
	default:
		return c >= 'a' && c <= 'z';
	}
}

struct probe {
	const struct import_word *w;
	size_t a, b;          /* the two offsets compared */
	__m128i ca, cb;       /* their bytes in every lane */
};

static void probe_init(struct probe *pr, const struct import_word *w)
{
	size_t i;

	pr->w = w;
	pr->a = 0;
	for (i = 1; w->s[i]; i++)
		if (commonness((unsigned char)w->s[i]) < commonness((unsigned char)w->s[pr->a]))
			pr->a = i;
	pr->b = pr->a ? 0 : 1;
	for (i = 0; w->s[i]; i++)
		if (i != pr->a &&
		    commonness((unsigned char)w->s[i]) < commonness((unsigned char)w->s[pr->b]))
			pr->b = i;
	pr->ca = _mm_set1_epi8(w->s[pr->a]);
	pr->cb = _mm_set1_epi8(w->s[pr->b]);
}

/* Bit j: the word may start at p + j. */
static unsigned probe_mask(const struct probe *pr, const char *p)
{
	__m128i a = _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(p + pr->a)), pr->ca);
	__m128i b = _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(p + pr->b)), pr->cb);

	return (unsigned)_mm_movemask_epi8(_mm_and_si128(a, b));
}

/* Bits below the first newline bit in nl: all when there is none. */
static unsigned before_newline(unsigned nl)
{
	return nl ? (nl & -nl) - 1 : 0xffff;
}

unsigned import_features(unsigned char *feat, const char *text, size_t len,
			 const struct import_word *line_words, size_t nline,
			 const struct import_word *text_words, size_t ntext)
{
	struct probe lp[MAX_WORDS], tp[MAX_WORDS];
	const __m128i newline = _mm_set1_epi8('\n'), k = _mm_set1_epi8('k'), v = _mm_set1_epi8('v');
	const __m128i zero = _mm_set1_epi8('0'), nine = _mm_set1_epi8(9);
	unsigned found = 0, tactive;
	size_t line = 0, i, w;

	if (nline > MAX_WORDS || ntext > MAX_WORDS)
		return import_features_bytewise(feat, text, len, line_words, nline, text_words, ntext);
	for (w = 0; w < nline; w++)
		probe_init(&lp[w], &line_words[w]);
	for (w = 0; w < ntext; w++)
		probe_init(&tp[w], &text_words[w]);
	/* a text word found once is not looked for again */
	tactive = ntext ? (1u << ntext) - 1 : 0;
	for (i = 0; i < len; i += 16) {
		const char *p = text + i;
		__m128i b = _mm_loadu_si128((const __m128i *)p);
		__m128i d = _mm_sub_epi8(b, zero);
		unsigned nl = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(b, newline));
		unsigned dg = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_min_epu8(d, nine), d));
		unsigned kv = (unsigned)_mm_movemask_epi8(
			_mm_or_si128(_mm_cmpeq_epi8(b, k), _mm_cmpeq_epi8(b, v)));
		unsigned lm[MAX_WORDS], tm[MAX_WORDS], words = 0, t;

		for (w = 0; w < nline; w++)
			words |= lm[w] = probe_mask(&lp[w], p);
		for (t = tactive; t; t &= t - 1) {
			w = (size_t)__builtin_ctz(t);
			words |= tm[w] = probe_mask(&tp[w], p);
		}
		/* the rest of a line that already has a digit needs no more looks */
		if (feat[line] & FEATURE_DIGIT)
			dg &= ~before_newline(nl);
		while (dg | kv | words) {
			unsigned all = dg | kv | words | nl;
			unsigned j = (unsigned)__builtin_ctz(all), bit = 1u << j, done = (bit << 1) - 1;
			const char *at = p + j;

			if (nl & bit) {
				line++;
			} else {
				if (dg & bit) {
					feat[line] |= FEATURE_DIGIT;
					dg &= ~before_newline(nl & ~done);
				}
				if ((kv & bit) && !(feat[line] & FEATURE_VERB) && import_prose_verb_at(text, at))
					feat[line] |= FEATURE_VERB;
				for (w = 0; (words & bit) && w < nline; w++)
					if ((lm[w] & bit) && word_at(at, lp[w].w))
						feat[line] |= lp[w].w->bit;
				for (t = tactive; (words & bit) && t; t &= t - 1) {
					w = (size_t)__builtin_ctz(t);
					if ((tm[w] & bit) && word_at(at, tp[w].w)) {
						found |= tp[w].w->bit;
						tactive &= ~(1u << w);
					}
				}
			}
			dg &= ~done;
			kv &= ~done;
			words &= ~done;
			nl &= ~done;
		}
		line += (size_t)__builtin_popcount(nl);
	}
	return found;
}

#else

unsigned import_features(unsigned char *feat, const char *text, size_t len,
			 const struct import_word *line_words, size_t nline,
			 const struct import_word *text_words, size_t ntext)
{
	return import_features_bytewise(feat, text, len, line_words, nline, text_words, ntext);
}

#endif
