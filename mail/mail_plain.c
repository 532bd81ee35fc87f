#include "mail.h"
#include "mail_headers.h"
#include "mail_lines.h"
#include "../core/util.h"

#include <gmime/gmime.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/*
 * Most list mail is one plain-text part with plain headers: for those a
 * full MIME parse only copies the body.  This reads them directly, and
 * undoes a quoted-printable or base64 body with GMime's own decoder (a
 * full parse costs a few hundred instructions a byte, mostly building and
 * freeing GObjects); any message with more to it (multipart, HTML, RFC 2047
 * words, a charset other than ASCII or UTF-8, a decoded text that is not
 * valid in its charset, a header folded without a ':' in it) goes to
 * mail_mime_decode, which reads it as GMime does.
 */

/* strcasestr(v, "charset="): glibc's is a generic search, slow on strings this short. */
static const char *charset_of(const char *v)
{
	for (; (v = strpbrk(v, "cC")); v++)
		if (!strncasecmp(v, "charset=", 8))
			return v;
	return NULL;
}

/* Where the wanted fields stand in wanted[] below. */
enum { F_MESSAGE_ID, F_SUBJECT, F_FROM, F_DATE, F_IN_REPLY_TO, F_REFERENCES, F_TYPE, F_ENCODING };

static int plain_value(size_t field, const char *v, GMimeContentEncoding *enc)
{
	if (field == F_TYPE) {
		const char *cs = charset_of(v);

		if (strncasecmp(v + strspn(v, " \t"), "text/plain", 10))
			return 0;
		if (!cs)
			return 1;
		cs += 8;
		cs += *cs == '"';
		return !strncasecmp(cs, "us-ascii", 8) || !strncasecmp(cs, "utf-8", 5);
	}
	if (field == F_ENCODING) {
		v += strspn(v, " \t");
		if (!strcasecmp(v, "quoted-printable"))
			*enc = GMIME_CONTENT_ENCODING_QUOTEDPRINTABLE;
		else if (!strcasecmp(v, "base64"))
			*enc = GMIME_CONTENT_ENCODING_BASE64;
		else
			return !strncasecmp(v, "7bit", 4) || !strncasecmp(v, "8bit", 4);
	}
	return 1;
}

static const char *const wanted[] = {
	"Message-ID", "Subject", "From", "Date", "In-Reply-To", "References",
	"Content-Type", "Content-Transfer-Encoding", NULL,
};

/* Whether the header name at p (n bytes) is wanted[f]. */
static int is_wanted(const char *p, size_t n, int f)
{
	return strlen(wanted[f]) == n && !strncasecmp(p, wanted[f], n);
}

/* The field of wanted[] a header line names, or -1: its first letter tells which to try. */
static int wanted_field(const char *p, size_t n)
{
	int f;

	if (!n)
		return -1;
	switch (*p | 0x20) {
	case 'm': f = F_MESSAGE_ID; break;
	case 's': f = F_SUBJECT; break;
	case 'f': f = F_FROM; break;
	case 'd': f = F_DATE; break;
	case 'i': f = F_IN_REPLY_TO; break;
	case 'r': f = F_REFERENCES; break;
	case 'c':
		if (is_wanted(p, n, F_TYPE))
			return F_TYPE;
		f = F_ENCODING;
		break;
	default: return -1;
	}
	return is_wanted(p, n, f) ? f : -1;
}

/*
 * The header values are cut where they stand, in the block that then
 * becomes the message's (m->headers): every string taken from a value is a
 * piece of it, so none needs a copy and a malloc of its own.
 */

/* s..e without the blanks around it, ended by a NUL; NULL when nothing is left. */
static char *trimmed(char *s, char *e)
{
	while (s < e && (*s == ' ' || *s == '\t'))
		s++;
	while (e > s && (e[-1] == ' ' || (unsigned char)(e[-1] - '\t') < 5))
		e--;
	if (e == s)
		return NULL;
	*e = '\0';
	return s;
}

static char *trimmed_value(char *v)
{
	return trimmed(v, v + strlen(v));
}

