#include "collect_runner.h"
#include "../core/error.h"

#include <stdlib.h>
#include <string.h>
#include <linux/magic.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <time.h>
#include <unistd.h>

/*
 * The driver.  Everything that can be checked is checked before the
 * first timed step, in the order that fails fastest: the options, the
 * tools, scratch left by dead runs, then every --fs entry made and
 * mounted once with its options, and only then the data set (which may
 * take a minute to build the first time).
 */

#define DEFAULT_SCRATCH_PARENT "/var/tmp"

static int check_tools(const struct collect_opts *o)
{
	const struct collect_test *t;

	for (t = collect_tests; t->name; t++) {
		const char *const *n;
		int want = !o->tests;

		for (n = o->tests; n && *n; n++)
			want |= !strcmp(*n, t->name);
		if (want && t->tool && !proc_available(t->tool))
			return err_set("cannot find '%s' for the test '%s': install the Debian "
				       "package '%s' (or leave the test out with --test)", t->tool,
				       t->name, t->package);
	}
	return 0;
}

static int check_opts(const struct collect_opts *o, const struct collect_suite **suite)
{
	size_t i;

	*suite = collect_suite_find(o->suite ? o->suite : "standard");
	if (!*suite)
		return err_set("unknown suite '%s'; expected quick or standard", o->suite);
	if (o->iterations < 0 || (o->iterations == COLLECT_AUTO && o->max_iterations < COLLECT_PILOT))
		return err_set("-n: expected at least one iteration, or auto with a cap of at "
			       "least %d", COLLECT_PILOT);
	if (o->iterations == COLLECT_AUTO && (!(o->detect > 0) || !collect_sig_test_known(o->sig_test)))
		return err_set("-n auto: expected a change to detect above 0 and a known test");
	if (collect_check_selection(o->tests, o->params) < 0)
		return BP_ERROR;
	if (o->dir) {
		struct stat st;

		if (stat(o->dir, &st) < 0)
			return err_set_errno("--dir '%s'", o->dir);
		if (!S_ISDIR(st.st_mode))
			return err_set("--dir '%s': not a directory", o->dir);
		if (access(o->dir, W_OK | X_OK) < 0)
			return err_set_errno("--dir '%s': not writable", o->dir);
		return check_tools(o);
	}
	if (!o->fs || !o->fs->nr)
		return err_set("nothing to run on: give --fs LIST (as root) or --dir DIR");
	if (geteuid() != 0)
		return err_set("--fs needs root for loop devices and mount; use --dir DIR instead");
	for (i = 0; i < o->fs->nr; i++)
		if (collect_fs_check(&o->fs->v[i]) < 0)
			return BP_ERROR;
	return check_tools(o);
}

/*
 * Room for the tarball, the extracted tree twice over (metadata, journal)
 * and the other tests' files: a --tarball larger than the suite's own must
 * not run out of space half way.
 */
static unsigned image_mib(const struct collect_suite *s, const struct collect_data *d)
{
	unsigned long long need = ((d->tar_bytes + 2 * d->plain_bytes) >> 20) + 512;

	return need > s->image_mib ? (unsigned)need : s->image_mib;
}

static void utc_stamp(struct strbuf *sb, time_t when)
{
	struct tm tm;
	char buf[32];

	gmtime_r(&when, &tm);
	strftime(buf, sizeof(buf), "%Y-%m-%dT%H:%M:%SZ", &tm);
	strbuf_addstr(sb, buf);
}

/* "/dev/vda ext4 rw,relatime": device, type and options of a --dir run's mount. */
static void split_mount(struct strbuf *dev, struct strbuf *type, struct strbuf *opts,
			const char *m)
{
	const char *sp1 = m ? strchr(m, ' ') : NULL, *sp2 = sp1 ? strchr(sp1 + 1, ' ') : NULL;

	if (!sp2)
		return;
	strbuf_add(dev, m, (size_t)(sp1 - m));
	strbuf_add(type, sp1 + 1, (size_t)(sp2 - sp1 - 1));
	strbuf_addstr(opts, sp2 + 1);
}

