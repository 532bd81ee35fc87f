#include "internal.h"
#include "../core/error.h"
#include "../core/strbuf.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/*
 * A commit of fewer than ARCHIVE_PACK_MIN runs (one `benchpost run`)
 * writes loose objects: a blob per run, the trees along its paths, the
 * commit.  An archive of 10,000 such commits held tens of thousands of
 * files.  When they pile up they are folded into one pack, as `git gc
 * --auto` does, and the geometric merge (repack.c) then keeps the packs
 * few.
 *
 * Counting them all would cost a readdir of 256 directories after every
 * commit, so like git one directory is counted and taken as 1/256th of
 * them.  Crash safe as repack.c: the pack is complete and synced before
 * any loose object goes, and only the loose objects listed before the
 * pack was written, all of them in it, are removed; one that appears
 * meanwhile stays for the next fold.
 */
#define LOOSE_LIMIT 1024
#define LOOSE_SAMPLE "17"

static int is_loose_name(const char *name)
{
	return strlen(name) == GIT_OID_HEXSZ - 2 &&
	       strspn(name, "0123456789abcdef") == GIT_OID_HEXSZ - 2;
}

static size_t count_dir(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	size_t n = 0;

	while (d && (de = readdir(d)))
		n += is_loose_name(de->d_name);
	if (d)
		closedir(d);
	return n;
}

int archive_loose_too_many(struct archive *a)
{
	struct strbuf dir = STRBUF_INIT;
	size_t n;

	strbuf_addf(&dir, "%sobjects/" LOOSE_SAMPLE, git_repository_path(a->repo));
	n = count_dir(dir.buf);
	strbuf_release(&dir);
	return n > (LOOSE_LIMIT + 255) / 256;
}

struct loose {
	git_oid *v;
	size_t nr, alloc;
};

static void list_loose(struct loose *out, const char *objects)
{
	struct strbuf dir = STRBUF_INIT, hex = STRBUF_INIT;
	unsigned i;

	for (i = 0; i < 256; i++) {
		struct dirent *de;
		DIR *d;

		strbuf_reset(&dir);
		strbuf_addf(&dir, "%s/%02x", objects, i);
		if (!(d = opendir(dir.buf)))
			continue;
		while ((de = readdir(d))) {
			if (!is_loose_name(de->d_name))
				continue;
			strbuf_reset(&hex);
			strbuf_addf(&hex, "%02x%s", i, de->d_name);
			ALLOC_GROW(out->v, out->nr + 1, out->alloc);
			if (!git_oid_fromstr(&out->v[out->nr], hex.buf))
				out->nr++;
		}
		closedir(d);
	}
	strbuf_release(&dir);
	strbuf_release(&hex);
}

static void remove_loose(const char *objects, const git_oid *id)
{
	struct strbuf path = STRBUF_INIT;
	char hex[GIT_OID_HEXSZ + 1];

	git_oid_tostr(hex, sizeof(hex), id);
	strbuf_addf(&path, "%s/%.2s/%s", objects, hex, hex + 2);
	unlink(path.buf);
	/* Empty directories go as with `git prune-packed`; a busy one stays. */
	strbuf_setlen(&path, path.len - (GIT_OID_HEXSZ - 2) - 1);
	rmdir(path.buf);
	strbuf_release(&path);
}

int archive_fold_loose(struct archive *a)
{
	struct strbuf objects = STRBUF_INIT, pack = STRBUF_INIT;
	struct loose loose = { 0 };
	char *inpack = NULL;
	git_packbuilder *pb = NULL;
	git_odb *odb = NULL;
	size_t i, packed = 0;
	int ret = 0, stepped = 0;

	strbuf_addf(&objects, "%sobjects", git_repository_path(a->repo));
	list_loose(&loose, objects.buf);
	if (!loose.nr)
		goto done;
	if ((ret = git_repository_odb(&odb, a->repo)) < 0 ||
	    (ret = git_packbuilder_new(&pb, a->repo)) < 0) {
		ret = archive_git_error(ret, "cannot pack the loose objects of '%s'", a->path);
		goto done;
	}
	git_packbuilder_set_threads(pb, 0);
	inpack = xcalloc(loose.nr, 1);
	/* A damaged loose file (not libgit2's: it renames whole ones into place) stays. */
	for (i = 0; i < loose.nr; i++) {
		if (git_packbuilder_insert(pb, &loose.v[i], NULL) < 0)
			continue;
		inpack[i] = 1;
		packed++;
	}
	if (!packed)
		goto done;
	strbuf_addf(&pack, "%s/pack", objects.buf);
	if ((ret = archive_step(a, "pack", NULL)) < 0)
		goto done;
	stepped = 1;
	if ((ret = archive_write_pack_synced(a, pb, pack.buf)) < 0)
		goto done;
	archive_test_kill_point(10);
	git_odb_refresh(odb);
	for (i = 0; i < loose.nr; i++) {
		if (i == loose.nr / 2)
			archive_test_kill_point(11);
		/* In the new pack for sure, or the loose file stays. */
		if (inpack[i])
			remove_loose(objects.buf, &loose.v[i]);
	}
done:
	if (stepped)
		archive_step_end(a);
	git_packbuilder_free(pb);
	git_odb_free(odb);
	free(inpack);
	free(loose.v);
	strbuf_release(&objects);
	strbuf_release(&pack);
	return ret;
}
