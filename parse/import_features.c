#include "import_features.h"
#include "import_prose.h"

#include <string.h>

#include <stdint.h>

#ifdef __SSE2__
#include <emmintrin.h>
#endif
#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
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

	if (n < 2 || n > IMPORT_FEATURES_PAD - 32)
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

#if defined(__SSE2__)

/*
 * What every block of text has, one bit per byte, then read in order:
 * the part both block widths share.
 */
struct feature_pass {
	unsigned char *feat;
	const char *text;
	size_t line;
	const struct import_probe *lp;
	size_t nline;
	struct import_probe tp[IMPORT_FEATURES_MAX_WORDS];   /* the text words not found yet */
	size_t ntext;
	unsigned found;
};

static void scan_init(struct feature_pass *sc, unsigned char *feat, const char *text, const struct import_words *words)
{
	sc->feat = feat;
	sc->text = text;
	sc->line = 0;
	sc->lp = words->line;
	sc->nline = words->nline;
	memcpy(sc->tp, words->text, words->ntext * sizeof(*sc->tp));
	sc->ntext = words->ntext;
	sc->found = 0;
}

/* Set bits of a 32-bit mask, without the libgcc call __builtin_popcount is without -mpopcnt. */
static inline unsigned count32(uint32_t x)
{
	x = x - ((x >> 1) & 0x55555555u);
	x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
	x = (x + (x >> 4)) & 0x0f0f0f0fu;
	return (x * 0x01010101u) >> 24;
}

/* Bits below the first newline bit in nl: all when there is none. */
static inline uint32_t before_newline(uint32_t nl)
{
	return nl ? (nl & -nl) - 1 : 0xffffffffu;
}

/*
 * The places of one block worth a closer look (bit j: p + j), in order.
 * Which word a probe bit is for is worked out again only there: the
 * pairs are rare.
 */
static inline void scan_block(struct feature_pass *sc, const char *p, uint32_t nl, uint32_t dg, uint32_t kv,
			      uint32_t lc, uint32_t tc)
{
	size_t w;

	/* the rest of a line that already has a digit needs no more looks */
	if (sc->feat[sc->line] & FEATURE_DIGIT)
		dg &= ~before_newline(nl);
	while (dg | kv | lc | tc) {
		uint32_t all = dg | kv | lc | tc | nl;
		unsigned j = (unsigned)__builtin_ctz(all);
		uint32_t bit = (uint32_t)1 << j, done = bit | (bit - 1);
		const char *at = p + j;
		unsigned char *f = &sc->feat[sc->line];

		if (nl & bit) {
			sc->line++;
		} else {
			if (dg & bit) {
				*f |= FEATURE_DIGIT;
				dg &= ~before_newline(nl & ~done);
			}
			if ((kv & bit) && !(*f & FEATURE_VERB) && import_prose_verb_at(sc->text, at))
				*f |= FEATURE_VERB;
			for (w = 0; (lc & bit) && w < sc->nline; w++)
				if (word_at(at, sc->lp[w].w))
					*f |= sc->lp[w].w->bit;
			for (w = 0; (tc & bit) && w < sc->ntext;) {
				if (word_at(at, sc->tp[w].w)) {
					/* found once is enough: not looked for again */
					sc->found |= sc->tp[w].w->bit;
					sc->tp[w] = sc->tp[--sc->ntext];
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
	sc->line += count32(nl);
}

static inline __m128i probe16(const struct import_probe *pr, const char *p)
{
	__m128i a = _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(p + pr->a)),
				   _mm_loadu_si128((const __m128i *)pr->lanes_a));
	__m128i b = _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(p + pr->b)),
				   _mm_loadu_si128((const __m128i *)pr->lanes_b));

	return _mm_and_si128(a, b);
}

/* Bit j: one of the words may start at p + j (mostly none: the pairs are rare). */
static inline uint32_t probes16(const struct import_probe *v, size_t n, const char *p)
{
	__m128i any = _mm_setzero_si128();
	size_t w;

	for (w = 0; w < n; w++)
		any = _mm_or_si128(any, probe16(&v[w], p));
	return (uint32_t)_mm_movemask_epi8(any);
}

