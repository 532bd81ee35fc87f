#include "parse_fio.h"
#include "../core/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * fio --minimal (--output-format=terse), one line a job, fields split by
 * ';' in the order of fio's HOWTO ("Terse output"), versions 3, 4 and 5:
 *   version;fio version;jobname;groupid;error;
 *   per direction (read, write; trim too from version 4):
 *     io KiB;bw KiB/s;IOPS;runtime ms;
 *     slat min;max;mean;stdev (us);clat min;max;mean;stdev (us);
 *     20 clat percentiles "P%=us";lat min;max;mean;stdev (us);
 *     bw min;max;aggregate %;mean;stdev (KiB/s) [v5: bw samples;
 *     iops min;max;mean;stdev;samples]
 *   cpu user %;system %;context switches;major faults;minor faults;
 *   7 I/O depths;10 us and 12 ms latency buckets (not read: they restate);
 *   per disk: name;read ios;write ios;read merges;write merges;
 *     read ticks;write ticks;in queue;util %
 * A direction that moved nothing gives no records, as in the JSON reader.
 */
struct field {
	const char *metric, *unit;
};

static const struct field head[] = {
	{ "io", "KiB" }, { "bw", "KiB/s" }, { "iops", "IO/s" }, { "runtime", "ms" },
	{ "slat-min", "us" }, { "slat-max", "us" }, { "slat-mean", "us" }, { "slat-stdev", "us" },
	{ "clat-min", "us" }, { "clat-max", "us" }, { "clat-mean", "us" }, { "clat-stdev", "us" },
};
#define PERCENTILES 20
static const struct field tail[] = {
	{ "lat-min", "us" }, { "lat-max", "us" }, { "lat-mean", "us" }, { "lat-stdev", "us" },
	{ "bw-min", "KiB/s" }, { "bw-max", "KiB/s" }, { "bw-per", "%" }, { "bw-avg", "KiB/s" },
	{ "bw-stdev", "KiB/s" },
};
static const struct field tail5[] = {
	{ "bw-samples", NULL }, { "iops-min", "IO/s" }, { "iops-max", "IO/s" },
	{ "iops-avg", "IO/s" }, { "iops-stdev", "IO/s" }, { "iops-samples", NULL },
};
static const struct field cpu[] = {
	{ "cpu-usr", "%" }, { "cpu-sys", "%" }, { "cpu-ctx", NULL }, { "cpu-majf", NULL },
	{ "cpu-minf", NULL },
};
#define BUCKETS (7 + 10 + 12)
static const struct field disk[] = {
	{ "disk-read-ios", NULL }, { "disk-write-ios", NULL }, { "disk-read-merge", NULL },
	{ "disk-write-merge", NULL }, { "disk-read-ticks", NULL }, { "disk-write-ticks", NULL },
	{ "disk-in-queue", NULL }, { "disk-util", "%" },
};

static int version_of(const char *s)
{
	if ((s[0] == '3' || s[0] == '4' || s[0] == '5') && s[1] == ';' && !strncmp(s + 2, "fio-", 4))
		return s[0] - '0';
	return 0;
}

int fio_terse_starts(struct scan *sc, size_t i)
{
	return version_of(sc->v[i].s) != 0;
}

struct terse {
	struct scan *sc;
	size_t idx;
	char **f;           /* the fields */
	size_t nr, at;
	int bad;
};

/* The field at t->at as metric (with prefix) and unit; a trailing '%' goes. */
static void take(struct terse *t, struct pending *p, const char *prefix, const struct field *fd)
{
	char metric[48];
	const char *s = t->at < t->nr ? t->f[t->at] : NULL;
	struct scan_tok tok;

	t->at++;
	if (!s) {
		t->bad = 1;
		return;
	}
	tok.s = s;
	tok.len = strlen(s);
	if (fd->unit && !strcmp(fd->unit, "%") && tok_ends(&tok, "%"))
		tok.len--;
	snprintf(metric, sizeof(metric), "%s%s", prefix, fd->metric);
	if (pending_number(p, t->idx, metric, fd->unit, &tok, 0, 0) < 0 && !t->bad) {
		scan_damaged(t->sc, t->idx, "expected a number for '%s' in fio's terse line (field %zu)",
			     metric, t->at);
		t->bad = 1;
	}
}

