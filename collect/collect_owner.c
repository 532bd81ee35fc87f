#include "collect_internal.h"
#include "../core/error.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/*
 * The owner record of a scratch directory ("owner" in it):
 *
 *   benchpost-scratch 1
 *   pid 4242
 *   start 1234567        (the process's start, in clock ticks since boot)
 *   boot 0b6a9f1e-...    (/proc/sys/kernel/random/boot_id)
 *   pidns 4026531836     (the pid namespace the pid means something in)
 *   started 1764618600   (wall clock, for messages)
 *
 * The owner keeps the file locked (flock) while it lives; the kernel
 * drops the lock when the process dies however it dies.
 */

#define OWNER_MAGIC "benchpost-scratch 1"

/* Field 22 of /proc/PID/stat, after the command name in parentheses. */
static unsigned long long start_ticks(const char *stat_text)
{
	const char *p = strrchr(stat_text, ')');
	int field;

	if (!p)
		return 0;
	p++;
	/* after ")" comes field 3 (state) */
	for (field = 3; field < 22 && *p; field++) {
		while (*p == ' ')
			p++;
		while (*p && *p != ' ')
			p++;
	}
	while (*p == ' ')
		p++;
	return strtoull(p, NULL, 10);
}

/* The start time of a live process, in clock ticks after boot; 0 when none. */
unsigned long long collect_proc_start(long pid)
{
	struct strbuf path = STRBUF_INIT, text = STRBUF_INIT;
	unsigned long long start = 0;
	const char *paren;

	strbuf_addf(&path, "/proc/%ld/stat", pid);
	/* a zombie (killed, not yet reaped) is as dead as it gets: no start */
	if (strbuf_read_file(&text, path.buf) == 0 && (paren = strrchr(text.buf, ')')) &&
	    paren[1] == ' ' && paren[2] != 'Z' && paren[2] != 'X')
		start = start_ticks(text.buf);
	strbuf_release(&path);
	strbuf_release(&text);
	return start;
}

static void read_boot_id(char *out, size_t size)
{
	struct strbuf sb = STRBUF_INIT;

	out[0] = '\0';
	if (strbuf_read_file(&sb, "/proc/sys/kernel/random/boot_id") == 0) {
		strbuf_trim(&sb);
		snprintf(out, size, "%s", sb.buf);
	}
	strbuf_release(&sb);
}

static unsigned long long pid_ns(void)
{
	struct stat st;

	return stat("/proc/self/ns/pid", &st) == 0 ? (unsigned long long)st.st_ino : 0;
}

void collect_owner_self(struct collect_owner *o)
{
	memset(o, 0, sizeof(*o));
	o->pid = (long)getpid();
	o->start = collect_proc_start(o->pid);
	read_boot_id(o->boot, sizeof(o->boot));
	o->pidns = pid_ns();
	o->started = (long long)time(NULL);
}

void collect_owner_format(struct strbuf *out, const struct collect_owner *o)
{
	strbuf_addf(out, OWNER_MAGIC "\npid %ld\nstart %llu\nboot %s\npidns %llu\nstarted %lld\n",
		    o->pid, o->start, o->boot, o->pidns, o->started);
}

static int parse_num(const char *v, unsigned long long *out)
{
	char *end;

	if (*v < '0' || *v > '9')
		return -1;
	errno = 0;
	*out = strtoull(v, &end, 10);
	return errno || *end ? -1 : 0;
}

int collect_owner_parse(struct collect_owner *o, const char *text, size_t len)
{
	struct strbuf line = STRBUF_INIT;
	size_t pos = 0;
	unsigned seen = 0;
	int ret = 0, first = 1;

	memset(o, 0, sizeof(*o));
	while (pos < len && !ret) {
		const char *nl = memchr(text + pos, '\n', len - pos);
		size_t n = nl ? (size_t)(nl - (text + pos)) : len - pos;
		unsigned long long v = 0;
		const char *sp;

		strbuf_reset(&line);
		strbuf_add(&line, text + pos, n);
		pos += n + (nl != NULL);
		if (strlen(line.buf) != line.len) {
			ret = -1;
			break;
		}
		if (first) {
			ret = strcmp(line.buf, OWNER_MAGIC) ? -1 : 0;
			first = 0;
			continue;
		}
		sp = strchr(line.buf, ' ');
		if (!sp) {
			ret = line.len ? -1 : 0;
			continue;
		}
		if (!strncmp(line.buf, "boot ", 5)) {
			if (line.len - 5 >= sizeof(o->boot))
				ret = -1;
			else
				memcpy(o->boot, line.buf + 5, line.len - 5 + 1);
			seen |= 1;
			continue;
		}
		if (parse_num(sp + 1, &v) < 0) {
			ret = -1;
		} else if (!strncmp(line.buf, "pid ", 4)) {
			ret = v < 1 || v > 0x7fffffff ? -1 : 0;
			o->pid = (long)v;
			seen |= 2;
		} else if (!strncmp(line.buf, "start ", 6)) {
			o->start = v;
			seen |= 4;
		} else if (!strncmp(line.buf, "pidns ", 6)) {
			o->pidns = v;
		} else if (!strncmp(line.buf, "started ", 8)) {
			o->started = v > 0x7fffffffffffLL ? 0 : (long long)v;
		}
		/* other keys: a later version's; ignored */
	}
	strbuf_release(&line);
	if (!ret && (first || (seen & 7) != 7))
		ret = -1;
	return ret;
}

int collect_owner_write(int dirfd, const struct collect_owner *o, int *lock_fd)
{
	struct strbuf sb = STRBUF_INIT;
	int fd, ret = 0;

	collect_owner_format(&sb, o);
	fd = openat(dirfd, "owner.new", O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
	if (fd < 0) {
		ret = err_set_errno("cannot create 'owner.new'");
		goto done;
	}
	/* Locked before it has its name: nobody can see it unlocked. */
	if (flock(fd, LOCK_EX | LOCK_NB) < 0 || write(fd, sb.buf, sb.len) != (ssize_t)sb.len ||
	    renameat(dirfd, "owner.new", dirfd, "owner") < 0) {
		ret = err_set_errno("cannot write 'owner'");
		close(fd);
		goto done;
	}
	*lock_fd = fd;
done:
	strbuf_release(&sb);
	return ret;
}

enum collect_owner_state collect_owner_check(int dirfd, struct collect_owner *o, int *lock_fd)
{
	struct strbuf sb = STRBUF_INIT;
	struct stat st;
	int fd = openat(dirfd, "owner", O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
	enum collect_owner_state state = COLLECT_OWNER_UNKNOWN;
	char boot[sizeof(o->boot)];

	*lock_fd = -1;
	if (fd < 0)
		return COLLECT_OWNER_NONE;
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode) || st.st_size > 4096 ||
	    strbuf_read_fd(&sb, fd) < 0 || collect_owner_parse(o, sb.buf, sb.len) < 0)
		goto done;
	/* The owner holds the lock while it lives. */
	if (flock(fd, LOCK_EX | LOCK_NB) < 0) {
		state = COLLECT_OWNER_ALIVE;
		goto done;
	}
	read_boot_id(boot, sizeof(boot));
	state = COLLECT_OWNER_DEAD;
	/* Same boot, same namespace: the pid must be gone or another process's. */
	if (!strcmp(boot, o->boot) && o->pidns == pid_ns() &&
	    (kill((pid_t)o->pid, 0) == 0 || errno == EPERM) &&
	    collect_proc_start(o->pid) == o->start)
		state = COLLECT_OWNER_ALIVE;
	if (state == COLLECT_OWNER_DEAD) {
		*lock_fd = fd;
		fd = -1;
	}
done:
	if (fd >= 0)
		close(fd);
	strbuf_release(&sb);
	return state;
}
