#include "render_method.h"
#include "render_series.h"
#include "render_text.h"
#include "../core/kver.h"
#include "../core/util.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static const char *value_of(const struct record *r, const char *key)
{
	const struct record_field *f = record_field_by_name(key);

	if (f)
		return record_field_get(r, f);
	return r->facts ? facts_get(r->facts, key) : NULL;
}

size_t render_fact_values(struct strbuf *out, const struct recset *set, const char *key)
{
	const char **v = NULL, *sep;
	size_t nr = 0, alloc = 0, i, j;

	for (i = 0; i < set->nr; i++) {
		const char *x = value_of(&set->v[i], key);

		if (!x || !*x || set->v[i].quoted)
			continue;
		for (j = 0; j < nr && strcmp(v[j], x); j++)
			;
		if (j < nr)
			continue;
		ALLOC_GROW(v, nr + 1, alloc);
		v[nr++] = x;
	}
	/* kernels read best in version order; the rest in order of appearance */
	if (nr && !strcmp(key, "kernel"))
		qsort(v, nr, sizeof(*v), kver_cmp_ptr);
	/* values that hold commas themselves (option lists) are told apart by semicolons */
	for (i = 0; i < nr && !strchr(v[i], ','); i++)
		;
	sep = i < nr ? "; " : ", ";
	for (i = 0; i < nr; i++)
		strbuf_addf(out, "%s%s", i ? sep : "", v[i]);
	free(v);
	return nr;
}

double render_parse_size(const char *s)
{
	static const struct { const char *unit; double bytes; } units[] = {
		{ "", 1 }, { "b", 1 }, { "k", 1024 }, { "kb", 1e3 }, { "kib", 1024 },
		{ "m", 1048576 }, { "mb", 1e6 }, { "mib", 1048576 },
		{ "g", 1073741824 }, { "gb", 1e9 }, { "gib", 1073741824 },
		{ "t", 1099511627776.0 }, { "tb", 1e12 }, { "tib", 1099511627776.0 },
	};
	char *end;
	double v;
	size_t i;

	if (!s)
		return -1;
	v = strtod(s, &end);
	if (end == s || v < 0)
		return -1;
	while (*end == ' ')
		end++;
	for (i = 0; i < ARRAY_SIZE(units); i++)
		if (!strcasecmp(end, units[i].unit))
			return v * units[i].bytes;
	return -1;
}

static int is_one_of(const char *v, const char *const *words)
{
	for (; *words; words++)
		if (!strcasecmp(v, *words))
			return 1;
	return 0;
}

static void iterations(struct strbuf *out, const struct recset *set)
{
	struct render_series_set ss = RENDER_SERIES_SET_INIT;
	struct strbuf v = STRBUF_INIT;
	size_t i, lo = 0, hi = 0;

	if (render_fact_values(&v, set, "iterations") == 1 && v.len &&
	    v.buf[strspn(v.buf, "0123456789")] == '\0') {
		if (!strcmp(v.buf, "1"))
			strbuf_addstr(out, "Each test ran once: its noise is unknown.");
		else
			strbuf_addf(out, "Each test ran %s times, every sample kept.", v.buf);
		strbuf_release(&v);
		return;
	}
	strbuf_release(&v);
	render_series_group(&ss, set);
	for (i = 0; i < ss.nr; i++) {
		if (!lo || ss.v[i].n < lo)
			lo = ss.v[i].n;
		if (ss.v[i].n > hi)
			hi = ss.v[i].n;
	}
	render_series_set_release(&ss);
	if (hi <= 1)
		strbuf_addstr(out, "Each number is a single run: its noise is unknown.");
	else if (lo == hi)
		strbuf_addf(out, "Each test ran %zu times, every sample kept.", hi);
	else
		strbuf_addf(out, "Tests ran between %zu and %zu times, every sample kept.", lo, hi);
}

