#include "internal.h"
#include "../core/error.h"
#include "../core/strbuf.h"

#include <stdlib.h>
#include <string.h>

/*
 * Merging a pulled history.  Every run is its own file, named by its
 * content (commit.c), so two archives' histories merge without conflicts.
 * A path both sides changed differently (a run edited by hand, or archives
 * written before run names carried their content's hash) is never merged
 * line by line: a union merge collapsed the identical sample lines of two
 * different runs and could leave records under the other run's settings.
 * Both versions are kept, ours at the path and theirs beside it, and the
 * pull reports them.  Hardware details edited on both sides keep both
 * texts (the union of their lines): they describe the one machine.
 */

/* One path both sides changed, as the index holds it: stage 1, 2 and 3. */
struct conflict {
	char *path;
	git_index_entry side[3];   /* ancestor, ours, theirs */
	int has[3];
};

struct conflicts {
	struct conflict *v;
	size_t nr, alloc;
};

static void conflicts_release(struct conflicts *c)
{
	size_t i;

	for (i = 0; i < c->nr; i++)
		free(c->v[i].path);
	free(c->v);
}

static int list_conflicts(struct conflicts *out, git_index *index)
{
	git_index_conflict_iterator *it = NULL;
	const git_index_entry *e[3];
	int ret, k;

	if ((ret = git_index_conflict_iterator_new(&it, index)) < 0)
		return ret;
	while (!(ret = git_index_conflict_next(&e[0], &e[1], &e[2], it))) {
		struct conflict *c;

		ALLOC_GROW(out->v, out->nr + 1, out->alloc);
		c = &out->v[out->nr++];
		memset(c, 0, sizeof(*c));
		for (k = 0; k < 3; k++) {
			if (!e[k])
				continue;
			c->side[k] = *e[k];
			c->has[k] = 1;
			if (!c->path)
				c->path = xstrdup(e[k]->path);
		}
		for (k = 0; k < 3; k++)
			c->side[k].path = c->path;
	}
	git_index_conflict_iterator_free(it);
	return ret == GIT_ITEROVER ? 0 : ret;
}

static int add_resolved(git_index *index, const git_index_entry *from, const char *path,
			const git_oid *id)
{
	git_index_entry e = *from;

	e.path = path;
	e.flags = 0;   /* stage 0: resolved */
	e.flags_extended = 0;
	if (id)
		e.id = *id;
	return git_index_add(index, &e);
}

/* Hardware details: one text with the lines of both. */
static int union_text(git_index *index, git_repository *repo, const struct conflict *c)
{
	git_merge_file_options opts;
	git_merge_file_result res;
	git_oid id;
	int ret;

	git_merge_file_options_init(&opts, GIT_MERGE_FILE_OPTIONS_VERSION);
	opts.favor = GIT_MERGE_FILE_FAVOR_UNION;
	memset(&res, 0, sizeof(res));
	if ((ret = git_merge_file_from_index(&res, repo, c->has[0] ? &c->side[0] : NULL,
					     &c->side[1], &c->side[2], &opts)) < 0)
		return ret;
	if (!(ret = git_blob_create_from_buffer(&id, repo, res.ptr, res.len)))
		ret = add_resolved(index, &c->side[1], c->path, &id);
	git_merge_file_result_free(&res);
	return ret;
}

/* runs/k/h/name.bench -> runs/k/h/name-<their hash>.bench (then .2, ...), not yet taken. */
static char *beside(git_index *index, const char *path, const git_oid *theirs, int *same)
{
	struct strbuf stem = STRBUF_INIT, alt = STRBUF_INIT;
	size_t len = strlen(path);
	int n;

	*same = 0;
	if (len > 6 && !strcmp(path + len - 6, ".bench"))
		len -= 6;
	strbuf_add(&stem, path, len);
	strbuf_addf(&stem, "-%.8s", git_oid_tostr_s(theirs));
	strbuf_addf(&alt, "%s.bench", stem.buf);
	for (n = 2; ; n++) {
		const git_index_entry *e = git_index_get_bypath(index, alt.buf, 0);

		if (!e)
			break;
		if (git_oid_equal(&e->id, theirs)) {
			*same = 1; /* their version is there already */
			break;
		}
		strbuf_reset(&alt);
		strbuf_addf(&alt, "%s.%d.bench", stem.buf, n);
	}
	strbuf_release(&stem);
	return strbuf_detach(&alt, NULL);
}

