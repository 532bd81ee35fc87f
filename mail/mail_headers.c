#include "mail_headers.h"

#include <ctype.h>
#include <string.h>
#include <strings.h>

/*
 * A full GMime parse of a message builds a GObject for every header line
 * (list mail has dozens: Received, X-*, ...) and costs more than the rest
 * of the message.  Only six of the message's own headers are read, and
 * only the Content-* ones shape its MIME tree; this splits the header
 * lines as GMime's parser does, decodes the six with the GMime calls the
 * parser's message would make on them, and keeps the Content-* lines (and
 * the raw values of the three that say what the part is) for the MIME
 * part, which mail_mime.c reads from them and the body.  Anything the split here might read
 * otherwise than GMime (a line that is not "Name: value" or its folded
 * continuation, a CR, two From: lines) is left to the full
 * parse.
 */

/* The message headers read, as GMime's GMimeMessage takes them. */
enum { H_MESSAGE_ID, H_SUBJECT, H_FROM, H_DATE, H_IN_REPLY_TO, H_REFERENCES, H_COUNT };

struct field {
	const char *name;
	size_t len;
};

#define FIELD(name) { name, sizeof(name) - 1 }

static const struct field header_names[H_COUNT] = {
	FIELD("Message-Id"), FIELD("Subject"), FIELD("From"), FIELD("Date"), FIELD("In-Reply-To"),
	FIELD("References"),
};

/*
 * Which of two GMime's message keeps: it reads the message id, subject and
 * date again at each (the last one stands), looks In-Reply-To and
 * References up by name (the first one), and adds up the addresses of
 * every From:, which is left to it.
 */
enum repeat { KEEP_LAST, KEEP_FIRST, KEEP_NONE };

static const enum repeat header_repeats[H_COUNT] = {
	KEEP_LAST, KEEP_LAST, KEEP_NONE, KEEP_LAST, KEEP_FIRST, KEEP_FIRST,
};

static const struct field content_names[MAIL_CONTENT_COUNT] = {
	FIELD("Content-Type"), FIELD("Content-Transfer-Encoding"), FIELD("Content-Disposition"),
};

/* Where a header's raw value stands: after the ':' up to its last line's '\n'. */
struct raw_value {
	const char *p;
	size_t len;
	int seen;
};

/*
 * A field name as GMime's parser accepts it without a second thought:
 * printable ASCII with no blank, up to the ':' (GMime also allows blanks
 * before the ':', which is left to it).  Returns the name's length, or -1.
 */
static long field_name(const char *p, const char *e)
{
	const char *q;

	for (q = p; q < e && *q != ':'; q++)
		if ((unsigned char)*q <= ' ' || (unsigned char)*q >= 0x7f)
			return -1;
	return q < e && q > p ? q - p : -1;
}

/* Which of fields[] (n of them) the field name at p (len bytes) is, or -1. */
static int field_index(const struct field *fields, int n, const char *p, size_t len)
{
	int i;

	for (i = 0; i < n; i++)
		if (fields[i].len == len && !strncasecmp(p, fields[i].name, len))
			return i;
	return -1;
}

/*
 * Which of header_names the field name at p (len bytes) is, or -1: their
 * first letters differ, so that one tells which to compare (most lines,
 * Received: and X-*, are none of them).
 */
static int header_index(const char *p, size_t len)
{
	static const char firsts[H_COUNT] = { 'm', 's', 'f', 'd', 'i', 'r' };
	const char *f = memchr(firsts, *p | 0x20, H_COUNT);
	int i;

	if (!f)
		return -1;
	i = (int)(f - firsts);
	return header_names[i].len == len && !strncasecmp(p, header_names[i].name, len) ? i : -1;
}

/* value's bytes ended by a NUL, in GLib's allocation (GMime's calls take C strings) */
static char *raw_string(const struct raw_value *v)
{
	return g_strndup(v->p, v->len);
}

static char *dup_or_null(const char *s)
{
	return s && *s ? xstrdup(s) : NULL;
}

int mail_header_is_plain(const char *raw)
{
	const char *p;

	for (p = raw; *p; p++)
		if ((unsigned char)*p >= 0x80 || (p[0] == '=' && p[1] == '?'))
			return 0;
	return 1;
}

