#ifndef RENDER_TABLE_H
#define RENDER_TABLE_H

#include "../core/strbuf.h"

#include <stddef.h>

/*
 * The one table driver behind every layout (kernel columns, config
 * columns, before/after): a label column and value columns whose cells
 * are a number, an optional spread and an optional note, each aligned on
 * its own (numbers on the decimal point).  Output formats differ only in
 * small parts and are a table of hooks (render_table_formats).
 */
struct render_cell {
	char *value;    /* "53.17" */
	char *spread;   /* "0.41": drawn as "+-0.41" (or with --utf8 "±0.41") */
	char *note;     /* "n=3", "better", "~" */
};

struct render_row {
	char *label;
	struct render_cell *cells;   /* ncols of them; NULL: a section heading */
};

struct render_table {
	char *title;
	char *stub;                  /* header of the label column */
	char **cols;
	size_t ncols, cols_alloc;
	struct render_row *rows;
	size_t nrows, rows_alloc;
	char **notes;                /* legend and footnotes, after the table */
	size_t nnotes, notes_alloc;
	int no_split;                /* one block: long labels stand on their own line, no column groups */
	int align_right;             /* values right-aligned, spreads apart (rows of unlike magnitudes) */
	int tight_last;              /* one space before the last column, not two */
};

#define RENDER_TABLE_INIT { 0 }

void render_table_set_title(struct render_table *t, const char *title, const char *stub);
/* Columns first, then rows: a row gets a cell for each column there is. */
void render_table_add_col(struct render_table *t, const char *name);
struct render_cell *render_table_add_row(struct render_table *t, const char *label);
void render_table_add_section(struct render_table *t, const char *label);
void render_table_add_note(struct render_table *t, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void render_cell_set(struct render_cell *c, const char *value, const char *spread,
		     const char *note);
void render_table_release(struct render_table *t);

struct render_table_format {
	const char *name;             /* "text", "utf8", "html" */
	int utf8;                     /* non-ASCII text allowed */
	size_t width;                 /* split into column groups past this; 0: never */
	const char *plus_minus;
	void (*escape)(struct strbuf *out, const char *s);
	/* lays out the escaped table: padded text, or html elements */
	void (*write)(struct strbuf *out, struct render_table *t,
		      const struct render_table_format *fmt);
};

const struct render_table_format *render_table_format(const char *name);
/* Lines of text beside a table (warnings), escaped as the format's tables are. */
void render_table_write_lines(struct strbuf *out, const char *text,
			      const struct render_table_format *fmt);
/* A table's title: wrapped text lines, or an HTML heading. */
void render_table_write_heading(struct strbuf *out, const char *text,
				const struct render_table_format *fmt);
void render_table_write(struct strbuf *out, const struct render_table *t,
			const struct render_table_format *fmt);

#endif
