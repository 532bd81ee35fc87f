#include "internal.h"
#include "../core/error.h"
#include "../core/strbuf.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <time.h>
#include <unistd.h>

/*
 * Writers serialise on flock() of <gitdir>/benchpost.lock.  The kernel
 * drops the lock when its holder dies, so a kill -9 never leaves a stale
 * lock behind; the file only carries the holder's pid for the message.
 */
static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void holder(struct strbuf *out, int fd)
{
	struct strbuf sb = STRBUF_INIT;

	if (lseek(fd, 0, SEEK_SET) == 0 && strbuf_read_fd(&sb, fd) >= 0) {
		strbuf_trim(&sb);
		if (sb.len)
			strbuf_addf(out, " (pid %s)", sb.buf);
	}
	strbuf_release(&sb);
}

int archive_lock(struct archive *a)
{
	struct strbuf path = STRBUF_INIT, pid = STRBUF_INIT;
	double deadline = now() + a->lock_timeout;
	useconds_t pause_us = 1000;
	int fd, ret = 0;

	if (a->lock_depth++)
		return 0;
	strbuf_addf(&path, "%sbenchpost.lock", git_repository_path(a->repo));
	fd = open(path.buf, O_RDWR | O_CREAT | O_CLOEXEC, 0666);
	if (fd < 0) {
		ret = err_set_errno("cannot open lock '%s'", path.buf);
		goto done;
	}
	while (flock(fd, LOCK_EX | LOCK_NB)) {
		if (errno != EWOULDBLOCK && errno != EINTR) {
			ret = err_set_errno("cannot lock '%s'", path.buf);
			goto done;
		}
		if (now() >= deadline) {
			struct strbuf who = STRBUF_INIT;

			holder(&who, fd);
			err_set("archive '%s' is locked by another benchpost%s; gave up after %g s"
				" (BENCHPOST_LOCK_TIMEOUT sets the wait)", a->path, who.buf,
				a->lock_timeout);
			strbuf_release(&who);
			ret = BP_ELOCKED;
			goto done;
		}
		usleep(pause_us);
		if (pause_us < 50000)
			pause_us *= 2;
	}
	/* A pid still in the file: its writer died holding the lock. */
	holder(&pid, fd);
	if (pid.len)
		archive_recover(a);
	strbuf_reset(&pid);
	strbuf_addf(&pid, "%ld\n", (long)getpid());
	if (ftruncate(fd, 0) == 0 && pwrite(fd, pid.buf, pid.len, 0) < 0) {
		/* the pid is only for messages */
	}
	a->lock_fd = fd;
	fd = -1;
done:
	if (ret < 0)
		a->lock_depth--;
	if (fd >= 0)
		close(fd);
	strbuf_release(&path);
	strbuf_release(&pid);
	return ret;
}

void archive_unlock(struct archive *a)
{
	if (!a->lock_depth || --a->lock_depth)
		return;
	/*
	 * An empty file tells the next writer that we finished cleanly; our
	 * pid left in it makes the next writer repair the working tree.
	 */
	if (!a->worktree_behind && ftruncate(a->lock_fd, 0)) {
		/* then the next writer only checks for leftovers */
	}
	close(a->lock_fd); /* closing drops the flock */
	a->lock_fd = -1;
}

int archive_hold_lock(struct archive *a)
{
	return archive_lock(a);
}

