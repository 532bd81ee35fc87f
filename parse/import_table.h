#ifndef IMPORT_TABLE_H
#define IMPORT_TABLE_H

#include "mail_quote.h"

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

struct import_table {
	char *title;      /* what the header has left of its columns, or NULL */
	char **cols;
	size_t ncols;
	char **rows;
	size_t nrows;
	struct import_cell *cells;
	size_t ncells;
	size_t lines;     /* header and rows consumed */
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

/* Whether line s could be a table row: a label and two or more cells. */
int import_table_row_like(const char *s);

/* A cell's text: number, time, or a placeholder for nothing ("-", "N/A"). */
int import_cell_is_value(const char *s, size_t n);

#endif
