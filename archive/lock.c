#include "internal.h"
#include "../core/error.h"
#include "../core/strbuf.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/*
 * Writers serialise on flock() of <gitdir>/benchpost.lock, held on a
 * descriptor that stays open until the lock is released.  The kernel drops
 * the lock when its holder dies, so a kill -9 never leaves a stale lock.
 * A lock is on an inode, not a name: a writer that locked a file someone
 * then deleted or replaced would share the archive with the next one, who
 * locks the new file.  So a writer checks, once it has the lock and again
 * before each step, that its descriptor is still the file at the path.
 *
 * The file is the lock record: "pid=N" while a writer holds it, plus what
 * it is doing when that leaves something behind if it dies (a ref or index
 * lock, a pack being written, a working tree half checked out):
 *
 *   benchpost-lock pid=N step=advance t=SEC.NSEC ref=R old=HEX|- new=HEX
 *   benchpost-lock pid=N step=pack|fetch t=SEC.NSEC
 *   benchpost-lock pid=N step=repack t=SEC.NSEC pack=NAME...
 *
 * Empty when the last writer finished cleanly.  The next writer repairs
 * exactly what the record names (recover.c), and nothing a plain git
 * working in the same repository may own.
 */
static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void lock_path(struct strbuf *out, struct archive *a)
{
	strbuf_addf(out, "%sbenchpost.lock", git_repository_path(a->repo));
}

/* The first line of the record (without its newline). */
static void read_record(struct strbuf *out, int fd)
{
	char buf[4096];
	ssize_t n = pread(fd, buf, sizeof(buf) - 1, 0);
	char *nl;

	strbuf_reset(out);
	if (n <= 0)
		return;
	buf[n] = '\0';
	if ((nl = memchr(buf, '\n', (size_t)n)))
		*nl = '\0';
	strbuf_addstr(out, buf);
	strbuf_trim(out);
}

/* " (pid N)" for the message, from a record or an older benchpost's bare pid. */
static void holder(struct strbuf *out, int fd)
{
	struct strbuf rec = STRBUF_INIT;
	const char *p;
	long pid;

	read_record(&rec, fd);
	p = strstr(rec.buf, "pid=");
	p = p ? p + 4 : rec.buf;
	pid = strtol(p, NULL, 10);
	if (pid > 0)
		strbuf_addf(out, " (pid %ld)", pid);
	strbuf_release(&rec);
}

/* Whether fd is still the file at path, not one deleted or replaced since. */
static int still_the_file(int fd, const char *path)
{
	struct stat mine, there;

	return !fstat(fd, &mine) && !lstat(path, &there) && mine.st_dev == there.st_dev &&
	       mine.st_ino == there.st_ino;
}

static int write_record(struct archive *a, const char *line)
{
	struct strbuf path = STRBUF_INIT;
	size_t len = strlen(line);
	int ret = 0;

	lock_path(&path, a);
	if (!still_the_file(a->lock_fd, path.buf)) {
		ret = err_set("the lock '%s' was removed or replaced while benchpost held it,"
			      " so another writer may be in the archive: stopped before changing it",
			      path.buf);
	} else if (pwrite(a->lock_fd, line, len, 0) != (ssize_t)len ||
		   ftruncate(a->lock_fd, (off_t)len)) {
		/* a record that cannot be kept would leave a crash unrepaired */
		ret = err_set_errno("cannot write the lock record '%s'", path.buf);
	}
	strbuf_release(&path);
	return ret;
}

/* "SEC.NSEC" now, by the clock file times come from, so that "written since" compares right. */
static void stamp(char *out, size_t size)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME_COARSE, &ts);
	snprintf(out, size, "%lld.%09ld", (long long)ts.tv_sec, ts.tv_nsec);
}

static void add_advance(struct strbuf *out, const char *t, const char *ref, const char *old,
			const char *new_hex)
{
	strbuf_addf(out, "benchpost-lock pid=%ld step=advance t=%s ref=%s old=%s new=%s\n",
		    (long)getpid(), t, ref, old, new_hex);
}

int archive_step(struct archive *a, const char *step, const char *args)
{
	struct strbuf line = STRBUF_INIT;
	char t[32];
	int ret;

	stamp(t, sizeof(t));
	strbuf_addf(&line, "benchpost-lock pid=%ld step=%s t=%s", (long)getpid(), step, t);
	if (args && *args)
		strbuf_addf(&line, " %s", args);
	strbuf_addch(&line, '\n');
	ret = write_record(a, line.buf);
	strbuf_release(&line);
	return ret;
}