/* The record fields every sample of file system k shares, and its facts. */
static void make_proto(struct collect_runner *rn, size_t k)
{
	struct collect_fs_state *fss = &rn->fss[k];
	struct collect_run *run = &rn->out->v[fss->run];
	struct record *proto = &fss->proto;
	struct facts *f = facts_new();
	struct strbuf sb = STRBUF_INIT, dev = STRBUF_INIT, type = STRBUF_INIT, opts = STRBUF_INIT;
	const struct collect_fs *fs = fss->fs;
	size_t i;

	/* Record fields first, so the .bench header reads kernel, hardware, fs, ... */
	facts_set(f, "kernel", rn->machine.kernel ? rn->machine.kernel : "");
	facts_set(f, "hardware", rn->machine.hardware);
	facts_set(f, "fs", "");
	facts_set(f, "options", "");
	facts_set(f, "device", "");
	facts_set(f, "source", "");
	collect_facts_add(f, &rn->machine, fss, fs ? rn->image : rn->scratch.path, &rn->data, rn->o);
	for (i = 0; fss->fsfacts && i < fss->fsfacts->nr; i++)
		facts_set(f, fss->fsfacts->v[i].key, fss->fsfacts->v[i].value);
	for (i = 0; rn->tools && i < rn->tools->nr; i++)
		facts_set(f, rn->tools->v[i].key, rn->tools->v[i].value);
	facts_set(f, "caches", "dropped");

	record_init(proto);
	record_set(&proto->kernel, rn->machine.kernel);
	record_set(&proto->hardware, rn->machine.hardware);
	split_mount(&dev, &type, &opts, facts_get(f, "backing-mount"));
	if (fs) {
		record_set(&proto->fs, fs->type);
		record_set(&proto->options, fs->mount_opts);
		strbuf_addstr(&sb, rn->loop.dev);
		if (type.len)
			strbuf_addf(&sb, " on %s %s", type.buf, dev.buf);
		record_set(&proto->device, sb.buf);
		run->fs_label = xstrdup(fs->spec);
	} else {
		record_set(&proto->fs, type.len ? type.buf : NULL);
		record_set(&proto->options, opts.len ? opts.buf : NULL);
		record_set(&proto->device, dev.len ? dev.buf : NULL);
		strbuf_addf(&sb, "%s (--dir)", type.len ? type.buf : "dir");
		run->fs_label = strbuf_detach(&sb, NULL);
	}
	strbuf_reset(&sb);
	strbuf_addstr(&sb, "run ");
	utc_stamp(&sb, run->when);
	record_set(&proto->source, sb.buf);
	facts_set(f, "fs", proto->fs ? proto->fs : "");
	facts_set(f, "options", proto->options ? proto->options : "");
	facts_set(f, "device", proto->device ? proto->device : "");
	facts_set(f, "source", sb.buf);
	proto->facts = f;

	/* hardware/<key>.txt: the machine's own lines. */
	{
		static const char *const keys[] = { "cpu", "cpus", "memory", "disk", "disk-device",
						    "rotational", "scheduler", NULL };

		strbuf_reset(&sb);
		strbuf_addf(&sb, "hardware: %s\n", rn->machine.hardware);
		for (i = 0; keys[i]; i++)
			if (facts_get(f, keys[i]))
				strbuf_addf(&sb, "%s: %s\n", keys[i], facts_get(f, keys[i]));
		run->hardware_details = strbuf_detach(&sb, NULL);
	}
	strbuf_release(&sb);
	strbuf_release(&dev);
	strbuf_release(&type);
	strbuf_release(&opts);
}

