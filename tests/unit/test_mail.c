#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "../../mail/mail.h"

#include <gmime/gmime.h>
#include "../../mail/mail_quote.h"
#include "../../core/util.h"

static void test_detect(void **state)
{
	(void)state;
	assert_int_equal(mail_detect("From a@b Mon Jan  1 00:00:00 2001\n", 34), MAIL_MBOX);
	assert_int_equal(mail_detect("Subject: x\nFrom: a@b\n\nbody\n", 27), MAIL_RFC822);
	/* a web archive's title line is prose, not a header */
	assert_int_equal(mail_detect("ext2/3 performace\n\n[Q.E. Exemplar]\n", 35), MAIL_BARE);
	assert_int_equal(mail_detect("Note: this is prose\nmore\n", 25), MAIL_BARE);
	assert_int_equal(mail_detect("", 0), MAIL_BARE);
}

static void test_mbox_split(void **state)
{
	const char *mbox =
		"From a@b Mon Jan  1 00:00:00 2001\n"
		"Subject: one\n\nbody\nFrom here on, no split\n\n"
		"From c@d Mon Jan  1 00:00:00 2001\n"
		"Subject: two\n\nbody two\n";
	struct mail_spans s = { NULL, 0, 0 };

	(void)state;
	mail_split_mbox(&s, mbox, strlen(mbox));
	assert_int_equal(s.nr, 2);
	assert_int_equal(s.v[0].line0, 1);
	assert_memory_equal(mbox + s.v[0].start, "Subject: one\n", 13);
	assert_memory_equal(mbox + s.v[1].start, "Subject: two\n", 13);
	assert_int_equal(s.v[1].line0, 7);
	mail_spans_release(&s);
}

/*
 * The splitter against a plain line by line reading of the same rule (an
 * envelope after a blank line, a line count, ">From " noted) on random
 * mboxes: the same spans, wherever lines of every length fall.
 */
struct ref_span {
	size_t start, len;
	long line0;
	int escaped;
};

static int ref_blank(const char *p, const char *e)
{
	for (; p < e; p++)
		if (!strchr(" \t\n\v\f\r", *p))
			return 0;
	return 1;
}

static size_t ref_split(struct ref_span *out, size_t max, const char *buf, size_t len)
{
	const char *p = buf, *end = buf + len;
	long line = 0;
	int prev_blank = 1;
	size_t nr = 0;

	while (p < end) {
		const char *nl = memchr(p, '\n', end - p), *e = nl ? nl : end, *q = p;

		if (prev_blank && e - p >= 5 && !memcmp(p, "From ", 5) && nr < max) {
			out[nr].start = (size_t)(e + (e < end) - buf);
			out[nr].line0 = line + 1;
			out[nr].escaped = 0;
			nr++;
		} else if (nr) {
			while (q < e && *q == '>')
				q++;
			if (q > p && e - q >= 5 && !memcmp(q, "From ", 5))
				out[nr - 1].escaped = 1;
		}
		if (nr)
			out[nr - 1].len = (size_t)((e < end ? e + 1 : end) - buf) - out[nr - 1].start;
		prev_blank = ref_blank(p, e);
		line++;
		p = e < end ? e + 1 : end;
	}
	/* the span ends before the next envelope line, which it never holds */
	for (size_t i = 0; i + 1 < nr; i++) {
		const char *env = buf + out[i + 1].start - 1;

		while (env > buf && env[-1] != '\n')
			env--;
		out[i].len = (size_t)(env - buf) - out[i].start;
	}
	return nr;
}

static void test_mbox_split_edges(void **state)
{
	static const char *const pieces[] = {
		"From a@b Mon Jan  1 00:00:00 2001\n", "\n", " \t\n", "\r\n", "x\n",
		"From inside the body\n", ">From quoted\n", ">>>From deeper\n", "> not from\n",
		"a line that is rather longer than sixteen bytes\n", "0123456789abcde\n",
		"0123456789abcdef0123456789abcd\n", "F\n", "From\n", "From",
	};
	unsigned seed = 12345;

	(void)state;
	for (int round = 0; round < 400; round++) {
		char buf[4096];
		size_t len = 0;
		struct ref_span want[128];
		struct mail_spans got = { NULL, 0, 0 };
		size_t nr, i;

		memcpy(buf, pieces[0], strlen(pieces[0]));
		len = strlen(pieces[0]);
		for (int k = 0; k < 60; k++) {
			const char *piece;

			seed = seed * 1103515245 + 12345;
			piece = pieces[(seed >> 16) % ARRAY_SIZE(pieces)];
			if (len + strlen(piece) >= sizeof(buf))
				break;
			memcpy(buf + len, piece, strlen(piece));
			len += strlen(piece);
		}
		nr = ref_split(want, 128, buf, len);
		mail_split_mbox(&got, buf, len);
		assert_int_equal(got.nr, nr);
		for (i = 0; i < nr; i++) {
			assert_int_equal(got.v[i].start, want[i].start);
			assert_int_equal(got.v[i].len, want[i].len);
			assert_int_equal(got.v[i].line0, want[i].line0);
			assert_int_equal(got.v[i].escaped_from, want[i].escaped);
		}
		mail_spans_release(&got);
	}
}

