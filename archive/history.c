#include "internal.h"
#include "../core/error.h"
#include "../core/strbuf.h"

#include <stdlib.h>
#include <string.h>

/*
 * Which commit added each run.  Runs are never changed once written, so a
 * run belongs to the one commit that has it while none of its parents do.
 * The walk compares only the smallest subtree holding every run asked for
 * (runs/<kernel>/ for one kernel), and skips a commit at once when that
 * subtree is the same object as in a parent.
 */
struct wanted {
	const char *path;
	struct archive_entry *e;
};

static int cmp_wanted(const void *a, const void *b)
{
	return strcmp(((const struct wanted *)a)->path, ((const struct wanted *)b)->path);
}

/* The deepest directory holding every path. */
static char *common_dir(const struct wanted *want, size_t nr)
{
	size_t i, len = strlen(want[0].path);

	for (i = 1; i < nr; i++) {
		size_t n = 0;

		while (n < len && want[i].path[n] == want[0].path[n])
			n++;
		len = n;
	}
	while (len && want[0].path[len] != '/')
		len--;
	return xstrndup(want[0].path, len);
}

/* The subtree at dir in commit c, or NULL when it has none. */
static int subtree(git_tree **out, git_commit *c, const char *dir)
{
	git_tree *root = NULL;
	git_tree_entry *e = NULL;
	int ret;

	*out = NULL;
	if ((ret = git_commit_tree(&root, c)) < 0)
		return ret;
	if (!*dir) {
		*out = root;
		return 0;
	}
	ret = git_tree_entry_bypath(&e, root, dir);
	if (!ret && git_tree_entry_type(e) == GIT_OBJECT_TREE)
		ret = git_tree_lookup(out, git_commit_owner(c), git_tree_entry_id(e));
	else if (ret == GIT_ENOTFOUND || !ret)
		ret = 0;
	git_tree_entry_free(e);
	git_tree_free(root);
	return ret;
}

/*
 * The files under to that from lacks, as "dir/path".  Not git_diff: it
 * builds a delta per path and compared every entry of runs/ (one per
 * kernel) for each commit of a catch-up walk; here a subtree whose id is
 * unchanged is skipped after one lookup by name.
 */
static int collect_added(struct archive_paths *out, git_repository *repo, git_tree *from,
			 git_tree *to, const char *dir)
{
	struct strbuf path = STRBUF_INIT;
	size_t i, n = git_tree_entrycount(to);
	int ret = 0;

	for (i = 0; i < n && !ret; i++) {
		const git_tree_entry *e = git_tree_entry_byindex(to, i);
		const git_tree_entry *old = from ? git_tree_entry_byname(from, git_tree_entry_name(e)) : NULL;
		git_object_t type = git_tree_entry_type(e);
		git_tree *sub = NULL, *old_sub = NULL;

		if (old && git_tree_entry_type(old) != type)
			old = NULL;
		if (old && git_oid_equal(git_tree_entry_id(old), git_tree_entry_id(e)))
			continue;
		strbuf_reset(&path);
		if (*dir)
			strbuf_addf(&path, "%s/", dir);
		strbuf_addstr(&path, git_tree_entry_name(e));
		if (type == GIT_OBJECT_BLOB) {
			if (!old) {
				ALLOC_GROW(out->v, out->nr + 1, out->alloc);
				out->v[out->nr++] = xstrdup(path.buf);
			}
			continue;
		}
		if (type != GIT_OBJECT_TREE)
			continue;
		if ((ret = git_tree_lookup(&sub, repo, git_tree_entry_id(e))) < 0 ||
		    (old && (ret = git_tree_lookup(&old_sub, repo, git_tree_entry_id(old))) < 0)) {
			git_tree_free(sub);
			break;
		}
		ret = collect_added(out, repo, old_sub, sub, path.buf);
		git_tree_free(sub);
		git_tree_free(old_sub);
	}
	strbuf_release(&path);
	return ret;
}

void archive_paths_release(struct archive_paths *a)
{
	size_t i;

	for (i = 0; i < a->nr; i++)
		free(a->v[i]);
	free(a->v);
	memset(a, 0, sizeof(*a));
}

static int in_added(const struct archive_paths *a, const char *path)
{
	size_t i;

	for (i = 0; i < a->nr; i++)
		if (!strcmp(a->v[i], path))
			return 1;
	return 0;
}

