#include "collect_internal.h"
#include "../core/error.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/*
 * The data-set cache: $XDG_CACHE_HOME/benchpost/datasets/<key>/, one
 * directory per data set (a generator version and seed, or a source
 * tarball by path, size and mtime), holding its files and a MANIFEST:
 *
 *   benchpost-dataset 1
 *   origin generated (seed 1, 4000 files, 285 directories, depth 8)
 *   files 4000
 *   sha256 <64 hex> ktree-quick-seed1.tar.gz
 *   sha256 <64 hex> ktree-quick-seed1.tar
 *
 * An entry is built in a temporary directory and renamed into place, so
 * a reader sees a whole entry or none; each use checks every file against
 * its sha256, and an entry that fails is rebuilt.
 */

#define MANIFEST_MAGIC "benchpost-dataset 1"

void collect_dcache_root(struct strbuf *out, const char *given)
{
	const char *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");

	if (given)
		strbuf_addstr(out, given);
	else if (xdg && *xdg == '/')
		strbuf_addf(out, "%s/benchpost", xdg);
	else if (home && *home == '/')
		strbuf_addf(out, "%s/.cache/benchpost", home);
}

static int safe_name(const char *s, size_t len)
{
	size_t i;

	if (!len || (len == 1 && s[0] == '.') || (len == 2 && !strncmp(s, "..", 2)))
		return 0;
	for (i = 0; i < len; i++)
		if (s[i] == '/' || (unsigned char)s[i] < 0x20)
			return 0;
	return 1;
}

int collect_manifest_parse(struct collect_manifest *m, const char *text, size_t len)
{
	const char *p = text, *end = text + len;
	int first = 1;

	memset(m, 0, sizeof(*m));
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t ll = nl ? (size_t)(nl - p) : (size_t)(end - p);

		if (memchr(p, '\0', ll))
			return -1;
		if (first) {
			if (ll != strlen(MANIFEST_MAGIC) || strncmp(p, MANIFEST_MAGIC, ll))
				return -1;
			first = 0;
		} else if (ll > 7 && !strncmp(p, "origin ", 7)) {
			free(m->origin);
			m->origin = xstrndup(p + 7, ll - 7);
		} else if (ll > 6 && !strncmp(p, "files ", 6)) {
			char num[24];

			if (ll - 6 >= sizeof(num))
				return -1;
			memcpy(num, p + 6, ll - 6);
			num[ll - 6] = '\0';
			m->files = strtoull(num, NULL, 10);
		} else if (ll > 7 + 64 + 1 && !strncmp(p, "sha256 ", 7) && p[7 + 64] == ' ') {
			size_t i;

			if (m->nr == COLLECT_MANIFEST_MAX || !safe_name(p + 72, ll - 72))
				return -1;
			for (i = 0; i < 64; i++)
				if (!strchr("0123456789abcdef", p[7 + i]) || !p[7 + i])
					return -1;
			memcpy(m->sum[m->nr], p + 7, 64);
			m->sum[m->nr][64] = '\0';
			m->file[m->nr] = xstrndup(p + 72, ll - 72);
			m->nr++;
		} else if (ll) {
			/* an unknown key: a later version's entry; not ours to trust */
			return -1;
		}
		p += ll + (nl != NULL);
	}
	return first || !m->nr ? -1 : 0;
}

void collect_manifest_release(struct collect_manifest *m)
{
	size_t i;

	for (i = 0; i < m->nr; i++)
		free(m->file[i]);
	free(m->origin);
	memset(m, 0, sizeof(*m));
}

int collect_sha256(char out[65], const char *path)
{
	const char *argv[] = { "sha256sum", "--", path, NULL };
	struct strbuf sb = STRBUF_INIT;
	int ret = collect_capture(&sb, argv);

	if (!ret && sb.len < 64)
		ret = err_set("cannot checksum '%s': sha256sum said nothing", path);
	if (!ret) {
		memcpy(out, sb.buf, 64);
		out[64] = '\0';
	}
	strbuf_release(&sb);
	return ret;
}

static int read_manifest(struct collect_manifest *m, const char *dir)
{
	struct strbuf path = STRBUF_INIT, text = STRBUF_INIT;
	int ret;

	strbuf_addf(&path, "%s/MANIFEST", dir);
	ret = strbuf_read_file(&text, path.buf) < 0 ? -1 : collect_manifest_parse(m, text.buf, text.len);
	strbuf_release(&path);
	strbuf_release(&text);
	return ret;
}