static void test_unescape_from(void **state)
{
	const char *in = ">From a\n>>From b\n> From c\n>Fromage\n";
	struct strbuf out = STRBUF_INIT;

	(void)state;
	mail_unescape_from(&out, in, strlen(in));
	assert_string_equal(out.buf, "From a\n>From b\n> From c\n>Fromage\n");
	strbuf_release(&out);
}

static void test_bare_split(void **state)
{
	const char *text =
		"Title of the thread\n\nTitle of the thread\n\n[Sam Placeholder]\n\nfirst\n\n"
		"Re: Title\n\n[Alex Reviewer]\n\nsecond\n";
	struct mail_spans s = { NULL, 0, 0 };

	(void)state;
	mail_split_bare(&s, text, strlen(text));
	assert_int_equal(s.nr, 2);
	assert_int_equal(s.v[0].start, 0);
	assert_string_equal(s.v[0].author, "Sam Placeholder");
	assert_string_equal(s.v[1].author, "Alex Reviewer");
	assert_string_equal(s.v[1].subject, "Re: Title");
	assert_int_equal(s.v[1].line0, 8);
	assert_memory_equal(text + s.v[1].start, "Re: Title\n", 10);
	mail_spans_release(&s);
}

static void test_quote_depths_and_authors(void **state)
{
	const char *text =
		"On Wed, Oct 23, 2002 at 12:57:24PM -0700, Alex Reviewer wrote:\n"
		"> Sam Placeholder wrote:\n"
		"> > ext3\n"
		">> user 4.42\n"
		"> |not a quote| table\n"
		"| quoted by bar\n"
		"AM> supercite\n"
		"own text\n";
	struct qtext q = QTEXT_INIT;

	(void)state;
	mail_quote_split(&q, text, strlen(text), 10, "Bea Example");
	assert_int_equal(q.nr, 8);
	assert_int_equal(q.v[0].depth, 0);
	assert_string_equal(q.v[0].author, "Bea Example");
	assert_int_equal(q.v[1].depth, 1);
	assert_string_equal(q.v[1].author, "Alex Reviewer");
	assert_int_equal(q.v[2].depth, 2);
	assert_string_equal(q.v[2].text, "ext3");
	assert_string_equal(q.v[2].author, "Sam Placeholder");
	assert_int_equal(q.v[3].depth, 2);
	assert_string_equal(q.v[3].text, "user 4.42");
	assert_int_equal(q.v[4].depth, 1);
	assert_string_equal(q.v[4].text, "|not a quote| table");
	assert_int_equal(q.v[5].depth, 1);
	assert_int_equal(q.v[6].depth, 1);
	assert_string_equal(q.v[6].text, "supercite");
	assert_int_equal(q.v[7].depth, 0);
	assert_int_equal(q.v[7].lineno, 18);
	mail_quote_release(&q);
	/* fio's percentiles pasted at the left margin are text; a bar before prose still quotes */
	text = "clat percentiles (usec):\n| 1.00th=[ 9], 5.00th=[ 10]\n|  99.00th=[10048]\n| 1.5 was it\n";
	mail_quote_split(&q, text, strlen(text), 0, NULL);
	assert_int_equal(q.nr, 4);
	assert_int_equal(q.v[1].depth, 0);
	assert_string_equal(q.v[1].text, "| 1.00th=[ 9], 5.00th=[ 10]");
	assert_int_equal(q.v[2].depth, 0);
	assert_int_equal(q.v[3].depth, 1);
	mail_quote_release(&q);
	/*
	 * each verb names the next depth's author, down to a one-letter name;
	 * a verb without its blank, or with nothing before it, names nobody
	 */
	text = "X said:\n> A, B writes:  \n> > \"C D\" <c@d> wrote :\n> > > Ewrote:\n"
	       "> > > > wrote:\n> > > > > x\n";
	mail_quote_split(&q, text, strlen(text), 0, NULL);
	assert_int_equal(q.nr, 6);
	assert_string_equal(q.v[1].author, "X");
	assert_string_equal(q.v[2].author, "B");
	assert_string_equal(q.v[3].author, "C D");
	assert_null(q.v[4].author);
	assert_null(q.v[5].author);
	assert_int_equal(q.nauthors, 3);
	mail_quote_release(&q);
}

