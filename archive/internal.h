#ifndef ARCHIVE_INTERNAL_H
#define ARCHIVE_INTERNAL_H

#include "archive.h"
#include "../core/error.h"

#include <git2.h>

/* Long enough for any real kernel or hardware key, short enough for NAME_MAX. */
#define ARCHIVE_KEY_MAX 96

/* A working tree not brought up to date with a commit: what the next writer must do. */
struct archive_behind {
	int set;
	char t[32];                       /* when its checkout began ("SEC.NSEC") */
	char *ref;
	char old[GIT_OID_HEXSZ + 1];      /* the tree it still shows ("-": none) */
	char new_hex[GIT_OID_HEXSZ + 1];  /* the commit it must show */
};

/* What the archive files share; nothing outside archive/ includes this. */
struct archive {
	git_repository *repo;
	char *path;
	double lock_timeout;
	int lock_fd;          /* -1 when not held */
	unsigned lock_depth;  /* archive_hold_lock and archive_commit nest */
	char step_t[32];      /* when the current advance began */
	struct archive_behind behind;
	struct bp_warn warn;  /* the caller's sink; none: discarded */
};

/* A non-fatal diagnostic, to the caller's sink. */
void archive_warn(struct archive *a, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/*
 * Who may use the archive (access.c, with archive_check_writable):
 * archive_explain_foreign sets the message and fails when path is a
 * repository of another user.
 */
int archive_explain_foreign(const char *path);

/* Records libgit2's last error as ours: "what: libgit2's message". */
int archive_git_error(int code, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* The branch HEAD names ("refs/heads/master"), born or not; caller frees. */
int archive_head_branch(char **out, struct archive *a);
/* The commit HEAD points at, or NULL (0 returned) on an unborn branch. */
int archive_head_commit(git_commit **out, struct archive *a);

/*
 * Moves the branch from old (NULL: unborn) to new, atomically and only if
 * it still points at old; then brings a working tree and index up to date:
 * the nr paths changed when known, else what differs between the trees.
 */
int archive_advance(struct archive *a, const char *branch, const git_oid *old,
		    const git_oid *new_id, const char *reflog, char *const *changed, size_t nr);

/*
 * The working tree (worktree.c).  archive_worktree_check fails, naming it,
 * when a directory on the way to one of the paths is a symbolic link or
 * not a directory, or a path is a link.  archive_worktree_update brings
 * the working tree (and index) from the commit old (NULL: nothing) to
 * new_id for the paths changed (NULL: what differs between their trees),
 * leaving local changes as they are and reporting them; since (SEC.NSEC,
 * or NULL) is when a writer that died began writing them: files written
 * after it are taken as its half-written ones and rewritten.
 */
int archive_worktree_check(struct archive *a, char *const *paths, size_t nr);
int archive_worktree_update(struct archive *a, const git_oid *old, const git_oid *new_id,
			    char *const *changed, size_t nr, const char *since);

/* Whether a file was written since a record's step began (t: SEC.NSEC), a second of slack. */
struct stat;
int archive_written_since(const struct stat *st, const char *t);
/* The same for the paths that differ between the trees of commits old (NULL: none) and new_id. */
int archive_worktree_check_commits(struct archive *a, const git_oid *old, const git_oid *new_id);

/*
 * What trees may hold (check.c): archive_check_entry refuses a symbolic
 * link or a submodule at path (for readers); archive_check_history checks
 * every commit of tip's history but hide's (NULL: all), for pull: no links
 * or submodules anywhere, runs/ and hardware/ shaped as benchpost writes
 * them, every run readable; the message names the path, the commit and from.
 */
int archive_check_entry(const git_tree_entry *e, const char *path);
int archive_check_history(struct archive *a, const git_oid *tip, const git_oid *hide,
			  const char *from);

/* Author and committer: repository config, $GIT_AUTHOR_NAME/$EMAIL, a fallback. */
int archive_signature(git_signature **out, git_repository *repo);

/* Batches of at least this many runs are written as one pack. */
#define ARCHIVE_PACK_MIN 16

/* A second handle on the repository whose writes collect in memory (mem). */
int archive_pack_begin(git_repository **out, git_odb_backend **mem, struct archive *a);
/* Writes the objects of the commit that collected in w as one pack of the archive. */
int archive_pack_finish(struct archive *a, git_repository *w, const git_oid *commit_id,
			const git_tree_update *updates, size_t nr);

/*
 * Rolls the smallest packs into one so that the packs' object counts stay
 * a geometric progression (at most log2(objects) packs).  Call with the
 * lock held, after a commit is saved.
 */
int archive_repack(struct archive *a);
/* Whether the loose objects have piled up (estimated from one of the 256 directories). */
int archive_loose_too_many(struct archive *a);
/* Folds every loose object into one pack, then removes them: call with the lock held. */
int archive_fold_loose(struct archive *a);
/* Writes pb's pack into dir and syncs it before returning (repack.c). */
int archive_write_pack_synced(struct archive *a, git_packbuilder *pb, const char *dir);
/* Test hook: dies at step N when BENCHPOST_TEST_KILL_REPACK=N (repack.c). */
void archive_test_kill_point(int step);

int archive_lock(struct archive *a);
void archive_unlock(struct archive *a);
/*
 * The lock record (lock.c): what a writer is doing while it can leave
 * something behind.  archive_step names a step ("pack", "fetch", "repack"
 * with args "pack=NAME ..."), archive_step_advance a ref moving from old
 * to new and the working tree following it; archive_step_end returns to
 * idle.  Each fails when the lock file is no longer the one locked.
 */
int archive_step(struct archive *a, const char *step, const char *args);
int archive_step_advance(struct archive *a, const char *ref, const git_oid *old,
			 const git_oid *new_id);
void archive_step_end(struct archive *a);
/* The working tree could not follow ref from old to new: kept for the next writer. */
void archive_step_behind(struct archive *a, const char *ref, const git_oid *old,
			 const git_oid *new_id);
void archive_behind_clear(struct archive *a);
/*
 * With the lock taken, a record left by the last holder: repairs what it
 * names, and only that (recover.c).
 */
void archive_recover(struct archive *a, const char *record);

/* Commit message for runs, from their kernels, hardware and headline numbers. */
void archive_message(struct strbuf *out, const struct archive_run *runs, size_t nr);

/* A set of paths; the strings stay the caller's and must outlive the set. */
struct archive_pathset {
	const char **v;
	size_t size, nr;
};

int archive_pathset_has(const struct archive_pathset *set, const char *path);
void archive_pathset_add(struct archive_pathset *set, const char *path);
void archive_pathset_release(struct archive_pathset *set);

/* Filter matching shared by list and resolve. */
int archive_match(const char *pattern, const char *value, int exact_only);
int archive_is_glob(const char *pattern);

/* Fills e's kernel, hardware, fs, suite, when from its parsed records. */
void archive_entry_describe(struct archive_entry *e);
/* Which commit added a run, as kept in <gitdir>/benchpost/added/<kernel>. */
struct archive_added {
	const char *path;
	git_oid commit;
	time_t when;      /* the commit's time */
};

/* Paths, owned. */
struct archive_paths {
	char **v;
	size_t nr, alloc;
};

void archive_paths_release(struct archive_paths *p);

/*
 * Merges theirs into ours as a commit (merge.c): runs both sides changed
 * are kept in both versions, their paths appended to kept in pairs (ours,
 * theirs); hardware details keep the lines of both.
 */
int archive_merge(git_oid *out, struct archive *a, git_commit *ours, git_commit *theirs,
		  const char *from, struct archive_paths *kept);
/* Appends the paths under dir (no trailing slash; "" is the root) that c added. */
int archive_commit_added(struct archive_paths *out, git_repository *repo, git_commit *c,
			 const char *dir);

/* Fills commit and committed of the entries the files know; left counts down. */
void archive_added_lookup(struct archive *a, struct archive_list *list, size_t *left);
/* Appends to the files (best effort: they are only a cache); -1 when a write failed. */
int archive_added_save(struct archive *a, const struct archive_added *v, size_t nr);
/*
 * Records in the files the runs of every commit of HEAD's history not
 * recorded yet (one walk for every kernel, down to the commit named in
 * added/.walked); sets *walked to the number of commits walked.
 */
int archive_added_catch_up(struct archive *a, size_t *walked);
/* After a commit whose runs were saved: moves added/.walked from parent (NULL: none) to it. */
void archive_added_advance(struct archive *a, const git_oid *parent, const git_oid *commit);

/* Finds the commits that added each entry: from the added-by files, else one history walk. */
int archive_attribute(struct archive *a, struct archive_list *list);
/* Unless ret failed: attributes found's runs, then moves them to the end of out. */
int archive_list_finish(struct archive *a, struct archive_list *found, int ret,
			struct archive_list *out);
/* The first non-empty value of a record field (offsetof) among the records. */
const char *archive_first_field(const struct recset *set, size_t offset);

/* Each way of authenticating is tried once, so a wrong one cannot loop. */
struct archive_cred_state {
	git_repository *repo;
	int tried_agent, tried_helper, tried_username;
	int rejected;         /* push: the remote refused an update */
};

/* libgit2's credentials callback; payload is a struct archive_cred_state. */
int archive_credentials(git_credential **out, const char *url, const char *user_from_url,
			unsigned int allowed, void *payload);
/* Asks a git credential helper (credential.helper's value) for url. */
int archive_credential_fill(char **user, char **password, const char *helper, const char *url);

#endif
