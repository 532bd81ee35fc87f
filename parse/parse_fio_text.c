#include "parse_fio.h"
#include "../core/strbuf.h"
#include "../core/util.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * fio's normal text report, the form most often pasted into mail.  Per
 * job, from its head line to the next job, "Run status group" or a line
 * that is not fio's:
 *   seqr: (groupid=0, jobs=1): err= 0: pid=27185: Tue Dec  1 19:59:27 2026
 *     read: IOPS=9846, BW=615MiB/s (645MB/s)(16.0MiB/26msec)       fio 3
 *     read : io=1024.0MB, bw=34952KB/s, iops=8738, runt= 30001msec   fio 2
 *       clat (usec): min=6, max=12262, avg=98.17, stdev=776.42     slat, lat too
 *       clat percentiles (usec):
 *        |  1.00th=[    7],  5.00th=[    7], ...
 *      bw (  KiB/s): min=53936, max=55384, per=100.00%, avg=54608.00, stdev=729.58, samples=3
 *      iops        : min=13484, max=13846, avg=13652.00, stdev=182.40, samples=3
 *     cpu          : usr=4.50%, sys=50.25%, ctx=26309, majf=0, minf=12
 * and the disk stats under "Disk stats (read/write):".  The latency
 * buckets, I/O depths and the group's summary lines restate these and
 * are not read.  A latency fio abbreviated ("287148k" nsec) keeps its
 * digits, the k (or M) going to the unit: us for k ns, ms for k us; a
 * count ("IOPS=13.3k") is written out, 13300 IO/s, as the decimal point
 * moves and nothing is rounded.  A line a mail client wrapped after a
 * comma ("avg=492489.85, " / "stdev=53436.36, samples=1632") is read
 * joined.  Without its head line (grep kept only "write: IOPS=" and
 * "iops :" lines) a job's lines are read as long as each is fio's.
 */

static int starts_word(const char *s, const char *word)
{
	size_t n = strlen(word);

	return !strncmp(s, word, n) && (s[n] == ' ' || s[n] == ':' || s[n] == '(');
}

/* "  read: IOPS=..., BW=...(104MiB/2001msec)" or fio 2's "  read : io=..., bw=...". */
/* A number of a direction's line that is none: said with its line, as the pairs' are. */
static int damaged(struct fio_text *ft, size_t idx, const char *after)
{
	scan_damaged(ft->sc, idx, "expected a number after '%s' in fio's report", after);
	return -1;
}

static int read_direction(struct fio_text *ft, size_t idx, const char *s, const char *dir)
{
	static const struct fio_key keys2[] = {
		{ "io", "io", NULL }, { "bw", "bw", NULL }, { "iops", "iops", "IO/s" },
		{ "runt", "runtime", NULL },
	};
	const char *colon = strchr(s, ':'), *bw, *io;
	char prefix[16], metric[32];
	int ret;

	snprintf(prefix, sizeof(prefix), "%s-", dir);
	if (!colon)
		return -1;
	if (!strstr(colon, "IOPS="))
		return fio_add_pairs(ft, idx, prefix, colon + 1, keys2, ARRAY_SIZE(keys2));
	{
		static const struct fio_key keys3[] = { { "IOPS", "iops", "IO/s" } };

		ret = fio_add_pairs(ft, idx, prefix, colon + 1, keys3, ARRAY_SIZE(keys3));
	}
	bw = strstr(colon, "BW=");
	if (bw) {
		const char *end = bw + 3;

		while (*end && *end != ' ' && *end != ',' && *end != '(')
			end++;
		snprintf(metric, sizeof(metric), "%sbw", prefix);
		if (fio_add_number(ft, idx, metric, bw + 3, (size_t)(end - bw - 3), NULL) < 0)
			ret = damaged(ft, idx, "BW=");
		/* "(16.1GB/s)": the same rate in powers of ten, as fio 3 prints beside it */
		end += strspn(end, " ");
		if (*end == '(' && strchr(end, ')')) {
			const char *close = strchr(end, ')');

			if (close - end > 3 && !memcmp(close - 2, "/s", 2)) {
				snprintf(metric, sizeof(metric), "%sbw-decimal", prefix);
				if (fio_add_number(ft, idx, metric, end + 1, (size_t)(close - end - 1),
						   NULL) < 0)
					ret = damaged(ft, idx, "BW=N (");
			}
		}
	}
	/* "(104MiB/2001msec)": the bytes moved and the time it took */
	io = bw ? strstr(bw, ")(") : NULL;
	if (io) {
		const char *slash = strchr(io + 2, '/'), *close = slash ? strchr(slash, ')') : NULL;

		if (!close) {
			scan_damaged(ft->sc, idx, "expected '(IO/RUNTIME)' after fio's BW=");
			return -1;
		}
		snprintf(metric, sizeof(metric), "%sio", prefix);
		if (fio_add_number(ft, idx, metric, io + 2, (size_t)(slash - io - 2), NULL) < 0)
			ret = damaged(ft, idx, ")(");
		snprintf(metric, sizeof(metric), "%sruntime", prefix);
		if (fio_add_number(ft, idx, metric, slash + 1, (size_t)(close - slash - 1), NULL) < 0)
			ret = damaged(ft, idx, "IO/");
	}
	return ret;
}

