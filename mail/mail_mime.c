#include "mail.h"
#include "mail_lines.h"

#include <gmime/gmime.h>
#include <stdio.h>
#include <string.h>

void mail_mime_init(void)
{
	/* GMime counts its callers: each of them is set up once */
	g_mime_init();
}

void mail_text_is_buf(struct mail_message *m)
{
	m->text.p = m->text_buf.buf;
	m->text.len = m->text_buf.len;
}

static char *dup_or_null(const char *s)
{
	return s && *s ? xstrdup(s) : NULL;
}

struct walk {
	struct strbuf plain, html;
	const char *error;
	struct mail_lines lines;  /* where plain's lines stand in the input */
	struct mail_line_cursor at;
	const char *buf;
	size_t len;
	long line0;
};

static int is_encoded(GMimePart *part)
{
	GMimeContentEncoding enc = g_mime_part_get_content_encoding(part);

	return enc == GMIME_CONTENT_ENCODING_BASE64 ||
	       enc == GMIME_CONTENT_ENCODING_QUOTEDPRINTABLE ||
	       enc == GMIME_CONTENT_ENCODING_UUENCODE;
}

/*
 * A text part's text in UTF-8, with its length: what
 * g_mime_text_part_get_text() gives, but a NUL byte decoded from base64
 * or quoted-printable does not end it there.  -1 when it has no content.
 */
static int part_text(struct strbuf *out, GMimeTextPart *part)
{
	GMimeDataWrapper *content = g_mime_part_get_content((GMimePart *)part);
	GMimeContentType *ct = g_mime_object_get_content_type((GMimeObject *)part);
	const char *charset = ct ? g_mime_content_type_get_parameter(ct, "charset") : NULL;
	GMimeFilter *filter = charset ? g_mime_filter_charset_new(charset, "utf-8") : NULL;
	GMimeStream *stream;
	GByteArray *bytes;

	if (!content) {
		if (filter)
			g_object_unref(filter);
		return -1;
	}
	stream = g_mime_stream_mem_new();
	if (filter) {
		GMimeStream *filtered = g_mime_stream_filter_new(stream);

		g_mime_stream_filter_add((GMimeStreamFilter *)filtered, filter);
		g_object_unref(filter);
		g_mime_data_wrapper_write_to_stream(content, filtered);
		g_mime_stream_flush(filtered);
		g_object_unref(filtered);
	} else {
		g_mime_data_wrapper_write_to_stream(content, stream);
	}
	bytes = g_mime_stream_mem_get_byte_array((GMimeStreamMem *)stream);
	/* an empty array has no data at all */
	if (bytes->len)
		strbuf_add(out, bytes->data, bytes->len);
	g_object_unref(stream);
	return 0;
}

static void add_text_part(struct walk *w, GMimeTextPart *part, int html)
{
	struct strbuf *sb = html ? &w->html : &w->plain, text = STRBUF_INIT;

	if (part_text(&text, part) < 0)
		return;
	if (sb->len && sb->buf[sb->len - 1] != '\n')
		strbuf_addch(sb, '\n');
	strbuf_add(sb, text.buf, text.len);
	if (!html)
		mail_lines_add_part(&w->lines, &w->at, (GMimePart *)part, w->buf, w->len, w->line0,
				    mail_lines_count(text.buf, text.len));
	strbuf_release(&text);
}

/* Plain text parts and text attachments are read; HTML only as a fallback. */
static void walk_part(struct walk *w, GMimeObject *obj, int depth)
{
	GMimeContentType *ct;

	if (!obj || w->error)
		return;
	if (depth > MAIL_MAX_DEPTH) {
		w->error = "MIME parts nested too deep";
		return;
	}
	if (GMIME_IS_MESSAGE_PART(obj)) {
		GMimeMessage *inner = g_mime_message_part_get_message((GMimeMessagePart *)obj);

		if (inner)
			walk_part(w, g_mime_message_get_mime_part(inner), depth + 1);
		return;
	}
	ct = g_mime_object_get_content_type(obj);
	if (GMIME_IS_MULTIPART(obj)) {
		GMimeMultipart *mp = (GMimeMultipart *)obj;
		int i, n = g_mime_multipart_get_count(mp);

		if (ct && g_mime_content_type_is_type(ct, "multipart", "alternative")) {
			/* one rendering is enough: the plain one when there is one */
			for (i = 0; i < n; i++) {
				GMimeObject *sub = g_mime_multipart_get_part(mp, i);
				GMimeContentType *sct = g_mime_object_get_content_type(sub);

				if (sct && g_mime_content_type_is_type(sct, "text", "plain")) {
					walk_part(w, sub, depth + 1);
					return;
				}
			}
		}
		for (i = 0; i < n; i++)
			walk_part(w, g_mime_multipart_get_part(mp, i), depth + 1);
		return;
	}
	if (!GMIME_IS_TEXT_PART(obj) || !ct)
		return;
	if (g_mime_content_type_is_type(ct, "text", "html"))
		add_text_part(w, (GMimeTextPart *)obj, 1);
	else if (!g_mime_content_type_is_type(ct, "text", "rtf") &&
		 !g_mime_content_type_is_type(ct, "text", "enriched"))
		add_text_part(w, (GMimeTextPart *)obj, 0);
}

