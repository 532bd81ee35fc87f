#include "internal.h"
#include "../core/bench.h"
#include "../core/error.h"
#include "../core/strbuf.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * What the archive's trees may hold.  A history pulled from a remote is
 * checked before anything of it is merged or checked out: a symlinked
 * runs/<kernel> counted as a run and made that kernel unwritable for good
 * (a directory/file conflict), and a link checked out is a way out of the
 * archive for the next writer.  So no symbolic link and no submodule
 * anywhere; runs/ holds kernel directories of hardware directories of
 * regular files, hardware/ regular files, every name of theirs a key
 * (archive_key: [A-Za-z0-9._+-], no leading dot); and each run file must
 * read as the benchmark format.  Readers refuse links and submodules too,
 * whatever wrote them.
 */
enum place { ROOT, RUNS, KERNEL, MACHINE, HARDWARE, OTHER };

static const char *what_entry(git_filemode_t mode)
{
	if (mode == GIT_FILEMODE_LINK)
		return "a symbolic link";
	if (mode == GIT_FILEMODE_COMMIT)
		return "a submodule (gitlink)";
	return NULL;
}

int archive_check_entry(const git_tree_entry *e, const char *path)
{
	const char *what = what_entry(git_tree_entry_filemode(e));

	if (what)
		return err_set("'%s' in the archive is %s: benchpost reads no links or submodules"
			       " in runs/ and hardware/ (remove it with git)", path, what);
	return 0;
}