char *mail_header_value(const char *raw)
{
	char *unfolded = g_mime_utils_header_unfold(raw), *value;

	/* GMime's decoder copies ASCII words and the blanks between them as they are */
	if (mail_header_is_plain(unfolded))
		return unfolded;
	value = g_mime_utils_header_decode_text(NULL, unfolded);
	g_free(unfolded);
	return value;
}

/*
 * mail_header_value of a raw value where it stands, without a copy of it
 * first: its blanks around trimmed and its line breaks dropped, as
 * g_mime_utils_header_unfold does (split_headers let no CR in), then
 * decoded unless plain (free it).
 */
static char *header_value(const struct raw_value *v)
{
	const char *p = v->p, *e = v->p + v->len;
	char *out, *o, *decoded;

	while (p < e && mail_is_lwsp(*p))
		p++;
	while (e > p && mail_is_lwsp(e[-1]))
		e--;
	o = out = xmalloc((size_t)(e - p) + 1);
	/* a line at a time: a References value runs over many */
	while (p < e) {
		const char *nl = memchr(p, '\n', (size_t)(e - p));
		size_t n = (size_t)((nl ? nl : e) - p);

		memcpy(o, p, n);
		o += n;
		p += n + (nl != NULL);
	}
	*o = '\0';
	if (mail_header_is_plain(out))
		return out;
	decoded = g_mime_utils_header_decode_text(NULL, out);
	free(out);
	out = xstrdup(decoded);
	g_free(decoded);
	return out;
}

void mail_part_headers_release(struct mail_part_headers *part)
{
	int i;

	strbuf_release(&part->lines);
	for (i = 0; i < MAIL_CONTENT_COUNT; i++) {
		g_free(part->raw[i]);
		part->raw[i] = NULL;
	}
	part->repeated = 0;
}

/* A decoded header value, as the full parse's read_headers takes it. */
static char *decoded_or_null(const struct raw_value *v)
{
	char *value;

	if (!v->seen)
		return NULL;
	if (*(value = header_value(v)))
		return value;
	free(value);
	return NULL;
}

static char *message_id_of(const struct raw_value *v)
{
	char *value, *id, *s;

	if (!v->seen)
		return NULL;
	value = header_value(v);
	id = g_mime_utils_decode_message_id(value);
	s = dup_or_null(id);
	g_free(id);
	free(value);
	return s;
}

/* RFC 5322's atext, less the '=' and '?' an RFC 2047 word is made of */
static int is_atext(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       (c && strchr("!#$%&'*+-/^_`{|}~", c));
}

/* A run of atext words and single separators (of seps) between them; p when none. */
static const char *atext_words(const char *p, const char *end, const char *seps)
{
	const char *q = p;

	while (q < end && is_atext(*q)) {
		while (q < end && is_atext(*q))
			q++;
		if (q + 1 < end && strchr(seps, *q) && *q && is_atext(q[1]))
			q++;
	}
	return q;
}

static const char *skip_blanks(const char *p, const char *end)
{
	while (p < end && (*p == ' ' || *p == '\t' || *p == '\n'))
		p++;
	return p;
}

/*
 * The end of local@domain at p, each a dot-atom, or NULL; or NULL when
 * the domain has an IDNA label ("xn--"), which GMime's IDN form of it may
 * write otherwise.
 */
static const char *addr_spec(const char *p, const char *end)
{
	const char *q = atext_words(p, end, "."), *d;

	if (q == p || q == end || *q++ != '@' || (p = atext_words(q, end, ".")) == q)
		return NULL;
	for (d = q; d + 4 <= p; d++)
		if (!strncasecmp(d, "xn--", 4))
			return NULL;
	return p;
}

/*
 * The author of the value "Name <addr>" or "\"Name\" <addr>", as GMime's
 * address parser gives its name, when the name is words of atext and
 * single blanks (or dots, quoted) and the address is a plain addr-spec:
 * GMime's phrase decoding gives such a name as it stands.  Without a
 * name ("<addr>", "addr") the list written out is the address as it
 * stands (an ASCII domain is its own IDN form).  NULL for any other value,
 * which internet_address_list_parse reads.
 */
