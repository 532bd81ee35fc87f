#ifndef COLLECT_INTERNAL_H
#define COLLECT_INTERNAL_H

/* What the files of collect/ share; not for other layers. */

#include "collect.h"
#include "../core/proc.h"

#include <pthread.h>
#include <sys/types.h>

#define COLLECT_SCRATCH_PREFIX "benchpost-run."
#define COLLECT_BUILD_PREFIX ".build-"   /* a data set being built in the cache */
/* The generated tree's format: bump with anything that changes its bytes. */
#define COLLECT_GEN_VERSION 1
/* -n auto: the pilot's iterations. */
#define COLLECT_PILOT 3

struct collect_ctx;
struct collect_data;

/* Sizes of a suite; --param overrides the tools' settings. */
struct collect_suite {
	const char *name;
	unsigned gen_files;        /* files in the generated tree */
	unsigned image_mib;        /* loop image size */
	int use_linux_source;      /* take /usr/src/linux-source-* when there */
};
const struct collect_suite *collect_suite_find(const char *name);

/* --- small helpers ------------------------------------------------------ */

/* An argv vector owning its strings (collect_argv.c). */
struct collect_argv {
	char **v;
	size_t nr, alloc;
};
#define COLLECT_ARGV_INIT { NULL, 0, 0 }
void collect_argv_push(struct collect_argv *a, const char *arg);
void collect_argv_split(struct collect_argv *a, const char *words);
void collect_argv_replace(struct collect_argv *a, size_t i, const char *arg);
/* The first n words joined by spaces, for messages and facts. */
char *collect_argv_join(const struct collect_argv *a, size_t n);
void collect_argv_release(struct collect_argv *a);

double collect_now(void);   /* CLOCK_MONOTONIC seconds */

/* --- removal on directory descriptors (collect_tree.c) ------------------- */

struct collect_tree_stats {
	unsigned long long files, dirs, bytes;
};
/* openat(dirfd, name) as a directory, never through a symlink. */
int collect_open_dir_at(int dirfd, const char *name);
/* "a/b/c" below dirfd, one component at a time, no symlinks, no "..". */
int collect_open_beneath(int dirfd, const char *rel);
/* Removes what the directory holds (not itself); what names it in messages. */
int collect_tree_empty(int dirfd, const char *what, struct collect_tree_stats *st);
/* Removes the entry name of parentfd, a whole tree when it is a directory. */
int collect_tree_remove(int parentfd, const char *name, const char *what,
			struct collect_tree_stats *st);

/* --- scratch directories and their owners -------------------------------- */

struct collect_owner {
	long pid;
	unsigned long long start;   /* clock ticks after boot (/proc/PID/stat) */
	char boot[64];
	unsigned long long pidns;
	long long started;          /* time(), for messages */
};
void collect_owner_self(struct collect_owner *o);
void collect_owner_format(struct strbuf *out, const struct collect_owner *o);
int collect_owner_parse(struct collect_owner *o, const char *text, size_t len);
/* Writes dirfd/owner and keeps it locked through *lock_fd. */
int collect_owner_write(int dirfd, const struct collect_owner *o, int *lock_fd);
enum collect_owner_state {
	COLLECT_OWNER_NONE,      /* no record: not ours to judge */
	COLLECT_OWNER_UNKNOWN,   /* a record we cannot read */
	COLLECT_OWNER_ALIVE,
	COLLECT_OWNER_DEAD,      /* *lock_fd then holds its lock for the sweep */
};
enum collect_owner_state collect_owner_check(int dirfd, struct collect_owner *o, int *lock_fd);
unsigned long long collect_proc_start(long pid);
/* Sweeps what dead runs left in parent (names starting with prefix), saying what. */
int collect_recover(const char *parent, const char *prefix, struct bp_warn *warn);

struct collect_scratch {
	char *path;      /* absolute, for messages and the tools' arguments */
	char *parent;    /* absolute */
	char *name;      /* in parent */
	int fd, parent_fd, owner_fd;
};
void collect_scratch_init(struct collect_scratch *s);
int collect_scratch_make(struct collect_scratch *s, const char *parent);
/* mkdir name inside; *fd (when not NULL) gets it opened. */
int collect_scratch_mkdir(const struct collect_scratch *s, const char *name, int *fd);
/* Empties and removes it through its descriptors, then releases s. */
int collect_scratch_remove(struct collect_scratch *s, struct bp_warn *warn);
void collect_scratch_release(struct collect_scratch *s);

