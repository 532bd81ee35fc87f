#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <fcntl.h>
#include <ftw.h>
#include <git2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "../../archive/archive.h"
#include "../../archive/internal.h"
#include "../../core/error.h"
#include "../../core/strbuf.h"
#include "../../core/util.h"

/* Each test gets its own directory; the archive lives in it. */
struct sandbox {
	char dir[64];
	struct strbuf archive;
};

static int remove_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st; (void)flag; (void)ftw;
	return remove(path);
}

static int setup(void **state)
{
	struct sandbox *sb = calloc(1, sizeof(*sb));

	strcpy(sb->dir, "/tmp/bp-archive-test.XXXXXX");
	assert_non_null(mkdtemp(sb->dir));
	strbuf_init(&sb->archive, 0);
	strbuf_addf(&sb->archive, "%s/archive", sb->dir);
	unsetenv("BENCHPOST_ARCHIVE");
	unsetenv("GIT_AUTHOR_NAME");
	unsetenv("GIT_AUTHOR_EMAIL");
	unsetenv("EMAIL");
	setenv("HOME", sb->dir, 1);
	setenv("XDG_CONFIG_HOME", sb->dir, 1);
	*state = sb;
	return 0;
}

static int teardown(void **state)
{
	struct sandbox *sb = *state;

	nftw(sb->dir, remove_one, 16, FTW_DEPTH | FTW_PHYS);
	strbuf_release(&sb->archive);
	free(sb);
	return 0;
}

/* One run: kernel, hardware, fs and an elapsed sample per benchmark. */
static void make_run(struct archive_run *run, const char *kernel, const char *hw,
		     const char *fs, time_t when)
{
	static const char *const benchmarks[] = { "untar", "rm" };
	static const char *const values[] = { "53.17", "19.73" };
	size_t i;

	memset(run, 0, sizeof(*run));
	for (i = 0; i < 2; i++) {
		struct record *r = recset_add(&run->records, NULL);

		record_set(&r->kernel, kernel);
		record_set(&r->hardware, hw);
		record_set(&r->fs, fs);
		record_set(&r->benchmark, benchmarks[i]);
		record_set(&r->metric, "elapsed");
		record_set(&r->value, values[i]);
		record_set(&r->unit, "s");
		r->iteration = 1;
	}
	run->when = when;
	run->suite = "quick";
}

/*
 * path is head, 8 hex digits, tail, and the digits begin the id of the
 * blob HEAD holds at path (the id git computes: sha1("blob N\0" text)).
 */
static void assert_run_name(const struct sandbox *sb, const char *path, const char *head,
			    const char *tail)
{
	size_t hl = strlen(head), tl = strlen(tail), len = strlen(path);
	git_repository *repo = NULL;
	git_object *blob = NULL;
	struct strbuf spec = STRBUF_INIT;

	assert_int_equal(len, hl + 8 + tl);
	assert_memory_equal(path, head, hl);
	assert_string_equal(path + hl + 8, tail);
	assert_int_equal(strspn(path + hl, "0123456789abcdef"), 8);
	assert_int_equal(git_repository_open(&repo, sb->archive.buf), 0);
	strbuf_addf(&spec, "HEAD:%s", path);
	assert_int_equal(git_revparse_single(&blob, repo, spec.buf), 0);
	assert_memory_equal(git_oid_tostr_s(git_object_id(blob)), path + hl, 8);
	git_object_free(blob);
	git_repository_free(repo);
	strbuf_release(&spec);
}

static void commit_one(struct archive *a, const char *kernel, const char *hw, const char *fs,
		       time_t when, char **path)
{
	struct archive_run run;
	char **paths = NULL;

	make_run(&run, kernel, hw, fs, when);
	assert_int_equal(archive_commit(a, &run, 1, NULL, &paths), 0);
	if (path)
		*path = paths[0];
	else
		free(paths[0]);
	free(paths);
	recset_release(&run.records);
}