void collect_fs_begin(struct collect_runner *rn, size_t k)
{
	struct collect_fs_state *fss = &rn->fss[k];
	struct collect_run *run = &rn->out->v[fss->run];
	struct strbuf sb = STRBUF_INIT;

	if (fss->begun)
		return;
	/* the run's time is when its first iteration began, as its source says */
	fss->begun = 1;
	run->when = time(NULL);
	strbuf_addstr(&sb, "run ");
	utc_stamp(&sb, run->when);
	record_set(&fss->proto.source, sb.buf);
	facts_set(fss->proto.facts, "source", sb.buf);
	strbuf_release(&sb);
}

static void placement_fact(struct collect_runner *rn, struct collect_fs_state *fss)
{
	struct facts *f = fss->proto.facts;
	struct strbuf sb = STRBUF_INIT;
	double size = (double)fss->image_bytes / 1048576.0;
	double alloc = (double)fss->image_allocated_min / 1048576.0;

	if (!fss->fs) {
		facts_set(f, "placement", "whatever the directory gives (--dir)");
		return;
	}
	if (!fss->placement_checks)
		return;
	if (fss->image_allocated_min >= fss->image_bytes)
		strbuf_addf(&sb, "held: the %.0f MiB image was fully allocated before and after "
			    "mkfs (mkfs and mount without discard)", size);
	else
		strbuf_addf(&sb, "not held: only %.1f of the %.0f MiB image stayed allocated after "
			    "mkfs", alloc, size);
	facts_set(f, "placement", sb.buf);
	if (fss->image_allocated_min < fss->image_bytes)
		bp_warnf(rn->warn, "%s: only %.1f of the %.0f MiB image stayed allocated: the file "
			 "systems may not sit on the same blocks", fss->fs->spec, alloc, size);
	strbuf_release(&sb);
}

void collect_finish_fs(struct collect_runner *rn, size_t k)
{
	struct collect_fs_state *fss = &rn->fss[k];
	struct facts *f = fss->proto.facts;
	struct strbuf sb = STRBUF_INIT;
	size_t t;

	if (!f)
		return;
	if (!fss->drop || fss->drops_failed)
		facts_set(f, "caches", "not dropped");
	placement_fact(rn, fss);
	collect_load_describe(&sb, &fss->load);
	if (sb.len)
		facts_set(f, "load-before", sb.buf);
	collect_flags_apply(&fss->flags, &rn->out->v[fss->run].records, f);
	if (rn->o->iterations == COLLECT_AUTO) {
		strbuf_reset(&sb);
		for (t = 0; t < rn->ntests; t++) {
			if (!rn->selected[t] || !fss->done[t])
				continue;
			if (sb.len)
				strbuf_addstr(&sb, "; ");
			if (fss->done[t] < COLLECT_PILOT)
				strbuf_addf(&sb, "%s: %d (stopped in the pilot)", collect_tests[t].name,
					    fss->done[t]);
			else
				collect_plan_describe(&sb, &rn->plans[k * rn->ntests + t],
						      collect_tests[t].name);
		}
		facts_set(f, "stopped", sb.buf);
	}
	strbuf_release(&sb);
}

/* Loop images on tmpfs measure memory, not a disk: say so, the facts show it too. */
static void warn_if_memory(struct collect_runner *rn)
{
	struct statfs sf;

	if (fstatfs(rn->scratch.fd, &sf) == 0 && (sf.f_type == TMPFS_MAGIC || sf.f_type == RAMFS_MAGIC))
		bp_warnf(rn->warn, "'%s' is on tmpfs: the results measure memory, not a disk "
			 "(use --scratch or --dir on a disk)", rn->scratch.path);
}

