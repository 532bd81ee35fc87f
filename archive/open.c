#include "internal.h"
#include "../core/error.h"
#include "../core/strbuf.h"

#include <dirent.h>
#include <errno.h>
#include <ftw.h>
#include <math.h>
#include <stdio.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int archive_git_error(int code, const char *fmt, ...)
{
	const git_error *e = git_error_last();
	struct strbuf sb = STRBUF_INIT;
	va_list ap;

	va_start(ap, fmt);
	strbuf_vaddf(&sb, fmt, ap);
	va_end(ap);
	err_set("%s: %s", sb.buf, e && e->message ? e->message : "unknown libgit2 error");
	strbuf_release(&sb);
	if (code == GIT_ENOTFOUND)
		return BP_ENOTFOUND;
	if (code == GIT_EAMBIGUOUS)
		return BP_EAMBIGUOUS;
	if (code == GIT_ELOCKED)
		return BP_ELOCKED;
	return BP_ERROR;
}

static void default_location(struct strbuf *out)
{
	const char *env = getenv("BENCHPOST_ARCHIVE");

	if (env && *env) {
		strbuf_addstr(out, env);
		return;
	}
	env = getenv("XDG_DATA_HOME");
	if (env && *env == '/') {
		strbuf_addf(out, "%s/benchpost/archive", env);
		return;
	}
	env = getenv("HOME");
	strbuf_addf(out, "%s/.local/share/benchpost/archive", env && *env ? env : ".");
}

/* mkdir -p, for the parents of a first archive. */
static int make_dirs(const char *path)
{
	struct strbuf sb = STRBUF_INIT;
	const char *p;
	int ret = 0;

	for (p = path; ; p++) {
		if ((*p == '/' || !*p) && p > path) {
			strbuf_reset(&sb);
			strbuf_add(&sb, path, p - path);
			if (mkdir(sb.buf, 0777) && errno != EEXIST) {
				ret = err_set_errno("cannot create '%s'", sb.buf);
				break;
			}
		}
		if (!*p)
			break;
	}
	strbuf_release(&sb);
	return ret;
}

static int remove_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st; (void)flag; (void)ftw;
	return remove(path);
}

static void remove_tree(const char *path)
{
	struct stat st;

	if (!lstat(path, &st))
		nftw(path, remove_one, 16, FTW_DEPTH | FTW_PHYS);
}

static int dir_is_empty(const char *path)
{
	DIR *d = opendir(path);
	struct dirent *de;
	int empty = 1;

	if (!d)
		return 0;
	while ((de = readdir(d)))
		if (strcmp(de->d_name, ".") && strcmp(de->d_name, ".."))
			empty = 0;
	closedir(d);
	return empty;
}

/*
 * Made beside its place and renamed into it, so that a crash never leaves
 * half a repository, and of two processes creating it at once one wins.
 */
static int create_archive(git_repository **repo, const char *path)
{
	struct strbuf tmp = STRBUF_INIT;
	struct stat st;
	int ret;

	if (!stat(path, &st) && !(S_ISDIR(st.st_mode) && dir_is_empty(path)))
		return err_set("'%s' exists and is not an archive (not a git repository)", path);
	if ((ret = make_dirs(path)) < 0)
		return ret;
	strbuf_addf(&tmp, "%s.new-XXXXXX", path);
	if (!mkdtemp(tmp.buf)) {
		ret = err_set_errno("cannot create '%s'", tmp.buf);
		goto done;
	}
	if ((ret = git_repository_init(repo, tmp.buf, 0)) < 0) {
		ret = archive_git_error(ret, "cannot create archive '%s'", path);
		goto done;
	}
	git_repository_free(*repo);
	*repo = NULL;
	if (rename(tmp.buf, path) && errno != ENOTEMPTY && errno != EEXIST) {
		ret = err_set_errno("cannot create archive '%s'", path);
		goto done;
	}
	if ((ret = git_repository_open_ext(repo, path, GIT_REPOSITORY_OPEN_NO_SEARCH, NULL)) < 0)
		ret = archive_git_error(ret, "cannot open archive '%s'", path);
done:
	remove_tree(tmp.buf); /* only there when another process won */
	strbuf_release(&tmp);
	return ret;
}

