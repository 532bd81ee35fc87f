#include "mail.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static const char *line_end(const char *p, const char *end)
{
	const char *nl = memchr(p, '\n', end - p);

	return nl ? nl : end;
}

/* isspace in the C locale, inline: it runs on every line of an mbox */
static int is_blank(const char *p, const char *e)
{
	for (; p < e; p++)
		if (*p != ' ' && (unsigned char)(*p - '\t') >= 5)
			return 0;
	return 1;
}

/* "Name:" with the characters RFC 5322 allows in a field name. */
static size_t header_name_len(const char *p, const char *e)
{
	const char *s = p;

	while (s < e && *s > ' ' && *s < 127 && *s != ':')
		s++;
	return s < e && *s == ':' && s > p ? (size_t)(s - p) : 0;
}

static const char *const well_known_headers[] = {
	"From", "To", "Cc", "Subject", "Date", "Message-ID", "Received",
	"Return-Path", "MIME-Version", "Delivered-To", "Content-Type",
	"In-Reply-To", "References", "Reply-To", "Sender", "X-Mailer", NULL,
};

static int is_well_known(const char *p, size_t n)
{
	const char *const *h;

	for (h = well_known_headers; *h; h++)
		if (strlen(*h) == n && !strncasecmp(*h, p, n))
			return 1;
	return 0;
}

/*
 * A message starts with header fields (one of them one that every mailer
 * writes); a web archive's text starts with prose or a title.
 */
enum mail_kind mail_detect(const char *buf, size_t len)
{
	const char *p = buf, *end = buf + len;
	int known = 0, fields = 0;

	if (len >= 5 && !memcmp(buf, "From ", 5))
		return MAIL_MBOX;
	while (p < end) {
		const char *e = line_end(p, end);
		size_t n;

		if (p == e || (e - p == 1 && *p == '\r'))
			break;
		if (*p == ' ' || *p == '\t') {
			if (!fields)
				return MAIL_BARE;
		} else if ((n = header_name_len(p, e))) {
			fields++;
			known += is_well_known(p, n);
		} else {
			return MAIL_BARE;
		}
		p = e + 1;
	}
	return fields && known ? MAIL_RFC822 : MAIL_BARE;
}

static struct mail_span *add_span(struct mail_spans *out, size_t start, size_t len, long line0)
{
	struct mail_span *s;

	ALLOC_GROW(out->v, out->nr + 1, out->alloc);
	s = &out->v[out->nr++];
	memset(s, 0, sizeof(*s));
	s->start = start;
	s->len = len;
	s->line0 = line0;
	return s;
}

/*
 * A message starts after a "From " line at the top or after a blank line
 * (the rule mutt and most readers use for mboxo, whose bodies may hold an
 * unescaped "From ").  The envelope line itself is not part of the message.
 * One message at a time, so that a reader can let go of what it has read.
 */
/* ">From ", ">>From ": a line that mail_unescape_from changes */
static int escaped_from(const char *p, const char *e)
{
	while (p < e && *p == '>')
		p++;
	return e - p >= 5 && !memcmp(p, "From ", 5);
}

/* The line that ends just before s (s - 1 is its '\n') is blank; first: where the scan began. */
static int blank_before(const char *first, const char *s)
{
	const char *k = s - 1;

	while (k > first && k[-1] != '\n' && (k[-1] == ' ' || (unsigned char)(k[-1] - '\t') < 5))
		k--;
	return k == first || k[-1] == '\n';
}

/*
 * The line at t, which follows a '\n' and is not the first one scanned: 1
 * when it is an envelope.  Only 'F' and '>' can start a line that matters,
 * so the line's end is never looked for ("From " holds no '\n').
 */
static int envelope_at(const char *first, const char *t, const char *end, int *escaped)
{
	if (*t == 'F')
		return end - t >= 5 && !memcmp(t, "From ", 5) && blank_before(first, t);
	if (*t == '>' && escaped_from(t, end))
		*escaped = 1;
	return 0;
}

/*
 * The next envelope line from p on (one after a blank line), or end;
 * *escaped is set when a line on the way has a '>' to undo.  Only a line
 * starting with 'F' or '>' needs more than a count.
 */
static const char *next_envelope(const char *p, const char *end, long *line, int prev_blank,
				 int *escaped)
{
	const char *first = p, *q = p, *nl, *at = end;
	long lines = 0;

	if (p >= end)
		return p;
	if (prev_blank && end - p >= 5 && !memcmp(p, "From ", 5))
		return p;
	if (*p == '>' && escaped_from(p, end))
		*escaped = 1;
	while ((nl = memchr(q, '\n', end - q))) {
		lines++;
		if (nl + 1 >= end)
			goto done;
		if (envelope_at(first, nl + 1, end, escaped)) {
			at = nl + 1;
			goto done;
		}
		q = nl + 1;
	}
	/* the last line, without a '\n' */
	lines++;
done:
	*line += lines;
	return at;
}