static void caches(struct strbuf *out, const struct recset *set)
{
	static const char *const dropped[] = { "dropped", "drop", "yes", "true", NULL };
	static const char *const kept[] = { "not dropped", "kept", "warm", "no", "false", NULL };
	struct strbuf v = STRBUF_INIT;
	size_t n = render_fact_values(&v, set, "caches");

	if (!n)
		strbuf_addstr(out, " Whether caches were dropped between iterations is not recorded.");
	else if (n == 1 && is_one_of(v.buf, dropped))
		strbuf_addstr(out, " Caches were dropped before each iteration.");
	else if (n == 1 && !strcasecmp(v.buf, "remount"))
		strbuf_addstr(out, " The file system was remounted before each iteration to empty the caches.");
	else if (n == 1 && is_one_of(v.buf, kept))
		strbuf_addstr(out, " Caches were not dropped between iterations (warm caches).");
	else
		strbuf_addf(out, " Caches: %s.", v.buf);
	strbuf_release(&v);
}

static void sync_time(struct strbuf *out, const struct recset *set)
{
	static const char *const yes[] = { "included", "yes", "true", "timed", NULL };
	static const char *const no[] = { "excluded", "not included", "no", "false", NULL };
	struct strbuf v = STRBUF_INIT;
	size_t n = render_fact_values(&v, set, "sync"), i;
	int sync_metric = 0;

	for (i = 0; i < set->nr; i++)
		sync_metric |= set->v[i].metric && !strcmp(set->v[i].metric, "sync");
	if (n == 1 && is_one_of(v.buf, yes) && sync_metric)
		strbuf_addstr(out, " The sync after each step is timed and reported with it (metric sync).");
	else if (n == 1 && is_one_of(v.buf, yes))
		strbuf_addstr(out, " The sync after each step is timed and included in its time.");
	else if (n == 1 && is_one_of(v.buf, no))
		strbuf_addstr(out, " Sync time is not included: dirty data may still have been in memory when timing stopped.");
	else if (n)
		strbuf_addf(out, " Sync: %s.", v.buf);
	else if (sync_metric)
		strbuf_addstr(out, " The sync after each step is timed separately (metric sync).");
	else
		strbuf_addstr(out, " Whether the time to sync is included is not recorded.");
	strbuf_release(&v);
}

static void dataset(struct strbuf *out, const struct recset *set)
{
	struct strbuf d = STRBUF_INIT, m = STRBUF_INIT;
	size_t nd = render_fact_values(&d, set, "unpacked-size"), nm;
	double ds, ms;

	/* benchpost run states the comparison itself */
	if (render_fact_values(&m, set, "dataset-vs-memory") == 1) {
		strbuf_addf(out, " Data set against memory: %s.", m.buf);
		strbuf_release(&m);
		strbuf_release(&d);
		return;
	}
	strbuf_reset(&m);
	if (!nd)
		nd = render_fact_values(&d, set, "dataset");
	nm = render_fact_values(&m, set, "memory");
	ds = nd == 1 ? render_parse_size(d.buf) : -1;
	ms = nm == 1 ? render_parse_size(m.buf) : -1;
	if (ds > 0 && ms > 0 && ds < ms)
		strbuf_addf(out, " The data set (%s) fits in memory (%s): the page cache may have absorbed what the disk did not see.", d.buf, m.buf);
	else if (ds > 0 && ms > 0)
		strbuf_addf(out, " The data set (%s) is larger than memory (%s), so the disk was measured.", d.buf, m.buf);
	else if (nd && nm)
		strbuf_addf(out, " Data set: %s; memory: %s.", d.buf, m.buf);
	else if (nm)
		strbuf_addf(out, " Memory: %s; the data-set size is not recorded.", m.buf);
	else
		strbuf_addstr(out, " The data-set size against memory is not recorded.");
	strbuf_release(&d);
	strbuf_release(&m);
}

static void backing(struct strbuf *out, const struct recset *set)
{
	struct strbuf v = STRBUF_INIT;
	size_t n = render_fact_values(&v, set, "backing");

	if (n == 1)
		strbuf_addf(out, " All file systems sat on the same backing store (%s).", v.buf);
	else if (n > 1)
		strbuf_addf(out, " The file systems sat on different backing stores (%s): compare them with care.", v.buf);
	else if ((n = render_fact_values(&v, set, "device")) == 1)
		strbuf_addf(out, " All results come from one device (%s).", v.buf);
	else if (n > 1)
		strbuf_addf(out, " The results come from different devices (%s): compare file systems with care.", v.buf);
	else
		strbuf_addstr(out, " Whether the file systems shared a backing store is not recorded.");
	strbuf_release(&v);
}