static void test_open_creates_once(void **state)
{
	struct sandbox *sb = *state;
	struct archive *a = NULL;
	struct stat st;

	assert_int_equal(archive_open(&a, sb->archive.buf, 0), BP_ENOTFOUND);
	assert_null(a);
	assert_int_equal(archive_open(&a, sb->archive.buf, 1), 0);
	assert_string_equal(archive_path(a), sb->archive.buf);
	archive_free(a);
	assert_int_equal(archive_open(&a, sb->archive.buf, 0), 0);
	archive_free(a);
	assert_int_equal(stat(sb->archive.buf, &st), 0);
}

static void test_location_from_environment(void **state)
{
	struct sandbox *sb = *state;
	struct strbuf want = STRBUF_INIT;
	struct archive *a = NULL;

	setenv("XDG_DATA_HOME", sb->dir, 1);
	assert_int_equal(archive_open(&a, NULL, 1), 0);
	strbuf_addf(&want, "%s/benchpost/archive", sb->dir);
	assert_string_equal(archive_path(a), want.buf);
	archive_free(a);
	unsetenv("XDG_DATA_HOME");
	assert_int_equal(archive_open(&a, NULL, 1), 0);
	strbuf_reset(&want);
	strbuf_addf(&want, "%s/.local/share/benchpost/archive", sb->dir);
	assert_string_equal(archive_path(a), want.buf);
	archive_free(a);
	setenv("BENCHPOST_ARCHIVE", sb->archive.buf, 1);
	assert_int_equal(archive_open(&a, NULL, 1), 0);
	assert_string_equal(archive_path(a), sb->archive.buf);
	archive_free(a);
	unsetenv("BENCHPOST_ARCHIVE");
	strbuf_release(&want);
}

static void test_refuses_a_directory_that_is_not_an_archive(void **state)
{
	struct sandbox *sb = *state;
	struct strbuf file = STRBUF_INIT;
	struct archive *a = NULL;
	FILE *f;

	assert_int_equal(mkdir(sb->archive.buf, 0777), 0);
	strbuf_addf(&file, "%s/precious", sb->archive.buf);
	f = fopen(file.buf, "w");
	fclose(f);
	assert_true(archive_open(&a, sb->archive.buf, 1) < 0);
	assert_non_null(strstr(err_last(), "is not an archive"));
	strbuf_release(&file);
}

static void test_commit_then_query(void **state)
{
	struct sandbox *sb = *state;
	struct archive_filter f = { 0 };
	struct recset got = RECSET_INIT;
	struct archive *a = NULL;
	char *path = NULL;

	assert_int_equal(archive_open(&a, sb->archive.buf, 1), 0);
	commit_one(a, "2.5.44-mm3", "piii-1c-256m-st340016a", "ext3", 1035936000, &path);
	/* 2002-10-30 00:00:00 UTC, the file's hash, fs and suite */
	assert_run_name(sb, path, "runs/2.5.44-mm3/piii-1c-256m-st340016a/2002-10-30T000000Z-",
			"-ext3-quick.bench");
	commit_one(a, "2.5.44", "piii-1c-256m-st340016a", "ext3", 1035936000, NULL);
	commit_one(a, "2.5.44", "piii-1c-256m-st340016a", "ext2", 1035936100, NULL);

	f.kernel = "2.5.44-mm3";
	assert_int_equal(archive_query(a, &f, &got), 0);
	assert_int_equal(got.nr, 2);
	assert_string_equal(got.v[0].kernel, "2.5.44-mm3");
	assert_string_equal(got.v[0].value, "53.17");
	assert_string_equal(facts_get(got.v[0].facts, "run"), path);
	assert_int_equal(strlen(facts_get(got.v[0].facts, "commit")), 40);
	recset_release(&got);

	/* exact wins over prefix: 2.5.44 does not bring 2.5.44-mm3 */
	f.kernel = "2.5.44";
	assert_int_equal(archive_query(a, &f, &got), 0);
	assert_int_equal(got.nr, 4);
	recset_release(&got);
	f.kernel = "2.5.4";
	assert_int_equal(archive_query(a, &f, &got), 0);
	assert_int_equal(got.nr, 6);
	recset_release(&got);
	f.kernel = "*-mm*";
	f.fs = "ext3";
	f.benchmark = "rm";
	assert_int_equal(archive_query(a, &f, &got), 0);
	assert_int_equal(got.nr, 1);
	assert_string_equal(got.v[0].value, "19.73");
	recset_release(&got);
	f.kernel = "2.6";
	assert_int_equal(archive_query(a, &f, &got), 0);
	assert_int_equal(got.nr, 0);
	free(path);
	archive_free(a);
}

