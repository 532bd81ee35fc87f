#include "internal.h"
#include "../core/bench.h"
#include "../core/error.h"
#include "../core/kver.h"
#include "../core/strbuf.h"

#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

struct scan {
	struct archive *a;
	const struct archive_filter *filter;
	int exact_only;
	struct archive_list *out;
};

/*
 * Whether a directory named by archive_key() can hold values the pattern
 * matches; it must never say no wrongly, since the file's own values decide.
 */
static int dir_may_match(const char *pattern, const char *dir, int exact_only)
{
	struct strbuf key = STRBUF_INIT;
	size_t dir_len = strlen(dir);
	const char *p;
	int ok;

	if (!pattern || !*pattern || strchr(pattern, '[') || dir_len >= ARCHIVE_KEY_MAX)
		return 1;
	if (archive_is_glob(pattern)) {
		for (p = pattern; *p; p++) {
			char one[2] = { *p, 0 }, *k;

			if (*p == '*' || *p == '?') {
				strbuf_addch(&key, *p);
				continue;
			}
			k = archive_key(one);
			strbuf_addstr(&key, p == pattern ? k : (*p == '.' ? "." : k));
			free(k);
		}
		ok = fnmatch(key.buf, dir, 0) == 0;
	} else {
		char *k = archive_key(pattern);

		strbuf_addstr(&key, k);
		free(k);
		ok = exact_only ? !strcmp(key.buf, dir) : !strncmp(key.buf, dir, key.len);
	}
	strbuf_release(&key);
	return ok;
}

static int record_matches(const struct archive_filter *f, const struct record *r, int exact)
{
	return archive_match(f->kernel, r->kernel, exact) &&
	       archive_match(f->hardware, r->hardware, exact) &&
	       archive_match(f->fs, r->fs, exact) &&
	       archive_match(f->benchmark, r->benchmark, exact);
}

static time_t parse_date(const char *s)
{
	struct tm tm;
	const char *end;

	if (!s)
		return 0;
	memset(&tm, 0, sizeof(tm));
	end = strptime(s, "%Y-%m-%dT%H:%M:%SZ", &tm);
	return end && !*end ? timegm(&tm) : 0;
}

void archive_entry_describe(struct archive_entry *e)
{
	const struct recset *set = &e->records;
	size_t i;

	for (i = 0; i < set->nr; i++) {
		const struct record *r = &set->v[i];

		if (!e->kernel && r->kernel)
			e->kernel = xstrdup(r->kernel);
		if (!e->hardware && r->hardware)
			e->hardware = xstrdup(r->hardware);
		if (!e->fs && r->fs)
			e->fs = xstrdup(r->fs);
		if (!e->suite && facts_get(r->facts, "suite"))
			e->suite = xstrdup(facts_get(r->facts, "suite"));
		if (!e->when)
			e->when = parse_date(facts_get(r->facts, "date"));
	}
}

/* Parses one run file; keeps it when any record matches. */
static int scan_blob(struct scan *s, const char *path, const git_oid *id)
{
	struct recset all = RECSET_INIT;
	struct archive_entry *e;
	git_blob *blob = NULL;
	size_t i;
	int ret;

	if ((ret = git_blob_lookup(&blob, s->a->repo, id)) < 0)
		return archive_git_error(ret, "cannot read '%s'", path);
	ret = bench_parse(&all, git_blob_rawcontent(blob), git_blob_rawsize(blob), path);
	git_blob_free(blob);
	if (ret < 0)
		return ret;
	ALLOC_GROW(s->out->v, s->out->nr + 1, s->out->alloc);
	e = &s->out->v[s->out->nr];
	memset(e, 0, sizeof(*e));
	e->records = all;
	archive_entry_describe(e);
	memset(&e->records, 0, sizeof(e->records));
	for (i = 0; i < all.nr; i++)
		if (record_matches(s->filter, &all.v[i], s->exact_only))
			recset_take(&e->records, &all.v[i]);
	recset_release(&all);
	if (!e->records.nr) {
		free(e->kernel);
		free(e->hardware);
		free(e->fs);
		free(e->suite);
		return 0;
	}
	e->path = xstrdup(path);
	s->out->nr++;
	return 0;
}

