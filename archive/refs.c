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

	if ((ret = sync_objects(a)) < 0 || (ret = archive_step_advance(a, branch, old, new_id)) < 0)
		return ret;
	git_libgit2_opts(GIT_OPT_ENABLE_FSYNC_GITDIR, 1);
	ret = git_reference_create_matching(&ref, a->repo, branch, new_id, 1, old, reflog);
	git_libgit2_opts(GIT_OPT_ENABLE_FSYNC_GITDIR, 0);
	if (ret < 0) {
		archive_step_end(a);
		if (ret == GIT_EMODIFIED)
			return err_set("'%s' moved under benchpost (another writer without the lock?)", branch);
		ret = archive_git_error(ret, "cannot update '%s'", branch);
		if (ret == BP_ELOCKED)
			err_prefix("a git is changing the archive '%s', or one died while doing so"
				   " (remove its lock file if no git runs)", a->path);
		return ret;
	}
	git_reference_free(ref);
	/*
	 * The commit is saved: a working tree that cannot follow is only a
	 * warning, and the record keeps it for the next writer (or, when it is
	 * behind already, for the commit it must now show).
	 */
	if (archive_worktree_update(a, old, new_id, changed, nr, NULL) < 0) {
		archive_warn(a, "the archive's working tree in '%s' was not updated: %s", a->path,
			     err_last());
		archive_step_behind(a, branch, old, new_id);
	} else if (a->behind.set) {
		archive_step_behind(a, branch, old, new_id);
	}
	archive_step_end(a);
	return 0;
}