/* Two different runs of one second, kernel, hardware and fs: two names, told apart by content. */
static void test_names_carry_the_content_hash(void **state)
{
	struct sandbox *sb = *state;
	struct archive_run runs[2];
	struct archive *a = NULL;
	char **paths = NULL;
	size_t i;

	assert_int_equal(archive_open(&a, sb->archive.buf, 1), 0);
	for (i = 0; i < 2; i++)
		make_run(&runs[i], "2.6.16", "box", "xfs", 1143000000);
	record_set(&runs[1].records.v[0].value, "53.18");
	assert_int_equal(archive_commit(a, &runs[0], 1, NULL, &paths), 0);
	assert_run_name(sb, paths[0], "runs/2.6.16/box/2006-03-22T040000Z-", "-xfs-quick.bench");
	free(paths[0]);
	free(paths);
	assert_int_equal(archive_commit(a, &runs[1], 1, NULL, &paths), 0);
	/* no ".2": the name differs by its hash */
	assert_run_name(sb, paths[0], "runs/2.6.16/box/2006-03-22T040000Z-", "-xfs-quick.bench");
	free(paths[0]);
	free(paths);
	for (i = 0; i < 2; i++)
		recset_release(&runs[i].records);
	archive_free(a);
}

static void test_same_name_never_overwrites(void **state)
{
	struct sandbox *sb = *state;
	struct archive_run runs[3];
	struct archive_list list = ARCHIVE_LIST_INIT;
	struct archive *a = NULL;
	char **paths = NULL;
	size_t i;

	assert_int_equal(archive_open(&a, sb->archive.buf, 1), 0);
	for (i = 0; i < 3; i++)
		make_run(&runs[i], "2.6.16", "box", "xfs", 1143000000);
	assert_int_equal(archive_commit(a, runs, 2, NULL, &paths), 0);
	assert_string_not_equal(paths[0], paths[1]);
	for (i = 0; i < 2; i++)
		free(paths[i]);
	free(paths);
	assert_int_equal(archive_commit(a, &runs[2], 1, NULL, &paths), 0);
	assert_non_null(strstr(paths[0], ".3.bench"));
	free(paths[0]);
	free(paths);
	assert_int_equal(archive_list_runs(a, NULL, &list), 0);
	assert_int_equal(list.nr, 3);
	archive_list_release(&list);
	for (i = 0; i < 3; i++)
		recset_release(&runs[i].records);
	archive_free(a);
}

/* 300 runs with one name in one batch: the set of taken names grows past its first size. */
static void test_same_name_in_one_batch(void **state)
{
	struct sandbox *sb = *state;
	struct archive_run runs[300];
	struct archive_list list = ARCHIVE_LIST_INIT;
	struct archive *a = NULL;
	char **paths = NULL;
	size_t i, j;

	assert_int_equal(archive_open(&a, sb->archive.buf, 1), 0);
	for (i = 0; i < 300; i++)
		make_run(&runs[i], "2.6.17", "box", "ext3", 1150000000);
	assert_int_equal(archive_commit(a, runs, 300, NULL, &paths), 0);
	assert_null(strstr(paths[0], ".1.bench"));
	assert_non_null(strstr(paths[1], ".2.bench"));
	assert_non_null(strstr(paths[299], ".300.bench"));
	for (i = 0; i < 300; i++)
		for (j = i + 1; j < 300; j++)
			assert_string_not_equal(paths[i], paths[j]);
	for (i = 0; i < 300; i++)
		free(paths[i]);
	free(paths);
	assert_int_equal(archive_list_runs(a, NULL, &list), 0);
	assert_int_equal(list.nr, 300);
	archive_list_release(&list);
	for (i = 0; i < 300; i++)
		recset_release(&runs[i].records);
	archive_free(a);
}