/* --- mounts, images, loop devices, mkfs ---------------------------------- */

struct collect_mount {
	const char *device, *dir, *type, *options;
};
struct collect_mount_copy {
	struct strbuf device, dir, type, options;
};
int collect_mounts_parse(const char *text, size_t len,
			 int (*fn)(void *payload, const struct collect_mount *m), void *payload);
int collect_mounts_each(int (*fn)(void *payload, const struct collect_mount *m), void *payload);
int collect_is_mounted(const char *path);
/* The mount holding path (the longest mount point that is a prefix). */
int collect_mount_of(struct collect_mount_copy *out, const char *path);
void collect_mount_copy_init(struct collect_mount_copy *m);
void collect_mount_copy_release(struct collect_mount_copy *m);

struct collect_fs_type {
	const char *name;
	const char *mkfs;
	const char *force;
	const char *nodiscard;        /* mkfs flag */
	const char *nodiscard_arg;    /* its argument ("-E nodiscard"), merged into the user's */
	const char *mount_extra;      /* a mount option of ours ("nodiscard") */
	const char *mount_unless;     /* left out when the user's options mention this */
	const char *package;
};
const struct collect_fs_type *collect_fs_type(const char *type);
const struct collect_fs_type *collect_fs_types(void);
int collect_fs_check(const struct collect_fs *fs);

int collect_image_create(int dirfd, const char *name, const char *path, unsigned mib);
int collect_image_grow(int dirfd, const char *name, const char *path, unsigned mib);
int collect_image_allocated(int dirfd, const char *name, unsigned long long *allocated,
			    unsigned long long *size);

struct collect_loop {
	char *dev;    /* /dev/loopN */
	char *name;   /* loopN */
	int fd;       /* held while attached */
};
int collect_loop_attach(struct collect_loop *l, int dirfd, const char *name, const char *path);
int collect_loop_detach(struct collect_loop *l);
int collect_unmount(const char *dir);

/* Where the tests write: a mounted loop device or a --dir directory. */
struct collect_target {
	const struct collect_fs *fs;  /* NULL with --dir */
	char *mnt;                    /* mount point (or the --dir scratch) */
	char *work;                   /* mnt/work: the tests' playground, for messages */
	int work_fd;                  /* the same, opened once; emptied through it */
	char *cwd;                    /* "/proc/self/fd/N" of work_fd: where the tools run */
	int mounted;
	char *mkfs_cmd;               /* as run, the device left out */
	char *mount_used;             /* -o as passed to mount(8) */
	const struct collect_loop *loop;  /* NULL with --dir */
	int image_dirfd;              /* the scratch, which holds "image" */
	int fresh;                    /* just made and its caches emptied: cold already */
};
int collect_mkfs(struct collect_target *t, const struct collect_loop *loop,
		 const struct collect_fs *fs);
int collect_mount_fs(struct collect_target *t, const struct collect_loop *loop, const char *mnt,
		     const struct collect_fs *fs);
int collect_mkfs_mount(struct collect_target *t, const struct collect_loop *loop,
		       const char *mnt, const struct collect_fs *fs);
/* Opens mnt's work directory (made when mkdir) as t->work_fd, t->cwd. */
int collect_target_open_work(struct collect_target *t, int scratch_fd, int mkdir);
/*
 * Cold caches before a timed step.  A loop file system is unmounted, its
 * device's buffers and its image's pages on the backing disk dropped
 * (BLKFLSBUF, POSIX_FADV_DONTNEED) with the data set's, and mounted
 * again: everything the step reads comes from the disk, and other
 * processes' caches are left alone.  With --dir: drop_caches (root).
 */
int collect_cold(struct collect_ctx *c);
/* The same without the remount, for a file system just made and mounted. */
int collect_forget(struct collect_target *t, const struct collect_data *d);
/* Kernel log records that concern loopname or a file system driver, "; "-joined. */
void collect_kmsg_pick(struct strbuf *out, const char *record, size_t len, const char *loopname);

/* Read back from the mounted file system (collect_fsinfo.c). */
void collect_fsinfo_read(struct facts *f, const struct collect_target *t,
			 const struct collect_loop *loop);
void collect_fsinfo_ext(struct strbuf *features, struct strbuf *layout, const char *text);
void collect_fsinfo_xfs(struct strbuf *layout, const char *text);
void collect_fsinfo_btrfs(struct strbuf *features, struct strbuf *layout, const char *text);

