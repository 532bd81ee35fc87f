#include "parse_fio.h"
#include "../core/util.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

/*
 * fio's numbers in its text report, into a job's metrics: units as fio
 * prints them ("usec", "(  KiB/s)", fio 2's "(KB  /s)") made ours, its k
 * and M scales moved into the digits or the unit, "key=value" lists read
 * by a table of keys.  parse_fio_text.c reads the lines; this file the
 * values on them.
 */

/*
 * Whether u is a unit fio prints glued to a number: a time (after
 * fio_unit_name), bytes or bytes a second with an optional SI or IEC
 * prefix ("KB/s", "MiB/s", "B/s"), or a percentage.
 */
static int known_unit(const char *u)
{
	static const char *const times[] = { "ns", "us", "ms", "s", "%" };
	size_t i;

	for (i = 0; i < ARRAY_SIZE(times); i++)
		if (!strcmp(u, times[i]))
			return 1;
	if (*u && strchr("kKMGTPE", *u) && *++u == 'i')
		u++;
	if (*u++ != 'B')
		return 0;
	return !*u || !strcmp(u, "/s");
}

const char *fio_unit_name(const char *u, size_t n, char *buf, size_t size)
{
	static const struct { const char *printed, *unit; } names[] = {
		{ "nsec", "ns" }, { "usec", "us" }, { "msec", "ms" }, { "sec", "s" },
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(names); i++)
		if (strlen(names[i].printed) == n && !memcmp(u, names[i].printed, n))
			return names[i].unit;
	if (n >= size)
		n = size - 1;
	memcpy(buf, u, n);
	buf[n] = '\0';
	return buf;
}

/* The unit one step up for fio's k and M: "ns" with k is "us". */
static void scaled_unit(char *out, size_t size, const char *unit, char scale)
{
	static const char *const times[] = { "ns", "us", "ms", "s" };
	size_t i, step = scale == 'k' ? 1 : 2;

	for (i = 0; i + step < ARRAY_SIZE(times); i++) {
		if (unit && !strcmp(unit, times[i])) {
			snprintf(out, size, "%s", times[i + step]);
			return;
		}
	}
	snprintf(out, size, "%c%s", scale, unit ? unit : "");
}

/* "13.3" with k (zeros 3) as "13300": the decimal point moved, nothing rounded. */
static void expand_scale(char *out, size_t size, const char *s, size_t n, size_t zeros)
{
	const char *dot = memchr(s, '.', n);
	size_t whole = dot ? (size_t)(dot - s) : n, frac = dot ? n - whole - 1 : 0, k, w = 0;
	char tmp[64];
	const char *digits = tmp;

	for (k = 0; k < whole && w < sizeof(tmp) - 1; k++)
		tmp[w++] = s[k];
	for (k = 0; k < zeros && w < sizeof(tmp) - 1; k++)
		tmp[w++] = k < frac ? dot[1 + k] : '0';
	tmp[w] = '\0';
	while (digits[0] == '0' && digits[1])
		digits++;
	if (frac > zeros)
		snprintf(out, size, "%s.%.*s", digits, (int)(frac - zeros), dot + 1 + zeros);
	else
		snprintf(out, size, "%s", digits);
}

static int is_time_unit(const char *unit)
{
	return unit && (!strcmp(unit, "ns") || !strcmp(unit, "us") || !strcmp(unit, "ms") ||
			!strcmp(unit, "s"));
}

/* The line of a wrapped line's parts that s (in its joined text) stands on. */
static size_t line_of(const struct fio_text *ft, size_t idx, const char *s)
{
	size_t lo = 0, hi, at;

	if (!ft->joined || s < ft->joined)
		return idx;
	at = (size_t)(s - ft->joined);
	/* the last part starting at or before at: parts are as many as the lines wrapped */
	hi = ft->parts;
	while (hi - lo > 1) {
		size_t mid = lo + (hi - lo) / 2;

		if (ft->part[mid] <= at)
			lo = mid;
		else
			hi = mid;
	}
	return idx + lo;
}

/*
 * Adds "13.3k", "52.1MiB/s", "2001msec" as metric: digits, then an
 * optional k/M scale (when unit is given) or the unit glued after them.
 * unit NULL: the unit is what follows the digits.
 */
