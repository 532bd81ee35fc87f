#ifndef COLLECT_H
#define COLLECT_H

#include "../core/error.h"
#include "../core/record.h"
#include "../core/strbuf.h"

#include <time.h>

/*
 * benchpost run: the standard file-system tests, timed with wait4()
 * rusage on cold caches, on loop-mounted file systems made inside one
 * scratch directory (or in an existing directory with --dir).
 */

/* One --fs entry: "ext3:data=writeback:-b 1024" (type:mount options:mkfs options). */
struct collect_fs {
	char *spec;        /* as given, for messages */
	char *type;
	char *mount_opts;  /* NULL: defaults */
	char *mkfs_opts;   /* NULL: defaults; split on spaces */
};

struct collect_fs_list {
	struct collect_fs *v;
	size_t nr, alloc;
};

/* Parses "ext2,ext3:data=writeback,noatime,ext4::-b 1024"; see docs/collect.md. */
int collect_fs_parse(struct collect_fs_list *out, const char *list);
void collect_fs_list_release(struct collect_fs_list *l);
/* "ext2, ext3, ext4, xfs, btrfs": the file systems benchpost can make. */
void collect_fs_names(struct strbuf *out, const char *sep);

/* What the run is doing, for a progress line; the library never prints it. */
enum collect_phase {
	COLLECT_PHASE_PREPARE,  /* cleaning up, checking, building the data set */
	COLLECT_PHASE_STEP,     /* a test's iteration on a file system */
};

struct collect_status {
	enum collect_phase phase;
	const char *what;       /* PREPARE: "checking ext4:bogusopt", "data set: 1200/4000 files" */
	const char *fs;         /* STEP: the --fs entry (or "ext4 (--dir)") */
	size_t fs_k, fs_n;      /* 1-based */
	const char *test;
	int iteration;
	int iterations;         /* planned so far (-n auto: the pilot's, then the plan's) */
	double elapsed;         /* seconds since the run started */
	double phase_elapsed;   /* seconds in this phase or iteration */
	double left;            /* estimated seconds left; < 0 when there is nothing to go on */
	int left_partial;       /* some tests left have no earlier iteration to go by */
};

/* The sampling plan: a fixed count, or -n auto (a pilot, then what the spread needs). */
#define COLLECT_AUTO 0

struct collect_opts {
	const char *suite;          /* "quick" or "standard" */
	const struct collect_fs_list *fs; /* loop-device file systems (root) */
	const char *dir;            /* or an existing directory */
	const char *scratch_parent; /* where the scratch directory goes (--fs) */
	const char *tarball;        /* NULL: linux-source or generated */
	const char *cache_dir;      /* data sets; NULL: $XDG_CACHE_HOME/benchpost */
	const char *const *tests;   /* NULL: all; else names, NULL-terminated */
	const char *const *params;  /* "test.key=value", NULL-terminated, or NULL */
	int iterations;             /* COLLECT_AUTO or at least 1 */
	int max_iterations;         /* -n auto's cap */
	double detect;              /* -n auto: the relative change to detect (0.05) */
	const char *sig_test;       /* -n auto: "utest" or "welch" */
	int interleave;             /* round-robin iterations over the file systems */
	/* Called on every change of phase and at least once a second. */
	void (*progress)(void *payload, const struct collect_status *st);
	void *progress_payload;
	struct bp_warn warn;        /* non-fatal diagnostics */
};

/* One file system's results: what archive_commit stores as one run. */
struct collect_run {
	struct recset records;
	char *fs_label;       /* "ext3:data=writeback" or "ext4 (--dir)" */
	char *hardware_details;
	time_t when;
};

struct collect_result {
	struct collect_run *v;
	size_t nr, alloc;
	char *suite;
};

/*
 * Checks the selection before anything runs: every --test name known
 * (an empty one too is an error), every --param a known test and setting
 * with a valid value.  A failure here is a usage error.
 */
int collect_check_selection(const char *const *tests, const char *const *params);
/* The tests in the table, in the order they run: "cp, untar, ..." */
void collect_test_names(struct strbuf *out, const char *sep);
/* Every settable "test.key" with its quick/standard defaults, for --help. */
void collect_param_help(struct strbuf *out, const char *indent, size_t width);
/* The statistical tests -n auto can plan for ("utest, welch"). */
int collect_sig_test_known(const char *name);

/*
 * Runs everything opts asks for; out receives one run per file system,
 * also the ones completed before a failure or an interruption (out->nr
 * tells).  Whatever was made (mounts, loop devices, images, files) is
 * removed on every path.  Returns BP_ERROR with the reason in err_last();
 * collect_interrupted() then tells whether a signal caused it.
 */
int collect_run(struct collect_result *out, const struct collect_opts *opts);
void collect_result_release(struct collect_result *r);

/* Installs the SIGINT/SIGTERM/SIGHUP handlers. */
void collect_signals_install(void);
/* The signal that interrupted the run, or 0. */
int collect_interrupted(void);

/* "1:23", "1:02:03" */
void collect_format_duration(struct strbuf *out, double seconds);
/*
 * What --test, --param and --fs accept, for shell completion: the i-th
 * test's name (in the order they run) and its settings, the i-th file
 * system type.  NULL past the end (and for a test without settings).
 */
const char *collect_test_name(size_t i);
const char *const *collect_test_params(size_t i);
const char *collect_fs_type_name(size_t i);

#endif
