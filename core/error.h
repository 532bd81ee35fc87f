#ifndef ERROR_H
#define ERROR_H

/*
 * Library code never prints or exits: it records what went wrong here and
 * returns a negative code (libgit2's style).  The command layer prints the
 * message as "benchpost: <what>: <why>" and chooses the exit code.
 */

#define BP_ERROR   -1   /* generic failure; message in err_last() */
#define BP_ENOTFOUND -3 /* the thing asked for does not exist */
#define BP_EAMBIGUOUS -5 /* more than one thing matched */
#define BP_ELOCKED -14  /* another process holds the lock */

int err_set(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Like err_set, with ": strerror(errno)" appended. */
int err_set_errno(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Prefixes the current message with more context: "ctx: old". */
int err_prefix(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
const char *err_last(void);
void err_clear(void);

/*
 * Non-fatal diagnostics of library code (a message skipped, a pack that
 * could not be consolidated) go to a sink its caller hands down, so that
 * only the command layer decides where they are shown.  A NULL sink, or
 * one without fn, discards them: a caller that wants them passes one.
 */
struct bp_warn {
	void (*fn)(void *payload, const char *msg);
	void *payload;
};
void bp_warnf(const struct bp_warn *w, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* The command layer's sink: stderr at once, "benchpost: warning: ...". */
void warning(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
