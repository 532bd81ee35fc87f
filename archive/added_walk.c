#include "internal.h"
#include "../core/error.h"
#include "../core/strbuf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/*
 * The added-by files (added.c) are not part of the history, so a clone,
 * a pull or an archive written by an older benchpost lacks lines.  One
 * walk records every run of the commits not recorded yet, for every
 * kernel at once: reading kernel after kernel of a clone of 10,000
 * single-run commits walked the 10,000 commits once per kernel.
 *
 * <gitdir>/benchpost/added/.walked names a commit whose whole history is
 * in the files (no kernel directory can be named ".walked": keys never
 * begin with a dot); the walk goes from HEAD down to it, so after a pull
 * it covers only the commits the pull brought.  The marker is moved only
 * after the lines were written, and a reader that still misses a run
 * (files damaged or deleted by hand) walks for it as before: the marker
 * only ever saves time, it never decides an answer.
 */
#define SAVE_EVERY 8192

static void marker_file(struct strbuf *out, struct archive *a)
{
	strbuf_reset(out);
	strbuf_addf(out, "%sbenchpost/added/.walked", git_repository_path(a->repo));
}

static int marker_read(git_oid *out, struct archive *a)
{
	struct strbuf path = STRBUF_INIT, text = STRBUF_INIT;
	git_odb *odb = NULL;
	int ret = -1;

	marker_file(&path, a);
	if (strbuf_read_file(&text, path.buf) >= 0 && text.len >= GIT_OID_HEXSZ) {
		text.buf[GIT_OID_HEXSZ] = '\0';
		if (!git_oid_fromstr(out, text.buf) && !git_repository_odb(&odb, a->repo) &&
		    git_odb_exists(odb, out))
			ret = 0;
	}
	git_odb_free(odb);
	strbuf_release(&path);
	strbuf_release(&text);
	return ret;
}

/* Atomic (rename): readers see the old commit or the new one, never half. */
static void marker_write(struct archive *a, const git_oid *id)
{
	struct strbuf path = STRBUF_INIT, tmp = STRBUF_INIT;
	FILE *f;

	strbuf_addf(&path, "%sbenchpost", git_repository_path(a->repo));
	mkdir(path.buf, 0777);
	strbuf_addstr(&path, "/added");
	mkdir(path.buf, 0777);
	marker_file(&path, a);
	strbuf_addf(&tmp, "%s.%ld", path.buf, (long)getpid());
	if ((f = fopen(tmp.buf, "we"))) {
		int bad = fprintf(f, "%s\n", git_oid_tostr_s(id)) < 0;

		if (fclose(f) || bad || rename(tmp.buf, path.buf))
			unlink(tmp.buf);
	}
	strbuf_release(&path);
	strbuf_release(&tmp);
}

void archive_added_advance(struct archive *a, const git_oid *parent, const git_oid *commit)
{
	git_oid at;

	if (!parent || (!marker_read(&at, a) && git_oid_equal(&at, parent)))
		marker_write(a, commit);
}

struct found {
	struct archive_paths paths;
	struct archive_added *v;
	size_t nr, alloc;
	int failed;
};

static void flush(struct archive *a, struct found *f)
{
	if (archive_added_save(a, f->v, f->nr) < 0)
		f->failed = 1;
	archive_paths_release(&f->paths);
	f->nr = 0;
}

static int record_commit(struct found *f, git_repository *repo, git_commit *c)
{
	size_t from = f->paths.nr, i;
	int ret;

	if ((ret = archive_commit_added(&f->paths, repo, c, "runs")) < 0)
		return ret;
	for (i = from; i < f->paths.nr; i++) {
		ALLOC_GROW(f->v, f->nr + 1, f->alloc);
		f->v[f->nr].path = f->paths.v[i];
		f->v[f->nr].commit = *git_commit_id(c);
		f->v[f->nr++].when = git_commit_time(c);
	}
	return 0;
}

int archive_added_catch_up(struct archive *a, size_t *walked)
{
	struct found f = { { 0 }, NULL, 0, 0, 0 };
	git_revwalk *walk = NULL;
	git_commit *head = NULL, *c = NULL;
	git_oid id, done_at;
	int ret;

	*walked = 0;
	if ((ret = archive_head_commit(&head, a)) < 0 || !head)
		goto done;
	if (!marker_read(&done_at, a) && git_oid_equal(&done_at, git_commit_id(head)))
		goto done;
	if ((ret = git_revwalk_new(&walk, a->repo)) < 0 ||
	    (ret = git_revwalk_push(walk, git_commit_id(head))) < 0)
		goto failed;
	/* A marker that is not in HEAD's history hides what it shares with it. */
	if (!marker_read(&done_at, a))
		git_revwalk_hide(walk, &done_at);
	while (!(ret = git_revwalk_next(&id, walk))) {
		if ((ret = git_commit_lookup(&c, a->repo, &id)) < 0)
			break;
		ret = record_commit(&f, a->repo, c);
		git_commit_free(c);
		if (ret < 0)
			break;
		(*walked)++;
		if (f.nr >= SAVE_EVERY)
			flush(a, &f);
	}
	if (ret == GIT_ITEROVER)
		ret = 0;
	flush(a, &f);
	if (!ret && !f.failed)
		marker_write(a, git_commit_id(head));
failed:
	if (ret < 0)
		ret = archive_git_error(ret, "cannot walk the archive's history");
done:
	git_revwalk_free(walk);
	git_commit_free(head);
	archive_paths_release(&f.paths);
	free(f.v);
	return ret;
}