/* BENCHPOST_LOCK_TIMEOUT: seconds, finite and not negative; nan waited forever. */
static int lock_timeout(double *out)
{
	const char *env = getenv("BENCHPOST_LOCK_TIMEOUT");
	char *end;

	*out = 60;
	if (!env || !*env)
		return 0;
	errno = 0;
	*out = strtod(env, &end);
	if (end == env || *end || errno == ERANGE || !isfinite(*out) || *out < 0)
		return err_set("BENCHPOST_LOCK_TIMEOUT='%s' is not a number of seconds"
			       " (finite, 0 or more)", env);
	return 0;
}

int archive_open(struct archive **out, const char *path, int create)
{
	struct strbuf where = STRBUF_INIT;
	git_repository *repo = NULL;
	struct archive *a;
	double timeout;
	int ret;

	*out = NULL;
	git_libgit2_init();
	/*
	 * libgit2 caches no tree above 4 KiB, and runs/ has an entry per
	 * kernel (200 KiB at 100,000 runs): every path looked up in it, once
	 * per run of a batch and twice per commit of a history walk, read and
	 * parsed it again.
	 */
	git_libgit2_opts(GIT_OPT_SET_CACHE_OBJECT_LIMIT, GIT_OBJECT_TREE, (size_t)16 << 20);
	if (path && *path)
		strbuf_addstr(&where, path);
	else
		default_location(&where);
	if ((ret = lock_timeout(&timeout)) < 0)
		goto done;
	ret = git_repository_open_ext(&repo, where.buf, GIT_REPOSITORY_OPEN_NO_SEARCH, NULL);
	/* libgit2 does not say why it could not: another user's repository is named as such */
	if (ret < 0 && archive_explain_foreign(where.buf) < 0) {
		ret = BP_ERROR;
	} else if (ret == GIT_ENOTFOUND && create) {
		ret = create_archive(&repo, where.buf);
	} else if (ret == GIT_ENOTFOUND) {
		err_set("no archive at '%s'", where.buf);
		ret = BP_ENOTFOUND;
	} else if (ret < 0) {
		ret = archive_git_error(ret, "cannot open archive '%s'", where.buf);
	}
	if (ret < 0)
		goto done;
	a = xcalloc(1, sizeof(*a));
	a->repo = repo;
	a->path = strbuf_detach(&where, NULL);
	a->lock_fd = -1;
	a->lock_timeout = timeout;
	repo = NULL;
	/* A writer learns now, not after its benchmarks, that it cannot write. */
	if (create && (ret = archive_check_writable(a)) < 0) {
		archive_free(a);
		return ret;
	}
	*out = a;
done:
	git_repository_free(repo);
	strbuf_release(&where);
	if (ret < 0)
		git_libgit2_shutdown();
	return ret;
}

void archive_free(struct archive *a)
{
	if (!a)
		return;
	a->lock_depth = a->lock_depth ? 1 : 0;
	archive_unlock(a);
	archive_behind_clear(a);
	git_repository_free(a->repo);
	free(a->path);
	free(a);
	git_libgit2_shutdown();
}

const char *archive_path(const struct archive *a)
{
	return a->path;
}

void archive_set_lock_timeout(struct archive *a, double seconds)
{
	a->lock_timeout = seconds;
}

void archive_set_warn(struct archive *a, const struct bp_warn *warn)
{
	a->warn = warn ? *warn : (struct bp_warn){ NULL, NULL };
}

void archive_warn(struct archive *a, const char *fmt, ...)
{
	struct strbuf sb = STRBUF_INIT;
	va_list ap;

	va_start(ap, fmt);
	strbuf_vaddf(&sb, fmt, ap);
	va_end(ap);
	bp_warnf(&a->warn, "%s", sb.buf);
	strbuf_release(&sb);
}
