#include "internal.h"
#include "../core/bench.h"
#include "../core/error.h"
#include "../core/escape.h"
#include "../core/strbuf.h"

#include <git2/sys/commit.h>

#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* What one run of a batch becomes. */
struct pending {
	char *path;
	git_oid blob;
};

static time_t run_time(const struct archive_run *run)
{
	return run->when ? run->when : time(NULL);
}

/*
 * The run's records with "date" and "suite" added to their facts, so the
 * file says when and how it ran without relying on its name.
 */
static void file_text(struct strbuf *out, const struct archive_run *run)
{
	struct recset copy = RECSET_INIT;
	struct facts **from = xcalloc(run->records.nr, sizeof(*from));
	struct facts **to = xcalloc(run->records.nr, sizeof(*to));
	struct strbuf date = STRBUF_INIT;
	size_t i, j, nr = 0;

	archive_format_time(&date, run_time(run), "%Y-%m-%dT%H:%M:%SZ");
	for (i = 0; i < run->records.nr; i++) {
		const struct record *r = &run->records.v[i];
		struct record *c = recset_add(&copy, r);

		for (j = 0; j < nr && from[j] != r->facts; j++)
			;
		if (j == nr) {
			struct facts *f = facts_new();
			size_t k;

			for (k = 0; k < record_config_fields_nr; k++) {
				const char *name = record_config_fields[k].name;
				const char *v = record_field_get(r, &record_config_fields[k]);

				if (v && !facts_get(r->facts, name))
					facts_set(f, name, v);
			}
			for (k = 0; r->facts && k < r->facts->nr; k++)
				facts_set(f, r->facts->v[k].key, r->facts->v[k].value);
			if (!facts_get(f, "date"))
				facts_set(f, "date", date.buf);
			if (!facts_get(f, "suite"))
				facts_set(f, "suite", run->suite ? run->suite : "run");
			from[nr] = r->facts;
			to[nr++] = f;
		}
		facts_unref(c->facts);
		c->facts = facts_ref(to[j]);
	}
	bench_write(out, &copy);
	for (j = 0; j < nr; j++)
		facts_unref(to[j]);
	free(from);
	free(to);
	strbuf_release(&date);
	recset_release(&copy);
}

static int path_taken(git_tree *base, const struct archive_pathset *done, const char *path)
{
	git_tree_entry *e = NULL;

	if (archive_pathset_has(done, path))
		return 1;
	if (base && !git_tree_entry_bypath(&e, base, path)) {
		git_tree_entry_free(e);
		return 1;
	}
	return 0;
}

/*
 * runs/<kernel>/<hardware>/<UTC time>-<hash>-<fs>-<suite>.bench, never one
 * already there.  The hash (the first 8 hex digits of the file's blob id)
 * makes the name unique by construction: two different runs of the same
 * second, kernel, hardware and fs (two machines, two mails with one Date)
 * never share a path, so a pull never has to merge one file out of two,
 * while the same run committed on two machines is the same file.  A name
 * taken here still gets .2, .3, ...: the same run committed twice is kept
 * twice, as it always was.
 */
static char *run_path(const struct archive_run *run, git_tree *base,
		      const struct archive_pathset *done, const git_oid *blob)
{
	const struct recset *set = &run->records;
	char *kernel = archive_key(archive_first_field(set, offsetof(struct record, kernel)));
	char *hw = archive_key(archive_first_field(set, offsetof(struct record, hardware)));
	char *fs = archive_key(archive_first_field(set, offsetof(struct record, fs)));
	char *suite = archive_key(run->suite ? run->suite : "run");
	struct strbuf stem = STRBUF_INIT, path = STRBUF_INIT;
	int n;

	strbuf_addf(&stem, "runs/%s/%s/", kernel, hw);
	archive_format_time(&stem, run_time(run), "%Y-%m-%dT%H%M%SZ");
	strbuf_addf(&stem, "-%.8s-%s-%s", git_oid_tostr_s(blob), fs, suite);
	strbuf_addf(&path, "%s.bench", stem.buf);
	for (n = 2; path_taken(base, done, path.buf); n++) {
		strbuf_reset(&path);
		strbuf_addf(&path, "%s.%d.bench", stem.buf, n);
	}
	free(kernel);
	free(hw);
	free(fs);
	free(suite);
	strbuf_release(&stem);
	return strbuf_detach(&path, NULL);
}

