#include "collect_internal.h"
#include "../core/error.h"
#include "../core/util.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

/*
 * mkfs and mount of one --fs entry on the run's loop device, without
 * discard (see collect_fsspec.c).  When mount fails, the kernel's own
 * words (from /dev/kmsg) say why better than mount(8)'s "wrong fs type,
 * bad option, bad superblock": they become the error.
 */

static int kmsg_open(void)
{
	int fd = open("/dev/kmsg", O_RDONLY | O_NONBLOCK | O_CLOEXEC);

	if (fd >= 0)
		lseek(fd, 0, SEEK_END);
	return fd;
}

/* Whether a kernel message is about our device or names a file system driver. */
static int kmsg_ours(const char *msg, const char *loopname)
{
	const char *p = strstr(msg, loopname);
	size_t len = strcspn(msg, ": (");
	const struct collect_fs_type *t;

	if (p && !isdigit((unsigned char)p[strlen(loopname)]))
		return 1;
	/* "ext4: Unknown parameter 'x'": the driver's own words name no device */
	for (t = collect_fs_types(); t->name; t++)
		if (strlen(t->name) == len && !strncasecmp(msg, t->name, len) && msg[len] == ':')
			return 1;
	return 0;
}

void collect_kmsg_pick(struct strbuf *out, const char *record, size_t len, const char *loopname)
{
	const char *semi = memchr(record, ';', len);
	struct strbuf msg = STRBUF_INIT;
	size_t i;

	if (!semi)
		return;
	semi++;
	/* the message ends at its newline; continuation lines ("key=value") follow */
	for (i = 0; semi + i < record + len && semi[i] != '\n'; i++)
		strbuf_addch(&msg, isprint((unsigned char)semi[i]) ? semi[i] : '?');
	if (msg.len && kmsg_ours(msg.buf, loopname)) {
		if (out->len)
			strbuf_addstr(out, "; ");
		strbuf_add(out, msg.buf, msg.len);
	}
	strbuf_release(&msg);
}

static void kmsg_read(int fd, struct strbuf *out, const char *loopname)
{
	char buf[8192];
	int n;

	for (n = 0; fd >= 0 && n < 1000; n++) {
		ssize_t r = read(fd, buf, sizeof(buf));

		if (r < 0 && errno == EPIPE)   /* overwritten under us: go on */
			continue;
		if (r <= 0)
			break;
		collect_kmsg_pick(out, buf, (size_t)r, loopname);
	}
}

/* The user's "-E a,b" gets ",nodiscard" added; else "-E nodiscard" is appended. */
static void mkfs_argv(struct collect_argv *a, const struct collect_fs *fs,
		      const struct collect_fs_type *t, const char *dev)
{
	int merged = 0;
	size_t i, first;

	collect_argv_push(a, t->mkfs);
	collect_argv_push(a, t->force);
	collect_argv_push(a, "-q");
	first = a->nr;
	if (fs->mkfs_opts)
		collect_argv_split(a, fs->mkfs_opts);
	for (i = first; t->nodiscard_arg && i + 1 < a->nr; i++) {
		if (!strcmp(a->v[i], t->nodiscard) && !merged) {
			if (!strstr(a->v[i + 1], "discard")) {
				struct strbuf sb = STRBUF_INIT;

				strbuf_addf(&sb, "%s,%s", a->v[i + 1], t->nodiscard_arg);
				collect_argv_replace(a, i + 1, sb.buf);
				strbuf_release(&sb);
			}
			merged = 1;
		}
	}
	if (!merged && !(fs->mkfs_opts && strstr(fs->mkfs_opts, "discard"))) {
		collect_argv_push(a, t->nodiscard);
		if (t->nodiscard_arg)
			collect_argv_push(a, t->nodiscard_arg);
	}
	collect_argv_push(a, dev);
}

static void mount_opts(struct strbuf *out, const struct collect_fs *fs,
		       const struct collect_fs_type *t)
{
	if (fs->mount_opts)
		strbuf_addstr(out, fs->mount_opts);
	if (t->mount_extra && !(fs->mount_opts && strstr(fs->mount_opts, t->mount_unless)))
		strbuf_addf(out, "%s%s", out->len ? "," : "", t->mount_extra);
}

static int run_checked(const char *const argv[], const char *what)
{
	struct proc_result res = PROC_RESULT_INIT;
	struct proc_opts po = { .out = PROC_IO_CAPTURE, .err = PROC_IO_CAPTURE,
				.running = &collect_child };
	int ret = proc_run(&res, argv, &po);

	if (!ret && collect_interrupted())
		ret = err_set("interrupted while running '%s'", argv[0]);
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

int collect_mkfs(struct collect_target *t, const struct collect_loop *loop,
		 const struct collect_fs *fs)
{
	const struct collect_fs_type *type = collect_fs_type(fs->type);
	struct collect_argv a = COLLECT_ARGV_INIT;
	int ret;

	if (!type)
		return err_set("unknown file system '%s'", fs->type);
	mkfs_argv(&a, fs, type, loop->dev);
	free(t->mkfs_cmd);
	t->mkfs_cmd = collect_argv_join(&a, a.nr - 1);
	ret = run_checked((const char *const *)a.v, fs->spec);
	collect_argv_release(&a);
	return ret;
}

int collect_mount_fs(struct collect_target *t, const struct collect_loop *loop, const char *mnt,
		     const struct collect_fs *fs)
{
	const struct collect_fs_type *type = collect_fs_type(fs->type);
	struct collect_argv a = COLLECT_ARGV_INIT;
	struct strbuf opts = STRBUF_INIT, kmsg = STRBUF_INIT;
	int ret, kfd;

	if (!type)
		return err_set("unknown file system '%s'", fs->type);
	mount_opts(&opts, fs, type);
	free(t->mount_used);
	t->mount_used = xstrdup(opts.buf);
	collect_argv_push(&a, "mount");
	collect_argv_push(&a, "-t");
	collect_argv_push(&a, fs->type);
	if (opts.len) {
		collect_argv_push(&a, "-o");
		collect_argv_push(&a, opts.buf);
	}
	collect_argv_push(&a, loop->dev);
	collect_argv_push(&a, mnt);
	kfd = kmsg_open();
	ret = run_checked((const char *const *)a.v, fs->spec);
	/* Even a failed or interrupted mount(8) may have mounted it. */
	t->mounted = collect_is_mounted(mnt);
	if (ret < 0 && !collect_interrupted()) {
		/* the kernel may log a moment after the call returns */
		usleep(20 * 1000);
		kmsg_read(kfd, &kmsg, loop->name);
		if (kmsg.len)
			ret = err_set("%s: cannot mount %s%s%s: the kernel says: %s", fs->spec,
				      loop->dev, opts.len ? " with -o " : "",
				      opts.len ? opts.buf : "", kmsg.buf);
	}
	if (!ret && !t->mounted)
		ret = err_set("%s: '%s' is not mounted after mount(8)", fs->spec, mnt);
	if (kfd >= 0)
		close(kfd);
	collect_argv_release(&a);
	strbuf_release(&opts);
	strbuf_release(&kmsg);
	return ret;
}

int collect_mkfs_mount(struct collect_target *t, const struct collect_loop *loop,
		       const char *mnt, const struct collect_fs *fs)
{
	int ret = collect_mkfs(t, loop, fs);

	return ret < 0 ? ret : collect_mount_fs(t, loop, mnt, fs);
}