static void test_pathset(void **state)
{
	struct archive_pathset set = { 0 };
	struct strbuf *paths = calloc(5000, sizeof(*paths));
	size_t i;

	(void)state;
	for (i = 0; i < 5000; i++) {
		strbuf_init(&paths[i], 0);
		strbuf_addf(&paths[i], "runs/k%zu/h/%zu.bench", i % 7, i);
	}
	assert_false(archive_pathset_has(&set, "runs/k0/h/0.bench"));
	for (i = 0; i < 5000; i += 2)
		archive_pathset_add(&set, paths[i].buf);
	for (i = 0; i < 5000; i += 2)
		archive_pathset_add(&set, paths[i].buf); /* again: no second copy */
	assert_int_equal(set.nr, 2500);
	for (i = 0; i < 5000; i++)
		assert_int_equal(archive_pathset_has(&set, paths[i].buf), i % 2 == 0);
	assert_false(archive_pathset_has(&set, "runs/k0/h/0.benc"));
	archive_pathset_release(&set);
	for (i = 0; i < 5000; i++)
		strbuf_release(&paths[i]);
	free(paths);
}

static void test_keys_cannot_escape(void **state)
{
	static const struct { const char *in, *out; } cases[] = {
		{ "../../etc", "_._.._etc" },
		{ "/abs", "_abs" },
		{ "", "unknown" },
		{ NULL, "unknown" },
		{ ".", "_" },
		{ "..", "_." },
		{ ".git", "_git" },
		{ "a\nb", "a_b" },
		{ "2.6.16-rc5+", "2.6.16-rc5+" },
		{ "ext3 data=writeback", "ext3_data_writeback" },
	};
	struct strbuf longer = STRBUF_INIT;
	size_t i;
	char *k;

	(void)state;
	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		k = archive_key(cases[i].in);
		assert_string_equal(k, cases[i].out);
		free(k);
	}
	strbuf_addchars(&longer, 'x', 4096);
	k = archive_key(longer.buf);
	assert_true(strlen(k) < 255);
	free(k);
	strbuf_release(&longer);
}

/* Hostile keys reach the archive as one path component each, under runs/. */
static void test_hostile_run_stays_under_runs(void **state)
{
	struct sandbox *sb = *state;
	struct strbuf big = STRBUF_INIT;
	struct archive_run run;
	struct archive_list list = ARCHIVE_LIST_INIT;
	struct archive_filter f = { 0 };
	struct archive *a = NULL;
	char **paths = NULL;

	assert_int_equal(archive_open(&a, sb->archive.buf, 1), 0);
	strbuf_addchars(&big, 'k', 4096);
	make_run(&run, "../../etc", "/abs\n..", big.buf, 1);
	assert_int_equal(archive_commit(a, &run, 1, NULL, &paths), 0);
	assert_int_equal(strncmp(paths[0], "runs/_._.._etc/_abs_../", 23), 0);
	assert_null(strstr(paths[0], "/../"));
	assert_true(strlen(paths[0]) < 255);
	free(paths[0]);
	free(paths);
	/* the originals are kept inside the file and found again */
	f.kernel = "../../etc";
	assert_int_equal(archive_list_runs(a, &f, &list), 0);
	assert_int_equal(list.nr, 1);
	assert_string_equal(list.v[0].kernel, "../../etc");
	/* a header-sized value at most, cut with a mark (core/escape.h) */
	assert_true(strlen(list.v[0].fs) <= 998);
	assert_memory_equal(list.v[0].fs, big.buf, 977);
	assert_string_equal(list.v[0].fs + 977, " [... 3119 bytes cut]");
	archive_list_release(&list);
	recset_release(&run.records);
	strbuf_release(&big);
	archive_free(a);
}

static void read_head(const char *path, git_commit **out)
{
	git_repository *repo = NULL;
	git_oid id;

	assert_int_equal(git_repository_open(&repo, path), 0);
	assert_int_equal(git_reference_name_to_id(&id, repo, "HEAD"), 0);
	assert_int_equal(git_commit_lookup(out, repo, &id), 0);
	git_repository_free(repo);
}