/* Author: the repository's config, then $GIT_AUTHOR_NAME / $EMAIL, then a fallback. */
int archive_signature(git_signature **out, git_repository *repo)
{
	const char *name = getenv("GIT_AUTHOR_NAME");
	const char *email = getenv("GIT_AUTHOR_EMAIL");
	struct strbuf fallback = STRBUF_INIT;
	char host[256];
	int ret;

	if (!git_signature_default(out, repo))
		return 0;
	if (!email || !*email)
		email = getenv("EMAIL");
	if (!email || !*email) {
		if (gethostname(host, sizeof(host)))
			strcpy(host, "localhost");
		host[sizeof(host) - 1] = '\0';
		strbuf_addf(&fallback, "benchpost@%s", host);
		email = fallback.buf;
	}
	if (!name || !*name)
		name = "benchpost";
	ret = git_signature_now(out, name, email);
	strbuf_release(&fallback);
	if (ret < 0)
		return archive_git_error(ret, "cannot make a commit signature");
	return 0;
}

static int hardware_update(git_tree_update *u, git_repository *w, git_tree *base,
			   const struct archive_run *run, char **path_out)
{
	char *hw = archive_key(archive_first_field(&run->records, offsetof(struct record, hardware)));
	struct strbuf path = STRBUF_INIT, text = STRBUF_INIT;
	git_tree_entry *e = NULL;
	git_oid id;
	int ret;

	strbuf_addf(&path, "hardware/%s.txt", hw);
	free(hw);
	/* machine facts quote tool output and device names: stored inert, as runs are */
	esc_addstr(&text, run->hardware_details, ESC_KEEP_TAB | ESC_KEEP_NEWLINE);
	ret = git_blob_create_from_buffer(&id, w, text.buf, text.len);
	if (ret < 0) {
		ret = archive_git_error(ret, "cannot write '%s'", path.buf);
		goto done;
	}
	if (base && !git_tree_entry_bypath(&e, base, path.buf) &&
	    git_oid_equal(git_tree_entry_id(e), &id)) {
		ret = 0; /* unchanged */
		goto done;
	}
	u->action = GIT_TREE_UPDATE_UPSERT;
	u->filemode = GIT_FILEMODE_BLOB;
	u->id = id;
	*path_out = strbuf_detach(&path, NULL);
	u->path = *path_out;
	ret = 1;
done:
	git_tree_entry_free(e);
	strbuf_release(&path);
	strbuf_release(&text);
	return ret;
}

static int write_commit(git_oid *out, struct archive *a, git_repository *w, git_commit *parent,
			const git_oid *tree_id, const char *message)
{
	git_signature *sig = NULL;
	/*
	 * By id, not by object: the parent was looked up in a->repo, and w
	 * may be the second handle a batch packs through; a parent object
	 * from another repository handle is dropped silently, which cut the
	 * archive's history at every batch.
	 */
	const git_oid *parents[1] = { parent ? git_commit_id(parent) : NULL };
	int ret;

	if ((ret = archive_signature(&sig, a->repo)) < 0)
		goto done;
	if ((ret = git_commit_create_from_ids(out, w, NULL, sig, sig, NULL, message, tree_id,
					      parent ? 1 : 0, parents)) < 0)
		ret = archive_git_error(ret, "cannot write commit");
done:
	git_signature_free(sig);
	return ret;
}

/* Which commit added these runs, for readers (archive/added.c). */
static void remember_added(struct archive *a, const struct pending *pend, size_t nr,
			   const git_oid *parent, const git_oid *commit_id)
{
	struct archive_added *v = xcalloc(nr, sizeof(*v));
	git_commit *c = NULL;
	size_t i;

	if (!git_commit_lookup(&c, a->repo, commit_id)) {
		for (i = 0; i < nr; i++) {
			v[i].path = pend[i].path;
			v[i].commit = *commit_id;
			v[i].when = git_commit_time(c);
		}
		if (!archive_added_save(a, v, nr))
			archive_added_advance(a, parent, commit_id);
	}
	git_commit_free(c);
	free(v);
}

