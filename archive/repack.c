#include "internal.h"
#include "../core/error.h"
#include "../core/strbuf.h"
#include "../core/util.h"

#include <arpa/inet.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/*
 * Every batch adds a pack, and every object lookup searches the packs one
 * by one: at 100,000 runs in batches of 1,000 that was 100 packs.  After
 * each commit the smallest packs are rolled into one, as `git repack
 * --geometric=2` does: the packs left each hold at least twice the objects
 * of the next smaller one, so there are at most log2(objects) of them, and
 * an object is rewritten about log2 times in its life.
 *
 * Never loses an object, even killed at any moment: the new pack is
 * complete (libgit2's indexer renames it into place) and synced before
 * any old pack is removed, and each old pack is removed index first, so
 * at every moment each object is in a pack git and libgit2 can read.
 */
#define REPACK_FACTOR 2

struct pack {
	char *base;      /* objects/pack/pack-<hash>, without .idx or .pack */
	uint32_t count;  /* objects in it */
};

static int cmp_count(const void *pa, const void *pb)
{
	const struct pack *a = pa, *b = pb;

	return a->count < b->count ? -1 : a->count > b->count;
}

static int exists(const char *base, const char *ext)
{
	struct strbuf sb = STRBUF_INIT;
	struct stat st;
	int ret;

	strbuf_addf(&sb, "%s%s", base, ext);
	ret = !stat(sb.buf, &st);
	strbuf_release(&sb);
	return ret;
}

/* Version 2 index: "\377tOc", version, 256 fan-out counts, then the ids. */
static int idx_open(int *fd, uint32_t *count, const char *base)
{
	struct strbuf path = STRBUF_INIT;
	uint32_t head[2 + 256];
	int ret = -1;

	strbuf_addf(&path, "%s.idx", base);
	*fd = open(path.buf, O_RDONLY | O_CLOEXEC);
	if (*fd >= 0 && pread(*fd, head, sizeof(head), 0) == (ssize_t)sizeof(head) &&
	    !memcmp(head, "\377tOc", 4) && ntohl(head[1]) == 2) {
		*count = ntohl(head[2 + 255]);
		ret = 0;
	}
	if (ret && *fd >= 0)
		close(*fd);
	strbuf_release(&path);
	return ret;
}

/* The packs that may be rolled up: complete, readable, not kept by a .keep. */
static void list_packs(struct pack **out, size_t *nr, const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	size_t alloc = 0;

	*out = NULL;
	*nr = 0;
	while (d && (de = readdir(d))) {
		size_t len = strlen(de->d_name);
		struct strbuf base = STRBUF_INIT;
		uint32_t count;
		int fd;

		if (len < 5 || strcmp(de->d_name + len - 4, ".idx") || strncmp(de->d_name, "pack-", 5))
			continue;
		strbuf_addf(&base, "%s/%.*s", dir, (int)(len - 4), de->d_name);
		if (exists(base.buf, ".pack") && !exists(base.buf, ".keep") &&
		    !idx_open(&fd, &count, base.buf)) {
			close(fd);
			ALLOC_GROW(*out, *nr + 1, alloc);
			(*out)[*nr].count = count;
			(*out)[(*nr)++].base = strbuf_detach(&base, NULL);
		}
		strbuf_release(&base);
	}
	if (d)
		closedir(d);
}

/*
 * How many of the smallest packs (sorted by count) to roll into one: all
 * below the first break of the progression from the top, then every next
 * one the rolled-up pack would not be twice as big as.
 */
static size_t geometric_split(const struct pack *p, size_t nr)
{
	uint64_t total = 0;
	size_t i, split;

	for (i = nr - 1; i > 0; i--)
		if (p[i].count < (uint64_t)REPACK_FACTOR * p[i - 1].count)
			break;
	split = i ? i + 1 : 0;
	for (i = 0; i < split; i++)
		total += p[i].count;
	for (; split < nr && p[split].count < REPACK_FACTOR * total; split++)
		total += p[split].count;
	return split;
}

static int insert_pack(git_packbuilder *pb, const struct pack *p)
{
	uint32_t count, i;
	unsigned char raw[GIT_OID_RAWSZ * 256];
	off_t at = 8 + 256 * 4;
	int fd, ret = 0;

	if (idx_open(&fd, &count, p->base))
		return err_set("cannot read the index of '%s.pack'", p->base);
	for (i = 0; i < count && !ret; ) {
		uint32_t n = count - i < 256 ? count - i : 256, j;
		ssize_t want = (ssize_t)n * GIT_OID_RAWSZ;

		if (pread(fd, raw, want, at) != want) {
			ret = err_set("cannot read the index of '%s.pack'", p->base);
			break;
		}
		for (j = 0; j < n && !ret; j++) {
			git_oid id;

			git_oid_fromraw(&id, raw + (size_t)j * GIT_OID_RAWSZ);
			if ((ret = git_packbuilder_insert(pb, &id, NULL)) < 0)
				ret = archive_git_error(ret, "cannot repack '%s.pack'", p->base);
		}
		at += want;
		i += n;
	}
	close(fd);
	return ret;
}

/*
 * BENCHPOST_TEST_KILL_REPACK=N: the process kills itself at step N of the
 * consolidation (1: the new pack on disk, 2: an old index removed, 3: its
 * pack removed; loose.c: 10: the pack of the loose objects on disk, 11:
 * half of them removed), so that tests/t/t0210 and t0211 can prove each
 * step crash safe (git's GIT_TEST_* variables do the same).
 */
void archive_test_kill_point(int step)
{
	const char *at = getenv("BENCHPOST_TEST_KILL_REPACK");

	if (at && atoi(at) == step)
		raise(SIGKILL);
}

/*
 * Writes pb's pack into dir, on disk before anything that held the same
 * objects goes: with fsync on, the indexer syncs the pack, its index and
 * the directory (a syncfs() here would also flush the working tree just
 * written).
 */
int archive_write_pack_synced(struct archive *a, git_packbuilder *pb, const char *dir)
{
	int ret;

	git_libgit2_opts(GIT_OPT_ENABLE_FSYNC_GITDIR, 1);
	ret = git_packbuilder_write(pb, dir, 0, NULL, NULL);
	git_libgit2_opts(GIT_OPT_ENABLE_FSYNC_GITDIR, 0);
	if (ret < 0)
		return archive_git_error(ret, "cannot write a pack in '%s'", a->path);
	return 0;
}

static void remove_pack(const char *base)
{
	static const char *const exts[] = { ".idx", ".pack", ".rev", ".bitmap", ".mtimes" };
	struct strbuf sb = STRBUF_INIT;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(exts); i++) {
		strbuf_reset(&sb);
		strbuf_addf(&sb, "%s%s", base, exts[i]);
		unlink(sb.buf);
		archive_test_kill_point(2 + (int)i); /* 2: index gone, 3: pack gone */
	}
	strbuf_release(&sb);
}