/* --- the data set -------------------------------------------------------- */

struct collect_data {
	char *tarball;        /* what untar and cp use */
	char *plain;          /* the uncompressed tarball (kuntar, tree setup) */
	char *label;          /* tarball's base name, for benchmark names */
	char *origin;         /* "--tarball", "linux-source (PATH)", "generated (seed 1, ...)" */
	char *cache;          /* the cache entry it came from, or NULL */
	unsigned long long tar_bytes, plain_bytes, files;
};
struct collect_ticker;
struct collect_data_env {
	const struct collect_opts *opts;
	const struct collect_suite *suite;
	const char *data_dir;          /* in the scratch: --tarball's and the fallback's place */
	int data_fd;
	struct collect_ticker *ticker;
	struct bp_warn *warn;
};
int collect_data_prepare(struct collect_data *d, const struct collect_data_env *env);
void collect_data_release(struct collect_data *d);

struct collect_gen_stats {
	unsigned files, dirs, max_depth;
	unsigned long long bytes;
};
int collect_gen_tree(struct collect_gen_stats *st, const char *root, unsigned files,
		     unsigned long long seed, void (*tick)(void *payload, unsigned done,
							   unsigned total), void *payload);

#define COLLECT_MANIFEST_MAX 4
struct collect_manifest {
	char *origin;
	unsigned long long files;
	char sum[COLLECT_MANIFEST_MAX][65];
	char *file[COLLECT_MANIFEST_MAX];
	size_t nr;
};
void collect_dcache_root(struct strbuf *out, const char *given);
int collect_dcache_open(struct strbuf *datasets, const char *root);
int collect_manifest_parse(struct collect_manifest *m, const char *text, size_t len);
void collect_manifest_release(struct collect_manifest *m);
int collect_dcache_verify(const char *dir, struct collect_manifest *m, struct strbuf *why);
int collect_dcache_write_manifest(const char *dir, const char *origin, unsigned long long files,
				  const char *const *names);
int collect_dcache_commit(int dsfd, const char *build_name, const char *key,
			  const char *build_path);
int collect_sha256(char out[65], const char *path);

/* --- caches -------------------------------------------------------------- */

/* syncfs (sync when syncfd < 0) + drop_caches; <0: cannot */
int collect_drop_caches(int syncfd);
int collect_warm_file(const char *path);  /* read it so it sits in the page cache */

/* Signals: the current child's process group, killed on SIGINT/SIGTERM. */
extern volatile pid_t collect_child;

/* --- monitors (collect_monitor.c, collect_cpu.c) ------------------------- */

struct collect_snap {
	int disk_ok, vm_ok;
	unsigned long long rd_sectors, wr_sectors, io_ms;
	unsigned long long dirty, writeback;   /* pages */
	unsigned long long pgpgout;            /* KiB */
	double self_cpu;                       /* our own user + sys */
};
int collect_diskstats_parse(const char *text, size_t len, const char *dev,
			    unsigned long long out[3]);
int collect_vmstat_parse(const char *text, size_t len, struct collect_snap *s);
void collect_snap_take(struct collect_snap *s, const char *disk);

#define COLLECT_PSI_NR 3
extern const char *const collect_psi_names[COLLECT_PSI_NR];
struct collect_load {
	int have_load, have_psi[COLLECT_PSI_NR];
	double load1, psi[COLLECT_PSI_NR];
};
struct collect_load_range {
	size_t n;
	double load_min, load_max;
	int have_psi[COLLECT_PSI_NR];
	double psi_max[COLLECT_PSI_NR];
};
int collect_psi_parse(const char *text, size_t len, double *some_avg10);
int collect_loadavg_parse(const char *text, size_t len, double *load1);
void collect_load_read(struct collect_load *l);
void collect_load_note(struct collect_load_range *r, const struct collect_load *l);
void collect_load_describe(struct strbuf *out, const struct collect_load_range *r);

