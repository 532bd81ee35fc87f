#ifndef PARSE_FIO_H
#define PARSE_FIO_H

/*
 * What fio's three report forms share (internal to parse/): the JSON
 * report (parse_fio.c), the normal text report (parse_fio_text.c) and
 * the terse lines of --minimal (parse_fio_terse.c).  Their metric words
 * are the same: <dir>-iops, <dir>-bw, <dir>-clat-mean, <dir>-clat-p99.5...
 */
#include "parse_scan.h"

#include <stddef.h>

/* A key of a "key=value" list and the metric it gives. */
struct fio_key {
	const char *key, *metric;
	const char *unit;   /* NULL: glued to the value; "": none; FIO_PAREN_UNIT: the line's */
};
#define FIO_PAREN_UNIT "()"

/* One job of a text report being read. */
struct fio_text {
	struct scan *sc;
	struct pending p;
	const char *dir;     /* "read", "write", "trim": the direction its lines are of */
	const char *lat;     /* "clat" or "lat" while its percentile lines follow */
	char lat_unit[24];
	/*
	 * A line a mail client wrapped, read joined: where each of its lines
	 * starts in the joined text, so a number keeps the line it stands on.
	 */
	const char *joined;
	size_t part[8], parts;
};

/* "clat" and "99.500000" (or "99.50") as "read-clat-p99.5". */
void fio_percentile_name(char *out, size_t size, const char *dir, const char *lat,
			 const char *pct);
/*
 * Commits a job's values under benchmark (device set when given); interim
 * when a later report of the same run follows (--status-interval).
 */
void fio_commit(struct scan *sc, struct pending *p, const char *benchmark, const char *device,
		int interim);

/*
 * The values of a text report's line (parse_fio_number.c): "13.3k",
 * "52.1MiB/s", "2001msec" as metric (unit NULL: the one glued to the
 * digits; "": a count; else the line's, with fio's k or M applied), a
 * "key=value, ..." list by its keys, the unit in "(usec)".  0 or -1 on a
 * value that is not a number.
 */
int fio_add_number(struct fio_text *ft, size_t idx, const char *metric, const char *s, size_t n,
		   const char *unit);
int fio_add_pairs(struct fio_text *ft, size_t idx, const char *prefix, const char *s,
		  const struct fio_key *keys, size_t nkeys);
const char *fio_paren_unit(const char *s, char *buf, size_t size);

int fio_text_starts(struct scan *sc, size_t i);
size_t fio_text_read_block(struct scan *sc, size_t i);
int fio_terse_starts(struct scan *sc, size_t i);
size_t fio_terse_read_block(struct scan *sc, size_t i);

#endif
