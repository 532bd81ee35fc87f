#include "internal.h"
#include "../core/error.h"
#include "../core/strbuf.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/*
 * The working tree of a non-bare archive follows the branch, so that `git
 * status` stays clean.  It is the user's too, and anyone who can write it
 * can turn it against us: a symlinked runs/ made checkout write .bench
 * files outside the archive.  So nothing is written through a link or
 * where a directory should be, and a local change (a run edited, a file in
 * the way) is never overwritten: it is left as it is and reported.
 */

static int refuse(struct archive *a, const char *rel, const char *what)
{
	const char *top = strchr(rel, '/');
	size_t top_len = top ? (size_t)(top - rel) : strlen(rel);

	return err_set("'%s/%s' in the archive's working tree %s: benchpost does not write"
		       " through it (move it away, then 'git -C %s checkout -- %.*s' writes"
		       " the archive's files back)", a->path, rel, what, a->path, (int)top_len, rel);
}

/* rel (relative to the working tree) may be a directory on the way: absent or a real one. */
static int check_dir(struct archive *a, const char *workdir, const char *rel)
{
	struct strbuf full = STRBUF_INIT;
	struct stat st;
	int ret = 0;

	strbuf_addf(&full, "%s%s", workdir, rel);
	if (!lstat(full.buf, &st)) {
		if (S_ISLNK(st.st_mode))
			ret = refuse(a, rel, "is a symbolic link");
		else if (!S_ISDIR(st.st_mode))
			ret = refuse(a, rel, "is not a directory");
	} else if (errno != ENOENT && errno != ENOTDIR) {
		ret = err_set_errno("cannot check '%s'", full.buf);
	}
	strbuf_release(&full);
	return ret;
}

static int check_file(struct archive *a, const char *workdir, const char *rel)
{
	struct strbuf full = STRBUF_INIT;
	struct stat st;
	int ret = 0;

	strbuf_addf(&full, "%s%s", workdir, rel);
	if (!lstat(full.buf, &st) && S_ISLNK(st.st_mode))
		ret = refuse(a, rel, "is a symbolic link");
	strbuf_release(&full);
	return ret;
}

