#include "collect_internal.h"
#include "../core/error.h"
#include "../core/util.h"

#include <glob.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define GEN_SEED 1

static const struct collect_suite suites[] = {
	{ .name = "quick", .gen_files = 4000, .image_mib = 512, .use_linux_source = 0 },
	{ .name = "standard", .gen_files = 75000, .image_mib = 8192, .use_linux_source = 1 },
	{ .name = NULL },
};

const struct collect_suite *collect_suite_find(const char *name)
{
	const struct collect_suite *s;

	for (s = suites; s->name; s++)
		if (!strcmp(s->name, name))
			return s;
	return NULL;
}

/* The decompressor for a tarball's suffix, or NULL for a plain tar. */
static const char *decompressor(const char *path, size_t *suffix)
{
	static const struct {
		const char *ext, *prog;
		size_t keep; /* of the suffix, what stays: ".tgz" -> ".tar" is rebuilt */
	} map[] = {
		{ ".tar.gz", "gzip", 4 }, { ".tar.xz", "xz", 4 }, { ".tar.bz2", "bzip2", 4 },
		{ ".tar.zst", "zstd", 4 }, { ".tgz", "gzip", 0 }, { ".txz", "xz", 0 },
		{ ".tbz2", "bzip2", 0 }, { ".tbz", "bzip2", 0 },
	};
	size_t len = strlen(path), i;

	for (i = 0; i < ARRAY_SIZE(map); i++) {
		size_t el = strlen(map[i].ext);

		if (len > el && !strcmp(path + len - el, map[i].ext)) {
			*suffix = el - map[i].keep;
			return map[i].prog;
		}
	}
	*suffix = 0;
	return NULL;
}

static unsigned long long file_size(const char *path)
{
	struct stat st;

	return stat(path, &st) < 0 ? 0 : (unsigned long long)st.st_size;
}

/* kuntar and the rm-tree setup need the tarball uncompressed. */
static int make_plain(struct collect_data *d, const char *dir)
{
	size_t suffix;
	const char *prog = decompressor(d->tarball, &suffix);
	const char *base = strrchr(d->tarball, '/');
	struct strbuf out = STRBUF_INIT;
	int ret;

	if (!prog) {
		d->plain = xstrdup(d->tarball);
		return 0;
	}
	base = base ? base + 1 : d->tarball;
	strbuf_addf(&out, "%s/%.*s", dir, (int)(strlen(base) - suffix), base);
	if (!suffix || strcmp(out.buf + out.len - 4, ".tar"))
		strbuf_addstr(&out, ".tar");
	{
		const char *argv[] = { prog, "-dc", d->tarball, NULL };

		ret = collect_helper(argv, NULL, out.buf);
	}
	if (ret < 0) {
		err_prefix("cannot decompress '%s'", d->tarball);
		strbuf_release(&out);
		return ret;
	}
	d->plain = strbuf_detach(&out, NULL);
	return 0;
}

static char *linux_source(void)
{
	glob_t g;
	char *found = NULL;

	if (glob("/usr/src/linux-source-*.tar.*", 0, NULL, &g) == 0 && g.gl_pathc)
		found = xstrdup(g.gl_pathv[g.gl_pathc - 1]);
	globfree(&g);
	return found;
}

/* Generates the tree, then packs it reproducibly: sorted, owner 0, mtime 0, gzip -n. */
static int generate(struct collect_data *d, const char *dir, const struct collect_suite *s)
{
	struct strbuf root = STRBUF_INIT, tar = STRBUF_INIT, gz = STRBUF_INIT, name = STRBUF_INIT;
	struct collect_gen_stats st;
	int ret;

	strbuf_addf(&name, "ktree-%s-seed%d", s->name, GEN_SEED);
	strbuf_addf(&root, "%s/%s", dir, name.buf);
	strbuf_addf(&tar, "%s/%s.tar", dir, name.buf);
	strbuf_addf(&gz, "%s/%s.tar.gz", dir, name.buf);
	ret = collect_gen_tree(&st, root.buf, s->gen_files, GEN_SEED);
	if (ret < 0)
		goto done;
	{
		const char *argv[] = { "tar", "--sort=name", "--owner=0", "--group=0",
				       "--numeric-owner", "--mtime=@0", "--format=gnu",
				       "-cf", tar.buf, name.buf, NULL };
		const char *gzip[] = { "gzip", "-n", "-6", "-c", tar.buf, NULL };

		ret = collect_helper(argv, dir, NULL);
		if (!ret)
			ret = collect_helper(gzip, NULL, gz.buf);
	}
	if (ret < 0) {
		err_prefix("cannot pack the generated tree");
		goto done;
	}
	ret = collect_remove_tree(dir, root.buf);
	if (ret < 0)
		goto done;
	d->tarball = strbuf_detach(&gz, NULL);
	d->plain = strbuf_detach(&tar, NULL);
	strbuf_reset(&name);
	strbuf_addf(&name, "generated (seed %d, %u files, %u directories, depth %u)", GEN_SEED,
		    st.files, st.dirs, st.max_depth);
	d->origin = strbuf_detach(&name, NULL);
done:
	strbuf_release(&root);
	strbuf_release(&tar);
	strbuf_release(&gz);
	strbuf_release(&name);
	return ret;
}

int collect_data_prepare(struct collect_data *d, const char *dir, const struct collect_opts *o,
			 const struct collect_suite *s)
{
	char *src = NULL;
	int ret;

	memset(d, 0, sizeof(*d));
	if (mkdir(dir, 0755) < 0)
		return err_set_errno("cannot create '%s'", dir);
	if (o->tarball) {
		struct stat st;

		if (stat(o->tarball, &st) < 0)
			return err_set_errno("cannot use '%s'", o->tarball);
		if (!S_ISREG(st.st_mode))
			return err_set("cannot use '%s': not a regular file", o->tarball);
		src = realpath(o->tarball, NULL);
		if (!src)
			return err_set_errno("cannot use '%s'", o->tarball);
		d->origin = xstrdup("--tarball");
	} else if (s->use_linux_source && (src = linux_source())) {
		d->origin = xstrdup("linux-source");
	}
	if (src) {
		d->tarball = src;
		ret = make_plain(d, dir);
	} else {
		ret = generate(d, dir, s);
	}
	if (ret < 0)
		return ret;
	{
		const char *base = strrchr(d->tarball, '/');

		d->label = xstrdup(base ? base + 1 : d->tarball);
	}
	d->tar_bytes = file_size(d->tarball);
	d->plain_bytes = file_size(d->plain);
	return 0;
}

void collect_data_release(struct collect_data *d)
{
	free(d->tarball);
	free(d->plain);
	free(d->label);
	free(d->origin);
	memset(d, 0, sizeof(*d));
}
