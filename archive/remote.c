#include "internal.h"
#include "../core/error.h"
#include "../core/strbuf.h"

#include <stdlib.h>
#include <string.h>

/* Where pull keeps what it fetched before merging it. */
#define FETCHED_REF "refs/benchpost/fetched"

/* A configured remote by name, else the argument as a URL or path. */
static int open_remote(git_remote **out, struct archive *a, const char *name)
{
	int ret;

	ret = git_remote_lookup(out, a->repo, name ? name : "origin");
	if (ret == GIT_ENOTFOUND || ret == GIT_EINVALIDSPEC) {
		if (!name)
			return err_set("no remote 'origin' in '%s'; name a remote, a URL or a path",
				       a->path);
		ret = git_remote_create_anonymous(out, a->repo, name);
	}
	if (ret < 0)
		return archive_git_error(ret, "cannot use remote '%s'", name);
	return 0;
}

static void set_callbacks(git_remote_callbacks *cb, struct archive_cred_state *st,
			  struct archive *a)
{
	memset(st, 0, sizeof(*st));
	st->repo = a->repo;
	git_remote_init_callbacks(cb, GIT_REMOTE_CALLBACKS_VERSION);
	cb->credentials = archive_credentials;
	cb->payload = st;
}

/* The remote's branch: what its HEAD names, else ours. */
static int remote_branch(char **out, git_remote *remote, const char *ours)
{
	git_buf buf = GIT_BUF_INIT;

	if (!git_remote_default_branch(&buf, remote)) {
		*out = xstrdup(buf.ptr);
		git_buf_dispose(&buf);
	} else {
		*out = xstrdup(ours);
	}
	return 0;
}

/* The id the connected remote has for ref, if any. */
static int remote_tip(git_oid *out, git_remote *remote, const char *ref)
{
	const git_remote_head **heads;
	size_t nr, i;

	if (git_remote_ls(&heads, &nr, remote) < 0)
		return 0;
	for (i = 0; i < nr; i++) {
		if (!strcmp(heads[i]->name, ref)) {
			git_oid_cpy(out, &heads[i]->oid);
			return 1;
		}
	}
	return 0;
}

static char *refspec(const char *force, const char *src, const char *dst)
{
	struct strbuf sb = STRBUF_INIT;

	strbuf_addf(&sb, "%s%s:%s", force, src, dst);
	return strbuf_detach(&sb, NULL);
}

static int push_status(const char *ref, const char *status, void *data)
{
	struct archive_cred_state *st = data;

	if (status) {
		err_set("the remote refused '%s': %s", ref, status);
		st->rejected = 1;
	}
	return 0;
}

int archive_push(struct archive *a, const char *name, struct strbuf *summary)
{
	git_remote_callbacks cb;
	git_push_options opts;
	struct archive_cred_state st;
	git_remote *remote = NULL;
	git_commit *head = NULL;
	char *branch = NULL, *spec = NULL;
	git_strarray refspecs;
	git_oid theirs;
	int ret;

	if ((ret = archive_head_branch(&branch, a)) < 0 ||
	    (ret = archive_head_commit(&head, a)) < 0)
		goto done;
	if (!head) {
		ret = err_set("nothing to push: the archive '%s' is empty", a->path);
		goto done;
	}
	if ((ret = open_remote(&remote, a, name)) < 0)
		goto done;
	set_callbacks(&cb, &st, a);
	if ((ret = git_remote_connect(remote, GIT_DIRECTION_PUSH, &cb, NULL, NULL)) < 0) {
		ret = archive_git_error(ret, "cannot reach '%s'", git_remote_url(remote));
		goto done;
	}
	/* Never overwrite runs we have not seen: the remote must be behind us. */
	if (remote_tip(&theirs, remote, branch) && !git_oid_equal(&theirs, git_commit_id(head)) &&
	    git_graph_descendant_of(a->repo, git_commit_id(head), &theirs) != 1) {
		ret = err_set("'%s' has runs this archive does not; run 'benchpost pull' first",
			      git_remote_url(remote));
		goto done;
	}
	spec = refspec("", branch, branch);
	refspecs.strings = &spec;
	refspecs.count = 1;
	git_push_options_init(&opts, GIT_PUSH_OPTIONS_VERSION);
	opts.callbacks = cb;
	opts.callbacks.push_update_reference = push_status;
	opts.callbacks.payload = &st;
	ret = git_remote_upload(remote, &refspecs, &opts);
	if (ret < 0) {
		ret = archive_git_error(ret, "cannot push to '%s'", git_remote_url(remote));
		goto done;
	}
	if (st.rejected) {
		ret = BP_ERROR;
		goto done;
	}
	git_remote_update_tips(remote, &opts.callbacks, 0, GIT_REMOTE_DOWNLOAD_TAGS_NONE,
			       "benchpost: push");
	strbuf_addf(summary, "pushed %s to '%s'", branch + strlen("refs/heads/"),
		    git_remote_url(remote));
done:
	free(spec);
	free(branch);
	git_commit_free(head);
	git_remote_free(remote);
	return ret;
}

