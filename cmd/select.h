#ifndef SELECT_H
#define SELECT_H

#include "../core/options.h"
#include "../core/record.h"
#include "../core/strbuf.h"

struct archive;
struct archive_list;

/*
 * What log, diff, plot, report (and series, check) read, with the same
 * meaning in every command (docs/render.md, "Selection").  Each argument
 * is a .bench file (an existing path), a run in the archive (its path, a
 * unique prefix of its file name, or the commit that added it) or a
 * kernel version.  The filters narrow what was read:
 *   --kernel K     exact, glob, or a prefix ending at . - _ +  (6.1 is not 6.10)
 *   --hardware H   as log prints it: exact, glob, prefix ending at -;
 *                  "-" (or "unknown") for results whose machine is unknown
 *   --fs F         "ext3" the plain ext3 entry when there is one, else every
 *                  ext3 entry; "ext3:data=writeback" the entry with those
 *                  options (in any order); "ext3:*" every ext3 entry; globs;
 *                  repeatable: any of them
 *   --benchmark B  the whole name, its first words ("untar", "dd write") or a glob
 *   --device D     exact, glob or prefix
 * A pattern that matches some value exactly keeps only the exact matches.
 */
struct select_opts {
	const char *archive;      /* --archive, NULL for the default */
	const char *kernel, *hardware, *benchmark, *device;
	struct opt_list fs;
	struct archive *opened;   /* opened on first use, closed by select_release */
};

/* The filter options, the same help in every command that selects. */
#define SELECT_FILTER_OPTIONS(sel)                                                        \
	OPT_STRING(0, "kernel", &(sel).kernel, "K", "only this kernel (exact, prefix or glob)"), \
	OPT_STRING(0, "hardware", &(sel).hardware, "H",                                   \
		   "only this hardware key as log prints it ('-': unknown)"),              \
	OPT_LIST(0, "fs", &(sel).fs, "F", "only this file system or fs:options (repeatable)"), \
	OPT_STRING(0, "benchmark", &(sel).benchmark, "B",                                 \
		   "only this benchmark (its first word, whole name or a glob)"),          \
	OPT_STRING(0, "device", &(sel).device, "D", "only results from this device"),       \
	OPT_STRING(0, "archive", &(sel).archive, "DIR", "archive location")

/* Whether a record passes the filters (each on its own, before exact matches are preferred). */
int select_record_matches(const struct select_opts *o, const struct record *r);
/* Keeps only the records the filters match, preferring exact matches. */
void select_filter(struct recset *set, const struct select_opts *o);
/* Whether any filter is set. */
int select_has_filters(const struct select_opts *o);

/* Appends the records arg names, narrowed by the filters. */
int select_arg(struct recset *out, struct select_opts *o, const char *arg);
/* Appends the archive's records that the filters match. */
int select_archive(struct recset *out, struct select_opts *o);
/* The archive's runs (log's listing) under the filters, newest first. */
int select_list_runs(struct archive_list *out, struct select_opts *o);
/* Moves the records of a listing to out in the order the runs ran. */
void select_take_runs(struct recset *out, struct archive_list *list);

/*
 * Without selection arguments: the latest run under the filters, or,
 * when the machine of that run holds an earlier run of another kernel
 * sharing a file-system configuration, the two kernels on what they
 * share.  picked receives what was chosen, in a sentence for the user.
 */
int select_default(struct recset *out, struct strbuf *picked, struct select_opts *o);
void select_release(struct select_opts *o);

/*
 * The keys a comparison side must hold one value of (a machine, a
 * configuration, a device, a kernel): for each that holds several,
 * BP_EAMBIGUOUS with a message naming the choices and the option that
 * picks one.  keys is a mask of SELECT_ONE_* bits.
 */
enum {
	SELECT_ONE_HARDWARE = 1, SELECT_ONE_CONFIG = 2, SELECT_ONE_DEVICE = 4, SELECT_ONE_KERNEL = 8,
};
int select_check_single(const struct recset *set, const char *what, unsigned keys);

/*
 * Command-layer helpers of plot and report (cmd_plot.c): the records of
 * the SELECTION arguments (the default selection when there are none,
 * said on stderr), and output to a file or standard output.  Both return
 * an exit code, having printed the error.
 */
int cmd_select_records(struct recset *out, struct select_opts *sel, int nargs, const char **args);
int cmd_write_output(const char *path, const char *data, size_t len);

#endif