/* 0: every file matches; 1: a file is missing or differs (why in *why); <0: an error. */
int collect_dcache_verify(const char *dir, struct collect_manifest *m, struct strbuf *why)
{
	struct strbuf path = STRBUF_INIT;
	size_t i;
	int ret = 0;

	if (read_manifest(m, dir) < 0) {
		strbuf_addstr(why, "its MANIFEST is missing or damaged");
		return 1;
	}
	for (i = 0; i < m->nr && !ret; i++) {
		char sum[65];

		strbuf_reset(&path);
		strbuf_addf(&path, "%s/%s", dir, m->file[i]);
		if (access(path.buf, R_OK) < 0) {
			strbuf_addf(why, "'%s' is missing", m->file[i]);
			ret = 1;
		} else if (collect_sha256(sum, path.buf) < 0) {
			ret = BP_ERROR;
		} else if (strcmp(sum, m->sum[i])) {
			strbuf_addf(why, "'%s' does not match its sha256", m->file[i]);
			ret = 1;
		}
	}
	strbuf_release(&path);
	return ret;
}

int collect_dcache_write_manifest(const char *dir, const char *origin, unsigned long long files,
				  const char *const *names)
{
	struct strbuf text = STRBUF_INIT, path = STRBUF_INIT;
	size_t i;
	int fd, ret = 0;

	strbuf_addf(&text, MANIFEST_MAGIC "\norigin %s\nfiles %llu\n", origin, files);
	for (i = 0; names[i] && !ret; i++) {
		char sum[65];

		strbuf_reset(&path);
		strbuf_addf(&path, "%s/%s", dir, names[i]);
		ret = collect_sha256(sum, path.buf);
		if (!ret)
			strbuf_addf(&text, "sha256 %s %s\n", sum, names[i]);
	}
	if (ret < 0)
		goto done;
	strbuf_reset(&path);
	strbuf_addf(&path, "%s/MANIFEST", dir);
	fd = open(path.buf, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
	if (fd < 0 || write(fd, text.buf, text.len) != (ssize_t)text.len) {
		ret = err_set_errno("cannot write '%s'", path.buf);
		if (fd >= 0)
			close(fd);
		goto done;
	}
	if (close(fd) < 0)
		ret = err_set_errno("cannot write '%s'", path.buf);
done:
	strbuf_release(&text);
	strbuf_release(&path);
	return ret;
}

/* Makes root/datasets (mode 0755), returning its descriptor. */
int collect_dcache_open(struct strbuf *datasets, const char *root)
{
	struct strbuf sb = STRBUF_INIT;
	const char *p;
	int fd;

	if (!root || !*root)
		return err_set("no cache directory: neither XDG_CACHE_HOME nor HOME is set");
	strbuf_addf(datasets, "%s/datasets", root);
	/* mkdir -p */
	for (p = datasets->buf + 1; ; p++) {
		if (*p == '/' || !*p) {
			strbuf_reset(&sb);
			strbuf_add(&sb, datasets->buf, (size_t)(p - datasets->buf));
			if (mkdir(sb.buf, 0755) < 0 && errno != EEXIST) {
				int ret = err_set_errno("cannot create '%s'", sb.buf);

				strbuf_release(&sb);
				return ret;
			}
		}
		if (!*p)
			break;
	}
	strbuf_release(&sb);
	fd = open(datasets->buf, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0)
		return err_set_errno("cannot open '%s'", datasets->buf);
	if (faccessat(fd, ".", W_OK, AT_EACCESS) < 0) {
		int ret = err_set_errno("cannot write to '%s'", datasets->buf);

		close(fd);
		return ret;
	}
	return fd;
}

/* Moves a finished build into place; a rival's finished entry wins a race. */
int collect_dcache_commit(int dsfd, const char *build_name, const char *key, const char *build_path)
{
	if (renameat(dsfd, build_name, dsfd, key) == 0)
		return 0;
	if (errno == EEXIST || errno == ENOTEMPTY)
		return collect_tree_remove(dsfd, build_name, build_path, NULL) < 0 ? BP_ERROR : 1;
	return err_set_errno("cannot move '%s' into place", build_path);
}
