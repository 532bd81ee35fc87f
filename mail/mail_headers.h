#ifndef MAIL_HEADERS_H
#define MAIL_HEADERS_H

#include "mail.h"

#include <gmime/gmime.h>

/* The Content-* headers of a message, which say what its MIME part is. */
enum { MAIL_CONTENT_TYPE, MAIL_CONTENT_ENCODING, MAIL_CONTENT_DISPOSITION, MAIL_CONTENT_COUNT };

struct mail_part_headers {
	/* all its Content-* lines and the blank line after them: the part for GMime */
	struct strbuf lines;
	size_t body;        /* where the body starts in the message */
	/* the raw values (after the ':') of the three above, NULL when not given */
	char *raw[MAIL_CONTENT_COUNT];
	int repeated;       /* one of the three is given twice */
};

#define MAIL_PART_HEADERS_INIT { STRBUF_INIT, 0, { NULL, NULL, NULL }, 0 }

void mail_part_headers_release(struct mail_part_headers *part);

/* GMime's is_lwsp. */
static inline int mail_is_lwsp(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* What g_mime_header_get_value() gives for a header of this raw value (g_free it). */
char *mail_header_value(const char *raw);
/*
 * A Date: value in the form nearly every mailer writes ("Mon, 01 Mar 2008
 * 00:00:00 +0000") as GMime's date parser reads it, without its cost.
 * Returns -1 for anything else, which g_mime_utils_header_decode_date reads.
 */
int mail_header_date(const char *v, time_t *out);
/* Whether raw is ASCII without an RFC 2047 word: its value is raw unfolded. */
int mail_header_is_plain(const char *raw);

/*
 * Reads the message headers of buf (len bytes) into m (message_id, from,
 * subject, date, in_reply_to, references) as a full GMime parse gives
 * them, and the Content-* ones into part.  Returns -1, m untouched, when
 * the headers are not plain enough to be sure of reading them as GMime
 * would.
 */
int mail_headers_read(struct mail_message *m, struct mail_part_headers *part, const char *buf, size_t len);
/*
 * The same for the headers of a part of a multipart body (buf, len bytes:
 * up to the next boundary): its Content-* raw values, whether one is
 * repeated, and where its content starts (part->body); part->lines is not
 * filled.  -1 as above, and when no blank line ends them.
 */
int mail_part_headers_read(struct mail_part_headers *part, const char *buf, size_t len);

/*
 * A Content-Type or Content-Disposition value (a decoded one: what
 * mail_header_value gives) as GMime's parser reads it, for the questions
 * the readers ask of one: its type and its parameters by name.  A plain
 * value is cut where it stands (GMime builds three GObjects a parameter);
 * one with a comment, an escape, an RFC 2231 or 2047 parameter, 8-bit or
 * control bytes, or many parameters is left to GMime.
 */
#define MAIL_TYPE_PARAMS 8

struct mail_type {
	const char *type, *subtype;   /* a Content-Type's; the disposition's type is not kept */
	const char *name[MAIL_TYPE_PARAMS], *value[MAIL_TYPE_PARAMS];
	size_t nparams;
	char *buf;                    /* the value, the strings above cut in it */
	GMimeContentType *gmime;      /* or the value as GMime read it */
	GMimeContentDisposition *gmime_disposition;
};

/* Both take value (from mail_header_value) over. */
void mail_type_parse(struct mail_type *t, char *value);
void mail_disposition_parse(struct mail_type *t, char *value);
/* g_mime_content_type_is_type() */
int mail_type_is(const struct mail_type *t, const char *type, const char *subtype);
/* g_mime_content_type_get_parameter() and its disposition twin */
const char *mail_type_param(const struct mail_type *t, const char *name);
void mail_type_release(struct mail_type *t);

#endif
