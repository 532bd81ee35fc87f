#include "select.h"
#include "../archive/archive.h"
#include "../core/bench.h"
#include "../core/error.h"
#include "../core/strbuf.h"
#include "../render/render_series.h"

#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static int matches(const char *pattern, const char *value)
{
	size_t len;

	if (!pattern)
		return 1;
	if (!value)
		return 0;
	len = strlen(pattern);
	/* exact, prefix or glob: the rules of the archive's own filters */
	return !strcmp(pattern, value) || !fnmatch(pattern, value, 0) ||
	       (len && !strncmp(pattern, value, len) && strchr(".-_+", value[len]));
}

static int fs_matches(const char *pattern, const struct record *r)
{
	struct strbuf full = STRBUF_INIT;
	int ok;

	if (!pattern)
		return 1;
	if (matches(pattern, r->fs))
		return 1;
	strbuf_addf(&full, "%s:%s", r->fs ? r->fs : "", r->options ? r->options : "");
	ok = !strcmp(pattern, full.buf) || !fnmatch(pattern, full.buf, 0);
	strbuf_release(&full);
	return ok;
}

static int record_selected(const struct record *r, const struct select_opts *o)
{
	return matches(o->kernel, r->kernel) && matches(o->hardware, r->hardware) &&
	       fs_matches(o->fs, r) && matches(o->benchmark, r->benchmark);
}

void select_filter(struct recset *set, const struct select_opts *o)
{
	size_t i, kept = 0;

	for (i = 0; i < set->nr; i++) {
		if (record_selected(&set->v[i], o)) {
			if (kept != i)
				set->v[kept] = set->v[i];
			kept++;
		} else {
			record_release(&set->v[i]);
		}
	}
	set->nr = kept;
}

static int open_archive(struct select_opts *o)
{
	if (o->opened)
		return 0;
	return archive_open(&o->opened, o->archive, 0);
}

static void fs_only(struct strbuf *out, const char *fs)
{
	const char *colon = fs ? strchr(fs, ':') : NULL;

	if (fs)
		strbuf_add(out, fs, colon ? (size_t)(colon - fs) : strlen(fs));
}

static int query(struct recset *out, struct select_opts *o, const char *kernel)
{
	struct archive_filter f = { kernel, o->hardware, NULL, o->benchmark };
	struct recset got = RECSET_INIT;
	struct strbuf fs = STRBUF_INIT;
	size_t i;
	int ret;

	if ((ret = open_archive(o)) < 0)
		return ret;
	fs_only(&fs, o->fs);
	f.fs = fs.len ? fs.buf : NULL;
	ret = archive_query(o->opened, &f, &got);
	strbuf_release(&fs);
	if (ret < 0)
		goto done;
	for (i = 0; i < got.nr; i++) {
		if (record_selected(&got.v[i], o))
			recset_take(out, &got.v[i]);
	}
done:
	recset_release(&got);
	return ret;
}

/* A run: its path, a unique prefix of its file name, or the commit that added it. */
static int resolve_run(struct recset *out, struct select_opts *o, const char *arg)
{
	struct archive_list list = ARCHIVE_LIST_INIT;
	char **paths = NULL;
	size_t n = 0, i, j;
	int ret;

	if ((ret = open_archive(o)) < 0)
		return ret;
	ret = archive_resolve(o->opened, arg, &paths, &n);
	if (ret == BP_EAMBIGUOUS) {
		struct strbuf list_text = STRBUF_INIT;

		for (i = 0; i < n; i++)
			strbuf_addf(&list_text, "%s%s", i ? ", " : "", paths[i]);
		ret = err_set("run '%s' is ambiguous, it names: %s", arg, list_text.buf);
		ret = BP_EAMBIGUOUS;
		strbuf_release(&list_text);
	}
	if (!ret && !(ret = archive_read_runs(o->opened, paths, n, &list)))
		for (i = 0; i < list.nr; i++)
			for (j = 0; j < list.v[i].records.nr; j++)
				if (record_selected(&list.v[i].records.v[j], o))
					recset_add(out, &list.v[i].records.v[j]);
	for (i = 0; i < n; i++)
		free(paths[i]);
	free(paths);
	archive_list_release(&list);
	return ret;
}

int select_arg(struct recset *out, struct select_opts *o, const char *arg)
{
	struct recset got = RECSET_INIT;
	struct stat st;
	size_t before = out->nr, i;
	int ret;

	if (!stat(arg, &st) && S_ISREG(st.st_mode)) {
		if ((ret = bench_read_file(&got, arg)) < 0)
			return ret;
		select_filter(&got, o);
		for (i = 0; i < got.nr; i++)
			recset_take(out, &got.v[i]);
		recset_release(&got);
	} else if (strchr(arg, '/')) {
		if ((ret = resolve_run(out, o, arg)) < 0)
			return ret;
	} else if ((ret = query(out, o, arg)) < 0) {
		return ret;
	} else if (out->nr == before) {
		/* not a kernel: perhaps a run's name or commit */
		ret = resolve_run(out, o, arg);
		if (ret == BP_EAMBIGUOUS)
			return ret;
		err_clear();
	}
	if (out->nr == before)
		return err_set("no results for '%s'%s", arg,
			       o->hardware || o->fs || o->benchmark ? " with these filters" : "");
	return 0;
}

int select_archive(struct recset *out, struct select_opts *o)
{
	size_t before = out->nr;
	int ret = query(out, o, o->kernel);

	if (!ret && out->nr == before)
		return err_set("no results in the archive match");
	return ret;
}

void select_release(struct select_opts *o)
{
	if (o->opened)
		archive_free(o->opened);
	o->opened = NULL;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The distinct hardware keys (or fs configurations) as "a, b, c", sorted. */
static int distinct(struct strbuf *list, const struct recset *set, int fs)
{
	char **v = NULL;
	size_t nr = 0, alloc = 0, i, j;

	for (i = 0; i < set->nr; i++) {
		const struct record *r = &set->v[i];
		struct strbuf one = STRBUF_INIT;

		if (r->quoted)
			continue;
		if (fs)
			render_config_name(&one, r);
		else
			strbuf_addstr(&one, r->hardware ? r->hardware : "?");
		for (j = 0; j < nr && strcmp(v[j], one.buf); j++)
			;
		if (j < nr) {
			strbuf_release(&one);
			continue;
		}
		ALLOC_GROW(v, nr + 1, alloc);
		v[nr++] = strbuf_detach(&one, NULL);
	}
	qsort(v, nr, sizeof(*v), cmp_str);
	for (i = 0; i < nr; i++) {
		strbuf_addf(list, "%s%s", i ? ", " : "", v[i]);
		free(v[i]);
	}
	free(v);
	return (int)nr;
}

int select_check_single(const struct recset *set, const char *what)
{
	struct strbuf list = STRBUF_INIT;
	int ret = 0;

	if (distinct(&list, set, 0) > 1)
		ret = err_set("%s: several hardware keys, choose one with --hardware: %s",
			      what, list.buf);
	strbuf_reset(&list);
	if (!ret && distinct(&list, set, 1) > 1)
		ret = err_set("%s: several file systems, choose one with --fs: %s", what, list.buf);
	strbuf_release(&list);
	return ret ? BP_EAMBIGUOUS : 0;
}
