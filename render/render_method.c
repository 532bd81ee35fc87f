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

	if (render_fact_values(&v, set, "iterations") == 1) {
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

void render_method(struct strbuf *out, const struct recset *set)
{
	iterations(out, set);
	caches(out, set);
	sync_time(out, set);
	dataset(out, set);
	backing(out, set);
}

void render_facts(struct strbuf *out, const struct recset *set, size_t width, int utf8)
{
	static const char *const keys[] = {
		"kernel", "hardware", "cpu", "memory", "disk", "rotational", "scheduler",
		"device", "fs", "options", "source", NULL,
	};
	const char *const *k;

	for (k = keys; *k; k++) {
		struct strbuf v = STRBUF_INIT, line = STRBUF_INIT, clean = STRBUF_INIT;

		if (render_fact_values(&v, set, *k)) {
			render_text_clean(&clean, v.buf, utf8);
			strbuf_addf(&line, "%s:", *k);
			strbuf_addchars(&line, ' ', 11 - strlen(*k));
			render_text_wrap(out, clean.buf, width, line.buf, "            ");
		}
		strbuf_release(&v);
		strbuf_release(&line);
		strbuf_release(&clean);
	}
}
