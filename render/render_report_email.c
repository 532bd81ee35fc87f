/*
 * The email writer: RFC 5322 headers over the text body, ready for
 * `git send-email` or `sendmail -t`.  7bit ASCII unless --utf8.
 */
#include "render_report.h"
#include "render_text.h"
#include "../core/error.h"
#include "../core/util.h"

#include <cmark.h>
#include <pwd.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>

static const char base64[] =
	"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/* RFC 2047 encoded word for a header holding non-ASCII (only with --utf8). */
static void encoded_word(struct strbuf *out, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t len = strlen(s), i;

	strbuf_addstr(out, "=?UTF-8?B?");
	for (i = 0; i < len; i += 3) {
		unsigned v = p[i] << 16 | (i + 1 < len ? p[i + 1] << 8 : 0) | (i + 2 < len ? p[i + 2] : 0);

		strbuf_addch(out, base64[v >> 18 & 63]);
		strbuf_addch(out, base64[v >> 12 & 63]);
		strbuf_addch(out, i + 1 < len ? base64[v >> 6 & 63] : '=');
		strbuf_addch(out, i + 2 < len ? base64[v & 63] : '=');
	}
	strbuf_addstr(out, "?=");
}

static int is_ascii(const char *s)
{
	for (; *s; s++)
		if ((unsigned char)*s >= 0x80)
			return 0;
	return 1;
}

/* "Name: value", folded at spaces so that no header line passes 78 columns. */
static void header(struct strbuf *out, const char *name, const char *value, int utf8)
{
	struct strbuf v = STRBUF_INIT;
	size_t col, start;
	const char *p;

	render_text_clean(&v, value, utf8);
	strbuf_trim(&v);
	strbuf_addf(out, "%s: ", name);
	if (!is_ascii(v.buf)) {
		encoded_word(out, v.buf);
		strbuf_addch(out, '\n');
		strbuf_release(&v);
		return;
	}
	col = strlen(name) + 2;
	start = out->len;
	for (p = v.buf; *p;) {
		const char *sp = strchr(p, ' ');
		size_t wlen = sp ? (size_t)(sp - p) : strlen(p);

		if (out->len > start && col + 1 + wlen > 78) {
			strbuf_addstr(out, "\n ");
			col = 1;
		} else if (out->len > start) {
			strbuf_addch(out, ' ');
			col++;
		}
		strbuf_add(out, p, wlen);
		col += wlen;
		p += wlen;
		while (*p == ' ')
			p++;
	}
	strbuf_addch(out, '\n');
	strbuf_release(&v);
}

static void msg_id(struct strbuf *out, const char *id)
{
	if (*id == '<')
		strbuf_addstr(out, id);
	else
		strbuf_addf(out, "<%s>", id);
}

static void default_from(struct strbuf *out)
{
	const char *email = getenv("EMAIL");
	struct passwd *pw = getpwuid(getuid());
	char host[256] = "localhost";

	if (email && *email) {
		strbuf_addstr(out, email);
		return;
	}
	gethostname(host, sizeof(host) - 1);
	host[sizeof(host) - 1] = '\0';
	strbuf_addf(out, "%s@%s", pw && pw->pw_name ? pw->pw_name : "benchpost", host);
}

/* RFC 5322 date, independent of the locale: "Mon, 30 Nov 2026 10:12:00 +0000". */
static void date_header(struct strbuf *out, time_t when)
{
	static const char *const days[] = { "Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat" };
	static const char *const months[] = { "Jan", "Feb", "Mar", "Apr", "May", "Jun",
					      "Jul", "Aug", "Sep", "Oct", "Nov", "Dec" };
	struct tm tm;
	long off;

	localtime_r(&when, &tm);
	off = tm.tm_gmtoff / 60;
	strbuf_addf(out, "Date: %s, %02d %s %04d %02d:%02d:%02d %c%02ld%02ld\n",
		    days[tm.tm_wday], tm.tm_mday, months[tm.tm_mon], tm.tm_year + 1900,
		    tm.tm_hour, tm.tm_min, tm.tm_sec, off < 0 ? '-' : '+',
		    labs(off) / 60, labs(off) % 60);
}

static void new_message_id(struct strbuf *out, time_t when)
{
	unsigned long long r = 0;
	char host[256] = "localhost";
	struct tm tm;

	if (getrandom(&r, sizeof(r), 0) != sizeof(r))
		r = (unsigned long long)getpid() << 32 ^ (unsigned long long)clock();
	gethostname(host, sizeof(host) - 1);
	host[sizeof(host) - 1] = '\0';
	gmtime_r(&when, &tm);
	strbuf_addf(out, "<%04d%02d%02d%02d%02d%02d.%016llx.benchpost@%s>",
		    tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min,
		    tm.tm_sec, r, host);
}

static const char *first_heading(cmark_node *doc, struct strbuf *out, int utf8)
{
	cmark_node *c;

	for (c = cmark_node_first_child(doc); c; c = cmark_node_next(c))
		if (cmark_node_get_type(c) == CMARK_NODE_HEADING) {
			render_report_inline_text(out, c, utf8);
			return out->buf;
		}
	return NULL;
}

static int has_newline(const char *s)
{
	return s && strpbrk(s, "\r\n");
}

int render_report_write_email(struct strbuf *out, cmark_node *doc,
			      const struct render_report_data *data)
{
	const struct render_email_headers *h = &data->email;
	struct strbuf sb = STRBUF_INIT, subject = STRBUF_INIT;
	time_t when = h->date ? h->date : time(NULL);
	const char *fields[] = { h->from, h->to, h->cc, h->subject, h->in_reply_to, h->message_id };
	size_t i;

	/* a newline in a header value would start a header of its own */
	for (i = 0; i < ARRAY_SIZE(fields); i++)
		if (has_newline(fields[i]))
			return err_set("a header value cannot hold a line break: '%s'", fields[i]);
	if (h->from)
		strbuf_addstr(&sb, h->from);
	else
		default_from(&sb);
	header(out, "From", sb.buf, data->utf8);
	if (h->to)
		header(out, "To", h->to, data->utf8);
	if (h->cc)
		header(out, "Cc", h->cc, data->utf8);
	if (!h->subject && !first_heading(doc, &subject, data->utf8))
		strbuf_addstr(&subject, "benchmark results");
	header(out, "Subject", h->subject ? h->subject : subject.buf, data->utf8);
	date_header(out, when);
	strbuf_reset(&sb);
	if (h->message_id)
		msg_id(&sb, h->message_id);
	else
		new_message_id(&sb, when);
	strbuf_addf(out, "Message-ID: %s\n", sb.buf);
	if (h->in_reply_to) {
		strbuf_reset(&sb);
		msg_id(&sb, h->in_reply_to);
		strbuf_addf(out, "In-Reply-To: %s\nReferences: %s\n", sb.buf, sb.buf);
	}
	strbuf_addstr(out, "MIME-Version: 1.0\n");
	strbuf_addf(out, "Content-Type: text/plain; charset=%s\n", data->utf8 ? "UTF-8" : "us-ascii");
	strbuf_addf(out, "Content-Transfer-Encoding: %s\n\n", data->utf8 ? "8bit" : "7bit");
	strbuf_release(&sb);
	strbuf_release(&subject);
	return render_report_write_text(out, doc, data);
}