struct collect_pidstat {
	char comm[32];
	long ppid;
	unsigned long long ticks, start;
};
int collect_stat_busy_parse(const char *text, size_t len, unsigned long long *busy);
int collect_pidstat_parse(const char *text, size_t len, struct collect_pidstat *out);
struct collect_cpu_proc {
	long pid;
	unsigned long long start, first, last;
	char comm[32];
};
struct collect_cpu {
	long hz, self;
	int ok;
	double t0, t1, ours0, ours1;
	unsigned long long busy0, busy1, start_ticks;
	struct collect_cpu_proc *v;
	size_t nr, alloc;
};
void collect_cpu_begin(struct collect_cpu *c);
void collect_cpu_sample(struct collect_cpu *c);
void collect_cpu_end(struct collect_cpu *c);
/* "35% of one CPU (cc1 25%, python3 6%)"; returns how many were named (>= threshold %). */
int collect_cpu_describe(struct strbuf *out, const struct collect_cpu *c, double threshold);
void collect_cpu_release(struct collect_cpu *c);

/* --- the progress thread (collect_ticker.c) ------------------------------ */

struct collect_ticker {
	pthread_t th;
	int started, stop;
	pthread_mutex_t mu;
	pthread_cond_t cv;
	void (*fn)(void *payload, const struct collect_status *st);
	void *payload;
	struct collect_status st;
	char what[256], fs[160], test[64];
	double start, phase_start, last_sample;
	struct collect_cpu cpu;       /* the thread's own until stopped */
};
void collect_ticker_start(struct collect_ticker *t, const struct collect_opts *o);
void collect_ticker_stop(struct collect_ticker *t);
void collect_ticker_release(struct collect_ticker *t);
void collect_ticker_prepare(struct collect_ticker *t, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void collect_ticker_stage(struct collect_ticker *t, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void collect_ticker_what(struct collect_ticker *t, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void collect_ticker_step(struct collect_ticker *t, const struct collect_status *st);

/* --- rates that need a caveat (collect_flags.c) -------------------------- */

struct collect_flag {
	char *benchmark, *metric;
	const char *why;       /* "the fio job ran under a second": a static text, the grouping key */
	const char *detail;    /* "it took", before the measure */
	const char *unit;
	double lo, hi;
	unsigned n;
};
struct collect_flags {
	struct collect_flag *v;
	size_t nr, alloc;
};
void collect_flag(struct collect_flags *f, const char *benchmark, const char *metric,
		  const char *why, const char *detail, double measured, const char *unit);
/* Renames flagged metrics to "<metric>-flagged" and says why in the facts' "flagged". */
void collect_flags_apply(struct collect_flags *f, struct recset *records, struct facts *facts);
void collect_flags_release(struct collect_flags *f);

/* --- -n auto (collect_plan.c) -------------------------------------------- */

struct collect_series {
	char *benchmark, *metric;
	double *v;
	size_t n, alloc;
};
struct collect_samples {
	struct collect_series *v;
	size_t nr, alloc;
};
void collect_samples_add(struct collect_samples *s, const char *benchmark, const char *metric,
			 double v);
void collect_samples_release(struct collect_samples *s);
double collect_probit(double p);
/* The smallest n a side at which the test can reach alpha at all (never under 5). */
int collect_plan_floor(const char *test, double alpha);
/* n a side to detect a relative change d at alpha with the power, for a spread cv. */
int collect_plan_needed(double cv, double d, double alpha, double power, const char *test);
struct collect_plan {
	int n;                 /* iterations to run in all */
	int needed;            /* what the spread asks for (above n when capped) */
	double cv;
	char *benchmark, *metric;   /* the series that decided */
};
/* Decides from the pilot's samples; plans is one per file system for --interleave. */
void collect_plan_decide(struct collect_plan *p, const struct collect_samples *const *s,
			 size_t nr, const struct collect_opts *o);
void collect_plan_describe(struct strbuf *out, const struct collect_plan *p, const char *test);
void collect_plan_release(struct collect_plan *p);
#define COLLECT_ALPHA 0.05
#define COLLECT_POWER 0.80

/* --- one file system's run and one test as it runs ----------------------- */

struct collect_test;

struct collect_fs_state {
	size_t run;                   /* its index in the result */
	const struct collect_fs *fs;  /* NULL with --dir */
	struct record proto;          /* kernel, hardware, fs, ... of every record */
	struct facts *fsfacts;        /* read back at the check's mount */
	int drop, drops_failed;
	struct strbuf warned;         /* tools whose report could not be read */
	struct collect_load_range load;
	struct collect_flags flags;
	struct collect_samples *samples;  /* one per test of the table */
	int *done;                    /* iterations done, per test */
	unsigned long long image_bytes, image_allocated_min;
	int placement_checks;
	int begun;                    /* its first iteration has started */
};

struct collect_ctx {
	const struct collect_opts *opts;
	const struct collect_suite *suite;
	const struct collect_test *test;
	size_t test_index;
	const struct collect_data *data;
	struct collect_target *target;
	const struct collect_scratch *scratch;
	struct recset *out;
	const struct record *proto;
	struct collect_fs_state *fss;
	const char *disk;             /* the backing disk, in /proc/diskstats */
	int iteration;
	double last_elapsed, last_sync;
	struct collect_load load;     /* read before this iteration */
	struct bp_warn *warn;
};

struct collect_test {
	const char *name;
	const char *summary;
	/*
	 * A test whose timed step leaves what this one's setup makes: when both
	 * run, each of its iterations is followed on the same file system by
	 * one of this test without its setup (kuntar's tree is rm-tree's).
	 */
	const char *feeds;
	const char *const *params;    /* settable with --param name.key=value */
	const char *const *quick;     /* their defaults, in the same order */
	const char *const *standard;
	const char *tool;             /* a program it needs beyond coreutils and tar */
	const char *package;          /* the Debian package that has it */
	int (*setup)(struct collect_ctx *c);    /* untimed, before each iteration */
	int (*timed)(struct collect_ctx *c);    /* the timed steps */
	int (*teardown)(struct collect_ctx *c); /* untimed, after each iteration */
	const char *parser;           /* parse/ type of the tool's own report */
};
extern const struct collect_test collect_tests[];
const struct collect_test *collect_test_find(const char *name);
size_t collect_tests_nr(void);

/* The value of --param test.key, else the suite's default from the table. */
const char *collect_param(const struct collect_ctx *c, const char *key);
long collect_param_num(const struct collect_ctx *c, const char *key);

/* Timing (collect_step.c). */
struct collect_step {
	const char *dir;         /* chdir here */
	int warm;                /* do not drop caches first */
	const char *in_data;     /* stdin */
	const char *out_path;    /* stdout to this file */
	const char *parser;      /* parse the tool's report with this */
	int parse_stderr;        /* the report is on stderr (dd) */
	int tool_rates;          /* the tool's rates get its name in front (we measure ours) */
};
int collect_time(struct collect_ctx *c, const char *benchmark, const char *const argv[],
		 const struct collect_step *step);
/* Times "sync -f" of the target; records sync and total (with the step before). */
int collect_time_sync(struct collect_ctx *c, const char *benchmark);
/* Runs a helper (untimed); failure is an error naming it. */
int collect_helper(const char *const argv[], const char *dir, const char *out_path);
/* The same, for its output (appended to out). */
int collect_capture(struct strbuf *out, const char *const argv[]);
/* The value of a metric just recorded for this benchmark and iteration, or -1. */
double collect_recorded(const struct collect_ctx *c, const char *benchmark, const char *metric);
/* Turns a finished child into records (exposed for unit tests). */
void collect_add_rusage(struct recset *out, const struct record *proto, const char *benchmark,
			int iteration, const struct proc_result *res);
void collect_add_metric(struct recset *out, const struct record *proto, const char *benchmark,
			int iteration, const char *metric, const char *unit, const char *fmt,
			double value);
void collect_snap_metrics(struct collect_ctx *c, const char *benchmark, const char *prefix,
			  const struct collect_snap *a, const struct collect_snap *b);
void collect_load_metrics(struct collect_ctx *c, const char *benchmark);

/* Machine facts (collect_facts.c). */
struct collect_machine {
	char *kernel, *cpu_model, *disk, *disk_model, *hardware;
	int cpus;
	unsigned long long mem_bytes;
};
int collect_machine_read(struct collect_machine *m, const char *backing_path);
void collect_machine_release(struct collect_machine *m);
/* The facts of the machine, the place the tests write and the data set. */
void collect_facts_add(struct facts *f, const struct collect_machine *m,
		       const struct collect_fs_state *fss, const char *where,
		       const struct collect_data *d, const struct collect_opts *o);
/* The tools' versions, read once a run. */
void collect_tool_versions(struct facts *f, const struct collect_fs_list *fs);
/* The block device under path ("vda"), from /sys; NULL when unknown. */
char *collect_block_device(const char *path);
/* "[mq-deadline]" -> "mq-deadline" */
void collect_scheduler_pick(struct strbuf *out, const char *line);

#endif
