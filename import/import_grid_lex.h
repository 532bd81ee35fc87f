#ifndef IMPORT_GRID_LEX_H
#define IMPORT_GRID_LEX_H

/*
 * What the row lexer (import_grid_lex.c) and the cell reader
 * (import_grid_cell.c) share: a line's pieces between blanks, tabs and '|'.
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

/* Splits s[0, n) into *out (grown as needed, *alloc its room); returns how many pieces. */
size_t grid_split_pieces(struct grid_piece **out, size_t *alloc, const char *s, size_t n);

/* A cell read at pieces p[i, np): how many pieces it takes, 0 if none. */
size_t grid_cell_at(struct grid_cell *c, const struct grid_piece *p, size_t i, size_t np);

#endif
