#ifndef PROC_H
#define PROC_H

#include "strbuf.h"

#include <sys/resource.h>
#include <sys/types.h>

/*
 * Runs a program from an argv vector (never a shell string) and reports
 * how it ended with wait4() rusage and a monotonic elapsed time.
 */
enum proc_io {
	PROC_IO_NULL = 0, /* /dev/null */
	PROC_IO_INHERIT,  /* our own stdin/stdout/stderr */
	PROC_IO_CAPTURE,  /* into the result's strbuf (stdout, stderr) */
	PROC_IO_BUFFER,   /* stdin from opts.in_data */
	PROC_IO_FILE,     /* a path: stdin read from it, stdout written to it */
};

struct proc_opts {
	const char *dir;          /* chdir here first */
	enum proc_io in, out, err;
	const char *in_data;      /* PROC_IO_BUFFER */
	size_t in_len;
	const char *in_path;      /* PROC_IO_FILE */
	const char *out_path;     /* PROC_IO_FILE, created or truncated */
	const char *const *env;   /* extra "NAME=value" entries, NULL-terminated */
	/*
	 * When set, the child leads its own process group and its pid is
	 * stored here while it runs (0 otherwise), so that a signal handler
	 * can end the whole tree (tar and its gzip, fio and its workers).
	 */
	volatile pid_t *running;
};

struct proc_result {
	int status;               /* as from wait4(); see proc_exited_ok() */
	struct rusage ru;
	double elapsed;           /* seconds, CLOCK_MONOTONIC */
	struct strbuf out, err;
};

#define PROC_RESULT_INIT { .status = -1, .out = STRBUF_INIT, .err = STRBUF_INIT }

/*
 * Returns 0 when the program ran (whatever its exit status), a negative
 * code when it could not be started; "cannot run 'tar': No such file or
 * directory" is then in err_last().
 */
int proc_run(struct proc_result *res, const char *const argv[], const struct proc_opts *opts);
int proc_exited_ok(const struct proc_result *res);
/* "exited with status 2", "killed by signal 9" */
void proc_describe_status(struct strbuf *out, int status);
void proc_result_release(struct proc_result *res);
/* Whether a program is on PATH (or is an executable path). */
int proc_available(const char *prog);

#endif