/*
 * A whole text split at once (newlines found 64 bytes a step, a line's
 * start judged from its first five bytes) against each line split alone.
 */
static void test_quote_split_by_line(void **state)
{
	static const char *const pieces[] = {
		"\n", "\n", "\r\n", ">", "> ", " ", "  ", "|", "| ", "AM>", "AM> ", " wrote:", "\t", "\r",
		"begin 644 x", "b", "text", "1.5", "abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmnopqrstuvw",
	};
	unsigned seed = 4242;
	int round;

	(void)state;
	for (round = 0; round < 5000; round++) {
		char text[600];
		size_t len = 0, want = 1, i;
		const char *p;
		struct qtext whole = QTEXT_INIT;
		int begin = 0;

		seed = seed * 1103515245u + 12345u;
		while (len < (seed >> 16) % 500) {
			seed = seed * 1103515245u + 12345u;
			p = pieces[(seed >> 16) % ARRAY_SIZE(pieces)];
			memcpy(text + len, p, strlen(p));
			len += strlen(p);
		}
		for (i = 0; i < len; i++)
			want += text[i] == '\n';
		if (len && text[len - 1] == '\n')
			want--;
		mail_quote_split(&whole, text, len, 0, "own");
		assert_int_equal(whole.nr, len ? want : 0);
		for (i = 0, p = text; i < whole.nr; i++) {
			const char *nl = memchr(p, '\n', text + len - p);
			size_t n = nl ? (size_t)(nl - p) : (size_t)(text + len - p);
			struct qtext one = QTEXT_INIT;

			begin |= n >= 6 && !memcmp(p, "begin ", 6);
			/* alone, with its newline, so that a '\r' before it goes the same way */
			mail_quote_split(&one, p, n + (nl != NULL), 0, "own");
			assert_int_equal(one.nr, 1);
			assert_string_equal(whole.v[i].text, one.v[0].text);
			assert_int_equal(whole.v[i].len, one.v[0].len);
			assert_int_equal(whole.v[i].len, strlen(whole.v[i].text));
			assert_int_equal(whole.v[i].depth, one.v[0].depth);
			assert_int_equal(whole.v[i].blank, one.v[0].blank);
			assert_int_equal(whole.v[i].lineno, (long)i + 1);
			if (!whole.v[i].depth)
				assert_string_equal(whole.v[i].author, "own");
			mail_quote_release(&one);
			p += n + 1;
		}
		assert_int_equal(whole.has_begin, begin);
		mail_quote_release(&whole);
	}
}

static void test_mime_decoding(void **state)
{
	const char *msg =
		"From: =?ISO-8859-1?Q?Ren=E9_Tester?= <rene@example.org>\n"
		"Subject: =?UTF-8?B?ZGQgb24gZXh0Mw==?=\n"
		"Date: Wed, 05 Mar 2008 12:00:00 +0100\n"
		"Message-ID: <mime-1@example.org>\n"
		"In-Reply-To: <parent@example.org>\n"
		"References: <root@example.org> <parent@example.org>\n"
		"MIME-Version: 1.0\n"
		"Content-Type: text/plain; charset=iso-8859-1\n"
		"Content-Transfer-Encoding: quoted-printable\n"
		"\n"
		"data=3Dwriteback, Gr=FC=DFe, a soft=\n"
		" break\n";
	struct mail_message m;

	(void)state;
	memset(&m, 0, sizeof(m));
	strbuf_init(&m.text_buf, 0);
	assert_int_equal(mail_mime_decode(&m, msg, strlen(msg)), 0);
	assert_null(m.skip);
	assert_string_equal(m.from, "Ren\xc3\xa9 Tester");
	assert_string_equal(m.subject, "dd on ext3");
	assert_string_equal(m.message_id, "mime-1@example.org");
	assert_non_null(strstr(m.in_reply_to, "parent@example.org"));
	assert_non_null(strstr(m.references, "root@example.org"));
	assert_int_equal((long)m.date, 1204714800L);
	assert_string_equal(m.text.p, "data=writeback, Gr\xc3\xbc\xc3\x9f" "e, a soft break\n");
	assert_false(m.exact_lines);
	assert_int_equal(m.line0, 10);
	/* the one decoded line starts on the body's first line */
	assert_int_equal(m.line_map_nr, 1);
	assert_int_equal(m.line_map[0], 11);
	free(m.line_map);
	free(m.from);
	free(m.subject);
	free(m.message_id);
	free(m.in_reply_to);
	free(m.references);
	strbuf_release(&m.text_buf);
}

