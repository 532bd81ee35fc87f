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

static void work_paths(struct collect_target *t, const char *base)
{
	struct strbuf sb = STRBUF_INIT;

	strbuf_addf(&sb, "%s/work", base);
	t->work = strbuf_detach(&sb, NULL);
	strbuf_addf(&sb, "/proc/self/fd/%d", t->work_fd);
	t->cwd = strbuf_detach(&sb, NULL);
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
	int root, ret;

	memset(t, 0, sizeof(*t));
	t->work_fd = -1;
	t->fs = fss->fs;
	if (!fss->fs) {
		t->mnt = xstrdup(rn->scratch.path);
		ret = collect_scratch_mkdir(&rn->scratch, "work", &t->work_fd);
		if (!ret)
			work_paths(t, t->mnt);
		return ret;
	}
	t->mnt = xstrdup(rn->mnt);
	ret = collect_mkfs_mount(t, &rn->loop, rn->mnt, fss->fs);
	if (ret < 0)
		return ret;
	check_placement(rn, fss);
	/* the mounted file system's root, then its work directory */
	root = collect_open_beneath(rn->scratch.fd, "mnt");
	if (root < 0)
		return err_set_errno("cannot open '%s'", rn->mnt);
	if (mkdirat(root, "work", 0755) < 0) {
		ret = err_set_errno("cannot create '%s/work'", rn->mnt);
	} else {
		t->work_fd = collect_open_dir_at(root, "work");
		if (t->work_fd < 0)
			ret = err_set_errno("cannot open '%s/work'", rn->mnt);
	}
	close(root);
	if (!ret)
		work_paths(t, t->mnt);
	return ret;
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

/* Seconds left by the same tests' earlier iterations; *partial when some have none. */
static double time_left(const struct collect_runner *rn, size_t k, size_t t, int i, int *partial)
{
	double left = 0;
	size_t kk, tt;

	*partial = 0;
	for (kk = 0; kk < rn->nfs; kk++) {
		for (tt = 0; tt < rn->ntests; tt++) {
			int want = rn->want[at(rn, kk, tt)], done = rn->fss[kk].done[tt], todo;

			if (!rn->selected[tt])
				continue;
			if (!rn->o->interleave && (kk < k || (kk == k && tt < t)))
				continue;
			todo = want - done;
			if (kk == k && tt == t)
				todo = want - i + 1;
			if (todo <= 0)
				continue;
			if (!rn->eta_n[tt])
				*partial = 1;
			else
				left += todo * rn->eta_sum[tt] / rn->eta_n[tt];
			/* -n auto before the plan: the pilot is a lower bound */
			if (rn->o->iterations == COLLECT_AUTO && done < COLLECT_PILOT)
				*partial = 1;
		}
	}
	return left;
}

static int run_iteration(struct collect_runner *rn, size_t k, size_t t, int i)
{
	struct collect_fs_state *fss = &rn->fss[k];
	const struct collect_test *test = &collect_tests[t];
	struct collect_run *run = &rn->out->v[fss->run];
	struct collect_ctx c;
	struct collect_status st;
	double start = collect_now();
	int ret, r;

	memset(&c, 0, sizeof(c));
	c.opts = rn->o;
	c.suite = rn->suite;
	c.test = test;
	c.test_index = t;
	c.data = &rn->data;
	c.target = &rn->target;
	c.scratch = &rn->scratch;
	c.out = &run->records;
	c.proto = &fss->proto;
	c.fss = fss;
	c.disk = rn->machine.disk;
	c.iteration = i;
	c.warn = rn->warn;

	memset(&st, 0, sizeof(st));
	st.fs = run->fs_label;
	st.fs_k = k + 1;
	st.fs_n = rn->nfs;
	st.test = test->name;
	st.iteration = i;
	st.iterations = rn->want[at(rn, k, t)];
	st.left = time_left(rn, k, t, i, &st.left_partial);
	if (!rn->eta_n[t] && st.left == 0)
		st.left = -1;
	collect_ticker_step(&rn->ticker, &st);

	if (collect_interrupted())
		return err_set("interrupted");
	collect_load_read(&c.load);
	collect_load_note(&fss->load, &c.load);
	ret = test->setup ? test->setup(&c) : 0;
	if (!ret)
		ret = test->timed(&c);
	if (test->teardown) {
		r = test->teardown(&c);
		if (!ret)
			ret = r;
	}
	if (ret < 0)
		return err_prefix("%s: %s (iteration %d)", run->fs_label, test->name, i);
	fss->done[t] = i;
	rn->eta_sum[t] += collect_now() - start;
	rn->eta_n[t]++;
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
	collect_plan_decide(&rn->plans[at(rn, k, t)], s, n, rn->o);
	for (kk = 0; kk < rn->nfs; kk++) {
		if (!rn->o->interleave && kk != k)
			continue;
		if (kk != k)
			collect_plan_decide(&rn->plans[at(rn, kk, t)], s, n, rn->o);
		rn->want[at(rn, kk, t)] = rn->plans[at(rn, k, t)].n;
	}
	free(s);
}

static int one_fs_after_another(struct collect_runner *rn)
{
	size_t k, t;
	int ret = 0, i;

	for (k = 0; k < rn->nfs && !ret; k++) {
		ret = collect_target_up(rn, k);
		for (t = 0; t < rn->ntests && !ret; t++) {
			if (!rn->selected[t])
				continue;
			for (i = 1; i <= rn->want[at(rn, k, t)] && !ret; i++) {
				ret = run_iteration(rn, k, t, i);
				if (!ret && rn->o->iterations == COLLECT_AUTO && i == COLLECT_PILOT)
					plan_test(rn, k, t);
			}
		}
		{
			int r = collect_target_down(rn);

			if (!ret)
				ret = r;
		}
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
			int up = 0;

			/* A B C, then C B A: a linear drift costs every column the same */
			k = round % 2 ? j : rn->nfs - 1 - j;
			for (t = 0; t < rn->ntests && !ret; t++) {
				if (!rn->selected[t] || rn->fss[k].done[t] >= rn->want[at(rn, k, t)])
					continue;
				if (!up) {
					ret = collect_target_up(rn, k);
					up = 1;
					if (ret < 0)
						break;
				}
				ret = run_iteration(rn, k, t, rn->fss[k].done[t] + 1);
				busy = 1;
			}
			if (up) {
				int r = collect_target_down(rn);

				if (!ret)
					ret = r;
			}
		}
		if (!ret && rn->o->iterations == COLLECT_AUTO && round == COLLECT_PILOT)
			for (t = 0; t < rn->ntests; t++)
				if (rn->selected[t])
					plan_test(rn, 0, t);
	}
	for (k = 0; k < rn->nfs; k++)
		collect_finish_fs(rn, k);
	return ret;
}

int collect_schedule(struct collect_runner *rn)
{
	return rn->o->interleave ? interleaved(rn) : one_fs_after_another(rn);
}
