#ifndef COLLECT_RUNNER_H
#define COLLECT_RUNNER_H

/* The run as a whole: shared by collect_run.c (the driver) and collect_sched.c. */

#include "collect_internal.h"

struct collect_runner {
	const struct collect_opts *o;
	const struct collect_suite *suite;
	struct collect_result *out;
	struct bp_warn *warn;
	struct collect_machine machine;
	struct collect_data data;
	struct collect_scratch scratch;
	char *mnt;                    /* scratch/mnt (--fs) */
	char *data_dir;
	int data_fd;
	char *image;                  /* scratch/image (--fs) */
	unsigned image_mib;
	struct collect_loop loop;
	struct collect_target target; /* the file system mounted now */
	struct collect_ticker ticker;
	struct collect_fs_state *fss; /* one per file system (one with --dir) */
	size_t nfs;
	struct facts *tools;          /* tool versions, read once */
	/* per test of the table: selected, target iterations, -n auto's plan */
	int *selected;
	int *want;                    /* iterations for each fs x test: [k * ntests + t] */
	struct collect_plan *plans;   /* the same shape */
	size_t ntests;
	/* seconds per iteration of each test so far, for the time left */
	double *eta_sum;
	unsigned *eta_n;
};

/* Runs the tests: fs after fs, or round after round with --interleave. */
int collect_schedule(struct collect_runner *rn);
/* Makes and mounts file system k (or the --dir work directory); and back. */
int collect_target_up(struct collect_runner *rn, size_t k);
int collect_target_down(struct collect_runner *rn);
/* Marks file system k's run as begun now (its time and source). */
void collect_fs_begin(struct collect_runner *rn, size_t k);
/* The facts of a finished file system: placement, load, flags, the plan. */
void collect_finish_fs(struct collect_runner *rn, size_t k);

#endif
