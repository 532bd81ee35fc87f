#include "parse_fio.h"
#include "parse_json.h"
#include "../core/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * fio --output-format=json, anywhere in a text: a line "{" followed by
 * "fio version".  Per job and direction (read, write, trim) that moved any
 * bytes: bandwidth, IOPS, bytes, runtime, completion latency mean and
 * every percentile fio printed.  benchmark is the job name.
 */
static const char *const directions[] = { "read", "write", "trim" };

struct fio_field {
	const char *key, *suffix, *unit;
};

static const struct fio_field dir_fields[] = {
	{ "bw", "bw", "KiB/s" },
	{ "iops", "iops", "IO/s" },
	{ "io_bytes", "bytes", "B" },
	{ "runtime", "runtime", "ms" },
};

struct fio_job {
	struct scan *sc;
	size_t base;        /* index of the line where the JSON starts */
	struct pending p;
	const char *damaged; /* what was expected, at damaged_line */
	long damaged_line;
};

static void add(struct fio_job *j, const struct jval *v, const char *dir, const char *what,
		const char *unit)
{
	struct strbuf metric = STRBUF_INIT;
	struct scan_tok t;

	if (!v || j->damaged)
		return;
	t.s = v->text ? v->text : "";
	t.len = strlen(t.s);
	strbuf_addf(&metric, "%s-%s", dir, what);
	if (v->type != J_NUMBER || pending_number(&j->p, j->base + (size_t)v->line - 1,
						  metric.buf, unit, &t, 0, 0) < 0) {
		j->damaged = "a number";
		j->damaged_line = v->line;
	}
	strbuf_release(&metric);
}

/* "99.500000" and "99.50" are "99.5", "1.00" is "1": the digits the percentile needs. */
static size_t percentile_digits(const char *key)
{
	size_t len = strlen(key);

	if (memchr(key, '.', len)) {
		while (len && key[len - 1] == '0')
			len--;
		if (len && key[len - 1] == '.')
			len--;
	}
	return len;
}

void fio_percentile_name(char *out, size_t size, const char *dir, const char *lat,
			 const char *pct)
{
	snprintf(out, size, "%s-%s-p%.*s", dir, lat, (int)percentile_digits(pct), pct);
}

/* "99.500000" -> "clat-p99.5" */
static void percentile_name(struct strbuf *sb, const char *key)
{
	strbuf_reset(sb);
	strbuf_addstr(sb, "clat-p");
	strbuf_add(sb, key, percentile_digits(key));
}

/*
 * What a job's report prints beside its results: the bytes moved and the
 * time taken (the job's size and runtime, set by its options), the share
 * of its group (per=), how many samples a statistic has, context switches
 * and page faults.  `parse` keeps them; the importer leaves them out.
 */
static const char *const context_suffixes[] = {
	"-io", "-bytes", "-runtime", "-per", "-samples", "cpu-ctx", "cpu-majf", "cpu-minf",
};

static int is_context(const char *metric)
{
	size_t i, n = strlen(metric);

	for (i = 0; i < ARRAY_SIZE(context_suffixes); i++) {
		size_t k = strlen(context_suffixes[i]);

		if (n >= k && !strcmp(metric + n - k, context_suffixes[i]))
			return 1;
	}
	return 0;
}

void fio_commit(struct scan *sc, struct pending *p, const char *benchmark, const char *device,
		int interim)
{
	size_t from = sc->out->nr, i;

	pending_commit(sc, p, benchmark);
	for (i = from; device && i < sc->out->nr; i++)
		record_set(&sc->out->v[i].device, device);
	for (i = from; i < sc->out->nr; i++)
		if (is_context(sc->out->v[i].metric))
			scan_mark_context(sc, i, sc->out->v[i].metric);
	if (interim)
		scan_mark_interim(sc, from);
}

static void read_clat(struct fio_job *j, const struct jval *d, const char *dir)
{
	const struct jval *clat = jval_get(d, "clat_ns"), *pct;
	const char *unit = "ns";
	struct strbuf name = STRBUF_INIT;
	size_t i;

	if (!clat) {
		clat = jval_get(d, "clat");   /* fio 2.x: microseconds */
		unit = "us";
	}
	if (!clat)
		return;
	add(j, jval_get(clat, "mean"), dir, "clat-mean", unit);
	pct = jval_get(clat, "percentile");
	for (i = 0; pct && pct->type == J_OBJECT && i < pct->nr; i++) {
		percentile_name(&name, pct->keys[i]);
		add(j, &pct->kids[i], dir, name.buf, unit);
	}
	strbuf_release(&name);
}

static void read_job(struct fio_job *j, const struct jval *job)
{
	size_t d, f;

	for (d = 0; d < ARRAY_SIZE(directions); d++) {
		const struct jval *dir = jval_get(job, directions[d]);
		const struct jval *bytes = jval_get(dir, "io_bytes");

		if (!dir || (bytes && bytes->text && !strcmp(bytes->text, "0")))
			continue;   /* a direction the job did not do */
		for (f = 0; f < ARRAY_SIZE(dir_fields); f++)
			add(j, jval_get(dir, dir_fields[f].key), directions[d], dir_fields[f].suffix,
			    dir_fields[f].unit);
		read_clat(j, dir, directions[d]);
	}
}

