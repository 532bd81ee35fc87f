#include "parse_fio.h"
#include "../core/strbuf.h"
#include "../core/util.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * fio's group summaries, under the jobs of each group:
 *   Run status group 0 (all jobs):
 *     WRITE: io=3200.0MB, aggrb=13095KB/s, minb=3273KB/s, maxb=3284KB/s,
 *            mint=249447msec, maxt=250214msec                           fio 2
 *     WRITE: bw=113MiB/s (118MB/s), 113MiB/s-113MiB/s (118MB/s-118MB/s),
 *            io=27.4GiB (29.4GB), run=248965-248965msec                  fio 3
 * Under job reports the summary restates them and is passed by.  Mail
 * often holds the summaries alone (the jobs' reports cut away to keep a
 * post short): then they are the results, a record per group, its
 * directions' aggregate rate, the slowest and fastest job's rates, the
 * bytes moved and the shortest and longest job's run time.
 */

/* fio_dirs as a summary names them */
static const char *const group_words[FIO_NDIRS] = { "READ", "WRITE", "TRIM" };

int fio_group_head(const char *s, long *group)
{
	char *end;

	s = scan_skip_blanks(s);
	if (strncmp(s, "Run status group ", 17))
		return 0;
	*group = strtol(s + 17, &end, 10);
	return end != s + 17 && !strncmp(end, " (all jobs):", 12);
}

/* "  WRITE: ..." at s: the direction's index, -1 if it is none. */
static int group_direction(const char *s)
{
	size_t d, n;

	s = scan_skip_blanks(s);
	for (d = 0; d < ARRAY_SIZE(group_words); d++) {
		n = strlen(group_words[d]);
		if (!strncmp(s, group_words[d], n) && s[n] == ':')
			return (int)d;
	}
	return -1;
}

/*
 * "  READ: bw=4560KiB/s (4670kB/s), ..., io=134MiB (140MB), run=..." with
 * no head above it, as a changelog quotes it: a summary when its shape is
 * fio's to the letter, bw= (fio 3) or io= (fio 2) right after the colon
 * and io= or aggrb= after, on the line or on the line it wraps onto.
 */
static int headless_summary(struct scan *sc, size_t i)
{
	const char *s = scan_skip_blanks(sc->v[i].s), *rest, *next;
	long group;
	size_t k;

	if (group_direction(s) < 0)
		return 0;
	rest = strchr(s, ':') + 1;
	rest += strspn(rest, " ");
	next = i + 1 < sc->nr ? scan_skip_blanks(sc->v[i + 1].s) : "";
	if (!strncmp(rest, "bw=", 3)) {
		if (!strstr(rest, ", io=") && strncmp(next, "io=", 3))
			return 0;
	} else if (strncmp(rest, "io=", 3) || (!strstr(rest, "aggrb=") && strncmp(next, "aggrb=", 6))) {
		return 0;
	}
	/* the second direction of a summary, or one under its head, is read with the first */
	for (k = i; k > 0 && !scan_skip_blanks(sc->v[k - 1].s)[0]; k--)
		;
	return !k || (group_direction(sc->v[k - 1].s) < 0 && !fio_group_head(sc->v[k - 1].s, &group) &&
		      strncmp(scan_skip_blanks(sc->v[k - 1].s), "io=", 3) &&
		      strncmp(scan_skip_blanks(sc->v[k - 1].s), "mint=", 5));
}

int fio_group_starts(struct scan *sc, size_t i)
{
	long group;

	return (fio_group_head(sc->v[i].s, &group) && i + 1 < sc->nr && group_direction(sc->v[i + 1].s) >= 0) ||
	       headless_summary(sc, i);
}

/* A line of a run of summaries: a group's head, a direction, a wrapped part of one, a blank. */
static int in_summaries(const char *s)
{
	long group;

	s = scan_skip_blanks(s);
	return !*s || *s == '(' || fio_group_head(s, &group) || group_direction(s) >= 0 ||
	       !strncmp(s, "io=", 3) || !strncmp(s, "run=", 4) || !strncmp(s, "mint=", 5);
}

/*
 * Whether the summary at line i restates job reports above it.  fio
 * prints all the jobs' reports, then all the groups' summaries: the run
 * of summaries above this one is passed over, and then a job's head or
 * direction line up to the summary before (or the text's start) says so.
 */
static int restates_jobs(struct scan *sc, size_t i)
{
	size_t k = i, n;
	long pid, group;

	while (k > 0 && in_summaries(sc->v[k - 1].s))
		k--;
	while (k-- > 0) {
		const char *s = sc->v[k].s;

		if (fio_group_head(s, &group))
			return 0;
		if (fio_job_head(s, &n, &pid) || fio_direction_line(s))
			return 1;
	}
	return 0;
}

/*
 * "113MiB/s-113MiB/s" or "248965-248965msec" (len n at s) as metrics lo
 * and hi; the first takes the second's unit when it has none.
 */
