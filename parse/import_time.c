#include "import_time.h"
#include "../core/strbuf.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

struct tok {
	const char *p;
	size_t n;
};

#define MAX_TOKS 48

static int tokenize(struct tok *t, const char *s)
{
	int nr = 0;

	while (*s && nr < MAX_TOKS) {
		while (*s == ' ' || *s == '\t')
			s++;
		if (!*s)
			break;
		t[nr].p = s;
		while (*s && *s != ' ' && *s != '\t')
			s++;
		t[nr].n = s - t[nr].p;
		nr++;
	}
	return nr;
}

static int tok_is(const struct tok *t, const char *w)
{
	return t->n == strlen(w) && !strncasecmp(t->p, w, t->n);
}

/* Digits with at most one decimal separator; returns the digits after it. */
static int decimal(const char *s, size_t n, size_t *int_len, const char **frac, size_t *frac_len)
{
	size_t i = 0;

	while (i < n && isdigit((unsigned char)s[i]))
		i++;
	if (!i)
		return 0;
	*int_len = i;
	*frac = NULL;
	*frac_len = 0;
	if (i < n && (s[i] == '.' || s[i] == ',')) {
		size_t j = i + 1;

		while (j < n && isdigit((unsigned char)s[j]))
			j++;
		if (j == i + 1)
			return 0;
		*frac = s + i + 1;
		*frac_len = j - i - 1;
		i = j;
	}
	return i == n;
}

char *import_number(const char *s, size_t n)
{
	size_t il, fl;
	const char *frac;
	struct strbuf sb = STRBUF_INIT;

	if (n && s[n - 1] == '%')
		n--;
	if (n > 24 || !decimal(s, n, &il, &frac, &fl))
		return NULL;
	strbuf_add(&sb, s, il);
	if (frac) {
		strbuf_addch(&sb, '.');
		strbuf_add(&sb, frac, fl);
	}
	return strbuf_detach(&sb, NULL);
}

static long long digits_value(const char *s, size_t n)
{
	long long v = 0;
	size_t i;

	for (i = 0; i < n && v < 100000000; i++)
		v = v * 10 + (s[i] - '0');
	return v;
}

char *import_seconds(const char *s, size_t n)
{
	long long whole = 0;
	const char *frac = NULL;
	size_t fl = 0, i = 0, il;
	struct strbuf sb = STRBUF_INIT;
	int fields = 0;

	if (n && s[n - 1] == 's')
		n--;
	if (!n || n > 24)
		return NULL;
	/* bash: [Nm]N.NNN */
	for (i = 0; i < n && isdigit((unsigned char)s[i]); i++)
		;
	if (i && i < n && s[i] == 'm') {
		whole = digits_value(s, i) * 60;
		s += i + 1;
		n -= i + 1;
		if (!decimal(s, n, &il, &frac, &fl))
			return NULL;
		whole += digits_value(s, il);
		goto out;
	}
	/* [[h:]m:]s[.cc] */
	for (;;) {
		const char *colon = memchr(s, ':', n);
		size_t part = colon ? (size_t)(colon - s) : n;

		if (!colon) {
			if (!decimal(s, part, &il, &frac, &fl))
				return NULL;
			if (fields && il != 2)
				return NULL;
			whole = whole * 60 + digits_value(s, il);
			break;
		}
		if (++fields > 2 || !part || part > 3)
			return NULL;
		for (i = 0; i < part; i++)
			if (!isdigit((unsigned char)s[i]))
				return NULL;
		whole = whole * 60 + digits_value(s, part);
		s += part + 1;
		n -= part + 1;
	}
out:
	strbuf_addf(&sb, "%lld", whole);
	if (frac) {
		strbuf_addch(&sb, '.');
		strbuf_add(&sb, frac, fl);
	}
	return strbuf_detach(&sb, NULL);
}

static int add(struct import_time *t, const char *metric, char *value, const char *unit)
{
	if (!value || t->nr >= IMPORT_MAX_NUMS) {
		free(value);
		return 0;
	}
	t->v[t->nr].metric = metric;
	t->v[t->nr].value = value;
	t->v[t->nr].unit = unit;
	t->v[t->nr].unit_owned = NULL;
	t->nr++;
	return 1;
}

static char *label_before(const char *s, const struct tok *first)
{
	const char *e = first->p;

	while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == ':'))
		e--;
	s = s + strspn(s, " \t");
	return e > s ? xstrndup(s, e - s) : NULL;
}

