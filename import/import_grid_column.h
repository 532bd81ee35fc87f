#ifndef IMPORT_GRID_COLUMN_H
#define IMPORT_GRID_COLUMN_H

/*
 * What the header lines of a table say of each column
 * (import_grid_column.c), for the reader of its values
 * (import_grid_read.c).
 */
#include "import_grid_name.h"

#include <stddef.h>

/* What the table says of each column. */
struct column {
	char *kernel;
	const char *fs;
	char *options;
	char *metric;       /* joined names of the metric lines, or NULL */
	char *unit;
	char *bench_param;  /* "4" over the column: the benchmark's parameter */
	int skip, param;
};

/* Fills cols[0, g->ncols) (all zero before) from g's header lines; rd: the text's legends. */
void grid_columns_read(struct column *cols, const struct grid *g, const struct reading *rd);
void grid_columns_release(struct column *cols, size_t n);

#endif
