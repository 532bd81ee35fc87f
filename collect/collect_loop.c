#include "collect_internal.h"
#include "../core/error.h"
#include "../core/util.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/loop.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

/*
 * The image file and its loop device.  The image is allocated, not
 * sparse, and nothing we run discards it, so every file system of a run
 * lands on the same blocks of the backing disk; collect_image_allocated
 * checks that this still holds.  One loop device serves the whole run:
 * each file system is made on it in turn.
 */

int collect_image_create(int dirfd, const char *name, const char *path, unsigned mib)
{
	int fd = openat(dirfd, name, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
	int ret;

	if (fd < 0)
		return err_set_errno("cannot create '%s'", path);
	close(fd);
	ret = collect_image_grow(dirfd, name, path, mib);
	return ret;
}

int collect_image_grow(int dirfd, const char *name, const char *path, unsigned mib)
{
	int fd = openat(dirfd, name, O_RDWR | O_NOFOLLOW | O_CLOEXEC), e, ret = 0;

	if (fd < 0)
		return err_set_errno("cannot open '%s'", path);
	e = posix_fallocate(fd, 0, (off_t)mib << 20);
	if (e) {
		errno = e;
		ret = err_set_errno("cannot allocate %u MiB for '%s'", mib, path);
	}
	if (close(fd) < 0 && !ret)
		ret = err_set_errno("cannot write '%s'", path);
	return ret;
}

int collect_image_allocated(int dirfd, const char *name, unsigned long long *allocated,
			    unsigned long long *size)
{
	struct stat st;

	if (fstatat(dirfd, name, &st, AT_SYMLINK_NOFOLLOW) < 0)
		return -1;
	*allocated = (unsigned long long)st.st_blocks * 512;
	*size = (unsigned long long)st.st_size;
	return 0;
}

int collect_loop_attach(struct collect_loop *l, int dirfd, const char *name, const char *path)
{
	int ctl = -1, img = -1, fd = -1, tries, ret = 0;
	struct loop_info64 info;
	struct strbuf dev = STRBUF_INIT;

	memset(l, 0, sizeof(*l));
	l->fd = -1;
	ctl = open("/dev/loop-control", O_RDWR | O_CLOEXEC);
	if (ctl < 0) {
		ret = err_set_errno("cannot open '/dev/loop-control' (loop devices need root "
				    "and the 'loop' module)");
		goto done;
	}
	img = openat(dirfd, name, O_RDWR | O_NOFOLLOW | O_CLOEXEC);
	if (img < 0) {
		ret = err_set_errno("cannot open '%s'", path);
		goto done;
	}
	memset(&info, 0, sizeof(info));
	strncpy((char *)info.lo_file_name, path, LO_NAME_SIZE - 1);
	/*
	 * Autoclear: the device goes away with the last close, so a SIGKILL
	 * leaves none behind once its mount is gone.  We hold it open, so it
	 * stays ours between one file system and the next.
	 */
	info.lo_flags = LO_FLAGS_AUTOCLEAR;
	/* Another process may grab the free device first: ask again. */
	for (tries = 0; tries < 20; tries++) {
		int n = ioctl(ctl, LOOP_CTL_GET_FREE);

		if (n < 0) {
			ret = err_set_errno("cannot get a free loop device");
			goto done;
		}
		strbuf_reset(&dev);
		strbuf_addf(&dev, "/dev/loop%d", n);
		fd = open(dev.buf, O_RDWR | O_CLOEXEC);
		if (fd < 0) {
			ret = err_set_errno("cannot open '%s'", dev.buf);
			goto done;
		}
		if (ioctl(fd, LOOP_SET_FD, img) == 0)
			break;
		if (errno != EBUSY) {
			ret = err_set_errno("cannot attach '%s' to '%s'", path, dev.buf);
			goto done;
		}
		close(fd);
		fd = -1;
	}
	if (fd < 0) {
		ret = err_set("cannot find a free loop device after %d tries", tries);
		goto done;
	}
	if (ioctl(fd, LOOP_SET_STATUS64, &info) < 0) {
		ret = err_set_errno("cannot set up '%s'", dev.buf);
		ioctl(fd, LOOP_CLR_FD, 0);
		goto done;
	}
	l->fd = fd;
	l->dev = strbuf_detach(&dev, NULL);
	l->name = xstrdup(strrchr(l->dev, '/') + 1);
	fd = -1;
done:
	if (fd >= 0)
		close(fd);
	if (img >= 0)
		close(img);
	if (ctl >= 0)
		close(ctl);
	strbuf_release(&dev);
	return ret;
}

int collect_loop_detach(struct collect_loop *l)
{
	int ret = 0;

	if (l->fd >= 0) {
		/* ENXIO: autoclear has already detached it. */
		if (ioctl(l->fd, LOOP_CLR_FD, 0) < 0 && errno != ENXIO && errno != EBUSY)
			ret = err_set_errno("cannot detach '%s'", l->dev);
		close(l->fd);
	}
	free(l->dev);
	free(l->name);
	memset(l, 0, sizeof(*l));
	l->fd = -1;
	return ret;
}

int collect_unmount(const char *dir)
{
	int tries;

	/* A killed child may still be closing its files: retry a little. */
	for (tries = 0; tries < 50; tries++) {
		if (umount2(dir, UMOUNT_NOFOLLOW) == 0 || errno == EINVAL || errno == ENOENT)
			return 0;
		if (errno != EBUSY)
			break;
		usleep(100 * 1000);
	}
	if (!collect_is_mounted(dir))
		return 0;
	return err_set_errno("cannot unmount '%s'", dir);
}
