/*
 * The email writer: RFC 5322 headers over the text body, ready for
 * `git send-email` or `sendmail -t`.  The body is 7bit ASCII unless
 * --utf8.  Headers stay ASCII either way: RFC 2047 encoded words carry
 * the display names and Subject words that need them, and nothing else
 * (an address is never encoded: mail software would not deliver it).
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

#define FOLD_AT 78
/* RFC 2047: an encoded word is at most 75 characters; "=?UTF-8?B?" and "?=" take 12. */
#define WORD_BYTES 45

static const char base64[] =
	"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

static void base64_add(struct strbuf *out, const unsigned char *p, size_t len)
{
	size_t i;

	for (i = 0; i < len; i += 3) {
		unsigned v = p[i] << 16 | (i + 1 < len ? p[i + 1] << 8 : 0) | (i + 2 < len ? p[i + 2] : 0);

		strbuf_addch(out, base64[v >> 18 & 63]);
		strbuf_addch(out, base64[v >> 12 & 63]);
		strbuf_addch(out, i + 1 < len ? base64[v >> 6 & 63] : '=');
		strbuf_addch(out, i + 2 < len ? base64[v & 63] : '=');
	}
}

static int is_ascii(const char *s, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++)
		if ((unsigned char)s[i] >= 0x80)
			return 0;
	return 1;
}

/*
 * A header being built: whole tokens, folded at spaces before FOLD_AT
 * columns.  An encoded word is one token; so is an address.
 */
struct header {
	struct strbuf *out;
	size_t col;
	int started;   /* a token stands on the line already: a fold may come before the next */
};

static void token(struct header *h, const char *s, size_t len)
{
	if (h->started && h->col + 1 + len > FOLD_AT) {
		strbuf_addstr(h->out, "\n ");
		h->col = 1;
	} else {
		strbuf_addch(h->out, ' ');
		h->col++;
	}
	strbuf_add(h->out, s, len);
	h->col += len;
	h->started = 1;
}

/*
 * Text as encoded words, split between characters so that each stays
 * within RFC 2047's 75 columns; the spaces inside the text are encoded
 * too (a decoder drops the space between two encoded words).
 */
static void encoded_words(struct header *h, const char *s, size_t len)
{
	struct strbuf w = STRBUF_INIT;
	size_t i = 0;

	while (i < len) {
		size_t end = i + WORD_BYTES < len ? i + WORD_BYTES : len;

		while (end < len && end > i && ((unsigned char)s[end] & 0xc0) == 0x80)
			end--;
		strbuf_reset(&w);
		strbuf_addstr(&w, "=?UTF-8?B?");
		base64_add(&w, (const unsigned char *)s + i, end - i);
		strbuf_addstr(&w, "?=");
		token(h, w.buf, w.len);
		i = end;
	}
	strbuf_release(&w);
}

/* Unstructured text (a Subject, a display name): words as they are, runs of non-ASCII ones encoded. */
static void phrase(struct header *h, const char *s)
{
	const char *p = s;

	while (*p) {
		const char *w = p, *run_end;
		size_t len;

		while (*p == ' ')
			p++;
		if (!*p)
			break;
		w = p;
		p += strcspn(p, " ");
		len = p - w;
		if (is_ascii(w, len)) {
			token(h, w, len);
			continue;
		}
		/* the following words that need it too go in the same encoded text */
		run_end = p;
		while (*run_end == ' ') {
			const char *n = run_end + strspn(run_end, " ");
			size_t nl = strcspn(n, " ");

			if (!nl || is_ascii(n, nl))
				break;
			run_end = n + nl;
		}
		encoded_words(h, w, run_end - w);
		p = run_end;
	}
}

static int quoted_ok(const char *s, size_t len)
{
	return !memchr(s, '"', len) && !memchr(s, '\\', len);
}

/*
 * An address list: "Name <a@b>, c@d".  Each mailbox's display name is a
 * phrase (encoded where it needs it); the address itself must be ASCII.
 */
static int addresses(struct header *h, const char *value)
{
	const char *p = value;

	while (*p) {
		const char *start, *lt, *end;
		int quote = 0, angle = 0;

		while (*p == ' ' || *p == ',')
			p++;
		if (!*p)
			break;
		for (start = p; *p && (quote || angle || *p != ','); p++) {
			if (*p == '"')
				quote = !quote;
			else if (*p == '<' && !quote)
				angle = 1;
			else if (*p == '>' && !quote)
				angle = 0;
		}
		end = p;
		while (end > start && end[-1] == ' ')
			end--;
		lt = memchr(start, '<', end - start);
		if (!lt) {
			if (!is_ascii(start, end - start))
				return err_set("an address must be ASCII: '%.*s'", (int)(end - start), start);
			token(h, start, end - start);
		} else {
			const char *name = start, *name_end = lt;
			struct strbuf dn = STRBUF_INIT;

			while (name_end > name && name_end[-1] == ' ')
				name_end--;
			if (name_end > name && *name == '"' && name_end[-1] == '"' && name_end - name >= 2) {
				name++;
				name_end--;
			}
			strbuf_add(&dn, name, name_end - name);
			if (!is_ascii(lt, end - lt)) {
				strbuf_release(&dn);
				return err_set("an address must be ASCII: '%.*s'", (int)(end - lt), lt);
			}
			if (dn.len && is_ascii(dn.buf, dn.len)) {
				/* a name with specials is quoted, as it came or anew */
				struct strbuf q = STRBUF_INIT;

				if (strpbrk(dn.buf, "()<>[]:;@\\,.\"") && quoted_ok(dn.buf, dn.len))
					strbuf_addf(&q, "\"%s\"", dn.buf);
				else
					strbuf_addstr(&q, dn.buf);
				phrase(h, q.buf);
				strbuf_release(&q);
			} else if (dn.len) {
				phrase(h, dn.buf);
			}
			token(h, lt, end - lt);
			strbuf_release(&dn);
		}
		if (*p == ',') {
			strbuf_addch(h->out, ',');
			h->col++;
		}
	}
	return 0;
}

