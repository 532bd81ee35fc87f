/*
 * libFuzzer target: the archive's readers on trees, files and refs built
 * from the input, as a hostile remote or a hand edit could leave them.
 *
 * The input is records separated by NUL bytes.  The first record's bytes
 * choose the read: a filter (kernel and hardware patterns), the spec for
 * show and a detached HEAD; each other record is one entry, its first
 * byte the kind (blob, executable, symbolic link, submodule), then its
 * path up to a newline, then its content.  A record whose path is
 * "added" instead fills the added-by file of the first kernel.
 *
 * What must hold: nothing crashes or leaks, every run listed is under
 * runs/, and a history that the pull check accepts lists without an
 * error (pull lets in nothing that a reader then refuses).
 */
#include "../../archive/archive.h"
#include "../../archive/internal.h"
#include "../../core/strbuf.h"

#include <ftw.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char dir[64];
static unsigned rounds;

static int remove_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st; (void)flag; (void)ftw;
	return remove(path);
}

/* A fresh repository now and then, so that the objects of old inputs do not pile up. */
static void fresh_repository(void)
{
	git_repository *repo = NULL;

	if (rounds++ % 256)
		return;
	nftw(dir, remove_one, 16, FTW_DEPTH | FTW_PHYS);
	if (git_repository_init(&repo, dir, 0) < 0)
		abort();
	git_repository_free(repo);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc; (void)argv;
	strcpy(dir, "/tmp/bp-fuzz-archive.XXXXXX");
	if (!mkdtemp(dir))
		abort();
	git_libgit2_init();
	setenv("HOME", dir, 1);
	setenv("GIT_AUTHOR_NAME", "fuzz", 1);
	setenv("GIT_AUTHOR_EMAIL", "fuzz@example.invalid", 1);
	return 0;
}

struct input {
	const char *kernel, *hardware, *spec;
	int detached;
	const uint8_t *added;
	size_t added_len;
};

/*
 * Whether path and an entry already in index would be a file and a
 * directory of one name.  The index takes that from git_index_add (for a
 * submodule), and libgit2 1.5 then leaks writing the tree: a state no real
 * tree or merge is in (and pull refuses submodules before it merges).
 */
static int file_and_directory(git_index *index, const char *path)
{
	char dirs[512];
	size_t pos, i;

	snprintf(dirs, sizeof(dirs), "%s/", path);
	if (!git_index_find_prefix(&pos, index, dirs))
		return 1;
	for (i = 0; path[i]; i++) {
		if (path[i] != '/')
			continue;
		memcpy(dirs, path, i);
		dirs[i] = '\0';
		if (git_index_get_bypath(index, dirs, 0))
			return 1;
	}
	return 0;
}

static int add_entry(git_index *index, const uint8_t *p, size_t len)
{
	static const git_filemode_t modes[] = {
		GIT_FILEMODE_BLOB, GIT_FILEMODE_BLOB_EXECUTABLE, GIT_FILEMODE_LINK, GIT_FILEMODE_COMMIT,
	};
	const uint8_t *nl = len > 1 ? memchr(p + 1, '\n', len - 1) : NULL;
	git_index_entry e;
	char path[512];
	size_t plen;

	if (!nl || (plen = (size_t)(nl - p - 1)) == 0 || plen >= sizeof(path))
		return 0;
	memcpy(path, p + 1, plen);
	path[plen] = '\0';
	/*
	 * A tree holds names, not paths: "/a", "a/" and "a//b" cannot come
	 * from any remote, and libgit2 1.5 leaks when its tree writer meets
	 * them in an index (the leak is the builder's, not the readers').
	 */
	if (path[0] == '/' || path[plen - 1] == '/' || strstr(path, "//"))
		return 0;
	if (file_and_directory(index, path))
		return 0;
	memset(&e, 0, sizeof(e));
	e.path = path;
	e.mode = modes[p[0] % 4];
	if (e.mode == GIT_FILEMODE_COMMIT) {
		/* any id: a submodule's commit is not in the repository */
		memset(&e.id, 0x5a, sizeof(e.id));
		return git_index_add(index, &e) < 0 ? 0 : 1;
	}
	return git_index_add_from_buffer(index, &e, nl + 1, len - plen - 2) < 0 ? 0 : 1;
}

