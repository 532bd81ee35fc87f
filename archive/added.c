#include "internal.h"
#include "../core/strbuf.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/*
 * Which commit added a run never changes once the run is in the history,
 * but finding it means walking the history back to that commit: at
 * 100,000 runs reading the oldest kernel walked every commit.  So the
 * answer is kept beside the repository, one file per kernel directory:
 *
 *   <gitdir>/benchpost/added/<kernel>:  "<commit hex> <commit time> <path>\n"...
 *
 * and reading one kernel reads that kernel's file only.  The writer adds
 * its runs after the branch moved; a reader adds what it had to walk for.
 * Lines are only ever appended, each group in one write(); a line cut by
 * a crash or a full disk has a wrong number of fields or a malformed one
 * (paths hold no spaces) and is ignored, as is a line whose commit the
 * repository does not have or does not hold the run as HEAD has it.  Losing the files costs one walk: clones do
 * not carry them (they are not in the history), and deleting them is safe.
 */
static int kernel_of(struct strbuf *out, const char *path)
{
	const char *k = path + 5, *end;
	size_t len;

	if (strncmp(path, "runs/", 5) || !(end = strchr(k, '/')))
		return -1;
	len = end - k;
	if (!len || len > 255 || *k == '.')
		return -1;
	strbuf_reset(out);
	strbuf_add(out, k, len);
	/* From the tree, which a hostile remote may have written: checked again. */
	for (k = out->buf; *k; k++)
		if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._+-", *k))
			return -1;
	return 0;
}

static void cache_file(struct strbuf *out, struct archive *a, const char *kernel)
{
	strbuf_reset(out);
	strbuf_addf(out, "%sbenchpost/added", git_repository_path(a->repo));
	if (kernel)
		strbuf_addf(out, "/%s", kernel);
}

static int cmp_line(const void *a, const void *b)
{
	return strcmp(((const struct archive_added *)a)->path,
		      ((const struct archive_added *)b)->path);
}

/* The end of the group of sorted items [start..) whose paths share a kernel. */
static size_t same_kernel(struct strbuf *kernel, const char *(*path_at)(const void *, size_t),
			  const void *v, size_t start, size_t nr, int *ok)
{
	struct strbuf next = STRBUF_INIT;
	size_t i;

	*ok = !kernel_of(kernel, path_at(v, start));
	for (i = start + 1; *ok && i < nr; i++)
		if (kernel_of(&next, path_at(v, i)) || strcmp(next.buf, kernel->buf))
			break;
	strbuf_release(&next);
	return *ok ? i : start + 1;
}

/* Splits buf (NUL-terminated) into valid lines; the paths point into buf. */
static void parse(struct archive_added **out, size_t *nr, char *buf, size_t len)
{
	size_t alloc = 0;
	char *p = buf, *nl;

	*out = NULL;
	*nr = 0;
	for (; p < buf + len && (nl = memchr(p, '\n', buf + len - p)); p = nl + 1) {
		char *hex = p, *num, *path, *end;
		struct archive_added l;
		long long when;

		*nl = '\0';
		if (!(num = strchr(hex, ' ')) || num - hex != GIT_OID_HEXSZ)
			continue;
		*num++ = '\0';
		if (!(path = strchr(num, ' ')) || path - num > 20 || path == num)
			continue;
		*path++ = '\0';
		errno = 0;
		when = strtoll(num, &end, 10);
		if (*end || errno || when < 0 || !*path || strchr(path, ' ') ||
		    git_oid_fromstr(&l.commit, hex))
			continue;
		l.path = path;
		l.when = (time_t)when;
		ALLOC_GROW(*out, *nr + 1, alloc);
		(*out)[(*nr)++] = l;
	}
	if (*nr)
		qsort(*out, *nr, sizeof(**out), cmp_line);
}

/*
 * Whether commit id holds path with the blob HEAD has there.  A line whose
 * commit left the branch (a reset by hand) or wrote another version of the
 * file is then not believed, and the walk decides.
 */
static int holds_same(git_repository *repo, const git_oid *id, const char *path,
		      const git_oid *blob)
{
	git_commit *c = NULL;
	git_tree *t = NULL;
	git_tree_entry *e = NULL;
	int same = 0;

	if (!git_commit_lookup(&c, repo, id) && !git_commit_tree(&t, c) &&
	    !git_tree_entry_bypath(&e, t, path))
		same = git_oid_equal(git_tree_entry_id(e), blob);
	git_tree_entry_free(e);
	git_tree_free(t);
	git_commit_free(c);
	return same;
}

/*
 * The one commit the lines [l..) of a path name and that holds HEAD's
 * version of it, or NULL: two such commits (the same run committed on two
 * machines, merged by pull) are left to the walk, so that the cache never
 * answers otherwise than a walk would.
 */
