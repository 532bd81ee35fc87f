#include "collect_internal.h"
#include "../core/error.h"

#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int collect_scratch_make(char **out, const char *parent)
{
	struct strbuf sb = STRBUF_INIT;
	struct stat st;
	char *real;

	if (stat(parent, &st) < 0)
		return err_set_errno("cannot use '%s'", parent);
	if (!S_ISDIR(st.st_mode))
		return err_set("cannot use '%s': not a directory", parent);
	if (access(parent, W_OK | X_OK) < 0)
		return err_set_errno("cannot use '%s'", parent);
	/* Absolute: the tests run with other working directories. */
	real = realpath(parent, NULL);
	if (!real)
		return err_set_errno("cannot use '%s'", parent);
	strbuf_addf(&sb, "%s%sbenchpost-run.XXXXXX", real, strcmp(real, "/") ? "/" : "");
	free(real);
	if (!mkdtemp(sb.buf)) {
		int ret = err_set_errno("cannot create a scratch directory in '%s'", parent);

		strbuf_release(&sb);
		return ret;
	}
	*out = strbuf_detach(&sb, NULL);
	return 0;
}

/*
 * Only paths under the scratch directory we made may be destroyed;
 * "..", and a scratch that is not what mkdtemp made, are refused.
 */
static int inside(const char *scratch, const char *path)
{
	size_t n = strlen(scratch), len = strlen(path);

	if (!strstr(scratch, "/benchpost-run."))
		return 0;
	if (strncmp(path, scratch, n) || (path[n] && path[n] != '/'))
		return 0;
	return !strstr(path, "/../") && !(len >= 3 && !strcmp(path + len - 3, "/.."));
}

static int remove_keep_root;
static int remove_errno;

static int remove_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st;
	if (remove_keep_root && ftw->level == 0)
		return 0;
	/* FTW_PHYS: a symlink is removed itself, never followed. */
	if (flag == FTW_DP ? rmdir(path) : unlink(path)) {
		if (errno != ENOENT && !remove_errno)
			remove_errno = errno;
	}
	return 0;
}

static int remove_walk(const char *scratch, const char *path, int keep_root)
{
	int ret;

	if (!inside(scratch, path))
		return err_set("refusing to remove '%s': outside the scratch directory '%s'",
			       path, scratch);
	remove_keep_root = keep_root;
	remove_errno = 0;
	/* FTW_MOUNT: never descend into a file system still mounted below. */
	ret = nftw(path, remove_one, 32, FTW_DEPTH | FTW_PHYS | FTW_MOUNT);
	if (ret < 0 && errno == ENOENT)
		return 0;
	if (ret < 0 || remove_errno) {
		if (remove_errno)
			errno = remove_errno;
		return err_set_errno("cannot remove '%s'", path);
	}
	return 0;
}

int collect_remove_tree(const char *scratch, const char *path)
{
	return remove_walk(scratch, path, 0);
}

int collect_empty_dir(const char *scratch, const char *path)
{
	return remove_walk(scratch, path, 1);
}