/* The tree of the input's entries, committed on refs/heads/master (HEAD, unless detached). */
static int build(git_oid *commit, struct input *in, const uint8_t *data, size_t size)
{
	git_repository *repo = NULL;
	git_index *index = NULL;
	git_signature *sig = NULL;
	git_tree *tree = NULL;
	git_reference *ref = NULL;
	git_oid tree_id;
	size_t at = 0;
	int ret = -1, first = 1;

	in->spec = "2";
	if (git_repository_open(&repo, dir) < 0 || git_index_new(&index) < 0)
		goto done;
	while (at < size) {
		const uint8_t *end = memchr(data + at, '\0', size - at);
		size_t len = end ? (size_t)(end - (data + at)) : size - at;

		if (first) {
			/* the read: "kernel\nhardware\nspec", a leading '!' detaches HEAD */
			static char text[3][128];
			const char *p = (const char *)data + at;
			size_t i, k = 0, n = 0;

			memset(text, 0, sizeof(text));
			in->detached = len && *p == '!';
			for (i = in->detached; i < len && k < 3; i++) {
				if (p[i] == '\n') {
					k++;
					n = 0;
				} else if (n < sizeof(text[0]) - 1) {
					text[k][n++] = p[i];
				}
			}
			in->kernel = *text[0] ? text[0] : NULL;
			in->hardware = *text[1] ? text[1] : NULL;
			in->spec = *text[2] ? text[2] : "2";
			first = 0;
		} else if (len > 7 && !memcmp(data + at + 1, "added\n", 6)) {
			in->added = data + at + 7;
			in->added_len = len - 7;
		} else {
			add_entry(index, data + at, len);
		}
		at += len + 1;
	}
	if (git_index_write_tree_to(&tree_id, index, repo) < 0 ||
	    git_tree_lookup(&tree, repo, &tree_id) < 0 ||
	    git_signature_now(&sig, "fuzz", "fuzz@example.invalid") < 0 ||
	    git_commit_create(commit, repo, NULL, sig, sig, NULL, "fuzz\n", tree, 0, NULL) < 0 ||
	    git_reference_create(&ref, repo, "refs/heads/master", commit, 1, NULL) < 0)
		goto done;
	git_reference_free(ref);
	ref = NULL;
	ret = in->detached ? git_repository_set_head_detached(repo, commit) :
			     git_reference_symbolic_create(&ref, repo, "HEAD", "refs/heads/master", 1, NULL);
done:
	git_reference_free(ref);
	git_tree_free(tree);
	git_signature_free(sig);
	git_index_free(index);
	git_repository_free(repo);
	return ret < 0 ? -1 : 0;
}

/* The input's added-by lines, for whatever kernel the tree holds first. */
static void write_added(const struct input *in, git_repository *repo)
{
	struct strbuf path = STRBUF_INIT;
	git_object *runs = NULL;
	FILE *f;

	if (!in->added || git_revparse_single(&runs, repo, "HEAD:runs") < 0 ||
	    git_object_type(runs) != GIT_OBJECT_TREE || !git_tree_entrycount((git_tree *)runs))
		goto done;
	strbuf_addf(&path, "%s/.git/benchpost", dir);
	mkdir(path.buf, 0777);
	strbuf_addstr(&path, "/added");
	mkdir(path.buf, 0777);
	strbuf_addf(&path, "/%s", git_tree_entry_name(git_tree_entry_byindex((git_tree *)runs, 0)));
	if (!strchr(path.buf + strlen(dir) + 20, '/') && (f = fopen(path.buf, "w"))) {
		fwrite(in->added, 1, in->added_len, f);
		fclose(f);
	}
done:
	git_object_free(runs);
	strbuf_release(&path);
}

static void remove_added(void)
{
	struct strbuf path = STRBUF_INIT;

	strbuf_addf(&path, "%s/.git/benchpost", dir);
	nftw(path.buf, remove_one, 16, FTW_DEPTH | FTW_PHYS);
	strbuf_release(&path);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct input in = { 0 };
	struct archive *a = NULL;
	struct archive_list list = ARCHIVE_LIST_INIT, shown = ARCHIVE_LIST_INIT;
	struct archive_filter filter = { 0 };
	char **paths = NULL;
	size_t nr = 0, i;
	git_oid commit;
	int checked, listed;

	fresh_repository();
	remove_added();
	if (build(&commit, &in, data, size) < 0 || archive_open(&a, dir, 0) < 0)
		goto done;
	write_added(&in, a->repo);
	checked = archive_check_history(a, &commit, NULL, "fuzz");
	listed = archive_list_runs(a, NULL, &list);
	/* what pull lets in, every reader reads */
	if (checked == 0 && !in.detached && listed < 0)
		__builtin_trap();
	for (i = 0; i < list.nr; i++)
		if (strncmp(list.v[i].path, "runs/", 5) || !list.v[i].commit)
			__builtin_trap();
	archive_list_sort_version(&list);
	archive_list_release(&list);
	filter.kernel = in.kernel;
	filter.hardware = in.hardware;
	if (archive_list_runs(a, &filter, &list) == 0)
		archive_list_release(&list);
	if (archive_resolve(a, in.spec, &paths, &nr) == 0 &&
	    archive_read_runs(a, paths, nr, &shown) == 0)
		archive_list_release(&shown);
	for (i = 0; i < nr; i++)
		free(paths[i]);
	free(paths);
done:
	archive_free(a);
	return 0;
}