/* Every --fs entry made and mounted once, before the data set: a bad option fails now. */
static int check_fs(struct collect_runner *rn)
{
	size_t k;
	int ret = 0;

	for (k = 0; k < rn->nfs && !ret; k++) {
		struct collect_fs_state *fss = &rn->fss[k];

		collect_ticker_prepare(&rn->ticker, "checking %s: mkfs and mount (%zu/%zu)",
				       fss->fs->spec, k + 1, rn->nfs);
		ret = collect_target_up(rn, k);
		if (!ret) {
			fss->fsfacts = facts_new();
			collect_fsinfo_read(fss->fsfacts, &rn->target, &rn->loop);
		}
		{
			int r = collect_target_down(rn);

			if (!ret)
				ret = r;
		}
	}
	return ret;
}

/* Before any mkfs: posix_fallocate must have allocated every block. */
static int check_allocated(struct collect_runner *rn)
{
	unsigned long long alloc, size;

	if (collect_image_allocated(rn->scratch.fd, "image", &alloc, &size) < 0)
		return err_set_errno("cannot stat '%s'", rn->image);
	if (alloc < size)
		bp_warnf(rn->warn, "'%s': only %.1f of %.1f MiB allocated before mkfs (the backing "
			 "file system keeps it sparse): the file systems may not sit on the same "
			 "blocks", rn->image, (double)alloc / 1048576.0, (double)size / 1048576.0);
	return 0;
}

static int make_image(struct collect_runner *rn)
{
	struct strbuf sb = STRBUF_INIT;
	int ret;

	strbuf_addf(&sb, "%s/image", rn->scratch.path);
	rn->image = strbuf_detach(&sb, NULL);
	strbuf_addf(&sb, "%s/mnt", rn->scratch.path);
	rn->mnt = strbuf_detach(&sb, NULL);
	collect_ticker_prepare(&rn->ticker, "allocating a %u MiB image", rn->image_mib);
	ret = collect_image_create(rn->scratch.fd, "image", rn->image, rn->image_mib);
	if (!ret)
		ret = check_allocated(rn);
	if (!ret)
		ret = collect_scratch_mkdir(&rn->scratch, "mnt", NULL);
	if (!ret)
		ret = collect_loop_attach(&rn->loop, rn->scratch.fd, "image", rn->image);
	return ret;
}

static void setup_state(struct collect_runner *rn)
{
	const struct collect_opts *o = rn->o;
	size_t k, t;

	rn->nfs = o->dir ? 1 : o->fs->nr;
	rn->ntests = collect_tests_nr();
	rn->selected = xcalloc(rn->ntests, sizeof(*rn->selected));
	rn->want = xcalloc(rn->nfs * rn->ntests, sizeof(*rn->want));
	rn->plans = xcalloc(rn->nfs * rn->ntests, sizeof(*rn->plans));
	rn->eta_sum = xcalloc(rn->ntests, sizeof(*rn->eta_sum));
	rn->eta_n = xcalloc(rn->ntests, sizeof(*rn->eta_n));
	for (t = 0; t < rn->ntests; t++) {
		const char *const *n;

		rn->selected[t] = !o->tests;
		for (n = o->tests; n && *n; n++)
			rn->selected[t] |= !strcmp(*n, collect_tests[t].name);
	}
	for (k = 0; k < rn->nfs * rn->ntests; k++)
		rn->want[k] = o->iterations == COLLECT_AUTO ? COLLECT_PILOT : o->iterations;
	rn->fss = xcalloc(rn->nfs, sizeof(*rn->fss));
	ALLOC_GROW(rn->out->v, rn->nfs, rn->out->alloc);
	for (k = 0; k < rn->nfs; k++) {
		struct collect_fs_state *fss = &rn->fss[k];

		fss->run = k;
		fss->fs = o->dir ? NULL : &o->fs->v[k];
		/* --dir without root cannot drop caches; the facts then say so. */
		fss->drop = geteuid() == 0;
		strbuf_init(&fss->warned, 0);
		fss->samples = xcalloc(rn->ntests, sizeof(*fss->samples));
		fss->done = xcalloc(rn->ntests, sizeof(*fss->done));
		memset(&rn->out->v[k], 0, sizeof(rn->out->v[k]));
		rn->out->v[k].when = time(NULL);
	}
	rn->out->nr = rn->nfs;
}

