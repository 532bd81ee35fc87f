#include "import_quantity.h"
#include "../core/util.h"
#include "../parse/parse_duration.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

/*
 * Numbers with their units as people write them in sentences and lists.
 * Values are worked out exactly, in decimal: a mantissa and its count of
 * decimals, never through a double, so that "1.5 hours" is 5400 and
 * "250 ms" 0.25.
 */

/* A decimal: mantissa * 10^-dec. */
struct dec {
	long long m;
	int dec;
};

/* At most this many digits: mantissas times 3600 stay far from overflow. */
#define MAX_DIGITS 13

static int is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/* Between a number and its unit: blanks, a line end in text that joins lines */
static const char *skip_blanks(const char *p)
{
	while (*p == ' ' || *p == '\t' || *p == '\n')
		p++;
	return p;
}

/* Whether a thousands group ",ddd" starts at p: three digits, then no fourth. */
static int thousands_group(const char *p)
{
	return p[0] == ',' && is_digit(p[1]) && is_digit(p[2]) && is_digit(p[3]) && !is_digit(p[4]);
}

/*
 * "45", "1.5", "0.000512", "1,201,333": where it ends (s when there is no
 * number), into *d.
 */
static const char *read_dec(struct dec *d, const char *s)
{
	const char *p = s;
	int n = 0;

	d->m = 0;
	d->dec = 0;
	for (;;) {
		for (; is_digit(*p); p++)
			if (++n <= MAX_DIGITS)
				d->m = d->m * 10 + (*p - '0');
		/* "1,201,333": groups of three after a first group of one to three */
		if (!thousands_group(p) || (p - s > 3 && !memchr(s, ',', (size_t)(p - s))))
			break;
		p++;
	}
	if (p == s || n > MAX_DIGITS)
		return s;
	if (*p == '.' && is_digit(p[1])) {
		for (p++; is_digit(*p); p++) {
			if (++n > MAX_DIGITS)
				return s;
			d->m = d->m * 10 + (*p - '0');
			d->dec++;
		}
	}
	return p;
}

static void align(struct dec *a, int dec)
{
	while (a->dec < dec) {
		a->m *= 10;
		a->dec++;
	}
}

/* Writes d, without the zeros a scaled fraction ends in. */
static void write_dec(char *out, size_t size, struct dec d)
{
	long long whole, frac, p = 1;
	int i;

	while (d.dec > 0 && d.m % 10 == 0) {
		d.m /= 10;
		d.dec--;
	}
	for (i = 0; i < d.dec; i++)
		p *= 10;
	whole = d.m / p;
	frac = d.m % p;
	if (d.dec)
		snprintf(out, size, "%lld.%0*lld", whole, d.dec, frac);
	else
		snprintf(out, size, "%lld", whole);
}

/* The time units and how many seconds each is (negative: a fraction of one, 10^-n). */
#define UNIT(s, scale, glued) { s, sizeof(s) - 1, scale, glued }
static const struct {
	const char *name;
	size_t n;
	int scale;
	int glued_only;   /* "3m" and "2h" glued; "3 m" is no time, "12 s" is */
} time_units[] = {
	UNIT("seconds", 1, 0), UNIT("second", 1, 0), UNIT("secs", 1, 0), UNIT("sec", 1, 0), UNIT("s", 1, 0),
	UNIT("minutes", 60, 0), UNIT("minute", 60, 0), UNIT("mins", 60, 0), UNIT("min", 60, 0), UNIT("m", 60, 1),
	UNIT("hours", 3600, 0), UNIT("hour", 3600, 0), UNIT("hrs", 3600, 0), UNIT("hr", 3600, 0), UNIT("h", 3600, 1),
	UNIT("milliseconds", -3, 0), UNIT("msecs", -3, 0), UNIT("msec", -3, 0), UNIT("ms", -3, 0),
	UNIT("microseconds", -6, 0), UNIT("usecs", -6, 0), UNIT("usec", -6, 0), UNIT("us", -6, 0),
};
#undef UNIT

static int word_end(char c)
{
	return !isalnum((unsigned char)c) && c != '_' && c != '/';
}

/* The time unit at p (glued: right after the number); its index, or -1. */
static int time_unit_at(const char *p, int glued, size_t *len)
{
	size_t i;

	/* most numbers are followed by no unit: the first byte rules a name out before it is compared */
	for (i = 0; i < ARRAY_SIZE(time_units); i++) {
		size_t n = time_units[i].n;

		/* "2m.80s" is no "2m" */
		if (time_units[i].name[0] == *p && (glued || !time_units[i].glued_only) &&
		    !strncmp(p, time_units[i].name, n) && word_end(p[n]) && !(p[n] == '.' && is_digit(p[n + 1]))) {
			*len = n;
			return (int)i;
		}
	}
	return -1;
}

