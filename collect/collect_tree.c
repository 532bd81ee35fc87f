#include "collect_internal.h"
#include "../core/error.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/*
 * Removal on directory file descriptors only: every directory is opened
 * relative to its parent's descriptor with O_NOFOLLOW, every entry is
 * looked at with AT_SYMLINK_NOFOLLOW and removed with unlinkat().  A path
 * swapped for a symlink while we work (rename the directory away, put a
 * link to /etc in its place) then cannot lead the walk outside: a link is
 * an entry like any other and is removed itself, never followed.  A
 * directory on another device is a mount point: the walk never enters it.
 */

int collect_open_dir_at(int dirfd, const char *name)
{
	return openat(dirfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
}

int collect_open_beneath(int dirfd, const char *rel)
{
	struct strbuf part = STRBUF_INIT;
	int fd = dup(dirfd);

	while (fd >= 0 && *rel) {
		size_t len = strcspn(rel, "/");
		int next;

		if (len) {
			strbuf_reset(&part);
			strbuf_add(&part, rel, len);
			if (!strcmp(part.buf, "..")) {
				close(fd);
				fd = -1;
				errno = EPERM;
				break;
			}
			next = strcmp(part.buf, ".") ? collect_open_dir_at(fd, part.buf) : dup(fd);
			close(fd);
			fd = next;
		}
		rel += len + (rel[len] == '/');
	}
	strbuf_release(&part);
	return fd;
}

struct walk {
	struct collect_tree_stats *st;
	dev_t dev;
	int err;          /* the first errno that stopped a removal */
	int mounted;      /* a mount point was found below */
};

static void note_err(struct walk *w, int e)
{
	if (!w->err && e != ENOENT)
		w->err = e;
}

static void empty_fd(struct walk *w, int fd, int depth);

/* Removes the entry name of the directory dirfd, a whole tree when it is one. */
static void remove_entry(struct walk *w, int dirfd, const char *name, int depth)
{
	struct stat st;

	if (fstatat(dirfd, name, &st, AT_SYMLINK_NOFOLLOW) < 0) {
		note_err(w, errno);
		return;
	}
	if (S_ISDIR(st.st_mode)) {
		int sub;

		if (st.st_dev != w->dev) {
			w->mounted = 1;
			return;
		}
		sub = collect_open_dir_at(dirfd, name);
		if (sub < 0) {
			note_err(w, errno);
			return;
		}
		empty_fd(w, sub, depth + 1);
		close(sub);
		if (unlinkat(dirfd, name, AT_REMOVEDIR) < 0) {
			/* EBUSY: a mount point of the same device (a bind mount) */
			if (errno == EBUSY)
				w->mounted = 1;
			else
				note_err(w, errno);
			return;
		}
		if (w->st)
			w->st->dirs++;
		return;
	}
	if (unlinkat(dirfd, name, 0) < 0) {
		note_err(w, errno);
		return;
	}
	if (w->st) {
		w->st->files++;
		w->st->bytes += (unsigned long long)st.st_blocks * 512;
	}
}

static void empty_fd(struct walk *w, int fd, int depth)
{
	DIR *d;
	struct dirent *de;
	int own;

	/* A runaway depth is not a tree we made. */
	if (depth > 256) {
		note_err(w, ELOOP);
		return;
	}
	own = dup(fd);
	if (own < 0 || !(d = fdopendir(own))) {
		note_err(w, errno);
		if (own >= 0)
			close(own);
		return;
	}
	/* the descriptor may have been read to its end before (a dup shares the offset) */
	rewinddir(d);
	while ((errno = 0, de = readdir(d))) {
		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
			continue;
		remove_entry(w, fd, de->d_name, depth);
	}
	if (errno)
		note_err(w, errno);
	closedir(d);
}

static int finish(const struct walk *w, const char *what)
{
	if (w->mounted)
		return err_set("cannot remove everything in '%s': a file system is still mounted "
			       "below it", what);
	if (w->err) {
		errno = w->err;
		return err_set_errno("cannot remove '%s'", what);
	}
	return 0;
}

static int init_walk(struct walk *w, int fd, struct collect_tree_stats *st)
{
	struct stat self;

	memset(w, 0, sizeof(*w));
	w->st = st;
	if (fstat(fd, &self) < 0)
		return -1;
	w->dev = self.st_dev;
	return 0;
}

int collect_tree_empty(int dirfd, const char *what, struct collect_tree_stats *st)
{
	struct walk w;

	if (init_walk(&w, dirfd, st) < 0)
		return err_set_errno("cannot remove '%s'", what);
	empty_fd(&w, dirfd, 0);
	return finish(&w, what);
}

int collect_tree_remove(int parentfd, const char *name, const char *what,
			struct collect_tree_stats *st)
{
	struct walk w;

	if (init_walk(&w, parentfd, st) < 0)
		return err_set_errno("cannot remove '%s'", what);
	remove_entry(&w, parentfd, name, 0);
	return finish(&w, what);
}