static int is_key(const char *name)
{
	size_t n = strspn(name, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._+-");

	return *name && *name != '.' && !name[n] && n <= 255;
}

/* The trees already checked, each with the place it was checked for. */
struct seen {
	struct seen_slot {
		git_oid id;
		int place;   /* -1: empty */
	} *v;
	size_t size, nr;
};

static size_t slot_of(const struct seen *s, const git_oid *id, int place)
{
	uint64_t h;
	size_t i;

	memcpy(&h, id->id, sizeof(h));
	for (i = (size_t)(h ^ (uint64_t)place) & (s->size - 1);
	     s->v[i].place >= 0 && (s->v[i].place != place || !git_oid_equal(&s->v[i].id, id));
	     i = (i + 1) & (s->size - 1))
		;
	return i;
}

/* Adds (id, place); 0 when it was there already. */
static int seen_add(struct seen *s, const git_oid *id, int place)
{
	size_t i;

	if (2 * (s->nr + 1) > s->size) {
		struct seen bigger = { NULL, s->size ? 2 * s->size : 1024, 0 };

		bigger.v = xmalloc(bigger.size * sizeof(*bigger.v));
		for (i = 0; i < bigger.size; i++)
			bigger.v[i].place = -1;
		for (i = 0; i < s->size; i++)
			if (s->v[i].place >= 0)
				bigger.v[slot_of(&bigger, &s->v[i].id, s->v[i].place)] = s->v[i];
		bigger.nr = s->nr;
		free(s->v);
		*s = bigger;
	}
	i = slot_of(s, id, place);
	if (s->v[i].place >= 0)
		return 0;
	s->v[i].id = *id;
	s->v[i].place = place;
	s->nr++;
	return 1;
}

struct check {
	git_repository *repo;
	const char *from;
	char commit[8];
	struct seen trees, blobs;
};

static int bad(const struct check *c, const char *path, const char *what)
{
	return err_set("'%s' in the history of '%s' (commit %s) %s: benchpost pulled nothing",
		       path, c->from, c->commit, what);
}

static int check_run_file(struct check *c, const git_tree_entry *e, const char *path)
{
	struct recset set = RECSET_INIT;
	git_blob *blob = NULL;
	size_t len = strlen(path);
	int ret;

	if (len < 6 || strcmp(path + len - 6, ".bench") || !seen_add(&c->blobs, git_tree_entry_id(e), 0))
		return 0;
	if ((ret = git_blob_lookup(&blob, c->repo, git_tree_entry_id(e))) < 0)
		return archive_git_error(ret, "cannot read '%s' from '%s'", path, c->from);
	ret = bench_parse(&set, git_blob_rawcontent(blob), git_blob_rawsize(blob), path);
	git_blob_free(blob);
	recset_release(&set);
	if (ret < 0)
		return err_prefix("a run in the history of '%s' (commit %s) does not read: benchpost"
				  " pulled nothing", c->from, c->commit);
	return 0;
}

static int check_tree(struct check *c, git_tree *tree, const char *dir, enum place place);

static int check_one(struct check *c, const git_tree_entry *e, const char *path, enum place place)
{
	static const enum place below[] = { [RUNS] = KERNEL, [KERNEL] = MACHINE };
	git_filemode_t mode = git_tree_entry_filemode(e);
	const char *name = git_tree_entry_name(e), *what = what_entry(mode);
	int is_tree = git_tree_entry_type(e) == GIT_OBJECT_TREE, ret;
	git_tree *sub = NULL;

	if (what) {
		char is[64];

		snprintf(is, sizeof(is), "is %s", what);
		return bad(c, path, is);
	}
	if (place != ROOT && place != OTHER && !is_key(name))
		return bad(c, path, "has a name benchpost never writes there");
	if (place == ROOT)
		place = !strcmp(name, "runs") ? RUNS : !strcmp(name, "hardware") ? HARDWARE : OTHER;
	else if (place == RUNS || place == KERNEL)
		place = below[place];
	else if (place == MACHINE || place == HARDWARE)
		return is_tree ? bad(c, path, "is a directory where benchpost keeps files") :
		       place == MACHINE ? check_run_file(c, e, path) : 0;
	if (!is_tree)
		return place == OTHER ? 0 : bad(c, path, "is a file where benchpost keeps directories");
	if (!seen_add(&c->trees, git_tree_entry_id(e), place))
		return 0;
	if ((ret = git_tree_lookup(&sub, c->repo, git_tree_entry_id(e))) < 0)
		return archive_git_error(ret, "cannot read '%s' from '%s'", path, c->from);
	ret = check_tree(c, sub, path, place);
	git_tree_free(sub);
	return ret;
}

static int check_tree(struct check *c, git_tree *tree, const char *dir, enum place place)
{
	struct strbuf path = STRBUF_INIT;
	size_t i, n = git_tree_entrycount(tree);
	int ret = 0;

	for (i = 0; i < n && !ret; i++) {
		const git_tree_entry *e = git_tree_entry_byindex(tree, i);

		strbuf_reset(&path);
		if (*dir)
			strbuf_addf(&path, "%s/", dir);
		strbuf_addstr(&path, git_tree_entry_name(e));
		ret = check_one(c, e, path.buf, place);
	}
	strbuf_release(&path);
	return ret;
}

int archive_check_history(struct archive *a, const git_oid *tip, const git_oid *hide,
			  const char *from)
{
	struct check c = { a->repo, from, "", { NULL, 0, 0 }, { NULL, 0, 0 } };
	git_revwalk *walk = NULL;
	git_commit *commit = NULL;
	git_tree *root = NULL;
	git_oid id;
	int ret;

	if ((ret = git_revwalk_new(&walk, a->repo)) < 0 || (ret = git_revwalk_push(walk, tip)) < 0 ||
	    (hide && (ret = git_revwalk_hide(walk, hide)) < 0)) {
		ret = archive_git_error(ret, "cannot walk what was fetched from '%s'", from);
		goto done;
	}
	/* every commit pulled, each tree (and run) checked once however many commits share it */
	for (;;) {
		if ((ret = git_revwalk_next(&id, walk)) == GIT_ITEROVER) {
			ret = 0;
			break;
		}
		if (ret < 0) {
			ret = archive_git_error(ret, "cannot walk what was fetched from '%s'", from);
			break;
		}
		snprintf(c.commit, sizeof(c.commit), "%.7s", git_oid_tostr_s(&id));
		if ((ret = git_commit_lookup(&commit, a->repo, &id)) < 0 ||
		    (ret = git_commit_tree(&root, commit)) < 0) {
			ret = archive_git_error(ret, "cannot read commit %s from '%s'", c.commit, from);
			break;
		}
		if (seen_add(&c.trees, git_tree_id(root), ROOT))
			ret = check_tree(&c, root, "", ROOT);
		git_tree_free(root);
		git_commit_free(commit);
		root = NULL;
		commit = NULL;
		if (ret < 0)
			break;
	}
done:
	free(c.trees.v);
	free(c.blobs.v);
	git_revwalk_free(walk);
	return ret;
}
