#include "parse_scan.h"
#include "parse_json.h"
#include "../core/util.h"

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

/* "99.500000" -> "p99.5" */
static void percentile_name(struct strbuf *sb, const char *key)
{
	size_t len = strlen(key);

	if (memchr(key, '.', len)) {
		while (len && key[len - 1] == '0')
			len--;
		if (len && key[len - 1] == '.')
			len--;
	}
	strbuf_reset(sb);
	strbuf_addstr(sb, "clat-p");
	strbuf_add(sb, key, len);
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

/* Reads the report whose "{" is line i; returns the lines it took. */
static size_t read_report(struct scan *sc, size_t i)
{
	const char *start = sc->text + sc->v[i].off;
	size_t avail = sc->len - sc->v[i].off, used = 0, k, lines = 1;
	struct jval root;
	const struct jval *jobs;
	long errline;
	const char *what;

	if (jval_read(&root, start, avail, &used, &errline, &what) < 0) {
		scan_damaged(sc, i + (size_t)errline - 1 < sc->nr ? i + (size_t)errline - 1 : i,
			     "expected %s in fio's JSON", what);
		return 1;
	}
	for (k = 0; k < used; k++)
		lines += start[k] == '\n';
	jobs = jval_get(&root, "jobs");
	for (k = 0; jobs && jobs->type == J_ARRAY && k < jobs->nr; k++) {
		const struct jval *name = jval_get(&jobs->kids[k], "jobname");
		struct fio_job j = { sc, i, PENDING_INIT, NULL, 0 };

		read_job(&j, &jobs->kids[k]);
		if (j.damaged)
			scan_damaged(sc, i + (size_t)j.damaged_line - 1, "expected %s in fio's JSON",
				     j.damaged);
		else
			pending_commit(sc, &j.p, name && name->type == J_STRING ? name->text : "fio");
		pending_clear(&j.p);
	}
	if (!jobs || jobs->type != J_ARRAY)
		scan_damaged(sc, i, "expected a \"jobs\" array in fio's JSON");
	jval_release(&root);
	return lines;
}

static size_t fio_read_block(struct scan *sc, size_t i)
{
	return read_report(sc, i);
}

const struct parser parser_fio = {
	.name = "fio",
	.summary = "fio --output-format=json: per job and direction",
	.starts = starts_report,
	.read_block = fio_read_block,
	.flags = PARSER_IN_MAIL,
};
