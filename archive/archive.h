#ifndef ARCHIVE_H
#define ARCHIVE_H

#include "../core/error.h"
#include "../core/record.h"
#include "../core/strbuf.h"

#include <time.h>

/*
 * The result archive: a git repository written through libgit2 (never by
 * running git).  Layout (DESIGN.md, "The archive"):
 *
 *   runs/<kernel>/<hardware>/<UTC time>-<hash>-<fs>-<suite>.bench   one file per run
 *   hardware/<hardware>.txt                                         full machine details
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
 * With create (writers), a missing archive is created (non-bare), and an
 * archive this user cannot write fails now with the reason ("is not
 * writable: permission denied"); bare and non-bare repositories both work.
 * Another user's repository fails with "owned by uid N", as git refuses
 * it; a BENCHPOST_LOCK_TIMEOUT that is not a finite number of seconds,
 * 0 or more, fails too.  A writer should open the archive before its
 * long work, so that it learns these at once.
 */
int archive_open(struct archive **out, const char *path, int create);
/* The writers' check archive_open(..., 1) makes, for a handle opened to read. */
int archive_check_writable(struct archive *a);
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

/* --- beyond the first contract: log, show, push, pull --- */

/* Appends t (UTC) formatted by strftime's fmt. */
void archive_format_time(struct strbuf *out, time_t t, const char *fmt);

/* The sanitised form of an untrusted key as it appears in a path. */
char *archive_key(const char *untrusted);

/* How long a writer waits for the lock, in seconds (default 60; env BENCHPOST_LOCK_TIMEOUT). */
void archive_set_lock_timeout(struct archive *a, double seconds);

/*
 * Where the archive's non-fatal diagnostics go (a pack not consolidated,
 * local changes in the working tree kept, a dead writer's leftovers
 * removed); only writers and pull give any.  Without one they are
 * discarded, so a command that writes hands down its own (cmd_warn).
 */
void archive_set_warn(struct archive *a, const struct bp_warn *warn);

/*
 * Takes the writers' lock now (waiting as archive_commit does) and keeps
 * it until archive_free, e.g. across the batches
 * of one import; archive_commit under a held lock does not release it.
 */
int archive_hold_lock(struct archive *a);

/* One run as listed by log: where it is, which commit added it, its facts. */
struct archive_entry {
	char *path;       /* runs/<kernel>/<hardware>/<name>.bench */
	char *commit;     /* the commit that added it (hex) */
	time_t when;      /* when the run ran (from the file, else the commit) */
	time_t committed; /* when it was committed */
	char *kernel, *hardware, *fs, *suite; /* originals from the file */
	struct recset records; /* the records that matched the filter */
};

struct archive_list {
	struct archive_entry *v;
	size_t nr, alloc;
};

#define ARCHIVE_LIST_INIT { NULL, 0, 0 }

/*
 * Lists the runs that match (each with its matching records), newest
 * first.  Reads only the subtrees the filter needs.
 */
int archive_list_runs(struct archive *a, const struct archive_filter *filter,
		      struct archive_list *out);
/* Orders by kernel version (kver_cmp), newest run first within a kernel. */
void archive_list_sort_version(struct archive_list *list);
void archive_list_release(struct archive_list *list);

/*
 * Resolves RUN (a path, a unique prefix of a run's file name, or a commit
 * id: the runs that commit added) to archive paths.  BP_ENOTFOUND when
 * nothing matches; BP_EAMBIGUOUS when a name prefix matches several runs
 * (the candidates are still returned in out, for the message).
 */
int archive_resolve(struct archive *a, const char *spec, char ***out, size_t *nr);
/* Reads the runs at the given paths (as archive_list_runs would list them). */
int archive_read_runs(struct archive *a, char *const *paths, size_t nr,
		      struct archive_list *out);

/*
 * push and pull: remote is a configured remote's name, a URL or a path
 * (NULL: "origin").  pull checks what it fetched (no links, submodules or
 * shapes benchpost never writes) and merges by itself, keeping both
 * versions of a run both sides changed; summary receives what to tell the
 * user ("3 runs from 'origin', histories merged", then the runs kept in
 * both versions, if any, a line each).
 */
int archive_push(struct archive *a, const char *remote, struct strbuf *summary);
int archive_pull(struct archive *a, const char *remote, struct strbuf *summary);

#endif
