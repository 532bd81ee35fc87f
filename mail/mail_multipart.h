#ifndef MAIL_MULTIPART_H
#define MAIL_MULTIPART_H

#include <stddef.h>

/*
 * The parts of a multipart body, found as GMime's parser finds them, so
 * that a common multipart message is read without building its GObjects
 * (mail_mime.c reads each part's headers and text as read_leaf does).
 */
struct mail_mime_span {
	size_t start;   /* the part's first header line, after its boundary line */
	size_t end;     /* where the boundary line after it starts */
};

struct mail_mime_spans {
	struct mail_mime_span *v;
	size_t nr, alloc;
};

/*
 * The parts of the len bytes at body, a multipart body whose boundary
 * parameter is boundary: the lines between its "--boundary" lines, up to
 * the "--boundary--" one.  Returns -1 when GMime's parser might find them
 * otherwise or find none: a CR, no part, no closing line, or a boundary
 * that ends a longer line (the parser looks for one where its buffer cuts
 * a long line).
 */
int mail_multipart_split(struct mail_mime_spans *out, const char *body, size_t len, const char *boundary);
void mail_mime_spans_release(struct mail_mime_spans *spans);

#endif
