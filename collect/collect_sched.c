#include "collect_runner.h"
#include "../core/error.h"

#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/*
 * Which iteration runs when.  By default one file system after the
 * other, each test's iterations in a row.  With --interleave, rounds:
 * each round runs one iteration of every test still short of its count
 * on every file system, in the order A B C then C B A, so that a drift
 * of the machine over the run (a warming disk, a neighbour's job) falls
 * on every column alike.  With -n auto every test first runs the pilot;
 * its spread then sets the count (collect_plan.c).
 */

static size_t at(const struct collect_runner *rn, size_t k, size_t t)
{
	return k * rn->ntests + t;
}

static void check_placement(struct collect_runner *rn, struct collect_fs_state *fss)
{
	unsigned long long alloc, size;

	if (collect_image_allocated(rn->scratch.fd, "image", &alloc, &size) < 0)
		return;
	if (!fss->placement_checks || alloc < fss->image_allocated_min)
		fss->image_allocated_min = alloc;
	fss->image_bytes = size;
	fss->placement_checks++;
}

int collect_target_up(struct collect_runner *rn, size_t k)
{
	struct collect_fs_state *fss = &rn->fss[k];
	struct collect_target *t = &rn->target;
	int ret;

	memset(t, 0, sizeof(*t));
	t->work_fd = -1;
	t->image_dirfd = rn->scratch.fd;
	t->fs = fss->fs;
	if (!fss->fs) {
		struct strbuf sb = STRBUF_INIT;

		t->mnt = xstrdup(rn->scratch.path);
		ret = collect_scratch_mkdir(&rn->scratch, "work", &t->work_fd);
		strbuf_addf(&sb, "%s/work", t->mnt);
		t->work = strbuf_detach(&sb, NULL);
		strbuf_addf(&sb, "/proc/self/fd/%d", t->work_fd);
		t->cwd = strbuf_detach(&sb, NULL);
		return ret;
	}
	t->loop = &rn->loop;
	t->mnt = xstrdup(rn->mnt);
	ret = collect_mkfs_mount(t, &rn->loop, rn->mnt, fss->fs);
	if (ret < 0)
		return ret;
	check_placement(rn, fss);
	return collect_target_open_work(t, rn->scratch.fd, 1);
}

int collect_target_down(struct collect_runner *rn)
{
	struct collect_target *t = &rn->target;
	int ret = 0;

	if (t->work_fd >= 0 && !t->fs) {
		ret = collect_tree_empty(t->work_fd, t->work, NULL);
		if (!ret && unlinkat(rn->scratch.fd, "work", AT_REMOVEDIR) < 0)
			ret = err_set_errno("cannot remove '%s'", t->work);
	}
	if (t->work_fd >= 0)
		close(t->work_fd);
	t->work_fd = -1;
	if (t->mounted) {
		int r = collect_unmount(t->mnt);

		if (r < 0 && !ret)
			ret = r;
		else if (!r)
			t->mounted = 0;
	}
	if (t->mounted)
		return ret;
	free(t->mnt);
	free(t->work);
	free(t->cwd);
	free(t->mkfs_cmd);
	free(t->mount_used);
	memset(t, 0, sizeof(*t));
	t->work_fd = -1;
	return ret;
}


/* The selected test that t feeds (kuntar -> rm-tree), or -1. */
static int follower(const struct collect_runner *rn, size_t t)
{
	const struct collect_test *f = collect_tests[t].feeds ?
				       collect_test_find(collect_tests[t].feeds) : NULL;

	return f && rn->selected[f - collect_tests] ? (int)(f - collect_tests) : -1;
}

/* The selected test that feeds t, or -1. */
static int feeder(const struct collect_runner *rn, size_t t)
{
	size_t u;

	for (u = 0; u < rn->ntests; u++)
		if (rn->selected[u] && follower(rn, u) == (int)t)
			return (int)u;
	return -1;
}

/* Seconds left by the same tests' earlier iterations; *partial when some have none. */
static double time_left(const struct collect_runner *rn, size_t k, int *partial)
{
	double left = 0;
	size_t kk, tt;

	*partial = 0;
	for (kk = 0; kk < rn->nfs; kk++) {
		for (tt = 0; tt < rn->ntests; tt++) {
			int todo = rn->want[at(rn, kk, tt)] - rn->fss[kk].done[tt];

			if (!rn->selected[tt] || todo <= 0)
				continue;
			/* one fs after another: the ones before k are done */
			if (!rn->o->interleave && kk < k)
				continue;
			if (!rn->eta_n[tt])
				*partial = 1;
			else
				left += todo * rn->eta_sum[tt] / rn->eta_n[tt];
			/* -n auto before the plan: the pilot is a lower bound */
			if (rn->o->iterations == COLLECT_AUTO && rn->fss[kk].done[tt] < COLLECT_PILOT)
				*partial = 1;
		}
	}
	return left;
}

static void ctx_init(struct collect_ctx *c, struct collect_runner *rn, size_t k, size_t t, int i)
{
	struct collect_fs_state *fss = &rn->fss[k];

	memset(c, 0, sizeof(*c));
	c->opts = rn->o;
	c->suite = rn->suite;
	c->test = &collect_tests[t];
	c->test_index = t;
	c->data = &rn->data;
	c->target = &rn->target;
	c->scratch = &rn->scratch;
	c->out = &rn->out->v[fss->run].records;
	c->proto = &fss->proto;
	c->fss = fss;
	c->disk = rn->machine.disk;
	c->iteration = i;
	c->warn = rn->warn;
}

static void show(struct collect_runner *rn, size_t k, size_t t, int i)
{
	struct collect_status st;

	memset(&st, 0, sizeof(st));
	st.fs = rn->out->v[rn->fss[k].run].fs_label;
	st.fs_k = k + 1;
	st.fs_n = rn->nfs;
	st.test = collect_tests[t].name;
	st.iteration = i;
	st.iterations = rn->want[at(rn, k, t)];
	st.left = time_left(rn, k, &st.left_partial);
	if (!rn->eta_n[t] && st.left == 0)
		st.left = -1;
	collect_ticker_step(&rn->ticker, &st);
}

/* Test t's next timed steps in ctx c, its setup left out when fed. */
static int one_test(struct collect_runner *rn, struct collect_ctx *c, size_t k, int fed)
{
	const struct collect_test *test = c->test;
	int ret = 0;

	show(rn, k, c->test_index, c->iteration);
	collect_load_read(&c->load);
	collect_load_note(&rn->fss[k].load, &c->load);
	if (!fed && test->setup) {
		ret = test->setup(c);
		/* what the setup wrote and read is in the caches now */
		rn->target.fresh = 0;
	}
	return ret ? ret : test->timed(c);
}

static void done_one(struct collect_runner *rn, size_t k, size_t t, int i, double start)
{
	rn->fss[k].done[t] = i;
	rn->eta_sum[t] += collect_now() - start;
	rn->eta_n[t]++;
}

/*
 * Iteration i of test t on file system k, followed by iteration j of
 * test f (which t feeds) when f >= 0.  A loop file system is made afresh
 * for each: nothing is left from the iteration before, and nothing needs
 * clearing after.
 */
static int run_iteration(struct collect_runner *rn, size_t k, size_t t, int i, int f, int j)
{
	struct collect_fs_state *fss = &rn->fss[k];
	struct collect_ctx c, cf;
	double start = collect_now(), mid;
	int ret, r;

	if (collect_interrupted())
		return err_set("interrupted");
	collect_fs_begin(rn, k);
	ctx_init(&c, rn, k, t, i);
	ret = fss->fs ? collect_target_up(rn, k) : 0;
	if (!ret && fss->fs)
		ret = collect_forget(&rn->target, &rn->data);
	rn->target.fresh = !ret && fss->fs;
	if (!ret)
		ret = one_test(rn, &c, k, 0);
	mid = collect_now();
	if (!ret && f >= 0) {
		ctx_init(&cf, rn, k, (size_t)f, j);
		ret = one_test(rn, &cf, k, 1);
		if (!ret && !fss->fs && cf.test->teardown)
			ret = cf.test->teardown(&cf);
	}
	if (!fss->fs && c.test->teardown) {
		r = c.test->teardown(&c);
		if (!ret)
			ret = r;
	}
	if (fss->fs) {
		r = collect_target_down(rn);
		if (!ret)
			ret = r;
	}
	if (ret < 0)
		return err_prefix("%s: %s (iteration %d)", rn->out->v[fss->run].fs_label,
				  collect_tests[f >= 0 && collect_now() > mid ? (size_t)f : t].name,
				  f >= 0 ? j : i);
	done_one(rn, k, t, i, start);
	if (f >= 0) {
		/* the feeder's share stays its own; the follower's is the rest */
		rn->eta_sum[t] -= collect_now() - mid;
		done_one(rn, k, (size_t)f, j, mid);
	}
	return 0;
}

/* After the pilot: the plan for test t, from one fs or (interleaved) all of them. */
static void plan_test(struct collect_runner *rn, size_t k, size_t t)
{
	const struct collect_samples **s = xcalloc(rn->nfs, sizeof(*s));
	size_t kk, n = 0;

	if (rn->o->interleave)
		for (kk = 0; kk < rn->nfs; kk++)
			s[n++] = &rn->fss[kk].samples[t];
	else
		s[n++] = &rn->fss[k].samples[t];
	for (kk = 0; kk < rn->nfs; kk++) {
		if (!rn->o->interleave && kk != k)
			continue;
		collect_plan_decide(&rn->plans[at(rn, kk, t)], s, n, rn->o);
		rn->want[at(rn, kk, t)] = rn->plans[at(rn, kk, t)].n;
	}
	free(s);
}

/* -n auto: plan a test once its pilot is done (on every fs, interleaved). */
static void maybe_plan(struct collect_runner *rn, size_t k, size_t t)
{
	size_t kk;

	if (rn->o->iterations != COLLECT_AUTO || rn->plans[at(rn, k, t)].n)
		return;
	for (kk = 0; kk < rn->nfs; kk++)
		if ((rn->o->interleave || kk == k) && rn->fss[kk].done[t] < COLLECT_PILOT)
			return;
	plan_test(rn, k, t);
}

/* The next iteration of test t on fs k (with the one of the test it feeds); 0: none left. */
static int step_test(struct collect_runner *rn, size_t k, size_t t, int *ret)
{
	int *done = rn->fss[k].done, f, g, j = 0;

	if (!rn->selected[t] || done[t] >= rn->want[at(rn, k, t)])
		return 0;
	/* fed by a test still going: its iterations come with that one's */
	g = feeder(rn, t);
	if (g >= 0 && done[g] < rn->want[at(rn, k, (size_t)g)])
		return 0;
	f = follower(rn, t);
	if (f >= 0 && done[f] < rn->want[at(rn, k, (size_t)f)])
		j = done[f] + 1;
	*ret = run_iteration(rn, k, t, done[t] + 1, j ? f : -1, j);
	if (!*ret) {
		maybe_plan(rn, k, t);
		if (j)
			maybe_plan(rn, k, (size_t)f);
	}
	return 1;
}

/* A --dir visit makes its work directory once; a loop file system is made per iteration. */
static int visit_begin(struct collect_runner *rn, size_t k)
{
	return rn->fss[k].fs ? 0 : collect_target_up(rn, k);
}

static int visit_end(struct collect_runner *rn, size_t k, int ret)
{
	int r = rn->fss[k].fs ? 0 : collect_target_down(rn);

	return ret ? ret : r;
}

static int one_fs_after_another(struct collect_runner *rn)
{
	size_t k, t;
	int ret = 0;

	for (k = 0; k < rn->nfs && !ret; k++) {
		ret = visit_begin(rn, k);
		for (t = 0; t < rn->ntests && !ret; t++)
			while (!ret && step_test(rn, k, t, &ret))
				;
		ret = visit_end(rn, k, ret);
		collect_finish_fs(rn, k);
	}
	return ret;
}

static int interleaved(struct collect_runner *rn)
{
	size_t j, k, t;
	int ret = 0, round, busy = 1;

	for (round = 1; busy && !ret; round++) {
		busy = 0;
		for (j = 0; j < rn->nfs && !ret; j++) {
			/* A B C, then C B A: a linear drift costs every column the same */
			k = round % 2 ? j : rn->nfs - 1 - j;
			ret = visit_begin(rn, k);
			for (t = 0; t < rn->ntests && !ret; t++)
				busy |= step_test(rn, k, t, &ret);
			ret = visit_end(rn, k, ret);
		}
	}
	for (k = 0; k < rn->nfs; k++)
		collect_finish_fs(rn, k);
	return ret;
}

int collect_schedule(struct collect_runner *rn)
{
	return rn->o->interleave ? interleaved(rn) : one_fs_after_another(rn);
}