static void release_state(struct collect_runner *rn)
{
	size_t k, t;

	for (k = 0; k < rn->nfs; k++) {
		struct collect_fs_state *fss = &rn->fss[k];

		record_release(&fss->proto);
		if (fss->fsfacts)
			facts_unref(fss->fsfacts);
		strbuf_release(&fss->warned);
		collect_flags_release(&fss->flags);
		for (t = 0; t < rn->ntests; t++)
			collect_samples_release(&fss->samples[t]);
		free(fss->samples);
		free(fss->done);
	}
	for (k = 0; k < rn->nfs * rn->ntests; k++)
		collect_plan_release(&rn->plans[k]);
	free(rn->fss);
	free(rn->selected);
	free(rn->want);
	free(rn->plans);
	free(rn->eta_sum);
	free(rn->eta_n);
	if (rn->tools)
		facts_unref(rn->tools);
}

/*
 * Who else used the CPU: a fact of every run, and a warning when someone
 * did while something was timed (a run that failed in its checks has no
 * times to disturb).
 */
static void other_cpu(struct collect_runner *rn)
{
	struct strbuf sb = STRBUF_INIT;
	size_t k, timed = 0;

	for (k = 0; k < rn->out->nr; k++)
		timed += rn->out->v[k].records.nr;
	if (!timed)
		return;
	if (collect_cpu_describe(&sb, &rn->ticker.cpu, 5.0) > 0)
		bp_warnf(rn->warn, "other processes used %s during the run: the times may be "
			 "disturbed", sb.buf);
	for (k = 0; sb.len && k < rn->nfs; k++)
		if (rn->fss[k].proto.facts)
			facts_set(rn->fss[k].proto.facts, "other-cpu", sb.buf);
	strbuf_release(&sb);
}

/* Runs that never started (a failure before them) are not results. */
static void drop_empty_runs(struct collect_result *out)
{
	size_t i, j = 0;

	for (i = 0; i < out->nr; i++) {
		if (out->v[i].records.nr) {
			out->v[j++] = out->v[i];
			continue;
		}
		recset_release(&out->v[i].records);
		free(out->v[i].fs_label);
		free(out->v[i].hardware_details);
	}
	out->nr = j;
}

static int prepare(struct collect_runner *rn)
{
	const struct collect_opts *o = rn->o;
	struct collect_data_env env = { .opts = o, .suite = rn->suite, .ticker = &rn->ticker,
					.warn = rn->warn };
	const char *parent = o->dir ? o->dir : o->scratch_parent ? o->scratch_parent
								  : DEFAULT_SCRATCH_PARENT;
	size_t k;
	int ret;

	collect_ticker_prepare(&rn->ticker, "looking for scratch left by dead runs in '%s'", parent);
	collect_recover(parent, COLLECT_SCRATCH_PREFIX, rn->warn);
	ret = collect_scratch_make(&rn->scratch, parent);
	if (ret < 0)
		return ret;
	warn_if_memory(rn);
	collect_machine_read(&rn->machine, rn->scratch.path);
	if (!o->dir) {
		rn->image_mib = rn->suite->image_mib;
		ret = make_image(rn);
		if (!ret)
			ret = check_fs(rn);
		if (ret < 0)
			return ret;
	}
	ret = collect_scratch_mkdir(&rn->scratch, "data", &rn->data_fd);
	if (ret < 0)
		return ret;
	{
		struct strbuf sb = STRBUF_INIT;

		/*
		 * Through our descriptor of it, by our pid: the tools (children)
		 * reach the directory we made whatever its path becomes.
		 */
		strbuf_addf(&sb, "/proc/%ld/fd/%d", (long)getpid(), rn->data_fd);
		rn->data_dir = strbuf_detach(&sb, NULL);
	}
	env.data_dir = rn->data_dir;
	env.data_fd = rn->data_fd;
	collect_ticker_prepare(&rn->ticker, "data set");
	ret = collect_data_prepare(&rn->data, &env);
	if (ret < 0)
		return ret;
	if (!o->dir && image_mib(rn->suite, &rn->data) > rn->image_mib) {
		rn->image_mib = image_mib(rn->suite, &rn->data);
		collect_ticker_prepare(&rn->ticker, "growing the image to %u MiB", rn->image_mib);
		ret = collect_image_grow(rn->scratch.fd, "image", rn->image, rn->image_mib);
		if (ret < 0)
			return ret;
		/* the check's mounts saw the smaller image: the runs' own mkfs count */
		for (k = 0; k < rn->nfs; k++)
			rn->fss[k].placement_checks = 0;
		ret = check_allocated(rn);
		if (ret < 0)
			return ret;
	}
	collect_ticker_prepare(&rn->ticker, "reading the tools' versions");
	rn->tools = facts_new();
	collect_tool_versions(rn->tools, o->fs);
	for (k = 0; k < rn->nfs; k++)
		make_proto(rn, k);
	return 0;
}