/*
 * The facts benchpost run records (docs/collect.md); an archive without
 * them (imported mail) gets none of these sentences rather than a list
 * of what it does not say.
 */

/* The distinct fact sets of the records, one per run, in order. */
static size_t runs_of(const struct facts ***out, const struct recset *set)
{
	size_t nr = 0, alloc = 0, i, j;

	*out = NULL;
	for (i = 0; i < set->nr; i++) {
		const struct facts *f = set->v[i].facts;

		if (!f || set->v[i].quoted)
			continue;
		for (j = 0; j < nr && (*out)[j] != f; j++)
			;
		if (j == nr) {
			ALLOC_GROW(*out, nr + 1, alloc);
			(*out)[nr++] = f;
		}
	}
	return nr;
}

/* A fact value as it may appear in text for a list: ASCII, no control characters. */
static void add_clean(struct strbuf *out, const char *v)
{
	render_text_clean(out, v, 0);
}

/* " BEFORE<the fact's values>AFTER" when the runs record the fact. */
static void fact_sentence(struct strbuf *out, const struct recset *set, const char *key,
			  const char *before, const char *after)
{
	struct strbuf v = STRBUF_INIT;

	if (render_fact_values(&v, set, key) >= 1) {
		strbuf_addstr(out, before);
		add_clean(out, v.buf);
		strbuf_addstr(out, after);
	}
	strbuf_release(&v);
}

static void sampling(struct strbuf *out, const struct recset *set)
{
	struct strbuf v = STRBUF_INIT;

	fact_sentence(out, set, "sampling", " Iterations: -n auto, a ", ".");
	fact_sentence(out, set, "stopped", " Each test stopped at: ", ".");
	if (render_fact_values(&v, set, "interleave") == 1 && !strcmp(v.buf, "yes"))
		strbuf_addstr(out, " Iterations went round the file systems in turn (A B C, then C B A), so that a drift of the machine fell on every column alike.");
	strbuf_release(&v);
}

/* "generated (seed 1, ...)" and its sizes, or the tarball it came from. */
static int run_dataset(struct strbuf *out, const struct recset *set)
{
	const struct facts **runs;
	size_t n = runs_of(&runs, set);
	const char *origin = n ? facts_get(runs[0], "dataset") : NULL;
	const char *files, *packed, *unpacked, *tarball = n ? facts_get(runs[0], "tarball") : NULL;

	/* benchpost run's own facts; others ("dataset: 1100 MiB") go to dataset() */
	if (!origin || !*origin || !tarball) {
		free(runs);
		return 0;
	}
	files = facts_get(runs[0], "dataset-files");
	packed = facts_get(runs[0], "tarball-size");
	unpacked = facts_get(runs[0], "unpacked-size");
	strbuf_addstr(out, " The data set is ");
	if (!strncmp(origin, "generated", 9)) {
		strbuf_addstr(out, "generated by benchpost");
		add_clean(out, origin + 9);
	} else if (!strcmp(origin, "--tarball")) {
		strbuf_addstr(out, "the tarball given (--tarball)");
	} else {
		add_clean(out, origin);
	}
	strbuf_addstr(out, ", ");
	add_clean(out, tarball);
	/* a generated set's origin has its count already */
	if (files && strncmp(origin, "generated", 9)) {
		strbuf_addstr(out, ", ");
		add_clean(out, files);
		strbuf_addstr(out, " files");
	}
	if (packed && unpacked) {
		strbuf_addstr(out, ", ");
		add_clean(out, packed);
		strbuf_addstr(out, " packed, ");
		add_clean(out, unpacked);
		strbuf_addstr(out, " unpacked");
	}
	strbuf_addch(out, '.');
	free(runs);
	return 1;
}

