#include "parse.h"
#include "parse_duration.h"
#include "../core/strbuf.h"

#include <string.h>

/*
 * Whole numbers in a duration are short ("1:05.17", "0m2.129s"); a limit
 * keeps h * 3600 + m * 60 + s far from overflow without guessing.
 */
#define MAX_FIELD_DIGITS 9

/* isdigit in the C locale, without a ctype call: every time value goes through here */
static int is_digit(char c)
{
	return c >= '0' && c <= '9';
}

static size_t count_digits(const char *s, size_t len)
{
	size_t i = 0;

	while (i < len && is_digit(s[i]))
		i++;
	return i;
}

static long long field_value(const char *s, size_t n)
{
	long long v = 0;
	size_t i;

	for (i = 0; i < n; i++)
		v = v * 10 + (s[i] - '0');
	return v;
}

/* Seconds, optionally with a fraction: "3", "03.4", "2,129".  */
static int seconds_part(const char *s, size_t len, long long *whole,
			const char **frac, size_t *fraclen)
{
	size_t n = count_digits(s, len);

	if (!n || n > MAX_FIELD_DIGITS)
		return -1;
	*whole = field_value(s, n);
	*frac = NULL;
	*fraclen = 0;
	if (n == len)
		return 0;
	if (s[n] != '.' && s[n] != ',')
		return -1;
	*frac = s + n + 1;
	*fraclen = len - n - 1;
	if (!*fraclen || count_digits(*frac, *fraclen) != *fraclen)
		return -1;
	return 0;
}

/* "h:mm:ss[.f]", "m:ss[.f]", "mm:ss[.f]" */
static int colon_form(long long *total, const char **frac, size_t *fraclen,
		      const char *s, size_t len)
{
	long long fields[3];
	size_t nf = 0, i = 0;

	for (;;) {
		size_t n = count_digits(s + i, len - i);

		if (!n || n > MAX_FIELD_DIGITS || nf == 3)
			return -1;
		if (i + n == len || s[i + n] != ':') {
			long long sec;

			if (seconds_part(s + i, len - i, &sec, frac, fraclen) < 0 || n != 2)
				return -1;
			fields[nf++] = sec;
			break;
		}
		if (nf && n != 2)
			return -1;
		fields[nf++] = field_value(s + i, n);
		i += n + 1;
	}
	if (nf < 2)
		return -1;
	for (i = 1; i < nf; i++)
		if (fields[i] >= 60)
			return -1;
	*total = nf == 3 ? fields[0] * 3600 + fields[1] * 60 + fields[2]
			 : fields[0] * 60 + fields[1];
	return 0;
}

/*
 * A colon form, or one with a letter after it that names its first
 * field's unit: "7:14.9m" (m:ss), "1:02:03h" (h:mm:ss).
 */
static int colon_form_unit(long long *total, const char **frac, size_t *fraclen,
			   const char *s, size_t len)
{
	size_t colons = 0, i;
	char unit = s[len - 1];

	if (unit != 'm' && unit != 'h')
		return colon_form(total, frac, fraclen, s, len);
	for (i = 0; i < len; i++)
		colons += s[i] == ':';
	if (colons != (unit == 'm' ? 1u : 2u))
		return -1;
	return colon_form(total, frac, fraclen, s, len - 1);
}

/* "1h2m3.4s", "0m2.129s", "2.1s", "3m" */
static int unit_form(long long *total, const char **frac, size_t *fraclen,
		     const char *s, size_t len)
{
	static const struct { char unit; long long scale; } units[] = {
		{ 'h', 3600 }, { 'm', 60 }, { 's', 1 },
	};
	size_t i = 0, u = 0;
	int any = 0;

	*total = 0;
	*frac = NULL;
	*fraclen = 0;
	while (i < len) {
		size_t n = count_digits(s + i, len - i), end = i + n;
		long long whole = 0;

		if (!n || n > MAX_FIELD_DIGITS)
			return -1;
		if (end < len && (s[end] == '.' || s[end] == ',')) {
			end++;
			end += count_digits(s + end, len - end);
			if (end == i + n + 1)
				return -1;
		}
		if (end >= len)
			return -1;
		while (u < 3 && units[u].unit != s[end])
			u++;
		if (u == 3)
			return -1;
		if (end != i + n && units[u].unit != 's')
			return -1;   /* only seconds carry a fraction */
		if (seconds_part(s + i, end - i, &whole, frac, fraclen) < 0)
			return -1;
		/* a smaller unit after a bigger one stays below it */
		if (any && u && whole >= 60)
			return -1;
		*total += whole * units[u].scale;
		any = 1;
		u++;
		i = end + 1;
	}
	return any ? 0 : -1;
}

