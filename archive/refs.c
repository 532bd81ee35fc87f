#include "internal.h"
#include "../core/error.h"
#include "../core/strbuf.h"

#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>

int archive_head_branch(char **out, struct archive *a)
{
	git_reference *head = NULL;
	int ret;

	*out = NULL;
	if ((ret = git_reference_lookup(&head, a->repo, "HEAD")) < 0)
		return archive_git_error(ret, "cannot read HEAD of '%s'", a->path);
	if (git_reference_type(head) != GIT_REFERENCE_SYMBOLIC)
		ret = err_set("archive '%s' has a detached HEAD; check out a branch", a->path);
	else
		*out = xstrdup(git_reference_symbolic_target(head));
	git_reference_free(head);
	return ret;
}

int archive_head_commit(git_commit **out, struct archive *a)
{
	char *branch = NULL;
	git_oid id;
	int ret;

	*out = NULL;
	if ((ret = archive_head_branch(&branch, a)) < 0)
		return ret;
	ret = git_reference_name_to_id(&id, a->repo, branch);
	if (ret == GIT_ENOTFOUND) {
		ret = 0; /* unborn: nothing committed yet */
	} else if (ret < 0 || (ret = git_commit_lookup(out, a->repo, &id)) < 0) {
		ret = archive_git_error(ret, "cannot read '%s'", branch);
	}
	free(branch);
	return ret;
}

static int empty_tree(git_tree **out, git_repository *repo)
{
	git_treebuilder *b = NULL;
	git_oid id;
	int ret;

	if ((ret = git_treebuilder_new(&b, repo, NULL)) < 0)
		return ret;
	if (!(ret = git_treebuilder_write(&id, b)))
		ret = git_tree_lookup(out, repo, &id);
	git_treebuilder_free(b);
	return ret;
}

/*
 * A working tree, when there is one, follows the branch so that `git
 * status` stays clean.  The commit is already saved: failing here is only
 * a warning.
 */
static void update_worktree(struct archive *a, const git_oid *old, const git_oid *new_id,
			    char *const *changed, size_t nr_changed)
{
	git_checkout_options opts;
	git_commit *from = NULL, *to = NULL;
	git_tree *base = NULL, *target = NULL;
	git_diff *diff = NULL;
	char **paths = NULL;
	size_t i, n;
	int ret;

	if (git_repository_is_bare(a->repo))
		return;
	git_checkout_options_init(&opts, GIT_CHECKOUT_OPTIONS_VERSION);
	if ((ret = git_commit_lookup(&to, a->repo, new_id)) < 0 ||
	    (ret = git_commit_tree(&target, to)) < 0)
		goto done;
	if (old && ((ret = git_commit_lookup(&from, a->repo, old)) < 0 ||
		    (ret = git_commit_tree(&base, from)) < 0))
		goto done;
	/* No baseline would mean HEAD, which already is the new commit. */
	if (!old && (ret = empty_tree(&base, a->repo)) < 0)
		goto done;
	/*
	 * Only the paths the commit changed: a checkout of the whole tree
	 * stats every run already there, so each commit got slower as the
	 * archive grew.  A commit knows them; for a merge, comparing the two
	 * trees skips unchanged subtrees.
	 */
	if (changed) {
		n = nr_changed;
	} else {
		if ((ret = git_diff_tree_to_tree(&diff, a->repo, base, target, NULL)) < 0)
			goto done;
		n = git_diff_num_deltas(diff);
	}
	if (!n)
		goto done;
	paths = xcalloc(n, sizeof(*paths));
	for (i = 0; i < n; i++) {
		const git_diff_delta *d = changed ? NULL : git_diff_get_delta(diff, i);

		paths[i] = changed ? changed[i] :
			(char *)(d->new_file.path ? d->new_file.path : d->old_file.path);
	}
	opts.checkout_strategy = GIT_CHECKOUT_SAFE | GIT_CHECKOUT_DISABLE_PATHSPEC_MATCH;
	opts.baseline = base;
	opts.paths.strings = paths;
	opts.paths.count = n;
	ret = git_checkout_tree(a->repo, (git_object *)target, &opts);
done:
	free(paths);
	git_diff_free(diff);
	if (ret < 0) {
		warning("the archive's working tree in '%s' was not updated: %s", a->path,
			git_error_last() ? git_error_last()->message : "unknown error");
		a->worktree_behind = 1;
	}
	git_tree_free(base);
	git_tree_free(target);
	git_commit_free(from);
	git_commit_free(to);
}