/* "|  1.00th=[   39],  5.00th=[   41]," */
static int read_percentiles(struct fio_text *ft, size_t idx, const char *line, const char *s)
{
	char metric[48], name[24];
	int ret = 0;

	while ((s = strstr(s, "th=["))) {
		const char *start = s, *close = strchr(s, ']');
		size_t n;

		while (start > line && (isdigit((unsigned char)start[-1]) || start[-1] == '.'))
			start--;
		n = (size_t)(s - start);
		if (!close || !n || n >= sizeof(name))
			return -1;
		memcpy(name, start, n);
		name[n] = '\0';
		fio_percentile_name(metric, sizeof(metric), ft->dir, ft->lat, name);
		if (fio_add_number(ft, idx, metric, s + 4, (size_t)(close - s - 4), ft->lat_unit) < 0)
			ret = -1;
		s = close;
	}
	return ret;
}

/* What read_job_line made of a line. */
enum job_line { JOB_ENDED, JOB_OTHER, JOB_READ };

/*
 * One line of a job's report (line: its text, wrapped parts joined):
 * JOB_READ read (or fio's and skipped), JOB_OTHER not fio's, JOB_ENDED
 * the job's report ended.
 */
static enum job_line read_job_line(struct fio_text *ft, size_t idx, const char *line)
{
	static const struct fio_key lat_keys[] = {
		{ "min", "min", FIO_PAREN_UNIT }, { "max", "max", FIO_PAREN_UNIT },
		{ "avg", "mean", FIO_PAREN_UNIT }, { "stdev", "stdev", FIO_PAREN_UNIT },
	};
	static const struct fio_key stat_keys[] = {
		{ "min", "min", FIO_PAREN_UNIT }, { "max", "max", FIO_PAREN_UNIT },
		{ "per", "per", NULL }, { "avg", "avg", FIO_PAREN_UNIT },
		{ "stdev", "stdev", FIO_PAREN_UNIT }, { "samples", "samples", "" },
	};
	static const struct fio_key cpu_keys[] = {
		{ "usr", "usr", NULL }, { "sys", "sys", NULL }, { "ctx", "ctx", "" },
		{ "majf", "majf", "" }, { "minf", "minf", "" },
	};
	const char *s = scan_skip_blanks(line);
	struct fio_key keys[ARRAY_SIZE(stat_keys)];
	char prefix[48], unit[24];
	const char *u;
	size_t d, k;

