#ifndef PARSE_SCAN_H
#define PARSE_SCAN_H

/*
 * What the text parsers share (internal to parse/): the input split into
 * lines, whitespace tokens, numbers, the command or label above a block,
 * and how records and damaged blocks are reported.  parse_scan.c holds the
 * lines, words and reports; parse_scan_command.c the command or label a
 * block is named by; parse_scan_pending.c numbers and a block's values.
 */
#include "parse.h"
#include "../core/strbuf.h"

#include <string.h>

struct scan_line {
	char *s;        /* NUL-terminated, quote markers removed */
	size_t len;
	long no;        /* 1-based line in the text */
	int quoted;     /* started with '>' quote markers */
	int used;       /* belongs to a block already parsed */
	size_t off;     /* where the line starts in the original text */
};

struct scan_tok {
	const char *s;
	size_t len;
};

struct scan_toks {
	struct scan_tok *v;
	size_t nr, alloc;
};

/*
 * Room for strings that go together: one block, made at first use, and
 * chunks past its end, so a text's or a block's strings seldom cost a
 * malloc each.  Owned by its scan or pending and freed with it.
 */
struct scan_room {
	char *buf;
	size_t used, size;
	struct chunk *more;
};

/* n bytes of r: from its block (made of size bytes at first use), chunks past it. */
char *scan_room_alloc(struct scan_room *r, size_t n, size_t size);
void scan_room_release(struct scan_room *r);

struct scan {
	struct strbuf copy;
	const char *text;        /* the original, for readers that span lines */
	size_t len;
	struct scan_line *v;
	size_t nr, alloc;
	const struct parse_ctx *ctx;
	const char *kind;        /* "time", "dd", ... for messages */
	struct recset *out;
	size_t found, damaged;
	/*
	 * One line's words, split once for every time form that looks at it
	 * and kept for the next line: no form splits into an array of its own.
	 */
	struct scan_toks words;
	size_t words_line;       /* the line words holds, or (size_t)-1 */
	struct scan_toks next_words;   /* a line read while words is still in use */
	/*
	 * scan_open_lines: where each line starts in text.  Its lines are
	 * copied (into lines) and set only when scan_line first asks for
	 * them, as the time forms look at few of a message's lines.
	 */
	const size_t *starts;
	unsigned char *line_set;   /* per line: set already */
	struct scan_room lines;
	size_t v_size;             /* bytes of the block v and line_set share */
	/*
	 * The last block committed: a block right under it (a loop's next
	 * run, dd's next report) has no command line of its own above it.
	 */
	char *prev_name;
	size_t prev_last;          /* its last value's line */
	int have_prev;
};

/*
 * Splits text into lines.  NUL bytes become 0x1a so that C strings end
 * where the line does and a number broken by one stays broken.
 */
void scan_open(struct scan *sc, struct recset *out, const char *text, size_t len,
	       const struct parse_ctx *ctx, const char *kind);
/*
 * The same for text whose nr lines are known: line k starts at starts[k]
 * and ends with the '\n' before starts[k + 1] (starts[nr]: the length).
 * text and starts are read until scan_release, and a line is set only
 * when first asked for: read such a scan's lines through scan_line.
 */
void scan_open_lines(struct scan *sc, struct recset *out, const char *text, const size_t *starts,
		     size_t nr, const struct parse_ctx *ctx, const char *kind);
/* Line idx (below sc->nr). */
struct scan_line *scan_line(struct scan *sc, size_t idx);
/* 0, BP_ENOTFOUND or BP_ERROR as parse.h describes; frees the lines. */
int scan_close(struct scan *sc);
/* Frees the lines of a scan whose outcome nobody asks for (no message is made). */
void scan_release(struct scan *sc);

int scan_blank(const struct scan_line *l);
/* s past its leading blanks (spaces and tabs). */
const char *scan_skip_blanks(const char *s);
/*
 * Whether the n bytes at s read as a kernel version and nothing else:
 * "2.6.6", "v6.1", "4.13.0-rc3-spf", "2.5.54mm2" (a digit, or 'v' and a
 * digit, first; a '.'; no blank).
 */
int scan_kernel_shaped(const char *s, size_t n);
/* Whether the line's first word (after blanks) begins with prefix: a parser's cheap look. */
int scan_begins(const struct scan_line *l, const char *prefix);

/* Appends a record for the number on line idx (value must be a number). */
struct record *scan_emit(struct scan *sc, size_t idx, const char *benchmark,
			 const char *metric, const char *value, const char *unit);
