#include "internal.h"
#include "../core/bench.h"
#include "../core/error.h"
#include "../core/strbuf.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

struct paths {
	char **v;
	size_t nr, alloc;
};

static void paths_add(struct paths *p, const char *path)
{
	ALLOC_GROW(p->v, p->nr + 1, p->alloc);
	p->v[p->nr++] = xstrdup(path);
}

static int head_tree(git_tree **out, struct archive *a)
{
	git_commit *head = NULL;
	int ret;

	*out = NULL;
	if ((ret = archive_head_commit(&head, a)) < 0 || !head)
		return ret;
	ret = git_commit_tree(out, head);
	git_commit_free(head);
	return ret < 0 ? archive_git_error(ret, "cannot read the archive's tree") : 0;
}

struct prefix_walk {
	const char *prefix;
	size_t len;
	struct paths *found;
	int refused;   /* a link or submodule met: the message is set */
};

/* Only names are compared: no blob is read to find a run. */
static int by_name(const char *root, const git_tree_entry *e, void *payload)
{
	struct prefix_walk *w = payload;
	const char *name = git_tree_entry_name(e);
	struct strbuf sb = STRBUF_INIT;
	int ret = 0;

	strbuf_addf(&sb, "runs/%s%s", root, name);
	if (archive_check_entry(e, sb.buf) < 0) {
		w->refused = 1;
		ret = -1;   /* stops the walk */
	} else if (git_tree_entry_type(e) == GIT_OBJECT_BLOB && !strncmp(name, w->prefix, w->len)) {
		paths_add(w->found, sb.buf);
	}
	strbuf_release(&sb);
	return ret;
}

static int by_prefix(struct paths *found, struct archive *a, git_tree *root, const char *prefix)
{
	struct prefix_walk w = { prefix, strlen(prefix), found, 0 };
	git_tree_entry *e = NULL;
	git_tree *runs = NULL;
	int ret;

	if (git_tree_entry_bypath(&e, root, "runs"))
		return 0;
	if ((ret = archive_check_entry(e, "runs")) < 0) {
		git_tree_entry_free(e);
		return ret;
	}
	ret = git_tree_lookup(&runs, a->repo, git_tree_entry_id(e));
	git_tree_entry_free(e);
	if (ret < 0)
		return archive_git_error(ret, "cannot read 'runs'");
	ret = git_tree_walk(runs, GIT_TREEWALK_PRE, by_name, &w);
	git_tree_free(runs);
	if (w.refused)
		return BP_ERROR;
	return ret < 0 ? archive_git_error(ret, "cannot read 'runs'") : 0;
}

static int is_hex(const char *s)
{
	for (; *s; s++)
		if (!isxdigit((unsigned char)*s))
			return 0;
	return 1;
}

/* The runs a commit brought in: its runs/ against its first parent's. */
static int by_commit(struct paths *found, struct archive *a, const char *spec)
{
	git_object *obj = NULL;
	git_commit *c = NULL, *parent = NULL;
	git_tree *tree = NULL, *old = NULL;
	git_diff *diff = NULL;
	git_diff_options opts;
	char *spec_path[] = { "runs" };
	size_t i;
	int ret;

	git_diff_options_init(&opts, GIT_DIFF_OPTIONS_VERSION);
	if ((is_hex(spec) && strlen(spec) < 4) || git_revparse_single(&obj, a->repo, spec))
		return 0;
	if ((ret = git_object_peel((git_object **)&c, obj, GIT_OBJECT_COMMIT)) < 0)
		goto done;
	if ((ret = git_commit_tree(&tree, c)) < 0)
		goto done;
	if (git_commit_parentcount(c) &&
	    ((ret = git_commit_parent(&parent, c, 0)) < 0 ||
	     (ret = git_commit_tree(&old, parent)) < 0))
		goto done;
	opts.pathspec.strings = spec_path;
	opts.pathspec.count = 1;
	if ((ret = git_diff_tree_to_tree(&diff, a->repo, old, tree, &opts)) < 0)
		goto done;
	for (i = 0; i < git_diff_num_deltas(diff); i++) {
		const git_diff_delta *d = git_diff_get_delta(diff, i);

		if (d->status == GIT_DELTA_ADDED)
			paths_add(found, d->new_file.path);
	}
done:
	if (ret < 0)
		ret = archive_git_error(ret, "cannot read commit '%s'", spec);
	git_diff_free(diff);
	git_tree_free(tree);
	git_tree_free(old);
	git_commit_free(parent);
	git_commit_free(c);
	git_object_free(obj);
	return ret;
}

