#ifndef IMPORT_TIME_H
#define IMPORT_TIME_H

#include <stddef.h>

/*
 * The lines `time` and dd print, as they stand inside prose: bash/ksh and
 * POSIX -p (one metric a line: "real 0m2.129s  label"), GNU time default
 * ("0.00user 4.14system 0:15.76elapsed 26%CPU") and -v, zsh ("label  0.07s
 * user 3.50s system 99% cpu 3.594 total"), tcsh ("0.010u 0.020s 0:00.03
 * 66.6%"), BSD ("1.50 real 0.03 user 1.43 sys") and dd's summary.
 */
struct import_num {
	const char *metric;  /* elapsed, user, sys, cpu, throughput */
	char *value;         /* seconds for times ("1:05.17" is "65.17") */
	const char *unit;    /* "s", "%", or the rate's unit (static) */
	char *unit_owned;
};

#define IMPORT_MAX_NUMS 6

enum import_time_kind {
	TIME_NONE,
	TIME_PART,     /* one metric of a multi-line block (bash, -p, GNU -v) */
	TIME_LINE,     /* a whole measurement on one line */
	TIME_COMMAND,  /* GNU -v "Command being timed:" */
};

struct import_time {
	enum import_time_kind kind;
	struct import_num v[IMPORT_MAX_NUMS];
	int nr;
	char *label;   /* text beside the numbers (zsh: the command or a config) */
	int is_dd;
};

/* Recognises one line; fills out (release it) and returns its kind. */
enum import_time_kind import_time_line(struct import_time *out, const char *s);
void import_time_release(struct import_time *t);

/*
 * "0m2.129s", "2.129", "1:05.17", "00:53.17", "1:02:03", "2,129" as
 * seconds with the digits posted ("65.17"); NULL when it is not a time.
 */
char *import_seconds(const char *s, size_t n);
/* "4.42", "16", "16%", "4,42": the number as posted, NULL otherwise. */
char *import_number(const char *s, size_t n);

#endif