	/* fio indents a job's lines, but mail quoting ("> ") takes the indent away */
	if (!*s || !strncmp(s, "Run status group", 16) || !strncmp(s, "Disk stats (", 12))
		return JOB_ENDED;
	for (d = 0; d < FIO_NDIRS; d++) {
		if (starts_word(s, fio_dirs[d])) {
			ft->dir = fio_dirs[d];
			ft->lat = NULL;
			read_direction(ft, idx, s, fio_dirs[d]);
			return JOB_READ;
		}
	}
	if (*s == '|' && ft->lat)
		return read_percentiles(ft, idx, line, s), JOB_READ;
	if (!strncmp(s, "fsync/fdatasync/sync_file_range:", 32)) {
		/* the sync calls' latency ("sync (usec):"), as a direction of its own: sync-lat-... */
		ft->dir = "sync";
		ft->lat = NULL;
		return JOB_READ;
	}
	if (!ft->dir)
		return *s ? JOB_OTHER : JOB_ENDED;
	if ((starts_word(s, "clat") || starts_word(s, "slat") || starts_word(s, "lat") ||
	     starts_word(s, "sync")) && strstr(s, "min=")) {
		u = fio_paren_unit(s, unit, sizeof(unit));
		memcpy(keys, lat_keys, sizeof(lat_keys));
		for (k = 0; k < ARRAY_SIZE(lat_keys); k++)
			keys[k].unit = u ? u : NULL;
		if (starts_word(s, "sync"))
			snprintf(prefix, sizeof(prefix), "%s-lat-", ft->dir);
		else
			snprintf(prefix, sizeof(prefix), "%s-%.*s-", ft->dir, (int)strcspn(s, " "), s);
		fio_add_pairs(ft, idx, prefix, strchr(s, ':') ? strchr(s, ':') + 1 : "", keys,
			      ARRAY_SIZE(lat_keys));
		return JOB_READ;
	}
	if (starts_word(s, "clat") || starts_word(s, "lat") || starts_word(s, "sync")) {
		/* "clat percentiles (usec):" heads the lines of '|'; "lat (usec) : 4=0.08%" buckets */
		ft->lat = strstr(s, "percentiles") ? (starts_word(s, "clat") ? "clat" : "lat") : NULL;
		if (ft->lat) {
			u = fio_paren_unit(s, unit, sizeof(unit));
			snprintf(ft->lat_unit, sizeof(ft->lat_unit), "%s", u ? u : "");
		}
		return JOB_READ;
	}
	ft->lat = NULL;
	if (starts_word(s, "bw") || starts_word(s, "iops")) {
		int bw = starts_word(s, "bw");

		u = bw ? fio_paren_unit(s, unit, sizeof(unit)) : "IO/s";
		memcpy(keys, stat_keys, sizeof(stat_keys));
		for (k = 0; k < ARRAY_SIZE(stat_keys); k++)
			if (keys[k].unit && !strcmp(keys[k].unit, FIO_PAREN_UNIT))
				keys[k].unit = u;
		snprintf(prefix, sizeof(prefix), "%s-%s-", ft->dir, bw ? "bw" : "iops");
		fio_add_pairs(ft, idx, prefix, strchr(s, ':') ? strchr(s, ':') + 1 : "", keys,
			      ARRAY_SIZE(stat_keys));
		return JOB_READ;
	}
	if (starts_word(s, "cpu")) {
		fio_add_pairs(ft, idx, "cpu-", strchr(s, ':') ? strchr(s, ':') + 1 : "", cpu_keys,
			      ARRAY_SIZE(cpu_keys));
		return JOB_READ;
	}
	return *s ? JOB_OTHER : JOB_ENDED;
}

int fio_job_head(const char *s, size_t *name_len, long *pid)
{
	const char *g = strstr(s, ": (groupid="), *p;

	if (!g || g == s || memchr(s, ' ', (size_t)(g - s)) || !strstr(g, "jobs="))
		return 0;
	*name_len = (size_t)(g - s);
	/* " pid=": "groupid=" holds "pid=" too */
	p = strstr(g, " pid=");
	*pid = p ? strtol(p + 5, NULL, 10) : -1;
	return 1;
}

/*
 * "  write: IOPS=12.5k, BW=97.0MiB/s ..." (fio 3) or "  read : io=..., bw=..."
 * (fio 2): a job's first line, alone when grep took its head away.
 */
int fio_direction_line(const char *s)
{
	const char *colon;
	size_t d;

	s = scan_skip_blanks(s);
	for (d = 0; d < FIO_NDIRS; d++)
		if (starts_word(s, fio_dirs[d]))
			break;
	if (d == FIO_NDIRS || !(colon = strchr(s, ':')))
		return 0;
	colon = scan_skip_blanks(colon + 1);
	return (!strncmp(colon, "IOPS=", 5) && strstr(colon, ", BW=")) ||
	       (!strncmp(colon, "io=", 3) && strstr(colon, ", bw="));
}

int fio_text_starts(struct scan *sc, size_t i)
{
	size_t n;
	long pid;

	return fio_job_head(sc->v[i].s, &n, &pid) || !strcmp(sc->v[i].s, "Disk stats (read/write):") ||
	       fio_direction_line(sc->v[i].s) || fio_group_starts(sc, i);
}

