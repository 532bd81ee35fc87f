#ifndef IMPORT_TABLE_H
#define IMPORT_TABLE_H

#include "../core/arena.h"
#include "../mail/mail_quote.h"

#include <stddef.h>

/*
 * Tables in prose: a header row naming the columns (kernels, file systems,
 * configs a legend expands, or metrics), then rows of a label and one cell
 * per column, separated by tabs or spaces.  Cells are numbers, m:ss or
 * mm:ss times, or "-" / "N/A" for nothing.
 */
struct import_cell {
	size_t row, col;
	char *text;   /* as posted, without a trailing "s" or "%" */
	long lineno;
};

/*
 * Its strings and arrays are cut from the arena the table owns (text),
 * freed together by import_table_release: a table's dozens of small pieces
 * all have its lifetime.
 */
struct import_table {
	char *title;      /* what the header has left of its columns, or NULL */
	char **cols;
	char **cols2;     /* a second header line's names, or NULL (import_table_head.c) */
	size_t ncols;
	char **rows;
	size_t nrows;
	struct import_cell *cells;
	size_t ncells;
	size_t lines;     /* header and rows consumed */
	size_t arows, acells;   /* room in rows and cells */
	struct arena text;
};

/*
 * Whether a column name is something a table is laid out by; the caller
 * knows the legend, so it decides.
 */
typedef int (*import_col_known)(const char *name, void *data);

/* A table whose header is at lines[at]; 0 when there is one there. */
int import_table_at(struct import_table *out, const struct qline *lines, size_t nr,
		    size_t at, import_col_known known, void *data);
void import_table_release(struct import_table *t);

/* One cell of a line as split for a table: where it starts, how long. */
struct import_span {
	const char *p;
	size_t n;
};

#define IMPORT_TABLE_MAX_CELLS 32

/*
 * Splits a line into cells on blanks, tabs and '|'; wide: only on tabs, '|'
 * and runs of two or more spaces.  Returns how many (at most
 * IMPORT_TABLE_MAX_CELLS) and how many of them, at the end, are values.
 */
size_t import_table_split(struct import_span *out, const char *s, int wide, size_t *values);

/*
 * A header of two lines, lines[at] over lines[at + 1] (kernels over file
 * systems, or over units), above rows with k values whose first is row:
 * fills t's title, cols and cols2 by where the names stand over the
 * columns.  0 when both lines name every column.
 */
int import_table_head2(struct import_table *t, const char *top, const char *bottom,
		       const char *row, size_t k, import_col_known known, void *data);
/* A copy of n bytes at p, or n zeroed bytes (p NULL), that t owns. */
char *import_table_keep(struct import_table *t, const char *p, size_t n);
/* Whether lines[at + 1] could be the second line of a header at lines[at]. */
int import_table_head2_like(const struct qline *lines, size_t nr, size_t at);
/* A units cell under a column ("(s)", "sec", "MB/s", "%"): its unit, or NULL. */
const char *import_table_unit(const char *name);

/* Whether line s could be a table row: a label and two or more cells. */
int import_table_row_like(const char *s);

/* A cell's text: number, time, or a placeholder for nothing ("-", "N/A"). */
int import_cell_is_value(const char *s, size_t n);

#endif
