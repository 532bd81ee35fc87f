#include "collect_internal.h"
#include "../core/error.h"
#include "../core/util.h"

#include <stdlib.h>
#include <string.h>

/*
 * The file systems benchpost knows how to make: the mkfs program, the
 * flag that lets it overwrite the shared image without asking, the one
 * that keeps it from discarding the image (a discard punches holes in the
 * backing file, and the next file system would land on other blocks), a
 * mount option of ours unless the user's options decide the matter, and
 * where to get the program when it is missing.
 */
static const struct collect_fs_type fs_types[] = {
	{ "ext2", "mkfs.ext2", "-F", "-E", "nodiscard", NULL, NULL, "e2fsprogs" },
	{ "ext3", "mkfs.ext3", "-F", "-E", "nodiscard", NULL, NULL, "e2fsprogs" },
	/*
	 * A fresh ext4 leaves its inode tables to a kernel thread that writes
	 * them after mount, during the first timed steps: noinit_itable keeps
	 * it from doing so (ext2 and ext3 have mke2fs write them).
	 */
	{ "ext4", "mkfs.ext4", "-F", "-E", "nodiscard", "noinit_itable", "init_itable",
	  "e2fsprogs" },
	{ "xfs", "mkfs.xfs", "-f", "-K", NULL, NULL, NULL, "xfsprogs" },
	/* btrfs turns discard=async on by itself (Linux 6.2) where the device has it */
	{ "btrfs", "mkfs.btrfs", "-f", "-K", NULL, "nodiscard", "discard", "btrfs-progs" },
	{ NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL },
};

static const struct collect_fs_type *fs_type_find(const char *name, size_t len)
{
	const struct collect_fs_type *t;

	for (t = fs_types; t->name; t++)
		if (strlen(t->name) == len && !strncmp(t->name, name, len))
			return t;
	return NULL;
}

const char *collect_fs_type_name(size_t i)
{
	return i + 1 < ARRAY_SIZE(fs_types) ? fs_types[i].name : NULL;
}

const struct collect_fs_type *collect_fs_types(void)
{
	return fs_types;
}

const struct collect_fs_type *collect_fs_type(const char *type)
{
	return fs_type_find(type, strlen(type));
}

void collect_fs_names(struct strbuf *out, const char *sep)
{
	const struct collect_fs_type *t;

	for (t = fs_types; t->name; t++)
		strbuf_addf(out, "%s%s", t == fs_types ? "" : sep, t->name);
}

/* "ext4" or "ext4:..." starts a new entry; anything else continues the options. */
static int starts_entry(const char *tok, size_t len)
{
	const char *colon = memchr(tok, ':', len);

	return fs_type_find(tok, colon ? (size_t)(colon - tok) : len) != NULL;
}

static void add_entry(struct collect_fs_list *out, const char *spec, size_t len)
{
	struct collect_fs *fs;
	const char *c1, *c2, *end = spec + len;

	ALLOC_GROW(out->v, out->nr + 1, out->alloc);
	fs = &out->v[out->nr++];
	memset(fs, 0, sizeof(*fs));
	fs->spec = xstrndup(spec, len);
	c1 = memchr(spec, ':', len);
	fs->type = xstrndup(spec, c1 ? (size_t)(c1 - spec) : len);
	if (!c1)
		return;
	c2 = memchr(c1 + 1, ':', (size_t)(end - c1 - 1));
	if (c2 ? c2 > c1 + 1 : end > c1 + 1)
		fs->mount_opts = xstrndup(c1 + 1, (size_t)((c2 ? c2 : end) - c1 - 1));
	if (c2 && end > c2 + 1)
		fs->mkfs_opts = xstrndup(c2 + 1, (size_t)(end - c2 - 1));
}

int collect_fs_parse(struct collect_fs_list *out, const char *list)
{
	const char *p = list, *entry = NULL;

	if (!*list)
		return err_set("--fs: empty list; expected e.g. 'ext2,ext3:data=writeback,ext4'");
	/*
	 * Mount options contain commas too ("ext3:data=writeback,noatime"), so
	 * a comma only starts a new entry when a known file system follows.
	 */
	while (*p) {
		size_t len = strcspn(p, ",");

		if (!entry) {
			if (!starts_entry(p, len))
				goto unknown;
			entry = p;
		} else if (starts_entry(p, len)) {
			add_entry(out, entry, (size_t)(p - 1 - entry));
			entry = p;
		} else if (!memchr(entry, ':', (size_t)(p - entry))) {
			goto unknown;
		}
		p += len;
		if (*p == ',')
			p++;
	}
	if (entry)
		add_entry(out, entry, strlen(entry));
	return 0;
unknown:
	{
		struct strbuf known = STRBUF_INIT;
		size_t len = strcspn(p, ",:");
		int ret;

		collect_fs_names(&known, ", ");
		ret = err_set("--fs: unknown file system '%.*s'; known: %s", (int)len, p, known.buf);
		strbuf_release(&known);
		return ret;
	}
}

void collect_fs_list_release(struct collect_fs_list *l)
{
	size_t i;

	for (i = 0; i < l->nr; i++) {
		free(l->v[i].spec);
		free(l->v[i].type);
		free(l->v[i].mount_opts);
		free(l->v[i].mkfs_opts);
	}
	free(l->v);
	memset(l, 0, sizeof(*l));
}

/* Names the Debian package or kernel module that is missing. */
int collect_fs_check(const struct collect_fs *fs)
{
	const struct collect_fs_type *t = collect_fs_type(fs->type);
	struct strbuf sb = STRBUF_INIT, line = STRBUF_INIT;
	int found = 0;

	if (!t)
		return err_set("unknown file system '%s'", fs->type);
	if (!proc_available(t->mkfs))
		return err_set("cannot find '%s' for '%s': install the Debian package '%s'",
			       t->mkfs, fs->spec, t->package);
	if (strbuf_read_file(&sb, "/proc/filesystems") < 0) {
		strbuf_release(&sb);
		return err_set_errno("cannot read '/proc/filesystems'");
	}
	for (const char *p = sb.buf; *p && !found;) {
		size_t len = strcspn(p, "\n");

		strbuf_reset(&line);
		strbuf_add(&line, p, len);
		strbuf_trim(&line);
		found = !strcmp(line.buf, fs->type);
		p += len + (p[len] == '\n');
	}
	if (!found && proc_available("modprobe")) {
		const char *argv[] = { "modprobe", fs->type, NULL };
		struct proc_result res = PROC_RESULT_INIT;

		/* The kernel may know it only as a module not yet loaded. */
		if (!proc_run(&res, argv, NULL) && proc_exited_ok(&res))
			found = 1;
		proc_result_release(&res);
	}
	strbuf_release(&sb);
	strbuf_release(&line);
	if (!found)
		return err_set("the kernel does not support '%s': load the module "
			       "'%s' (modprobe %s) or build it in", fs->type, fs->type, fs->type);
	return 0;
}
