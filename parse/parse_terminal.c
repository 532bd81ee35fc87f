#include "parse_terminal.h"
#include "../core/strbuf.h"

#include <string.h>

/*
 * What a terminal shows of one captured line.  A capture made with
 * script(1), or a paste from a terminal, holds the bytes the programs
 * wrote: colour and cursor escapes, progress lines that a carriage return
 * sent back to the start of the line, backspaces.  The reader of the
 * capture saw only what the screen kept, and that is what the parsers
 * must see: a cursor moves over a line of cells, each write puts a
 * character in the cell under it, and the last overwrite wins.
 */

#define ESC 0x1b

static int is_control(unsigned char c)
{
	return c == ESC || c == '\r' || c == '\b' || c == 0x07 || c == 0x0e || c == 0x0f;
}

/* Bytes of the UTF-8 character starting with c (1 for anything else). */
static size_t char_len(const char *s, size_t avail)
{
	unsigned char c = (unsigned char)*s;
	size_t n = c >= 0xf0 && c < 0xf8 ? 4 : c >= 0xe0 ? 3 : c >= 0xc0 ? 2 : 1, k;

	if (n > avail)
		return 1;
	for (k = 1; k < n; k++)
		if (((unsigned char)s[k] & 0xc0) != 0x80)
			return 1;
	return n;
}

struct screen {
	struct strbuf *cells;   /* the line as shown: one UTF-8 character a cell */
	size_t cursor;          /* byte offset of the cursor's cell */
};

/* Writes one character at the cursor, over what the cell held. */
static void put_char(struct screen *sc, const char *c, size_t n)
{
	struct strbuf *l = sc->cells;
	size_t old;

	if (sc->cursor >= l->len) {
		strbuf_add(l, c, n);
		sc->cursor = l->len;
		return;
	}
	old = char_len(l->buf + sc->cursor, l->len - sc->cursor);
	if (old != n) {
		strbuf_grow(l, n);
		memmove(l->buf + sc->cursor + n, l->buf + sc->cursor + old, l->len - sc->cursor - old);
		strbuf_setlen(l, l->len - old + n);
	}
	memcpy(l->buf + sc->cursor, c, n);
	sc->cursor += n;
}

static void back_one(struct screen *sc)
{
	const char *b = sc->cells->buf;

	if (!sc->cursor)
		return;
	sc->cursor--;
	while (sc->cursor && ((unsigned char)b[sc->cursor] & 0xc0) == 0x80)
		sc->cursor--;
}

/*
 * A control sequence's end (ECMA-48 CSI: parameters 0x30-0x3f,
 * intermediates 0x20-0x2f, a final byte 0x40-0x7e).  Erase in line (K)
 * is applied: a prompt's "\r\e[K" clears the progress line under it.
 */
static size_t csi(struct screen *sc, const char *s, size_t len)
{
	size_t i = 0;
	int param = 0;

	while (i < len && (unsigned char)s[i] >= 0x30 && (unsigned char)s[i] <= 0x3f) {
		if (s[i] >= '0' && s[i] <= '9' && param < 10)
			param = param * 10 + (s[i] - '0');
		i++;
	}
	while (i < len && (unsigned char)s[i] >= 0x20 && (unsigned char)s[i] <= 0x2f)
		i++;
	if (i >= len)
		return len;
	if ((unsigned char)s[i] < 0x40 || (unsigned char)s[i] > 0x7e)
		return i;   /* broken: drop what was read, keep the byte */
	if (s[i] == 'K' && param == 0) {
		strbuf_setlen(sc->cells, sc->cursor);
	} else if (s[i] == 'K' && param == 2) {
		memset(sc->cells->buf, ' ', sc->cells->len);
	}
	return i + 1;
}

/* A control string (OSC, DCS, APC, PM, SOS) ends with BEL or ST (ESC \). */
static size_t control_string(const char *s, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++) {
		if (s[i] == 0x07)
			return i + 1;
		if (s[i] == ESC && i + 1 < len && s[i + 1] == '\\')
			return i + 2;
	}
	return len;
}

/* The escape sequence at s[0] == ESC: how many bytes it takes. */
static size_t escape(struct screen *sc, const char *s, size_t len)
{
	if (len < 2)
		return len;
	switch (s[1]) {
	case '[':
		return 2 + csi(sc, s + 2, len - 2);
	case ']': case 'P': case '_': case '^': case 'X':
		return 2 + control_string(s + 2, len - 2);
	case '(': case ')': case '*': case '+': case '-': case '.': case '/': case '%': case '#':
		/* charset selection and the like: one more byte names it */
		return len < 3 ? len : 3;
	default:
		/* ESC 7, ESC 8, ESC =, ESC >, ESC M...: two bytes */
		return 2;
	}
}

static void render(struct screen *sc, const char *s, size_t len)
{
	size_t i = 0;

	while (i < len) {
		unsigned char c = (unsigned char)s[i];
		size_t n;

		if (c == ESC) {
			i += escape(sc, s + i, len - i);
		} else if (c == '\r') {
			sc->cursor = 0;
			i++;
		} else if (c == '\b') {
			back_one(sc);
			i++;
		} else if (c == 0x07 || c == 0x0e || c == 0x0f) {
			i++;   /* bell, shift out and in: nothing shown */
		} else {
			n = char_len(s + i, len - i);
			put_char(sc, s + i, n);
			i += n;
		}
	}
}

/*
 * A no-break space (U+00A0) shows as a blank: mail clients indent pasted
 * output with them, and a reader of columns and "key=value" lists must
 * see the blank it shows.  Each becomes one ' ', in place.
 */
static size_t nbsp_to_blank(char *s, size_t len)
{
	char *r = memchr(s, '\xc2', len), *w, *end = s + len;

	if (!r)
		return len;
	for (w = r; r < end; r++) {
		if (*r == '\xc2' && r + 1 < end && r[1] == '\xa0') {
			*w++ = ' ';
			r++;
		} else {
			*w++ = *r;
		}
	}
	return (size_t)(w - s);
}

size_t term_line(char *s, size_t len, struct strbuf *scratch)
{
	static const char bom[] = "\xef\xbb\xbf";
	size_t i;

	if (len >= 3 && !memcmp(s, bom, 3)) {
		memmove(s, s + 3, len - 3);
		len -= 3;
	}
	for (i = 0; i < len && !is_control((unsigned char)s[i]); i++)
		;
	if (i < len) {
		struct screen sc = { scratch, 0 };

		strbuf_reset(scratch);
		render(&sc, s, len);
		/* what is shown is never longer than what was written */
		memcpy(s, scratch->buf, scratch->len);
		len = scratch->len;
	}
	len = nbsp_to_blank(s, len);
	while (len && (s[len - 1] == ' ' || s[len - 1] == '\t'))
		len--;
	return len;
}
