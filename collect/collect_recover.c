#include "collect_internal.h"
#include "../core/error.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/loop.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/*
 * A run killed with SIGKILL (or a crash, or a power cut) leaves its
 * scratch directory behind, often with a file system still mounted in
 * it.  The next run in the same place sweeps it: only scratch whose owner
 * record says its owner is dead (collect_owner.c), never one without a
 * record or of a live process, which may be another run going on now.
 * The data-set cache's half-built entries are swept the same way.
 */

struct sweep {
	struct strbuf prefix;   /* "/var/tmp/benchpost-run.X/" */
	char **dirs;            /* mount points below it, deepest first */
	size_t nr, alloc;
};

static int below(void *payload, const struct collect_mount *m)
{
	struct sweep *s = payload;

	if (!strncmp(m->dir, s->prefix.buf, s->prefix.len)) {
		ALLOC_GROW(s->dirs, s->nr + 1, s->alloc);
		s->dirs[s->nr++] = xstrdup(m->dir);
	}
	return 0;
}

static int deeper_first(const void *a, const void *b)
{
	size_t la = strlen(*(char *const *)a), lb = strlen(*(char *const *)b);

	return la < lb ? 1 : la > lb ? -1 : 0;
}

static int unmount_one(const char *dir)
{
	int tries;

	for (tries = 0; tries < 20; tries++) {
		if (umount2(dir, UMOUNT_NOFOLLOW) == 0 || errno == EINVAL || errno == ENOENT)
			return 0;
		if (errno != EBUSY)
			return -1;
		usleep(50 * 1000);
	}
	/* Still busy: a process of the dead run lives on; take it out of the tree. */
	return umount2(dir, MNT_DETACH | UMOUNT_NOFOLLOW);
}

/* Loop devices whose image lies in the dead scratch (no autoclear without a mount). */
static void detach_loops(const char *prefix, size_t plen, struct strbuf *done)
{
	DIR *d = opendir("/sys/block");
	struct dirent *de;

	if (!d)
		return;
	while ((de = readdir(d))) {
		struct strbuf path = STRBUF_INIT, back = STRBUF_INIT;

		if (strncmp(de->d_name, "loop", 4))
			continue;
		strbuf_addf(&path, "/sys/block/%s/loop/backing_file", de->d_name);
		if (strbuf_read_file(&back, path.buf) == 0 && !strncmp(back.buf, prefix, plen)) {
			int fd;

			strbuf_reset(&path);
			strbuf_addf(&path, "/dev/%s", de->d_name);
			fd = open(path.buf, O_RDONLY | O_CLOEXEC);
			if (fd >= 0 && ioctl(fd, LOOP_CLR_FD, 0) == 0)
				strbuf_addf(done, ", detached %s", path.buf);
			if (fd >= 0)
				close(fd);
		}
		strbuf_release(&path);
		strbuf_release(&back);
	}
	closedir(d);
}

static void sweep_one(int parent_fd, const char *parent, const char *name,
		      const struct collect_owner *o, struct bp_warn *warn)
{
	struct sweep s = { .prefix = STRBUF_INIT };
	struct strbuf done = STRBUF_INIT, path = STRBUF_INIT;
	struct collect_tree_stats st = { 0 };
	char when[64] = "";
	size_t i, unmounted = 0;
	int ret;

	strbuf_addf(&path, "%s%s%s", parent, strcmp(parent, "/") ? "/" : "", name);
	strbuf_addf(&s.prefix, "%s/", path.buf);
	collect_mounts_each(below, &s);
	if (s.nr)
		qsort(s.dirs, s.nr, sizeof(*s.dirs), deeper_first);
	for (i = 0; i < s.nr; i++) {
		if (unmount_one(s.dirs[i]) == 0)
			unmounted++;
		else
			bp_warnf(warn, "cannot unmount '%s' left by a dead run: %s", s.dirs[i],
				 strerror(errno));
		free(s.dirs[i]);
	}
	free(s.dirs);
	if (unmounted)
		strbuf_addf(&done, ", unmounted %zu file system%s", unmounted,
			    unmounted == 1 ? "" : "s");
	detach_loops(s.prefix.buf, s.prefix.len, &done);
	ret = collect_tree_remove(parent_fd, name, path.buf, &st);
	if (o->started > 0) {
		time_t t = (time_t)o->started;
		struct tm tm;

		if (localtime_r(&t, &tm))
			strftime(when, sizeof(when), ", started %Y-%m-%d %H:%M", &tm);
	}
	if (ret < 0)
		bp_warnf(warn, "found '%s' of a run that died (pid %ld%s)%s; cannot remove it: %s",
			 path.buf, o->pid, when, done.buf, err_last());
	else
		bp_warnf(warn, "cleaned up '%s' of a run that died (pid %ld%s)%s, removed %llu "
			 "files (%.1f MiB)", path.buf, o->pid, when, done.buf, st.files,
			 (double)st.bytes / 1048576.0);
	strbuf_release(&s.prefix);
	strbuf_release(&done);
	strbuf_release(&path);
}

int collect_recover(const char *parent, const char *prefix, struct bp_warn *warn)
{
	int fd = open(parent, O_RDONLY | O_DIRECTORY | O_CLOEXEC), dfd;
	char *real = realpath(parent, NULL);
	DIR *d;
	struct dirent *de;

	if (fd < 0 || !real || (dfd = dup(fd)) < 0 || !(d = fdopendir(dfd))) {
		/* Nothing to sweep where nothing can be read; the scratch check says why. */
		if (fd >= 0)
			close(fd);
		free(real);
		return 0;
	}
	while ((de = readdir(d))) {
		struct collect_owner o;
		struct stat st;
		int sfd, lock = -1;

		if (strncmp(de->d_name, prefix, strlen(prefix)))
			continue;
		if (fstatat(fd, de->d_name, &st, AT_SYMLINK_NOFOLLOW) < 0 || !S_ISDIR(st.st_mode))
			continue;
		sfd = collect_open_dir_at(fd, de->d_name);
		if (sfd < 0)
			continue;
		/* The lock taken here is held while sweeping: two sweepers never meet. */
		if (collect_owner_check(sfd, &o, &lock) == COLLECT_OWNER_DEAD)
			sweep_one(fd, real, de->d_name, &o, warn);
		if (lock >= 0)
			close(lock);
		close(sfd);
	}
	closedir(d);
	close(fd);
	free(real);
	return 0;
}
