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

int collect_image_create(const char *path, unsigned mib)
{
	int fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
	int ret = 0;

	if (fd < 0)
		return err_set_errno("cannot create '%s'", path);
	/*
	 * Allocated, not sparse: every file system then lands on the same
	 * blocks of the backing disk, one after the other.
	 */
	if (posix_fallocate(fd, 0, (off_t)mib << 20)) {
		errno = ENOSPC;
		ret = err_set_errno("cannot allocate %u MiB for '%s'", mib, path);
	}
	if (close(fd) < 0 && !ret)
		ret = err_set_errno("cannot write '%s'", path);
	return ret;
}

/* Unescapes /proc/mounts' octal escapes ("\040" for a space). */
static void unescape_mount_path(struct strbuf *out, const char *s, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++) {
		if (s[i] == '\\' && i + 3 < len &&
		    s[i + 1] >= '0' && s[i + 1] <= '3') {
			strbuf_addch(out, (char)((s[i + 1] - '0') * 64 + (s[i + 2] - '0') * 8 +
						 (s[i + 3] - '0')));
			i += 3;
		} else {
			strbuf_addch(out, s[i]);
		}
	}
}

int collect_is_mounted(const char *path)
{
	struct strbuf sb = STRBUF_INIT, mp = STRBUF_INIT;
	const char *p;
	int found = 0;

	if (strbuf_read_file(&sb, "/proc/mounts") < 0)
		return 0;
	for (p = sb.buf; *p && !found;) {
		size_t len = strcspn(p, "\n");
		const char *sp = memchr(p, ' ', len);

		if (sp) {
			const char *mpath = sp + 1;
			size_t mlen = strcspn(mpath, " \n");

			strbuf_reset(&mp);
			unescape_mount_path(&mp, mpath, mlen);
			found = !strcmp(mp.buf, path);
		}
		p += len + (p[len] == '\n');
	}
	strbuf_release(&sb);
	strbuf_release(&mp);
	return found;
}

static int loop_attach(struct collect_target *t, const char *image)
{
	int ctl = -1, img = -1, fd = -1, tries, ret = 0;
	struct loop_info64 info;
	struct strbuf dev = STRBUF_INIT;

	ctl = open("/dev/loop-control", O_RDWR | O_CLOEXEC);
	if (ctl < 0) {
		ret = err_set_errno("cannot open '/dev/loop-control' (loop devices need root "
				    "and the 'loop' module)");
		goto done;
	}
	img = open(image, O_RDWR | O_NOFOLLOW | O_CLOEXEC);
	if (img < 0) {
		ret = err_set_errno("cannot open '%s'", image);
		goto done;
	}
	memset(&info, 0, sizeof(info));
	strncpy((char *)info.lo_file_name, image, LO_NAME_SIZE - 1);
	/* Autoclear: the device goes away with the last close or unmount, even if we die. */
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
			ret = err_set_errno("cannot attach '%s' to '%s'", image, dev.buf);
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
	t->loopfd = fd;
	t->loopdev = strbuf_detach(&dev, NULL);
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

static void split_words(const char **argv, size_t *n, size_t max, char *copy)
{
	char *save = NULL, *w;

	for (w = strtok_r(copy, " \t", &save); w && *n < max; w = strtok_r(NULL, " \t", &save))
		argv[(*n)++] = w;
}

static int run_checked(const char *const argv[], const char *what)
{
	struct proc_result res = PROC_RESULT_INIT;
	struct proc_opts po = { .out = PROC_IO_CAPTURE, .err = PROC_IO_CAPTURE,
				.running = &collect_child };
	int ret = proc_run(&res, argv, &po);

	if (!ret && !proc_exited_ok(&res)) {
		struct strbuf why = STRBUF_INIT;

		proc_describe_status(&why, res.status);
		strbuf_trim(&res.err);
		ret = err_set("%s: '%s' %s%s%s", what, argv[0], why.buf, res.err.len ? ": " : "",
			      res.err.buf);
		strbuf_release(&why);
	}
	proc_result_release(&res);
	return ret;
}

int collect_target_make(struct collect_target *t, const char *image, const char *mnt,
			const struct collect_fs *fs)
{
	const char *argv[48];
	char *mkfs_copy = NULL;
	size_t n = 0;
	int ret;

	memset(t, 0, sizeof(*t));
	t->loopfd = -1;
	t->fs = fs;
	t->image = xstrdup(image);
	t->mnt = xstrdup(mnt);
	if (mkdir(mnt, 0755) < 0) {
		ret = err_set_errno("cannot create '%s'", mnt);
		goto done;
	}
	ret = loop_attach(t, image);
	if (ret < 0)
		goto done;

	argv[n++] = collect_mkfs_prog(fs->type);
	argv[n++] = collect_mkfs_force(fs->type);
	if (!strncmp(fs->type, "ext", 3))
		argv[n++] = "-q";
	else if (!strcmp(fs->type, "btrfs"))
		argv[n++] = "-q";
	if (fs->mkfs_opts) {
		mkfs_copy = xstrdup(fs->mkfs_opts);
		split_words(argv, &n, ARRAY_SIZE(argv) - 2, mkfs_copy);
	}
	argv[n++] = t->loopdev;
	argv[n] = NULL;
	ret = run_checked(argv, fs->spec);
	if (ret < 0)
		goto done;

	n = 0;
	argv[n++] = "mount";
	argv[n++] = "-t";
	argv[n++] = fs->type;
	if (fs->mount_opts) {
		argv[n++] = "-o";
		argv[n++] = fs->mount_opts;
	}
	argv[n++] = t->loopdev;
	argv[n++] = mnt;
	argv[n] = NULL;
	ret = run_checked(argv, fs->spec);
	/* Even a failed or interrupted mount(8) may have mounted it. */
	t->mounted = collect_is_mounted(mnt);
	if (ret < 0)
		goto done;
	if (!t->mounted) {
		ret = err_set("%s: '%s' is not mounted after mount(8)", fs->spec, mnt);
		goto done;
	}
	t->work = NULL;
done:
	free(mkfs_copy);
	return ret;
}

int collect_target_destroy(struct collect_target *t)
{
	int ret = 0, tries;

	if (t->mnt && (t->mounted || (t->loopdev && collect_is_mounted(t->mnt)))) {
		/* A killed child may still be closing its files: retry a little. */
		for (tries = 0; tries < 50; tries++) {
			if (umount2(t->mnt, 0) == 0 || errno == EINVAL || errno == ENOENT)
				break;
			if (errno != EBUSY) {
				tries = 50;
				break;
			}
			usleep(100 * 1000);
		}
		if (tries == 50 && collect_is_mounted(t->mnt)) {
			ret = err_set_errno("cannot unmount '%s'", t->mnt);
		} else {
			t->mounted = 0;
			rmdir(t->mnt);
		}
	} else if (t->mnt) {
		rmdir(t->mnt);
	}
	if (t->loopfd >= 0 && !t->mounted) {
		/* ENXIO: autoclear already detached it at unmount. */
		if (ioctl(t->loopfd, LOOP_CLR_FD, 0) < 0 && errno != ENXIO && errno != EBUSY && !ret)
			ret = err_set_errno("cannot detach '%s'", t->loopdev);
		close(t->loopfd);
		t->loopfd = -1;
	}
	if (!t->mounted) {
		free(t->loopdev);
		t->loopdev = NULL;
		free(t->mnt);
		t->mnt = NULL;
		free(t->image);
		t->image = NULL;
		free(t->work);
		t->work = NULL;
	}
	return ret;
}
