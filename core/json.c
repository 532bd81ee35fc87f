#include "json.h"

#include <string.h>

/* Length of the valid UTF-8 sequence at s, or 0 when it is not one. */
static size_t utf8_len(const unsigned char *s, size_t avail)
{
	size_t n, i;
	unsigned cp;

	if (s[0] < 0x80)
		return 1;
	if ((s[0] & 0xe0) == 0xc0) {
		n = 2;
		cp = s[0] & 0x1f;
	} else if ((s[0] & 0xf0) == 0xe0) {
		n = 3;
		cp = s[0] & 0x0f;
	} else if ((s[0] & 0xf8) == 0xf0) {
		n = 4;
		cp = s[0] & 0x07;
	} else {
		return 0;
	}
	if (n > avail)
		return 0;
	for (i = 1; i < n; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		cp = (cp << 6) | (s[i] & 0x3f);
	}
	/* overlong forms, surrogates and values past Unicode are not UTF-8 */
	if ((n == 2 && cp < 0x80) || (n == 3 && cp < 0x800) || (n == 4 && cp < 0x10000) ||
	    (cp >= 0xd800 && cp <= 0xdfff) || cp > 0x10ffff)
		return 0;
	return n;
}

/* Bytes that stand for themselves inside a JSON string (printable ASCII). */
static int plain_byte(unsigned char c)
{
	return c >= 0x20 && c < 0x7f && c != '"' && c != '\\';
}

void json_add_nstring(struct strbuf *out, const char *str, size_t len)
{
	const unsigned char *s = (const unsigned char *)str;
	size_t i = 0;

	strbuf_grow(out, len + 2);
	strbuf_addch(out, '"');
	while (i < len) {
		unsigned char c = s[i];
		size_t n;

		/* most text needs no escaping: copy it a run at a time */
		for (n = i; n < len && plain_byte(s[n]); n++)
			;
		if (n > i) {
			strbuf_add(out, s + i, n - i);
			i = n;
			continue;
		}
		switch (c) {
		case '"': strbuf_addstr(out, "\\\""); i++; continue;
		case '\\': strbuf_addstr(out, "\\\\"); i++; continue;
		case '\n': strbuf_addstr(out, "\\n"); i++; continue;
		case '\r': strbuf_addstr(out, "\\r"); i++; continue;
		case '\t': strbuf_addstr(out, "\\t"); i++; continue;
		}
		if (c < 0x20 || c == 0x7f) {
			strbuf_addf(out, "\\u%04x", c);
			i++;
			continue;
		}
		n = utf8_len(s + i, len - i);
		if (!n) {
			strbuf_addf(out, "\\u%04x", c);
			i++;
			continue;
		}
		strbuf_add(out, s + i, n);
		i += n;
	}
	strbuf_addch(out, '"');
}

void json_add_string(struct strbuf *out, const char *s)
{
	if (!s)
		strbuf_addstr(out, "null");
	else
		json_add_nstring(out, s, strlen(s));
}

void json_add_number(struct strbuf *out, const char *value)
{
	const char *p = value;

	if (!value || !value_is_number(value)) {
		strbuf_addstr(out, "null");
		return;
	}
	/* JSON wants no '+', no leading zeros and a digit on both sides of '.' */
	if (*p == '+')
		p++;
	if (*p == '-')
		strbuf_addch(out, *p++);
	while (p[0] == '0' && p[1] >= '0' && p[1] <= '9')
		p++;
	if (*p == '.')
		strbuf_addch(out, '0');
	for (; *p; p++) {
		strbuf_addch(out, *p);
		if (*p == '.' && !(p[1] >= '0' && p[1] <= '9'))
			strbuf_addch(out, '0');
	}
}

/* The key with its quotes, colon and the comma before it: one copy each. */
#define ADD_KEY(out, key, first) strbuf_add(out, &(",\"" key "\":")[first], sizeof(",\"" key "\":") - 1 - (first))

static void add_int(struct strbuf *out, long v)
{
	char digits[24];
	size_t n = sizeof(digits);

	if (v <= 0) {
		strbuf_addstr(out, "null");
		return;
	}
	while (v) {
		digits[--n] = '0' + v % 10;
		v /= 10;
	}
	strbuf_add(out, digits + n, sizeof(digits) - n);
}

void json_write_record(struct strbuf *out, const struct record *r)
{
	strbuf_addch(out, '{');
	ADD_KEY(out, "kernel", 1);
	json_add_string(out, r->kernel);
	ADD_KEY(out, "hardware", 0);
	json_add_string(out, r->hardware);
	ADD_KEY(out, "fs", 0);
	json_add_string(out, r->fs);
	ADD_KEY(out, "options", 0);
	json_add_string(out, r->options);
	ADD_KEY(out, "device", 0);
	json_add_string(out, r->device);
	ADD_KEY(out, "benchmark", 0);
	json_add_string(out, r->benchmark);
	ADD_KEY(out, "metric", 0);
	json_add_string(out, r->metric);
	ADD_KEY(out, "value", 0);
	json_add_number(out, r->value);
	ADD_KEY(out, "unit", 0);
	json_add_string(out, r->unit);
	ADD_KEY(out, "iteration", 0);
	add_int(out, r->iteration);
	ADD_KEY(out, "source", 0);
	json_add_string(out, r->source);
	ADD_KEY(out, "quoted", 0);
	strbuf_addstr(out, r->quoted ? "true" : "false");
	ADD_KEY(out, "line", 0);
	add_int(out, r->line);
	strbuf_add(out, "}\n", 2);
}

void json_write_recset(struct strbuf *out, const struct recset *set)
{
	size_t i;

	for (i = 0; i < set->nr; i++)
		json_write_record(out, &set->v[i]);
}