/* Reports a damaged block at line idx: "name:line: what was expected". */
void scan_damaged(struct scan *sc, size_t idx, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

#define SCAN_TOKS_INIT { NULL, 0, 0 }
void scan_split(struct scan_toks *t, const char *s);
void scan_toks_release(struct scan_toks *t);
/* The words of line idx, in sc->words until another line is asked for. */
const struct scan_toks *scan_words(struct scan *sc, size_t idx);
/*
 * The token tests are inline: the words they are given are literals, so
 * their lengths and often the compare itself are worked out at compile time.
 */
static inline int tok_is(const struct scan_tok *t, const char *word)
{
	size_t n = strlen(word);

	return t->len == n && !memcmp(t->s, word, n);
}

/* True when t ends with suffix and has something before it. */
static inline int tok_ends(const struct scan_tok *t, const char *suffix)
{
	size_t n = strlen(suffix);

	return t->len > n && !memcmp(t->s + t->len - n, suffix, n);
}

static inline int tok_digit(const struct scan_tok *t)
{
	return t->len && t->s[0] >= '0' && t->s[0] <= '9';
}

/*
 * A plain number: digits, optionally '.' (or ',' when comma is set) and
 * digits, optionally an exponent.  Appends it with '.' to out; -1 when s
 * is not exactly that.
 */
int scan_number(struct strbuf *out, const char *s, size_t len, int comma);

/*
 * The command that produced the block starting at line first: the nearest
 * "time CMD", "+ CMD" trace or "$ CMD" / "# CMD" prompt line in the
 * paragraph above it (blank lines right above are skipped, a blank line or
 * a used line above that ends the search).  Caller frees; NULL if none.
 */
char *scan_command_above(struct scan *sc, size_t first);
/*
 * The "time CMD" line a time block belongs to, further up than
 * scan_command_above looks: over the timed command's own output (blank
 * lines included) up to the next used line or other command.  NULL if none.
 */
char *scan_time_command_above(struct scan *sc, size_t first);
/* Marks the records from index from on as an interim report (facts "interim: true"). */
void scan_mark_interim(struct scan *sc, size_t from);
/*
 * Marks the records from index from on (only those of metric, when not
 * NULL) as context, not a result (facts "context: true"): a run's
 * parameters or a device's counters that a report prints beside its
 * results.  `parse` keeps them; the importer leaves them out of a
 * mail's results.
 */
void scan_mark_context(struct scan *sc, size_t from, const char *metric);
/* The command a single line shows, or NULL. */
char *scan_command_of(const char *line);
/* A label written beside numbers: trimmed, trailing ':' dropped; NULL if empty. */
char *scan_label(const char *s, size_t len);

/*
 * Values of one block, held until the whole block has been read so that a
 * damaged block leaves nothing behind.
 */
struct pending_value {
	size_t idx;      /* line */
	const char *metric, *unit;
	char *value;
};

struct pending {
	struct pending_value *v;
	size_t nr, alloc;
	struct scan_room strings;   /* the values' (and copied names') */
};

#define PENDING_INIT { NULL, 0, 0, { NULL, 0, 0, NULL } }
void pending_add(struct pending *p, size_t idx, const char *metric, const char *unit,
		 const char *value);
/* Adds the number in token t minus n suffix bytes; -1 when it is not one. */
int pending_number(struct pending *p, size_t idx, const char *metric, const char *unit,
		   const struct scan_tok *t, size_t n, int comma);
/*
 * The same for a metric and unit that outlive p (string literals, as the
 * time forms' are): they are pointed to, not copied.
 */
int pending_number_kept(struct pending *p, size_t idx, const char *metric, const char *unit,
			const struct scan_tok *t, size_t n, int comma);
/*
 * Adds the duration in t minus n suffix bytes as seconds; -1 when it is
 * not one.  metric must outlive p (a string literal): it is not copied.
 */
int pending_duration(struct pending *p, size_t idx, const char *metric,
		     const struct scan_tok *t, size_t n);
/* Emits every value with benchmark and empties p. */
void pending_commit(struct scan *sc, struct pending *p, const char *benchmark);
void pending_clear(struct pending *p);
/*
 * Forgets the values past the first nr (a row found damaged after some of
 * its values were added); their strings stay in p's room until p is cleared.
 */
void pending_truncate(struct pending *p, size_t nr);
/* Marks lines first..last (inclusive) as used. */
void scan_use(struct scan *sc, size_t first, size_t last);

/*
 * Matches a line's tokens against a pattern of words, where "%n" is a
 * number (optionally glued to a leading '(' or trailing ',') and "%w" any
 * word, and adds the numbers to p under metrics[i] with units[i] (a unit
 * "%w" or "%w/s" takes the next word matched by "%w").  1 matched, 0 the words
 * differ, -1 the words match but a number is damaged.
 */
int scan_match(struct pending *p, size_t idx, const struct scan_toks *t, const char *pattern,
	       const char *const *metrics, const char *const *units);

#endif