int archive_repack(struct archive *a)
{
	struct strbuf dir = STRBUF_INIT, fresh = STRBUF_INIT, names = STRBUF_INIT;
	git_packbuilder *pb = NULL;
	struct pack *packs = NULL;
	git_odb *odb = NULL;
	size_t nr = 0, split = 0, i;
	int ret = 0, stepped = 0;

	if (archive_loose_too_many(a) && (ret = archive_fold_loose(a)) < 0)
		goto done;
	strbuf_addf(&dir, "%sobjects/pack", git_repository_path(a->repo));
	list_packs(&packs, &nr, dir.buf);
	if (nr < 2)
		goto done;
	qsort(packs, nr, sizeof(*packs), cmp_count);
	if ((split = geometric_split(packs, nr)) < 2)
		goto done;
	/* the lock record names the packs about to go, for a writer after a crash */
	for (i = 0; i < split; i++)
		strbuf_addf(&names, "%spack=%s", i ? " " : "", strrchr(packs[i].base, '/') + 1);
	if ((ret = archive_step(a, "repack", names.buf)) < 0)
		goto done;
	stepped = 1;
	if ((ret = git_packbuilder_new(&pb, a->repo)) < 0) {
		ret = archive_git_error(ret, "cannot repack '%s'", a->path);
		goto done;
	}
	git_packbuilder_set_threads(pb, 0); /* one per CPU for the delta search */
	for (i = 0; i < split && !ret; i++)
		ret = insert_pack(pb, &packs[i]);
	if (ret < 0)
		goto done;
	if ((ret = archive_write_pack_synced(a, pb, dir.buf)) < 0)
		goto done;
	archive_test_kill_point(1);
	/*
	 * A multi-pack index that git wrote names the packs about to go; it
	 * is only a shortcut over their own indexes, as `git repack -d`
	 * treats it.
	 */
	strbuf_addf(&fresh, "%s/multi-pack-index", dir.buf);
	unlink(fresh.buf);
	strbuf_reset(&fresh);
	strbuf_addf(&fresh, "%s/pack-%s", dir.buf, git_packbuilder_name(pb));
	for (i = 0; i < split; i++)
		if (strcmp(packs[i].base, fresh.buf))
			remove_pack(packs[i].base);
	/* This process must not look for objects in the packs just removed. */
	if (!git_repository_odb(&odb, a->repo))
		git_odb_refresh(odb);
done:
	if (stepped)
		archive_step_end(a);
	git_odb_free(odb);
	git_packbuilder_free(pb);
	strbuf_release(&names);
	for (i = 0; i < nr; i++)
		free(packs[i].base);
	free(packs);
	strbuf_release(&dir);
	strbuf_release(&fresh);
	return ret;
}
