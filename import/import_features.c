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

	if (n < 2 || n > IMPORT_FEATURES_PAD - 64)
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
	/* the line words, then the text words not found yet: one probe loop for both */
	struct import_probe probe[2 * IMPORT_FEATURES_MAX_WORDS];
	size_t nline, nprobe;
	unsigned found;
};

static void scan_init(struct feature_pass *sc, unsigned char *feat, const char *text, const struct import_words *words)
{
	sc->feat = feat;
	sc->text = text;
	sc->line = 0;
	memcpy(sc->probe, words->line, words->nline * sizeof(*sc->probe));
	memcpy(sc->probe + words->nline, words->text, words->ntext * sizeof(*sc->probe));
	sc->nline = words->nline;
	sc->nprobe = words->nline + words->ntext;
	sc->found = 0;
}

/*
 * Set bits of a mask: the POPCNT instruction where the AVX2 pass runs
 * (every CPU with AVX2 has it), else bit arithmetic, as the x86-64
 * baseline has no POPCNT and __builtin_popcount would be a libgcc call.
 */
static inline __attribute__((always_inline)) unsigned count64(uint64_t x, int hw)
{
	if (hw)
		return (unsigned)__builtin_popcountll(x);
	x = x - ((x >> 1) & 0x5555555555555555ull);
	x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
	x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0full;
	return (unsigned)((x * 0x0101010101010101ull) >> 56);
}

/* Whether a probe's own two bytes are at p: only then can its word be. */
static int probe_at(const char *p, const struct import_probe *pr)
{
	return p[pr->a] == pr->lanes_a[0] && p[pr->b] == pr->lanes_b[0] && word_at(p, pr->w);
}

/* A probe bit: which word it was for is worked out again only there (the pairs are rare). */
static void probe_hit(struct feature_pass *sc, unsigned char *f, const char *at)
{
	size_t w;

	for (w = 0; w < sc->nline; w++)
		if (probe_at(at, &sc->probe[w]))
			*f |= sc->probe[w].w->bit;
	while (w < sc->nprobe) {
		if (probe_at(at, &sc->probe[w])) {
			/* found once is enough: not looked for again */
			sc->found |= sc->probe[w].w->bit;
			sc->probe[w] = sc->probe[--sc->nprobe];
			continue;
		}
		w++;
	}
}

/*
 * The places of one 64-byte block worth a closer look (bit j: p + j; of
 * kv, the byte before a verb's 'k' or 'v').  A
 * place's line is the block's first line plus the newlines before it, so
 * newlines are counted, never visited one by one; a line's digits cost
 * one look, as a digit clears the rest of its line; most blocks have
 * nothing else.
 */
static inline __attribute__((always_inline)) void scan_block(struct feature_pass *sc, const char *p, uint64_t nl,
							     uint64_t dg, uint64_t kv, uint64_t probes, int hw)
{
	unsigned char *feat = sc->feat + sc->line;
	uint64_t rare = kv | probes;

	/* the rest of a line that already has a digit needs no look */
	if (feat[0] & FEATURE_DIGIT)
		dg &= -(nl & -nl);
	while (dg) {
		uint64_t bit = dg & -dg, after = nl & -bit;

		feat[count64(nl & (bit - 1), hw)] |= FEATURE_DIGIT;
		/* the digits from the next newline on; none without one */
		dg &= -(after & -after);
	}
	while (rare) {
		uint64_t bit = rare & -rare;
		const char *at = p + __builtin_ctzll(rare);
		unsigned char *f = &feat[count64(nl & (bit - 1), hw)];

		if ((kv & bit) && !(*f & FEATURE_VERB) && import_prose_verb_at(sc->text, at + 1))
			*f |= FEATURE_VERB;
		if (probes & bit)
			probe_hit(sc, f, at);
		rare &= rare - 1;
	}
	sc->line += count64(nl, hw);
}

static inline uint64_t join64(uint32_t lo, uint32_t hi)
{
	return lo | (uint64_t)hi << 32;
}

static inline __m128i probe16(const struct import_probe *pr, const char *p)
{
	__m128i a = _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(p + pr->a)),
				   _mm_loadu_si128((const __m128i *)pr->lanes_a));
	__m128i b = _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(p + pr->b)),
				   _mm_loadu_si128((const __m128i *)pr->lanes_b));

	return _mm_and_si128(a, b);
}

static inline uint32_t mask16(__m128i m)
{
	return (uint32_t)_mm_movemask_epi8(m);
}

/* Bit j: one of the words may start at p + j (mostly none: the pairs are rare). */
static inline uint64_t probes64_sse2(const struct import_probe *v, size_t n, const char *p)
{
	__m128i m0 = _mm_setzero_si128(), m1 = m0, m2 = m0, m3 = m0;
	size_t w;

	for (w = 0; w < n; w++) {
		m0 = _mm_or_si128(m0, probe16(&v[w], p));
		m1 = _mm_or_si128(m1, probe16(&v[w], p + 16));
		m2 = _mm_or_si128(m2, probe16(&v[w], p + 32));
		m3 = _mm_or_si128(m3, probe16(&v[w], p + 48));
	}
	return join64(mask16(m0) | mask16(m1) << 16, mask16(m2) | mask16(m3) << 16);
}

/*
 * Digits, '\n' and the verbs' ends ("took", "gave": a 'k' after 'o' or 'a',
 * a 'v' after 'a' or 'i'; the bit is the byte before, which is on the same
 * line): what every line is looked at for, sixteen bytes.
 */
struct bytes16 {
	uint32_t nl, dg, kv;
};