static long header_lines(const char *buf, size_t len)
{
	const char *p = buf, *end = buf + len;
	long n = 0;

	while (p < end) {
		const char *nl = memchr(p, '\n', end - p);
		size_t l = nl ? (size_t)(nl - p) : (size_t)(end - p);

		n++;
		if (l == 0 || (l == 1 && *p == '\r'))
			return n;
		if (!nl)
			break;
		p = nl + 1;
	}
	return n;
}

static void read_headers(struct mail_message *m, GMimeMessage *msg)
{
	InternetAddressList *from = g_mime_message_get_from(msg);
	GDateTime *date = g_mime_message_get_date(msg);

	m->message_id = dup_or_null(g_mime_message_get_message_id(msg));
	m->subject = dup_or_null(g_mime_message_get_subject(msg));
	if (from && internet_address_list_length(from) > 0) {
		InternetAddress *ia = internet_address_list_get_address(from, 0);
		const char *name = internet_address_get_name(ia);

		if (name && *name) {
			m->from = xstrdup(name);
		} else {
			char *s = internet_address_list_to_string(from, NULL, FALSE);

			m->from = dup_or_null(s);
			g_free(s);
		}
	}
	if (date)
		m->date = (time_t)g_date_time_to_unix(date);
	m->in_reply_to = dup_or_null(g_mime_object_get_header((GMimeObject *)msg, "In-Reply-To"));
	m->references = dup_or_null(g_mime_object_get_header((GMimeObject *)msg, "References"));
}

int mail_mime_decode(struct mail_message *m, const char *buf, size_t len)
{
	GMimeStream *stream;
	GMimeParser *parser;
	GMimeMessage *msg;
	GMimeObject *body;
	struct walk w = { STRBUF_INIT, STRBUF_INIT, NULL, { NULL, 0, 0 }, MAIL_LINE_CURSOR_INIT, buf, len, m->line0 };
	int ret = 0;

	stream = g_mime_stream_mem_new_with_buffer(buf, len);
	parser = g_mime_parser_new_with_stream(stream);
	g_mime_parser_set_format(parser, GMIME_FORMAT_MESSAGE);
	msg = g_mime_parser_construct_message(parser, NULL);
	if (!msg) {
		m->skip = xstrdup("not an RFC 822 message");
		ret = -1;
		goto done;
	}
	read_headers(m, msg);
	/* decoded parts count their lines from where the body starts */
	m->line0 += header_lines(buf, len);
	body = g_mime_message_get_mime_part(msg);
	walk_part(&w, body, 0);
	m->line_scan = w.at.scanned;
	if (w.error) {
		m->skip = xstrdup(w.error);
		ret = -1;
		goto done;
	}
	if (w.plain.len) {
		strbuf_add(&m->text_buf, w.plain.buf, w.plain.len);
		m->exact_lines = body && GMIME_IS_TEXT_PART(body) && !is_encoded((GMimePart *)body);
		if (!m->exact_lines) {
			m->line_map = w.lines.v;
			m->line_map_nr = w.lines.nr;
			w.lines.v = NULL;
		}
	} else if (w.html.len) {
		mail_html_to_text(&m->text_buf, w.html.buf, w.html.len);
	}
	mail_text_is_buf(m);
done:
	strbuf_release(&w.plain);
	strbuf_release(&w.html);
	free(w.lines.v);
	if (msg)
		g_object_unref(msg);
	g_object_unref(parser);
	g_object_unref(stream);
	return ret;
}
