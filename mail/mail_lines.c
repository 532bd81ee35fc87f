#include "mail_lines.h"

#include <stdint.h>
#include <string.h>

size_t mail_lines_count(const char *text, size_t len)
{
	const char *p = text, *end = text + len, *nl;
	size_t n = 0;

	while (p < end && (nl = memchr(p, '\n', end - p))) {
		n++;
		p = nl + 1;
	}
	return n + (p < end);
}

static void push(struct mail_lines *map, long line)
{
	ALLOC_GROW(map->v, map->nr + 1, map->alloc);
	map->v[map->nr++] = line;
}

static size_t newlines(const char *p, size_t n)
{
	const char *end = p + n, *nl;
	size_t count = 0;

	for (; p < end && (nl = memchr(p, '\n', (size_t)(end - p))); p = nl + 1)
		count++;
	return count;
}

long mail_line_at(struct mail_line_cursor *c, const char *buf, size_t off, long line0)
{
	/* a part before the last one asked about (never in order): counted from the start */
	if (off < c->off) {
		c->off = 0;
		c->newlines = 0;
	}
	c->newlines += newlines(buf + c->off, off - c->off);
	c->scanned += off - c->off;
	c->off = off;
	return line0 + 1 + (long)c->newlines;
}

/*
 * Decodes the encoded content one input line at a time: every '\n' the
 * decoder gives ends a decoded line, and the next one starts on this input
 * line, or on the next one when the '\n' was the last byte this line gave.
 * With keep, the decoded bytes are appended to it and all of the content is
 * decoded; else only as far as want lines.
 */
static size_t map_encoded(struct mail_lines *map, struct strbuf *keep, GMimeContentEncoding enc,
			  const char *p, const char *end, long line, size_t want, size_t *newlines)
{
	GMimeEncoding state;
	struct strbuf scratch = STRBUF_INIT, *out = keep ? keep : &scratch;
	size_t added = 0, need;

	g_mime_encoding_init_decode(&state, enc);
	push(map, line);
	added++;
	/*
	 * the room the whole content needs, once: a line's own grow then finds
	 * it there; and room in the map for lines of 40 bytes, about mail's
	 */
	if (keep) {
		strbuf_grow(out, g_mime_encoding_outlen(&state, (size_t)(end - p)));
		ALLOC_GROW(map->v, map->nr + (size_t)(end - p) / 40 + 16, map->alloc);
	}
	while (p < end && (keep || added < want)) {
		const char *nl = memchr(p, '\n', end - p);
		size_t n = nl ? (size_t)(nl - p) + 1 : (size_t)(end - p), got, from = keep ? out->len : 0;
		char *o;

		need = g_mime_encoding_outlen(&state, n);
		/* the room reserved above is nearly always there: no call to see it */
		if (out->alloc - out->len <= need)
			strbuf_grow(out, need);
		o = out->buf + from;
		got = g_mime_encoding_step(&state, p, n, o);
		/*
		 * a quoted-printable line's output mostly ends in its '\n': no
		 * call to look past it
		 */
		for (nl = o; added < want && nl < o + got && (nl = memchr(nl, '\n', o + got - nl)); nl++) {
			push(map, (size_t)(nl + 1 - o) < got ? line : line + 1);
			added++;
		}
		if (keep)
			strbuf_setlen(out, from + got);
		p += n;
		line++;
	}
	if (keep) {
		/* what the decoder still holds; its lines point at the start, as below */
		size_t from = out->len;
		const char *nl;

		strbuf_grow(out, g_mime_encoding_outlen(&state, 0));
		strbuf_setlen(out, out->len + g_mime_encoding_flush(&state, "", 0, out->buf + out->len));
		/* every '\n' of the steps' output has its entry; the flush's are counted here */
		*newlines = added - 1;
		for (nl = out->buf + from; (nl = memchr(nl, '\n', out->buf + out->len - nl)); nl++)
			++*newlines;
	}
	strbuf_release(&scratch);
	return added;
}

void mail_lines_add_encoded(struct mail_lines *map, GMimeContentEncoding enc, const char *p,
			    size_t len, long line, size_t text_lines)
{
	size_t added = 0;

	if (!text_lines)
		return;
	switch (enc) {
	case GMIME_CONTENT_ENCODING_BASE64:
	case GMIME_CONTENT_ENCODING_QUOTEDPRINTABLE:
	case GMIME_CONTENT_ENCODING_UUENCODE:
		added = map_encoded(map, NULL, enc, p, p + len, line, text_lines, NULL);
		break;
	default:
		for (; added < text_lines; added++)
			push(map, line + (long)added);
		break;
	}
	/* a charset that changed the line count: the rest point at the start */
	for (; added < text_lines; added++)
		push(map, line);
}

size_t mail_lines_decode(struct strbuf *out, struct mail_lines *map, GMimeContentEncoding enc,
			 const char *p, size_t len, long line)
{
	size_t start = out->len, nr = map->nr, want;

	map_encoded(map, out, enc, p, p + len, line, (size_t)-1, &want);
	/* as mail_lines_count would find them: a last line without '\n' counts */
	want += out->len > start && out->buf[out->len - 1] != '\n';
	/* the same map mail_lines_add_encoded makes once the text is known */
	if (map->nr - nr > want)
		map->nr = nr + want;
	while (map->nr - nr < want)
		push(map, line);
	return out->len - start;
}

void mail_lines_apply(struct qtext *q, const struct mail_message *m)
{
	size_t i;

	if (!m->line_map)
		return;
	for (i = 0; i < q->nr; i++) {
		long k = q->v[i].lineno - m->line0 - 1;

		if (k >= 0 && (size_t)k < m->line_map_nr)
			q->v[i].lineno = m->line_map[k];
	}
}

/* Eight bytes at a time, as most are. */
size_t mail_ascii_span(const char *p, size_t n)
{
	const uint64_t ones = 0x0101010101010101ull, highs = 0x8080808080808080ull;
	size_t i = 0;

	for (; i + 8 <= n; i += 8) {
		uint64_t w;

		memcpy(&w, p + i, 8);
		/* a high bit, or a NUL: w - ones borrows into the high bit of a zero byte */
		if ((w | ((w - ones) & ~w)) & highs)
			break;
	}
	while (i < n && (unsigned char)p[i] - 1u < 0x7f)
		i++;
	return i;
}