/*
 * A message of many parts: each part's lines keep their input lines, and
 * finding where the parts start reads the message once, not once a part
 * (a 1 MB message of 8,000 parts read 4 GB that way): the work is counted,
 * not timed.
 */
static void test_mime_many_parts_linear(void **state)
{
	struct strbuf msg = STRBUF_INIT;
	struct mail_message m;
	size_t parts = 0;
	long line = 6, first_line_of_last = 0;

	(void)state;
	strbuf_addstr(&msg, "From: a@b\nSubject: parts\nMIME-Version: 1.0\n"
			    "Content-Type: multipart/mixed; boundary=\"P\"\n\n");
	while (msg.len < 1000 * 1000) {
		/* --P, its header, a blank line, then its two lines */
		strbuf_addf(&msg, "--P\nContent-Type: text/plain\n\nPart %zu took 12.5 seconds.\nfiller\n", parts);
		first_line_of_last = line + 3;
		line += 5;
		parts++;
	}
	strbuf_addstr(&msg, "--P--\n");
	memset(&m, 0, sizeof(m));
	strbuf_init(&m.text_buf, 0);
	assert_int_equal(mail_mime_decode(&m, msg.buf, msg.len), 0);
	assert_true(parts > 8000);
	assert_int_equal(m.line_map_nr, 2 * parts);
	assert_int_equal(m.line_map[0], 9);
	assert_int_equal(m.line_map[2 * parts - 2], first_line_of_last);
	assert_int_equal(m.line_map[2 * parts - 1], first_line_of_last + 1);
	/* each byte looked at once: parts times the message would be 8 GB */
	assert_true(m.line_scan <= msg.len);
	assert_true(m.line_scan > msg.len / 2);
	mail_message_release(&m);
	strbuf_release(&msg);
}

/* An empty text part is no text (and no null pointer handed to a copy: UBSan sees it). */
static void test_mime_empty_part(void **state)
{
	static const char msg[] = "From: a@b\nMIME-Version: 1.0\nContent-Type: multipart/mixed; boundary=\"P\"\n\n"
				  "--P\nContent-Type: text/plain\n\n--P\nContent-Type: text/plain\n\nreal 0m1.5s\n--P--\n";
	struct mail_message m;

	(void)state;
	memset(&m, 0, sizeof(m));
	strbuf_init(&m.text_buf, 0);
	assert_int_equal(mail_mime_decode(&m, msg, sizeof(msg) - 1), 0);
	/* the newline before a boundary is the boundary's */
	assert_int_equal(m.text.len, strlen("real 0m1.5s"));
	assert_memory_equal(m.text.p, "real 0m1.5s", m.text.len);
	mail_message_release(&m);
}