int mail_mbox_next(struct mail_span *out, const char *buf, size_t len, size_t *pos, long *line)
{
	const char *end = buf + len, *p = buf + *pos, *msg;

	if (p >= end)
		return 0;
	memset(out, 0, sizeof(*out));
	if (!*pos && (len < 5 || memcmp(buf, "From ", 5))) {
		/* text before the first envelope is no message; without one, all is */
		long skipped = 0;

		p = next_envelope(p, end, &skipped, 1, &out->escaped_from);
		if (p >= end) {
			out->len = len;
			*pos = len;
			*line = skipped;
			return 1;
		}
		*line += skipped;
	}
	/* p is at an envelope line */
	p = line_end(p, end);
	msg = p < end ? p + 1 : end;
	out->start = msg - buf;
	out->line0 = ++*line;
	p = next_envelope(msg, end, line, 0, &out->escaped_from);
	out->len = p - msg;
	*pos = p - buf;
	return 1;
}

void mail_split_mbox(struct mail_spans *out, const char *buf, size_t len)
{
	struct mail_span s;
	size_t pos = 0;
	long line = 0;

	while (mail_mbox_next(&s, buf, len, &pos, &line))
		*add_span(out, s.start, s.len, s.line0) = s;
}

void mail_unescape_from(struct strbuf *out, const char *buf, size_t len)
{
	const char *p = buf, *end = buf + len;

	strbuf_grow(out, len);
	while (p < end) {
		const char *e = line_end(p, end), *q = p;

		while (q < e && *q == '>')
			q++;
		if (q > p && e - q >= 5 && !memcmp(q, "From ", 5))
			p++;
		strbuf_add(out, p, e - p);
		if (e < end)
			strbuf_addch(out, '\n');
		p = e + 1;
	}
}

/* "[Steven Cole]": how the web archives the corpus came from name an author. */
static char *bracketed_author(const char *p, const char *e)
{
	const char *q;
	int letters = 0;

	while (e > p && isspace((unsigned char)e[-1]))
		e--;
	if (e - p < 3 || e - p > 80 || *p != '[' || e[-1] != ']')
		return NULL;
	for (q = p + 1; q < e - 1; q++) {
		if (isalpha((unsigned char)*q) || (unsigned char)*q >= 0x80)
			letters++;
		else if (!strchr(" .-'_,", *q))
			return NULL;
	}
	return letters ? xstrndup(p + 1, e - p - 2) : NULL;
}

struct line_ref {
	const char *p, *e;
};

/*
 * Web archive text: each post is "Subject", a blank line, "[Author]"; the
 * first post may have the thread's title above it.
 */
void mail_split_bare(struct mail_spans *out, const char *buf, size_t len)
{
	const char *end = buf + len, *p = buf;
	struct line_ref *lines = NULL;
	size_t nr = 0, alloc = 0, i;

	while (p < end) {
		const char *e = line_end(p, end);

		ALLOC_GROW(lines, nr + 1, alloc);
		lines[nr].p = p;
		lines[nr].e = e;
		nr++;
		p = e + 1;
	}
	for (i = 2; i < nr; i++) {
		char *author;
		struct mail_span *s;
		size_t start;

		if (!is_blank(lines[i - 1].p, lines[i - 1].e) ||
		    is_blank(lines[i - 2].p, lines[i - 2].e) ||
		    (i >= 3 && !is_blank(lines[i - 3].p, lines[i - 3].e)))
			continue;
		author = bracketed_author(lines[i].p, lines[i].e);
		if (!author)
			continue;
		start = out->nr ? (size_t)(lines[i - 2].p - buf) : 0;
		if (out->nr) {
			struct mail_span *prev = &out->v[out->nr - 1];

			prev->len = start - prev->start;
		}
		s = add_span(out, start, len - start, out->nr ? (long)(i - 2) : 0);
		s->author = author;
		s->subject = xstrndup(lines[i - 2].p, lines[i - 2].e - lines[i - 2].p);
	}
	if (!out->nr && len)
		add_span(out, 0, len, 0);
	free(lines);
}

void mail_spans_release(struct mail_spans *s)
{
	size_t i;

	for (i = 0; i < s->nr; i++) {
		free(s->v[i].author);
		free(s->v[i].subject);
	}
	free(s->v);
	s->v = NULL;
	s->nr = s->alloc = 0;
}
