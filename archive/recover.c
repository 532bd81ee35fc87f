#include "internal.h"
#include "../core/error.h"
#include "../core/strbuf.h"
#include "../core/util.h"

#include <dirent.h>
#include <stdio.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/*
 * What a writer left when it died, from its lock record (lock.c).  Only
 * what the record names is touched, and of that only files written since
 * its step began: a plain git working in the same repository at the same
 * time owns its own index.lock, ref locks and half-received packs, and
 * removing one of those (as an unconditional clean-up did) breaks it.
 * A ref lock must moreover hold nothing but the id the record says was
 * being written.
 */
struct lock_record {
	char *step;
	char *t;          /* when the step began: SEC.NSEC */
	char *ref;
	char *old, *new_hex;
	struct archive_paths packs;
};

static void lock_record_release(struct lock_record *r)
{
	free(r->step);
	free(r->t);
	free(r->ref);
	free(r->old);
	free(r->new_hex);
	archive_paths_release(&r->packs);
}

static void parse(struct lock_record *r, const char *line)
{
	const char *p = line;

	memset(r, 0, sizeof(*r));
	while (*p) {
		size_t len = strcspn(p, " "), klen;
		const char *eq = memchr(p, '=', len);
		char *value;

		if (eq) {
			klen = eq - p;
			value = xstrndup(eq + 1, len - klen - 1);
			if (klen == 4 && !memcmp(p, "step", 4) && !r->step)
				r->step = value;
			else if (klen == 1 && *p == 't' && !r->t)
				r->t = value;
			else if (klen == 3 && !memcmp(p, "ref", 3) && !r->ref)
				r->ref = value;
			else if (klen == 3 && !memcmp(p, "old", 3) && !r->old)
				r->old = value;
			else if (klen == 3 && !memcmp(p, "new", 3) && !r->new_hex)
				r->new_hex = value;
			else if (klen == 4 && !memcmp(p, "pack", 4)) {
				ALLOC_GROW(r->packs.v, r->packs.nr + 1, r->packs.alloc);
				r->packs.v[r->packs.nr++] = value;
			} else
				free(value);
		}
		p += len;
		while (*p == ' ')
			p++;
	}
}

static int written_since(const struct stat *st, const struct lock_record *r)
{
	return r->t && archive_written_since(st, r->t);
}

/* Whether the file holds only a beginning of want (an empty file too). */
static int holds_prefix(const char *path, const char *want)
{
	struct strbuf text = STRBUF_INIT;
	int ok = strbuf_read_file(&text, path) >= 0 && text.len <= strlen(want) &&
		 !memcmp(text.buf, want, text.len);

	strbuf_release(&text);
	return ok;
}

static void remove_left(struct archive *a, const char *path, const struct lock_record *r,
			const char *only_prefix)
{
	struct stat st;

	if (lstat(path, &st) || !S_ISREG(st.st_mode) || !written_since(&st, r))
		return;
	if (only_prefix && !holds_prefix(path, only_prefix))
		return;
	if (!unlink(path))
		archive_warn(a, "removed '%s' left by a benchpost that died", path);
}

/* A pack's .pack, .rev, .bitmap or .mtimes without its .idx, named pack-<hex>. */
static int orphan_pack_file(const char *dir, const char *name, struct strbuf *base)
{
	static const char *const exts[] = { ".pack", ".rev", ".bitmap", ".mtimes" };
	const char *dot = strrchr(name, '.');
	struct strbuf idx = STRBUF_INIT;
	struct stat st;
	size_t i;
	int orphan;

	if (strncmp(name, "pack-", 5) || !dot)
		return 0;
	for (i = 0; i < ARRAY_SIZE(exts) && strcmp(dot, exts[i]); i++)
		;
	if (i == ARRAY_SIZE(exts))
		return 0;
	strbuf_reset(base);
	strbuf_add(base, name, dot - name);
	strbuf_addf(&idx, "%s/%s.idx", dir, base->buf);
	orphan = stat(idx.buf, &st) < 0 && errno == ENOENT;
	strbuf_release(&idx);
	return orphan;
}

static int named(const struct archive_paths *packs, const char *base)
{
	size_t i;

	for (i = 0; i < packs->nr; i++)
		if (!strcmp(packs->v[i], base))
			return 1;
	return 0;
}

/*
 * Writing a pack (libgit2's indexer): a temporary pack_git2_*, the
 * index's .idx.lock, a pack renamed before its index.  Rolling packs up:
 * also what is left of the packs it was removing, index first (repack.c).
 */
