#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../mail/mail.h"
#include "../../core/strbuf.h"

#include <glib.h>

/*
 * mail_mime_decode reads one-part and multipart mail of leaf parts with
 * its own readers (mail_multipart.c, mail_type.c) and leaves the rest to
 * GMime's parser.  Each random message here is decoded both ways, the
 * second with GMime reading every body (mail_mime_decode_gmime), and
 * must give the same text, the same input line for every text line and
 * the same part names.  The messages mix what the own readers take
 * (mixed, alternative and signed mail, 7bit, quoted-printable and base64
 * parts in ASCII, UTF-8 and Latin-1, attachments with file names) with
 * what they must hand over: nested multiparts, blanks after a boundary,
 * a text line ending in the boundary, CRs, a missing closing boundary,
 * RFC 2231 and encoded parameters.
 */
#define MESSAGES 4000

/* A small generator of our own: the same messages on every run. */
static unsigned long rng_state;

static unsigned rnd(unsigned n)
{
	rng_state = rng_state * 6364136223846793005ul + 1442695040888963407ul;
	return (unsigned)(rng_state >> 33) % n;
}

static const char *pick(const char *const *v, size_t n)
{
	return v[rnd((unsigned)n)];
}
#define PICK(v) pick(v, sizeof(v) / sizeof(*(v)))

/* A line of text: words, numbers as benchmarks print them, now and then a byte above 127. */
static void text_line(struct strbuf *sb, int latin1)
{
	static const char *const words[] = {
		"real", "0m12.345s", "user", "sys", "ext4", "2.6.32-rc4", "MB/s", "--", "=", "foo=bar",
		"Throughput", "412.5", "|", "The", "untar", "took", "about", "22", "minutes.", "-",
	};
	unsigned k, n = rnd(12);

	for (k = 0; k < n; k++) {
		if (k)
			strbuf_addch(sb, rnd(5) ? ' ' : '\t');
		strbuf_addstr(sb, PICK(words));
		if (latin1 && !rnd(6))
			strbuf_addch(sb, (char)(0xa0 + rnd(0x5f)));
	}
	if (!rnd(40))
		strbuf_addchars(sb, 'x', 200 + rnd(5000));   /* a long line */
	strbuf_addch(sb, '\n');
}

/* Quoted-printable of raw (soft breaks at 70). */
static void add_qp(struct strbuf *sb, const char *raw, size_t len)
{
	size_t i, col = 0;

	for (i = 0; i < len; i++) {
		unsigned char c = (unsigned char)raw[i];

		if (c == '\n') {
			strbuf_addch(sb, '\n');
			col = 0;
			continue;
		}
		if (col > 70) {
			strbuf_addstr(sb, "=\n");
			col = 0;
		}
		if (c == '=' || c > 126 || (c < 32 && c != '\t')) {
			strbuf_addf(sb, "=%02X", c);
			col += 3;
		} else {
			strbuf_addch(sb, (char)c);
			col++;
		}
	}
}

static void add_base64(struct strbuf *sb, const char *raw, size_t len)
{
	gchar *b = g_base64_encode((const guchar *)raw, len);
	size_t i, n = strlen(b);

	for (i = 0; i < n; i += 76) {
		strbuf_add(sb, b + i, n - i < 76 ? n - i : 76);
		strbuf_addch(sb, '\n');
	}
	g_free(b);
}

static void add_part(struct strbuf *sb, const char *boundary, int depth);

/* A leaf part's headers and body. */
static void add_leaf(struct strbuf *sb)
{
	static const char *const types[] = {
		"text/plain", "text/plain", "text/plain", "text/html", "application/octet-stream",
		"text/x-log", "TEXT/PLAIN", "text/enriched",
	};
	static const char *const charsets[] = { "", "; charset=us-ascii", "; charset=\"utf-8\"",
						"; charset=iso-8859-1", "; charset=UTF-8", "; format=flowed" };
	static const char *const encodings[] = { "", "7bit", "8bit", "quoted-printable", "base64",
						 "Quoted-Printable", "binary" };
	static const char *const names[] = { "", "; filename=results.txt", "; filename=\"run 2.log\"",
					     "; filename*=UTF-8''r%C3%A9sultat.txt",
					     "; filename==?utf-8?q?a=C3=A9.txt?=" };
	struct strbuf raw = STRBUF_INIT;
	const char *charset = PICK(charsets), *enc = PICK(encodings);
	int latin1 = strstr(charset, "8859") != NULL, lines = (int)rnd(8), i;

	if (rnd(8))
		strbuf_addf(sb, "Content-Type: %s%s\n", PICK(types), charset);
	if (*enc)
		strbuf_addf(sb, "Content-Transfer-Encoding: %s\n", enc);
	if (!rnd(3))
		strbuf_addf(sb, "Content-Disposition: %s%s\n", rnd(2) ? "attachment" : "inline", PICK(names));
	if (!rnd(30))
		strbuf_addstr(sb, "Content-Description: a folded\n value\n");
	if (rnd(20))
		strbuf_addch(sb, '\n');
	for (i = 0; i < lines; i++)
		text_line(&raw, latin1);
	if (!strcmp(enc, "base64"))
		add_base64(sb, raw.buf, raw.len);
	else if (!strcasecmp(enc, "quoted-printable"))
		add_qp(sb, raw.buf, raw.len);
	else
		strbuf_add(sb, raw.buf, raw.len);
	strbuf_release(&raw);
}