static void scale(struct dec *d, int by)
{
	if (by > 0)
		d->m *= by;
	else
		d->dec -= by;
}

/*
 * "4 minutes 20 seconds", "33 min 53 secs", "1 hour, 5 minutes", "22
 * minutes": parts of falling units, the first part's number d already
 * read up to e; the end of the last, or NULL.
 */
static const char *spelled_duration(struct dec *total, struct dec d, const char *e)
{
	const char *p, *end = NULL;
	int last = 0;

	total->m = 0;
	total->dec = 0;
	for (;;) {
		const char *u = skip_blanks(e);
		size_t n;
		int k;

		k = time_unit_at(u, u == e, &n);
		if (k < 0 || (last && time_units[k].scale >= last) || (last && time_units[k].scale < 0))
			break;
		scale(&d, time_units[k].scale);
		align(total, d.dec);
		align(&d, total->dec);
		total->m += d.m;
		end = u + n;
		last = time_units[k].scale;
		if (last <= 1)
			break;
		/* the next part: ", 5 minutes", " and 20 seconds", " 20 secs" */
		p = end;
		if (*p == ',')
			p++;
		p = skip_blanks(p);
		if (!strncmp(p, "and ", 4))
			p += 4;
		if ((e = read_dec(&d, p)) == p)
			break;
	}
	return end;
}

/* "1m.05s": minutes, a dot, two digits of seconds (an old notation); the minutes m read up to p */
static const char *minutes_dot_seconds(struct dec *total, const struct dec *m, const char *p)
{
	if (m->dec || p[0] != 'm' || p[1] != '.' || !is_digit(p[2]) || !is_digit(p[3]) ||
	    p[4] != 's' || !word_end(p[5]) || (p[2] - '0') * 10 + (p[3] - '0') >= 60)
		return NULL;
	total->m = m->m * 60 + (p[2] - '0') * 10 + (p[3] - '0');
	total->dec = 0;
	return p + 5;
}

/* "2m05s", "1:05", "1:02:03.5", "0m2.129s": the parse layer's duration forms */
static const char *compact_duration(struct quantity *q, const char *s)
{
	struct duration d;
	size_t n = strcspn(s, " \t,;()[]<>\"'"), k;

	while (n && strchr(".:", s[n - 1]))
		n--;
	/* only a token with a ':' or a time unit letter in it: plain numbers are read elsewhere */
	for (k = 0; k < n && (is_digit(s[k]) || s[k] == '.'); k++)
		;
	if (k == n || duration_read(&d, s, n) < 0 || duration_len(&d) >= sizeof(q->value))
		return NULL;
	duration_write(q->value, &d);
	q->value[duration_len(&d)] = '\0';
	return s + n;
}

/* A word a unit may be made of, with its length. */
struct unit_word {
	const char *s;
	size_t n;
};
#define WORD(s) { s, sizeof(s) - 1 }

/* A rate's unit at p: its length, 0 when none.  *bits: in bits, *metric: what it measures. */
static size_t rate_unit_at(const char *p, int *bits, const char **metric)
{
	/* per second, or per minute; "ps" only glued to bits or bytes ("Mbps", "MBps") */
	static const struct { struct unit_word w; int bytes_only; } per[] = {
		{ WORD("/second"), 0 }, { WORD("/sec"), 0 }, { WORD("/s"), 0 }, { WORD(" per second"), 0 },
		{ WORD("ps"), 1 }, { WORD("/min"), 0 }, { WORD(" per minute"), 0 },
	};
	static const struct unit_word bytes[] = {
		WORD("megabytes"), WORD("kilobytes"), WORD("gigabytes"), WORD("Mbytes"), WORD("MBytes"),
		WORD("kbytes"), WORD("Kbytes"), WORD("KBytes"), WORD("GBytes"), WORD("bytes"),
	};
	static const struct unit_word things[] = {
		WORD("files"), WORD("ops"), WORD("op"), WORD("requests"), WORD("req"), WORD("transactions"),
		WORD("trans"), WORD("IOs"), WORD("ios"), WORD("jobs"),
	};
	size_t n = 0, i;
	int of_bytes = 1, lower = tolower((unsigned char)*p);

	*bits = 0;
	/* every unit starts with a letter: after most numbers stands a blank or punctuation */
	if (!isalpha((unsigned char)*p))
		return 0;
	/* as in time_unit_at, a word whose first byte differs is not compared */
	for (i = 0; i < ARRAY_SIZE(bytes) && !n; i++)
		if (bytes[i].s[0] == *p && !strncmp(p, bytes[i].s, bytes[i].n))
			n = bytes[i].n;
	if (!n) {
		/* "MB", "MiB", "Mb", "KB", "kB", "GiB", "B", "Mbit", "Gbit" */
		if (p[0] && strchr("KkMGT", p[0]))
			n++;
		if (n && p[n] == 'i')
			n++;
		if (p[n] == 'B') {
			n++;
		} else if (p[n] == 'b' && n) {
			*bits = 1;
			n += strncmp(p + n, "bit", 3) ? 1 : 3;
		} else {
			n = 0;
		}
	}
	for (i = 0; i < ARRAY_SIZE(things) && !n; i++) {
		/* "files/sec" and, heading a column, "Files/sec" */
		if (tolower((unsigned char)things[i].s[0]) == lower && !strncasecmp(p, things[i].s, things[i].n)) {
			n = things[i].n;
			of_bytes = 0;
		}
	}
	if (!n)
		return 0;
	for (i = 0; i < ARRAY_SIZE(per); i++) {
		size_t k = per[i].w.n;

		if ((!per[i].bytes_only || of_bytes) && !strncmp(p + n, per[i].w.s, k) && word_end(p[n + k])) {
			*metric = of_bytes && strstr(per[i].w.s, "min") == NULL ? "throughput" : "rate";
			return n + k;
		}
	}
	return 0;
}
#undef WORD

