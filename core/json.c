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

void json_add_nstring(struct strbuf *out, const char *str, size_t len)
{
	const unsigned char *s = (const unsigned char *)str;
	size_t i = 0;

	strbuf_addch(out, '"');
	while (i < len) {
		unsigned char c = s[i];
		size_t n;

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

static void add_key(struct strbuf *out, const char *key, int first)
{
	if (!first)
		strbuf_addch(out, ',');
	strbuf_addch(out, '"');
	strbuf_addstr(out, key);
	strbuf_addstr(out, "\":");
}

void json_write_record(struct strbuf *out, const struct record *r)
{
	strbuf_addch(out, '{');
	add_key(out, "kernel", 1);
	json_add_string(out, r->kernel);
	add_key(out, "hardware", 0);
	json_add_string(out, r->hardware);
	add_key(out, "fs", 0);
	json_add_string(out, r->fs);
	add_key(out, "options", 0);
	json_add_string(out, r->options);
	add_key(out, "device", 0);
	json_add_string(out, r->device);
	add_key(out, "benchmark", 0);
	json_add_string(out, r->benchmark);
	add_key(out, "metric", 0);
	json_add_string(out, r->metric);
	add_key(out, "value", 0);
	json_add_number(out, r->value);
	add_key(out, "unit", 0);
	json_add_string(out, r->unit);
	add_key(out, "iteration", 0);
	if (r->iteration > 0)
		strbuf_addf(out, "%d", r->iteration);
	else
		strbuf_addstr(out, "null");
	add_key(out, "source", 0);
	json_add_string(out, r->source);
	add_key(out, "quoted", 0);
	strbuf_addstr(out, r->quoted ? "true" : "false");
	add_key(out, "line", 0);
	if (r->line > 0)
		strbuf_addf(out, "%ld", r->line);
	else
		strbuf_addstr(out, "null");
	strbuf_addstr(out, "}\n");
}

void json_write_recset(struct strbuf *out, const struct recset *set)
{
	size_t i;

	for (i = 0; i < set->nr; i++)
		json_write_record(out, &set->v[i]);
}