unsigned import_features_sse2(unsigned char *feat, const char *text, size_t len, const struct import_words *words)
{
	const __m128i newline = _mm_set1_epi8('\n'), k = _mm_set1_epi8('k'), v = _mm_set1_epi8('v');
	const __m128i zero = _mm_set1_epi8('0'), nine = _mm_set1_epi8(9);
	struct feature_pass sc;
	size_t i;

	scan_init(&sc, feat, text, words);
	for (i = 0; i < len; i += 16) {
		const char *p = text + i;
		__m128i b = _mm_loadu_si128((const __m128i *)p), d = _mm_sub_epi8(b, zero);

		scan_block(&sc, p, (uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(b, newline)),
			   (uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_min_epu8(d, nine), d)),
			   (uint32_t)_mm_movemask_epi8(_mm_or_si128(_mm_cmpeq_epi8(b, k), _mm_cmpeq_epi8(b, v))),
			   probes16(sc.lp, sc.nline, p), probes16(sc.tp, sc.ntext, p));
	}
	return sc.found;
}

#if defined(__x86_64__) && defined(__GNUC__)
#define HAVE_AVX2_PATH 1

/* The same thirty-two bytes a step, where the CPU has AVX2 (checked at run time). */
__attribute__((target("avx2"))) static inline __m256i probe32(const struct import_probe *pr, const char *p)
{
	__m256i a = _mm256_cmpeq_epi8(_mm256_loadu_si256((const __m256i *)(p + pr->a)),
				      _mm256_loadu_si256((const __m256i *)pr->lanes_a));
	__m256i b = _mm256_cmpeq_epi8(_mm256_loadu_si256((const __m256i *)(p + pr->b)),
				      _mm256_loadu_si256((const __m256i *)pr->lanes_b));

	return _mm256_and_si256(a, b);
}

__attribute__((target("avx2"))) static inline uint32_t probes32(const struct import_probe *v, size_t n,
								 const char *p)
{
	__m256i any = _mm256_setzero_si256();
	size_t w;

	for (w = 0; w < n; w++)
		any = _mm256_or_si256(any, probe32(&v[w], p));
	return (uint32_t)_mm256_movemask_epi8(any);
}

__attribute__((target("avx2"))) unsigned import_features_avx2(unsigned char *feat, const char *text, size_t len,
							      const struct import_words *words)
{
	const __m256i newline = _mm256_set1_epi8('\n'), k = _mm256_set1_epi8('k'), v = _mm256_set1_epi8('v');
	const __m256i zero = _mm256_set1_epi8('0'), nine = _mm256_set1_epi8(9);
	struct feature_pass sc;
	size_t i;

	scan_init(&sc, feat, text, words);
	for (i = 0; i < len; i += 32) {
		const char *p = text + i;
		__m256i b = _mm256_loadu_si256((const __m256i *)p), d = _mm256_sub_epi8(b, zero);

		scan_block(&sc, p, (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(b, newline)),
			   (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(_mm256_min_epu8(d, nine), d)),
			   (uint32_t)_mm256_movemask_epi8(
				   _mm256_or_si256(_mm256_cmpeq_epi8(b, k), _mm256_cmpeq_epi8(b, v))),
			   probes32(sc.lp, sc.nline, p), probes32(sc.tp, sc.ntext, p));
	}
	return sc.found;
}

int import_features_have_avx2(void)
{
	return __builtin_cpu_supports("avx2");
}
#endif

#endif

#ifndef HAVE_AVX2_PATH
unsigned import_features_avx2(unsigned char *feat, const char *text, size_t len, const struct import_words *words)
{
	return import_features(feat, text, len, words);
}

int import_features_have_avx2(void)
{
	return 0;
}
#endif

#ifndef __SSE2__
unsigned import_features_sse2(unsigned char *feat, const char *text, size_t len, const struct import_words *words)
{
	return import_features_bytewise(feat, text, len, words);
}
#endif

unsigned import_features(unsigned char *feat, const char *text, size_t len, const struct import_words *words)
{
	static int avx2 = -1;

	if (avx2 < 0)
		avx2 = import_features_have_avx2();
	return avx2 ? import_features_avx2(feat, text, len, words) : import_features_sse2(feat, text, len, words);
}