int fio_add_number(struct fio_text *ft, size_t idx, const char *metric, const char *s, size_t n,
		   const char *unit)
{
	struct scan_tok num = { s, 0 };
	char buf[32], scaled[40], digits[72];

	while (n && (*s == ' ' || *s == '[')) {
		s++;
		n--;
	}
	while (n && (s[n - 1] == ' ' || s[n - 1] == ']' || s[n - 1] == ','))
		n--;
	num.s = s;
	idx = line_of(ft, idx, s);
	while (num.len < n && (isdigit((unsigned char)s[num.len]) || s[num.len] == '.'))
		num.len++;
	if (!num.len)
		return -1;
	if (unit && !*unit) {
		if (num.len < n)
			return -1;   /* a count: nothing may follow its digits */
		unit = NULL;
	} else if (unit) {
		if (num.len < n) {
			/* fio 2.0 wrote "1805.8K" */
			char scale = s[num.len] == 'K' ? 'k' : s[num.len];

			if (num.len + 1 != n || (scale != 'k' && scale != 'M'))
				return -1;
			if (!is_time_unit(unit) && num.len < 32) {
				expand_scale(digits, sizeof(digits), num.s, num.len, scale == 'k' ? 3 : 6);
				num.s = digits;
				num.len = strlen(digits);
			} else {
				scaled_unit(scaled, sizeof(scaled), unit, scale);
				unit = scaled;
			}
		}
	} else if (num.len < n) {
		size_t gap = strspn(s + num.len, " ");   /* fio 2.0: "bw=618740 B/s" */

		unit = fio_unit_name(s + num.len + gap, n - num.len - gap, buf, sizeof(buf));
		/* "91x0KB/s" is a damaged number, not 91 "x0KB/s" */
		if (!known_unit(unit))
			return -1;
	}
	if (!strcmp(unit ? unit : "", "%"))
		unit = "%";
	return pending_number(&ft->p, idx, metric, unit, &num, 0, 0);
}

/* "key=value, key=value" of s into metrics prefix-key; 0, or -1 on an odd value. */
int fio_add_pairs(struct fio_text *ft, size_t idx, const char *prefix, const char *s,
		  const struct fio_key *keys, size_t nkeys)
{
	char metric[64];
	int ret = 0;

	while (*s) {
		const char *eq = strchr(s, '='), *end, *vend;
		size_t k, klen;
		char mark;

		if (!eq)
			break;
		while (*s == ' ' || *s == ',')
			s++;
		end = strchr(eq, ',');
		if (!end)
			end = eq + strlen(eq);
		/* "*iops=463*": a field a mail client emphasised (HTML bold as text), read without the marks */
		for (vend = end; vend > eq + 1 && (vend[-1] == ' ' || vend[-1] == '\t'); vend--)
			;
		mark = *s == '*' || *s == '_' ? *s : 0;
		if (mark && vend > eq + 1 && vend[-1] == mark) {
			s++;
			vend--;
		} else {
			vend = end;
		}
		klen = (size_t)(eq - s);
		for (k = 0; k < nkeys; k++) {
			if (strlen(keys[k].key) != klen || memcmp(s, keys[k].key, klen))
				continue;
			snprintf(metric, sizeof(metric), "%s%s", prefix, keys[k].metric);
			if (fio_add_number(ft, idx, metric, eq + 1, (size_t)(vend - eq - 1),
				       keys[k].unit) < 0) {
				scan_damaged(ft->sc, idx, "expected a number after '%.*s=' in fio's report",
					     (int)klen, s);
				ret = -1;
			}
		}
		s = *end ? end + 1 : end;
	}
	return ret;
}

/* The unit in "(usec)" or "(  KiB/s)" of s, NULL without one. */
const char *fio_paren_unit(const char *s, char *buf, size_t size)
{
	const char *open = strchr(s, '('), *close;
	char packed[24];
	size_t n;

	if (!open || !(close = strchr(open, ')')))
		return NULL;
	/* fio 2 pads it: "(KB  /s)" */
	for (n = 0, open++; open < close && n + 1 < sizeof(packed); open++)
		if (*open != ' ')
			packed[n++] = *open;
	return fio_unit_name(packed, n, buf, size);
}
