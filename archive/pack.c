#include "internal.h"
#include "../core/error.h"

#include <git2/sys/mempack.h>
#include <git2/sys/odb_backend.h>
#include <string.h>

/*
 * A batch is written as one pack instead of thousands of loose objects:
 * its objects collect in memory (a mempack backend on a second handle of
 * the repository), then go to objects/pack/ through the indexer, which
 * writes the pack and its index under temporary names and renames them.
 */
int archive_pack_begin(git_repository **out, git_odb_backend **mem, struct archive *a)
{
	git_repository *w = NULL;
	git_odb *odb = NULL;
	int ret;

	*out = NULL;
	*mem = NULL;
	if ((ret = git_repository_open_bare(&w, git_repository_path(a->repo))) < 0 ||
	    (ret = git_mempack_new(mem)) < 0 ||
	    (ret = git_repository_odb(&odb, w)) < 0)
		goto fail;
	/* Highest priority: every write of this handle goes to memory. */
	if ((ret = git_odb_add_backend(odb, *mem, 1000)) < 0)
		goto fail;
	git_odb_free(odb);
	*out = w;
	return 0;
fail:
	/* not yet the odb's: ours to free */
	if (*mem)
		(*mem)->free(*mem);
	*mem = NULL;
	git_odb_free(odb);
	git_repository_free(w);
	return archive_git_error(ret, "cannot prepare a batch in '%s'", a->path);
}

int archive_pack_finish(struct archive *a, git_repository *w, git_odb_backend *mem)
{
	git_buf pack = GIT_BUF_INIT;
	git_odb *odb = NULL;
	git_odb_writepack *wp = NULL;
	git_indexer_progress stats;
	int ret;

	memset(&stats, 0, sizeof(stats));
	if ((ret = git_mempack_dump(&pack, w, mem)) < 0 ||
	    (ret = git_repository_odb(&odb, a->repo)) < 0 ||
	    (ret = git_odb_write_pack(&wp, odb, NULL, NULL)) < 0 ||
	    (ret = wp->append(wp, pack.ptr, pack.size, &stats)) < 0 ||
	    (ret = wp->commit(wp, &stats)) < 0)
		ret = archive_git_error(ret, "cannot write the batch's pack in '%s'", a->path);
	if (wp)
		wp->free(wp);
	git_odb_free(odb);
	git_buf_dispose(&pack);
	return ret;
}
