#ifndef PARSE_TERMINAL_H
#define PARSE_TERMINAL_H

#include <stddef.h>

struct strbuf;

/*
 * One line of a terminal capture (without its '\n') as the screen showed
 * it, rewritten in place: a UTF-8 BOM dropped, ECMA-48 escape sequences
 * (CSI with erase in line applied, OSC and the other control strings,
 * charset selection, two-byte escapes, bracketed paste's CSI 200~/201~)
 * removed, carriage returns and backspaces applied as a terminal would
 * (the last overwrite wins), each no-break space (U+00A0) made a blank,
 * trailing blanks dropped.  Returns the new
 * length, never more than len.  scratch is the caller's, for lines that
 * hold controls.
 */
size_t term_line(char *s, size_t len, struct strbuf *scratch);

#endif