static char *label_after(const struct tok *t, int from, int nr)
{
	if (from >= nr)
		return NULL;
	return xstrdup(t[from].p);
}

/* "real 0m2.129s  decompressing" (bash), "real 2.12" (-p) */
static int bash_part(struct import_time *out, const struct tok *t, int nr)
{
	static const struct { const char *word, *metric; } parts[] = {
		{ "real", "elapsed" }, { "user", "user" }, { "sys", "sys" }, { NULL, NULL },
	};
	int i;

	if (nr < 2)
		return 0;
	for (i = 0; parts[i].word; i++) {
		if (!tok_is(&t[0], parts[i].word))
			continue;
		if (!add(out, parts[i].metric, import_seconds(t[1].p, t[1].n), "s"))
			return 0;
		out->label = label_after(t, 2, nr);
		return 1;
	}
	return 0;
}

/* The token's number when it ends with suffix ("4.14system"). */
static char *suffixed(const struct tok *t, const char *suffix, int seconds)
{
	size_t n = strlen(suffix);

	if (t->n <= n || strncasecmp(t->p + t->n - n, suffix, n))
		return NULL;
	return seconds ? import_seconds(t->p, t->n - n) : import_number(t->p, t->n - n);
}

/* GNU: "0.00user 4.14system 0:15.76elapsed 26%CPU (...)" */
static int gnu_line(struct import_time *out, const char *s, const struct tok *t, int nr)
{
	int i;

	for (i = 0; i + 2 < nr; i++) {
		char *u = suffixed(&t[i], "user", 1);

		if (!u)
			continue;
		add(out, "user", u, "s");
		if (!add(out, "sys", suffixed(&t[i + 1], "system", 1), "s") ||
		    !add(out, "elapsed", suffixed(&t[i + 2], "elapsed", 1), "s"))
			return 0;
		if (i + 3 < nr)
			add(out, "cpu", suffixed(&t[i + 3], "%CPU", 0), "%");
		out->label = i ? label_before(s, &t[i]) : NULL;
		return 1;
	}
	return 0;
}

/* zsh: "label  0.07s user 3.50s system 99% cpu 3.594 total" */
static int zsh_line(struct import_time *out, const char *s, const struct tok *t, int nr)
{
	int i;

	for (i = 0; i + 3 < nr; i++) {
		if (!tok_is(&t[i + 1], "user") || !tok_is(&t[i + 3], "system"))
			continue;
		if (!add(out, "user", import_seconds(t[i].p, t[i].n), "s") ||
		    !add(out, "sys", import_seconds(t[i + 2].p, t[i + 2].n), "s"))
			return 0;
		if (i + 7 < nr && tok_is(&t[i + 5], "cpu") && tok_is(&t[i + 7], "total")) {
			add(out, "cpu", import_number(t[i + 4].p, t[i + 4].n), "%");
			add(out, "elapsed", import_seconds(t[i + 6].p, t[i + 6].n), "s");
		} else if (i + 5 < nr && tok_is(&t[i + 5], "total")) {
			add(out, "elapsed", import_seconds(t[i + 4].p, t[i + 4].n), "s");
		}
		out->label = i ? label_before(s, &t[i]) : NULL;
		return 1;
	}
	return 0;
}

/* BSD: "1.50 real 0.03 user 1.43 sys" */
static int bsd_line(struct import_time *out, const char *s, const struct tok *t, int nr)
{
	int i;

	for (i = 0; i + 5 < nr; i++) {
		if (!tok_is(&t[i + 1], "real") || !tok_is(&t[i + 3], "user") || !tok_is(&t[i + 5], "sys"))
			continue;
		if (!add(out, "elapsed", import_seconds(t[i].p, t[i].n), "s") ||
		    !add(out, "user", import_seconds(t[i + 2].p, t[i + 2].n), "s") ||
		    !add(out, "sys", import_seconds(t[i + 4].p, t[i + 4].n), "s"))
			return 0;
		out->label = i ? label_before(s, &t[i]) : NULL;
		return 1;
	}
	return 0;
}

