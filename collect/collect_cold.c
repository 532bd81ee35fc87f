#include "collect_internal.h"
#include "../core/error.h"

#include <fcntl.h>
#include <linux/fs.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

/*
 * Cold caches, aimed: a global drop_caches costs a tenth to half a
 * second on a busy machine (it walks everybody's caches) and a sync()
 * waits for everybody's writes.  What a step reads lives in three places
 * only, each emptied on its own: the file system under test (unmounted),
 * its loop device's buffer cache (BLKFLSBUF) and the image's pages on
 * the backing disk (fsync, then POSIX_FADV_DONTNEED), and the data set's
 * files.  The unit tests and t0405 check that a read after this comes
 * from the disk.
 */

int collect_target_open_work(struct collect_target *t, int scratch_fd, int make)
{
	struct strbuf sb = STRBUF_INIT;
	int root, fd = -1, ret = 0;

	/* the mounted file system's root, then its work directory */
	root = collect_open_beneath(scratch_fd, "mnt");
	if (root < 0)
		return err_set_errno("cannot open '%s'", t->mnt);
	if (make && mkdirat(root, "work", 0755) < 0) {
		ret = err_set_errno("cannot create '%s/work'", t->mnt);
	} else {
		fd = collect_open_dir_at(root, "work");
		if (fd < 0)
			ret = err_set_errno("cannot open '%s/work'", t->mnt);
	}
	close(root);
	if (ret < 0)
		return ret;
	/* the same number as before, so that t->cwd, which names it, stays right */
	if (t->work_fd >= 0 && t->work_fd != fd) {
		if (dup3(fd, t->work_fd, O_CLOEXEC) < 0)
			ret = err_set_errno("cannot open '%s/work'", t->mnt);
		close(fd);
		return ret;
	}
	t->work_fd = fd;
	strbuf_addf(&sb, "/proc/self/fd/%d", t->work_fd);
	free(t->cwd);
	t->cwd = strbuf_detach(&sb, NULL);
	if (!t->work) {
		strbuf_addf(&sb, "%s/work", t->mnt);
		t->work = strbuf_detach(&sb, NULL);
	}
	return 0;
}

static void forget_file(int dirfd, const char *path)
{
	int fd = dirfd >= 0 ? openat(dirfd, path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
			    : open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return;
	fdatasync(fd);
	posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
	close(fd);
}

int collect_forget(struct collect_target *t, const struct collect_data *d)
{
	/* the data set's pages: cp and untar read it from the disk */
	if (d) {
		forget_file(-1, d->tarball);
		forget_file(-1, d->plain);
	}
	if (!t->loop)
		return 0;
	if (ioctl(t->loop->fd, BLKFLSBUF, 0) < 0)
		return err_set_errno("cannot flush the buffers of '%s'", t->loop->dev);
	forget_file(t->image_dirfd, "image");
	return 0;
}

static int cold_loop(struct collect_ctx *c)
{
	struct collect_target *t = c->target;
	int ret, root = open("/", O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	/* let go of the work directory (or umount is busy), keeping its number */
	if (root < 0 || dup3(root, t->work_fd, O_CLOEXEC) < 0) {
		ret = err_set_errno("cannot let go of '%s'", t->work);
		if (root >= 0)
			close(root);
		return ret;
	}
	close(root);
	ret = collect_unmount(t->mnt);
	if (ret < 0)
		return ret;
	t->mounted = 0;
	ret = collect_forget(t, c->data);
	if (!ret)
		ret = collect_mount_fs(t, t->loop, t->mnt, t->fs);
	if (!ret)
		ret = collect_target_open_work(t, t->image_dirfd, 0);
	return ret;
}

int collect_cold(struct collect_ctx *c)
{
	struct collect_target *t = c->target;

	if (t->fresh) {
		t->fresh = 0;
		return 0;
	}
	if (t->loop)
		return cold_loop(c);
	collect_forget(t, c->data);
	if (!c->fss->drop || collect_drop_caches(t->work_fd) < 0)
		c->fss->drops_failed++;
	return 0;
}
