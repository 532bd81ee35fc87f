#include "import_context.h"
#include "import_features.h"
#include "import_prose.h"
#include "../core/util.h"

#include <string.h>

/*
 * One pass instead of one search per word and line: the words of every
 * recogniser are looked for together, each where its rarest byte stands.
 */

/* How often mail has a byte: a word is anchored at its least common one. */
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

static int add_anchor(struct import_words *out, const struct import_word *w, int per_line)
{
	struct import_anchor *a;
	size_t i, n = w->s ? strlen(w->s) : 0, at = 0;

	if (!n || memchr(w->s, '\n', n) || out->nanchor == IMPORT_FEATURES_MAX_WORDS)
		return -1;
	for (i = 1; i < n; i++)
		if (commonness((unsigned char)w->s[i]) < commonness((unsigned char)w->s[at]))
			at = i;
	a = &out->anchor[out->nanchor];
	a->w = *w;
	a->len = n;
	a->at = at;
	a->per_line = per_line;
	out->by_byte[(unsigned char)w->s[at]] |= UINT64_C(1) << out->nanchor;
	if (at + 1 < n)
		out->by_next[(unsigned char)w->s[at + 1]] |= UINT64_C(1) << out->nanchor;
	else
		for (i = 0; i < ARRAY_SIZE(out->by_next); i++)
			out->by_next[i] |= UINT64_C(1) << out->nanchor;
	out->nanchor++;
	return 0;
}

int import_words_init(struct import_words *out, const struct import_word *line_words, size_t nline,
		      const struct import_word *text_words, size_t ntext)
{
	size_t i;

	memset(out, 0, sizeof(*out));
	for (i = '0'; i <= '9'; i++)
		out->by_byte[i] = IMPORT_BYTE_DIGIT;
	out->by_byte['k'] = out->by_byte['v'] = IMPORT_BYTE_KV;
	out->by_byte['\n'] = IMPORT_BYTE_NL;
	for (i = 0; i < ARRAY_SIZE(out->by_byte); i++)
		if (import_fs_keys[i])
			out->by_byte[i] |= IMPORT_BYTE_FS;
	for (i = 0; i < nline; i++)
		if (add_anchor(out, &line_words[i], 1))
			return -1;
	for (i = 0; i < ntext; i++)
		if (add_anchor(out, &text_words[i], 0))
			return -1;
	return 0;
}

/*
 * The words anchored at the byte q of the line that starts at p, which
 * ends before e (a word holds no '\n', so one that fits before e fits in
 * its line).
 */
static void words_at(const struct import_words *words, uint64_t anchors, const char *p, const char *e,
		     const char *q, unsigned *line_bits, unsigned *text_bits)
{
	for (; anchors; anchors &= anchors - 1) {
		const struct import_anchor *a = &words->anchor[__builtin_ctzll(anchors)];
		const char *start = q - a->at;

		/* the word's last byte before the rest: most anchors stand in other words */
		if ((size_t)(q - p) < a->at || (size_t)(e - start) < a->len ||
		    start[a->len - 1] != a->w.s[a->len - 1] || memcmp(start, a->w.s, a->len))
			continue;
		if (a->per_line)
			*line_bits |= a->w.bit;
		else
			*text_bits |= a->w.bit;
	}
}

unsigned import_features(unsigned char *feat, const char *text, size_t len, const struct import_words *words)
{
	const char *p = text, *end = text + len, *q;
	unsigned found = 0, bits = 0;
	size_t line = 0;

	/* one look at each byte: most start nothing, and a '\n' ends the line's bits */
	for (q = text; q < end; q++) {
		uint64_t what = words->by_byte[(unsigned char)*q];

		if (!what)
			continue;
		if (what & IMPORT_BYTE_NL) {
			feat[line++] |= (unsigned char)bits;
			bits = 0;
			p = q + 1;
			continue;
		}
		if (what & IMPORT_BYTE_DIGIT)
			bits |= FEATURE_DIGIT;
		else if ((what & IMPORT_BYTE_KV) && !(bits & FEATURE_VERB) && import_prose_verb_at(text, q))
			bits |= FEATURE_VERB;
		/* the byte after the last is none ("s" at the end is no "sd") */
		if ((what & IMPORT_BYTE_FS) && !(bits & FEATURE_FS) &&
		    import_fs_key((unsigned char)*q, q + 1 < end ? (unsigned char)q[1] : 0))
			bits |= FEATURE_FS;
		/* the byte after an anchor rules out most of the words it might stand in */
		what &= IMPORT_BYTE_ANCHORS;
		if (what && (what &= words->by_next[q + 1 < end ? (unsigned char)q[1] : 0]))
			words_at(words, what, p, end, q, &bits, &found);
	}
	/* a last line without its '\n' */
	if (p < end)
		feat[line] |= (unsigned char)bits;
	return found;
}