/* "key=" (or fio's ">=64=") at s: the rest of a "key=value, " list. */
static int continues_pairs(const char *s)
{
	s = scan_skip_blanks(s);
	if (*s == '>')
		s++;
	while (isalnum((unsigned char)*s) || *s == '_')
		s++;
	return *s == '=';
}

size_t fio_joined_line(struct fio_text *ft, size_t idx, struct strbuf *line, int paren)
{
	struct scan *sc = ft->sc;
	size_t k = idx;

	strbuf_reset(line);
	strbuf_addstr(line, sc->v[idx].s);
	ALLOC_GROW(ft->part, 1, ft->part_alloc);
	ft->part[0] = 0;
	ft->parts = 1;
	/* as many parts as the client made: a line's numbers past any bound would be lost */
	while (k + 1 < sc->nr && !sc->v[k + 1].used && line->len) {
		const char *next = sc->v[k + 1].s;

		if (!(line->buf[line->len - 1] == ',' && continues_pairs(next)) &&
		    !(paren && *scan_skip_blanks(next) == '('))
			break;
		k++;
		strbuf_addch(line, ' ');
		ALLOC_GROW(ft->part, ft->parts + 1, ft->part_alloc);
		ft->part[ft->parts++] = line->len;
		strbuf_addstr(line, scan_skip_blanks(sc->v[k].s));
	}
	ft->joined = line->buf;
	return k - idx + 1;
}

void fio_text_release(struct fio_text *ft)
{
	pending_clear(&ft->p);
	free(ft->part);
	ft->part = NULL;
	ft->parts = ft->part_alloc = 0;
}

/* The job's next report with the same pid (--status-interval): this one is interim. */
static int same_job_follows(struct scan *sc, size_t from, const char *head, size_t name_len,
			    long pid)
{
	size_t k, n;
	long other;

	if (pid < 0)
		return 0;
	for (k = from; k < sc->nr; k++)
		if (fio_job_head(sc->v[k].s, &n, &other) && other == pid && n == name_len &&
		    !memcmp(sc->v[k].s, head, n))
			return 1;
	return 0;
}

/* The disk stats at line i are an interim report's: the job above reports again later. */
static int run_goes_on(struct scan *sc, size_t i)
{
	size_t k, n;
	long pid;

	for (k = i; k > 0; k--)
		if (fio_job_head(sc->v[k - 1].s, &n, &pid))
			return same_job_follows(sc, i, sc->v[k - 1].s, n, pid);
	return 0;
}

/* "  vda: ios=24539/11252, merge=0/0, ticks=945/9695, in_queue=10641, util=58.89%" */
static size_t read_disk_stats(struct scan *sc, size_t i)
{
	static const char *const pairs[] = { "ios", "merge", "ticks" };
	size_t idx, from;

	for (idx = i + 1; idx < sc->nr && !sc->v[idx].used; idx++) {
		const char *s = sc->v[idx].s, *colon = strchr(s, ':');
		struct fio_text ft = FIO_TEXT_INIT(sc);
		size_t k;
		char *dev;

		if (!colon || !strstr(colon, " ios=") || !strstr(colon, "util="))
			break;
		for (k = 0; k < ARRAY_SIZE(pairs); k++) {
			char key[16], metric[32];
			const char *at, *slash;

			snprintf(key, sizeof(key), " %s=", pairs[k]);
			at = strstr(colon, key);
			slash = at ? strchr(at, '/') : NULL;
			if (!slash) {
				scan_damaged(sc, idx, "expected '%s=N/N' in fio's disk stats", pairs[k]);
				continue;
			}
			at += strlen(key);
			snprintf(metric, sizeof(metric), "disk-read-%s", pairs[k]);
			fio_add_number(&ft, idx, metric, at, (size_t)(slash - at), "");
			snprintf(metric, sizeof(metric), "disk-write-%s", pairs[k]);
			fio_add_number(&ft, idx, metric, slash + 1, strcspn(slash + 1, ","), "");
		}
		{
			static const struct fio_key keys[] = {
				{ "in_queue", "disk-in-queue", "" }, { "util", "disk-util", NULL },
			};

			fio_add_pairs(&ft, idx, "", colon + 1, keys, ARRAY_SIZE(keys));
		}
		dev = xstrndup(scan_skip_blanks(s), (size_t)(colon - scan_skip_blanks(s)));
		from = sc->out->nr;
		fio_commit(sc, &ft.p, "fio", dev, run_goes_on(sc, i));
		/* the device's counters over the run: beside the results, not results */
		scan_mark_context(sc, from, NULL);
		fio_text_release(&ft);
		free(dev);
	}
	return idx - i;
}

