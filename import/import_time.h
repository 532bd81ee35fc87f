#ifndef IMPORT_TIME_H
#define IMPORT_TIME_H

#include "../parse/parse_time.h"

#include <stddef.h>

/*
 * Time output inside a message is read by the parse layer's time forms
 * (parse_time.h: bash/ksh, POSIX -p, GNU time and -v, zsh, tcsh, BSD);
 * this is what the importer adds around them: which of their metrics a
 * record keeps, dd's summary line, and the cell values of tables.
 */

/* The time metrics an import keeps (fault and I/O counters are not results). */
int import_time_metric(const char *metric);

/*
 * Tries each time form at line i of sc; returns what the form returned
 * (lines taken, 0 or -1) and sets *line_form when the block is one line
 * that may carry the command or a config as its label (zsh, GNU, BSD).
 */
int import_time_at(struct scan *sc, size_t i, struct time_block *b, int *line_form);

/*
 * Whether import_time_at would not return 0 at line i, found from the
 * first words only: a caller that only asks need not have the values read.
 */
int import_time_starts(struct scan *sc, size_t i);

/* Whether line s can start a block of any time form (most lines cannot). */
int import_time_may_start(const char *s);

/*
 * dd: "524288000 bytes (524 MB, 500 MiB) copied, 5.2 s, 101 MB/s".  The
 * strings share one block, which import_dd_release frees.
 */
struct import_dd {
	char *seconds;
	char *rate;
	char *rate_unit;
};
int import_dd_line(struct import_dd *out, const char *s);
void import_dd_release(struct import_dd *d);

/*
 * "0m2.129s", "1:05.17", "00:53.17", "2,129" as seconds with the digits
 * posted ("65.17"); NULL when it is not a time.
 */
char *import_seconds(const char *s, size_t n);
/* "4.42", "16", "16%", "4,42": the number as posted, NULL otherwise. */
char *import_number(const char *s, size_t n);

#endif
