#ifndef PARSE_FIO_H
#define PARSE_FIO_H

/*
 * What fio's three report forms share (internal to parse/): the JSON
 * report (parse_fio.c), the normal text report (parse_fio_text.c) and
 * the terse lines of --minimal (parse_fio_terse.c).  Their metric words
 * are the same: <dir>-iops, <dir>-bw, <dir>-clat-mean, <dir>-clat-p99.5...
 */
#include "parse_scan.h"
#include "../core/strbuf.h"

#include <stddef.h>

/* fio's directions, as its reports name a job's lines (parse_fio.c); the metrics' first word. */
#define FIO_NDIRS 3
extern const char *const fio_dirs[FIO_NDIRS];

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
	size_t *part, parts, part_alloc;
};
#define FIO_TEXT_INIT(sc) { (sc), PENDING_INIT, NULL, NULL, "", NULL, NULL, 0, 0 }
/* Frees what a job's reading holds (its pending values, the parts of its wrapped lines). */
void fio_text_release(struct fio_text *ft);

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
/* fio's "usec" as "us" and the like (into buf when it is kept as printed). */
const char *fio_unit_name(const char *u, size_t n, char *buf, size_t size);

/* "seqr: (groupid=0, jobs=1): err= 0: pid=27185: ...": the name's length and the pid (-1: none). */
int fio_job_head(const char *s, size_t *name_len, long *pid);
/*
 * "  write: IOPS=12.5k, BW=97.0MiB/s ..." (fio 3) or "  read : io=..., bw=..."
 * (fio 2): a job's first line, alone when grep took its head away.
 */
int fio_direction_line(const char *s);
/*
 * Line idx into line, with the lines a mail client wrapped it onto: the
 * line ends in ',' and the next goes on with "key=", or (paren) the next
 * starts with '(' ("(102MB/s-102MB/s), io=..."); ft->joined and ft->part
 * say where each starts.  Returns the number of lines taken.
 */
size_t fio_joined_line(struct fio_text *ft, size_t idx, struct strbuf *line, int paren);

int fio_text_starts(struct scan *sc, size_t i);
size_t fio_text_read_block(struct scan *sc, size_t i);
/* A "Run status group N (all jobs):" summary (parse_fio_group.c). */
/* Whether s is such a head, blanks before it; the group's number in *group. */
int fio_group_head(const char *s, long *group);
int fio_group_starts(struct scan *sc, size_t i);
size_t fio_group_read_block(struct scan *sc, size_t i);
int fio_terse_starts(struct scan *sc, size_t i);
size_t fio_terse_read_block(struct scan *sc, size_t i);

#endif