static void test_message_and_author(void **state)
{
	struct sandbox *sb = *state;
	struct archive *a = NULL;
	git_commit *c = NULL;
	char host[256];
	struct strbuf want = STRBUF_INIT;

	git_libgit2_init();
	assert_int_equal(archive_open(&a, sb->archive.buf, 1), 0);
	commit_one(a, "2.5.44-mm3", "piii-1c-256m-st340016a", "ext3", 1, NULL);
	read_head(sb->archive.buf, &c);
	assert_string_equal(git_commit_summary(c),
			    "2.5.44-mm3 piii-1c-256m-st340016a: ext3 untar 53.17s rm 19.73s");
	gethostname(host, sizeof(host));
	strbuf_addf(&want, "benchpost@%s", host);
	assert_string_equal(git_commit_author(c)->name, "benchpost");
	assert_string_equal(git_commit_author(c)->email, want.buf);
	git_commit_free(c);

	setenv("GIT_AUTHOR_NAME", "Andrew Morton", 1);
	setenv("EMAIL", "akpm@example.org", 1);
	commit_one(a, "2.5.44", "piii", "ext3", 2, NULL);
	read_head(sb->archive.buf, &c);
	assert_string_equal(git_commit_author(c)->name, "Andrew Morton");
	assert_string_equal(git_commit_author(c)->email, "akpm@example.org");
	git_commit_free(c);
	archive_free(a);

	/* the repository's own config comes before the environment */
	{
		git_repository *repo = NULL;
		git_config *cfg = NULL;

		assert_int_equal(git_repository_open(&repo, sb->archive.buf), 0);
		assert_int_equal(git_repository_config(&cfg, repo), 0);
		assert_int_equal(git_config_set_string(cfg, "user.name", "Lab Two"), 0);
		assert_int_equal(git_config_set_string(cfg, "user.email", "lab2@example.org"), 0);
		git_config_free(cfg);
		git_repository_free(repo);
	}
	assert_int_equal(archive_open(&a, sb->archive.buf, 0), 0);
	commit_one(a, "2.5.44", "piii", "ext3", 3, NULL);
	read_head(sb->archive.buf, &c);
	assert_string_equal(git_commit_author(c)->name, "Lab Two");
	assert_string_equal(git_commit_author(c)->email, "lab2@example.org");
	git_commit_free(c);
	archive_free(a);
	strbuf_release(&want);
	git_libgit2_shutdown();
}

/* A benchmark without an elapsed time is headlined by its first metric. */
static void test_message_without_elapsed(void **state)
{
	struct sandbox *sb = *state;
	struct archive_run run = { 0 };
	struct archive *a = NULL;
	git_commit *c = NULL;
	static const char *const values[] = { "425", "398", "431" };
	size_t i;

	for (i = 0; i < 3; i++) {
		struct record *r = recset_add(&run.records, NULL);

		record_set(&r->kernel, "6.1.0-28-amd64");
		record_set(&r->hardware, "epyc-2c-24g");
		record_set(&r->fs, "xfs");
		record_set(&r->benchmark, "dd write 4 MiB");
		record_set(&r->metric, "throughput");
		record_set(&r->value, values[i]);
		record_set(&r->unit, "MB/s");
		r->iteration = (int)i + 1;
	}
	git_libgit2_init();
	assert_int_equal(archive_open(&a, sb->archive.buf, 1), 0);
	assert_int_equal(archive_commit(a, &run, 1, NULL, NULL), 0);
	read_head(sb->archive.buf, &c);
	/* the median of 398, 425, 431 */
	assert_string_equal(git_commit_summary(c), "6.1.0-28-amd64 epyc-2c-24g: xfs dd 425MB/s");
	git_commit_free(c);
	archive_free(a);
	recset_release(&run.records);
	git_libgit2_shutdown();
}

static void test_lock_times_out(void **state)
{
	struct sandbox *sb = *state;
	struct archive *a = NULL, *b = NULL;
	struct archive_run run;

	assert_int_equal(archive_open(&a, sb->archive.buf, 1), 0);
	assert_int_equal(archive_open(&b, sb->archive.buf, 0), 0);
	make_run(&run, "2.6.16", "box", "xfs", 5);
	/* a holds the lock as a writer would (flock is per open file, so this is real) */
	assert_int_equal(archive_hold_lock(a), 0);
	archive_set_lock_timeout(b, 0.2);
	assert_int_equal(archive_commit(b, &run, 1, NULL, NULL), BP_ELOCKED);
	assert_non_null(strstr(err_last(), "is locked by another benchpost"));
	archive_free(a);
	assert_int_equal(archive_commit(b, &run, 1, NULL, NULL), 0);
	recset_release(&run.records);
	archive_free(b);
}