static void recover_packs(struct archive *a, const struct lock_record *r)
{
	struct strbuf dir = STRBUF_INIT, path = STRBUF_INIT, base = STRBUF_INIT;
	struct dirent *de;
	DIR *d;

	strbuf_addf(&dir, "%sobjects/pack", git_repository_path(a->repo));
	d = opendir(dir.buf);
	while (d && (de = readdir(d))) {
		size_t len = strlen(de->d_name);
		int orphan = orphan_pack_file(dir.buf, de->d_name, &base);
		struct stat st;

		strbuf_reset(&path);
		strbuf_addf(&path, "%s/%s", dir.buf, de->d_name);
		if (orphan && named(&r->packs, base.buf)) {
			if (!lstat(path.buf, &st) && S_ISREG(st.st_mode) && !unlink(path.buf))
				archive_warn(a, "removed '%s' left by a benchpost that died", path.buf);
			continue;
		}
		if (orphan || !strncmp(de->d_name, "pack_git2_", 10) ||
		    (len > 9 && !strcmp(de->d_name + len - 9, ".idx.lock")))
			remove_left(a, path.buf, r, NULL);
	}
	if (d)
		closedir(d);
	strbuf_release(&dir);
	strbuf_release(&path);
	strbuf_release(&base);
}

/* A ref moving, the index and the working tree following it. */
static void recover_advance(struct archive *a, const struct lock_record *r)
{
	struct strbuf path = STRBUF_INIT, want = STRBUF_INIT;
	const char *gitdir = git_repository_path(a->repo);
	git_oid new_id, old_id, at;
	int have_old, valid = 0;

	if (!r->ref || !r->new_hex || !r->old || git_oid_fromstr(&new_id, r->new_hex) ||
	    git_reference_name_is_valid(&valid, r->ref) < 0 || !valid || strncmp(r->ref, "refs/", 5))
		goto done;
	have_old = strcmp(r->old, "-") != 0;
	if (have_old && git_oid_fromstr(&old_id, r->old))
		goto done;
	strbuf_addf(&want, "%s\n", r->new_hex);
	strbuf_addf(&path, "%s%s.lock", gitdir, r->ref);
	remove_left(a, path.buf, r, want.buf);
	strbuf_reset(&path);
	strbuf_addf(&path, "%slogs/%s.lock", gitdir, r->ref);
	remove_left(a, path.buf, r, NULL);
	strbuf_reset(&path);
	strbuf_addf(&path, "%sindex.lock", gitdir);
	remove_left(a, path.buf, r, NULL);
	/* Saved, and the tree may lag or hold half a file: brought up to that commit. */
	if (git_reference_name_to_id(&at, a->repo, r->ref) || !git_oid_equal(&at, &new_id))
		goto done;
	snprintf(a->step_t, sizeof(a->step_t), "%s", r->t);
	if (archive_worktree_update(a, have_old ? &old_id : NULL, &new_id, NULL, 0, r->t) < 0) {
		archive_warn(a, "the archive's working tree in '%s' was not updated: %s", a->path,
			     err_last());
		archive_step_behind(a, r->ref, have_old ? &old_id : NULL, &new_id);
	}
done:
	strbuf_release(&path);
	strbuf_release(&want);
}

static void recover_fetch(struct archive *a, const struct lock_record *r)
{
	struct strbuf path = STRBUF_INIT;
	const char *gitdir = git_repository_path(a->repo);

	strbuf_addf(&path, "%srefs/benchpost/fetched.lock", gitdir);
	remove_left(a, path.buf, r, NULL);
	strbuf_reset(&path);
	strbuf_addf(&path, "%sFETCH_HEAD.lock", gitdir);
	remove_left(a, path.buf, r, NULL);
	recover_packs(a, r);
	strbuf_release(&path);
}

void archive_recover(struct archive *a, const char *line)
{
	struct lock_record r;

	archive_behind_clear(a);
	parse(&r, line);
	if (!r.step || !r.t)
		goto done;  /* idle, or an older benchpost's bare pid: nothing named */
	if (!strcmp(r.step, "advance"))
		recover_advance(a, &r);
	else if (!strcmp(r.step, "pack") || !strcmp(r.step, "repack"))
		recover_packs(a, &r);
	else if (!strcmp(r.step, "fetch"))
		recover_fetch(a, &r);
done:
	lock_record_release(&r);
}
