#ifndef PARSE_H
#define PARSE_H

#include "../core/record.h"

/*
 * Parsers of the text tools print (time, df, dd, postmark, dbench, fio)
 * and of the archive's own format.  Each is one entry in parse_table
 * (parse/parse.c), so adding a parser touches one file and that table.
 *
 * A parser appends the records it finds in text to out, with line set to
 * where each number stands (1-based, relative to text, plus ctx->line0).
 * It returns 0 when it found at least one record, BP_ENOTFOUND when there
 * was nothing of its kind, and BP_ERROR with "name:line: what was
 * expected" in err_last() for a damaged block.
 */
struct parse_ctx {
	const char *name;   /* file name for messages and provenance */
	long line0;         /* line number of text's first line, minus one */
};

struct parser {
	const char *name;
	const char *summary;
	int (*parse)(struct recset *out, const char *text, size_t len,
		     const struct parse_ctx *ctx);
};

extern const struct parser parse_table[];
const struct parser *parse_find(const char *name);

/* Runs the named parser, or every parser on its own blocks for "auto". */
int parse_text(struct recset *out, const char *type, const char *text, size_t len,
	       const struct parse_ctx *ctx);

#endif