static void remove_stale(struct archive *a, const char *name)
{
	struct strbuf sb = STRBUF_INIT;

	strbuf_addf(&sb, "%s%s.lock", git_repository_path(a->repo), name);
	if (!unlink(sb.buf))
		warning("removed '%s' left by a benchpost that died", sb.buf);
	strbuf_release(&sb);
}

void archive_recover(struct archive *a)
{
	static char *ours[] = { "runs", "hardware" };
	git_checkout_options opts;
	git_index *index = NULL;
	git_commit *head = NULL;
	git_tree *tree = NULL;
	char *branch = NULL;
	int ret;

	if (archive_head_branch(&branch, a) < 0)
		return;
	remove_stale(a, branch);
	remove_stale(a, "index");
	archive_remove_stale_packs(a);
	free(branch);
	if (git_repository_is_bare(a->repo) || archive_head_commit(&head, a) < 0 || !head)
		return;
	/*
	 * The writer may have died between moving the branch and writing the
	 * index, or in the middle of writing a file: the index follows HEAD
	 * again, and runs/ and hardware/ are written out as committed (their
	 * files are only ever written by benchpost and never change).
	 */
	git_checkout_options_init(&opts, GIT_CHECKOUT_OPTIONS_VERSION);
	opts.checkout_strategy = GIT_CHECKOUT_FORCE;
	opts.paths.strings = ours;
	opts.paths.count = 2;
	if ((ret = git_commit_tree(&tree, head)) < 0 ||
	    (ret = git_repository_index(&index, a->repo)) < 0 ||
	    (ret = git_index_read_tree(index, tree)) < 0 ||
	    (ret = git_index_write(index)) < 0 ||
	    (ret = git_checkout_head(a->repo, &opts)) < 0) {
		warning("the archive's working tree in '%s' was not updated: %s", a->path,
			git_error_last() ? git_error_last()->message : "unknown error");
		a->worktree_behind = 1;
	}
	git_index_free(index);
	git_tree_free(tree);
	git_commit_free(head);
}

/*
 * "Saved" must survive a power cut, not only a killed process: the objects
 * reach the disk before the ref that makes them reachable.  One syncfs()
 * for a whole batch instead of an fsync() per object, which made a batch
 * of 1,000 runs thirty times slower.
 */
static int sync_objects(struct archive *a)
{
	int fd = open(git_repository_path(a->repo), O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	if (fd < 0 || syncfs(fd)) {
		int ret = err_set_errno("cannot sync '%s' to disk", a->path);

		if (fd >= 0)
			close(fd);
		return ret;
	}
	close(fd);
	return 0;
}

int archive_advance(struct archive *a, const char *branch, const git_oid *old,
		    const git_oid *new_id, const char *reflog, char *const *changed, size_t nr)
{
	git_reference *ref = NULL;
	int ret;

	if ((ret = sync_objects(a)) < 0)
		return ret;
	git_libgit2_opts(GIT_OPT_ENABLE_FSYNC_GITDIR, 1);
	ret = git_reference_create_matching(&ref, a->repo, branch, new_id, 1, old, reflog);
	git_libgit2_opts(GIT_OPT_ENABLE_FSYNC_GITDIR, 0);
	if (ret == GIT_EMODIFIED)
		return err_set("'%s' moved under benchpost (another writer without the lock?)", branch);
	if (ret < 0)
		return archive_git_error(ret, "cannot update '%s'", branch);
	git_reference_free(ref);
	update_worktree(a, old, new_id, changed, nr);
	return 0;
}
