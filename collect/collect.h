#ifndef COLLECT_H
#define COLLECT_H

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

struct collect_opts {
	const char *suite;          /* "quick" or "standard" */
	const struct collect_fs_list *fs; /* loop-device file systems (root) */
	const char *dir;            /* or an existing directory */
	const char *scratch_parent; /* where the scratch directory goes (--fs) */
	const char *tarball;        /* NULL: linux-source or generated */
	const char *const *tests;   /* NULL: all; else names, NULL-terminated */
	const char *const *params;  /* "test.key=value", NULL-terminated, or NULL */
	int iterations;
	int progress;               /* draw the progress line (a terminal) */
};

/* One file system's results: what archive_commit stores as one run. */
struct collect_run {
	struct recset records;
	char *fs_label;       /* "ext3:data=writeback" or "dir" */
	char *hardware_details;
	time_t when;
};

struct collect_result {
	struct collect_run *v;
	size_t nr, alloc;
	char *suite;
};

/*
 * Runs everything opts asks for; out receives one run per file system,
 * also the ones completed before a failure or an interruption (out->nr
 * tells).  Whatever was made (mounts, loop devices, images, files) is
 * removed on every path.  Returns BP_ERROR with the reason in err_last();
 * collect_interrupted() then tells whether a signal caused it.
 */
int collect_run(struct collect_result *out, const struct collect_opts *opts);
void collect_result_release(struct collect_result *r);

/* Installs the SIGINT/SIGTERM handlers; returns the signal seen, or 0. */
void collect_signals_install(void);
int collect_interrupted(void);

/*
 * What --test, --param and --fs accept, for shell completion: the i-th
 * test's name (in the order they run) and its settings, the i-th file
 * system type.  NULL past the end (and for a test without settings).
 */
const char *collect_test_name(size_t i);
const char *const *collect_test_params(size_t i);
const char *collect_fs_type_name(size_t i);

#endif