static inline struct bytes16 classify16(const char *p)
{
	const __m128i b = _mm_loadu_si128((const __m128i *)p), d = _mm_sub_epi8(b, _mm_set1_epi8('0'));
	const __m128i next = _mm_loadu_si128((const __m128i *)(p + 1)), a = _mm_cmpeq_epi8(b, _mm_set1_epi8('a'));
	struct bytes16 r;

	r.nl = mask16(_mm_cmpeq_epi8(b, _mm_set1_epi8('\n')));
	r.dg = mask16(_mm_cmpeq_epi8(_mm_min_epu8(d, _mm_set1_epi8(9)), d));
	r.kv = mask16(_mm_or_si128(
		_mm_and_si128(_mm_cmpeq_epi8(next, _mm_set1_epi8('k')),
			      _mm_or_si128(_mm_cmpeq_epi8(b, _mm_set1_epi8('o')), a)),
		_mm_and_si128(_mm_cmpeq_epi8(next, _mm_set1_epi8('v')),
			      _mm_or_si128(_mm_cmpeq_epi8(b, _mm_set1_epi8('i')), a))));
	return r;
}

unsigned import_features_sse2(unsigned char *feat, const char *text, size_t len, const struct import_words *words)
{
	struct feature_pass sc;
	size_t i;

	scan_init(&sc, feat, text, words);
	for (i = 0; i < len; i += 64) {
		const char *p = text + i;
		struct bytes16 c0 = classify16(p), c1 = classify16(p + 16), c2 = classify16(p + 32),
			       c3 = classify16(p + 48);

		scan_block(&sc, p, join64(c0.nl | c1.nl << 16, c2.nl | c3.nl << 16),
			   join64(c0.dg | c1.dg << 16, c2.dg | c3.dg << 16),
			   join64(c0.kv | c1.kv << 16, c2.kv | c3.kv << 16), probes64_sse2(sc.probe, sc.nprobe, p),
			   0);
	}
	return sc.found;
}

#if defined(__x86_64__) && defined(__GNUC__)
#define HAVE_AVX2_PATH 1
#define AVX2 __attribute__((target("avx2,popcnt")))

/* The same thirty-two bytes a compare, where the CPU has AVX2 (checked at run time). */
AVX2 static inline __m256i probe32(const struct import_probe *pr, const char *p)
{
	__m256i a = _mm256_cmpeq_epi8(_mm256_loadu_si256((const __m256i *)(p + pr->a)),
				      _mm256_loadu_si256((const __m256i *)pr->lanes_a));
	__m256i b = _mm256_cmpeq_epi8(_mm256_loadu_si256((const __m256i *)(p + pr->b)),
				      _mm256_loadu_si256((const __m256i *)pr->lanes_b));

	return _mm256_and_si256(a, b);
}

AVX2 static inline uint32_t mask32(__m256i m)
{
	return (uint32_t)_mm256_movemask_epi8(m);
}

AVX2 static inline uint64_t probes64_avx2(const struct import_probe *v, size_t n, const char *p)
{
	__m256i lo = _mm256_setzero_si256(), hi = lo;
	size_t w;

	/* two probes a round: the loop's own count and branch were a fifth of it */
	for (w = 0; w + 1 < n; w += 2) {
		lo = _mm256_or_si256(lo, _mm256_or_si256(probe32(&v[w], p), probe32(&v[w + 1], p)));
		hi = _mm256_or_si256(hi, _mm256_or_si256(probe32(&v[w], p + 32), probe32(&v[w + 1], p + 32)));
	}
	if (w < n) {
		lo = _mm256_or_si256(lo, probe32(&v[w], p));
		hi = _mm256_or_si256(hi, probe32(&v[w], p + 32));
	}
	return join64(mask32(lo), mask32(hi));
}

struct bytes32 {
	uint32_t nl, dg, kv;
};

AVX2 static inline struct bytes32 classify32(const char *p)
{
	const __m256i b = _mm256_loadu_si256((const __m256i *)p), d = _mm256_sub_epi8(b, _mm256_set1_epi8('0'));
	const __m256i next = _mm256_loadu_si256((const __m256i *)(p + 1)),
		      a = _mm256_cmpeq_epi8(b, _mm256_set1_epi8('a'));
	struct bytes32 r;

	r.nl = mask32(_mm256_cmpeq_epi8(b, _mm256_set1_epi8('\n')));
	r.dg = mask32(_mm256_cmpeq_epi8(_mm256_min_epu8(d, _mm256_set1_epi8(9)), d));
	r.kv = mask32(_mm256_or_si256(
		_mm256_and_si256(_mm256_cmpeq_epi8(next, _mm256_set1_epi8('k')),
				 _mm256_or_si256(_mm256_cmpeq_epi8(b, _mm256_set1_epi8('o')), a)),
		_mm256_and_si256(_mm256_cmpeq_epi8(next, _mm256_set1_epi8('v')),
				 _mm256_or_si256(_mm256_cmpeq_epi8(b, _mm256_set1_epi8('i')), a))));
	return r;
}

AVX2 unsigned import_features_avx2(unsigned char *feat, const char *text, size_t len, const struct import_words *words)
{
	struct feature_pass sc;
	size_t i;

	scan_init(&sc, feat, text, words);
	for (i = 0; i < len; i += 64) {
		const char *p = text + i;
		struct bytes32 lo = classify32(p), hi = classify32(p + 32);

		scan_block(&sc, p, join64(lo.nl, hi.nl), join64(lo.dg, hi.dg), join64(lo.kv, hi.kv),
			   probes64_avx2(sc.probe, sc.nprobe, p), 1);
	}
	return sc.found;
}

int import_features_have_avx2(void)
{
	return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("popcnt");
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
