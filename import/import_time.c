#include "import_time.h"
#include "../parse/parse_duration.h"
#include "../core/strbuf.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

int import_time_metric(const char *metric)
{
	/* called on every value of every block: the first letter picks the one word to compare */
	switch (metric[0]) {
	case 'e': return !strcmp(metric, "elapsed");
	case 'u': return !strcmp(metric, "user");
	case 's': return !strcmp(metric, "sys");
	case 'c': return !strcmp(metric, "cpu");
	}
	return 0;
}

/*
 * Whether a start word stands at p (s is the line): "user", "real",
 * "Command", "time (" (GNU time -v's "User time (seconds)") and tcsh's
 * "0.010u " after a digit.  Each compare stops at the first byte that
 * differs: no more is read past the line than its NUL or '\n'.
 */
static int start_word_at(const char *s, const char *p)
{
	switch (*p) {
	case 'u':
		return (p[1] == 's' && p[2] == 'e' && p[3] == 'r') ||
		       (p > s && isdigit((unsigned char)p[-1]) && (p[1] == ' ' || p[1] == '\t'));
	case 'r':
		return p[1] == 'e' && p[2] == 'a' && p[3] == 'l';
	case 'C':
		return !strncmp(p + 1, "ommand", 6);
	case 't':
		return p[1] == 'i' && p[2] == 'm' && p[3] == 'e' && p[4] == ' ' && p[5] == '(';
	}
	return 0;
}

/*
 * Whether the len bytes at s hold a start word and a digit.  s[len] is
 * read (a NUL or the line's '\n') but nothing past it.  A start word is
 * far rarer than a digit, so it is looked for first and the digits only
 * in a line that has one.
 */
static int may_start_n(const char *s, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++)
		if ((s[i] == 'u' || s[i] == 'r' || s[i] == 'C' || s[i] == 't') && start_word_at(s, s + i))
			break;
	if (i == len)
		return 0;
	for (i = 0; i < len; i++)
		if (s[i] >= '0' && s[i] <= '9')
			return 1;
	return 0;
}

int import_time_may_start(const char *s)
{
	return may_start_n(s, strlen(s));
}

/*
 * Whether line i of sc may start a block.  A line not yet set is looked
 * at where it stands in the scan's text, not copied first: most lines
 * asked about are turned away here.  Its '\r', quote markers and NUL
 * bytes (which the copy drops or changes) are none of them a digit or a
 * start word's byte, nor stand where one would be read.
 */
static int line_may_start(struct scan *sc, size_t i)
{
	const struct scan_line *l;

	if (sc->starts && !sc->line_set[i])
		return may_start_n(sc->text + sc->starts[i], sc->starts[i + 1] - 1 - sc->starts[i]);
	l = scan_line(sc, i);
	return may_start_n(l->s, l->len);
}

int import_time_at(struct scan *sc, size_t i, struct time_block *b, int *line_form)
{
	size_t f;

	*line_form = 0;
	if (i >= sc->nr || !line_may_start(sc, i))
		return 0;
	for (f = 0; f < time_forms_nr; f++) {
		int r;

		b->first = i;
		r = time_forms[f].read(sc, i, b);
		if (r) {
			*line_form = time_forms[f].one_line;
			return r;
		}
	}
	return 0;
}

int import_time_starts(struct scan *sc, size_t i)
{
	size_t f;

	if (i >= sc->nr || !line_may_start(sc, i))
		return 0;
	for (f = 0; f < time_forms_nr; f++)
		if (time_forms[f].starts(sc, i))
			return 1;
	return 0;
}

/* How many bytes of s (n bytes) import_number takes (a '%' after it is dropped); 0 if none. */
static size_t number_len(const char *s, size_t n)
{
	size_t i = 0, digits = 0;

	if (n && s[n - 1] == '%')
		n--;
	if (!n || n > 24)
		return 0;
	for (i = 0; i < n && s[i] >= '0' && s[i] <= '9'; i++)
		digits++;
	if (i < n && (s[i] == '.' || s[i] == ',')) {
		size_t j = i + 1;

		while (j < n && s[j] >= '0' && s[j] <= '9')
			j++;
		if (j == i + 1)
			return 0;
		digits += j - i - 1;
		i = j;
	}
	if (i != n || !digits || !(s[0] >= '0' && s[0] <= '9'))
		return 0;
	return n;
}

/* Writes the n bytes of number s with its decimal comma (number_len lets one by) as '.'. */
static void put_number(char *out, const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		out[i] = s[i] == ',' ? '.' : s[i];
}

static void add_number(struct strbuf *sb, const char *s, size_t n)
{
	strbuf_grow(sb, n);
	put_number(sb->buf + sb->len, s, n);
	strbuf_setlen(sb, sb->len + n);
}

char *import_number(const char *s, size_t n)
{
	char *v;

	if (!(n = number_len(s, n)))
		return NULL;
	v = xmalloc(n + 1);
	put_number(v, s, n);
	v[n] = '\0';
	return v;
}

/* Table cells and dd's seconds: the exact size at once, no strbuf growing. */
char *import_seconds(const char *s, size_t n)
{
	struct duration d;
	char *v;

	if (duration_read(&d, s, n) < 0)
		return NULL;
	n = duration_len(&d);
	v = xmalloc(n + 1);
	duration_write(v, &d);
	v[n] = '\0';
	return v;
}

/*
 * strstr(s, " copied, ") by way of the commas, rare in the lines asked
 * about: glibc's strstr for a short needle is slow in real time here.
 */
static const char *find_copied(const char *s)
{
	const char *c;

	for (c = strchr(s, ','); c; c = strchr(c + 1, ','))
		if (c - s >= 7 && !memcmp(c - 7, " copied", 7) && c[1] == ' ')
			return c - 7;
	return NULL;
}

int import_dd_line(struct import_dd *out, const char *s)
{
	const char *c = find_copied(s), *p, *e;
	struct strbuf sb = STRBUF_INIT;
	size_t rate = 0, unit = 0, n;

	memset(out, 0, sizeof(*out));
	if (!c || !strstr(s, " bytes"))
		return 0;
	p = c + 9;
	e = p + strcspn(p, " ,");
	/* the three strings in one block, the seconds first: one malloc, one free */
	strbuf_grow(&sb, 64);
	if (parse_duration(&sb, p, e - p) < 0) {
		strbuf_release(&sb);
		return 0;
	}
	strbuf_addch(&sb, '\0');
	/* "5.2 s, 101 MB/s" or "5.2 seconds, 101 MB/s" */
	p = strchr(e, ',');
	if (p) {
		p += 1 + strspn(p + 1, " ");
		e = p + strcspn(p, " ");
		if ((n = number_len(p, e - p))) {
			rate = sb.len;
			add_number(&sb, p, n);
			strbuf_addch(&sb, '\0');
			p = e + strspn(e, " ");
			unit = sb.len;
			strbuf_add(&sb, p, strcspn(p, " \t\r"));
		}
	}
	out->seconds = strbuf_detach(&sb, NULL);
	out->rate = rate ? out->seconds + rate : NULL;
	out->rate_unit = unit ? out->seconds + unit : NULL;
	return 1;
}

void import_dd_release(struct import_dd *d)
{
	free(d->seconds);   /* rate and rate_unit too */
	memset(d, 0, sizeof(*d));
}