int archive_resolve(struct archive *a, const char *spec, char ***out, size_t *nr)
{
	struct paths found = { 0 };
	git_tree *root = NULL;
	git_tree_entry *e = NULL;
	int ret, by_name_prefix = 0;

	*out = NULL;
	*nr = 0;
	if ((ret = head_tree(&root, a)) < 0)
		return ret;
	if (!root) {
		err_set("no run '%s': the archive '%s' is empty", spec, a->path);
		return BP_ENOTFOUND;
	}
	if (strchr(spec, '/')) {
		if (!git_tree_entry_bypath(&e, root, spec) &&
		    git_tree_entry_type(e) == GIT_OBJECT_BLOB)
			paths_add(&found, spec);
		git_tree_entry_free(e);
	} else if ((ret = by_prefix(&found, a, root, spec)) == 0 && found.nr) {
		by_name_prefix = 1;
	} else if (!ret) {
		ret = by_commit(&found, a, spec);
	}
	git_tree_free(root);
	if (ret < 0)
		goto fail;
	if (!found.nr) {
		err_set("no run '%s' in '%s' (a path, a file-name prefix or a commit id)",
			spec, a->path);
		ret = BP_ENOTFOUND;
		goto fail;
	}
	*out = found.v;
	*nr = found.nr;
	if (by_name_prefix && found.nr > 1) {
		err_set("run '%s' is ambiguous: %zu runs match", spec, found.nr);
		return BP_EAMBIGUOUS;
	}
	return 0;
fail:
	while (found.nr)
		free(found.v[--found.nr]);
	free(found.v);
	return ret;
}

int archive_read_runs(struct archive *a, char *const *paths, size_t nr,
		      struct archive_list *out)
{
	struct archive_list got = ARCHIVE_LIST_INIT;
	git_tree *root = NULL;
	size_t i;
	int ret;

	if ((ret = head_tree(&root, a)) < 0)
		return ret;
	for (i = 0; i < nr && !ret; i++) {
		git_tree_entry *e = NULL;
		git_blob *blob = NULL;
		struct archive_entry *entry;

		if (!root || git_tree_entry_bypath(&e, root, paths[i])) {
			err_set("no run '%s' in '%s'", paths[i], a->path);
			ret = BP_ENOTFOUND;
			break;
		}
		if ((ret = archive_check_entry(e, paths[i])) < 0) {
			git_tree_entry_free(e);
			break;
		}
		ret = git_blob_lookup(&blob, a->repo, git_tree_entry_id(e));
		git_tree_entry_free(e);
		if (ret < 0) {
			ret = archive_git_error(ret, "cannot read '%s'", paths[i]);
			break;
		}
		ALLOC_GROW(got.v, got.nr + 1, got.alloc);
		entry = &got.v[got.nr];
		memset(entry, 0, sizeof(*entry));
		ret = bench_parse(&entry->records, git_blob_rawcontent(blob),
				  git_blob_rawsize(blob), paths[i]);
		git_blob_free(blob);
		entry->path = xstrdup(paths[i]);
		got.nr++;
		archive_entry_describe(entry);
	}
	git_tree_free(root);
	return archive_list_finish(a, &got, ret, out);
}