/*
 * The lock is on the open file: with the file deleted while a holds it, b
 * locks a new one, so a must stop before it changes anything.
 */
static void test_lock_file_deleted_while_held(void **state)
{
	struct sandbox *sb = *state;
	struct strbuf lock = STRBUF_INIT;
	struct archive_run run;
	struct archive *a = NULL, *b = NULL;
	git_commit *head = NULL;
	git_oid before;

	assert_int_equal(archive_open(&a, sb->archive.buf, 1), 0);
	assert_int_equal(archive_open(&b, sb->archive.buf, 1), 0);
	make_run(&run, "2.6.16", "box", "xfs", 1143000000);
	assert_int_equal(archive_commit(a, &run, 1, NULL, NULL), 0);
	assert_int_equal(archive_hold_lock(a), 0);
	strbuf_addf(&lock, "%s/.git/benchpost.lock", sb->archive.buf);
	assert_int_equal(unlink(lock.buf), 0);
	archive_set_lock_timeout(b, 0.2);
	assert_int_equal(archive_commit(b, &run, 1, NULL, NULL), 0);
	read_head(sb->archive.buf, &head);
	git_oid_cpy(&before, git_commit_id(head));
	git_commit_free(head);
	assert_true(archive_commit(a, &run, 1, NULL, NULL) < 0);
	assert_non_null(strstr(err_last(), "benchpost.lock' was removed or replaced while benchpost held it"));
	read_head(sb->archive.buf, &head);
	assert_true(git_oid_equal(&before, git_commit_id(head)));
	git_commit_free(head);
	recset_release(&run.records);
	strbuf_release(&lock);
	archive_free(a);
	archive_free(b);
}

static void collect_warning(void *payload, const char *msg)
{
	struct strbuf *got = payload;

	strbuf_addf(got, "%s\n", msg);
}

/*
 * What a writer dying while it wrote a pack leaves: its lock record and
 * the indexer's temporary file.  The next commit removes and reports it.
 */
static void leave_dead_pack(const struct sandbox *sb, struct strbuf *tmp)
{
	struct strbuf lock = STRBUF_INIT;
	FILE *f;

	strbuf_reset(tmp);
	strbuf_addf(tmp, "%s/.git/objects/pack/pack_git2_Dead42", sb->archive.buf);
	f = fopen(tmp->buf, "w");
	assert_non_null(f);
	fputs("partial\n", f);
	fclose(f);
	strbuf_addf(&lock, "%s/.git/benchpost.lock", sb->archive.buf);
	f = fopen(lock.buf, "w");
	assert_non_null(f);
	fprintf(f, "benchpost-lock pid=4242 step=pack t=%lld.0\n", (long long)time(NULL) - 10);
	fclose(f);
	strbuf_release(&lock);
}

