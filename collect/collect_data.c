#include "collect_internal.h"
#include "../core/error.h"
#include "../core/util.h"

#include <glob.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/*
 * The data set: --tarball FILE, else (standard suite) the Debian
 * linux-source tarball, else the generated kernel-shaped tree.  The
 * generated one and linux-source's decompressed tarball are built once
 * and kept in the cache (collect_dcache.c); a --tarball is decompressed
 * into the scratch directory for each run.
 */

#define GEN_SEED 1

static const struct collect_suite suites[] = {
	{ .name = "quick", .gen_files = 4000, .image_mib = 640, .use_linux_source = 0 },
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

/* "linux-source-6.1.tar.xz" -> "linux-source-6.1.tar" */
static void plain_name(struct strbuf *out, const char *tarball)
{
	size_t suffix;
	const char *base = strrchr(tarball, '/');

	base = base ? base + 1 : tarball;
	decompressor(tarball, &suffix);
	strbuf_add(out, base, strlen(base) - suffix);
	if (out->len < 4 || strcmp(out->buf + out->len - 4, ".tar"))
		strbuf_addstr(out, ".tar");
}

/* Decompresses src into dir/NAME.tar (kuntar and the rm-tree setup need it plain). */
static int decompress(char **out, const char *src, const char *dir)
{
	size_t suffix;
	const char *prog = decompressor(src, &suffix);
	struct strbuf path = STRBUF_INIT;
	int ret;

	strbuf_addf(&path, "%s/", dir);
	plain_name(&path, src);
	{
		const char *argv[] = { prog, "-dc", src, NULL };

		ret = collect_helper(argv, NULL, path.buf);
	}
	if (ret < 0) {
		err_prefix("cannot decompress '%s'", src);
		strbuf_release(&path);
		return ret;
	}
	*out = strbuf_detach(&path, NULL);
	return 0;
}

/* The members of a tar, for the facts (the tree's file count). */
static unsigned long long count_members(const char *tar)
{
	const char *argv[] = { "tar", "-tf", tar, NULL };
	struct strbuf out = STRBUF_INIT;
	unsigned long long n = 0;
	size_t i;

	/* files, not directories ("dir/") */
	if (collect_capture(&out, argv) == 0)
		for (i = 0; i < out.len; i++)
			n += out.buf[i] == '\n' && (i == 0 || out.buf[i - 1] != '/');
	strbuf_release(&out);
	return n;
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

struct gen_progress {
	struct collect_ticker *ticker;
};

static void gen_tick(void *payload, unsigned done, unsigned total)
{
	struct gen_progress *g = payload;

	if (g->ticker)
		collect_ticker_what(g->ticker, "data set: generating files %u/%u", done, total);
}

/* Generates the tree in dir, then packs it reproducibly: sorted, owner 0, mtime 0, gzip -n. */
static int build_generated(struct strbuf *origin, unsigned long long *files, const char *dir,
			   int dirfd, const struct collect_suite *s, struct collect_ticker *ticker)
{
	struct strbuf root = STRBUF_INIT, tar = STRBUF_INIT, gz = STRBUF_INIT, name = STRBUF_INIT;
	struct collect_gen_stats st;
	struct gen_progress gp = { ticker };
	int ret;

	strbuf_addf(&name, "ktree-%s-seed%d", s->name, GEN_SEED);
	strbuf_addf(&root, "%s/%s", dir, name.buf);
	strbuf_addf(&tar, "%s/%s.tar", dir, name.buf);
	strbuf_addf(&gz, "%s/%s.tar.gz", dir, name.buf);
	if (ticker)
		collect_ticker_stage(ticker, "data set: generating files 0/%u", s->gen_files);
	ret = collect_gen_tree(&st, root.buf, s->gen_files, GEN_SEED, gen_tick, &gp);
	if (ret < 0)
		goto done;
	if (ticker)
		collect_ticker_stage(ticker, "data set: packing %u files", st.files);
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
	ret = collect_tree_remove(dirfd, name.buf, root.buf, NULL);
	if (ret < 0)
		goto done;
	strbuf_addf(origin, "generated (seed %d, %u files, %u directories, depth %u, "
		    "generator %d)", GEN_SEED, st.files, st.dirs, st.max_depth, COLLECT_GEN_VERSION);
	*files = st.files;
done:
	strbuf_release(&root);
	strbuf_release(&tar);
	strbuf_release(&gz);
	strbuf_release(&name);
	return ret;
}

/* What goes into a cache entry, and how it is made. */
struct entry {
	const char *key;             /* the directory's name */
	const char *src;             /* linux-source: the tarball decompressed */
	const struct collect_suite *suite;
	struct strbuf names[2];      /* the files, tarball first */
};

static int build_entry(struct entry *e, struct strbuf *origin, unsigned long long *files,
		       const char *dir, int dirfd, struct collect_ticker *ticker)
{
	char *plain = NULL;
	int ret;

	if (!e->src)
		return build_generated(origin, files, dir, dirfd, e->suite, ticker);
	if (ticker)
		collect_ticker_stage(ticker, "data set: decompressing '%s' into the cache", e->src);
	ret = decompress(&plain, e->src, dir);
	if (!ret) {
		*files = count_members(plain);
		strbuf_addf(origin, "linux-source (%s)", e->src);
	}
	free(plain);
	return ret;
}

/*
 * Builds the entry beside its place, then renames it into place.  The
 * build directory holds an owner record while it is built: a run killed
 * half way leaves one that the next run sweeps (collect_recover).
 */
static int build_into_cache(struct entry *e, const struct collect_data_env *env, int dsfd,
			    const char *ds)
{
	struct strbuf build = STRBUF_INIT, origin = STRBUF_INIT;
	const char *names[] = { e->names[0].buf, e->names[1].buf, NULL };
	unsigned long long files = 0;
	struct collect_owner me;
	const char *bname;
	int bfd, lock = -1, ret;

	strbuf_addf(&build, "%s/" COLLECT_BUILD_PREFIX "%s-XXXXXX", ds, e->key);
	if (!mkdtemp(build.buf)) {
		ret = err_set_errno("cannot create a directory in '%s'", ds);
		goto done;
	}
	bname = strrchr(build.buf, '/') + 1;
	bfd = collect_open_dir_at(dsfd, bname);
	collect_owner_self(&me);
	ret = bfd < 0 ? err_set_errno("cannot open '%s'", build.buf)
		      : collect_owner_write(bfd, &me, &lock);
	if (env->ticker)
		collect_ticker_prepare(env->ticker, "data set: building '%s' (once; it is cached)",
				       e->key);
	if (!ret)
		ret = build_entry(e, &origin, &files, build.buf, bfd, env->ticker);
	/* an entry holds its files and MANIFEST only */
	if (bfd >= 0) {
		unlinkat(bfd, "owner", 0);
		close(bfd);
	}
	if (!ret)
		ret = collect_dcache_write_manifest(build.buf, origin.buf, files,
						    e->src ? names + 1 : names);
	if (!ret)
		ret = collect_dcache_commit(dsfd, bname, e->key, build.buf);
	else
		collect_tree_remove(dsfd, bname, build.buf, NULL);
	if (lock >= 0)
		close(lock);
done:
	strbuf_release(&build);
	strbuf_release(&origin);
	return ret;
}

/*
 * Finds the entry, verifies it, or builds it; d gets the paths.  A cache
 * that cannot be used at all is returned as an error for the caller to
 * fall back on the scratch directory.
 */
static int from_cache(struct collect_data *d, struct entry *e, const struct collect_data_env *env)
{
	struct strbuf root = STRBUF_INIT, ds = STRBUF_INIT, dir = STRBUF_INIT, why = STRBUF_INIT;
	struct collect_manifest m;
	int dsfd, ret = 0, tries, verified = 0;

	memset(&m, 0, sizeof(m));
	collect_dcache_root(&root, env->opts->cache_dir);
	dsfd = collect_dcache_open(&ds, root.buf);
	if (dsfd < 0) {
		ret = dsfd;
		goto done;
	}
	strbuf_addf(&dir, "%s/%s", ds.buf, e->key);
	/* a build a killed run left half way */
	collect_recover(ds.buf, COLLECT_BUILD_PREFIX, env->warn);
	for (tries = 0; tries < 3; tries++) {
		collect_manifest_release(&m);
		strbuf_reset(&why);
		if (env->ticker)
			collect_ticker_prepare(env->ticker, "data set: checking the cached '%s' (sha256)",
					       e->key);
		ret = access(dir.buf, F_OK) == 0 ? collect_dcache_verify(dir.buf, &m, &why) : 2;
		if (ret <= 0) {
			verified = !ret;
			break;
		}
		if (ret == 1) {
			bp_warnf(env->warn, "cached data set '%s': %s; building it again", dir.buf,
				 why.buf);
			collect_manifest_release(&m);
			ret = collect_tree_remove(dsfd, e->key, dir.buf, NULL);
			if (ret < 0)
				break;
		}
		ret = build_into_cache(e, env, dsfd, ds.buf);
		if (ret < 0)
			break;
	}
	if (ret >= 0 && !verified)
		ret = err_set("cannot build the data set '%s' in the cache", dir.buf);
	if (ret < 0)
		goto done;
	d->origin = xstrdup(m.origin ? m.origin : "");
	d->files = m.files;
	strbuf_reset(&why);
	strbuf_addf(&why, "%s/%s", dir.buf, e->names[1].buf);
	d->plain = strbuf_detach(&why, NULL);
	if (e->src) {
		d->tarball = xstrdup(e->src);
	} else {
		strbuf_addf(&why, "%s/%s", dir.buf, e->names[0].buf);
		d->tarball = strbuf_detach(&why, NULL);
	}
	d->cache = strbuf_detach(&dir, NULL);
done:
	if (dsfd >= 0)
		close(dsfd);
	collect_manifest_release(&m);
	strbuf_release(&root);
	strbuf_release(&ds);
	strbuf_release(&dir);
	strbuf_release(&why);
	return ret;
}

/* The cache entry's key and files for the generated tree or a source tarball. */
static void entry_init(struct entry *e, struct strbuf *key, const char *src,
		       const struct collect_suite *s)
{
	memset(e, 0, sizeof(*e));
	strbuf_init(&e->names[0], 0);
	strbuf_init(&e->names[1], 0);
	e->suite = s;
	e->src = src;
	if (!src) {
		strbuf_addf(key, "ktree-%s-seed%d-gen%d", s->name, GEN_SEED, COLLECT_GEN_VERSION);
		strbuf_addf(&e->names[0], "ktree-%s-seed%d.tar.gz", s->name, GEN_SEED);
		strbuf_addf(&e->names[1], "ktree-%s-seed%d.tar", s->name, GEN_SEED);
	} else {
		struct stat st;

		/* a new package version (or a touched file) is a new entry */
		memset(&st, 0, sizeof(st));
		stat(src, &st);
		plain_name(&e->names[1], src);
		strbuf_addf(key, "%s-%llu-%lld", e->names[1].buf, (unsigned long long)st.st_size,
			    (long long)st.st_mtime);
		strbuf_addstr(&e->names[0], strrchr(src, '/') ? strrchr(src, '/') + 1 : src);
	}
	e->key = key->buf;
}

int collect_data_prepare(struct collect_data *d, const struct collect_data_env *env)
{
	const struct collect_opts *o = env->opts;
	struct strbuf key = STRBUF_INIT;
	struct entry e;
	char *src = NULL;
	int ret = 0;

	memset(d, 0, sizeof(*d));
	memset(&e, 0, sizeof(e));
	if (o->tarball) {
		struct stat st;

		if (stat(o->tarball, &st) < 0)
			return err_set_errno("cannot use '%s'", o->tarball);
		if (!S_ISREG(st.st_mode))
			return err_set("cannot use '%s': not a regular file", o->tarball);
		src = realpath(o->tarball, NULL);
		if (!src)
			return err_set_errno("cannot use '%s'", o->tarball);
		if (env->ticker)
			collect_ticker_prepare(env->ticker, "data set: decompressing '%s'", o->tarball);
		d->tarball = src;
		d->origin = xstrdup("--tarball");
		{
			size_t suffix;

			if (!decompressor(src, &suffix))
				d->plain = xstrdup(src);
			else
				ret = decompress(&d->plain, src, env->data_dir);
		}
		if (!ret)
			d->files = count_members(d->plain);
		goto sizes;
	}
	if (env->suite->use_linux_source)
		src = linux_source();
	entry_init(&e, &key, src, env->suite);
	ret = from_cache(d, &e, env);
	if (ret < 0 && !collect_interrupted()) {
		/* No usable cache: build in the scratch directory, for this run only. */
		unsigned long long files = 0;
		struct strbuf origin = STRBUF_INIT;
		const char *why = err_last();

		bp_warnf(env->warn, "%s; building the data set for this run only", why);
		ret = build_entry(&e, &origin, &files, env->data_dir, env->data_fd, env->ticker);
		if (!ret) {
			struct strbuf p = STRBUF_INIT;

			d->origin = strbuf_detach(&origin, NULL);
			d->files = files;
			strbuf_addf(&p, "%s/%s", env->data_dir, e.names[1].buf);
			d->plain = strbuf_detach(&p, NULL);
			if (src) {
				d->tarball = xstrdup(src);
			} else {
				strbuf_addf(&p, "%s/%s", env->data_dir, e.names[0].buf);
				d->tarball = strbuf_detach(&p, NULL);
			}
		}
		strbuf_release(&origin);
	}
	free(src);
	strbuf_release(&e.names[0]);
	strbuf_release(&e.names[1]);
	strbuf_release(&key);
sizes:
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
	free(d->cache);
	memset(d, 0, sizeof(*d));
}