static int lookup_subtree(git_tree **out, git_repository *repo, git_tree *tree, const char *name)
{
	const git_tree_entry *e = git_tree_entry_byname(tree, name);

	*out = NULL;
	if (!e || git_tree_entry_type(e) != GIT_OBJECT_TREE)
		return 0;
	return git_tree_lookup(out, repo, git_tree_entry_id(e));
}

static int scan_hardware(struct scan *s, git_tree *tree, const char *dir)
{
	struct strbuf path = STRBUF_INIT;
	size_t i;
	int ret = 0;

	for (i = 0; i < git_tree_entrycount(tree) && !ret; i++) {
		const git_tree_entry *e = git_tree_entry_byindex(tree, i);
		const char *name = git_tree_entry_name(e);
		size_t len = strlen(name);

		strbuf_reset(&path);
		strbuf_addf(&path, "%s/%s", dir, name);
		if ((ret = archive_check_entry(e, path.buf)) < 0)
			break;
		if (git_tree_entry_type(e) != GIT_OBJECT_BLOB || len < 6 ||
		    strcmp(name + len - 6, ".bench"))
			continue;
		ret = scan_blob(s, path.buf, git_tree_entry_id(e));
	}
	strbuf_release(&path);
	return ret;
}

/* Descends runs/<kernel>/<hardware>/ only where the filter can match. */
static int scan_level(struct scan *s, git_tree *tree, const char *dir, int depth)
{
	struct strbuf path = STRBUF_INIT;
	const char *pattern = depth == 0 ? s->filter->kernel : s->filter->hardware;
	size_t i;
	int ret = 0;

	for (i = 0; i < git_tree_entrycount(tree) && !ret; i++) {
		const git_tree_entry *e = git_tree_entry_byindex(tree, i);
		const char *name = git_tree_entry_name(e);
		git_tree *sub = NULL;

		strbuf_reset(&path);
		strbuf_addf(&path, "%s/%s", dir, name);
		if ((ret = archive_check_entry(e, path.buf)) < 0)
			break;
		if (git_tree_entry_type(e) != GIT_OBJECT_TREE ||
		    !dir_may_match(pattern, name, s->exact_only))
			continue;
		if ((ret = git_tree_lookup(&sub, s->a->repo, git_tree_entry_id(e))) < 0) {
			ret = archive_git_error(ret, "cannot read '%s'", path.buf);
			break;
		}
		ret = depth == 0 ? scan_level(s, sub, path.buf, 1) : scan_hardware(s, sub, path.buf);
		git_tree_free(sub);
	}
	strbuf_release(&path);
	return ret;
}

static int scan_runs(struct scan *s)
{
	git_commit *head = NULL;
	git_tree *root = NULL, *runs = NULL;
	int ret;

	if ((ret = archive_head_commit(&head, s->a)) < 0 || !head)
		goto done;
	if ((ret = git_commit_tree(&root, head)) < 0 ||
	    (ret = lookup_subtree(&runs, s->a->repo, root, "runs")) < 0) {
		ret = archive_git_error(ret, "cannot read the archive's tree");
		goto done;
	}
	if (!runs && git_tree_entry_byname(root, "runs") &&
	    (ret = archive_check_entry(git_tree_entry_byname(root, "runs"), "runs")) < 0)
		goto done;
	if (runs)
		ret = scan_level(s, runs, "runs", 0);
done:
	git_tree_free(runs);
	git_tree_free(root);
	git_commit_free(head);
	return ret;
}

static void entry_release(struct archive_entry *e)
{
	free(e->path);
	free(e->commit);
	free(e->kernel);
	free(e->hardware);
	free(e->fs);
	free(e->suite);
	recset_release(&e->records);
}

void archive_list_release(struct archive_list *list)
{
	size_t i;

	for (i = 0; i < list->nr; i++)
		entry_release(&list->v[i]);
	free(list->v);
	list->v = NULL;
	list->nr = list->alloc = 0;
}

