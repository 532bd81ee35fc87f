#include "collect_internal.h"
#include "../core/error.h"

#include <stdlib.h>
#include <string.h>
#include <linux/magic.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <time.h>
#include <unistd.h>

#define DEFAULT_SCRATCH_PARENT "/var/tmp"

struct runner {
	const struct collect_opts *o;
	const struct collect_suite *suite;
	struct collect_result *out;
	struct collect_machine machine;
	struct collect_data data;
	struct collect_target target;
	struct collect_progress progress;
	char *scratch;
	char *image;
	int made_target;
};

static int check_opts(const struct collect_opts *o, const struct collect_suite **suite)
{
	size_t i;

	*suite = collect_suite_find(o->suite ? o->suite : "standard");
	if (!*suite)
		return err_set("unknown suite '%s'; expected quick or standard", o->suite);
	if (o->iterations < 1)
		return err_set("-n: expected at least one iteration, got %d", o->iterations);
	if (collect_params_check(o->params, o->tests) < 0)
		return BP_ERROR;
	if (o->dir) {
		struct stat st;

		if (stat(o->dir, &st) < 0)
			return err_set_errno("--dir '%s'", o->dir);
		if (!S_ISDIR(st.st_mode))
			return err_set("--dir '%s': not a directory", o->dir);
		if (access(o->dir, W_OK | X_OK) < 0)
			return err_set_errno("--dir '%s': not writable", o->dir);
		return 0;
	}
	if (!o->fs || !o->fs->nr)
		return err_set("nothing to run on: give --fs LIST (as root) or --dir DIR");
	if (geteuid() != 0)
		return err_set("--fs needs root for loop devices and mount; use --dir DIR instead");
	for (i = 0; i < o->fs->nr; i++)
		if (collect_fs_check(&o->fs->v[i]) < 0)
			return BP_ERROR;
	return 0;
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

static int selected(const struct collect_opts *o, const struct collect_test *t)
{
	const char *const *n;

	if (!o->tests)
		return 1;
	for (n = o->tests; *n; n++)
		if (!strcmp(*n, t->name))
			return 1;
	return 0;
}

static unsigned count_tests(const struct collect_opts *o)
{
	const struct collect_test *t;
	unsigned n = 0;

	for (t = collect_tests; t->name; t++)
		n += selected(o, t);
	return n;
}

static void utc_stamp(struct strbuf *sb, time_t when)
{
	struct tm tm;
	char buf[32];

	gmtime_r(&when, &tm);
	strftime(buf, sizeof(buf), "%Y-%m-%dT%H:%M:%SZ", &tm);
	strbuf_addstr(sb, buf);
}

/* Where a --dir run lands: the file system type and options of its mount. */
static void dir_mount(struct strbuf *dev, struct strbuf *type, struct strbuf *opts,
		      const struct facts *f)
{
	const char *m = facts_get(f, "backing-mount");
	const char *sp1, *sp2;

	if (!m)
		return;
	sp1 = strchr(m, ' ');
	sp2 = sp1 ? strchr(sp1 + 1, ' ') : NULL;
	if (!sp2)
		return;
	strbuf_add(dev, m, (size_t)(sp1 - m));
	strbuf_add(type, sp1 + 1, (size_t)(sp2 - sp1 - 1));
	strbuf_addstr(opts, sp2 + 1);
}

/* The record fields every sample of this file system shares, and the facts. */
static void make_proto(struct runner *rn, struct record *proto, struct collect_run *run)
{
	struct facts *f = facts_new();
	struct strbuf sb = STRBUF_INIT, dev = STRBUF_INIT, type = STRBUF_INIT, opts = STRBUF_INIT;
	const struct collect_fs *fs = rn->target.fs;

	/* Record fields first, so the .bench header reads kernel, hardware, fs, ... */
	facts_set(f, "kernel", rn->machine.kernel ? rn->machine.kernel : "");
	facts_set(f, "hardware", rn->machine.hardware);
	facts_set(f, "fs", "");
	facts_set(f, "options", "");
	facts_set(f, "device", "");
	facts_set(f, "source", "");
	collect_facts_add(f, &rn->machine, &rn->target, &rn->data, rn->o);
	facts_set(f, "caches", "dropped");

	record_init(proto);
	record_set(&proto->kernel, rn->machine.kernel);
	record_set(&proto->hardware, rn->machine.hardware);
	if (fs) {
		const char *bm = facts_get(f, "backing-mount");

		record_set(&proto->fs, fs->type);
		record_set(&proto->options, fs->mount_opts);
		strbuf_addf(&sb, "%s", rn->target.loopdev);
		if (bm) {
			dir_mount(&dev, &type, &opts, f);
			strbuf_addf(&sb, " on %s %s", type.buf, dev.buf);
		}
		record_set(&proto->device, sb.buf);
		run->fs_label = xstrdup(fs->spec);
	} else {
		dir_mount(&dev, &type, &opts, f);
		record_set(&proto->fs, type.len ? type.buf : NULL);
		record_set(&proto->options, opts.len ? opts.buf : NULL);
		record_set(&proto->device, dev.len ? dev.buf : NULL);
		strbuf_reset(&sb);
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
		size_t i;

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

static int run_tests(struct runner *rn, struct collect_run *run, const char *fs_name)
{
	struct collect_ctx c = { .warned = STRBUF_INIT };
	struct record proto;
	const struct collect_test *t;
	int ret = 0, i;

	make_proto(rn, &proto, run);
	c.opts = rn->o;
	c.suite = rn->suite;
	c.data = &rn->data;
	c.target = &rn->target;
	c.scratch = rn->scratch;
	c.out = &run->records;
	c.proto = &proto;
	/* --dir without root cannot drop caches; the facts then say so. */
	c.drop = geteuid() == 0;
	for (t = collect_tests; t->name && !ret; t++) {
		if (!selected(rn->o, t))
			continue;
		c.test = t;
		for (i = 1; i <= rn->o->iterations; i++) {
			c.iteration = i;
			collect_progress_show(&rn->progress, run->fs_label, t->name, i,
					      rn->o->iterations);
			if (collect_interrupted()) {
				ret = err_set("interrupted");
				break;
			}
			ret = t->setup ? t->setup(&c) : 0;
			if (!ret)
				ret = t->timed(&c);
			if (t->teardown) {
				int r = t->teardown(&c);

				if (!ret)
					ret = r;
			}
			if (ret < 0) {
				err_prefix("%s: %s (iteration %d)", fs_name, t->name, i);
				break;
			}
			collect_progress_step(&rn->progress);
		}
	}
	if (!c.drop || c.drops_failed)
		facts_set(proto.facts, "caches", "not dropped");
	record_release(&proto);
	strbuf_release(&c.warned);
	return ret;
}

static struct collect_run *new_run(struct collect_result *out)
{
	struct collect_run *run;

	ALLOC_GROW(out->v, out->nr + 1, out->alloc);
	run = &out->v[out->nr++];
	memset(run, 0, sizeof(*run));
	run->when = time(NULL);
	return run;
}

static int run_one_fs(struct runner *rn, const struct collect_fs *fs)
{
	struct strbuf mnt = STRBUF_INIT, work = STRBUF_INIT;
	struct collect_run *run;
	int ret;

	if (fs) {
		strbuf_addf(&mnt, "%s/mnt", rn->scratch);
		rn->made_target = 1;
		ret = collect_target_make(&rn->target, rn->image, mnt.buf, fs);
		if (ret < 0)
			goto done;
	} else {
		memset(&rn->target, 0, sizeof(rn->target));
		rn->target.loopfd = -1;
		rn->target.mnt = xstrdup(rn->scratch);
	}
	strbuf_addf(&work, "%s/work", rn->target.mnt);
	if (mkdir(work.buf, 0755) < 0) {
		ret = err_set_errno("cannot create '%s'", work.buf);
		goto done;
	}
	rn->target.work = strbuf_detach(&work, NULL);
	run = new_run(rn->out);
	ret = run_tests(rn, run, fs ? fs->spec : "dir");
done:
	if (rn->made_target) {
		int r = collect_target_destroy(&rn->target);

		if (!ret)
			ret = r;
		else if (r < 0)
			warning("%s", err_last());
		rn->made_target = rn->target.mounted;
	} else {
		free(rn->target.mnt);
		free(rn->target.work);
		memset(&rn->target, 0, sizeof(rn->target));
	}
	strbuf_release(&mnt);
	strbuf_release(&work);
	return ret;
}

/* Loop images on tmpfs measure memory, not a disk: say so, the facts show it too. */
static void warn_if_memory(const char *scratch)
{
	struct statfs sf;

	if (statfs(scratch, &sf) == 0 && (sf.f_type == TMPFS_MAGIC || sf.f_type == RAMFS_MAGIC))
		warning("'%s' is on tmpfs: the results measure memory, not a disk "
			"(use --scratch or --dir on a disk)", scratch);
}

int collect_run(struct collect_result *out, const struct collect_opts *o)
{
	struct runner rn = { .o = o, .out = out };
	struct strbuf sb = STRBUF_INIT;
	size_t nfs, i;
	int ret;

	memset(out, 0, sizeof(*out));
	ret = check_opts(o, &rn.suite);
	if (ret < 0)
		return ret;
	out->suite = xstrdup(rn.suite->name);
	ret = collect_scratch_make(&rn.scratch, o->dir ? o->dir :
				   o->scratch_parent ? o->scratch_parent : DEFAULT_SCRATCH_PARENT);
	if (ret < 0)
		return ret;
	warn_if_memory(rn.scratch);
	collect_machine_read(&rn.machine, rn.scratch);
	strbuf_addf(&sb, "%s/data", rn.scratch);
	ret = collect_data_prepare(&rn.data, sb.buf, o, rn.suite);
	if (ret < 0)
		goto done;
	nfs = o->dir ? 1 : o->fs->nr;
	if (!o->dir) {
		strbuf_reset(&sb);
		strbuf_addf(&sb, "%s/image", rn.scratch);
		rn.image = xstrdup(sb.buf);
		ret = collect_image_create(rn.image, image_mib(rn.suite, &rn.data));
		if (ret < 0)
			goto done;
	}
	collect_progress_start(&rn.progress, o->progress,
			       (unsigned)nfs * count_tests(o) * (unsigned)o->iterations, nfs);
	for (i = 0; i < nfs && !ret; i++) {
		rn.progress.fs_k = i + 1;
		ret = run_one_fs(&rn, o->dir ? NULL : &o->fs->v[i]);
	}
	collect_progress_end(&rn.progress);
done:
	if (rn.made_target) {
		/* A mount that would not go away: leave the scratch for the user, say where. */
		warning("'%s' is still mounted; left '%s' in place", rn.target.mnt, rn.scratch);
	} else if (collect_remove_tree(rn.scratch, rn.scratch) < 0) {
		if (!ret)
			ret = BP_ERROR;
		else
			warning("%s", err_last());
	}
	collect_data_release(&rn.data);
	collect_machine_release(&rn.machine);
	free(rn.scratch);
	free(rn.image);
	strbuf_release(&sb);
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
