#ifndef IMPORT_GRID_FIND_H
#define IMPORT_GRID_FIND_H

/*
 * What the table finder (import_grid.c) and the reader of a table's
 * header lines (import_grid_head.c) share: the facts of each line, and
 * how two screen spans meet.
 */
#include "import_grid.h"

#include <stddef.h>

struct lineinfo {
	int row;          /* grid_row_read took it: r holds the row */
	int joined;       /* a row's label wrapped onto its own line above it */
	int blank;
	int rule;         /* "-----", "=====", "+----+----+", "|---|---|" */
	struct grid_row r;
};

/* How many screen columns [a0, a1) and [b0, b1) share. */
static inline size_t grid_overlap(size_t a0, size_t a1, size_t b0, size_t b1)
{
	size_t lo = a0 > b0 ? a0 : b0, hi = a1 < b1 ? a1 : b1;

	return hi > lo ? hi - lo : 0;
}

/* One name alone on its line: words a space apart, no values ("| open1_16_processes"). */
int grid_one_name(const char *s, size_t n);

/*
 * The header lines, a group line and a title over g's first row, no
 * higher than line floor: the lines above it are the table before's
 * (its rows, taken, would read as header lines of this one).
 */
void grid_find_heads(struct grid *g, const struct grid_line *lines, struct lineinfo *li, size_t floor);

/* The first row as a header of numbers ("  1   2   4   8") when labelled rows follow. */
void grid_numbers_head(struct grid *g);

#endif