/* How many runs new_tree has that old_tree has not. */
static size_t runs_added(git_repository *repo, git_tree *old_tree, git_tree *new_tree)
{
	git_diff_options opts;
	git_diff *diff = NULL;
	char *spec[] = { "runs" };
	size_t n = 0, i;

	git_diff_options_init(&opts, GIT_DIFF_OPTIONS_VERSION);
	opts.pathspec.strings = spec;
	opts.pathspec.count = 1;
	if (git_diff_tree_to_tree(&diff, repo, old_tree, new_tree, &opts))
		return 0;
	for (i = 0; i < git_diff_num_deltas(diff); i++)
		n += git_diff_get_delta(diff, i)->status == GIT_DELTA_ADDED;
	git_diff_free(diff);
	return n;
}

/* "both sides changed 1 run: both versions kept" and the pairs of paths. */
static void report_kept(struct strbuf *summary, const struct archive_paths *kept)
{
	size_t i;

	if (!kept->nr)
		return;
	strbuf_addf(summary, "\nboth sides changed %zu run%s; both versions kept (ours, theirs):",
		    kept->nr / 2, kept->nr == 2 ? "" : "s");
	for (i = 0; i + 1 < kept->nr; i += 2)
		strbuf_addf(summary, "\n  %s\n  %s", kept->v[i], kept->v[i + 1]);
}

static int integrate(struct archive *a, const git_oid *their_id, const char *from,
		     struct strbuf *summary)
{
	git_commit *ours = NULL, *theirs = NULL;
	git_tree *old_tree = NULL, *new_tree = NULL;
	git_commit *result = NULL;
	struct archive_paths kept = { NULL, 0, 0 };
	char *branch = NULL;
	git_oid base, merged;
	const git_oid *new_id = their_id;
	int ret;

	if ((ret = archive_head_branch(&branch, a)) < 0 ||
	    (ret = archive_head_commit(&ours, a)) < 0)
		goto done;
	if ((ret = git_commit_lookup(&theirs, a->repo, their_id)) < 0) {
		ret = archive_git_error(ret, "cannot read what was fetched");
		goto done;
	}
	if (ours) {
		ret = git_merge_base(&base, a->repo, git_commit_id(ours), their_id);
		if (ret == 0 && git_oid_equal(&base, their_id)) {
			strbuf_addf(summary, "already up to date with '%s'", from);
			goto done;
		}
		if (ret == 0 && git_oid_equal(&base, git_commit_id(ours))) {
			new_id = their_id; /* fast-forward */
		} else {
			if ((ret = archive_merge(&merged, a, ours, theirs, from, &kept)) < 0)
				goto done;
			new_id = &merged;
		}
		if ((ret = git_commit_tree(&old_tree, ours)) < 0)
			goto done;
	}
	/* Refused before the branch moves: the working tree must not lead outside. */
	if ((ret = archive_worktree_check_commits(a, ours ? git_commit_id(ours) : NULL, new_id)) < 0 ||
	    (ret = archive_advance(a, branch, ours ? git_commit_id(ours) : NULL, new_id,
				   "benchpost: pull", NULL, 0)) < 0)
		goto done;
	if (!git_commit_lookup(&result, a->repo, new_id) && !git_commit_tree(&new_tree, result)) {
		size_t n = runs_added(a->repo, old_tree, new_tree);

		strbuf_addf(summary, "%zu run%s from '%s'%s", n, n == 1 ? "" : "s", from,
			    new_id == their_id ? "" : ", histories merged");
		report_kept(summary, &kept);
	}
	ret = 0;
done:
	archive_paths_release(&kept);
	git_tree_free(old_tree);
	git_tree_free(new_tree);
	git_commit_free(result);
	git_commit_free(ours);
	git_commit_free(theirs);
	free(branch);
	return ret;
}

