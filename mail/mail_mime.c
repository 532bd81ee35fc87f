#include "mail.h"
#include "mail_headers.h"
#include "mail_lines.h"
#include "mail_multipart.h"

#include <gmime/gmime.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

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
	struct mail_part_name *names;   /* the named parts of plain, for the message */
	size_t nnames, anames;
	const char *error;
	struct mail_lines lines;  /* where plain's lines stand in the input */
	int exact;                /* ... which are its own lines: only a part's first is asked for */
	struct mail_line_cursor at;
	const char *buf;
	size_t len;
	long line0;
};

static int is_encoding(GMimeContentEncoding enc)
{
	return enc == GMIME_CONTENT_ENCODING_BASE64 ||
	       enc == GMIME_CONTENT_ENCODING_QUOTEDPRINTABLE ||
	       enc == GMIME_CONTENT_ENCODING_UUENCODE;
}

/*
 * What a text part's text is read from: a GMime part's facts, or the same
 * facts found in the headers without building one (part_facts).
 */
struct text_source {
	GMimeDataWrapper *content;  /* NULL: the part has none, or it is the bytes (bytes) */
	const char *charset;        /* NULL: none declared */
	const char *name;           /* its file name, or NULL */
	GMimeContentEncoding enc;
	size_t start, end;          /* where its encoded bytes are in the walk's buf */
	int bytes;                  /* the content is those bytes in enc, as they stand */
};

static void part_source(struct text_source *src, const struct walk *w, GMimePart *part)
{
	GMimeContentType *ct = g_mime_object_get_content_type((GMimeObject *)part);
	GMimeStream *stream;

	src->content = g_mime_part_get_content(part);
	src->charset = ct ? g_mime_content_type_get_parameter(ct, "charset") : NULL;
	src->name = g_mime_part_get_filename(part);
	src->enc = g_mime_part_get_content_encoding(part);
	stream = src->content ? g_mime_data_wrapper_get_stream(src->content) : NULL;
	/* the parser keeps a part's bytes as a window on the message's stream */
	if (!stream || stream->bound_start < 0 || (size_t)stream->bound_start > w->len) {
		src->start = src->end = w->len;
	} else {
		src->start = (size_t)stream->bound_start;
		src->end = stream->bound_end < 0 || (size_t)stream->bound_end > w->len ? w->len
										  : (size_t)stream->bound_end;
	}
	/* then its text can be read from them, as the wrapper would decode them */
	src->bytes = stream && stream->bound_start >= 0 && stream->bound_end >= stream->bound_start &&
		     (size_t)stream->bound_end <= w->len &&
		     g_mime_data_wrapper_get_encoding(src->content) == src->enc;
}

/*
 * A text part's text in UTF-8, with its length: what
 * g_mime_text_part_get_text() gives, but a NUL byte decoded from base64
 * or quoted-printable does not end it there.  -1 when it has no content.
 */
static int part_text(struct strbuf *out, const struct text_source *src, const char *buf)
{
	GMimeDataWrapper *content = src->content;
	const char *at = buf + src->start;
	size_t n = src->end - src->start;
	GMimeFilter *filter;
	GMimeStream *stream;
	GByteArray *bytes;

	/* bytes with nothing to undo are their own text, or ISO 8859-1's: no stream to copy them through */
	if (src->bytes && !is_encoding(src->enc)) {
		if (mail_charset_as_is(src->charset, at, n)) {
			strbuf_add(out, at, n);
			return 0;
		}
		if (mail_charset_is_latin1(src->charset) && !mail_latin1_to_utf8(out, at, n))
			return 0;
	}
	if (!content && src->bytes) {
		stream = g_mime_stream_mem_new_with_buffer(at, n);
		content = g_mime_data_wrapper_new_with_stream(stream, src->enc);
		g_object_unref(stream);
	}
	if (!content)
		return -1;
	filter = src->charset ? g_mime_filter_charset_new(src->charset, "utf-8") : NULL;
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
	if (content != src->content)
		g_object_unref(content);
	return 0;
}

/*
 * A base64 or quoted-printable part's text and its lines' map from one
 * pass of GMime's decoder (the one its wrapper runs), when the charset
 * filter would leave the decoded bytes as they are.  -1, with nothing
 * added, when it would not: part_text reads it.
 */
