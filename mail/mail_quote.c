#include "mail_quote.h"
#include "../core/util.h"

#include <stdlib.h>
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

/*
 * "|  1.00th=[  122],  5.00th=[  139]": fio's percentiles, which a paste
 * may leave at the left margin, start with a bar of their own.
 */
static int fio_percentiles(const char *s)
{
	while (*s == ' ')
		s++;
	if (!(*s >= '0' && *s <= '9'))
		return 0;
	while ((*s >= '0' && *s <= '9'))
		s++;
	if (*s++ != '.' || !(*s >= '0' && *s <= '9'))
		return 0;
	while ((*s >= '0' && *s <= '9'))
		s++;
	return !strncmp(s, "th=[", 4);
}

/* Quoting with '|' is only believed when the line is not a table row or fio's percentiles. */
static int bar_quote(const char *q)
{
	return (q[1] == ' ' || q[1] == '\0' || q[1] == '>') && !strchr(q + 1, '|') && !fio_percentiles(q + 1);
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

/*
 * Strips the quote marks of one line; returns its depth.  Inline: for the
 * quoted and indented lines (one in three here) the call and its saved
 * registers cost about a third of the work.
 */
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
#define VERB(s) { s, sizeof(s) - 1 }
	static const struct {
		const char *s;
		size_t n;
	} verbs[] = { VERB(" wrote:"), VERB(" writes:"), VERB(" said:"), VERB(" wrote :") };
#undef VERB
	const char *start = line, *comma, *lt;
	size_t i, nverbs = ARRAY_SIZE(verbs);

	while (end > line && is_space(end[-1]))
		end--;
	/* a name before the shortest verb, and the byte before ':' one a verb ends in */
	if (end - line < 7 || end[-1] != ':' ||
	    (end[-2] != 'e' && end[-2] != 's' && end[-2] != 'd' && end[-2] != ' '))
		return NULL;
	for (i = 0; i < nverbs; i++) {
		if ((size_t)(end - line) > verbs[i].n && !memcmp(end - verbs[i].n, verbs[i].s, verbs[i].n)) {
			end -= verbs[i].n;
			break;
		}
	}
	if (i == nverbs || end - line > 200)
		return NULL;
	/* the name is after the last comma: "On <date>, Name wrote:" */
	if ((comma = memrchr(line, ',', end - line)))
		start = comma + 1;
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

/* The lines' authors, freed before a split and when q is released. */
static void drop_authors(struct qtext *q)
{
	size_t i;

	for (i = 0; i < q->nauthors; i++)
		free(q->authors[i]);
	q->nauthors = 0;
}

/* Room in out's blocks for a copy of len bytes and its lines. */
static void make_room(struct qtext *out, size_t len)
{
	/* room for lines of 40 bytes at once: mail's lines are about that long */
	size_t lines = len / 40 + 16;

	if (out->buf_alloc < len + SLACK) {
		free(out->buf);
		out->buf_alloc = len + SLACK > 4096 ? len + SLACK : 4096;
		out->buf = xmalloc(out->buf_alloc);
	}
	ALLOC_GROW(out->v, lines, out->alloc);
}

/* What splitting carries from one line to the next. */
struct split {
	struct qtext *out;
	const char *author[MAX_DEPTH + 1];
};

/*
 * Most lines start with a word and have no '>' in their first five bytes:
 * no quote marks (strip_quotes would only find that out slowly), and, not
 * starting with a blank, not blank either.  Those bytes may be the next
 * line's (the text has NULs at line ends and SLACK zero bytes after it).
 */
static int plain_start(const char *p)
{
	unsigned char c = (unsigned char)*p;

	if (c <= ' ' || c == '>' || c == '|')
		return 0;
	return p[1] != '>' && p[2] != '>' && p[3] != '>' && p[4] != '>';
}

/*
 * The line p..e into q, the caller's next slot (the caller counts them: a
 * count behind out's pointer would be read again after every store to q).
 */
static void split_line(struct split *sp, struct qline *q,
							   long lineno, char *p, char *e)
{
	struct qtext *out = sp->out;
	char *s = p, *b, *a;
	int depth = 0;

	q->lineno = lineno;
	q->text = p;
	q->len = (size_t)(e - p);
	q->depth = 0;
	q->author = sp->author[0];
	if (p == e) {
		q->blank = 1;
		return;
	}
	if (plain_start(p)) {
		q->blank = 0;
		/* the one test uuencoded parts need, while the line is at hand */
		if (*p == 'b' && e - p >= 6 && !memcmp(p, "begin ", 6))
			out->has_begin = 1;
	} else {
		depth = strip_quotes(&s);
		if (depth > MAX_DEPTH)
			depth = MAX_DEPTH;
		for (b = s; b < e && (*b == ' ' || *b == '\t'); b++)
			;
		q->blank = b == e;
		q->text = s;
		q->len = (size_t)(e - s);
		q->depth = depth;
		q->author = sp->author[depth];
	}
	/* an attribution ends in ':' or blanks after it */
	if (e > s && (e[-1] == ':' || is_space(e[-1])) && depth < MAX_DEPTH && (a = attribution(s, e))) {
		ALLOC_GROW(out->authors, out->nauthors + 1, out->aauthors);
		out->authors[out->nauthors++] = a;
		sp->author[depth + 1] = a;
	}
}

/* A line that ends at the newline nl: '\n' and a '\r' before it become NULs. */
static void split_at(struct split *sp, struct qline *q,
							 long lineno, char *p, char *nl)
{
	char *e = nl;

	*nl = '\0';
	if (nl > p && nl[-1] == '\r')
		*--e = '\0';
	split_line(sp, q, lineno, p, e);
}

void mail_quote_split(struct qtext *out, const char *text, size_t len, long line0,
		      const char *own_author)
{
	struct split sp = { out, { own_author } };
	char *p, *end;
	size_t nr = 0;

	drop_authors(out);
	out->nr = 0;
	out->has_begin = 0;
	make_room(out, len);
	memcpy(out->buf, text, len);
	memset(out->buf + len, 0, SLACK);
	p = out->buf;
	end = out->buf + len;
	{
		char *nl;

		while (p < end && (nl = memchr(p, '\n', end - p))) {
			ALLOC_GROW(out->v, nr + 1, out->alloc);
			nr++;
			split_at(&sp, &out->v[nr - 1], line0 + (long)nr, p, nl);
			p = nl + 1;
		}
	}
	if (p < end) {
		ALLOC_GROW(out->v, nr + 1, out->alloc);
		nr++;
		split_line(&sp, &out->v[nr - 1], line0 + (long)nr, p, end);
	}
	out->nr = nr;
}

void mail_quote_release(struct qtext *q)
{
	drop_authors(q);
	free(q->authors);
	free(q->buf);
	free(q->v);
	*q = (struct qtext)QTEXT_INIT;
}