/* Plain messages skip the MIME parser; what they give must not differ. */
static void test_plain_headers(void **state)
{
	const char *msg =
		"To: Alex Reviewer <akpm@zip.com.au>\n"
		"Subject: Re: ext3 writeback mode\n"
		" slower than ordered mode?\n"
		"In-Reply-To: <3C12C57C.FF93FAC0@zip.com.au>\n"
		"From: Zlatko Calusic <zlatko.calusic@iskon.hr>\n"
		"Date: 09 Dec 2001 20:46:02 +0100\n"
		"Message-ID: <877krwch39.fsf@atlas.iskon.hr>\n"
		"Content-Type: text/plain; charset=us-ascii\n"
		"\n"
		"body line\n";
	struct mail_message m;

	(void)state;
	memset(&m, 0, sizeof(m));
	strbuf_init(&m.text_buf, 0);
	assert_int_equal(mail_plain_decode(&m, msg, strlen(msg)), 0);
	assert_string_equal(m.from, "Zlatko Calusic");
	assert_string_equal(m.subject, "Re: ext3 writeback mode slower than ordered mode?");
	assert_string_equal(m.message_id, "877krwch39.fsf@atlas.iskon.hr");
	assert_string_equal(m.in_reply_to, "<3C12C57C.FF93FAC0@zip.com.au>");
	assert_int_equal((long)m.date, 1007927162L);
	assert_string_equal(m.text.p, "body line\n");
	assert_true(m.exact_lines);
	assert_int_equal(m.line0, 9);
	mail_message_release(&m);
	/* anything to decode goes to GMime instead */
	memset(&m, 0, sizeof(m));
	strbuf_init(&m.text_buf, 0);
	assert_int_equal(mail_plain_decode(&m, "Subject: =?UTF-8?B?eA==?=\n\nx\n", 29), -1);
	/* an encoded word on a folded line or a later header too; in the body it is text */
	msg = "Subject: a\n =?UTF-8?B?eA==?=\nFrom: x\n\nx\n";
	assert_int_equal(mail_plain_decode(&m, msg, strlen(msg)), -1);
	msg = "Subject: a=\nFrom: =?x?Q?y?=\r\n\r\nx\n";
	assert_int_equal(mail_plain_decode(&m, msg, strlen(msg)), -1);
	assert_int_equal(mail_plain_decode(&m, "Content-Type: text/plain; charset=iso-8859-1\n"
				     "Content-Transfer-Encoding: base64\n\n6Q==\n", 85), -1);
	assert_int_equal(mail_plain_decode(&m, "Content-Transfer-Encoding: quoted-printable\n\n=E9\n", 49), -1);
	assert_int_equal(mail_plain_decode(&m, "Content-Type: text/html\n\n<p>x\n", 30), -1);
	/* the charset is found past other 'c's, in any case */
	msg = "Content-Type: text/plain; x-c=c; Charset=ISO-8859-1\n\nx\n";
	assert_int_equal(mail_plain_decode(&m, msg, strlen(msg)), -1);
	assert_null(m.subject);
	assert_int_equal(m.text.len, 0);
	mail_message_release(&m);
	memset(&m, 0, sizeof(m));
	strbuf_init(&m.text_buf, 0);
	msg = "Subject: a\n\n=?x?Q?y?=\n";
	assert_int_equal(mail_plain_decode(&m, msg, strlen(msg)), 0);
	assert_string_equal(m.text.p, "=?x?Q?y?=\n");
	assert_string_equal(m.subject, "a");
	mail_message_release(&m);
	/*
	 * names match in any case, but only letters do: '\r' is '-' with the
	 * case bit set, and a name one byte off (past the first eight, in the
	 * last) is another field
	 */
	memset(&m, 0, sizeof(m));
	strbuf_init(&m.text_buf, 0);
	msg = "MESSAGE\rID: <a@b>\nmessage_id: <c@d>\nIn-Reply-Tp: <e@f>\nReferencet: <g@h>\n"
	      "SUBJECT: s\nfrOM: x <y@z>\nIN-REPLY-TO: <i@j>\nreferences: <k@l>\n"
	      "Content-Transfer-Encodinh: base64\ncontent-TYPE: text/plain\n\nx\n";
	assert_int_equal(mail_plain_decode(&m, msg, strlen(msg)), 0);
	assert_null(m.message_id);
	assert_string_equal(m.subject, "s");
	assert_string_equal(m.from, "x");
	assert_string_equal(m.in_reply_to, "<i@j>");
	assert_string_equal(m.references, "<k@l>");
	/* the misspelt encoding is no encoding: the body is as posted */
	assert_string_equal(m.text.p, "x\n");
	mail_message_release(&m);
	memset(&m, 0, sizeof(m));
	strbuf_init(&m.text_buf, 0);
	msg = "CONTENT-TRANSFER-ENCODING: base64\n\neA==\n";
	assert_int_equal(mail_plain_decode(&m, msg, strlen(msg)), 0);
	assert_string_equal(m.text.p, "x");
	mail_message_release(&m);
	/*
	 * a name within eight bytes of the input's end is read only to it (a
	 * block of the input's exact size, for ASan)
	 */
	{
		static const char *const ends[] = {
			"From:x\n\n", "To: a\nfrom:x\n\n", "FROM:x\n\nb", "From:\n\n", "Date:\n\n", NULL,
		};
		size_t i;

		for (i = 0; ends[i]; i++) {
			char *buf = xmalloc(strlen(ends[i]));

			memcpy(buf, ends[i], strlen(ends[i]));
			memset(&m, 0, sizeof(m));
			strbuf_init(&m.text_buf, 0);
			assert_int_equal(mail_plain_decode(&m, buf, strlen(ends[i])), 0);
			if (i < 3)
				assert_string_equal(m.from, "x");
			else
				assert_null(m.from);
			mail_message_release(&m);
			free(buf);
		}
	}
}

