#ifndef ARCHIVE_H
#define ARCHIVE_H

#include "../core/record.h"

#include <time.h>

/*
 * The result archive: a git repository written through libgit2 (never by
 * running git).  Layout (DESIGN.md, "The archive"):
 *
 *   runs/<kernel>/<hardware>/<UTC time>-<fs>-<suite>.bench   one file per run
 *   hardware/<hardware>.txt                                  full machine details
 *
 * This header is the contract the other layers build on: collect commits
 * runs, import commits batches, render reads selections.
 */

struct archive;

/* One run: the samples of one (kernel, hardware, fs config) at one time. */
struct archive_run {
	struct recset records;   /* kernel, hardware, fs, options come from these */
	const char *suite;       /* "quick", "standard", "import", ...; NULL: "run" */
	time_t when;             /* when it ran (UTC); for imports the email's date */
	const char *hardware_details; /* text for hardware/<key>.txt, or NULL */
};

/*
 * Opens the archive at path, or when path is NULL at $BENCHPOST_ARCHIVE,
 * else $XDG_DATA_HOME/benchpost/archive (~/.local/share/benchpost/archive).
 * With create, a missing archive is created (non-bare); bare and non-bare
 * repositories both work.
 */
int archive_open(struct archive **out, const char *path, int create);
void archive_free(struct archive *a);
/* Where the archive is (for messages). */
const char *archive_path(const struct archive *a);

/*
 * Commits runs as one commit (one run: one commit; an import: one per
 * batch).  message NULL: generated ("2.5.44-mm3 piii-1c-256m-st340016a:
 * ext3 untar 53.17s rm 19.73s").  paths, when not NULL, receives the
 * archive paths written, one per run, each the caller's to free (and the
 * array too).  Serialises with other writers on a lock; crash safe.
 */
int archive_commit(struct archive *a, const struct archive_run *runs, size_t nr,
		   const char *message, char ***paths);

/* Filters: exact, prefix or glob; NULL matches everything. */
struct archive_filter {
	const char *kernel;
	const char *hardware;
	const char *fs;
	const char *benchmark;
};

/*
 * Appends the records of every run that matches to out.  Reads only the
 * subtrees the filter needs (runs/<kernel>/ for a kernel filter).  Each
 * record's facts carry "run: <path in archive>" and "commit: <id>".
 */
int archive_query(struct archive *a, const struct archive_filter *filter, struct recset *out);

#endif
