#include "collect_internal.h"
#include "../core/error.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

/*
 * The scratch directory: made with mkdtemp, opened at once, and from then
 * on reached only through that descriptor and its parent's, so that a
 * path swapped underneath (a symlink put where it was) changes nothing we
 * do.  Its owner record names us (pid, start time, boot id) and stays
 * locked while we live: a later run can tell a dead run's scratch from a
 * live one's (collect_recover.c).
 */

void collect_scratch_init(struct collect_scratch *s)
{
	memset(s, 0, sizeof(*s));
	s->fd = s->parent_fd = s->owner_fd = -1;
}

static int open_parent(struct collect_scratch *s, const char *parent)
{
	struct stat st;
	char *real;

	/* Absolute: the tests run with other working directories. */
	real = realpath(parent, NULL);
	if (!real)
		return err_set_errno("cannot use '%s'", parent);
	s->parent = real;
	s->parent_fd = open(real, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (s->parent_fd < 0)
		return err_set_errno("cannot use '%s'", parent);
	if (fstat(s->parent_fd, &st) < 0 || !S_ISDIR(st.st_mode))
		return err_set("cannot use '%s': not a directory", parent);
	if (faccessat(s->parent_fd, ".", W_OK | X_OK, AT_EACCESS) < 0)
		return err_set_errno("cannot use '%s'", parent);
	return 0;
}

int collect_scratch_make(struct collect_scratch *s, const char *parent)
{
	struct strbuf sb = STRBUF_INIT;
	struct collect_owner me;
	int ret;

	collect_scratch_init(s);
	ret = open_parent(s, parent);
	if (ret < 0)
		goto done;
	strbuf_addf(&sb, "%s%s" COLLECT_SCRATCH_PREFIX "XXXXXX", s->parent,
		    strcmp(s->parent, "/") ? "/" : "");
	if (!mkdtemp(sb.buf)) {
		ret = err_set_errno("cannot create a scratch directory in '%s'", parent);
		goto done;
	}
	s->path = strbuf_detach(&sb, NULL);
	s->name = xstrdup(strrchr(s->path, '/') + 1);
	s->fd = collect_open_dir_at(s->parent_fd, s->name);
	if (s->fd < 0) {
		ret = err_set_errno("cannot open '%s'", s->path);
		goto done;
	}
	collect_owner_self(&me);
	ret = collect_owner_write(s->fd, &me, &s->owner_fd);
	if (ret < 0)
		err_prefix("cannot write the owner record of '%s'", s->path);
done:
	strbuf_release(&sb);
	return ret;
}

int collect_scratch_mkdir(const struct collect_scratch *s, const char *name, int *fd)
{
	if (mkdirat(s->fd, name, 0755) < 0)
		return err_set_errno("cannot create '%s/%s'", s->path, name);
	if (fd) {
		*fd = collect_open_dir_at(s->fd, name);
		if (*fd < 0)
			return err_set_errno("cannot open '%s/%s'", s->path, name);
	}
	return 0;
}

int collect_scratch_remove(struct collect_scratch *s, struct bp_warn *warn)
{
	struct stat here, ours;
	int ret = 0;

	if (s->fd < 0)
		goto done;
	ret = collect_tree_empty(s->fd, s->path, NULL);
	if (ret < 0)
		goto done;
	/*
	 * Only the directory we made goes: if the name now leads elsewhere
	 * (renamed away, a link in its place), it is left and said.
	 */
	if (fstat(s->fd, &ours) == 0 &&
	    fstatat(s->parent_fd, s->name, &here, AT_SYMLINK_NOFOLLOW) == 0 &&
	    here.st_dev == ours.st_dev && here.st_ino == ours.st_ino) {
		if (unlinkat(s->parent_fd, s->name, AT_REMOVEDIR) < 0)
			ret = err_set_errno("cannot remove '%s'", s->path);
	} else {
		bp_warnf(warn, "'%s' was moved or replaced during the run; emptied the "
			 "directory it made, left the name alone", s->path);
	}
done:
	collect_scratch_release(s);
	return ret;
}

void collect_scratch_release(struct collect_scratch *s)
{
	if (s->owner_fd >= 0)
		close(s->owner_fd);
	if (s->fd >= 0)
		close(s->fd);
	if (s->parent_fd >= 0)
		close(s->parent_fd);
	free(s->path);
	free(s->name);
	free(s->parent);
	collect_scratch_init(s);
}
