#ifndef COLLECT_INTERNAL_H
#define COLLECT_INTERNAL_H

/* What the files of collect/ share; not for other layers. */

#include "collect.h"
#include "../core/proc.h"

#include <sys/types.h>

/* Sizes of a suite; --param overrides the tools' settings. */
struct collect_suite {
	const char *name;
	unsigned gen_files;        /* files in the generated tree */
	unsigned image_mib;        /* loop image size */
	int use_linux_source;      /* take /usr/src/linux-source-* when there */
};
const struct collect_suite *collect_suite_find(const char *name);

/* The data set, prepared once per run in the scratch directory. */
struct collect_data {
	char *tarball;        /* what untar and cp use */
	char *plain;          /* the uncompressed tarball (kuntar, tree setup) */
	char *label;          /* tarball's base name, for benchmark names */
	char *origin;         /* "--tarball", "linux-source", "generated (seed 1)" */
	unsigned long long tar_bytes, plain_bytes;
};
int collect_data_prepare(struct collect_data *d, const char *dir, const struct collect_opts *o,
			 const struct collect_suite *s);
void collect_data_release(struct collect_data *d);

/* The deterministic kernel-shaped tree (collect_gen.c). */
struct collect_gen_stats {
	unsigned files, dirs, max_depth;
	unsigned long long bytes;
};
int collect_gen_tree(struct collect_gen_stats *st, const char *root, unsigned files,
		     unsigned long long seed);

/* Where the tests write: a mounted loop device or a --dir directory. */
struct collect_target {
	const struct collect_fs *fs;  /* NULL with --dir */
	char *image;                  /* the shared backing file */
	char *mnt;                    /* mount point (or the --dir scratch) */
	char *work;                   /* mnt/work: the tests' playground */
	char *loopdev;                /* /dev/loopN while attached */
	int loopfd;                   /* held open while attached */
	int mounted;
};
int collect_fs_check(const struct collect_fs *fs);
int collect_target_make(struct collect_target *t, const char *image, const char *mnt,
			const struct collect_fs *fs);
/* Unmounts and detaches; safe to call twice and on a half-made target. */
int collect_target_destroy(struct collect_target *t);
/* Creates the image file once, with its blocks allocated. */
int collect_image_create(const char *path, unsigned mib);
/* Whether path is a mount point listed in /proc/mounts. */
int collect_is_mounted(const char *path);
/* "mkfs.ext4" etc., for facts. */
const char *collect_mkfs_prog(const char *type);
const char *collect_mkfs_force(const char *type);

/* Cache handling (collect_cache.c). */
int collect_drop_caches(void);            /* sync + drop_caches; <0: cannot */
int collect_warm_file(const char *path);  /* read it so it sits in the page cache */

/* Scratch directories: made by us, removed only when made by us. */
int collect_scratch_make(char **out, const char *parent);
int collect_remove_tree(const char *scratch, const char *path);
/* Removes path's contents (not path), staying inside scratch. */
int collect_empty_dir(const char *scratch, const char *path);

/* Signals: the current child's process group, killed on SIGINT/SIGTERM. */
extern volatile pid_t collect_child;

/* One test as it runs (collect_run.c fills it, collect_tests.c uses it). */
struct collect_test;
struct collect_ctx {
	const struct collect_opts *opts;
	const struct collect_suite *suite;
	const struct collect_test *test;
	const struct collect_data *data;
	struct collect_target *target;
	const char *scratch;
	struct recset *out;
	const struct record *proto;   /* kernel, hardware, fs, ... of every record */
	int iteration;
	int drop;                     /* drop caches before timed steps */
	int drops_failed;
	double last_elapsed;          /* the step before a sync, for "total" */
	struct strbuf warned;         /* parsers already warned about */
};

struct collect_test {
	const char *name;
	const char *summary;
	const char *const *params;    /* settable with --param name.key=value */
	int (*setup)(struct collect_ctx *c);    /* untimed, before each iteration */
	int (*timed)(struct collect_ctx *c);    /* the timed steps */
	int (*teardown)(struct collect_ctx *c); /* untimed, after each iteration */
	const char *parser;           /* parse/ type of the tool's own report */
};
extern const struct collect_test collect_tests[];
const struct collect_test *collect_test_find(const char *name);

/* The value of --param test.key, else the suite's default. */
const char *collect_param(const struct collect_ctx *c, const char *key,
			  const char *quick, const char *standard);
long collect_param_num(const struct collect_ctx *c, const char *key, long quick, long standard);
int collect_params_check(const char *const *params, const char *const *tests);

/* Timing (collect_step.c). */
struct collect_step {
	const char *dir;         /* chdir here */
	int warm;                /* do not drop caches first */
	const char *in_data;     /* stdin */
	const char *out_path;    /* stdout to this file */
	const char *parser;      /* parse the tool's report with this */
	int parse_stderr;        /* the report is on stderr (dd) */
};
int collect_time(struct collect_ctx *c, const char *benchmark, const char *const argv[],
		 const struct collect_step *step);
/* Times "sync -f" of the target; records sync and total (with the step before). */
int collect_time_sync(struct collect_ctx *c, const char *benchmark);
/* Runs a helper (untimed); failure is an error naming it. */
int collect_helper(const char *const argv[], const char *dir, const char *out_path);
/* Turns a finished child into records (exposed for unit tests). */
void collect_add_rusage(struct recset *out, const struct record *proto, const char *benchmark,
			int iteration, const struct proc_result *res);
void collect_add_metric(struct recset *out, const struct record *proto, const char *benchmark,
			int iteration, const char *metric, const char *unit, const char *fmt,
			double value);

/* Machine facts (collect_facts.c). */
struct collect_machine {
	char *kernel, *cpu_model, *disk, *disk_model, *hardware;
	int cpus;
	unsigned long long mem_bytes;
};
int collect_machine_read(struct collect_machine *m, const char *backing_path);
void collect_machine_release(struct collect_machine *m);
/* Adds the facts of the machine and of the place the tests write. */
void collect_facts_add(struct facts *f, const struct collect_machine *m,
		       const struct collect_target *t, const struct collect_data *d,
		       const struct collect_opts *o);
/* The block device under path ("vda"), from /sys; NULL when unknown. */
char *collect_block_device(const char *path);
/* "[mq-deadline]" -> "mq-deadline" */
void collect_scheduler_pick(struct strbuf *out, const char *line);

/* The progress line (collect_progress.c). */
struct collect_progress {
	int on;
	double start;
	unsigned done, total;
	size_t fs_k, fs_n;
	int width;
};
void collect_progress_start(struct collect_progress *p, int on, unsigned total, size_t fs_n);
void collect_progress_show(struct collect_progress *p, const char *fs, const char *test,
			   int iteration, int iterations);
void collect_progress_step(struct collect_progress *p);
void collect_progress_end(struct collect_progress *p);
/* "1:23", "1:02:03" */
void collect_format_duration(struct strbuf *out, double seconds);

#endif
