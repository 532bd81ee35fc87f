#ifndef IMPORT_GRID_H
#define IMPORT_GRID_H

#include "../core/arena.h"

#include <stddef.h>

/*
 * The layout of tables in mail, before anything is known of what they
 * mean: which lines are rows of values, which columns the values stand
 * in, which header names stand over which column, and the labels left
 * and right of the values.  One reader for every orientation: whether the
 * rows are kernels, file systems, configs, metrics or runs is decided by
 * the caller from the names this finds (import_table.c).
 *
 * Positions are screen columns, tabs every 8, because that is how the
 * author aligned the table.
 */

/* A piece of a line: bytes [s, s + n) standing at screen columns [x0, x1). */
struct grid_span {
	const char *s;
	size_t n;
	size_t x0, x1;
};

enum grid_value_kind {
	GRID_NUMBER,    /* 13.34, 1.462e+08, 15.4k */
	GRID_DURATION,  /* 2:35, 1:02:03, 0m2.129s, 50.5s */
	GRID_MISSING,   /* N/A, -, --, ? */
	GRID_DAMAGED,   /* "16.19.3m" in a column of "18:12.5m": a value garbled past reading */
};

/* A value cell: the value, a unit glued to it, and what follows it in brackets. */
struct grid_cell {
	struct grid_span text;    /* the whole cell as posted */
	struct grid_span value;   /* the number or duration, without its unit */
	struct grid_span unit;    /* a unit glued to the value ("%", "MB/s"), or n == 0 */
	struct grid_span note;    /* "(0.00%)", "~ 5%", "+- 0.3", "*-0.44%*": n == 0 if none */
	struct grid_span note_value; /* the number in the note: "1.42", "5", "0.3" */
	struct grid_span suffix;  /* a word naming the value after it: "10% cpu", "3.50s system" */
	enum grid_value_kind kind;
	int signed_pct;           /* "+27.5%", "-1.5%", "+Inf%": a relative change */
	int thousands;            /* "1,201,333": commas group the thousands */
	int note_pct;             /* the note is a percentage */
	int note_spread;          /* the note is a spread (~, +-, stddev in brackets) */
};

/* Whether c holds a number: a missing value's mark and a damaged cell hold none. */
static inline int grid_cell_holds_value(const struct grid_cell *c)
{
	return c->kind != GRID_MISSING && c->kind != GRID_DAMAGED;
}

/* A line read as a row: label, value cells, and text right of them. */
struct grid_row {
	size_t line;              /* index into the lines given */
	struct grid_span label;   /* text left of the first cell (trimmed), or n == 0 */
	struct grid_span tail;    /* text right of the last cell (trimmed), or n == 0 */
	struct grid_cell *cells;
	size_t ncells;
	size_t *col;              /* the column of each cell */
	long group;               /* the line of a group name over this row inside the table, or -1 */
};

/* A name in a header line and the column it stands over (-1: the label column). */
struct grid_name {
	struct grid_span text;
	long col;
};

struct grid_head {
	size_t line;
	struct grid_name *names;
	size_t nnames;
};

#define GRID_MAX_HEADS 3

struct grid {
	size_t first, end;        /* lines [first, end) hold the table, header included */
	size_t ncols;
	struct grid_row *rows;
	size_t nrows;
	struct grid_head heads[GRID_MAX_HEADS];   /* top to bottom */
	size_t nheads;
	long title;               /* the line naming the table above it, or -1 */
	long lead_in;             /* the line above that goes on with a wrapped sentence, or -1 */
	size_t *col_x0, *col_x1;  /* each column's screen span over its cells */
};

/* A line as the caller has it (quote marks already removed). */
struct grid_line {
	const char *s;
	size_t n;
};

/*
 * Reads line s as a row: 0 and *out filled (the caller frees it with
 * grid_row_release) when it holds at least one value cell placed as a
 * table's cells are (after a label, or before a trailing one), -1 when it
 * is not a row.
 */
int grid_row_read(struct grid_row *out, const char *s, size_t n);
void grid_row_release(struct grid_row *r);

/* Reads one cell's text (e.g. "20:54", "5004.75 (  1.42%)"): 0 when it is one. */
int grid_cell_read(struct grid_cell *out, const char *s, size_t n);

/*
 * The tables among lines[0, nr): *out is an array of *nout tables in line
 * order, freed with grid_free.  A table has at least two rows whose cells
 * line up, or one row under a header naming its columns.
 */
int grid_find(struct grid **out, size_t *nout, const struct grid_line *lines, size_t nr);

/*
 * grid_find in a room kept from one search to the next (a message's
 * quote depths, one after another), so that a search costs no malloc of
 * its own beyond the tables it finds.
 */
struct grid_room;
struct grid_room *grid_room_new(void);
void grid_room_free(struct grid_room *room);
int grid_find_in(struct grid_room *room, struct grid **out, size_t *nout,
		 const struct grid_line *lines, size_t nr);
void grid_free(struct grid *g, size_t n);
/* Table g found among lines that start by lines later: its line numbers are counted from that many earlier. */
void grid_move(struct grid *g, size_t by);

/* The words of a line (between blanks and '|') with their screen spans; how many. */
size_t grid_words(struct grid_span **out, size_t *alloc, const char *s, size_t n);

/*
 * One value a table gives, with what the table says of it (NULL: it does
 * not say).  Its strings are its grid_values' strings.
 */
struct grid_value {
	size_t line;          /* index into the lines of the table's row */
	size_t col;           /* the column of its cell */
	char *value;          /* as posted; durations in seconds */
	char *unit;
	char *metric;
	char *benchmark;
	char *kernel;
	const char *fs;       /* canonical file-system name */
	char *options;        /* mount options or the config as the table names it */
};

/* All zero is empty, as GRID_VALUES_INIT. */
struct grid_values {
	struct grid_value *v;
	size_t nr, alloc;
	struct arena strings;  /* every string of v, freed together */
};

#define GRID_VALUES_INIT { NULL, 0, 0, ARENA_INIT(0) }

/*
 * What a legend of the text says a column or row name stands for
 * ("ext3wb" -> "ext3: 4k blocks, data=writeback"), or NULL.
 */
typedef const char *(*grid_legend_fn)(void *data, const char *name);

/*
 * The values of table g (found among lines by grid_find), appended to
 * out: every value cell but those of columns that hold no result of their
 * own (a count of runs, a baseline, a relative change).  legend may be
 * NULL.
 */
void grid_read_values(struct grid_values *out, const struct grid *g, const struct grid_line *lines,
		      grid_legend_fn legend, void *data);
void grid_values_release(struct grid_values *v);

/* The screen column after the bytes [line, p) of a line, tabs every 8. */
size_t grid_screen_col(const char *line, const char *p);

/*
 * Whether the n bytes at s hold a letter or a digit: grep -C's "--" and
 * tiobench's "." (the directory it ran in) name nothing.
 */
int grid_names_something(const char *s, size_t n);

#endif