static void take_all(struct terse *t, struct pending *p, const char *prefix,
		     const struct field *fd, size_t n)
{
	size_t k;

	for (k = 0; k < n; k++)
		take(t, p, prefix, &fd[k]);
}

/* "99.500000%=667": an unused slot is "0%=0". */
static void take_percentile(struct terse *t, struct pending *p, const char *dir)
{
	const char *s = t->at < t->nr ? t->f[t->at] : NULL, *eq;
	char metric[48], pct[24];
	struct scan_tok tok;

	t->at++;
	if (!s || !(eq = strstr(s, "%=")) || (size_t)(eq - s) >= sizeof(pct)) {
		if (!t->bad)
			scan_damaged(t->sc, t->idx, "expected 'P%%=N' in fio's terse line (field %zu)", t->at);
		t->bad = 1;
		return;
	}
	if (!strcmp(s, "0%=0"))
		return;
	memcpy(pct, s, (size_t)(eq - s));
	pct[eq - s] = '\0';
	fio_percentile_name(metric, sizeof(metric), dir, "clat", pct);
	tok.s = eq + 2;
	tok.len = strlen(tok.s);
	if (pending_number(p, t->idx, metric, "us", &tok, 0, 0) < 0 && !t->bad) {
		scan_damaged(t->sc, t->idx, "expected a number for '%s' in fio's terse line", metric);
		t->bad = 1;
	}
}

static void read_direction(struct terse *t, struct pending *p, const char *dir, int version)
{
	struct pending d = PENDING_INIT;
	char prefix[16];
	size_t k, start = t->at;

	snprintf(prefix, sizeof(prefix), "%s-", dir);
	take_all(t, &d, prefix, head, ARRAY_SIZE(head));
	for (k = 0; k < PERCENTILES; k++)
		take_percentile(t, &d, dir);
	take_all(t, &d, prefix, tail, ARRAY_SIZE(tail));
	if (version >= 5)
		take_all(t, &d, prefix, tail5, ARRAY_SIZE(tail5));
	/* a direction the job did not do */
	if (start < t->nr && strcmp(t->f[start], "0"))
		for (k = 0; k < d.nr; k++)
			pending_add(p, d.v[k].idx, d.v[k].metric, d.v[k].unit, d.v[k].value);
	pending_clear(&d);
}

size_t fio_terse_read_block(struct scan *sc, size_t i)
{
	struct terse t = { sc, i, NULL, 0, 0, 0 };
	struct pending p = PENDING_INIT;
	int version = version_of(sc->v[i].s);
	char *copy = xstrdup(sc->v[i].s), *s = copy, *name;
	size_t alloc = 0, d;

	for (;;) {
		char *semi = strchr(s, ';');

		ALLOC_GROW(t.f, t.nr + 1, alloc);
		t.f[t.nr++] = s;
		if (!semi)
			break;
		*semi = '\0';
		s = semi + 1;
	}
	name = t.nr > 2 ? t.f[2] : "fio";
	t.at = 5;
	for (d = 0; d < (version >= 4 ? 3u : 2u); d++)
		read_direction(&t, &p, fio_dirs[d], version);
	take_all(&t, &p, "", cpu, ARRAY_SIZE(cpu));
	t.at += BUCKETS;
	if (t.bad || t.at > t.nr) {
		if (!t.bad)
			scan_damaged(sc, i, "expected %zu fields in fio's terse line, not %zu", t.at, t.nr);
		pending_clear(&p);
	} else {
		fio_commit(sc, &p, name, NULL, 0);
		/* each disk: its name and eight numbers */
		while (t.at + 1 + ARRAY_SIZE(disk) <= t.nr && !t.bad) {
			const char *dev = t.f[t.at++];

			take_all(&t, &p, "", disk, ARRAY_SIZE(disk));
			if (t.bad)
				pending_clear(&p);
			else
				fio_commit(sc, &p, name, dev, 0);
		}
	}
	free(t.f);
	free(copy);
	return 1;
}