int archive_pull(struct archive *a, const char *name, struct strbuf *summary)
{
	git_remote_callbacks cb;
	git_fetch_options opts;
	struct archive_cred_state st;
	git_remote *remote = NULL;
	git_commit *head = NULL;
	char *branch = NULL, *theirs = NULL, *spec = NULL, *url = NULL;
	git_strarray refspecs;
	git_oid id;
	size_t walked;
	int ret;

	if ((ret = archive_lock(a)) < 0)
		return ret;
	if ((ret = archive_head_branch(&branch, a)) < 0 ||
	    (ret = open_remote(&remote, a, name)) < 0)
		goto done;
	url = xstrdup(git_remote_url(remote));
	set_callbacks(&cb, &st, a);
	if ((ret = git_remote_connect(remote, GIT_DIRECTION_FETCH, &cb, NULL, NULL)) < 0) {
		ret = archive_git_error(ret, "cannot reach '%s'", url);
		goto done;
	}
	remote_branch(&theirs, remote, branch);
	if (!remote_tip(&id, remote, theirs)) {
		strbuf_addf(summary, "nothing to pull: '%s' is empty", url);
		goto done;
	}
	git_remote_disconnect(remote);
	spec = refspec("+", theirs, FETCHED_REF);
	refspecs.strings = &spec;
	refspecs.count = 1;
	git_fetch_options_init(&opts, GIT_FETCH_OPTIONS_VERSION);
	set_callbacks(&opts.callbacks, &st, a);
	opts.download_tags = GIT_REMOTE_DOWNLOAD_TAGS_NONE;
	if ((ret = archive_step(a, "fetch", NULL)) < 0)
		goto done;
	ret = git_remote_fetch(remote, &refspecs, &opts, "benchpost: pull");
	archive_step_end(a);
	if (ret < 0) {
		ret = archive_git_error(ret, "cannot fetch from '%s'", url);
		goto done;
	}
	if ((ret = git_reference_name_to_id(&id, a->repo, FETCHED_REF)) < 0) {
		ret = archive_git_error(ret, "cannot read what was fetched from '%s'", url);
		goto done;
	}
	/* Nothing of a history that carries links, submodules or foreign shapes is kept. */
	if ((ret = archive_head_commit(&head, a)) < 0 ||
	    (ret = archive_check_history(a, &id, head ? git_commit_id(head) : NULL,
					 name ? name : url)) < 0) {
		git_reference_remove(a->repo, FETCHED_REF);
		goto done;
	}
	ret = integrate(a, &id, name ? name : "origin", summary);
	/* A fetch adds a pack as a batch does. */
	if (!ret && archive_repack(a) < 0)
		archive_warn(a, "could not consolidate the packs of '%s': %s", a->path, err_last());
	/* The commits pulled, recorded in one walk now rather than by the first reads. */
	if (!ret && archive_added_catch_up(a, &walked) < 0)
		archive_warn(a, "could not record the runs pulled into '%s': %s", a->path, err_last());
done:
	archive_unlock(a);
	git_commit_free(head);
	free(url);
	free(spec);
	free(theirs);
	free(branch);
	git_remote_free(remote);
	return ret;
}
