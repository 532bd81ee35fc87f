#ifndef MAIL_LINES_H
#define MAIL_LINES_H

#include "mail.h"
#include "mail_quote.h"

#include <gmime/gmime.h>

/*
 * Where the lines of decoded text stand in the input.  A quoted-printable
 * or base64 part's decoded lines are not the file's lines; each decoded
 * line is mapped to the input line holding its first encoded byte, so that
 * a record's line points at the number (or, for base64, at the encoded
 * line that carries it).
 */
struct mail_lines {
	long *v;       /* per decoded line, its input line (1-based) */
	size_t nr, alloc;
};

/*
 * Where line numbering stands in a message (buf, whose first line is input
 * line line0 + 1): the parts of a message come in order, so each counts
 * lines only from where the one before left off, and the work is the
 * message's size, not its size for every part.  scanned counts the bytes
 * looked at.  MAIL_LINE_CURSOR_INIT before the first part.
 */
struct mail_line_cursor {
	size_t off;        /* a place in buf ... */
	size_t newlines;   /* ... and the newlines before it */
	size_t scanned;
};

#define MAIL_LINE_CURSOR_INIT { 0, 0, 0 }

/* The input line of the byte at off. */
long mail_line_at(struct mail_line_cursor *c, const char *buf, size_t off, long line0);

/*
 * Maps the lines a text part added to the decoded text: text_lines of
 * them, from its encoded content at hand: len bytes at p in encoding enc,
 * whose first line is input line line.  A part whose decoding cannot be
 * followed line by line is mapped to where its content starts.
 */
void mail_lines_add_encoded(struct mail_lines *map, GMimeContentEncoding enc, const char *p,
			    size_t len, long line, size_t text_lines);

/*
 * Decodes len bytes at p in encoding enc onto out and maps the lines it
 * adds, in one pass: the same text and map as GMime's decoder and
 * mail_lines_add_encoded.  Returns the number of bytes added.
 */
size_t mail_lines_decode(struct strbuf *out, struct mail_lines *map, GMimeContentEncoding enc,
			 const char *p, size_t len, long line);

/* Gives each line of q its input line from m's map, when m has one. */
void mail_lines_apply(struct qtext *q, const struct mail_message *m);

/* How many of the n bytes at p are ASCII other than NUL, from the first. */
size_t mail_ascii_span(const char *p, size_t n);

/*
 * Charsets (mail_charset.c): whether GMime's charset filter from charset
 * to UTF-8 leaves the n bytes at p as they are (no charset: no filter);
 * whether charset is ISO 8859-1, and its text in UTF-8 onto out, as the
 * filter gives it (-1, nothing added, for a NUL, which is left to it).
 */
int mail_charset_as_is(const char *charset, const char *p, size_t n);
int mail_charset_is_latin1(const char *charset);
int mail_latin1_to_utf8(struct strbuf *out, const char *p, size_t n);

/* The number of lines text holds (a last line without '\n' counts). */
size_t mail_lines_count(const char *text, size_t len);

#endif