int collect_run(struct collect_result *out, const struct collect_opts *o)
{
	struct collect_runner rn;
	struct bp_warn warn = o->warn;
	char *why = NULL;
	int ret, r;

	memset(out, 0, sizeof(*out));
	memset(&rn, 0, sizeof(rn));
	rn.o = o;
	rn.out = out;
	rn.warn = &warn;
	rn.data_fd = -1;
	rn.loop.fd = -1;
	rn.target.work_fd = -1;
	collect_scratch_init(&rn.scratch);
	ret = check_opts(o, &rn.suite);
	if (ret < 0)
		return ret;
	out->suite = xstrdup(rn.suite->name);
	setup_state(&rn);
	collect_ticker_start(&rn.ticker, o);
	ret = prepare(&rn);
	if (!ret)
		ret = collect_schedule(&rn);
	/* cleaning up may fail too; the first failure is the one to tell */
	if (ret < 0)
		why = xstrdup(err_last());
	collect_ticker_stop(&rn.ticker);
	other_cpu(&rn);

	r = collect_target_down(&rn);
	if (r < 0 && !ret)
		ret = r;
	else if (r < 0)
		bp_warnf(&warn, "%s", err_last());
	r = rn.loop.fd >= 0 ? collect_loop_detach(&rn.loop) : 0;
	if (r < 0)
		bp_warnf(&warn, "%s", err_last());
	if (rn.data_fd >= 0)
		close(rn.data_fd);
	if (rn.target.mounted) {
		/* A mount that would not go away: leave the scratch for the user, say where. */
		bp_warnf(&warn, "'%s' is still mounted; left '%s' in place", rn.target.mnt,
			 rn.scratch.path);
		collect_scratch_release(&rn.scratch);
	} else if (rn.scratch.path) {
		char *path = xstrdup(rn.scratch.path);

		if (collect_scratch_remove(&rn.scratch, &warn) < 0) {
			if (!ret)
				ret = BP_ERROR;
			else
				bp_warnf(&warn, "cannot remove '%s': %s", path, err_last());
		}
		free(path);
	}
	drop_empty_runs(out);
	collect_ticker_release(&rn.ticker);
	release_state(&rn);
	collect_data_release(&rn.data);
	collect_machine_release(&rn.machine);
	free(rn.image);
	free(rn.mnt);
	free(rn.data_dir);
	if (why) {
		err_set("%s", why);
		free(why);
	}
	return ret;
}

void collect_result_release(struct collect_result *r)
{
	size_t i;

	for (i = 0; i < r->nr; i++) {
		recset_release(&r->v[i].records);
		free(r->v[i].fs_label);
		free(r->v[i].hardware_details);
	}
	free(r->v);
	free(r->suite);
	memset(r, 0, sizeof(*r));
}
