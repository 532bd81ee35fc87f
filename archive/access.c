#include "internal.h"
#include "../core/error.h"
#include "../core/strbuf.h"
#include "../core/util.h"

#include <errno.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/*
 * Whether this user may use an archive, found when a command starts: a
 * writer learned that the archive was another user's, or read-only, only
 * when it came to commit, after an hour of benchmarks, and then said it
 * "exists and is not an archive".
 */

/*
 * A repository at path that libgit2 would not open because another user
 * owns it (as git refuses since 2.35.2: its config could make git run
 * that user's programs, as credential.helper makes benchpost): 0 when it
 * is not that, else the message is set.
 */
int archive_explain_foreign(const char *path)
{
	static const char *const gitdirs[] = { "/.git", "" };
	struct strbuf probe = STRBUF_INIT;
	struct stat st;
	size_t i;
	int ret = 0;

	for (i = 0; i < ARRAY_SIZE(gitdirs) && !ret; i++) {
		strbuf_reset(&probe);
		strbuf_addf(&probe, "%s%s/HEAD", path, gitdirs[i]);
		if (lstat(probe.buf, &st))
			continue;
		strbuf_setlen(&probe, probe.len - strlen("/HEAD"));
		if (!lstat(probe.buf, &st) && st.st_uid != geteuid())
			ret = err_set("archive '%s' is owned by uid %lu, not by you (uid %lu): benchpost,"
				      " like git, does not use another user's repository (git's"
				      " safe.directory setting allows it)", path,
				      (unsigned long)st.st_uid, (unsigned long)geteuid());
	}
	strbuf_release(&probe);
	return ret;
}

/* Writing needs the archive's directories writable and its lock file too. */
int archive_check_writable(struct archive *a)
{
	const char *gitdir = git_repository_path(a->repo);
	const char *workdir = git_repository_workdir(a->repo);
	static const char *const dirs[] = { "", "objects", "objects/pack", "refs", "refs/heads" };
	struct strbuf path = STRBUF_INIT;
	size_t i;
	int ret = 0;

	for (i = 0; i <= ARRAY_SIZE(dirs) && !ret; i++) {
		strbuf_reset(&path);
		if (i < ARRAY_SIZE(dirs))
			strbuf_addf(&path, "%s%s", gitdir, dirs[i]);
		else if (workdir)
			strbuf_addstr(&path, workdir);
		else
			break;
		if (access(path.buf, W_OK | X_OK) && errno != ENOENT)
			ret = err_set("archive '%s' is not writable: %s ('%s')", a->path,
				      errno == EACCES ? "permission denied" : strerror(errno), path.buf);
	}
	strbuf_reset(&path);
	strbuf_addf(&path, "%sbenchpost.lock", gitdir);
	if (!ret && access(path.buf, W_OK) && errno != ENOENT)
		ret = err_set("archive '%s' is not writable: %s ('%s')", a->path,
			      errno == EACCES ? "permission denied" : strerror(errno), path.buf);
	strbuf_release(&path);
	return ret;
}