static int starts_report(struct scan *sc, size_t i)
{
	const char *s = sc->v[i].s;
	size_t k;

	/* a quoted report is not JSON any more: the quote markers stand in it */
	if (sc->v[i].quoted)
		return 0;
	while (*s == ' ' || *s == '\t')
		s++;
	if (strcmp(s, "{"))
		return 0;
	for (k = i + 1; k < sc->nr && scan_blank(&sc->v[k]); k++)
		;
	return k < sc->nr && strstr(sc->v[k].s, "\"fio version\"");
}

/* The first job's name and elapsed seconds, for telling --status-interval's reports apart. */
static int first_job(const struct jval *root, const char **name, long *elapsed)
{
	const struct jval *jobs = jval_get(root, "jobs"), *n, *e;

	if (!jobs || jobs->type != J_ARRAY || !jobs->nr)
		return -1;
	n = jval_get(&jobs->kids[0], "jobname");
	e = jval_get(&jobs->kids[0], "elapsed");
	if (!n || n->type != J_STRING || !e || e->type != J_NUMBER)
		return -1;
	*name = n->text;
	*elapsed = strtol(e->text, NULL, 10);
	return 0;
}

/*
 * --status-interval prints a report every interval and the final one
 * last, one under the other: a report is interim when the next is of
 * the same job, further on.
 */
static int is_interim(struct scan *sc, const struct jval *root, size_t next)
{
	const char *name, *next_name, *what;
	long elapsed, next_elapsed, errline;
	struct jval other;
	size_t used;
	int ret = 0;

	while (next < sc->nr && scan_blank(&sc->v[next]))
		next++;
	if (next >= sc->nr || !starts_report(sc, next) || first_job(root, &name, &elapsed) < 0)
		return 0;
	if (jval_read(&other, sc->text + sc->v[next].off, sc->len - sc->v[next].off, &used,
		      &errline, &what) < 0)
		return 0;
	if (!first_job(&other, &next_name, &next_elapsed))
		ret = !strcmp(name, next_name) && next_elapsed > elapsed;
	jval_release(&other);
	return ret;
}

/* Reads the report whose "{" is line i; returns the lines it took. */
static size_t read_report(struct scan *sc, size_t i)
{
	const char *start = sc->text + sc->v[i].off;
	size_t avail = sc->len - sc->v[i].off, used = 0, k, lines = 1;
	struct jval root;
	const struct jval *jobs;
	long errline;
	const char *what;
	int interim;

	if (jval_read(&root, start, avail, &used, &errline, &what) < 0) {
		scan_damaged(sc, i + (size_t)errline - 1 < sc->nr ? i + (size_t)errline - 1 : i,
			     "expected %s in fio's JSON", what);
		return 1;
	}
	for (k = 0; k < used; k++)
		lines += start[k] == '\n';
	interim = is_interim(sc, &root, i + lines);
	jobs = jval_get(&root, "jobs");
	for (k = 0; jobs && jobs->type == J_ARRAY && k < jobs->nr; k++) {
		const struct jval *name = jval_get(&jobs->kids[k], "jobname");
		struct fio_job j = { sc, i, PENDING_INIT, NULL, 0 };

		read_job(&j, &jobs->kids[k]);
		if (j.damaged)
			scan_damaged(sc, i + (size_t)j.damaged_line - 1, "expected %s in fio's JSON",
				     j.damaged);
		else
			fio_commit(sc, &j.p, name && name->type == J_STRING ? name->text : "fio", NULL,
				   interim);
		pending_clear(&j.p);
	}
	if (!jobs || jobs->type != J_ARRAY)
		scan_damaged(sc, i, "expected a \"jobs\" array in fio's JSON");
	jval_release(&root);
	return lines;
}

static int fio_starts(struct scan *sc, size_t i)
{
	return starts_report(sc, i) || fio_text_starts(sc, i) || fio_terse_starts(sc, i);
}

static size_t fio_read_block(struct scan *sc, size_t i)
{
	if (fio_terse_starts(sc, i))
		return fio_terse_read_block(sc, i);
	if (fio_text_starts(sc, i))
		return fio_text_read_block(sc, i);
	return read_report(sc, i);
}

/* "IOPS=": the job's first line, alone in a grep's output */
static const char *const fio_mail_words[] = { "\"fio version\"", ": (groupid=", ";fio-", "IOPS=",
					       NULL };

const struct parser parser_fio = {
	.name = "fio",
	.summary = "fio's normal text, terse (--minimal v3-v5) and JSON reports",
	.starts = fio_starts,
	.read_block = fio_read_block,
	.flags = PARSER_IN_MAIL,
	.mail_words = fio_mail_words,
};