int archive_worktree_check(struct archive *a, char *const *paths, size_t nr)
{
	const char *workdir = git_repository_workdir(a->repo);
	struct archive_paths dirs = { NULL, 0, 0 };
	struct archive_pathset seen = { NULL, 0, 0 };
	struct strbuf dir = STRBUF_INIT;
	size_t i;
	int ret = 0;

	if (!workdir)
		return 0;
	for (i = 0; i < nr && !ret; i++) {
		const char *slash;

		for (slash = strchr(paths[i], '/'); slash && !ret; slash = strchr(slash + 1, '/')) {
			strbuf_reset(&dir);
			strbuf_add(&dir, paths[i], slash - paths[i]);
			/* a batch's runs share their directories: each is looked at once */
			if (archive_pathset_has(&seen, dir.buf))
				continue;
			ret = check_dir(a, workdir, dir.buf);
			ALLOC_GROW(dirs.v, dirs.nr + 1, dirs.alloc);
			dirs.v[dirs.nr] = strbuf_detach(&dir, NULL);
			archive_pathset_add(&seen, dirs.v[dirs.nr++]);
		}
		if (!ret)
			ret = check_file(a, workdir, paths[i]);
	}
	archive_pathset_release(&seen);
	archive_paths_release(&dirs);
	strbuf_release(&dir);
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

static int note_conflict(git_checkout_notify_t why, const char *path, const git_diff_file *baseline,
			 const git_diff_file *target, const git_diff_file *workdir, void *payload)
{
	struct archive_paths *kept = payload;

	(void)why; (void)baseline; (void)target; (void)workdir;
	ALLOC_GROW(kept->v, kept->nr + 1, kept->alloc);
	kept->v[kept->nr++] = xstrdup(path);
	return 0;
}

/*
 * A path kept with its local change gets the committed version in the
 * index, so that `git status` shows the change itself rather than a
 * staged revert of the commit.
 */
static int index_follows(git_repository *repo, git_tree *target, const struct archive_paths *kept)
{
	git_index *index = NULL;
	size_t i;
	int ret;

	if ((ret = git_repository_index(&index, repo)) < 0)
		return ret;
	for (i = 0; i < kept->nr && ret >= 0; i++) {
		git_tree_entry *e = NULL;
		git_index_entry ie;

		if (git_tree_entry_bypath(&e, target, kept->v[i])) {
			git_index_remove_bypath(index, kept->v[i]);
			continue;
		}
		memset(&ie, 0, sizeof(ie));
		ie.mode = git_tree_entry_filemode(e);
		ie.id = *git_tree_entry_id(e);
		ie.path = kept->v[i];
		ret = git_index_add(index, &ie);
		git_tree_entry_free(e);
	}
	if (ret >= 0)
		ret = git_index_write(index);
	git_index_free(index);
	return ret;
}

static void report_kept(struct archive *a, const struct archive_paths *kept)
{
	struct strbuf list = STRBUF_INIT;
	size_t i;

	for (i = 0; i < kept->nr && i < 10; i++)
		strbuf_addf(&list, "\n\t%s", kept->v[i]);
	if (kept->nr > 10)
		strbuf_addf(&list, "\n\t... and %zu more", kept->nr - 10);
	archive_warn(a, "local changes in the working tree of '%s' were kept, not overwritten;"
		     " the archive's version of each is committed ('git -C %s diff' shows the"
		     " changes, 'git -C %s checkout -- PATH' takes the archive's version):%s",
		     a->path, a->path, a->path, list.buf);
	strbuf_release(&list);
}

/*
 * Files among paths written since since (SEC.NSEC): what a writer that
 * died (or ran out of space) while checking them out left, maybe cut
 * short; removed, so that the checkout writes them whole.  They are its
 * own files, not local changes, so this is said nowhere.  A second of
 * slack covers file systems whose times are coarser than the clock.
 */
static void remove_half_written(struct archive *a, char *const *paths, size_t nr, const char *since)
{
	const char *workdir = git_repository_workdir(a->repo);
	struct strbuf full = STRBUF_INIT;
	size_t i;

	for (i = 0; i < nr; i++) {
		struct stat st;

		strbuf_reset(&full);
		strbuf_addf(&full, "%s%s", workdir, paths[i]);
		if (!lstat(full.buf, &st) && S_ISREG(st.st_mode) && archive_written_since(&st, since))
			unlink(full.buf);
	}
	strbuf_release(&full);
}

int archive_written_since(const struct stat *st, const char *t)
{
	char *end;
	long long sec = strtoll(t, &end, 10) - 1;
	long nsec = *end == '.' ? strtol(end + 1, NULL, 10) : 0;

	return (long long)st->st_mtim.tv_sec > sec ||
	       ((long long)st->st_mtim.tv_sec == sec && st->st_mtim.tv_nsec >= nsec);
}

/* The trees of old (NULL: the empty tree) and new_id. */
static int trees(git_tree **base, git_tree **target, git_repository *repo, const git_oid *old,
		 const git_oid *new_id)
{
	git_commit *from = NULL, *to = NULL;
	int ret;

	*base = *target = NULL;
	if (!(ret = git_commit_lookup(&to, repo, new_id)) && !(ret = git_commit_tree(target, to)))
		ret = old ? git_commit_lookup(&from, repo, old) : empty_tree(base, repo);
	if (!ret && old)
		ret = git_commit_tree(base, from);
	git_commit_free(from);
	git_commit_free(to);
	return ret;
}

/* The paths that differ between the trees; they point into *diff. */
static int differing(char ***paths, size_t *n, git_diff **diff, git_repository *repo,
		     git_tree *base, git_tree *target)
{
	size_t i;
	int ret;

	*paths = NULL;
	if ((ret = git_diff_tree_to_tree(diff, repo, base, target, NULL)) < 0)
		return ret;
	*n = git_diff_num_deltas(*diff);
	*paths = xcalloc(*n ? *n : 1, sizeof(**paths));
	for (i = 0; i < *n; i++) {
		const git_diff_delta *d = git_diff_get_delta(*diff, i);

		(*paths)[i] = (char *)(d->new_file.path ? d->new_file.path : d->old_file.path);
	}
	return 0;
}

int archive_worktree_check_commits(struct archive *a, const git_oid *old, const git_oid *new_id)
{
	git_tree *base = NULL, *target = NULL;
	git_diff *diff = NULL;
	char **paths = NULL;
	size_t n = 0;
	int ret;

	if (git_repository_is_bare(a->repo))
		return 0;
	if ((ret = trees(&base, &target, a->repo, old, new_id)) < 0 ||
	    (ret = differing(&paths, &n, &diff, a->repo, base, target)) < 0)
		ret = archive_git_error(ret, "cannot compare the archive's trees");
	else
		ret = archive_worktree_check(a, paths, n);
	free(paths);
	git_diff_free(diff);
	git_tree_free(base);
	git_tree_free(target);
	return ret;
}

int archive_worktree_update(struct archive *a, const git_oid *old, const git_oid *new_id,
			    char *const *changed, size_t nr_changed, const char *since)
{
	git_checkout_options opts;
	git_tree *base = NULL, *target = NULL;
	git_diff *diff = NULL;
	struct archive_paths kept = { NULL, 0, 0 };
	char **paths = NULL;
	size_t n = nr_changed;
	int ret;

	if (git_repository_is_bare(a->repo))
		return 0;
	git_checkout_options_init(&opts, GIT_CHECKOUT_OPTIONS_VERSION);
	/* No baseline would mean HEAD, which already is the new commit. */
	if ((ret = trees(&base, &target, a->repo, old, new_id)) < 0)
		goto done;
	/*
	 * Only the paths the commit changed: a checkout of the whole tree
	 * stats every run already there, so each commit got slower as the
	 * archive grew.  A commit knows them; for a merge, comparing the two
	 * trees skips unchanged subtrees.
	 */
	if (!changed && (ret = differing(&paths, &n, &diff, a->repo, base, target)) < 0)
		goto done;
	if (changed) {
		paths = xcalloc(n ? n : 1, sizeof(*paths));
		memcpy(paths, changed, n * sizeof(*paths));
	}
	if (!n)
		goto done;
	if ((ret = archive_worktree_check(a, paths, n)) < 0)
		goto failed;
	if (since)
		remove_half_written(a, paths, n, since);
	/* Safe updates only; a path with a local change is left as it is, and noted. */
	opts.checkout_strategy = GIT_CHECKOUT_SAFE | GIT_CHECKOUT_ALLOW_CONFLICTS |
				 GIT_CHECKOUT_DISABLE_PATHSPEC_MATCH |
				 (since ? GIT_CHECKOUT_RECREATE_MISSING : 0);
	opts.notify_flags = GIT_CHECKOUT_NOTIFY_CONFLICT;
	opts.notify_cb = note_conflict;
	opts.notify_payload = &kept;
	opts.baseline = base;
	opts.paths.strings = paths;
	opts.paths.count = n;
	if ((ret = git_checkout_tree(a->repo, (git_object *)target, &opts)) < 0 ||
	    (kept.nr && (ret = index_follows(a->repo, target, &kept)) < 0))
		goto done;
	if (kept.nr)
		report_kept(a, &kept);
done:
	if (ret < 0)
		ret = err_set("%s", git_error_last() && git_error_last()->message ?
			      git_error_last()->message : "unknown libgit2 error");
failed:
	free(paths);
	archive_paths_release(&kept);
	git_diff_free(diff);
	git_tree_free(base);
	git_tree_free(target);
	return ret;
}