/* With prefix matching, a field that some run matches exactly keeps only those. */
static void prefer_exact(struct archive_list *list, const char *pattern, size_t offset)
{
	size_t i, j, k, kept = 0;
	int any = 0;

	if (!pattern || archive_is_glob(pattern))
		return;
	for (i = 0; i < list->nr && !any; i++)
		for (j = 0; j < list->v[i].records.nr && !any; j++)
			any = archive_match(pattern,
					    *(char **)((char *)&list->v[i].records.v[j] + offset), 1);
	if (!any)
		return;
	for (i = 0; i < list->nr; i++) {
		struct archive_entry *e = &list->v[i];
		struct recset keep = RECSET_INIT;

		for (k = 0; k < e->records.nr; k++)
			if (archive_match(pattern, *(char **)((char *)&e->records.v[k] + offset), 1))
				recset_take(&keep, &e->records.v[k]);
		recset_release(&e->records);
		e->records = keep;
		if (keep.nr)
			list->v[kept++] = *e;
		else
			entry_release(e);
	}
	list->nr = kept;
}

static int cmp_newest(const void *pa, const void *pb)
{
	const struct archive_entry *a = pa, *b = pb;

	if (a->when != b->when)
		return a->when < b->when ? 1 : -1;
	if (a->committed != b->committed)
		return a->committed < b->committed ? 1 : -1;
	return strcmp(b->path, a->path);
}

static int cmp_version(const void *pa, const void *pb)
{
	const struct archive_entry *a = pa, *b = pb;
	int c = kver_cmp(a->kernel, b->kernel);

	return c ? c : cmp_newest(pa, pb);
}

void archive_list_sort_version(struct archive_list *list)
{
	if (list->nr)
		qsort(list->v, list->nr, sizeof(*list->v), cmp_version);
}

int archive_list_runs(struct archive *a, const struct archive_filter *filter,
		      struct archive_list *out)
{
	static const struct archive_filter everything;
	struct archive_list found = ARCHIVE_LIST_INIT;
	struct scan s = { a, filter ? filter : &everything, 1, &found };
	size_t old_nr;
	int ret;

	/* Exact first: it reads the fewest subtrees, and is what was meant when it exists. */
	ret = scan_runs(&s);
	if (!ret && !found.nr) {
		s.exact_only = 0;
		ret = scan_runs(&s);
		prefer_exact(&found, s.filter->kernel, offsetof(struct record, kernel));
		prefer_exact(&found, s.filter->hardware, offsetof(struct record, hardware));
		prefer_exact(&found, s.filter->fs, offsetof(struct record, fs));
		prefer_exact(&found, s.filter->benchmark, offsetof(struct record, benchmark));
	}
	old_nr = out->nr;
	if ((ret = archive_list_finish(a, &found, ret, out)) < 0)
		return ret;
	if (out->nr > old_nr)
		qsort(out->v + old_nr, out->nr - old_nr, sizeof(*out->v), cmp_newest);
	return 0;
}

int archive_list_finish(struct archive *a, struct archive_list *found, int ret,
			struct archive_list *out)
{
	if (!ret)
		ret = archive_attribute(a, found);
	if (ret < 0) {
		archive_list_release(found);
		return ret;
	}
	ALLOC_GROW(out->v, out->nr + found->nr, out->alloc);
	if (found->nr)
		memcpy(out->v + out->nr, found->v, found->nr * sizeof(*found->v));
	out->nr += found->nr;
	free(found->v);
	return 0;
}

int archive_query(struct archive *a, const struct archive_filter *filter, struct recset *out)
{
	struct archive_list list = ARCHIVE_LIST_INIT;
	size_t i, j;
	int ret;

	if ((ret = archive_list_runs(a, filter, &list)) < 0)
		return ret;
	for (i = 0; i < list.nr; i++)
		for (j = 0; j < list.v[i].records.nr; j++)
			recset_take(out, &list.v[i].records.v[j]);
	archive_list_release(&list);
	return 0;
}