/* Library code never prints: its warnings go to the sink its caller gave, or nowhere. */
static void test_warnings_go_to_the_callers_sink(void **state)
{
	struct sandbox *sb = *state;
	struct strbuf got = STRBUF_INIT, tmp = STRBUF_INIT, want = STRBUF_INIT;
	struct strbuf errpath = STRBUF_INIT, printed = STRBUF_INIT;
	struct bp_warn sink = { collect_warning, &got };
	struct archive *a = NULL;
	int saved, fd;

	assert_int_equal(archive_open(&a, sb->archive.buf, 1), 0);
	commit_one(a, "2.6.16", "box", "xfs", 1143000000, NULL);
	leave_dead_pack(sb, &tmp);
	archive_set_warn(a, &sink);
	commit_one(a, "2.6.17", "box", "xfs", 1150000000, NULL);
	strbuf_addf(&want, "removed '%s' left by a benchpost that died\n", tmp.buf);
	assert_string_equal(got.buf, want.buf);
	assert_int_equal(access(tmp.buf, F_OK), -1);

	/* without a sink: repaired the same, and nothing on stderr */
	leave_dead_pack(sb, &tmp);
	archive_set_warn(a, NULL);
	strbuf_addf(&errpath, "%s/stderr", sb->dir);
	fd = open(errpath.buf, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	assert_true(fd >= 0);
	fflush(stderr);
	saved = dup(2);
	assert_int_equal(dup2(fd, 2), 2);
	commit_one(a, "2.6.18", "box", "xfs", 1160000000, NULL);
	fflush(stderr);
	assert_int_equal(dup2(saved, 2), 2);
	close(saved);
	close(fd);
	assert_int_equal(access(tmp.buf, F_OK), -1);
	assert_int_equal(strbuf_read_file(&printed, errpath.buf), 0);
	assert_string_equal(printed.buf, "");
	archive_free(a);
	strbuf_release(&got);
	strbuf_release(&tmp);
	strbuf_release(&want);
	strbuf_release(&errpath);
	strbuf_release(&printed);
}

/* https credentials come from git's credential helper, run without a shell. */
static void test_credential_helper(void **state)
{
	struct sandbox *sb = *state;
	struct strbuf helper = STRBUF_INIT, config = STRBUF_INIT, input = STRBUF_INIT;
	char *user = NULL, *password = NULL;
	FILE *f;

	strbuf_addf(&helper, "%s/helper", sb->dir);
	f = fopen(helper.buf, "w");
	assert_non_null(f);
	fprintf(f, "#!/bin/sh\n[ \"$1 $2\" = \"--file get\" ] || exit 1\n"
		   "cat >\"%s/input\"\nprintf 'username=akpm\\npassword=s3cret\\n'\n", sb->dir);
	fclose(f);
	assert_int_equal(chmod(helper.buf, 0755), 0);
	strbuf_addf(&config, "%s --file", helper.buf);
	assert_int_equal(archive_credential_fill(&user, &password, config.buf,
						 "https://bob@example.org:8443/lab/archive.git"), 0);
	assert_string_equal(user, "akpm");
	assert_string_equal(password, "s3cret");
	strbuf_reset(&helper);
	strbuf_addf(&helper, "%s/input", sb->dir);
	assert_int_equal(strbuf_read_file(&input, helper.buf), 0);
	assert_string_equal(input.buf, "protocol=https\nhost=example.org:8443\npath=lab/archive.git\n\n");
	free(user);
	free(password);
	/* a shell snippet is never run, and a failing helper gives nothing */
	assert_true(archive_credential_fill(&user, &password, "!echo password=x", "https://h/") < 0);
	assert_true(archive_credential_fill(&user, &password, "/bin/false", "https://h/") < 0);
	assert_null(user);
	strbuf_release(&helper);
	strbuf_release(&config);
	strbuf_release(&input);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_open_creates_once, setup, teardown),
		cmocka_unit_test_setup_teardown(test_location_from_environment, setup, teardown),
		cmocka_unit_test_setup_teardown(test_refuses_a_directory_that_is_not_an_archive, setup, teardown),
		cmocka_unit_test_setup_teardown(test_commit_then_query, setup, teardown),
		cmocka_unit_test_setup_teardown(test_names_carry_the_content_hash, setup, teardown),
		cmocka_unit_test_setup_teardown(test_same_name_never_overwrites, setup, teardown),
		cmocka_unit_test_setup_teardown(test_same_name_in_one_batch, setup, teardown),
		cmocka_unit_test(test_pathset),
		cmocka_unit_test(test_keys_cannot_escape),
		cmocka_unit_test_setup_teardown(test_hostile_run_stays_under_runs, setup, teardown),
		cmocka_unit_test_setup_teardown(test_message_and_author, setup, teardown),
		cmocka_unit_test_setup_teardown(test_message_without_elapsed, setup, teardown),
		cmocka_unit_test_setup_teardown(test_lock_times_out, setup, teardown),
		cmocka_unit_test_setup_teardown(test_lock_file_deleted_while_held, setup, teardown),
		cmocka_unit_test_setup_teardown(test_warnings_go_to_the_callers_sink, setup, teardown),
		cmocka_unit_test_setup_teardown(test_credential_helper, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
