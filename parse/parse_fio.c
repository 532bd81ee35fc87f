#include "parse_fio.h"
#include "parse_json.h"
#include "../core/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * fio --output-format=json, anywhere in a text: a line "{" followed by
 * "fio version", indented or mail-quoted as a paste leaves it.  Per job
 * and direction (read, write, trim) that moved any bytes: bandwidth,
 * IOPS, their per-sample statistics, the latencies (slat, clat, lat:
 * those fio measured) with every percentile it printed, and the job's
 * CPU use; named as the text report's are, so both forms of one run
 * give the same metrics.  benchmark is the job name.
 */
/* "sync": the latency of fsync and the like (fsync=, fdatasync=), nothing else */
const char *const fio_dirs[FIO_NDIRS] = { "read", "write", "trim" };
static const char *const directions[] = { "read", "write", "trim", "sync" };

struct fio_field {
	const char *key, *suffix, *unit;
};

static const struct fio_field dir_fields[] = {
	{ "bw", "bw", "KiB/s" },
	{ "bw_bytes", "bw-bytes", "B/s" },
	{ "iops", "iops", "IO/s" },
	{ "io_bytes", "bytes", "B" },
	{ "runtime", "runtime", "ms" },
};

/*
 * The per-sample statistics, each under its "_samples" count: fio writes
 * zeros when it took no sample (a job shorter than one interval) and
 * prints no line of them in its text report, so none is read.
 */
static const struct fio_field bw_stats[] = {
	{ "bw_min", "bw-min", "KiB/s" },
	{ "bw_max", "bw-max", "KiB/s" },
	{ "bw_agg", "bw-per", "%" },
	{ "bw_mean", "bw-avg", "KiB/s" },
	{ "bw_dev", "bw-stdev", "KiB/s" },
	{ "bw_samples", "bw-samples", NULL },
};

static const struct fio_field iops_stats[] = {
	{ "iops_min", "iops-min", "IO/s" },
	{ "iops_max", "iops-max", "IO/s" },
	{ "iops_mean", "iops-avg", "IO/s" },
	{ "iops_stddev", "iops-stdev", "IO/s" },
	{ "iops_samples", "iops-samples", NULL },
};

static const struct fio_field job_fields[] = {
	{ "usr_cpu", "cpu-usr", "%" },
	{ "sys_cpu", "cpu-sys", "%" },
	{ "ctx", "cpu-ctx", NULL },
	{ "majf", "cpu-majf", NULL },
	{ "minf", "cpu-minf", NULL },
	{ "job_runtime", "job-runtime", "ms" },
	{ "elapsed", "elapsed", "s" },
};

/* fio 3's latencies in ns; fio 2's (no _ns) in us */
static const struct fio_field lat_fields[] = {
	{ "slat_ns", "slat", "ns" }, { "clat_ns", "clat", "ns" }, { "lat_ns", "lat", "ns" },
	{ "slat", "slat", "us" }, { "clat", "clat", "us" }, { "lat", "lat", "us" },
};

static const struct fio_field stat_fields[] = {
	{ "min", "min", NULL }, { "max", "max", NULL }, { "mean", "mean", NULL },
	{ "stddev", "stdev", NULL },
};

struct fio_job {
	struct scan *sc;
	size_t base;        /* index of the line where the JSON starts */
	struct pending p;
	const char *damaged; /* what was expected, at damaged_line */
	long damaged_line;
};

/* v as metric dir-what (what alone when dir is NULL). */
static void add(struct fio_job *j, const struct jval *v, const char *dir, const char *what,
		const char *unit)
{
	struct strbuf metric = STRBUF_INIT;
	struct scan_tok t;

	if (!v || j->damaged)
		return;
	t.s = v->text ? v->text : "";
	t.len = strlen(t.s);
	if (dir)
		strbuf_addf(&metric, "%s-", dir);
	strbuf_addstr(&metric, what);
	if (v->type != J_NUMBER || pending_number(&j->p, j->base + (size_t)v->line - 1,
						  metric.buf, unit, &t, 0, 0) < 0) {
		j->damaged = "a number";
		j->damaged_line = v->line;
	}
	strbuf_release(&metric);
}