static char *plain_author(const char *p, const char *end)
{
	const char *name, *name_end, *q;
	int quoted;

	p = skip_blanks(p, end);
	if ((q = addr_spec(p + (p < end && *p == '<'), end))) {
		name = p + (*p == '<');
		if (*p == '<' && (q == end || *q++ != '>'))
			return NULL;
		return skip_blanks(q, end) == end ? xstrndup(name, (size_t)(q - name) - (*p == '<')) : NULL;
	}
	quoted = p < end && *p == '"';
	name = p + quoted;
	name_end = atext_words(name, end, quoted ? " ." : " ");
	if (name_end == name || (quoted && (name_end == end || *name_end != '"')))
		return NULL;
	q = skip_blanks(name_end + quoted, end);
	if (q == end || *q++ != '<' || !(p = addr_spec(q, end)) || p == end || *p++ != '>' ||
	    skip_blanks(p, end) != end)
		return NULL;
	return xstrndup(name, (size_t)(name_end - name));
}

/*
 * The first author's name, or the whole list written out when it has none.
 * GMime appends what it can read of a From: to the message's list even
 * when the rest of it cannot be read, which its public parser does not
 * give: -1 when that parser finds no address, for the full parse to read.
 */
static int author_of(const struct raw_value *v, char **out)
{
	InternetAddressList *list;
	const char *name;
	char *raw;

	*out = NULL;
	if (!v->seen || (*out = plain_author(v->p, v->p + v->len)))
		return 0;
	raw = raw_string(v);
	list = internet_address_list_parse(NULL, raw);
	g_free(raw);
	if (!list)
		return -1;
	name = internet_address_get_name(internet_address_list_get_address(list, 0));
	if (name && *name) {
		*out = xstrdup(name);
	} else {
		char *all = internet_address_list_to_string(list, NULL, FALSE);

		*out = dup_or_null(all);
		g_free(all);
	}
	g_object_unref(list);
	return 0;
}

static int digits_at(const char **p, int min, int max, int *out)
{
	int n = 0, v = 0;

	while (n < max && (*p)[n] >= '0' && (*p)[n] <= '9')
		v = v * 10 + ((*p)[n++] - '0');
	*p += n;
	*out = v;
	return n >= min;
}

static long long days_from_civil(int y, int m, int d)
{
	long long era;
	int yoe, doy;

	y -= m <= 2;
	era = (y >= 0 ? y : y - 399) / 400;
	yoe = y - (int)(era * 400);
	doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
	return era * 146097 + yoe * 365 + yoe / 4 - yoe / 100 + doy - 719468;
}

/*
 * "Mon, 01 Mar 2008 00:00:00 +0000", the form nearly every mailer writes,
 * read without GMime's general date parser (which cost more than the rest
 * of a message's headers).
 */
int mail_header_date(const char *v, time_t *out)
{
	static const char months[] = "JanFebMarAprMayJunJulAugSepOctNovDec";
	static const int mdays[] = { 31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 };
	const char *p = v + strspn(v, " \t"), *m;
	int day, mon, year, hh, mm, ss = 0, zh, zm, sign;

	if (isalpha((unsigned char)p[0]) && isalpha((unsigned char)p[1]) &&
	    isalpha((unsigned char)p[2]) && p[3] == ',')
		p += 4 + strspn(p + 4, " ");
	if (!digits_at(&p, 1, 2, &day) || *p++ != ' ')
		return -1;
	if (strlen(p) < 4 || p[3] != ' ' || !(m = strstr(months, (char[4]){ p[0], p[1], p[2], 0 })) ||
	    (m - months) % 3)
		return -1;
	mon = (int)(m - months) / 3 + 1;
	p += 4;
	if (!digits_at(&p, 4, 4, &year) || *p++ != ' ' || !digits_at(&p, 2, 2, &hh) || *p++ != ':' ||
	    !digits_at(&p, 2, 2, &mm))
		return -1;
	if (*p == ':' && (p++, !digits_at(&p, 2, 2, &ss)))
		return -1;
	if (*p++ != ' ' || (*p != '+' && *p != '-'))
		return -1;
	sign = *p++ == '-' ? -1 : 1;
	if (!digits_at(&p, 2, 2, &zh) || !digits_at(&p, 2, 2, &zm) || p[strspn(p, " \t")])
		return -1;
	if (year < 1970 || year > 2100 || day < 1 || day > mdays[mon - 1] ||
	    (mon == 2 && day == 29 && (year % 4 || (year % 100 == 0 && year % 400))) ||
	    hh > 23 || mm > 59 || ss > 59 || zm > 59)
		return -1;
	*out = (time_t)(days_from_civil(year, mon, day) * 86400 + hh * 3600 + mm * 60 + ss -
			sign * (zh * 3600 + zm * 60));
	return 0;
}