/* A single encoded text part is decoded without GMime's parser, to the same text. */
static void test_plain_decodes_like_gmime(void **state)
{
	static const char *const msgs[] = {
		"Subject: qp\nContent-Type: text/plain; charset=utf-8\n"
		"Content-Transfer-Encoding: quoted-printable\n\n"
		"real=090m1.5s=\n and on\nuser 0m0.2s =C3=A9t=C3=A9\n",
		"Subject: b64\nContent-Transfer-Encoding: base64\n\n"
		"cmVhbCAwbTEuNXMKdXNlciAwbTAuMnMK\n",
		"Subject: b64 crlf\r\nContent-Type: text/plain; charset=\"UTF-8\"\r\n"
		"Content-Transfer-Encoding: BASE64\r\n\r\ncmVhbCAwbTEu\r\nNXMK\r\n",
		NULL,
	};
	size_t i;

	(void)state;
	for (i = 0; msgs[i]; i++) {
		struct mail_message fast, slow;

		memset(&fast, 0, sizeof(fast));
		memset(&slow, 0, sizeof(slow));
		strbuf_init(&fast.text_buf, 0);
		strbuf_init(&slow.text_buf, 0);
		assert_int_equal(mail_plain_decode(&fast, msgs[i], strlen(msgs[i])), 0);
		assert_int_equal(mail_mime_decode(&slow, msgs[i], strlen(msgs[i])), 0);
		assert_string_equal(fast.text.p, slow.text.p);
		assert_int_equal(fast.line0, slow.line0);
		assert_int_equal(fast.exact_lines, slow.exact_lines);
		assert_false(fast.exact_lines);
		assert_string_equal(fast.subject, slow.subject);
		mail_message_release(&fast);
		mail_message_release(&slow);
	}
}

/* A base64 body of text with plain's verdict: kept (0) or left to GMime (-1). */
static int plain_base64(const char *text, size_t len, const char *charset)
{
	gchar *b64 = g_base64_encode((const guchar *)text, len);
	struct strbuf msg = STRBUF_INIT;
	struct mail_message m;
	int ret;

	strbuf_addf(&msg, "Content-Type: text/plain; charset=%s\n"
		    "Content-Transfer-Encoding: base64\n\n%s\n", charset, b64);
	memset(&m, 0, sizeof(m));
	strbuf_init(&m.text_buf, 0);
	ret = mail_plain_decode(&m, msg.buf, msg.len);
	if (!ret)
		assert_memory_equal(m.text.p, text, len);
	mail_message_release(&m);
	strbuf_release(&msg);
	g_free(b64);
	return ret;
}

/*
 * Decoded text is kept only without a NUL, and with a non-ASCII byte only
 * as valid UTF-8 declared so: wherever the byte stands.
 */
static void test_plain_decoded_bytes(void **state)
{
	char text[100];
	size_t len, k;

	(void)state;
	for (len = 2; len <= 90; len++) {
		memset(text, 'a', len);
		assert_int_equal(plain_base64(text, len, "us-ascii"), 0);
		for (k = 0; k + 1 < len; k++) {
			memset(text, 'a', len);
			text[k] = '\0';
			assert_int_equal(plain_base64(text, len, "utf-8"), -1);
			text[k] = '\xc3';
			text[k + 1] = '\xa9';
			assert_int_equal(plain_base64(text, len, "utf-8"), 0);
			assert_int_equal(plain_base64(text, len, "us-ascii"), -1);
			text[k + 1] = 'a';
			assert_int_equal(plain_base64(text, len, "utf-8"), -1);
		}
	}
}