int archive_step_advance(struct archive *a, const char *ref, const git_oid *old,
			 const git_oid *new_id)
{
	struct strbuf line = STRBUF_INIT;
	char old_hex[GIT_OID_HEXSZ + 1] = "-", new_hex[GIT_OID_HEXSZ + 1];
	int ret;

	stamp(a->step_t, sizeof(a->step_t));
	if (old)
		git_oid_tostr(old_hex, sizeof(old_hex), old);
	git_oid_tostr(new_hex, sizeof(new_hex), new_id);
	/* a tree still behind an earlier commit: the repair after a crash starts there */
	if (a->behind.set)
		add_advance(&line, a->behind.t, ref, a->behind.old, new_hex);
	else
		add_advance(&line, a->step_t, ref, old_hex, new_hex);
	ret = write_record(a, line.buf);
	strbuf_release(&line);
	return ret;
}

void archive_step_behind(struct archive *a, const char *ref, const git_oid *old,
			 const git_oid *new_id)
{
	struct archive_behind *b = &a->behind;

	/* behind an earlier commit already: the tree must still come from that one's base */
	if (!b->set) {
		memcpy(b->t, a->step_t, sizeof(b->t));
		if (old)
			git_oid_tostr(b->old, sizeof(b->old), old);
		else
			strcpy(b->old, "-");
		b->set = 1;
	}
	free(b->ref);
	b->ref = xstrdup(ref);
	git_oid_tostr(b->new_hex, sizeof(b->new_hex), new_id);
}

void archive_behind_clear(struct archive *a)
{
	free(a->behind.ref);
	memset(&a->behind, 0, sizeof(a->behind));
}

void archive_step_end(struct archive *a)
{
	struct strbuf line = STRBUF_INIT;
	const struct archive_behind *b = &a->behind;

	/* a working tree still behind stays in the record for the next writer */
	if (b->set)
		add_advance(&line, b->t, b->ref, b->old, b->new_hex);
	else
		strbuf_addf(&line, "benchpost-lock pid=%ld\n", (long)getpid());
	if (write_record(a, line.buf) < 0) {
		/* the next step's write says so */
	}
	strbuf_release(&line);
}

static int open_lock(int *fd, const char *path)
{
	/* never through a link: the lock is the archive's own file */
	*fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0666);
	if (*fd < 0)
		return err_set_errno("cannot open lock '%s'", path);
	return 0;
}

int archive_lock(struct archive *a)
{
	struct strbuf path = STRBUF_INIT, rec = STRBUF_INIT;
	double deadline = now() + a->lock_timeout;
	useconds_t pause_us = 1000;
	int fd = -1, ret = 0;

	if (a->lock_depth++)
		return 0;
	lock_path(&path, a);
	if ((ret = open_lock(&fd, path.buf)) < 0)
		goto done;
	for (;;) {
		if (!flock(fd, LOCK_EX | LOCK_NB)) {
			if (still_the_file(fd, path.buf))
				break;
			/* locked a file that is gone: the lock is the one at the path now */
			close(fd);
			if ((ret = open_lock(&fd, path.buf)) < 0)
				goto done;
			continue;
		}
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
	a->lock_fd = fd;
	fd = -1;
	/* What the last holder was doing when it died (or left behind): repaired first. */
	read_record(&rec, a->lock_fd);
	if (rec.len)
		archive_recover(a, rec.buf);
	archive_step_end(a);
done:
	if (ret < 0)
		a->lock_depth--;
	if (fd >= 0)
		close(fd);
	strbuf_release(&path);
	strbuf_release(&rec);
	return ret;
}

void archive_unlock(struct archive *a)
{
	if (!a->lock_depth || --a->lock_depth)
		return;
	/*
	 * An empty record tells the next writer that we finished cleanly; a
	 * working tree left behind stays named in it for the next writer.
	 */
	if (a->behind.set)
		archive_step_end(a);
	else if (ftruncate(a->lock_fd, 0)) {
		/* then the next writer finds our idle record: nothing to repair */
	}
	close(a->lock_fd); /* closing drops the flock */
	a->lock_fd = -1;
}

int archive_hold_lock(struct archive *a)
{
	return archive_lock(a);
}