/* "Name: value": control characters dropped, folded so that no line passes 78 columns. */
static int header(struct strbuf *out, const char *name, const char *value, int address_list)
{
	struct strbuf v = STRBUF_INIT;
	struct header h = { out, 0, 0 };
	int ret = 0;

	/* valid UTF-8 kept for the encoding, control characters gone */
	render_text_clean(&v, value, 1);
	strbuf_trim(&v);
	strbuf_addf(out, "%s:", name);
	h.col = strlen(name) + 1;
	if (address_list)
		ret = addresses(&h, v.buf);
	else
		phrase(&h, v.buf);
	strbuf_addch(out, '\n');
	strbuf_release(&v);
	return ret;
}

/* "<id@host>": one id, angle brackets added when missing. */
static int msg_id(struct strbuf *out, const char *id)
{
	struct strbuf v = STRBUF_INIT;
	int ret = 0;

	strbuf_addstr(&v, id);
	strbuf_trim(&v);
	if (v.len >= 2 && v.buf[0] == '<' && v.buf[v.len - 1] == '>') {
		memmove(v.buf, v.buf + 1, v.len - 2);
		strbuf_setlen(&v, v.len - 2);
	}
	if (!v.len || !strchr(v.buf, '@') || strpbrk(v.buf, " <>\"\\()[],;:") || !is_ascii(v.buf, v.len))
		ret = err_set("not a message id: '%s'", id);
	else
		strbuf_addf(out, "<%s>", v.buf);
	strbuf_release(&v);
	return ret;
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
	size_t i;

	if (getrandom(&r, sizeof(r), 0) != sizeof(r))
		r = (unsigned long long)getpid() << 32 ^ (unsigned long long)clock();
	gethostname(host, sizeof(host) - 1);
	host[sizeof(host) - 1] = '\0';
	/* a host name is ours, but only a dot-atom may stand right of the @ */
	for (i = 0; host[i]; i++)
		if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-", host[i]))
			host[i] = '-';
	gmtime_r(&when, &tm);
	strbuf_addf(out, "<%04d%02d%02d%02d%02d%02d.%016llx.benchpost@%s>",
		    tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min,
		    tm.tm_sec, r, host[0] ? host : "localhost");
}

static const char *first_heading(cmark_node *doc, struct strbuf *out)
{
	cmark_node *c;

	for (c = cmark_node_first_child(doc); c; c = cmark_node_next(c))
		if (cmark_node_get_type(c) == CMARK_NODE_HEADING) {
			render_report_inline_text(out, c, 1);
			return out->buf;
		}
	return NULL;
}

static int has_newline(const char *s)
{
	return s && strpbrk(s, "\r\n");
}

int render_report_write_email(struct strbuf *out, cmark_node *doc,
			      const struct render_report_data *data, const char *subject)
{
	const struct render_email_headers *h = &data->email;
	struct strbuf sb = STRBUF_INIT, head = STRBUF_INIT, heading = STRBUF_INIT;
	time_t when = h->date ? h->date : time(NULL);
	const char *fields[] = { h->from, h->to, h->cc, h->subject, h->in_reply_to, h->message_id };
	size_t i;
	int ret = 0;

	/* a newline in a header value would start a header of its own */
	for (i = 0; i < ARRAY_SIZE(fields); i++)
		if (has_newline(fields[i]))
			return err_set("a header value cannot hold a line break: '%s'", fields[i]);
	if (h->from)
		strbuf_addstr(&sb, h->from);
	else
		default_from(&sb);
	if ((ret = header(&head, "From", sb.buf, 1)) < 0 ||
	    (h->to && (ret = header(&head, "To", h->to, 1)) < 0) ||
	    (h->cc && (ret = header(&head, "Cc", h->cc, 1)) < 0))
		goto done;
	if (!h->subject && !(subject && *subject) && !first_heading(doc, &heading))
		strbuf_addstr(&heading, "benchmark results");
	header(&head, "Subject", h->subject ? h->subject : subject && *subject ? subject : heading.buf, 0);
	date_header(&head, when);
	strbuf_reset(&sb);
	if (!h->message_id)
		new_message_id(&sb, when);
	else if ((ret = msg_id(&sb, h->message_id)) < 0)
		goto done;
	strbuf_addf(&head, "Message-ID: %s\n", sb.buf);
	if (h->in_reply_to) {
		strbuf_reset(&sb);
		if ((ret = msg_id(&sb, h->in_reply_to)) < 0)
			goto done;
		/* the thread's root is not known here: the parent stands for the chain */
		strbuf_addf(&head, "In-Reply-To: %s\nReferences: %s\n", sb.buf, sb.buf);
	}
	strbuf_addstr(&head, "MIME-Version: 1.0\n");
	strbuf_addf(&head, "Content-Type: text/plain; charset=%s\n", data->utf8 ? "UTF-8" : "us-ascii");
	strbuf_addf(&head, "Content-Transfer-Encoding: %s\n\n", data->utf8 ? "8bit" : "7bit");
	strbuf_addstr(out, head.buf);
	ret = render_report_write_text(out, doc, data, subject);
done:
	strbuf_release(&sb);
	strbuf_release(&head);
	strbuf_release(&heading);
	return ret;
}