/* Dates read without GMime's parser come out as GMime reads them. */
static void test_plain_dates_like_gmime(void **state)
{
	static const char *const dates[] = {
		"Mon, 01 Mar 2008 00:00:00 +0000", "09 Dec 2001 20:46:02 +0100",
		"Tue, 4 Mar 2008 09:00:00 -0530", "Thu, 29 Feb 2024 23:59:59 +1400",
		"Fri, 31 Dec 1999 23:59:59 -1200", "Mon, 02 Mar 2008 01:01 +0000",
		"Sat,  1 Jan 2000 12:00:00 +0000  ", "Mon, 1 Jan 2001 00:00:00 GMT",
		"Mon, 01 Mar 08 00:00:00 +0000", "Mon, 31 Feb 2008 00:00:00 +0000",
		"Sun, 2 Jan 2005 10:11:12 +0100 (CET)", "1 Jan 1970 00:00:00 +0000", NULL,
	};
	size_t i;

	(void)state;
	for (i = 0; dates[i]; i++) {
		struct strbuf msg = STRBUF_INIT;
		struct mail_message m;
		GDateTime *dt;
		time_t want = 0;

		dt = g_mime_utils_header_decode_date(dates[i]);
		if (dt) {
			want = (time_t)g_date_time_to_unix(dt);
			g_date_time_unref(dt);
		}
		strbuf_addf(&msg, "Subject: d\nDate: %s\n\nbody\n", dates[i]);
		memset(&m, 0, sizeof(m));
		strbuf_init(&m.text_buf, 0);
		assert_int_equal(mail_plain_decode(&m, msg.buf, msg.len), 0);
		assert_int_equal((long long)m.date, (long long)want);
		mail_message_release(&m);
		strbuf_release(&msg);
	}
}

static void test_html(void **state)
{
	const char *html = "<p>a &amp; b</p><script>9.9 user</script><pre>real 1\nuser 2</pre>"
			   "<table><tr><td>x</td><td>1.5</td></tr></table>&#233;";
	struct strbuf out = STRBUF_INIT;

	(void)state;
	mail_html_to_text(&out, html, strlen(html));
	assert_non_null(strstr(out.buf, "a & b\n"));
	assert_null(strstr(out.buf, "9.9"));
	assert_non_null(strstr(out.buf, "real 1\nuser 2"));
	assert_non_null(strstr(out.buf, "\tx\t1.5"));
	assert_non_null(strstr(out.buf, "\xc3\xa9"));
	strbuf_release(&out);
}

static void test_read_buffer_skips_bad(void **state)
{
	static const char mbox[] =
		"From a@b Mon Jan  1 00:00:00 2001\nMessage-ID: <ok@x>\n\nfine\n\n"
		"From a@b Mon Jan  1 00:00:00 2001\nMessage-ID: <nul@x>\n\nbad\0byte\n";
	struct mail_list list = MAIL_LIST_INIT;

	(void)state;
	mail_read_buffer(&list, "t.mbox", mbox, sizeof(mbox) - 1);
	assert_int_equal(list.nr, 2);
	assert_null(list.v[0].skip);
	assert_string_equal(list.v[0].name, "t.mbox: message 1");
	assert_non_null(list.v[1].skip);
	assert_non_null(strstr(list.v[1].skip, "binary data"));
	mail_list_release(&list);
}

/* What each() saw of a message: its text by its length, and whether it was a view. */
struct seen_texts {
	struct strbuf all;
	int views;
};

static void see_text(struct mail_message *m, void *data)
{
	struct seen_texts *seen = data;

	strbuf_add(&seen->all, m->text.p, m->text.len);
	strbuf_addch(&seen->all, '|');
	seen->views += m->text.p != m->text_buf.buf && m->text.len;
}

/*
 * Handed to each(), a plain body is a view of the input; the texts are
 * those of a list read without each() (copies), the encoded and unescaped
 * ones among them, and the last body, which ends the input without a
 * newline, is read only to its end (the input is a block of its exact size,
 * so ASan sees a byte read past it).
 */
static void test_read_each_views_plain_bodies(void **state)
{
	static const char mbox[] =
		"From a@b Mon Jan  1 00:00:00 2001\nSubject: plain\n\none\ntwo\n\n"
		"From a@b Mon Jan  1 00:00:00 2001\nContent-Transfer-Encoding: base64\n\neA==\n\n"
		"From a@b Mon Jan  1 00:00:00 2001\nSubject: esc\n\n>From here\n\n"
		"From a@b Mon Jan  1 00:00:00 2001\nSubject: last\n\nno newline";
	struct mail_list copies = MAIL_LIST_INIT, views = MAIL_LIST_INIT;
	struct seen_texts seen = { STRBUF_INIT, 0 };
	struct strbuf want = STRBUF_INIT;
	char *buf = xmalloc(sizeof(mbox) - 1);
	size_t i;

	(void)state;
	memcpy(buf, mbox, sizeof(mbox) - 1);
	mail_read_buffer(&copies, "t.mbox", buf, sizeof(mbox) - 1);
	assert_int_equal(copies.nr, 4);
	for (i = 0; i < copies.nr; i++) {
		assert_int_equal(copies.v[i].text.p[copies.v[i].text.len], '\0');
		strbuf_add(&want, copies.v[i].text.p, copies.v[i].text.len);
		strbuf_addch(&want, '|');
	}
	assert_string_equal(want.buf, "one\ntwo\n\n|x|From here\n\n|no newline|");
	views.each = see_text;
	views.data = &seen;
	mail_read_buffer(&views, "t.mbox", buf, sizeof(mbox) - 1);
	assert_int_equal(views.nr, 0);
	assert_string_equal(seen.all.buf, want.buf);
	/* the plain bodies: the first, the unescaped copy's and the last */
	assert_int_equal(seen.views, 3);
	mail_list_release(&copies);
	mail_list_release(&views);
	strbuf_release(&seen.all);
	strbuf_release(&want);
	free(buf);
}

