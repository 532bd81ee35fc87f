#include "mail_multipart.h"
#include "../core/strbuf.h"

#include <stdlib.h>
#include <string.h>

/* The blanks GMime's parser lets follow a boundary (is_lwsp; no CR or '\n' is in a line here). */
static size_t without_blanks(const char *p, size_t n)
{
	while (n && (p[n - 1] == ' ' || p[n - 1] == '\t'))
		n--;
	return n;
}

enum line { LINE_TEXT, LINE_BOUNDARY, LINE_END, LINE_UNSURE };

/*
 * What a line (n bytes, no '\n') is to the parser: "--" boundary, or that
 * and "--", then blanks only (it tries the closing form first).  A line
 * that ends in one without starting with it is unsure.
 */
static enum line line_kind(const char *p, size_t n, const char *boundary, size_t blen)
{
	size_t len = without_blanks(p, n);

	/* blanks after one are left to the parser: a long run of them is a long line */
	if (len == blen + 2 && p[0] == '-' && p[1] == '-' && !memcmp(p + 2, boundary, blen))
		return len == n ? LINE_BOUNDARY : LINE_UNSURE;
	if (len == blen + 4 && p[0] == '-' && p[1] == '-' && !memcmp(p + 2, boundary, blen) &&
	    p[len - 2] == '-' && p[len - 1] == '-')
		return len == n ? LINE_END : LINE_UNSURE;
	if (len > blen + 2 && !memcmp(p + len - blen - 2, "--", 2) && !memcmp(p + len - blen, boundary, blen))
		return LINE_UNSURE;
	if (len > blen + 4 && !memcmp(p + len - 2, "--", 2) && !memcmp(p + len - blen - 4, "--", 2) &&
	    !memcmp(p + len - blen - 2, boundary, blen))
		return LINE_UNSURE;
	return LINE_TEXT;
}

int mail_multipart_split(struct mail_mime_spans *out, const char *body, size_t len, const char *boundary)
{
	const char *p = body, *end = body + len;
	size_t blen = strlen(boundary);
	int in_part = 0;

	out->nr = 0;
	/* a boundary ending in a blank would lose it to without_blanks */
	if (memchr(body, '\r', len) || (blen && (boundary[blen - 1] == ' ' || boundary[blen - 1] == '\t')))
		return -1;
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p)), *e = nl ? nl : end;
		enum line kind = line_kind(p, (size_t)(e - p), boundary, blen);

		if (kind == LINE_UNSURE)
			return -1;
		if (kind != LINE_TEXT && in_part)
			out->v[out->nr - 1].end = (size_t)(p - body);
		if (kind == LINE_END)
			return in_part ? 0 : -1;
		if (kind == LINE_BOUNDARY) {
			/* the parser skips the boundary line: without its '\n' the input has ended */
			if (!nl)
				return -1;
			ALLOC_GROW(out->v, out->nr + 1, out->alloc);
			out->v[out->nr].start = (size_t)(nl + 1 - body);
			out->v[out->nr++].end = len;
			in_part = 1;
		}
		p = nl ? nl + 1 : end;
	}
	return -1;
}

void mail_mime_spans_release(struct mail_mime_spans *spans)
{
	free(spans->v);
	spans->v = NULL;
	spans->nr = spans->alloc = 0;
}
