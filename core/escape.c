#include "escape.h"

#include <string.h>

size_t esc_utf8_len(const unsigned char *s, size_t avail)
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

static int kept_control(unsigned char c, unsigned flags)
{
	return (c == '\t' && (flags & ESC_KEEP_TAB)) || (c == '\n' && (flags & ESC_KEEP_NEWLINE));
}

/* How many bytes at s stand for themselves (0: escape s[0]). */
static size_t plain_len(const unsigned char *s, size_t avail, unsigned flags)
{
	size_t n;

	if (s[0] >= 0x20 && s[0] < 0x7f)
		return 1;
	if (s[0] < 0x80)
		return kept_control(s[0], flags);
	n = esc_utf8_len(s, avail);
	return n && !esc_is_c1(s, n) ? n : 0;
}

int esc_needed(const char *str, size_t len, unsigned flags)
{
	const unsigned char *s = (const unsigned char *)str;
	size_t i = 0, n;

	while (i < len) {
		if (!(n = plain_len(s + i, len - i, flags)))
			return 1;
		i += n;
	}
	return 0;
}

void esc_add(struct strbuf *out, const char *str, size_t len, unsigned flags)
{
	static const char hex[] = "0123456789abcdef";
	const unsigned char *s = (const unsigned char *)str;
	size_t i = 0, n;

	while (i < len) {
		size_t from = i;

		while (i < len && (n = plain_len(s + i, len - i, flags)))
			i += n;
		strbuf_add(out, s + from, i - from);
		if (i < len) {
			char esc[4] = { '\\', 'x', hex[s[i] >> 4], hex[s[i] & 15] };

			strbuf_add(out, esc, sizeof(esc));
			i++;
		}
	}
}

void esc_addstr(struct strbuf *out, const char *s, unsigned flags)
{
	if (s)
		esc_add(out, s, strlen(s), flags);
}

static size_t digits(size_t n)
{
	size_t d = 1;

	while (n >= 10) {
		n /= 10;
		d++;
	}
	return d;
}

/* Whether text[0..at) ends inside an escape ("\\", "\\x" or "\\xN"). */
static int inside_escape(const char *text, size_t at)
{
	return (at >= 1 && text[at - 1] == '\\') ||
	       (at >= 2 && text[at - 2] == '\\' && text[at - 1] == 'x') ||
	       (at >= 3 && text[at - 3] == '\\' && text[at - 2] == 'x');
}

#define CUT_MARK " [... %zu bytes cut]"

void esc_add_bounded(struct strbuf *out, const char *s, size_t len, size_t max, unsigned flags)
{
	struct strbuf text = STRBUF_INIT;
	size_t mark, keep;

	esc_add(&text, s, len, flags);
	if (text.len <= max) {
		strbuf_add(out, text.buf, text.len);
		strbuf_release(&text);
		return;
	}
	/* The mark counts in the bound, so that a value cut once is not cut again. */
	mark = strlen(CUT_MARK) - strlen("%zu") + digits(text.len);
	keep = max > mark ? max - mark : 0;
	/* at the start of a character and outside an escape: the cut leaves inert UTF-8 */
	while (keep && ((text.buf[keep] & 0xc0) == 0x80 || inside_escape(text.buf, keep)))
		keep--;
	strbuf_add(out, text.buf, keep);
	strbuf_addf(out, CUT_MARK, text.len - keep);
	strbuf_release(&text);
}

void esc_fold(struct strbuf *out, const char *text, size_t first, size_t width, size_t indent)
{
	size_t col = first;
	int line_empty = 1;
	const char *p = text;

	while (*p) {
		size_t gap = strspn(p, " "), word = strcspn(p + gap, " ");

		if (!line_empty && gap && col + gap + word > width) {
			/* the break takes the place of the spaces it falls on */
			strbuf_addch(out, '\n');
			strbuf_addchars(out, ' ', indent);
			col = indent;
		} else {
			strbuf_addchars(out, ' ', gap);
			col += gap;
		}
		strbuf_add(out, p + gap, word);
		col += word;
		line_empty = 0;
		p += gap + word;
	}
}
