#include "mail_quote.h"

#include <stdlib.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif
#include <string.h>

/* The C locale's isalpha and isspace, inline: they run on every line. */
static int is_letter(char c)
{
	return (unsigned char)((c | 0x20) - 'a') < 26;
}

static int is_space(char c)
{
	return c == ' ' || (unsigned char)(c - '\t') < 5;
}

/* Quoting with '|' is only believed when the line is not a table row. */
static int bar_quote(const char *q)
{
	return (q[1] == ' ' || q[1] == '\0' || q[1] == '>') && !strchr(q + 1, '|');
}

/*
 * Supercite's "AM> ": a few letters, then '>'.  Most lines start with a
 * word and have no '>' in their first five bytes, which rules them out at
 * once; those bytes may be the next line's (the text has NULs at line ends
 * and SLACK zero bytes after it), which only lets the exact test run.
 */
static size_t supercite(const char *q)
{
	size_t n = 0;

	if (q[1] != '>' && q[2] != '>' && q[3] != '>' && q[4] != '>')
		return 0;
	while (n < 4 && is_letter(q[n]))
		n++;
	return n && q[n] == '>' && (q[n + 1] == ' ' || q[n + 1] == '\0') ? n + 1 : 0;
}

/* Strips the quote marks of one line; returns its depth. */
static int strip_quotes(char **text)
{
	char *p = *text;
	int depth = 0;

	for (;;) {
		char *q = p;
		size_t sc;
		int spaces = 0;

		while (*q == ' ' && spaces < 2) {
			q++;
			spaces++;
		}
		if (*q == '>') {
			p = q + 1;
		} else if (*q == '|' && bar_quote(q)) {
			p = q + 1;
		} else if (!depth && (sc = supercite(q))) {
			p = q + sc;
		} else {
			break;
		}
		depth++;
	}
	if (depth && *p == ' ')
		p++;
	*text = p;
	return depth;
}

/* "Steven Cole wrote:", "On Wed, ..., Andrew Morton wrote:", "X <a@b> writes:" */
static char *attribution(const char *line, const char *end)
{
	static const char *const verbs[] = { " wrote:", " writes:", " said:", " wrote :", NULL };
	const char *start = line, *v, *lt;
	size_t i;

	while (end > line && is_space(end[-1]))
		end--;
	if (end == line || end[-1] != ':')
		return NULL;
	for (i = 0; verbs[i]; i++) {
		size_t n = strlen(verbs[i]);

		if ((size_t)(end - line) > n && !memcmp(end - n, verbs[i], n)) {
			end -= n;
			break;
		}
	}
	if (!verbs[i] || end - line > 200)
		return NULL;
	/* the name is after the last comma: "On <date>, Name wrote:" */
	for (v = line; v < end; v++)
		if (*v == ',')
			start = v + 1;
	lt = memchr(start, '<', end - start);
	if (lt)
		end = lt;
	while (start < end && (is_space(*start) || *start == '"'))
		start++;
	while (end > start && (is_space(end[-1]) || end[-1] == '"'))
		end--;
	return end > start ? xstrndup(start, end - start) : NULL;
}

#define MAX_DEPTH 16
/* zero bytes after a text's copy: a line's first bytes can be read without its end */
#define SLACK 8

/*
 * The blocks of the last text released, kept for the next one: a message's
 * copy and line array are past glibc's per-thread cache, so each cost a few
 * hundred instructions to get and give back, and fresh pages to fault in.
 * The importer splits one message at a time.
 */
static struct {
	char *buf;
	size_t buf_alloc;
	struct qline *v;
	size_t alloc;
} spare;

