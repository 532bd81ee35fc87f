#include "import_uuencode.h"
#include "../mail/mail_lines.h"

#include <string.h>

/* "begin 644 name": three or four octal digits, then a name */
static int is_begin(const char *p, const char *end)
{
	size_t i = 6;

	if (end - p < 9 || memcmp(p, "begin ", 6))
		return 0;
	while (p + i < end && p[i] >= '0' && p[i] <= '7')
		i++;
	return i >= 9 && i <= 10 && p + i < end && p[i] == ' ';
}

static const char *line_end(const char *p, const char *end)
{
	const char *nl = memchr(p, '\n', end - p);

	return nl ? nl : end;
}

#define UU(c) (((c) - ' ') & 077)

/* One encoded line: a length character, then four characters per three bytes. */
static int decode_line(struct strbuf *out, const char *p, const char *e)
{
	size_t n, i;

	if (e > p && e[-1] == '\r')
		e--;
	if (p >= e)
		return -1;
	for (i = 0; p + i < e; i++)
		if (p[i] < ' ' || p[i] > '`')
			return -1;
	n = UU(*p++);
	/* encoders that drop trailing blanks leave lines a little short */
	if ((size_t)(e - p) + 2 < (n * 4 + 2) / 3)
		return -1;
	for (i = 0; i < n; i += 3, p += 4) {
		unsigned char c[4];
		size_t k;

		for (k = 0; k < 4; k++)
			c[k] = p + k < e ? UU(p[k]) : 0;
		strbuf_addch(out, (char)(c[0] << 2 | c[1] >> 4));
		if (i + 1 < n)
			strbuf_addch(out, (char)(c[1] << 4 | c[2] >> 2));
		if (i + 2 < n)
			strbuf_addch(out, (char)(c[2] << 6 | c[3]));
	}
	return (int)n;
}

const char *import_uu_decode(struct strbuf *out, const char *text, const char *end)
{
	const char *p = text;

	if (!is_begin(p, end))
		return NULL;
	p = line_end(p, end);
	while (p < end) {
		const char *e;

		p++;
		e = line_end(p, end);
		if (e - p >= 3 && !memcmp(p, "end", 3) && (e - p == 3 || p[3] == '\r'))
			return e < end ? e + 1 : e;
		if (decode_line(out, p, e) < 0)
			return NULL;
		p = e;
	}
	return NULL;
}

/* Text, not a binary file: no NUL, and control bytes only as whitespace. */
static int is_text(const struct strbuf *sb)
{
	size_t i;

	for (i = 0; i < sb->len; i++) {
		unsigned char c = (unsigned char)sb->buf[i];

		if (c < 0x20 && c != '\n' && c != '\t' && c != '\r' && c != '\f')
			return 0;
	}
	return 1;
}

static long input_line(const struct mail_message *m, size_t k)
{
	if (m->line_map)
		return k < m->line_map_nr ? m->line_map[k] : m->line0 + 1;
	return m->line0 + 1 + (long)k;
}

/* The text with its parts decoded, and per line of it the line a record gets. */
static int decode_parts(struct strbuf *text, long **lines, size_t *nr, const struct mail_message *m)
{
	const char *p = m->text.p, *end = p + m->text.len;
	size_t k = 0, alloc = 0;
	int decoded = 0;

	*lines = NULL;
	*nr = 0;
	while (p < end) {
		const char *e = line_end(p, end), *after;
		struct strbuf part = STRBUF_INIT;

		if (*p == 'b' && (after = import_uu_decode(&part, p, end)) && part.len && is_text(&part)) {
			size_t n = mail_lines_count(part.buf, part.len), i;

			strbuf_add(text, part.buf, part.len);
			if (part.buf[part.len - 1] != '\n')
				strbuf_addch(text, '\n');
			for (i = 0; i < n; i++) {
				ALLOC_GROW(*lines, *nr + 1, alloc);
				(*lines)[(*nr)++] = (long)i + 1;
			}
			k += mail_lines_count(p, after - p);
			p = after;
			decoded = 1;
		} else {
			strbuf_add(text, p, e - p);
			strbuf_addch(text, '\n');
			ALLOC_GROW(*lines, *nr + 1, alloc);
			(*lines)[(*nr)++] = input_line(m, k++);
			p = e + (e < end);
		}
		strbuf_release(&part);
	}
	return decoded;
}

void import_uu_split(struct qtext *out, const struct mail_message *m)
{
	struct strbuf text = STRBUF_INIT;
	long *lines = NULL;
	size_t nr = 0, i;

	/*
	 * A part starts at a line's start, which the split looks at anyway;
	 * most mail has none, and is split once.
	 */
	mail_quote_split(out, m->text.p, m->text.len, m->line0, m->from);
	if (!out->has_begin || !decode_parts(&text, &lines, &nr, m)) {
		free(lines);
		strbuf_release(&text);
		mail_lines_apply(out, m);
		return;
	}
	mail_quote_split(out, text.buf, text.len, 0, m->from);
	for (i = 0; i < out->nr && i < nr; i++)
		out->v[i].lineno = lines[i];
	free(lines);
	strbuf_release(&text);
}