static int add_range(struct fio_text *ft, size_t idx, const char *lo, const char *hi,
		     const char *s, size_t n)
{
	const char *dash = memchr(s, '-', n), *unit, *end = s + n;
	char buf[24];
	size_t first;
	int ret;

	if (!dash)
		return -1;
	first = (size_t)(dash - s);
	for (unit = dash + 1; unit < end && (*unit == '.' || isdigit((unsigned char)*unit)); unit++)
		;
	if (first && isdigit((unsigned char)s[first - 1]) && unit < end)
		ret = fio_add_number(ft, idx, lo, s, first,
				     fio_unit_name(unit, (size_t)(end - unit), buf, sizeof(buf)));
	else
		ret = fio_add_number(ft, idx, lo, s, first, NULL);
	if (fio_add_number(ft, idx, hi, dash + 1, (size_t)(end - dash - 1), NULL) < 0)
		ret = -1;
	return ret;
}

/* fio 3's "bw=113MiB/s (118MB/s), 113MiB/s-113MiB/s (118MB/s-118MB/s), io=27.4GiB (29.4GB), run=A-Bmsec" */
static int read_fio3(struct fio_text *ft, size_t idx, const char *prefix, const char *s)
{
	char metric[48], metric2[48];
	const char *p = strstr(s, "bw="), *e;
	int ret = 0;

	if (!p)
		return -1;
	p += 3;
	e = p + strcspn(p, " ,");
	snprintf(metric, sizeof(metric), "%sbw", prefix);
	if (fio_add_number(ft, idx, metric, p, (size_t)(e - p), NULL) < 0)
		ret = -1;
	p = e + strspn(e, " ");
	if (*p == '(' && (e = strchr(p, ')'))) {
		snprintf(metric, sizeof(metric), "%sbw-decimal", prefix);
		if (fio_add_number(ft, idx, metric, p + 1, (size_t)(e - p - 1), NULL) < 0)
			ret = -1;
		p = e + 1;
	}
	p += strspn(p, ", ");
	if (*p >= '0' && *p <= '9') {
		e = p + strcspn(p, " ,");
		snprintf(metric, sizeof(metric), "%sbw-min", prefix);
		snprintf(metric2, sizeof(metric2), "%sbw-max", prefix);
		if (add_range(ft, idx, metric, metric2, p, (size_t)(e - p)) < 0)
			ret = -1;
	}
	if ((p = strstr(s, "io="))) {
		p += 3;
		e = p + strcspn(p, " ,");
		snprintf(metric, sizeof(metric), "%sio", prefix);
		if (fio_add_number(ft, idx, metric, p, (size_t)(e - p), NULL) < 0)
			ret = -1;
	}
	if ((p = strstr(s, "run="))) {
		p += 4;
		e = p + strcspn(p, " ,");
		snprintf(metric, sizeof(metric), "%sruntime-min", prefix);
		snprintf(metric2, sizeof(metric2), "%sruntime", prefix);
		if (add_range(ft, idx, metric, metric2, p, (size_t)(e - p)) < 0)
			ret = -1;
	}
	return ret;
}

/* A direction's summary line after its "WRITE:" (s), fio 2's or fio 3's. */
static void read_direction(struct fio_text *ft, size_t idx, const char *dir, const char *s)
{
	static const struct fio_key keys2[] = {
		{ "io", "io", NULL }, { "aggrb", "bw", NULL }, { "minb", "bw-min", NULL },
		{ "maxb", "bw-max", NULL }, { "mint", "runtime-min", NULL }, { "maxt", "runtime", NULL },
	};
	char prefix[16];

	snprintf(prefix, sizeof(prefix), "%s-", dir);
	/* fio 2's pairs say which number is damaged; fio 3's line is read here */
	if (strstr(s, "aggrb="))
		fio_add_pairs(ft, idx, prefix, s, keys2, ARRAY_SIZE(keys2));
	else if (read_fio3(ft, idx, prefix, s) < 0)
		scan_damaged(ft->sc, idx, "expected bw=, io= and run= numbers in fio's group summary");
}

size_t fio_group_read_block(struct scan *sc, size_t i)
{
	struct fio_text ft = FIO_TEXT_INIT(sc);
	struct strbuf line = STRBUF_INIT, name = STRBUF_INIT;
	int restated = restates_jobs(sc, i);
	long group = -1;
	/* a summary without its head starts at its first direction */
	size_t idx = fio_group_head(sc->v[i].s, &group) ? i + 1 : i;
	char *command;
	int d;

	while (idx < sc->nr && !sc->v[idx].used && (d = group_direction(sc->v[idx].s)) >= 0) {
		size_t lines = fio_joined_line(&ft, idx, &line, 1);
		/* under the jobs' reports the summary restates them: its lines are passed by */
		if (!restated)
			read_direction(&ft, idx, fio_dirs[d], strchr(line.buf, ':') + 1);
		ft.joined = NULL;
		idx += lines;
	}
	if (!restated) {
		command = scan_command_above(sc, i);
		/* the summary above is the same run's: its name without its group */
		if (command && strstr(command, " group "))
			*strstr(command, " group ") = '\0';
		/* a group per record: the groups of one run measure different jobs */
		strbuf_addstr(&name, command ? command : "fio");
		if (group >= 0)
			strbuf_addf(&name, " group %ld", group);
		fio_commit(sc, &ft.p, name.buf, NULL, 0);
		free(command);
	}
	fio_text_release(&ft);
	strbuf_release(&name);
	strbuf_release(&line);
	return idx - i;
}