static int decode_once(struct strbuf *out, struct mail_lines *map, const struct text_source *src, const char *buf,
		       long line)
{
	size_t len = out->len, nr = map->nr;

	if (!src->bytes ||
	    (src->enc != GMIME_CONTENT_ENCODING_BASE64 && src->enc != GMIME_CONTENT_ENCODING_QUOTEDPRINTABLE))
		return -1;
	mail_lines_decode(out, map, src->enc, buf + src->start, src->end - src->start, line);
	if (mail_charset_as_is(src->charset, out->buf + len, out->len - len))
		return 0;
	if (mail_charset_is_latin1(src->charset) && !memchr(out->buf + len, '\0', out->len - len)) {
		/* the same lines (the map holds), each byte as UTF-8 */
		size_t n = out->len - len;
		char *decoded = xmalloc(n + 1);

		memcpy(decoded, out->buf + len, n);
		strbuf_setlen(out, len);
		mail_latin1_to_utf8(out, decoded, n);
		free(decoded);
		return 0;
	}
	strbuf_setlen(out, len);
	map->nr = nr;
	return -1;
}

static void add_text(struct walk *w, const struct text_source *src, int html)
{
	struct strbuf *sb = html ? &w->html : &w->plain;
	size_t first = w->lines.nr, at;
	long line;

	/* a part without content adds nothing, not even a line break */
	if (!src->content && !src->bytes)
		return;
	if (sb->len && sb->buf[sb->len - 1] != '\n')
		strbuf_addch(sb, '\n');
	if (html) {
		part_text(sb, src, w->buf);
		return;
	}
	at = sb->len;
	line = mail_line_at(&w->at, w->buf, src->start, w->line0);
	if (decode_once(sb, &w->lines, src, w->buf, line) < 0) {
		part_text(sb, src, w->buf);
		if (!w->exact) {
			mail_lines_add_encoded(&w->lines, src->enc, w->buf + src->start, src->end - src->start, line,
					       mail_lines_count(sb->buf + at, sb->len - at));
		} else if (sb->len > at) {
			/* the map is dropped: the first line is where a name points */
			ALLOC_GROW(w->lines.v, w->lines.nr + 1, w->lines.alloc);
			w->lines.v[w->lines.nr++] = line;
		}
	}
	/* an attachment's name may say what it holds ("results-ext4.txt") */
	if (src->name && *src->name && first < w->lines.nr) {
		ALLOC_GROW(w->names, w->nnames + 1, w->anames);
		w->names[w->nnames].line = w->lines.v[first];
		w->names[w->nnames++].name = xstrdup(src->name);
	}
}