static time_t date_of(const struct raw_value *v)
{
	GDateTime *date;
	char *value;
	time_t t = 0;

	if (!v->seen)
		return 0;
	value = header_value(v);
	if (!mail_header_date(value, &t)) {
		free(value);
		return t;
	}
	date = g_mime_utils_header_decode_date(value);
	free(value);
	if (date) {
		t = (time_t)g_date_time_to_unix(date);
		g_date_time_unref(date);
	}
	return t;
}

/*
 * Splits the header lines of buf (up to its blank line) as GMime's parser
 * does, into the message headers' raw values (raw; NULL for a MIME part,
 * which has none GMime's message reads) and the Content-* ones' (content),
 * whose lines go into part->lines when keep_lines.  -1 when a line might
 * be read otherwise by GMime.
 */
static int split_headers(struct raw_value *raw, struct raw_value *content, struct mail_part_headers *part,
			 int keep_lines, const char *buf, size_t len)
{
	const char *p = buf, *end = buf + len;
	struct raw_value *cur = NULL;
	int in_content = 0, i;

	for (;;) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		long n;

		/* the headers must end in a blank line (with no CR or NUL in them: below) */
		if (!nl)
			return -1;
		if (nl == p) {
			/* a message without headers is left to GMime too */
			if (p == buf)
				return -1;
			break;
		}
		if (*p == ' ' || *p == '\t') {
			/* a folded line goes on with the header before it, when there is one */
			if (p == buf)
				return -1;
		} else {
			if ((n = field_name(p, nl)) < 0)
				return -1;
			in_content = n >= 8 && (*p | 0x20) == 'c' && !strncasecmp(p, "Content-", 8);
			i = in_content ? field_index(content_names, MAIL_CONTENT_COUNT, p, (size_t)n)
			    : raw ? header_index(p, (size_t)n) : -1;
			cur = i < 0 ? NULL : in_content ? &content[i] : &raw[i];
			if (cur && cur->seen) {
				if (in_content)
					part->repeated = 1;
				else if (header_repeats[i] == KEEP_NONE)
					return -1;
				else if (header_repeats[i] == KEEP_FIRST)
					cur = NULL;
			}
			if (cur) {
				cur->seen = 1;
				cur->p = p + n + 1;
			}
		}
		if (in_content && keep_lines)
			strbuf_add(&part->lines, p, (size_t)(nl + 1 - p));
		if (cur)
			cur->len = (size_t)(nl + 1 - cur->p);
		p = nl + 1;
	}
	/* one look for a CR or a NUL in all the lines, not two a line */
	if (memchr(buf, '\r', (size_t)(p - buf)) || memchr(buf, '\0', (size_t)(p - buf)))
		return -1;
	part->body = (size_t)(p + 1 - buf);
	for (i = 0; i < MAIL_CONTENT_COUNT; i++)
		part->raw[i] = content[i].seen ? raw_string(&content[i]) : NULL;
	return 0;
}

int mail_part_headers_read(struct mail_part_headers *part, const char *buf, size_t len)
{
	struct raw_value content[MAIL_CONTENT_COUNT] = { { NULL, 0, 0 } };

	return split_headers(NULL, content, part, 0, buf, len);
}

int mail_headers_read(struct mail_message *m, struct mail_part_headers *part, const char *buf, size_t len)
{
	struct raw_value raw[H_COUNT] = { { NULL, 0, 0 } }, content[MAIL_CONTENT_COUNT] = { { NULL, 0, 0 } };
	char *from;

	strbuf_reset(&part->lines);
	if (split_headers(raw, content, part, 1, buf, len) < 0)
		return -1;
	/* the blank line ends the Content-* headers as it did the message's */
	strbuf_addch(&part->lines, '\n');
	if (author_of(&raw[H_FROM], &from) < 0)
		return -1;
	m->from = from;
	m->message_id = message_id_of(&raw[H_MESSAGE_ID]);
	m->subject = decoded_or_null(&raw[H_SUBJECT]);
	m->date = date_of(&raw[H_DATE]);
	m->in_reply_to = decoded_or_null(&raw[H_IN_REPLY_TO]);
	m->references = decoded_or_null(&raw[H_REFERENCES]);
	return 0;
}