static const struct archive_added *believed(git_repository *repo, git_tree *head,
					    const struct archive_added *l,
					    const struct archive_added *end)
{
	const struct archive_added *found = NULL;
	const char *path = l->path;
	git_tree_entry *e = NULL;

	if (git_tree_entry_bypath(&e, head, path) < 0)
		return NULL;
	for (; l < end && !strcmp(l->path, path); l++) {
		if (found && git_oid_equal(&found->commit, &l->commit))
			continue;
		if (!holds_same(repo, &l->commit, path, git_tree_entry_id(e)))
			continue;
		if (found) {
			found = NULL;
			break;
		}
		found = l;
	}
	git_tree_entry_free(e);
	return found;
}

/* Attributes the entries of one kernel (want[0..nr)) from its file. */
static void lookup_kernel(struct archive *a, git_tree *head, const char *kernel,
			  struct archive_entry **want, size_t nr, size_t *left)
{
	struct strbuf path = STRBUF_INIT, text = STRBUF_INIT;
	struct archive_added *lines = NULL;
	size_t n = 0, i;

	cache_file(&path, a, kernel);
	if (strbuf_read_file(&text, path.buf) < 0)
		goto done;
	parse(&lines, &n, text.buf, text.len);
	for (i = 0; i < nr && n; i++) {
		struct archive_added key = { want[i]->path, { { 0 } }, 0 };
		const struct archive_added *l;

		if (want[i]->commit || !(l = bsearch(&key, lines, n, sizeof(*lines), cmp_line)))
			continue;
		while (l > lines && !strcmp(l[-1].path, l->path))
			l--;
		if (!(l = believed(a->repo, head, l, lines + n)))
			continue;
		want[i]->commit = xstrdup(git_oid_tostr_s(&l->commit));
		want[i]->committed = l->when;
		(*left)--;
	}
done:
	free(lines);
	strbuf_release(&path);
	strbuf_release(&text);
}

static int cmp_entry(const void *a, const void *b)
{
	return strcmp((*(struct archive_entry *const *)a)->path,
		      (*(struct archive_entry *const *)b)->path);
}

static const char *entry_path(const void *v, size_t i)
{
	return ((struct archive_entry *const *)v)[i]->path;
}

static const char *added_path(const void *v, size_t i)
{
	return ((const struct archive_added *)v)[i].path;
}

void archive_added_lookup(struct archive *a, struct archive_list *list, size_t *left)
{
	struct archive_entry **want;
	struct strbuf kernel = STRBUF_INIT;
	git_object *head = NULL;
	size_t i, start;
	int ok;

	if (!list->nr || git_revparse_single(&head, a->repo, "HEAD^{tree}") < 0)
		return;
	want = xcalloc(list->nr, sizeof(*want));
	for (i = 0; i < list->nr; i++)
		want[i] = &list->v[i];
	qsort(want, list->nr, sizeof(*want), cmp_entry);
	for (start = 0; start < list->nr; start = i) {
		i = same_kernel(&kernel, entry_path, want, start, list->nr, &ok);
		if (ok)
			lookup_kernel(a, (git_tree *)head, kernel.buf, want + start, i - start, left);
	}
	git_object_free(head);
	free(want);
	strbuf_release(&kernel);
}

static int append(struct archive *a, const char *kernel, const struct strbuf *lines)
{
	struct strbuf path = STRBUF_INIT;
	int fd, ret = -1;

	strbuf_addf(&path, "%sbenchpost", git_repository_path(a->repo));
	mkdir(path.buf, 0777);
	strbuf_addstr(&path, "/added");
	mkdir(path.buf, 0777);
	cache_file(&path, a, kernel);
	fd = open(path.buf, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0666);
	if (fd >= 0) {
		/* A short write leaves a cut line, which readers ignore. */
		if (write(fd, lines->buf, lines->len) == (ssize_t)lines->len)
			ret = 0;
		if (close(fd))
			ret = -1;
	}
	strbuf_release(&path);
	return ret;
}

int archive_added_save(struct archive *a, const struct archive_added *v, size_t nr)
{
	struct archive_added *sorted;
	struct strbuf kernel = STRBUF_INIT, lines = STRBUF_INIT;
	size_t i, j, start;
	int ok, ret = 0;

	if (!nr)
		return 0;
	sorted = xcalloc(nr, sizeof(*sorted));
	memcpy(sorted, v, nr * sizeof(*sorted));
	qsort(sorted, nr, sizeof(*sorted), cmp_line);
	for (start = 0; start < nr; start = i) {
		i = same_kernel(&kernel, added_path, sorted, start, nr, &ok);
		strbuf_reset(&lines);
		for (j = start; ok && j < i; j++)
			if (!strpbrk(sorted[j].path, " \n"))
				strbuf_addf(&lines, "%s %lld %s\n", git_oid_tostr_s(&sorted[j].commit),
					    (long long)sorted[j].when, sorted[j].path);
		if (lines.len && append(a, kernel.buf, &lines) < 0)
			ret = -1;
	}
	free(sorted);
	strbuf_release(&kernel);
	strbuf_release(&lines);
	return ret;
}