/* "Name <a@b>" and "a@b (Name)" give Name; a bare address gives itself. */
static char *author_of(char *v)
{
	char *lt = strchr(v, '<'), *open = strchr(v, '('), *close, *s;
	size_t n;

	if (lt && lt > v)
		s = trimmed(v, lt);
	else if (open && (close = strchr(open, ')')))
		s = trimmed(open + 1, close);
	else
		s = trimmed_value(v);
	if (s && s[0] == '"' && (n = strlen(s)) > 1 && s[n - 1] == '"') {
		s[n - 1] = '\0';
		s++;
	}
	return s;
}

static char *message_id_of(char *v)
{
	char *lt = strchr(v, '<'), *gt = lt ? strchr(lt, '>') : NULL;

	if (lt && gt && gt > lt + 1) {
		*gt = '\0';
		return lt + 1;
	}
	return trimmed_value(v);
}

/* "=?": an RFC 2047 word may start here ('=' is rare in headers, memchr finds it fast) */
static int has_encoded_word(const char *p, const char *e)
{
	while ((p = memchr(p, '=', e - p)) && p + 1 < e) {
		if (p[1] == '?')
			return 1;
		p++;
	}
	return 0;
}

/* What decoded text holds, as decode_body must know it. */
enum text_bytes { TEXT_NUL, TEXT_ASCII, TEXT_HIGH };

/* One pass for both questions decode_body asks. */
static enum text_bytes text_bytes(const char *p, size_t n)
{
	size_t i = mail_ascii_span(p, n);

	/* a byte that is not ASCII text: the rest only says whether a NUL is in it */
	if (i == n)
		return TEXT_ASCII;
	return memchr(p + i, '\0', n - i) ? TEXT_NUL : TEXT_HIGH;
}

/*
 * A quoted-printable or base64 body, decoded by GMime's decoder, with the
 * input line of each decoded line (one pass over the body).  Only text
 * that GMime's charset filter would pass through unchanged is kept (ASCII,
 * or valid UTF-8 declared as such); anything else it would convert, so the
 * message goes to the full parse.
 */
static int decode_body(struct strbuf *out, struct mail_lines *map, const char *body, size_t len,
		       long line, GMimeContentEncoding enc, const char *content_type)
{
	const char *cs = content_type ? charset_of(content_type) : NULL;
	int utf8 = cs && !strncasecmp(cs + 8 + (cs[8] == '"'), "utf-8", 5);

	/* records point at the encoded line, as on the GMime path */
	enum text_bytes bytes;

	mail_lines_decode(out, map, enc, body, len, line);
	bytes = text_bytes(out->buf, out->len);
	if (bytes != TEXT_HIGH)
		return bytes == TEXT_ASCII;
	return utf8 && g_utf8_validate(out->buf, out->len, NULL) &&
	       !(out->len >= 3 && !memcmp(out->buf, "\xef\xbb\xbf", 3));
}

/*
 * The wanted fields' values, unfolded, one after another in one buffer
 * (one block for all of them, not one each), each ended by a NUL.  A
 * folded line continues the value just begun, so only the last one grows.
 */
struct values {
	struct strbuf all;
	size_t at[ARRAY_SIZE(wanted)];
	int seen[ARRAY_SIZE(wanted)];
};

static char *value(const struct values *v, size_t i)
{
	return v->all.buf + v->at[i];
}

/*
 * n bytes onto the value being read, written in place: room for them and
 * two bytes more (the value's NUL and the buffer's) is made first, so the
 * copies need no strbuf call each.
 */
static inline void put(struct values *v, const char *s, size_t n)
{
	if (v->all.alloc - v->all.len < n + 2)
		strbuf_grow(&v->all, n + 2);
	memcpy(v->all.buf + v->all.len, s, n);
	v->all.len += n;
	v->all.buf[v->all.len] = '\0';
}

/* As strbuf_rtrim would on a value of its own (isspace of the C locale, inline). */
static inline void end_value(struct values *v, int cur)
{
	size_t len = v->all.len;

	if (cur < 0)
		return;
	while (len > v->at[cur] && (v->all.buf[len - 1] == ' ' ||
				     (unsigned char)(v->all.buf[len - 1] - '\t') < 5))
		len--;
	/* put left room for both NULs */
	v->all.buf[len] = '\0';
	v->all.buf[len + 1] = '\0';
	v->all.len = len + 1;
}

