#ifndef ESCAPE_H
#define ESCAPE_H

#include "strbuf.h"

#include <stddef.h>

/*
 * Text from outside (mail, tool output, a remote's files) made inert where
 * it is shown on a terminal or stored: a control character would clear a
 * screen, move the cursor or write to the clipboard (OSC 52) of whoever
 * runs `benchpost show` or `git show` on the file.  What is escaped, as
 * \xNN per byte: C0 controls (tab and newline only when the caller keeps
 * them), DEL, the C1 controls U+0080..U+009F (a terminal may obey them
 * as 8-bit escapes) and every byte that is not part of valid UTF-8.  A
 * backslash is kept as it is: the escapes make text inert, they are not
 * a quoting that can be undone.
 */
#define ESC_KEEP_TAB 1
#define ESC_KEEP_NEWLINE 2

/* The length of the valid UTF-8 sequence at s (1 for ASCII), or 0 when there is none. */
size_t esc_utf8_len(const unsigned char *s, size_t avail);
/* Whether the valid n-byte sequence at s is a C1 control character. */
static inline int esc_is_c1(const unsigned char *s, size_t n)
{
	return n == 2 && s[0] == 0xc2 && s[1] < 0xa0;
}
/* Whether esc_add would change s[0..len). */
int esc_needed(const char *s, size_t len, unsigned flags);
void esc_add(struct strbuf *out, const char *s, size_t len, unsigned flags);
void esc_addstr(struct strbuf *out, const char *s, unsigned flags);

/*
 * esc_add, bounded: when the escaped text is longer than max bytes it is
 * cut at a character boundary and marked " [... N bytes cut]", the whole
 * at most max bytes (so that a value cut once is never cut again).  A 10 kB
 * header value is not a value anyone reads, and it would swamp every line
 * it is shown on.
 */
void esc_add_bounded(struct strbuf *out, const char *s, size_t len, size_t max, unsigned flags);

/*
 * Appends text (already inert) folded at spaces so that no line passes
 * width columns, continuation lines starting with indent spaces; first
 * is the column the text starts at.  A word longer than a line stays
 * whole.  As a mail header is folded: only the spaces a break falls on go.
 */
void esc_fold(struct strbuf *out, const char *text, size_t first, size_t width, size_t indent);

#endif
