#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "../../mail/mail.h"
#include "../../core/strbuf.h"

#include <gmime/gmime.h>

/*
 * mail_mime_decode reads the headers of most mail without GMime's parser
 * (mail_headers.c) and a one-part text message without building its MIME
 * tree: tests/fixtures/import/mime-headers.mbox holds the cases where
 * doing so could go wrong (RFC 2047 words, 8-bit bodies in a declared
 * charset and outside it, folded values, a named part, base64, HTML,
 * enriched text, headers given twice), and each message must read as a
 * full GMime parse reads it.
 */
#define FIXTURE BENCHPOST_SRCDIR "/tests/fixtures/import/mime-headers.mbox"

/* What a full parse gives, taken as mail_mime.c's read_headers takes it. */
struct reference {
	char *message_id, *from, *subject, *in_reply_to, *references, *text;
	time_t date;
};

static char *dup_or_null(const char *s)
{
	return s && *s ? strdup(s) : NULL;
}

static void parse_reference(struct reference *r, const char *buf, size_t len)
{
	GMimeStream *stream = g_mime_stream_mem_new_with_buffer(buf, len);
	GMimeParser *parser = g_mime_parser_new_with_stream(stream);
	GMimeMessage *msg;
	InternetAddressList *from;
	GMimeObject *body;
	GDateTime *date;

	memset(r, 0, sizeof(*r));
	g_mime_parser_set_format(parser, GMIME_FORMAT_MESSAGE);
	msg = g_mime_parser_construct_message(parser, NULL);
	assert_non_null(msg);
	r->message_id = dup_or_null(g_mime_message_get_message_id(msg));
	r->subject = dup_or_null(g_mime_message_get_subject(msg));
	from = g_mime_message_get_from(msg);
	if (from && internet_address_list_length(from) > 0) {
		const char *name = internet_address_get_name(internet_address_list_get_address(from, 0));
		char *all = internet_address_list_to_string(from, NULL, FALSE);

		r->from = dup_or_null(name && *name ? name : all);
		g_free(all);
	}
	if ((date = g_mime_message_get_date(msg)))
		r->date = (time_t)g_date_time_to_unix(date);
	r->in_reply_to = dup_or_null(g_mime_object_get_header((GMimeObject *)msg, "In-Reply-To"));
	r->references = dup_or_null(g_mime_object_get_header((GMimeObject *)msg, "References"));
	body = g_mime_message_get_mime_part(msg);
	if (GMIME_IS_TEXT_PART(body)) {
		char *text = g_mime_text_part_get_text((GMimeTextPart *)body);

		r->text = strdup(text ? text : "");
		g_free(text);
	}
	g_object_unref(msg);
	g_object_unref(parser);
	g_object_unref(stream);
}

static void release_reference(struct reference *r)
{
	free(r->message_id);
	free(r->from);
	free(r->subject);
	free(r->in_reply_to);
	free(r->references);
	free(r->text);
}

static void assert_same(const char *got, const char *want)
{
	if (!want)
		assert_null(got);
	else
		assert_string_equal(got, want);
}

/* The nth message of the fixture (from 1), decoded, checked against the full parse. */
static void decode_like_gmime(struct mail_message *m, const struct strbuf *mbox, int nth)
{
	struct mail_span s;
	struct reference r;
	size_t pos = 0;
	long line = 0;
	int i;

	for (i = 0; i < nth; i++)
		assert_true(mail_mbox_next(&s, mbox->buf, mbox->len, &pos, &line));
	memset(m, 0, sizeof(*m));
	strbuf_init(&m->text_buf, 0);
	m->line0 = s.line0;
	assert_int_equal(mail_mime_decode(m, mbox->buf + s.start, s.len), 0);
	parse_reference(&r, mbox->buf + s.start, s.len);
	assert_same(m->message_id, r.message_id);
	assert_same(m->from, r.from);
	assert_same(m->subject, r.subject);
	assert_same(m->in_reply_to, r.in_reply_to);
	assert_same(m->references, r.references);
	assert_int_equal(m->date, r.date);
	/* HTML and enriched text are not the part's text as it stands */
	if (r.text && m->text.len && !strstr(m->text.p, "<html") && !strstr(r.text, "<html"))
		assert_true(m->text.len == strlen(r.text) && !memcmp(m->text.p, r.text, m->text.len));
	release_reference(&r);
}

static void test_headers_read_as_gmime_reads_them(void **state)
{
	struct strbuf mbox = STRBUF_INIT;
	struct mail_message m;
	int nth;

	(void)state;
	assert_int_equal(strbuf_read_file(&mbox, FIXTURE), 0);
	for (nth = 1; nth <= 11; nth++) {
		decode_like_gmime(&m, &mbox, nth);
		switch (nth) {
		case 1:
			/* RFC 2047 words, a Latin-1 body, the References fold kept as GMime keeps it */
			assert_string_equal(m.from, "J\xc3\xbcrgen Pr\xc3\xbc" "fer");
			assert_string_equal(m.subject, "Gr\xc3\xbc\xc3\x9f" "e from the dd runs");
			assert_non_null(strchr(m.references, '\t'));
			assert_non_null(strstr(m.text.p, "Gr\xc3\xbc\xc3\x9f" "e"));
			assert_true(m.exact_lines);
			break;
		case 2:
			/* declared ASCII: the bytes that are not are dropped, as GMime's filter drops them */
			assert_string_equal(m.from, "quiet@example.invalid");
			assert_null(memchr(m.text.p, 0xe2, m.text.len));
			break;
		case 3:
			assert_int_equal(m.npart_names, 1);
			assert_string_equal(m.part_names[0].name, "run-xfs.txt");
			break;
		case 4:
			/* base64: each decoded line points at the encoded line holding it */
			assert_false(m.exact_lines);
			assert_non_null(m.line_map);
			break;
		case 5:
			assert_non_null(strstr(m.text.p, "real"));
			assert_null(strstr(m.text.p, "<pre>"));
			break;
		case 6:
			/* GMime keeps the last of two subjects */
			assert_string_equal(m.subject, "second subject");
			break;
		case 7:
			/* enriched text is not read */
			assert_int_equal(m.text.len, 0);
			break;
		case 10:
			/* the last id and date stand (a date GMime cannot read is none), the first reply-to */
			assert_string_equal(m.message_id, "hdr-10b@example.invalid");
			assert_int_equal(m.date, 0);
			assert_string_equal(m.in_reply_to, "<hdr-first@example.invalid>");
			break;
		}
		mail_message_release(&m);
	}
	strbuf_release(&mbox);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_headers_read_as_gmime_reads_them),
	};

	mail_mime_init();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