static void add_text_part(struct walk *w, GMimeTextPart *part, int html)
{
	struct text_source src;

	part_source(&src, w, (GMimePart *)part);
	add_text(w, &src, html);
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

static GMimeMessage *parse_message(const char *buf, size_t len)
{
	GMimeStream *stream = g_mime_stream_mem_new_with_buffer(buf, len);
	GMimeParser *parser = g_mime_parser_new_with_stream(stream);
	GMimeMessage *msg;

	g_mime_parser_set_format(parser, GMIME_FORMAT_MESSAGE);
	msg = g_mime_parser_construct_message(parser, NULL);
	g_object_unref(parser);
	g_object_unref(stream);
	return msg;
}


/* A leaf part as walk_part would find it, from its Content-* headers (part_facts). */
struct leaf {
	struct text_source src;
	struct mail_type ct, disposition;
	int typed;                  /* a Content-Type is given (without one: text/plain to GMime) */
	int html;
	int read;                   /* walk_part reads its text (not RTF or enriched) */
};

static void leaf_release(struct leaf *f)
{
	mail_type_release(&f->disposition);
	mail_type_release(&f->ct);
}

/*
 * The facts of a part whose content is start..end of the walk's buf, read
 * as walk_part reads the part GMime would make of them: the part is a
 * text one when its raw Content-Type says so (the parser picks the kind of
 * part by it), and its content type, encoding and file name come from its
 * headers' decoded values, as GMime's part takes them.  Returns 1 for a
 * text part, 0 for another (f->ct says which), -1 when a Content-* header
 * is given twice.  f is set for 0 and 1 (leaf_release it).
 */
static int part_facts(struct leaf *f, const struct mail_part_headers *part, size_t start, size_t end)
{
	const char *raw_type = part->raw[MAIL_CONTENT_TYPE];
	char *value;
	int text = 1;

	memset(f, 0, sizeof(*f));
	f->src.enc = GMIME_CONTENT_ENCODING_DEFAULT;
	f->src.start = start;
	f->src.end = end;
	f->src.bytes = 1;
	if (part->repeated)
		return -1;
	if (raw_type) {
		/*
		 * the raw value unfolded is its value when it is plain, and
		 * the folds are blanks to the parser: one parse says both
		 */
		int plain = mail_header_is_plain(raw_type);

		if (!plain) {
			GMimeContentType *ct = g_mime_content_type_parse(NULL, raw_type);

			text = g_mime_content_type_is_type(ct, "text", "*");
			g_object_unref(ct);
		}
		f->typed = 1;
		mail_type_parse(&f->ct, mail_header_value(raw_type));
		if (!text || (plain && !mail_type_is(&f->ct, "text", "*")))
			return 0;
		f->src.charset = mail_type_param(&f->ct, "charset");
		f->src.name = mail_type_param(&f->ct, "name");
		f->html = mail_type_is(&f->ct, "text", "html");
	}
	if (part->raw[MAIL_CONTENT_ENCODING]) {
		value = mail_header_value(part->raw[MAIL_CONTENT_ENCODING]);
		f->src.enc = g_mime_content_encoding_from_string(value);
		g_free(value);
	}
	if (part->raw[MAIL_CONTENT_DISPOSITION]) {
		const char *filename;

		mail_disposition_parse(&f->disposition, mail_header_value(part->raw[MAIL_CONTENT_DISPOSITION]));
		if ((filename = mail_type_param(&f->disposition, "filename")))
			f->src.name = filename;
	}
	/* walk_part reads no RTF or enriched text */
	f->read = !f->typed || (!mail_type_is(&f->ct, "text", "rtf") && !mail_type_is(&f->ct, "text", "enriched"));
	return 1;
}

/*
 * A message that is one text part, read from its facts.  Returns -1 for
 * anything else (no text part, a Content-* header given twice), which
 * parse() reads.
 */
static int read_leaf(struct walk *w, const struct mail_part_headers *part, int *exact)
{
	struct leaf f;
	int kind = part_facts(&f, part, 0, w->len);

	if (kind > 0) {
		*exact = w->exact = !is_encoding(f.src.enc);
		if (f.read)
			add_text(w, &f.src, f.html);
	}
	leaf_release(&f);
	return kind > 0 ? 0 : -1;
}

/* A multipart message read_parts reads: its kinds whose parser is the plain one. */
static int is_read_multipart(const struct mail_type *ct)
{
	return mail_type_is(ct, "multipart", "mixed") || mail_type_is(ct, "multipart", "alternative") ||
	       mail_type_is(ct, "multipart", "signed");
}

/*
 * A multipart message of leaf parts (mixed, alternative, signed), read as
 * walk_part reads what GMime makes of it, without building it: its parts
 * are found as the parser finds them (mail_multipart.c) and each is read
 * from its facts, as read_leaf reads a message of one part.  Returns -1,
 * with nothing read, for anything else (a part that is a multipart or a
 * message, a header not plain enough to be sure of), which parse() reads.
 */
static int read_parts(struct walk *w, const struct mail_part_headers *top)
{
	const char *raw_type = top->raw[MAIL_CONTENT_TYPE];
	struct mail_mime_spans spans = { NULL, 0, 0 };
	struct mail_part_headers *heads = NULL;
	struct leaf *leaves = NULL;
	struct mail_type ct;
	const char *boundary;
	size_t i, n = 0, only = (size_t)-1;
	int ret = -1, alternative;

	if (top->repeated || !raw_type || !mail_header_is_plain(raw_type))
		return -1;
	mail_type_parse(&ct, mail_header_value(raw_type));
	boundary = mail_type_param(&ct, "boundary");
	if (!is_read_multipart(&ct) || !boundary || mail_multipart_split(&spans, w->buf, w->len, boundary) < 0)
		goto done;
	alternative = mail_type_is(&ct, "multipart", "alternative");
	/* zeroed: each is released at done, read or not */
	n = spans.nr;
	heads = xcalloc(n, sizeof(*heads));
	leaves = xcalloc(n, sizeof(*leaves));
	/* all of them are read first: one GMime must read leaves the text unread */
	for (i = 0; i < n; i++) {
		const struct mail_mime_span *s = &spans.v[i];
		struct mail_part_headers *h = &heads[i];
		int kind;

		if (mail_part_headers_read(h, w->buf + s->start, s->end - s->start) < 0 ||
		    (h->raw[MAIL_CONTENT_TYPE] && !mail_header_is_plain(h->raw[MAIL_CONTENT_TYPE])))
			goto done;
		/* the content up to the boundary line, whose '\n' before it is the boundary's */
		kind = part_facts(&leaves[i], h, s->start + h->body,
				  s->end > s->start + h->body ? s->end - 1 : s->start + h->body);
		if (kind < 0 || (kind == 0 && (mail_type_is(&leaves[i].ct, "multipart", "*") ||
					       mail_type_is(&leaves[i].ct, "message", "*"))))
			goto done;
		/* one rendering of an alternative is enough: the plain one when there is one */
		if (alternative && only == (size_t)-1 &&
		    (!leaves[i].typed || mail_type_is(&leaves[i].ct, "text", "plain")))
			only = i;
	}
	for (i = 0; i < n; i++)
		if (leaves[i].read && (only == (size_t)-1 || i == only))
			add_text(w, &leaves[i].src, leaves[i].html);
	ret = 0;
done:
	for (i = 0; i < n; i++) {
		leaf_release(&leaves[i]);
		mail_part_headers_release(&heads[i]);
	}
	free(leaves);
	free(heads);
	mail_mime_spans_release(&spans);
	mail_type_release(&ct);
	return ret;
}

/*
 * The message as GMime parses it, when it is not a text part read_leaf
 * reads: when mail_headers_read has read the headers GMime's message
 * would, only its MIME part (Content-* headers and body) is parsed.  *at
 * says where the bytes of the parts are, and the input line before the
 * first of them; lines is header_lines() of the message.
 */
static GMimeMessage *parse(struct mail_message *m, const char *buf, size_t len, long lines,
			   struct mail_part_headers *part, int headers_read, struct walk *at)
{
	GMimeMessage *msg;

	if (headers_read) {
		strbuf_add(&part->lines, buf + part->body, len - part->body);
		if ((msg = parse_message(part->lines.buf, part->lines.len))) {
			/* the header lines left out still count as the input's lines */
			at->buf = part->lines.buf;
			at->len = part->lines.len;
			at->line0 = m->line0 + lines - header_lines(part->lines.buf, part->lines.len);
			return msg;
		}
		mail_message_forget_headers(m);
	}
	if ((msg = parse_message(buf, len)))
		read_headers(m, msg);
	return msg;
}

/* own: the own readers may read what they can (read_leaf, read_parts); else GMime reads it all */
static int decode(struct mail_message *m, const char *buf, size_t len, int own)
{
	struct mail_part_headers part = MAIL_PART_HEADERS_INIT;
	GMimeMessage *msg = NULL;
	struct walk w = { STRBUF_INIT, STRBUF_INIT, NULL, 0, 0, NULL, { NULL, 0, 0 }, 0, MAIL_LINE_CURSOR_INIT,
			  buf, len, m->line0 };
	int ret = 0, exact = 0, headers_read = !mail_headers_read(m, &part, buf, len);
	/* counted once: the text's lines and the parts' start after them */
	long lines = header_lines(buf, len);

	/* decoded parts count their lines from where the body starts */
	if (headers_read) {
		w.buf = buf + part.body;
		w.len = len - part.body;
		w.line0 = m->line0 + lines;
	}
	if (!headers_read || !own || (read_leaf(&w, &part, &exact) < 0 && read_parts(&w, &part) < 0)) {
		GMimeObject *body;

		w.buf = buf;
		w.len = len;
		w.line0 = m->line0;
		msg = parse(m, buf, len, lines, &part, headers_read, &w);
		if (!msg) {
			m->skip = xstrdup("not an RFC 822 message");
			ret = -1;
			goto done;
		}
		body = g_mime_message_get_mime_part(msg);
		walk_part(&w, body, 0);
		exact = body && GMIME_IS_TEXT_PART(body) &&
			!is_encoding(g_mime_part_get_content_encoding((GMimePart *)body));
	}
	m->line0 += lines;
	m->line_scan = w.at.scanned;
	if (w.error) {
		m->skip = xstrdup(w.error);
		ret = -1;
		goto done;
	}
	if (w.plain.len) {
		strbuf_add(&m->text_buf, w.plain.buf, w.plain.len);
		m->exact_lines = exact;
		if (!m->exact_lines) {
			m->line_map = w.lines.v;
			m->line_map_nr = w.lines.nr;
			w.lines.v = NULL;
		}
		m->part_names = w.names;
		m->npart_names = w.nnames;
		w.names = NULL;
		w.nnames = 0;
	} else if (w.html.len) {
		mail_html_to_text(&m->text_buf, w.html.buf, w.html.len);
	}
	mail_text_is_buf(m);
done:
	while (w.nnames)
		free(w.names[--w.nnames].name);
	free(w.names);
	strbuf_release(&w.plain);
	strbuf_release(&w.html);
	free(w.lines.v);
	if (msg)
		g_object_unref(msg);
	mail_part_headers_release(&part);
	return ret;
}

int mail_mime_decode(struct mail_message *m, const char *buf, size_t len)
{
	return decode(m, buf, len, 1);
}

int mail_mime_decode_gmime(struct mail_message *m, const char *buf, size_t len)
{
	return decode(m, buf, len, 0);
}