int archive_commit_added(struct archive_paths *out, git_repository *repo, git_commit *c,
			 const char *dir)
{
	git_tree *mine = NULL;
	struct archive_paths first = { 0 };
	unsigned p, parents = git_commit_parentcount(c);
	int ret;

	if ((ret = subtree(&mine, c, dir)) < 0 || !mine)
		goto done;
	for (p = 0; p < parents || (p == 0 && parents == 0); p++) {
		git_commit *parent = NULL;
		git_tree *theirs = NULL;
		struct archive_paths more = { 0 };
		size_t i, kept = 0;

		if (parents) {
			if ((ret = git_commit_parent(&parent, c, p)) < 0 ||
			    (ret = subtree(&theirs, parent, dir)) < 0) {
				git_commit_free(parent);
				goto done;
			}
			git_commit_free(parent);
			if (theirs && git_oid_equal(git_tree_id(theirs), git_tree_id(mine))) {
				git_tree_free(theirs);
				archive_paths_release(&first);
				goto done; /* nothing new relative to this parent */
			}
		}
		ret = collect_added(p == 0 ? &first : &more, repo, theirs, mine, dir);
		git_tree_free(theirs);
		if (ret < 0)
			goto done;
		if (p == 0)
			continue;
		for (i = 0; i < first.nr; i++) {
			if (in_added(&more, first.v[i]))
				first.v[kept++] = first.v[i];
			else
				free(first.v[i]);
		}
		first.nr = kept;
		archive_paths_release(&more);
	}
	for (p = 0; p < first.nr; p++) {
		ALLOC_GROW(out->v, out->nr + 1, out->alloc);
		out->v[out->nr++] = first.v[p];
	}
	first.nr = 0;
done:
	archive_paths_release(&first);
	git_tree_free(mine);
	return ret;
}

/* Marks the wanted runs c added under dir. */
static int attribute_commit(git_repository *repo, git_commit *c, const char *dir,
			    struct wanted *want, size_t nr, size_t *left)
{
	struct archive_paths added = { 0 };
	size_t i;
	int ret;

	if ((ret = archive_commit_added(&added, repo, c, dir)) < 0)
		goto done;
	for (i = 0; i < added.nr; i++) {
		struct wanted key = { added.v[i], NULL }, *w;

		w = bsearch(&key, want, nr, sizeof(*want), cmp_wanted);
		if (!w || w->e->commit)
			continue;
		w->e->commit = xstrdup(git_oid_tostr_s(git_commit_id(c)));
		w->e->committed = git_commit_time(c);
		(*left)--;
	}
done:
	archive_paths_release(&added);
	return ret;
}

static void label_records(struct archive_entry *e)
{
	size_t i;

	if (!e->when)
		e->when = e->committed;
	for (i = 0; i < e->records.nr; i++) {
		struct facts *f = e->records.v[i].facts;

		if (!f)
			f = e->records.v[i].facts = facts_new();
		facts_set(f, "run", e->path);
		facts_set(f, "commit", e->commit);
	}
}

/* Keeps what the walk found, so that the next reader need not walk. */
static void save_found(struct archive *a, const struct wanted *want, size_t nr)
{
	struct archive_added *found = xcalloc(nr, sizeof(*found));
	size_t i, n = 0;

	for (i = 0; i < nr; i++) {
		if (!want[i].e->commit || git_oid_fromstr(&found[n].commit, want[i].e->commit))
			continue;
		found[n].path = want[i].path;
		found[n++].when = want[i].e->committed;
	}
	archive_added_save(a, found, n);
	free(found);
}

int archive_attribute(struct archive *a, struct archive_list *list)
{
	struct wanted *want = NULL;
	git_revwalk *walk = NULL;
	git_commit *c = NULL;
	char *dir = NULL;
	size_t i, nr = 0, left = list->nr, walked;
	git_oid id;
	int ret = 0;

	if (!list->nr)
		return 0;
	archive_added_lookup(a, list, &left);
	/* Lines missing: record every commit not recorded yet, then look again. */
	if (left && !archive_added_catch_up(a, &walked) && walked)
		archive_added_lookup(a, list, &left);
	if (!left)
		goto done;
	want = xcalloc(left, sizeof(*want));
	for (i = 0; i < list->nr; i++) {
		if (list->v[i].commit)
			continue;
		want[nr].path = list->v[i].path;
		want[nr++].e = &list->v[i];
	}
	qsort(want, nr, sizeof(*want), cmp_wanted);
	dir = common_dir(want, nr);
	if ((ret = git_revwalk_new(&walk, a->repo)) < 0 ||
	    (ret = git_revwalk_push_head(walk)) < 0)
		goto done;
	git_revwalk_sorting(walk, GIT_SORT_TOPOLOGICAL | GIT_SORT_TIME);
	while (left && !(ret = git_revwalk_next(&id, walk))) {
		if ((ret = git_commit_lookup(&c, a->repo, &id)) < 0)
			break;
		ret = attribute_commit(a->repo, c, dir, want, nr, &left);
		git_commit_free(c);
		if (ret < 0)
			break;
	}
	if (ret == GIT_ITEROVER)
		ret = 0;
	if (!ret)
		save_found(a, want, nr);
done:
	if (ret < 0)
		ret = archive_git_error(ret, "cannot walk the archive's history");
	for (i = 0; !ret && i < list->nr; i++) {
		if (!list->v[i].commit)
			list->v[i].commit = xstrdup("unknown");
		label_records(&list->v[i]);
	}
	git_revwalk_free(walk);
	free(dir);
	free(want);
	return ret;
}