static int keep_both(git_index *index, const struct conflict *c, struct archive_paths *kept)
{
	char *alt;
	int ret, same;

	if (!c->has[1] || !c->has[2]) {
		/* changed on one side, removed on the other: the changed run stays */
		return add_resolved(index, &c->side[c->has[1] ? 1 : 2], c->path, NULL);
	}
	if ((ret = add_resolved(index, &c->side[1], c->path, NULL)) < 0)
		return ret;
	alt = beside(index, c->path, &c->side[2].id, &same);
	if (!same)
		ret = add_resolved(index, &c->side[2], alt, NULL);
	ALLOC_GROW(kept->v, kept->nr + 2, kept->alloc);
	kept->v[kept->nr++] = xstrdup(c->path);
	kept->v[kept->nr++] = alt;
	return ret;
}

static int resolve(git_index *index, git_repository *repo, const struct conflicts *all,
		   const char *from, struct archive_paths *kept)
{
	size_t i;
	int ret = 0;

	for (i = 0; i < all->nr && !ret; i++) {
		const struct conflict *c = &all->v[i];

		if ((ret = git_index_conflict_remove(index, c->path)) < 0)
			break;
		if (!strncmp(c->path, "runs/", 5))
			ret = keep_both(index, c, kept);
		else if (!strncmp(c->path, "hardware/", 9) && c->has[1] && c->has[2])
			ret = union_text(index, repo, c);
		else if (!strncmp(c->path, "hardware/", 9))
			ret = add_resolved(index, &c->side[c->has[1] ? 1 : 2], c->path, NULL);
		else
			return err_set("'%s' from '%s' and this archive's differ; benchpost merges"
				       " only runs/ and hardware/ (merge it with git)", c->path, from);
		if (ret < 0)
			return archive_git_error(ret, "cannot merge '%s' from '%s'", c->path, from);
	}
	return ret;
}

int archive_merge(git_oid *out, struct archive *a, git_commit *ours, git_commit *theirs,
		  const char *from, struct archive_paths *kept)
{
	git_merge_options opts;
	git_index *index = NULL;
	git_oid tree_id;
	git_tree *tree = NULL;
	git_signature *sig = NULL;
	struct strbuf msg = STRBUF_INIT;
	struct conflicts all = { NULL, 0, 0 };
	const git_commit *parents[2] = { ours, theirs };
	int ret;

	git_merge_options_init(&opts, GIT_MERGE_OPTIONS_VERSION);
	opts.flags = 0;                  /* paths, not renames: a run never moves */
	opts.default_driver = "binary";  /* a path changed on both sides is a conflict, never merged */
	if ((ret = git_merge_commits(&index, a->repo, ours, theirs, &opts)) < 0) {
		ret = archive_git_error(ret, "cannot merge runs from '%s'", from);
		goto done;
	}
	if (git_index_has_conflicts(index)) {
		if ((ret = list_conflicts(&all, index)) < 0) {
			ret = archive_git_error(ret, "cannot merge runs from '%s'", from);
			goto done;
		}
		if ((ret = resolve(index, a->repo, &all, from, kept)) < 0)
			goto done;
	}
	if ((ret = git_index_write_tree_to(&tree_id, index, a->repo)) < 0 ||
	    (ret = git_tree_lookup(&tree, a->repo, &tree_id)) < 0) {
		ret = archive_git_error(ret, "cannot write the merged tree");
		goto done;
	}
	if ((ret = archive_signature(&sig, a->repo)) < 0)
		goto done;
	strbuf_addf(&msg, "merge runs from %s\n", from);
	if (kept->nr)
		strbuf_addf(&msg, "\n%zu run%s changed on both sides: both versions kept\n",
			    kept->nr / 2, kept->nr == 2 ? "" : "s");
	if ((ret = git_commit_create(out, a->repo, NULL, sig, sig, NULL, msg.buf, tree, 2,
				     parents)) < 0)
		ret = archive_git_error(ret, "cannot write the merge commit");
done:
	conflicts_release(&all);
	strbuf_release(&msg);
	git_signature_free(sig);
	git_tree_free(tree);
	git_index_free(index);
	return ret;
}
