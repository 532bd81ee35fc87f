#ifndef PARSE_TIME_H
#define PARSE_TIME_H

#include "parse_scan.h"

/*
 * The forms of time output, each trying to read a block starting at line
 * i.  They return the number of lines the block took (its values are in
 * p and *label is the label written on its lines, if any), 0 when line i
 * does not start a block of theirs, or -1 after reporting a damaged block
 * through scan_damaged() (*used then says how many lines to skip).
 */
struct time_block {
	struct pending values;
	char *label;      /* label or command shown on the block's own lines */
	size_t first;     /* first line that belongs to the block */
	size_t lines;     /* lines from i taken by the block */
};

struct time_form {
	const char *name;
	/*
	 * Whether read would not return 0 at line i, without reading the
	 * values: asking whether a block starts somewhere costs no more than
	 * the look at its first words.
	 */
	int (*starts)(struct scan *sc, size_t i);
	int (*read)(struct scan *sc, size_t i, struct time_block *b);
	int one_line;     /* zsh, GNU, BSD: what stands before may be a label */
};

/* In the order they are tried: the first that does not return 0 has the line. */
extern const struct time_form time_forms[];
extern const size_t time_forms_nr;

int time_starts_verbose(struct scan *sc, size_t i);
int time_form_verbose(struct scan *sc, size_t i, struct time_block *b);
int time_starts_posix(struct scan *sc, size_t i);
int time_form_posix(struct scan *sc, size_t i, struct time_block *b);
int time_starts_line(struct scan *sc, size_t i);
int time_form_line(struct scan *sc, size_t i, struct time_block *b);

/*
 * Formats of the user's own, numbers beside their labels (parse_time_labels.c).
 * Not in time_forms: parse tries it after them.  time_labels_pairs: how
 * many labelled values a line's words hold.
 */
int time_starts_labels(struct scan *sc, size_t i);
int time_form_labels(struct scan *sc, size_t i, struct time_block *b);
int time_labels_pairs(const struct scan_toks *t);

#endif
