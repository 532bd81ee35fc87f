#include "collect_internal.h"
#include "../core/error.h"
#include "../core/util.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/statvfs.h>

/*
 * What a file system turned out to be once made and mounted, read back
 * rather than assumed: the options in force (ext4 lists every one,
 * defaults included, in /proc/fs/ext4/DEV/options; /proc/mounts only
 * the ones that differ), the features and geometry mkfs chose
 * (dumpe2fs -h, xfs_info, btrfs dump-super), and the usable size.
 */

/* The features mkfs chose; needs_recovery only says the journal is in use now. */
static void add_features(struct strbuf *out, const char *v, size_t len)
{
	strbuf_reset(out);
	while (len) {
		size_t wl = 0;

		while (len && *v == ' ') {
			v++;
			len--;
		}
		while (wl < len && v[wl] != ' ')
			wl++;
		if (wl && !(wl == 14 && !strncmp(v, "needs_recovery", 14)))
			strbuf_addf(out, "%s%.*s", out->len ? " " : "", (int)wl, v);
		v += wl;
		len -= wl;
	}
}

/* "Key:   value" lines of dumpe2fs -h: features and the geometry worth comparing. */
void collect_fsinfo_ext(struct strbuf *features, struct strbuf *layout, const char *text)
{
	static const struct { const char *key, *label; } keys[] = {
		{ "Block size", "block size" }, { "Inode size", "inode size" },
		{ "Inode count", "inodes" }, { "Total journal size", "journal" },
		{ "Reserved block count", "reserved blocks" },
		{ "Default mount options", "default mount options" },
	};
	const char *p = text;

	while (*p) {
		size_t len = strcspn(p, "\n"), i;
		const char *colon = memchr(p, ':', len);

		if (colon) {
			size_t klen = (size_t)(colon - p);
			const char *v = colon + 1;
			size_t vlen;

			while (v < p + len && (*v == ' ' || *v == '\t'))
				v++;
			vlen = (size_t)(p + len - v);
			while (vlen && isspace((unsigned char)v[vlen - 1]))
				vlen--;
			if (klen == 19 && !strncmp(p, "Filesystem features", 19))
				add_features(features, v, vlen);
			for (i = 0; i < ARRAY_SIZE(keys); i++)
				if (strlen(keys[i].key) == klen && !strncmp(p, keys[i].key, klen) && vlen)
					strbuf_addf(layout, "%s%s %.*s", layout->len ? ", " : "",
						    keys[i].label, (int)vlen, v);
		}
		p += len + (p[len] == '\n');
	}
}

/*
 * xfs_info: "section =name  key=value key=value, ..." lines; a line
 * starting with "=" continues the section above.  Every key=value, by
 * section, except the device path.
 */
void collect_fsinfo_xfs(struct strbuf *layout, const char *text)
{
	const char *p = text;

	while (*p) {
		size_t len = strcspn(p, "\n");
		const char *end = p + len, *q = p;
		size_t sl = strcspn(p, " =\n");

		if (sl && sl < len) {
			strbuf_addf(layout, "%s%.*s", layout->len ? "; " : "", (int)sl, p);
			q = p + sl;
		}
		while (q < end) {
			const char *tok, *eq;
			size_t tl;

			while (q < end && (*q == ' ' || *q == ',' || *q == '\t'))
				q++;
			tok = q;
			while (q < end && *q != ' ' && *q != ',' && *q != '\t')
				q++;
			tl = (size_t)(q - tok);
			eq = memchr(tok, '=', tl);
			if (!tl || !eq)
				continue;
			if (eq == tok) {
				/* "=internal log", "=none", "=version 2": the section's name */
				if (tl > 1 && tok[1] != '/')
					strbuf_addf(layout, " %.*s", (int)(tl - 1), tok + 1);
				continue;
			}
			if (eq[1] == '/')
				continue;   /* meta-data=/dev/loop0 */
			strbuf_addf(layout, " %.*s", (int)tl, tok);
		}
		p += len + (*end == '\n');
	}
}