/* tcsh: "0.010u 0.020s 0:00.03 66.6% 0+0k 0+0io 0pf+0w" */
static int tcsh_line(struct import_time *out, const char *s, const struct tok *t, int nr)
{
	int i;

	for (i = 0; i + 3 < nr; i++) {
		char *u = suffixed(&t[i], "u", 1);

		if (!u)
			continue;
		add(out, "user", u, "s");
		if (!add(out, "sys", suffixed(&t[i + 1], "s", 1), "s") ||
		    !add(out, "elapsed", import_seconds(t[i + 2].p, t[i + 2].n), "s") ||
		    t[i + 3].p[t[i + 3].n - 1] != '%' ||
		    !add(out, "cpu", import_number(t[i + 3].p, t[i + 3].n), "%"))
			return 0;
		out->label = i ? label_before(s, &t[i]) : NULL;
		return 1;
	}
	return 0;
}

/* GNU time -v, one metric a line. */
static int gnu_verbose(struct import_time *out, const char *s)
{
	static const struct { const char *prefix, *metric, *unit; int seconds; } lines[] = {
		{ "User time (seconds):", "user", "s", 1 },
		{ "System time (seconds):", "sys", "s", 1 },
		{ "Percent of CPU this job got:", "cpu", "%", 0 },
		{ "Elapsed (wall clock) time (h:mm:ss or m:ss):", "elapsed", "s", 1 },
		{ NULL, NULL, NULL, 0 },
	};
	const char *p = s + strspn(s, " \t"), *v, *e;
	int i;

	if (!strncmp(p, "Command being timed:", 20)) {
		v = p + 20 + strspn(p + 20, " \t\"");
		e = v + strlen(v);
		while (e > v && (e[-1] == '"' || isspace((unsigned char)e[-1])))
			e--;
		out->label = xstrndup(v, e - v);
		return 2;
	}
	for (i = 0; lines[i].prefix; i++) {
		size_t n = strlen(lines[i].prefix);

		if (strncmp(p, lines[i].prefix, n))
			continue;
		v = p + n + strspn(p + n, " \t");
		e = v + strcspn(v, " \t");
		return add(out, lines[i].metric,
			   lines[i].seconds ? import_seconds(v, e - v) : import_number(v, e - v),
			   lines[i].unit);
	}
	return 0;
}

/* dd: "524288000 bytes (524 MB, 500 MiB) copied, 5.2 s, 101 MB/s" */
static int dd_line(struct import_time *out, const char *s)
{
	const char *c = strstr(s, " copied, "), *p, *e;
	struct tok t[MAX_TOKS];
	int nr;

	if (!c || !strstr(s, " bytes"))
		return 0;
	p = c + 9;
	nr = tokenize(t, p);
	if (nr < 4)
		return 0;
	if (!add(out, "elapsed", import_seconds(t[0].p, t[0].n - (t[0].p[t[0].n - 1] == ',')), "s"))
		return 0;
	e = t[2].p;
	if (add(out, "throughput", import_number(e, t[2].n), NULL)) {
		size_t n = t[3].n;

		out->v[out->nr - 1].unit_owned = xstrndup(t[3].p, n);
		out->v[out->nr - 1].unit = out->v[out->nr - 1].unit_owned;
	}
	out->is_dd = 1;
	return 1;
}

enum import_time_kind import_time_line(struct import_time *out, const char *s)
{
	struct tok t[MAX_TOKS];
	int nr, v;

	memset(out, 0, sizeof(*out));
	/* cheap test first: almost every line of a mailbox has none of these */
	if (!strpbrk(s, "0123456789"))
		return TIME_NONE;
	nr = tokenize(t, s);
	if (!nr)
		return TIME_NONE;
	if (bash_part(out, t, nr))
		return out->kind = TIME_PART;
	import_time_release(out);
	if ((v = gnu_verbose(out, s)))
		return out->kind = v == 2 ? TIME_COMMAND : TIME_PART;
	import_time_release(out);
	if (gnu_line(out, s, t, nr) || (import_time_release(out), zsh_line(out, s, t, nr)) ||
	    (import_time_release(out), bsd_line(out, s, t, nr)) ||
	    (import_time_release(out), tcsh_line(out, s, t, nr)) ||
	    (import_time_release(out), dd_line(out, s)))
		return out->kind = TIME_LINE;
	import_time_release(out);
	return TIME_NONE;
}

void import_time_release(struct import_time *t)
{
	int i;

	for (i = 0; i < t->nr; i++) {
		free(t->v[i].value);
		free(t->v[i].unit_owned);
	}
	free(t->label);
	memset(t, 0, sizeof(*t));
}
