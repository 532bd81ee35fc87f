#ifndef SELECT_H
#define SELECT_H

#include "../core/record.h"

struct archive;

/*
 * What diff, plot and report read (docs/render.md, "Selection"): each
 * argument is a .bench file (an existing path), a run in the archive
 * (runs/<kernel>/<hardware>/<file>.bench) or a kernel version in the
 * archive; the filters narrow what was read, matching like `benchpost
 * log` (exact or glob; --fs also as "fs:options").
 */
struct select_opts {
	const char *archive;      /* --archive, NULL for the default */
	const char *kernel, *hardware, *fs, *benchmark;
	struct archive *opened;   /* opened on first use, closed by select_release */
};

/* Appends the records arg names, narrowed by the filters. */
int select_arg(struct recset *out, struct select_opts *o, const char *arg);
/* Appends the archive's records that the filters match (no arguments given). */
int select_archive(struct recset *out, struct select_opts *o);
/* Keeps only the records the filters match. */
void select_filter(struct recset *set, const struct select_opts *o);
void select_release(struct select_opts *o);

/*
 * When the records hold several hardware keys or file-system
 * configurations, returns BP_EAMBIGUOUS with a message that names the
 * choices and the option that picks one.
 */
int select_check_single(const struct recset *set, const char *what);

/*
 * Command-layer helpers of plot and report (cmd_plot.c): the records of
 * the SELECTION arguments (the archive under the filters when there are
 * none), and output to a file or standard output.  Both return an exit
 * code, having printed the error.
 */
int cmd_select_records(struct recset *out, struct select_opts *sel, int nargs, const char **args);
int cmd_write_output(const char *path, const char *data, size_t len);

#endif