static int commit_locked(struct archive *a, const struct archive_run *runs, size_t nr,
			 const char *message, struct pending *pend)
{
	git_tree_update *updates = xcalloc(2 * nr, sizeof(*updates));
	char **hw_paths = xcalloc(nr, sizeof(*hw_paths));
	struct strbuf text = STRBUF_INIT, msg = STRBUF_INIT;
	git_commit *head = NULL;
	git_tree *base = NULL;
	char *branch = NULL, **changed = NULL;
	size_t i, nup = 0;
	git_oid tree_id, commit_id;
	git_repository *w = a->repo;
	git_odb_backend *mem = NULL;
	struct archive_pathset taken = { 0 }, hw_seen = { 0 };
	int ret;

	if (nr >= ARCHIVE_PACK_MIN && (ret = archive_pack_begin(&w, &mem, a)) < 0)
		goto done;
	if ((ret = archive_head_branch(&branch, a)) < 0 ||
	    (ret = archive_head_commit(&head, a)) < 0)
		goto done;
	if (head && (ret = git_commit_tree(&base, head)) < 0) {
		ret = archive_git_error(ret, "cannot read the archive's tree");
		goto done;
	}
	/* Objects first: a crash before the ref moves leaves only unreachable objects. */
	for (i = 0; i < nr; i++) {
		strbuf_reset(&text);
		file_text(&text, &runs[i]);
		ret = git_blob_create_from_buffer(&pend[i].blob, w, text.buf, text.len);
		if (ret < 0) {
			ret = archive_git_error(ret, "cannot write run %zu of %zu", i + 1, nr);
			goto done;
		}
		pend[i].path = run_path(&runs[i], base, &taken, &pend[i].blob);
		archive_pathset_add(&taken, pend[i].path);
		updates[nup].action = GIT_TREE_UPDATE_UPSERT;
		updates[nup].filemode = GIT_FILEMODE_BLOB;
		updates[nup].id = pend[i].blob;
		updates[nup].path = pend[i].path;
		nup++;
		if (runs[i].hardware_details) {
			ret = hardware_update(&updates[nup], w, base, &runs[i], &hw_paths[i]);
			if (ret < 0)
				goto done;
			if (ret > 0 && !archive_pathset_has(&hw_seen, hw_paths[i])) {
				archive_pathset_add(&hw_seen, hw_paths[i]);
				nup++;
			}
		}
	}
	changed = xcalloc(nup, sizeof(*changed));
	for (i = 0; i < nup; i++)
		changed[i] = (char *)updates[i].path;
	/* Refused before anything is committed: the working tree must not lead outside. */
	if ((ret = archive_worktree_check(a, changed, nup)) < 0)
		goto done;
	if ((ret = git_tree_create_updated(&tree_id, w, base, nup, updates)) < 0) {
		ret = archive_git_error(ret, "cannot write the archive's tree");
		goto done;
	}
	if (message)
		strbuf_addstr(&msg, message);
	else
		archive_message(&msg, runs, nr);
	if ((ret = write_commit(&commit_id, a, w, head, &tree_id, msg.buf)) < 0)
		goto done;
	if (mem && (ret = archive_pack_finish(a, w, &commit_id, updates, nup)) < 0)
		goto done;
	/* The ref last, atomically: only now is anything reported as saved. */
	ret = archive_advance(a, branch, head ? git_commit_id(head) : NULL, &commit_id,
			      "benchpost: commit", changed, nup);
	if (!ret)
		remember_added(a, pend, nr, head ? git_commit_id(head) : NULL, &commit_id);
	/* Saved already: a repack that fails costs only speed. */
	if (!ret && archive_repack(a) < 0)
		archive_warn(a, "could not consolidate the packs of '%s': %s", a->path, err_last());
done:
	if (w != a->repo)
		git_repository_free(w); /* and the objects in memory with it */
	archive_pathset_release(&taken);
	archive_pathset_release(&hw_seen);
	for (i = 0; i < nr; i++)
		free(hw_paths[i]);
	free(hw_paths);
	free(changed);
	free(updates);
	free(branch);
	git_tree_free(base);
	git_commit_free(head);
	strbuf_release(&text);
	strbuf_release(&msg);
	return ret;
}

int archive_commit(struct archive *a, const struct archive_run *runs, size_t nr,
		   const char *message, char ***paths)
{
	struct pending *pend;
	size_t i;
	int ret;

	if (paths)
		*paths = NULL;
	if (!nr)
		return err_set("nothing to commit");
	for (i = 0; i < nr; i++)
		if (!runs[i].records.nr)
			return err_set("run %zu has no records", i + 1);
	if ((ret = archive_lock(a)) < 0)
		return ret;
	pend = xcalloc(nr, sizeof(*pend));
	ret = commit_locked(a, runs, nr, message, pend);
	archive_unlock(a);
	if (!ret && paths) {
		*paths = xcalloc(nr, sizeof(**paths));
		for (i = 0; i < nr; i++) {
			(*paths)[i] = pend[i].path;
			pend[i].path = NULL;
		}
	}
	for (i = 0; i < nr; i++)
		free(pend[i].path);
	free(pend);
	return ret;
}