static void take_spare(struct qtext *out, size_t len)
{
	/* room for lines of 40 bytes at once: mail's lines are about that long */
	size_t lines = len / 40 + 16;

	if (spare.buf_alloc < len + SLACK) {
		free(spare.buf);
		spare.buf_alloc = len + SLACK > 4096 ? len + SLACK : 4096;
		spare.buf = xmalloc(spare.buf_alloc);
	}
	if (spare.alloc < lines) {
		free(spare.v);
		spare.alloc = lines > 128 ? lines : 128;
		spare.v = xmalloc(spare.alloc * sizeof(*spare.v));
	}
	out->buf = spare.buf;
	out->buf_alloc = spare.buf_alloc;
	out->v = spare.v;
	out->alloc = spare.alloc;
	memset(&spare, 0, sizeof(spare));
}

static void give_spare(struct qtext *q)
{
	if (q->buf_alloc >= spare.buf_alloc) {
		free(spare.buf);
		spare.buf = q->buf;
		spare.buf_alloc = q->buf_alloc;
	} else {
		free(q->buf);
	}
	if (q->alloc >= spare.alloc) {
		free(spare.v);
		spare.v = q->v;
		spare.alloc = q->alloc;
	} else {
		free(q->v);
	}
}

/*
 * The text's '\n's in order, found 32 bytes a step with SSE2 (a memchr call
 * a line cost more than most of a short line's other work), by memchr past
 * the last whole step or where there is no SSE2.
 */
struct newlines {
	char *at;       /* the next bytes to look at */
	char *end;
	unsigned mask;  /* '\n's of the 32 bytes before at not yet given */
};

static char *next_newline(struct newlines *n, char *from)
{
#ifdef __SSE2__
	const __m128i eol = _mm_set1_epi8('\n');

	while (!n->mask && n->end - n->at >= 32) {
		n->mask = (unsigned)_mm_movemask_epi8(
				  _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)n->at), eol)) |
			  (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(
				  _mm_loadu_si128((const __m128i *)(n->at + 16)), eol))
				  << 16;
		n->at += 32;
	}
	if (n->mask) {
		char *nl = n->at - 32 + __builtin_ctz(n->mask);

		n->mask &= n->mask - 1;
		return nl;
	}
	if (from < n->at)
		from = n->at;
#endif
	return memchr(from, '\n', n->end - from);
}

void mail_quote_split(struct qtext *out, const char *text, size_t len, long line0,
		      const char *own_author)
{
	char *p, *end;
	const char *author[MAX_DEPTH + 1] = { own_author };
	long line = line0;
	struct newlines nls;

	memset(out, 0, sizeof(*out));
	take_spare(out, len);
	memcpy(out->buf, text, len);
	memset(out->buf + len, 0, SLACK);
	p = out->buf;
	end = out->buf + len;
	nls.at = p;
	nls.end = end;
	nls.mask = 0;
	while (p < end) {
		char *nl = next_newline(&nls, p), *s = p, *a, *b;
		struct qline *q;
		int depth;

		char *e = nl ? nl : end;

		if (nl)
			*nl = '\0';
		if (nl && nl > p && nl[-1] == '\r')
			*--e = '\0';
		/* the one test uuencoded parts need, while the line is at hand */
		if (*p == 'b' && e - p >= 6 && !memcmp(p, "begin ", 6))
			out->has_begin = 1;
		depth = strip_quotes(&s);
		if (depth > MAX_DEPTH)
			depth = MAX_DEPTH;
		ALLOC_GROW(out->v, out->nr + 1, out->alloc);
		q = &out->v[out->nr++];
		q->text = s;
		q->len = (size_t)(e - s);
		q->depth = depth;
		q->lineno = ++line;
		q->author = author[depth];
		for (b = s; b < e && (*b == ' ' || *b == '\t'); b++)
			;
		q->blank = b == e;
		if (depth < MAX_DEPTH && (a = attribution(s, e))) {
			ALLOC_GROW(out->authors, out->nauthors + 1, out->aauthors);
			out->authors[out->nauthors++] = a;
			author[depth + 1] = a;
		}
		p = nl ? nl + 1 : end;
	}
}

void mail_quote_release(struct qtext *q)
{
	size_t i;

	for (i = 0; i < q->nauthors; i++)
		free(q->authors[i]);
	free(q->authors);
	give_spare(q);
	memset(q, 0, sizeof(*q));
}
