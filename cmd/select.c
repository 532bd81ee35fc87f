#include "select.h"
#include "../archive/archive.h"
#include "../core/bench.h"
#include "../core/error.h"
#include "../core/strbuf.h"

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

/*
 * The archive layer lands in parallel with this one: until it is linked in,
 * selecting from the archive says so instead of failing to link.
 */
#pragma weak archive_open
#pragma weak archive_query
#pragma weak archive_free

static int open_archive(struct select_opts *o)
{
	if (o->opened)
		return 0;
	if (!archive_open || !archive_query)
		return err_set("the archive is not available in this build; give .bench files");
	return archive_open(&o->opened, o->archive, 0);
}

static void fs_only(struct strbuf *out, const char *fs)
{
	const char *colon = fs ? strchr(fs, ':') : NULL;

	if (fs)
		strbuf_add(out, fs, colon ? (size_t)(colon - fs) : strlen(fs));
}

static int query(struct recset *out, struct select_opts *o, const char *kernel,
		 const char *run)
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
		const char *path = facts_get(got.v[i].facts, "run");

		if (run && (!path || strcmp(path, run)))
			continue;
		if (record_selected(&got.v[i], o))
			recset_take(out, &got.v[i]);
	}
done:
	recset_release(&got);
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
	} else if (!strncmp(arg, "runs/", 5)) {
		/* runs/<kernel>/...: the kernel narrows the query to its subtree */
		const char *slash = strchr(arg + 5, '/');
		char *kernel = xstrndup(arg + 5, slash ? (size_t)(slash - arg - 5) : strlen(arg + 5));

		ret = query(out, o, kernel, arg);
		free(kernel);
		if (ret < 0)
			return ret;
	} else if ((ret = query(out, o, arg, NULL)) < 0) {
		return ret;
	}
	if (out->nr == before)
		return err_set("no results for '%s'%s", arg,
			       o->hardware || o->fs || o->benchmark ? " with these filters" : "");
	return 0;
}

int select_archive(struct recset *out, struct select_opts *o)
{
	size_t before = out->nr;
	int ret = query(out, o, o->kernel, NULL);

	if (!ret && out->nr == before)
		return err_set("no results in the archive match");
	return ret;
}

void select_release(struct select_opts *o)
{
	if (o->opened && archive_free)
		archive_free(o->opened);
	o->opened = NULL;
}

static int distinct(struct strbuf *list, const struct recset *set, int fs)
{
	struct strbuf one = STRBUF_INIT;
	size_t i;
	int n = 0;

	for (i = 0; i < set->nr; i++) {
		const struct record *r = &set->v[i];
		const char *p;
		size_t len;
		int seen = 0;

		if (r->quoted)
			continue;
		strbuf_reset(&one);
		if (fs)
			strbuf_addf(&one, "%s%s%s", r->fs ? r->fs : "?",
				    r->options && *r->options ? ":" : "",
				    r->options ? r->options : "");
		else
			strbuf_addstr(&one, r->hardware ? r->hardware : "?");
		/* the list is "a, b, c": look for the whole entry */
		for (p = list->buf; (p = strstr(p, one.buf)); p++) {
			len = one.len;
			if ((p == list->buf || p[-1] == ' ') && (!p[len] || !strncmp(p + len, ", ", 2))) {
				seen = 1;
				break;
			}
		}
		if (seen)
			continue;
		if (list->len)
			strbuf_addstr(list, ", ");
		strbuf_addstr(list, one.buf);
		n++;
	}
	strbuf_release(&one);
	return n;
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