/* A message's name and header strings as each() sees them. */
static void see_headers(struct mail_message *m, void *data)
{
	strbuf_addf(data, "%s|%s|%s|%s\n", m->name, m->subject ? m->subject : "-",
		    m->message_id ? m->message_id : "-", m->references ? m->references : "-");
}

/*
 * The blocks a message's name and header values are in go to the next
 * message: names and strings must be those of a list read without each(),
 * across plain and GMime-read messages, a name that needs a longer
 * block (message 10) and header values far past the block's first size.
 */
static void test_read_each_reuses_blocks(void **state)
{
	struct mail_list copies = MAIL_LIST_INIT, views = MAIL_LIST_INIT;
	struct strbuf mbox = STRBUF_INIT, want = STRBUF_INIT, got = STRBUF_INIT;
	size_t i;

	(void)state;
	for (i = 1; i <= 12; i++) {
		strbuf_addf(&mbox, "From a@b Mon Jan  1 00:00:00 2001\nSubject: s%zu\nMessage-ID: <%zu@x>\n", i, i);
		if (i == 4) {
			strbuf_addstr(&mbox, "References:");
			for (size_t k = 0; k < 300; k++)
				strbuf_addf(&mbox, " <r%zu@x>", k);
			strbuf_addch(&mbox, '\n');
		}
		if (i % 3 == 2)
			strbuf_addstr(&mbox, "Subject: =?UTF-8?B?eA==?=\n");
		if (i % 3 == 0)
			strbuf_addstr(&mbox, "Content-Transfer-Encoding: base64\n\neA==\n\n");
		else
			strbuf_addf(&mbox, "\nbody %zu\n\n", i);
	}
	mail_read_buffer(&copies, "t.mbox", mbox.buf, mbox.len);
	assert_int_equal(copies.nr, 12);
	for (i = 0; i < copies.nr; i++)
		see_headers(&copies.v[i], &want);
	assert_non_null(strstr(want.buf, "t.mbox: message 10|s10|10@x|-\n"));
	assert_non_null(strstr(want.buf, "|s4|4@x|<r0@x> <r1@x>"));
	views.each = see_headers;
	views.data = &got;
	mail_read_buffer(&views, "t.mbox", mbox.buf, mbox.len);
	assert_string_equal(got.buf, want.buf);
	mail_list_release(&copies);
	mail_list_release(&views);
	strbuf_release(&mbox);
	strbuf_release(&want);
	strbuf_release(&got);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_detect),
		cmocka_unit_test(test_mbox_split),
		cmocka_unit_test(test_mbox_split_edges),
		cmocka_unit_test(test_unescape_from),
		cmocka_unit_test(test_bare_split),
		cmocka_unit_test(test_quote_depths_and_authors),
		cmocka_unit_test(test_quote_split_by_line),
		cmocka_unit_test(test_mime_decoding),
		cmocka_unit_test(test_mime_many_parts_linear),
		cmocka_unit_test(test_mime_empty_part),
		cmocka_unit_test(test_plain_headers),
		cmocka_unit_test(test_plain_decodes_like_gmime),
		cmocka_unit_test(test_plain_decoded_bytes),
		cmocka_unit_test(test_plain_dates_like_gmime),
		cmocka_unit_test(test_html),
		cmocka_unit_test(test_read_buffer_skips_bad),
		cmocka_unit_test(test_read_each_views_plain_bodies),
		cmocka_unit_test(test_read_each_reuses_blocks),
	};

	/* the decoders are called here without mail_read_*, which set GMime up */
	mail_mime_init();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