/* The number as posted, without its thousands separators. */
static void posted(struct quantity *q, const char *s, const char *e)
{
	size_t n = 0;

	for (; s < e && n + 1 < sizeof(q->value); s++)
		if (*s != ',')
			q->value[n++] = *s;
	q->value[n] = '\0';
}

static void set_unit(struct quantity *q, const char *s, size_t n)
{
	if (n >= sizeof(q->unit))
		n = sizeof(q->unit) - 1;
	memcpy(q->unit, s, n);
	q->unit[n] = '\0';
}

/* "12.5k IOPS", "9000 iops", "63k": a count with a multiplier worked out */
static const char *iops_at(struct quantity *q, struct dec *d, const char *p)
{
	const char *u = p;

	if (*u == 'k' || *u == 'K')
		u++;
	if (u > p && !word_end(*u) && *u != ' ')
		return NULL;
	u = skip_blanks(u);
	if ((strncmp(u, "IOPS", 4) && strncmp(u, "iops", 4)) || !word_end(u[4]))
		return NULL;
	if (u > p && (*p == 'k' || *p == 'K'))
		scale(d, 1000);
	write_dec(q->value, sizeof(q->value), *d);
	set_unit(q, "IOPS", 4);
	q->metric = "iops";
	q->kind = QUANTITY_RATE;
	return u + 4;
}

int import_quantity(struct quantity *q, const char *s)
{
	const char *start = s, *p, *u, *e;
	struct dec d, t;
	size_t n;

	memset(q, 0, sizeof(*q));
	if (*s == '~') {
		q->approx = 1;
		s++;
	}
	p = read_dec(&d, s);
	if (p == s)
		return -1;
	q->kind = QUANTITY_DURATION;
	q->metric = "elapsed";
	strcpy(q->unit, "s");
	/* the number is read once: the duration forms go on from where it ends */
	if ((e = minutes_dot_seconds(&t, &d, p)) || (e = spelled_duration(&t, d, p))) {
		write_dec(q->value, sizeof(q->value), t);
		q->len = (size_t)(e - start);
		return 0;
	}
	if ((e = compact_duration(q, s))) {
		q->len = (size_t)(e - start);
		return 0;
	}
	if ((e = iops_at(q, &d, p))) {
		q->len = (size_t)(e - start);
		return 0;
	}
	/* a rate's unit glued to the number, or after blanks */
	u = p;
	n = rate_unit_at(u, &q->bits, &q->metric);
	if (!n) {
		u = skip_blanks(u);
		n = u > p ? rate_unit_at(u, &q->bits, &q->metric) : 0;
	}
	if (n) {
		q->kind = QUANTITY_RATE;
		posted(q, s, p);
		set_unit(q, u, n);
		q->len = (size_t)(u + n - start);
		return 0;
	}
	/* a version, a date, a name with digits in it: "2.6.17", "3.14-rc1", "2004-02-20", "2559ext3" */
	if (isalnum((unsigned char)*p) || (*p && strchr(".-/:", *p) && is_digit(p[1])) ||
	    (*p == '-' && isalpha((unsigned char)p[1])))
		return -1;
	q->metric = NULL;
	q->unit[0] = '\0';
	posted(q, s, p);
	if (*p == '%') {
		q->kind = QUANTITY_PERCENT;
		q->len = (size_t)(p + 1 - start);
		return 0;
	}
	q->kind = QUANTITY_NUMBER;
	q->len = (size_t)(p - start);
	return 0;
}
