#ifndef PARSE_H
#define PARSE_H

#include <stddef.h>

#include "../core/error.h"
#include "../core/record.h"

struct strbuf;

/*
 * Parsers of the text tools print (time, df, dd, postmark, dbench, fio,
 * bonnie, kernbench, sysbench, tiobench, iozone) and of the archive's own
 * format.  Each is one entry in parse_table
 * (parse/parse.c), so adding a parser touches its own file and that table.
 * docs/parse.md lists every form each parser reads and every metric word
 * it writes; the metric words are a contract other layers build on.
 *
 * Every parser (except bench) scans the whole text for blocks of its kind
 * and skips everything else, so it can be run on a captured shell session
 * or on the prose of an email.  Each line is read as a terminal showed it
 * (parse_terminal.h): escapes, carriage returns and backspaces applied.  For each number it appends one record to
 * out with:
 *   metric, value, unit   value has the digits the tool printed (comma
 *                         decimals become '.'); durations become seconds
 *                         written with the digits they imply (1:05.17 ->
 *                         65.17, 0m2.129s -> 2.129); always value_is_number()
 *   benchmark             the command or label the input shows for the
 *                         block (a "time CMD" line, "+ CMD", "$ CMD", zsh's
 *                         prefix, GNU time -v's "Command being timed", a
 *                         label beside a bash time line); df: the mount
 *                         point; fio: the job name; postmark: the tool's
 *                         name when no command is shown; dbench "dbench N";
 *                         the others their tool and main parameter; time,
 *                         dd: NULL when the input shows none
 *   line                  absolute line of the number: 1-based line in
 *                         text plus ctx->line0
 *   quoted                1 when the line started with '>' quote markers
 *                         (which are skipped before parsing)
 *   device, fs            df (file system source and type); fio's disk stats
 *   kernel                tiobench's row identifier when it reads as one
 *   facts "interim"       a report a later one of the same run replaces
 *                         (fio --status-interval, dd's SIGUSR1)
 * Nothing else is set: hardware, source... are the caller's.
 *
 * Return value: 0 when at least one record was found; BP_ENOTFOUND when
 * nothing of the kind was found (err_last() says so); BP_ERROR when only
 * damaged blocks were found.  A damaged block (a truncated time block, a
 * number that is not one) is skipped, never guessed, and reported as
 * "name:line: what was expected" through ctx->warn (and in err_last()
 * when it is the first).
 */

/* A collector of problems: a bp_warn sink whose payload is a parse_problems. */
struct parse_problems {
	char **v;          /* "name:line: what was expected", one each */
	size_t nr, alloc;
};

void parse_problems_add(struct parse_problems *p, const char *msg);
void parse_problems_release(struct parse_problems *p);
/* The sink's function: appends msg to the parse_problems in payload. */
void parse_problems_warn(void *payload, const char *msg);

struct parse_ctx {
	const char *name;   /* file name for messages */
	long line0;         /* line number of text's first line, minus one */
	/* damaged blocks and skipped fields, "name:line: what"; may be NULL */
	const struct bp_warn *warn;
};

typedef int (*parse_fn)(struct recset *out, const char *text, size_t len,
			const struct parse_ctx *ctx);

struct scan;

/*
 * One parser.  A text parser is two functions the shared block driver
 * (parse_run) calls on every line no block has taken yet: starts, a cheap
 * look at the line, and read_block, which reads the block that starts
 * there, adds its records (pending_commit) or reports it damaged
 * (scan_damaged), and returns how many lines from i it took (0: none, the
 * line starts no block after all).  A parser of a whole text (bench) has
 * whole instead.
 */
struct parser {
	const char *name;
	const char *summary;    /* one line, for --help and docs */
	int (*starts)(struct scan *sc, size_t i);
	size_t (*read_block)(struct scan *sc, size_t i);
	parse_fn whole;
	unsigned flags;
	/*
	 * PARSER_IN_MAIL: words of which a text holding the report has at
	 * least one, NULL at the end.  The importer runs the parser only on
	 * mail that has one, so that ordinary mail costs a search for each.
	 */
	const char *const *mail_words;
	/*
	 * PARSER_IN_MAIL, optional: whether a line (its leading blanks
	 * skipped) is one the tool prints over a group of its numbers
	 * ("Throughput:", "Data:").  In mail such a line belongs to the
	 * report and is never a heading of the writer's naming a config.
	 */
	int (*is_title)(const char *line);
};

/* The parser's report may stand inside a mail: the importer reads it. */
#define PARSER_IN_MAIL 1u
/* auto does not run it with the others (bench: a whole text or nothing). */
#define PARSER_WHOLE_ONLY 2u

/*
 * Every parser, in the order auto runs them, NULL at the end.  Each is
 * defined in its own file (parser_time in parse_time.c, ...).
 */
extern const struct parser *const parse_table[];
const struct parser *parse_find(const char *name);
/* Runs one parser over text: the block driver, or its whole-text reader. */
int parser_run(const struct parser *p, struct recset *out, const char *text, size_t len,
	       const struct parse_ctx *ctx);

/*
 * Runs the named parser (any parse_table name), or "auto": a text that is
 * wholly the .bench format is read as that, anything else by every other
 * parser on its own blocks, records merged in line order.
 */
int parse_text(struct recset *out, const char *type, const char *text, size_t len,
	       const struct parse_ctx *ctx);
int parse_auto(struct recset *out, const char *text, size_t len, const struct parse_ctx *ctx);

/*
 * A duration as seconds with the digits it implies: "1:05.17" -> "65.17",
 * "0m2.129s" -> "2.129", "1h2m3.4s" -> "3723.4", "2,5" -> "2.5".  Appends
 * to out and returns 0, or returns -1 (out untouched) when s is not one.
 */
int parse_duration(struct strbuf *out, const char *s, size_t len);

#endif