/* How each file system was made and mounted, as read back, and how big it was. */
static void made(struct strbuf *out, const struct recset *set)
{
	const struct facts **runs;
	size_t n = runs_of(&runs, set), i, said = 0;

	for (i = 0; i < n; i++) {
		const char *mkfs = facts_get(runs[i], "mkfs-command");
		const char *mount = facts_get(runs[i], "mount-options");
		const char *size = facts_get(runs[i], "fs-size");
		const char *fs = facts_get(runs[i], "fs"), *opts = facts_get(runs[i], "options");

		if (!mkfs || !*mkfs)
			continue;
		strbuf_addstr(out, said ? "; " : " Made and mounted as read back from the mounted file system: ");
		add_clean(out, fs ? fs : "?");
		if (opts && *opts) {
			strbuf_addch(out, ':');
			add_clean(out, opts);
		}
		strbuf_addstr(out, " by ");
		add_clean(out, mkfs);
		if (mount) {
			strbuf_addstr(out, ", mounted ");
			add_clean(out, mount);
		}
		if (size) {
			strbuf_addstr(out, ", ");
			add_clean(out, size);
		}
		said++;
	}
	if (said)
		strbuf_addch(out, '.');
	free(runs);
}

static void placement(struct strbuf *out, const struct recset *set)
{
	struct strbuf v = STRBUF_INIT;
	size_t n = render_fact_values(&v, set, "placement");

	if (!n) {
		backing(out, set);
	} else if (n == 1 && !strncmp(v.buf, "held", 4)) {
		strbuf_addstr(out, " Every file system sat on the same blocks: ");
		add_clean(out, v.buf + 6);
		strbuf_addch(out, '.');
	} else if (n == 1 && !strncmp(v.buf, "whatever", 8)) {
		strbuf_addstr(out, " Placement on the disk is whatever the directory gives (--dir).");
	} else {
		strbuf_addstr(out, " Placement on the disk: ");
		add_clean(out, v.buf);
		strbuf_addstr(out, ": compare the file systems with care.");
	}
	strbuf_release(&v);
}

/* The first words of a version line: "dbench version 4.00 - Copyright ..." -> "dbench version 4.00". */
static void short_version(struct strbuf *out, const char *v)
{
	size_t len = strlen(v), cut;

	cut = strcspn(v, "(");
	if (cut > 0 && cut < len && strncmp(v, "tar (", 5))
		len = cut;
	if (strstr(v, " - ") && (size_t)(strstr(v, " - ") - v) < len)
		len = (size_t)(strstr(v, " - ") - v);
	while (len && v[len - 1] == ' ')
		len--;
	{
		char *copy = xstrndup(v, len);

		add_clean(out, copy);
		free(copy);
	}
}

static void machine(struct strbuf *out, const struct recset *set)
{
	static const char *const tools[] = {
		"tar-version", "gzip-version", "fio-version", "dbench-version", "postmark-version",
		"mkfs.ext2-version", "mkfs.ext3-version", "mkfs.ext4-version", "mkfs.xfs-version",
		"mkfs.btrfs-version", "benchpost-version",
	};
	const struct facts **runs;
	size_t n = runs_of(&runs, set), i, k, said = 0;

	fact_sentence(out, set, "scheduler", " I/O scheduler of the disk: ", ".");
	for (k = 0; k < ARRAY_SIZE(tools); k++) {
		const char *t = NULL;

		for (i = 0; i < n && !t; i++)
			t = facts_get(runs[i], tools[k]);
		if (!t || !*t)
			continue;
		strbuf_addstr(out, said ? ", " : " Tools: ");
		if (!strcmp(tools[k], "benchpost-version"))
			strbuf_addstr(out, "benchpost ");
		short_version(out, t);
		said++;
	}
	if (said)
		strbuf_addch(out, '.');
	fact_sentence(out, set, "load-before", " Before the iterations: ", ".");
	fact_sentence(out, set, "other-cpu", " During the run, other processes used ", ".");
	free(runs);
}

/*
 * The "flagged" facts (collect/collect_flags.c): "BENCHMARK: METRICS: WHY
 * (DETAIL)" entries, "; "-separated.  Summed up by reason across runs.
 */
