#ifndef IMPORT_GRID_LEX_H
#define IMPORT_GRID_LEX_H

/*
 * What the row lexer (import_grid_lex.c), the cell reader
 * (import_grid_cell.c) and the table finder (import_grid.c) share: a
 * line's pieces between blanks, tabs and '|', and the room to read lines
 * in.
 */
#include "import_grid.h"

#include <stddef.h>

struct grid_piece {
	const char *s;
	size_t n;
	size_t x0, x1;
	size_t gap;      /* screen columns of blank before it */
	int hard;        /* a tab or '|' before it */
};

struct grid_item;

/*
 * The room a reader of many lines reads them in, kept from line to line
 * so that a line costs no malloc: its pieces, and the items (cells and
 * words) the pieces make.
 */
struct grid_lexer {
	struct grid_piece *p;
	size_t palloc;
	struct grid_item *it;
	size_t ialloc;
};

#define GRID_LEXER_INIT { NULL, 0, NULL, 0 }

void grid_lexer_release(struct grid_lexer *lx);

/* grid_row_read in lx's room. */
int grid_row_lex(struct grid_lexer *lx, struct grid_row *out, const char *s, size_t n);

/* Splits s[0, n) into *out (grown as needed, *alloc its room); returns how many pieces. */
size_t grid_split_pieces(struct grid_piece **out, size_t *alloc, const char *s, size_t n);

/*
 * Whether the piece s[0, n) may be a value, by its first characters: a
 * number, a duration and "+Inf%" start with a digit, a sign or '.', a
 * missing value with "N/", "NA", "n/", "n.", '-' or '?'.  Most pieces
 * of a line are words, and go at this first look.
 */
static inline int grid_may_be_value(const char *s, size_t n)
{
	if (!n)
		return 0;
	if ((s[0] >= '0' && s[0] <= '9') || s[0] == '+' || s[0] == '-' || s[0] == '.' || s[0] == '?')
		return 1;
	return (s[0] == 'N' || s[0] == 'n') && n >= 2 && (s[1] == '/' || s[1] == 'A' || s[1] == '.');
}

/* A cell read at pieces p[i, np): how many pieces it takes, 0 if none. */
size_t grid_cell_at(struct grid_cell *c, const struct grid_piece *p, size_t i, size_t np);

/* Whether one piece (no blank in it) is a value cell alone: "12.5", "N/A", "3s". */
int grid_piece_is_value(const struct grid_piece *p);

#endif