/* btrfs inspect-internal dump-super: sizes, checksum and the incompat flag names. */
void collect_fsinfo_btrfs(struct strbuf *features, struct strbuf *layout, const char *text)
{
	static const char *const keys[] = { "sectorsize", "nodesize", "csum_type" };
	const char *p = text;
	int in_flags = 0;

	while (*p) {
		size_t len = strcspn(p, "\n"), i, kl = strcspn(p, " \t\n");
		const char *v = p + kl;

		while (v < p + len && (*v == ' ' || *v == '\t'))
			v++;
		if (kl == 14 && !strncmp(p, "incompat_flags", 14)) {
			in_flags = 1;
		} else if (in_flags && kl == 0) {
			const char *q = v;

			while (q < p + len) {
				size_t wl = strcspn(q, " \t|()\n");

				if (wl)
					strbuf_addf(features, "%s%.*s", features->len ? " " : "",
						    (int)wl, q);
				q += wl ? wl : 1;
			}
		} else {
			in_flags = 0;
		}
		for (i = 0; i < ARRAY_SIZE(keys); i++)
			if (strlen(keys[i]) == kl && !strncmp(p, keys[i], kl))
				strbuf_addf(layout, "%s%s %.*s", layout->len ? ", " : "", keys[i],
					    (int)(p + len - v), v);
		p += len + (p[len] == '\n');
	}
}

/* ext4 lists every option in force, one a line. */
static void ext4_options(struct facts *f, const char *loopname)
{
	struct strbuf path = STRBUF_INIT, sb = STRBUF_INIT;
	size_t i;

	strbuf_addf(&path, "/proc/fs/ext4/%s/options", loopname);
	if (strbuf_read_file(&sb, path.buf) == 0) {
		strbuf_trim(&sb);
		for (i = 0; i < sb.len; i++)
			if (sb.buf[i] == '\n')
				sb.buf[i] = ',';
		if (sb.len)
			facts_set(f, "fs-options", sb.buf);
	}
	strbuf_release(&path);
	strbuf_release(&sb);
}

void collect_fsinfo_read(struct facts *f, const struct collect_target *t,
			 const struct collect_loop *loop)
{
	struct strbuf out = STRBUF_INIT, features = STRBUF_INIT, layout = STRBUF_INIT;
	struct collect_mount_copy m;
	struct statvfs sv;
	const char *type = t->fs->type;

	collect_mount_copy_init(&m);
	if (collect_mount_of(&m, t->mnt) == 0 && !strcmp(m.dir.buf, t->mnt))
		facts_set(f, "mount-options", m.options.buf);
	collect_mount_copy_release(&m);
	facts_set(f, "mount-given", t->mount_used ? t->mount_used : "");
	facts_set(f, "mkfs-options", t->fs->mkfs_opts ? t->fs->mkfs_opts : "");
	facts_set(f, "mkfs-command", t->mkfs_cmd ? t->mkfs_cmd : "");
	if (!strncmp(type, "ext", 3)) {
		const char *argv[] = { "dumpe2fs", "-h", loop->dev, NULL };

		ext4_options(f, loop->name);
		if (collect_capture(&out, argv) == 0)
			collect_fsinfo_ext(&features, &layout, out.buf);
	} else if (!strcmp(type, "xfs")) {
		const char *argv[] = { "xfs_info", t->mnt, NULL };

		if (collect_capture(&out, argv) == 0)
			collect_fsinfo_xfs(&layout, out.buf);
	} else if (!strcmp(type, "btrfs")) {
		const char *argv[] = { "btrfs", "inspect-internal", "dump-super", loop->dev, NULL };

		if (collect_capture(&out, argv) == 0)
			collect_fsinfo_btrfs(&features, &layout, out.buf);
	}
	if (features.len)
		facts_set(f, "fs-features", features.buf);
	if (layout.len)
		facts_set(f, "fs-layout", layout.buf);
	if (statvfs(t->mnt, &sv) == 0) {
		strbuf_reset(&out);
		strbuf_addf(&out, "%.1f MiB", (double)sv.f_blocks * (double)sv.f_frsize / 1048576.0);
		facts_set(f, "fs-size", out.buf);
	}
	strbuf_release(&out);
	strbuf_release(&features);
	strbuf_release(&layout);
}
