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
				  const struct import_words *words)
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
		for (k = 0; k < words->nline; k++)
			if (word_at(p, words->line[k].w))
				feat[line] |= words->line[k].w->bit;
		for (k = 0; k < words->ntext; k++)
			if (word_at(p, words->text[k].w))
				found |= words->text[k].w->bit;
	}
	return found;
}

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

static int probe_init(struct import_probe *pr, const struct import_word *w)
{
	size_t i, n = strlen(w->s), a = 0, b;

	if (n < 2 || n > IMPORT_FEATURES_PAD - 16)
		return -1;
	for (i = 1; i < n; i++)
		if (commonness((unsigned char)w->s[i]) < commonness((unsigned char)w->s[a]))
			a = i;
	b = a ? 0 : 1;
	for (i = 0; i < n; i++)
		if (i != a && commonness((unsigned char)w->s[i]) < commonness((unsigned char)w->s[b]))
			b = i;
	pr->w = w;
	pr->a = (unsigned char)a;
	pr->b = (unsigned char)b;
	memset(pr->lanes_a, w->s[a], sizeof(pr->lanes_a));
	memset(pr->lanes_b, w->s[b], sizeof(pr->lanes_b));
	return 0;
}

int import_words_init(struct import_words *out, const struct import_word *line_words, size_t nline,
		      const struct import_word *text_words, size_t ntext)
{
	size_t i;

	if (nline > IMPORT_FEATURES_MAX_WORDS || ntext > IMPORT_FEATURES_MAX_WORDS)
		return -1;
	out->nline = nline;
	out->ntext = ntext;
	for (i = 0; i < nline; i++)
		if (probe_init(&out->line[i], &line_words[i]))
			return -1;
	for (i = 0; i < ntext; i++)
		if (probe_init(&out->text[i], &text_words[i]))
			return -1;
	return 0;
}

#ifdef __SSE2__

static __m128i probe_lanes(const struct import_probe *pr, const char *p)
{
	__m128i a = _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(p + pr->a)),
				   _mm_loadu_si128((const __m128i *)pr->lanes_a));
	__m128i b = _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(p + pr->b)),
				   _mm_loadu_si128((const __m128i *)pr->lanes_b));

	return _mm_and_si128(a, b);
}

/* Bit j: the word may start at p + j. */
static unsigned probe_mask(const struct import_probe *pr, const char *p)
{
	return (unsigned)_mm_movemask_epi8(probe_lanes(pr, p));
}

/*
 * Bit j: one of the words may start at p + j.  The words' pairs are rare,
 * so one mask for all of them is mostly empty, and which word it was is
 * worked out only where it is not.
 */
static unsigned probes_mask(const struct import_probe *v, size_t n, const char *p)
{
	__m128i any = _mm_setzero_si128();
	size_t w;

	for (w = 0; w < n; w++)
		any = _mm_or_si128(any, probe_lanes(&v[w], p));
	return (unsigned)_mm_movemask_epi8(any);
}

/* Set bits of a sixteen-bit mask, without the libgcc call __builtin_popcount is without -mpopcnt. */
static unsigned count16(unsigned x)
{
	x = x - ((x >> 1) & 0x5555);
	x = (x & 0x3333) + ((x >> 2) & 0x3333);
	x = (x + (x >> 4)) & 0x0f0f;
	return (x + (x >> 8)) & 0x1f;
}

/* Bits below the first newline bit in nl: all when there is none. */
static unsigned before_newline(unsigned nl)
{
	return nl ? (nl & -nl) - 1 : 0xffff;
}

unsigned import_features(unsigned char *feat, const char *text, size_t len, const struct import_words *words)
{
	const struct import_probe *lp = words->line;
	struct import_probe tp[IMPORT_FEATURES_MAX_WORDS];   /* the text words not found yet */
	size_t nline = words->nline, ntext = words->ntext;
	const __m128i newline = _mm_set1_epi8('\n'), k = _mm_set1_epi8('k'), v = _mm_set1_epi8('v');
	const __m128i zero = _mm_set1_epi8('0'), nine = _mm_set1_epi8(9);
	unsigned found = 0;
	size_t line = 0, i, w;

	memcpy(tp, words->text, ntext * sizeof(*tp));
	for (i = 0; i < len; i += 16) {
		const char *p = text + i;
		__m128i b = _mm_loadu_si128((const __m128i *)p);
		__m128i d = _mm_sub_epi8(b, zero);
		unsigned nl = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(b, newline));
		unsigned dg = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_min_epu8(d, nine), d));
		unsigned kv = (unsigned)_mm_movemask_epi8(
			_mm_or_si128(_mm_cmpeq_epi8(b, k), _mm_cmpeq_epi8(b, v)));
		unsigned lc = probes_mask(lp, nline, p), tc = probes_mask(tp, ntext, p);

		/* the rest of a line that already has a digit needs no more looks */
		if (feat[line] & FEATURE_DIGIT)
			dg &= ~before_newline(nl);
		while (dg | kv | lc | tc) {
			unsigned all = dg | kv | lc | tc | nl;
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
				for (w = 0; (lc & bit) && w < nline; w++)
					if ((probe_mask(&lp[w], p) & bit) && word_at(at, lp[w].w))
						feat[line] |= lp[w].w->bit;
				for (w = 0; (tc & bit) && w < ntext;) {
					if ((probe_mask(&tp[w], p) & bit) && word_at(at, tp[w].w)) {
						/* found once is enough: not looked for again */
						found |= tp[w].w->bit;
						tp[w] = tp[--ntext];
						continue;
					}
					w++;
				}
			}
			dg &= ~done;
			kv &= ~done;
			lc &= ~done;
			tc &= ~done;
			nl &= ~done;
		}
		line += count16(nl);
	}
	return found;
}

#else

unsigned import_features(unsigned char *feat, const char *text, size_t len, const struct import_words *words)
{
	return import_features_bytewise(feat, text, len, words);
}

#endif