/* The whole seconds' digits, written backwards from end: "%lld" without printf's machinery. */
static char *whole_digits(char *end, long long v)
{
	unsigned long long u = v < 0 ? -(unsigned long long)v : (unsigned long long)v;

	do {
		*--end = (char)('0' + u % 10);
		u /= 10;
	} while (u);
	if (v < 0)
		*--end = '-';
	return end;
}

/*
 * Whether s is seconds that are written as posted: "0.07", "4,14", "16",
 * not "007" (written "7"); set in d if so.  below_minute: under 60 too.
 */
static int posted_seconds(struct duration *d, const char *s, size_t len, int below_minute)
{
	size_t n = count_digits(s, len);

	if (!n || n > MAX_FIELD_DIGITS || (n > 1 && s[0] == '0'))
		return 0;
	if (below_minute && (n > 2 || (n == 2 && s[0] > '5')))
		return 0;
	if (n < len && !((s[n] == '.' || s[n] == ',') && n + 1 < len &&
			 count_digits(s + n + 1, len - n - 1) == len - n - 1))
		return 0;
	d->whole = s;
	d->whole_len = n;
	d->frac = n == len ? NULL : s + n + 1;
	d->fraclen = n == len ? 0 : len - n - 1;
	return 1;
}

int duration_read(struct duration *d, const char *s, size_t len)
{
	long long total;
	size_t n;
	int r;

	if (!len || !is_digit(s[0]))
		return -1;
	/*
	 * Most are seconds ("0.07") or bash's "0m2.129s", whose seconds are
	 * what is written: copied as posted, not worked out.
	 */
	if (posted_seconds(d, s, len, 0) ||
	    (len > 3 && s[0] == '0' && s[1] == 'm' && s[len - 1] == 's' &&
	     posted_seconds(d, s + 2, len - 3, 1)))
		return 0;
	n = count_digits(s, len);
	/*
	 * Only a first field that ends in ':' can make a colon form; a ':'
	 * further on fails every form, so no search for one is needed.
	 */
	if (n < len && s[n] == ':')
		r = colon_form_unit(&total, &d->frac, &d->fraclen, s, len);
	else if (is_digit(s[len - 1]))
		r = seconds_part(s, len, &total, &d->frac, &d->fraclen);
	else
		r = unit_form(&total, &d->frac, &d->fraclen, s, len);
	if (r < 0)
		return -1;
	d->whole = whole_digits(d->digits + sizeof(d->digits), total);
	d->whole_len = (size_t)(d->digits + sizeof(d->digits) - d->whole);
	return 0;
}

size_t duration_len(const struct duration *d)
{
	return d->whole_len + (d->frac ? 1 + d->fraclen : 0);
}

void duration_write(char *out, const struct duration *d)
{
	size_t i;

	/* a few bytes each: a memcpy call costs more */
	for (i = 0; i < d->whole_len; i++)
		out[i] = d->whole[i];
	if (d->frac) {
		out = out + i + 1;
		out[-1] = '.';
		for (i = 0; i < d->fraclen; i++)
			out[i] = d->frac[i];
	}
}

int parse_duration(struct strbuf *out, const char *s, size_t len)
{
	struct duration d;
	size_t n;

	if (duration_read(&d, s, len) < 0)
		return -1;
	n = duration_len(&d);
	strbuf_grow(out, n);
	duration_write(out->buf + out->len, &d);
	strbuf_setlen(out, out->len + n);
	return 0;
}