int mail_plain_decode_at(struct mail_message *m, const char *buf, size_t len, const char **plain_body,
			 struct strbuf *values)
{
	const char *p = buf, *end = buf + len, *body = NULL;
	struct values vals = { *values, { 0 }, { 0 } };
	const int *seen = vals.seen;
	struct mail_lines map = { 0 };
	GMimeContentEncoding enc = GMIME_CONTENT_ENCODING_DEFAULT;
	long lines = 0;
	int cur = -1, ok = 1, date_seen, f;
	size_t i;

	*plain_body = NULL;
	strbuf_init(values, 0);
	strbuf_reset(&vals.all);
	strbuf_grow(&vals.all, 512);
	while (p < end) {
		const char *nl = memchr(p, '\n', end - p), *e = nl ? nl : end, *colon;

		lines++;
		if (e == p || (e - p == 1 && *p == '\r')) {
			body = nl ? nl + 1 : end;
			break;
		}
		if ((*p == ' ' || *p == '\t') && cur >= 0) {
			const char *v = p;

			/* the input may be a mapped file: nothing is read past e */
			while (v < e && (*v == ' ' || *v == '\t'))
				v++;
			put(&vals, " ", 1);
			put(&vals, v, e - v);
		} else if ((colon = memchr(p, ':', e - p))) {
			end_value(&vals, cur);
			cur = -1;
			if ((f = wanted_field(p, colon - p)) >= 0 && !seen[f]) {
				cur = f;
				vals.seen[f] = 1;
				vals.at[f] = vals.all.len;
				put(&vals, colon + 1, e - colon - 1);
			}
		} else {
			ok = 0;
			break;
		}
		p = nl ? nl + 1 : end;
	}
	end_value(&vals, cur);
	/*
	 * one look for an RFC 2047 word in all the header lines (up to the
	 * blank line): a "=?" never spans two of them
	 */
	if (ok && body && has_encoded_word(buf, p))
		ok = 0;
	for (i = 0; ok && wanted[i]; i++)
		if (seen[i] && !plain_value(i, value(&vals, i), &enc))
			ok = 0;
	/* decoded into the message's text at once; m is left as it was if it is not kept */
	if (ok && body && enc != GMIME_CONTENT_ENCODING_DEFAULT &&
	    !(ok = decode_body(&m->text_buf, &map, body, end - body, m->line0 + lines + 1, enc,
				 seen[F_TYPE] ? value(&vals, F_TYPE) : NULL)))
		strbuf_reset(&m->text_buf);
	if (ok && body) {
		GDateTime *date;

		date_seen = seen[F_DATE] && mail_header_date(value(&vals, F_DATE), &m->date);
		date = date_seen ? g_mime_utils_header_decode_date(value(&vals, F_DATE)) : NULL;

		m->message_id = seen[F_MESSAGE_ID] ? message_id_of(value(&vals, F_MESSAGE_ID)) : NULL;
		m->subject = seen[F_SUBJECT] ? trimmed_value(value(&vals, F_SUBJECT)) : NULL;
		m->from = seen[F_FROM] ? author_of(value(&vals, F_FROM)) : NULL;
		if (date) {
			m->date = (time_t)g_date_time_to_unix(date);
			g_date_time_unref(date);
		}
		m->in_reply_to = seen[F_IN_REPLY_TO] ? trimmed_value(value(&vals, F_IN_REPLY_TO)) : NULL;
		m->references = seen[F_REFERENCES] ? trimmed_value(value(&vals, F_REFERENCES)) : NULL;
		/* the strings above are in it: it is the message's now */
		m->headers = vals.all.buf;
		m->headers_alloc = vals.all.alloc;
		strbuf_init(&vals.all, 0);
		m->line0 += lines;
		if (enc == GMIME_CONTENT_ENCODING_DEFAULT) {
			*plain_body = body;
			m->exact_lines = 1;
		} else {
			mail_text_is_buf(m);
			if (map.nr) {
				m->line_map = map.v;
				m->line_map_nr = map.nr;
				map.v = NULL;
			}
		}
	}
	/* not read: the block is values' again */
	*values = vals.all;
	free(map.v);
	return ok && body ? 0 : -1;
}

int mail_plain_decode(struct mail_message *m, const char *buf, size_t len)
{
	struct strbuf values = STRBUF_INIT;
	const char *body;
	int ret = mail_plain_decode_at(m, buf, len, &body, &values);

	strbuf_release(&values);
	if (!ret && body) {
		strbuf_add(&m->text_buf, body, buf + len - body);
		mail_text_is_buf(m);
	}
	return ret;
}