static void add_fields(struct fio_job *j, const struct jval *obj, const char *dir,
		       const struct fio_field *f, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		add(j, jval_get(obj, f[i].key), dir, f[i].suffix, f[i].unit);
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

/*
 * What a job's report prints beside its results: the bytes moved and the
 * time taken (the job's size and runtime, set by its options), the share
 * of its group (per=, bw_agg), how many samples a statistic has, context
 * switches and page faults.  `parse` keeps them; the importer leaves
 * them out of a mail's results.
 */
static const char *const context_of_job[] = {
	"cpu-ctx", "cpu-majf", "cpu-minf", "job-runtime", "elapsed",
};
/* after the direction: "write-io", "read-runtime" */
static const char *const context_of_dir[] = {
	"io", "bytes", "runtime", "runtime-min", "bw-per", "bw-samples", "iops-samples",
};

static int is_context(const char *metric)
{
	const char *dash = strchr(metric, '-');
	size_t i;

	for (i = 0; i < ARRAY_SIZE(context_of_job); i++)
		if (!strcmp(metric, context_of_job[i]))
			return 1;
	for (i = 0; dash && i < ARRAY_SIZE(context_of_dir); i++)
		if (!strcmp(dash + 1, context_of_dir[i]))
			return 1;
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

/*
 * One latency's statistics and percentiles; fio writes a latency it did
 * not measure (slat under psync) as zeros with "N" 0, and prints no line
 * of it in its text report: none is read.
 */
static void read_latency(struct fio_job *j, const struct jval *d, const char *dir,
			 const struct fio_field *lat)
{
	const struct jval *l = jval_get(d, lat->key), *n = jval_get(l, "N"), *pct;
	char what[48], name[64];
	size_t i;

	if (!l || l->type != J_OBJECT || (n && n->text && !strcmp(n->text, "0")))
		return;
	for (i = 0; i < ARRAY_SIZE(stat_fields); i++) {
		snprintf(what, sizeof(what), "%s-%s", lat->suffix, stat_fields[i].suffix);
		add(j, jval_get(l, stat_fields[i].key), dir, what, lat->unit);
	}
	pct = jval_get(l, "percentile");
	for (i = 0; pct && pct->type == J_OBJECT && i < pct->nr; i++) {
		fio_percentile_name(name, sizeof(name), dir, lat->suffix, pct->keys[i]);
		add(j, &pct->kids[i], NULL, name, lat->unit);
	}
}

/* A count of samples that is not there (older fio) or not 0. */
static int sampled(const struct jval *dir, const char *key)
{
	const struct jval *n = jval_get(dir, key);

	return !n || !n->text || strcmp(n->text, "0");
}

static void read_job(struct fio_job *j, const struct jval *job)
{
	size_t d, k;

	for (d = 0; d < ARRAY_SIZE(directions); d++) {
		const struct jval *dir = jval_get(job, directions[d]);
		const struct jval *bytes = jval_get(dir, "io_bytes");
		int fio3 = jval_get(dir, "clat_ns") || jval_get(dir, "lat_ns");

		if (!dir || (bytes && bytes->text && !strcmp(bytes->text, "0")))
			continue;   /* a direction the job did not do */
		add_fields(j, dir, directions[d], dir_fields, ARRAY_SIZE(dir_fields));
		if (sampled(dir, "bw_samples"))
			add_fields(j, dir, directions[d], bw_stats, ARRAY_SIZE(bw_stats));
		if (sampled(dir, "iops_samples"))
			add_fields(j, dir, directions[d], iops_stats, ARRAY_SIZE(iops_stats));
		for (k = fio3 ? 0 : 3; k < (fio3 ? 3u : ARRAY_SIZE(lat_fields)); k++)
			read_latency(j, dir, directions[d], &lat_fields[k]);
	}
	add_fields(j, job, NULL, job_fields, ARRAY_SIZE(job_fields));
}

static int starts_report(struct scan *sc, size_t i)
{
	const char *s = sc->v[i].s;
	size_t k;

	while (*s == ' ' || *s == '\t')
		s++;
	if (strcmp(s, "{"))
		return 0;
	for (k = i + 1; k < sc->nr && scan_blank(&sc->v[k]); k++)
		;
	return k < sc->nr && strstr(sc->v[k].s, "\"fio version\"");
}

/*
 * The report whose "{" is line i as JSON: its lines as the scan holds
 * them (mail quote markers taken off, no-break spaces made blanks), one
 * a line, up to the "}" that closes the first "{".
 */
static void report_text(struct scan *sc, size_t i, struct strbuf *out)
{
	int depth = 0, in_string = 0, escaped = 0;
	size_t k;

	strbuf_reset(out);
	for (k = i; k < sc->nr; k++) {
		const char *c;

		strbuf_addstr(out, sc->v[k].s);
		strbuf_addch(out, '\n');
		for (c = sc->v[k].s; *c; c++) {
			if (escaped)
				escaped = 0;
			else if (in_string && *c == '\\')
				escaped = 1;
			else if (*c == '"')
				in_string = !in_string;
			else if (!in_string && (*c == '{' || *c == '['))
				depth++;
			else if (!in_string && (*c == '}' || *c == ']') && --depth == 0)
				return;
		}
	}
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
	struct strbuf text = STRBUF_INIT;
	struct jval other;
	size_t used;
	int ret = 0;

	while (next < sc->nr && scan_blank(&sc->v[next]))
		next++;
	if (next >= sc->nr || !starts_report(sc, next) || first_job(root, &name, &elapsed) < 0)
		return 0;
	report_text(sc, next, &text);
	if (jval_read(&other, text.buf, text.len, &used, &errline, &what) == 0) {
		if (!first_job(&other, &next_name, &next_elapsed))
			ret = !strcmp(name, next_name) && next_elapsed > elapsed;
		jval_release(&other);
	}
	strbuf_release(&text);
	return ret;
}

/* Reads the report whose "{" is line i; returns the lines it took. */
static size_t read_report(struct scan *sc, size_t i)
{
	struct strbuf text = STRBUF_INIT;
	size_t used = 0, k, lines = 1;
	struct jval root;
	const struct jval *jobs;
	long errline;
	const char *what;
	int interim;

	report_text(sc, i, &text);
	if (jval_read(&root, text.buf, text.len, &used, &errline, &what) < 0) {
		scan_damaged(sc, i + (size_t)errline - 1 < sc->nr ? i + (size_t)errline - 1 : i,
			     "expected %s in fio's JSON", what);
		strbuf_release(&text);
		return 1;
	}
	for (k = 0; k < used; k++)
		lines += text.buf[k] == '\n';
	strbuf_release(&text);
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

/*
 * fio's text pasted as a comment, as commit messages, patch notes and
 * scripts carry it: "# ", "// " or a C comment's " * " before each of its
 * lines.  The marker (the blanks before it and one after it) is line s's;
 * its length, 0 when s has none.  "*" + "/" ends a comment and is none.
 */
static size_t comment_marker(const char *s)
{
	const char *p = scan_skip_blanks(s);

	if (*p == '#')
		p++;
	else if (p[0] == '/' && p[1] == '/')
		p += 2;
	else if (p[0] == '*' && p[1] != '/')
		p++;
	else
		return 0;
	if (*p == ' ')
		p++;
	return (size_t)(p - s);
}

/* Whether s starts with the n bytes of marker m, or is m alone less its blank (a blank line of the comment). */
static int carries(const char *s, const char *m, size_t n)
{
	return !strncmp(s, m, n) || (m[n - 1] == ' ' && !strncmp(s, m, n - 1) && !s[n - 1]);
}

/* How far above a marked block its marked lines are hidden too (a summary looks for the jobs it restates). */
#define MARKED_REACH_ABOVE 1000

/* Whether line l belongs to a block marked with the n bytes of m: it carries them, or it is blank. */
static int in_marked(const struct scan_line *l, const char *m, size_t n)
{
	return carries(l->s, m, n) || scan_blank(l);
}

/*
 * Runs fn on the lines from i on (reach of them at most) that carry line
 * i's marker, the marker hidden and the text read as if it ended with
 * them: a line without the marker (a blank one aside) ends the block.
 * The marked lines right above are hidden too, as fn may look up.  0
 * when line i has no marker.
 */
/*
 * Runs fn at line i on lines [first, end), cut[k - first] bytes hidden at
 * the start of each, the text read as if it ended with them; the lines
 * as they were after.
 */
static size_t with_cuts(struct scan *sc, size_t i, size_t first, size_t end, const size_t *cut,
			size_t (*fn)(struct scan *sc, size_t i))
{
	size_t nr = sc->nr, k, ret;

	for (k = first; k < end; k++) {
		sc->v[k].s += cut[k - first];
		sc->v[k].len -= cut[k - first];
	}
	sc->nr = end;
	ret = fn(sc, i);
	sc->nr = nr;
	for (k = first; k < end; k++) {
		sc->v[k].s -= cut[k - first];
		sc->v[k].len += cut[k - first];
	}
	return ret;
}

static size_t with_marker_hidden(struct scan *sc, size_t i, size_t reach,
				 size_t (*fn)(struct scan *sc, size_t i))
{
	const char *m = sc->v[i].s;
	size_t n = comment_marker(m), nr = sc->nr, first = i, end, k, ret;
	size_t *cut;

	if (!n)
		return 0;
	while (reach > 2 && first > 0 && i - first < MARKED_REACH_ABOVE && in_marked(&sc->v[first - 1], m, n))
		first--;
	for (end = i; end < nr && end - i < reach && !sc->v[end].used && in_marked(&sc->v[end], m, n); end++)
		;
	cut = xmalloc((end - first) * sizeof(*cut));
	for (k = first; k < end; k++)
		cut[k - first] = !carries(sc->v[k].s, m, n) ? 0 : sc->v[k].len < n ? sc->v[k].len : n;
	ret = with_cuts(sc, i, first, end, cut, fn);
	free(cut);
	return ret;
}

static size_t text_starts(struct scan *sc, size_t i)
{
	return (size_t)fio_text_starts(sc, i);
}

/*
 * "fio loop 26:   write: IOPS=21.3k, BW=83.2MiB/s ...": a direction line
 * of fio's behind a label of the writer's (a run of a loop, a config)
 * and blanks.  The label's length with the blanks, 0 when s is no such
 * line (fio's own "  write: IOPS=" and "job: (groupid=" are none).
 */
static size_t run_label(const char *s)
{
	const char *colon = strchr(s, ':'), *p;
	size_t d;

	if (!colon || colon == s || colon - s > 48)
		return 0;
	p = scan_skip_blanks(colon + 1);
	if (p == colon + 1)
		return 0;
	for (d = 0; d < FIO_NDIRS; d++) {
		size_t n = strlen(fio_dirs[d]);
		const char *q;

		if (strncmp(p, fio_dirs[d], n))
			continue;
		q = scan_skip_blanks(p + n);
		if (*q == ':' && (strstr(q, "IOPS=") || strstr(q, "iops=")))
			return (size_t)(p - s);
	}
	return 0;
}

/*
 * Runs fn on the labelled direction lines from i on, their labels
 * hidden, the text read as if it ended with them: each is a job's line
 * alone, as grep leaves them.  0 when line i is none.
 */
static size_t with_labels_hidden(struct scan *sc, size_t i, size_t (*fn)(struct scan *sc, size_t i))
{
	size_t end, k, ret;
	size_t *cut;

	if (!run_label(sc->v[i].s))
		return 0;
	for (end = i; end < sc->nr && !sc->v[end].used && run_label(sc->v[end].s); end++)
		;
	cut = xmalloc((end - i) * sizeof(*cut));
	for (k = i; k < end; k++)
		cut[k - i] = run_label(sc->v[k].s);
	ret = with_cuts(sc, i, i, end, cut, fn);
	free(cut);
	return ret;
}

static int fio_starts(struct scan *sc, size_t i)
{
	/* a text report's start looks at its line and the next (a group's head, its first direction) */
	return starts_report(sc, i) || fio_text_starts(sc, i) || fio_terse_starts(sc, i) ||
	       with_marker_hidden(sc, i, 2, text_starts) || with_labels_hidden(sc, i, text_starts);
}

static size_t fio_read_block(struct scan *sc, size_t i)
{
	if (fio_terse_starts(sc, i))
		return fio_terse_read_block(sc, i);
	if (fio_text_starts(sc, i))
		return fio_text_read_block(sc, i);
	if (starts_report(sc, i))
		return read_report(sc, i);
	if (run_label(sc->v[i].s))
		return with_labels_hidden(sc, i, fio_text_read_block);
	return with_marker_hidden(sc, i, (size_t)-1, fio_text_read_block);
}

/* "IOPS=", fio 2's "iops=": the job's first line, alone in a grep's output or pasted */
static const char *const fio_mail_words[] = { "\"fio version\"", ": (groupid=", ";fio-", "IOPS=",
					       "iops=", "Run status group ", "READ: bw=", "WRITE: bw=",
					       "READ: io=", "WRITE: io=", NULL };

/*
 * The lines of fio's text report that head numbers under them: a job's
 * "clat percentiles (usec):" (slat, lat too), and the summaries' "Run
 * status group 0 (all jobs):" and "Disk stats (read/write):".
 */
static int fio_is_title(const char *line)
{
	static const char *const lat[] = { "clat", "slat", "lat" };
	const char *s;
	size_t k, n;
	long group;

	for (k = 0; k < ARRAY_SIZE(lat); k++) {
		n = strlen(lat[k]);
		if (!strncmp(line, lat[k], n) && !strncmp(line + n, " percentiles (", 14) &&
		    (s = strchr(line + n + 14, ')')) && !strcmp(s, "):"))
			return 1;
	}
	return !strcmp(line, "Disk stats (read/write):") || fio_group_head(line, &group);
}

const struct parser parser_fio = {
	.name = "fio",
	.summary = "fio's normal text, terse (--minimal v3-v5) and JSON reports",
	.starts = fio_starts,
	.read_block = fio_read_block,
	.flags = PARSER_IN_MAIL,
	.mail_words = fio_mail_words,
	.is_title = fio_is_title,
};
