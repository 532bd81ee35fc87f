#ifndef RENDER_TEXT_H
#define RENDER_TEXT_H

#include "../core/strbuf.h"

#include <stddef.h>

/*
 * Text that leaves benchpost for a mailing list: ASCII by default (LKML
 * archives mangle anything else), never a tab or a control character.
 */
#define RENDER_WIDTH 72

/*
 * Appends s made safe: control characters (tab, newline, ...) become a
 * space; outside ASCII each UTF-8 sequence becomes '?' unless utf8 is set,
 * in which case valid sequences stay and invalid bytes become '?'.
 */
void render_text_clean(struct strbuf *out, const char *s, int utf8);
/* Columns s takes on a terminal: one per character (UTF-8 aware). */
size_t render_text_width(const char *s);
/*
 * Appends text wrapped at width columns: words never split unless longer
 * than a line; indent before every line, first before the first instead
 * when not NULL.
 */
void render_text_wrap(struct strbuf *out, const char *text, size_t width,
		      const char *first, const char *indent);
/* Appends s with <, >, & and " as HTML entities. */
void render_html_escape(struct strbuf *out, const char *s);
/* Drops spaces at the end of the line that starts at start (never the newlines before). */
void render_rtrim_line(struct strbuf *sb, size_t start);
/*
 * Appends v formatted to the given decimals ("%.*f"), "-0.00" made "0.00";
 * negative decimals round to tens, hundreds, ... (34306 at -3: "34000").
 */
void render_number(struct strbuf *out, double v, int decimals);
/*
 * Precision from the spread: the decimals that show two significant
 * digits of spread (0.447 gives 2, 34306 gives -3: thousands), never more
 * than the samples were given with (max_decimals); with no spread, those.
 */
int render_spread_decimals(double spread, int max_decimals);
/*
 * spread as a percentage of centre: whole percents ("3%", "12%"), tenths
 * below 1% ("0.5%", "0%"); around a centre of 0, the spread itself ("0.0021").
 */
void render_relative_spread(struct strbuf *out, double spread, double centre);
/* A percentage change with its sign: "+19.6%", "-3.0%", "0.0%". */
void render_change(struct strbuf *out, double percent);
/*
 * Appends item to a list of items joined by sep ("a, b") unless it holds
 * it already, as a whole item; returns whether it was added.
 */
int render_list_add(struct strbuf *list, const char *item, const char *sep);
/* Decimals of a number as posted: "53.17" has 2, "16" has 0. */
int render_decimals(const char *s);

#endif