/* Whether s (blanks skipped) is a line of a job's report: fio's own words. */
static int job_line_like(const struct fio_text *ft, const char *s)
{
	static const char *const words[] = {
		"read", "write", "trim", "clat", "slat", "lat", "sync", "bw", "iops", "cpu",
		"submit", "complete", "issued", "latency",
	};
	size_t k;

	for (k = 0; k < ARRAY_SIZE(words); k++)
		if (starts_word(s, words[k]))
			return 1;
	return !strncmp(s, "IO depths", 9) || !strncmp(s, "fsync/fdatasync", 15) ||
	       (*s == '|' && ft->lat);
}

/*
 * The line after the blank ones at idx when the job's report goes on
 * there, else idx.  A mailer that double-spaces a paste puts a blank line
 * after every line of it; the report goes on when the next line is one of
 * the job's own (a job head, its group's summary or anything else ends it).
 */
static size_t past_blanks(const struct fio_text *ft, size_t idx)
{
	struct scan *sc = ft->sc;
	size_t k = idx, n;
	long pid;

	while (k < sc->nr && !sc->v[k].used && !*scan_skip_blanks(sc->v[k].s) && k - idx < 2)
		k++;
	if (k == idx || k >= sc->nr || sc->v[k].used || fio_job_head(sc->v[k].s, &n, &pid) ||
	    !job_line_like(ft, scan_skip_blanks(sc->v[k].s)))
		return idx;
	return k;
}

/*
 * A job's lines from from on, as long as they are its: up to the next
 * job, its group's summary, or (headless: grep left only some of its
 * lines) the first line that is not fio's.  Returns the line after them.
 */
static size_t read_job_lines(struct fio_text *ft, size_t from, int headless)
{
	struct scan *sc = ft->sc;
	struct strbuf line = STRBUF_INIT;
	size_t idx = from;

	while (idx < sc->nr && !sc->v[idx].used) {
		size_t n, lines;
		long other;
		enum job_line got;

		if (fio_job_head(sc->v[idx].s, &n, &other))
			break;
		if (!headless && (ft->dir || idx == from) && (lines = past_blanks(ft, idx)) > idx) {
			idx = lines;
			continue;
		}
		lines = fio_joined_line(ft, idx, &line, 0);
		got = read_job_line(ft, idx, line.buf);
		ft->joined = NULL;
		if (got == JOB_ENDED || (headless && got == JOB_OTHER))
			break;
		idx += lines;
	}
	strbuf_release(&line);
	return idx;
}

size_t fio_text_read_block(struct scan *sc, size_t i)
{
	struct fio_text ft = FIO_TEXT_INIT(sc);
	size_t name_len, idx;
	long pid;
	char *name;

	if (fio_direction_line(sc->v[i].s)) {
		idx = read_job_lines(&ft, i, 1);
		name = scan_command_above(sc, i);
		/* "fio job.fio | grep -i IOPS": the filter is not part of the benchmark */
		if (name && strstr(name, " | "))
			*strstr(name, " | ") = '\0';
		fio_commit(sc, &ft.p, name ? name : "fio", NULL, 0);
		fio_text_release(&ft);
		free(name);
		return idx - i;
	}
	if (fio_group_starts(sc, i))
		return fio_group_read_block(sc, i);
	if (!fio_job_head(sc->v[i].s, &name_len, &pid))
		return read_disk_stats(sc, i);
	idx = read_job_lines(&ft, i + 1, 0);
	if (!ft.dir)
		scan_damaged(sc, i, "expected fio's read, write or trim lines under the job's head");
	name = xstrndup(sc->v[i].s, name_len);
	fio_commit(sc, &ft.p, name, NULL, same_job_follows(sc, idx, sc->v[i].s, name_len, pid));
	fio_text_release(&ft);
	free(name);
	return idx - i;
}