/* A multipart body of 1 to 4 parts under boundary (a nested one when depth allows). */
static void add_multipart(struct strbuf *sb, const char *boundary, int depth)
{
	unsigned k, n = 1 + rnd(4);

	if (rnd(2))
		strbuf_addstr(sb, "This is a multi-part message in MIME format.\n");
	for (k = 0; k < n; k++) {
		strbuf_addf(sb, "--%s%s\n", boundary, rnd(25) ? "" : "  ");
		add_part(sb, boundary, depth);
		if (!rnd(40))
			strbuf_addf(sb, "text that ends in --%s\n", boundary);
	}
	if (rnd(25))
		strbuf_addf(sb, "--%s--\n", boundary);
	if (rnd(2))
		strbuf_addstr(sb, "epilogue\n");
}

static void add_part(struct strbuf *sb, const char *boundary, int depth)
{
	char inner[64];

	if (depth < 2 && !rnd(8)) {
		snprintf(inner, sizeof(inner), "%s-%u", boundary, rnd(100));
		strbuf_addf(sb, "Content-Type: multipart/alternative; boundary=\"%s\"\n\n", inner);
		add_multipart(sb, inner, depth + 1);
		return;
	}
	add_leaf(sb);
}

static void make_message(struct strbuf *sb, unsigned nth)
{
	static const char *const kinds[] = { "mixed", "mixed", "alternative", "signed", "related",
					     "MIXED" };
	char boundary[48];

	strbuf_reset(sb);
	snprintf(boundary, sizeof(boundary), "%s%u=_%u", rnd(2) ? "----=_Part_" : "b", nth, rnd(1000));
	strbuf_addf(sb, "From: Test Sender <t%u@example.org>\nSubject: run %u\n"
		    "Message-ID: <m%u@example.org>\nMIME-Version: 1.0\n", nth, nth, nth);
	if (!rnd(6)) {
		add_leaf(sb);
		return;
	}
	strbuf_addf(sb, "Content-Type: multipart/%s; boundary=%s%s%s%s\n\n", PICK(kinds),
		    rnd(2) ? "\"" : "", boundary, "", strchr(boundary, '=') || rnd(2) ? "\"" : "");
	add_multipart(sb, boundary, 0);
	if (!rnd(50)) {
		/* a CR somewhere: the own readers leave such mail to GMime */
		size_t at = rnd((unsigned)sb->len);

		sb->buf[at] = sb->buf[at] == '\n' ? '\n' : '\r';
	}
}

/* The input line of text line k of m. */
static long line_of(const struct mail_message *m, size_t k)
{
	if (m->exact_lines || !m->line_map)
		return m->line0 + 1 + (long)k;
	return k < m->line_map_nr ? m->line_map[k] : -1;
}

static void decode_into(struct mail_message *m, const struct strbuf *sb, int own, int *ret)
{
	memset(m, 0, sizeof(*m));
	strbuf_init(&m->text_buf, 0);
	m->line0 = 0;
	*ret = own ? mail_mime_decode(m, sb->buf, sb->len) : mail_mime_decode_gmime(m, sb->buf, sb->len);
}

static void same_reading(const struct strbuf *sb, unsigned nth)
{
	struct mail_message a, b;
	int ra, rb;
	size_t k, lines = 0;

	decode_into(&a, sb, 1, &ra);
	decode_into(&b, sb, 0, &rb);
	if (ra != rb || (a.skip == NULL) != (b.skip == NULL) || (a.skip && strcmp(a.skip, b.skip)))
		fail_msg("message %u: returned %d/%d, skip '%s'/'%s'\n%s", nth, ra, rb,
			 a.skip ? a.skip : "", b.skip ? b.skip : "", sb->buf);
	if (a.text.len != b.text.len || memcmp(a.text.p, b.text.p, a.text.len))
		fail_msg("message %u: the text differs\n--- own:\n%.*s--- GMime:\n%.*s--- input:\n%s", nth,
			 (int)a.text.len, a.text.p, (int)b.text.len, b.text.p, sb->buf);
	for (k = 0; k < a.text.len; k++)
		if (a.text.p[k] == '\n')
			lines++;
	for (k = 0; k < lines; k++)
		if (line_of(&a, k) != line_of(&b, k))
			fail_msg("message %u: text line %zu is input line %ld, GMime's %ld\n%s", nth, k + 1,
				 line_of(&a, k), line_of(&b, k), sb->buf);
	if (a.npart_names != b.npart_names)
		fail_msg("message %u: %zu part names, GMime %zu\n%s", nth, a.npart_names, b.npart_names,
			 sb->buf);
	for (k = 0; k < a.npart_names; k++)
		if (a.part_names[k].line != b.part_names[k].line ||
		    strcmp(a.part_names[k].name, b.part_names[k].name))
			fail_msg("message %u: part %zu named '%s' at %ld, GMime '%s' at %ld", nth, k,
				 a.part_names[k].name, a.part_names[k].line, b.part_names[k].name,
				 b.part_names[k].line);
	mail_message_release(&a);
	mail_message_release(&b);
}

static void test_own_readers_read_as_gmime(void **state)
{
	struct strbuf sb = STRBUF_INIT;
	unsigned nth;

	(void)state;
	rng_state = 20261202;
	for (nth = 0; nth < MESSAGES; nth++) {
		make_message(&sb, nth);
		same_reading(&sb, nth);
	}
	strbuf_release(&sb);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_own_readers_read_as_gmime),
	};

	mail_mime_init();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
