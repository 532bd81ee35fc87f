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

#endif