struct flag_reason {
	char *why;
	struct strbuf metrics;
	size_t nr;
};

static void note_flags(struct flag_reason **v, size_t *nr, size_t *alloc, const char *fact,
		       int (*want)(const char *metric))
{
	const char *p = fact;

	while (*p) {
		size_t len = strcspn(p, ";");
		char *entry = xstrndup(p, len);
		char *m = strstr(entry, ": "), *w = m ? strstr(m + 2, ": ") : NULL, *paren;
		size_t k;

		p += len + (p[len] == ';');
		while (*p == ' ')
			p++;
		if (!w) {
			free(entry);
			continue;
		}
		*w = '\0';
		w += 2;
		paren = strstr(w, " (");
		if (paren)
			*paren = '\0';
		for (k = 0; k < *nr && strcmp((*v)[k].why, w); k++)
			;
		if (k == *nr) {
			ALLOC_GROW(*v, *nr + 1, *alloc);
			(*v)[k].why = xstrdup(w);
			strbuf_init(&(*v)[k].metrics, 0);
			(*v)[k].nr = 0;
			(*nr)++;
		}
		for (m += 2; *m;) {
			size_t ml = strcspn(m, ",");
			char *metric = xstrndup(m, ml);
			struct strbuf key = STRBUF_INIT;

			strbuf_addf(&key, ",%s,", metric);
			if ((!want || want(metric)) && !strstr((*v)[k].metrics.buf, key.buf)) {
				if (!(*v)[k].metrics.len)
					strbuf_addch(&(*v)[k].metrics, ',');
				strbuf_addf(&(*v)[k].metrics, "%s,", metric);
				(*v)[k].nr++;
			}
			strbuf_release(&key);
			free(metric);
			m += ml;
			while (*m == ',' || *m == ' ')
				m++;
		}
		free(entry);
	}
}

void render_method_flagged(struct strbuf *out, const struct recset *set,
			   int (*want)(const char *metric))
{
	const struct facts **runs;
	struct flag_reason *v = NULL;
	size_t n = runs_of(&runs, set), nr = 0, alloc = 0, i, said = 0;

	for (i = 0; i < n; i++)
		if (facts_get(runs[i], "flagged"))
			note_flags(&v, &nr, &alloc, facts_get(runs[i], "flagged"), want);
	for (i = 0; i < nr; i++) {
		const char *m = v[i].metrics.buf;
		size_t shown = 0;

		if (!v[i].nr)
			goto next;
		strbuf_addstr(out, said ? " " : "Flagged rates, kept as METRIC-flagged: ");
		while (*m) {
			size_t ml;

			m += *m == ',';
			ml = strcspn(m, ",");
			if (!ml)
				break;
			if (shown == 3 && v[i].nr > 4) {
				strbuf_addf(out, " and %zu more", v[i].nr - 3);
				break;
			}
			strbuf_addstr(out, shown ? ", " : "");
			strbuf_add(out, m, ml);
			shown++;
			m += ml;
		}
		strbuf_addstr(out, ": ");
		add_clean(out, v[i].why);
		strbuf_addch(out, '.');
		said++;
next:
		free(v[i].why);
		strbuf_release(&v[i].metrics);
	}
	free(v);
	free(runs);
}

void render_method(struct strbuf *out, const struct recset *set)
{
	struct strbuf flagged = STRBUF_INIT;

	iterations(out, set);
	sampling(out, set);
	caches(out, set);
	sync_time(out, set);
	if (run_dataset(out, set)) {
		struct strbuf m = STRBUF_INIT;

		if (render_fact_values(&m, set, "dataset-vs-memory") == 1) {
			strbuf_addstr(out, " Against memory: ");
			add_clean(out, m.buf);
			strbuf_addch(out, '.');
		}
		strbuf_release(&m);
	} else {
		dataset(out, set);
	}
	made(out, set);
	placement(out, set);
	machine(out, set);
	render_method_flagged(&flagged, set, NULL);
	if (flagged.len) {
		strbuf_addch(out, ' ');
		strbuf_add(out, flagged.buf, flagged.len);
	}
	strbuf_release(&flagged);
}
