#include "collect_internal.h"
#include "../core/error.h"
#include "../core/hwkey.h"
#include "../core/util.h"
#include "../core/version.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/utsname.h>
#include <unistd.h>

/* The value after "key\t: " of the first matching /proc/cpuinfo line. */
static char *cpuinfo_value(const char *text, const char *key)
{
	const char *p = text;
	size_t klen = strlen(key);

	while (*p) {
		size_t len = strcspn(p, "\n");

		if (!strncmp(p, key, klen) && (p[klen] == '\t' || p[klen] == ' ' || p[klen] == ':')) {
			const char *colon = memchr(p, ':', len);

			if (colon) {
				struct strbuf v = STRBUF_INIT;

				strbuf_add(&v, colon + 1, (size_t)(p + len - colon - 1));
				strbuf_trim(&v);
				return strbuf_detach(&v, NULL);
			}
		}
		p += len + (p[len] == '\n');
	}
	return NULL;
}

static char *read_trimmed(const char *path)
{
	struct strbuf sb = STRBUF_INIT;

	if (strbuf_read_file(&sb, path) < 0) {
		strbuf_release(&sb);
		return NULL;
	}
	strbuf_trim(&sb);
	if (!sb.len) {
		strbuf_release(&sb);
		return NULL;
	}
	return strbuf_detach(&sb, NULL);
}

void collect_scheduler_pick(struct strbuf *out, const char *line)
{
	const char *open = strchr(line, '['), *close = open ? strchr(open, ']') : NULL;

	if (open && close)
		strbuf_add(out, open + 1, (size_t)(close - open - 1));
	else
		strbuf_addstr(out, line);
}

/*
 * The whole disk under path: /sys/dev/block/MAJ:MIN names the partition
 * or disk; a partition's parent directory is its disk.
 */
char *collect_block_device(const char *path)
{
	struct stat st;
	struct strbuf link = STRBUF_INIT, probe = STRBUF_INIT;
	char *real = NULL, *name = NULL, *slash;

	if (stat(path, &st) < 0 || !major(st.st_dev))
		goto done;
	strbuf_addf(&link, "/sys/dev/block/%u:%u", major(st.st_dev), minor(st.st_dev));
	real = realpath(link.buf, NULL);
	if (!real)
		goto done;
	strbuf_addf(&probe, "%s/partition", real);
	if (access(probe.buf, F_OK) == 0 && (slash = strrchr(real, '/')))
		*slash = '\0';
	slash = strrchr(real, '/');
	name = xstrdup(slash ? slash + 1 : real);
done:
	free(real);
	strbuf_release(&link);
	strbuf_release(&probe);
	return name;
}

static char *sys_block(const char *dev, const char *file)
{
	struct strbuf p = STRBUF_INIT;
	char *v;

	strbuf_addf(&p, "/sys/block/%s/%s", dev, file);
	v = read_trimmed(p.buf);
	strbuf_release(&p);
	return v;
}

int collect_machine_read(struct collect_machine *m, const char *backing_path)
{
	struct utsname u;
	struct strbuf sb = STRBUF_INIT;
	struct hwinfo hw = { 0 };
	long pages = sysconf(_SC_PHYS_PAGES), psize = sysconf(_SC_PAGESIZE);

	memset(m, 0, sizeof(*m));
	if (uname(&u) == 0)
		m->kernel = xstrdup(u.release);
	if (strbuf_read_file(&sb, "/proc/cpuinfo") == 0)
		m->cpu_model = cpuinfo_value(sb.buf, "model name");
	strbuf_release(&sb);
	m->cpus = (int)sysconf(_SC_NPROCESSORS_ONLN);
	if (pages > 0 && psize > 0)
		m->mem_bytes = (unsigned long long)pages * (unsigned long long)psize;
	m->disk = collect_block_device(backing_path);
	if (m->disk)
		m->disk_model = sys_block(m->disk, "device/model");
	hw.cpu_model = m->cpu_model;
	hw.cpus = m->cpus;
	hw.mem_bytes = m->mem_bytes;
	hw.disk_model = m->disk_model;
	m->hardware = hwkey_make(&hw);
	return 0;
}

void collect_machine_release(struct collect_machine *m)
{
	free(m->kernel);
	free(m->cpu_model);
	free(m->disk);
	free(m->disk_model);
	free(m->hardware);
	memset(m, 0, sizeof(*m));
}

/* The first line a tool prints about its version, on stdout or stderr. */
static void tool_version(struct facts *f, const char *key, const char *const argv[])
{
	struct proc_result res = PROC_RESULT_INIT;
	struct proc_opts po = { .out = PROC_IO_CAPTURE, .err = PROC_IO_CAPTURE,
				.running = &collect_child };
	struct strbuf *text;

	if (proc_available(argv[0]) && proc_run(&res, argv, &po) == 0) {
		text = res.out.len ? &res.out : &res.err;
		strbuf_setlen(text, strcspn(text->buf, "\n"));
		strbuf_trim(text);
		if (text->len)
			facts_set(f, key, text->buf);
	}
	proc_result_release(&res);
}

void collect_tool_versions(struct facts *f, const struct collect_fs_list *fs)
{
	static const struct {
		const char *key;
		const char *argv[3];
	} tools[] = {
		{ "tar-version", { "tar", "--version" } },
		{ "gzip-version", { "gzip", "--version" } },
		{ "fio-version", { "fio", "--version" } },
		{ "dbench-version", { "dbench", "--help" } },
		{ "mount-version", { "mount", "--version" } },
	};
	size_t i, j;

	facts_set(f, "benchpost-version", BENCHPOST_VERSION);
	for (i = 0; i < ARRAY_SIZE(tools); i++)
		tool_version(f, tools[i].key, tools[i].argv);
	/* one mkfs-version line per program, in the order the entries name them */
	for (i = 0; fs && i < fs->nr; i++) {
		const struct collect_fs_type *t = collect_fs_type(fs->v[i].type);
		struct strbuf key = STRBUF_INIT;
		const char *argv[] = { t ? t->mkfs : NULL, NULL, NULL };

		for (j = 0; j < i && strcmp(fs->v[j].type, fs->v[i].type); j++)
			;
		if (!t || j < i)
			continue;
		argv[1] = !strcmp(t->name, "btrfs") ? "--version" : "-V";
		strbuf_addf(&key, "%s-version", t->mkfs);
		tool_version(f, key.buf, argv);
		strbuf_release(&key);
	}
	if (proc_available("postmark")) {
		const char *pm[] = { "postmark", NULL };
		struct proc_result res = PROC_RESULT_INIT;
		struct proc_opts po = { .in = PROC_IO_BUFFER, .in_data = "quit\n", .in_len = 5,
					.out = PROC_IO_CAPTURE, .running = &collect_child };

		/* postmark only says its version in its banner. */
		if (proc_run(&res, pm, &po) == 0) {
			strbuf_setlen(&res.out, strcspn(res.out.buf, "\n:"));
			strbuf_trim(&res.out);
			if (res.out.len)
				facts_set(f, "postmark-version", res.out.buf);
		}
		proc_result_release(&res);
	}
}

static void df_line(struct facts *f, const char *path)
{
	const char *argv[] = { "df", "-T", "-P", path, NULL };
	struct proc_result res = PROC_RESULT_INIT;
	struct proc_opts po = { .out = PROC_IO_CAPTURE };

	if (proc_run(&res, argv, &po) == 0 && proc_exited_ok(&res)) {
		const char *nl = strchr(res.out.buf, '\n');

		if (nl) {
			struct strbuf v = STRBUF_INIT;

			strbuf_addstr(&v, nl + 1);
			strbuf_trim(&v);
			/* one line: collapse runs of spaces */
			for (size_t i = 0, j = 0; i <= v.len; i++)
				if (!(v.buf[i] == ' ' && j && v.buf[j - 1] == ' '))
					v.buf[j++] = v.buf[i] == '\n' ? ' ' : v.buf[i];
			strbuf_setlen(&v, strlen(v.buf));
			facts_set(f, "df", v.buf);
			strbuf_release(&v);
		}
	}
	proc_result_release(&res);
}

/* "13.3 MiB"; a tarball of our own may be smaller than a tenth of that */
static void add_mib(struct facts *f, const char *key, unsigned long long bytes)
{
	char buf[64];

	if (bytes < 1048576)
		snprintf(buf, sizeof(buf), "%.1f KiB", (double)bytes / 1024.0);
	else
		snprintf(buf, sizeof(buf), "%.1f MiB", (double)bytes / 1048576.0);
	facts_set(f, key, buf);
}

static void machine_facts(struct facts *f, const struct collect_machine *m)
{
	struct strbuf sb = STRBUF_INIT, ci = STRBUF_INIT;
	char *sched = NULL, *rot = NULL;

	if (m->cpu_model) {
		strbuf_addf(&sb, "%s", m->cpu_model);
		if (m->cpus > 0)
			strbuf_addf(&sb, " %d x", m->cpus);
		if (strbuf_read_file(&ci, "/proc/cpuinfo") == 0) {
			char *mhz = cpuinfo_value(ci.buf, "cpu MHz");

			if (mhz)
				strbuf_addf(&sb, " %.0f MHz", atof(mhz));
			free(mhz);
		}
		facts_set(f, "cpu", sb.buf);
	}
	if (m->cpus > 0) {
		strbuf_reset(&sb);
		strbuf_addf(&sb, "%d", m->cpus);
		facts_set(f, "cpus", sb.buf);
	}
	if (m->mem_bytes)
		add_mib(f, "memory", m->mem_bytes);
	if (m->disk) {
		facts_set(f, "disk-device", m->disk);
		if (m->disk_model)
			facts_set(f, "disk", m->disk_model);
		rot = sys_block(m->disk, "queue/rotational");
		if (rot)
			facts_set(f, "rotational", !strcmp(rot, "1") ? "yes" : "no");
		sched = sys_block(m->disk, "queue/scheduler");
		if (sched) {
			strbuf_reset(&sb);
			collect_scheduler_pick(&sb, sched);
			facts_set(f, "scheduler", sb.buf);
		}
	}
	free(sched);
	free(rot);
	strbuf_release(&sb);
	strbuf_release(&ci);
}

static void dataset_facts(struct facts *f, const struct collect_machine *m,
			  const struct collect_data *d)
{
	struct strbuf sb = STRBUF_INIT;

	facts_set(f, "dataset", d->origin ? d->origin : "");
	if (d->files) {
		strbuf_addf(&sb, "%llu", d->files);
		facts_set(f, "dataset-files", sb.buf);
	}
	if (d->cache)
		facts_set(f, "dataset-cache", d->cache);
	facts_set(f, "tarball", d->label);
	add_mib(f, "tarball-size", d->tar_bytes);
	add_mib(f, "unpacked-size", d->plain_bytes);
	if (m->mem_bytes) {
		strbuf_reset(&sb);
		strbuf_addf(&sb, "%.1f%% of memory unpacked (%s)",
			    100.0 * (double)d->plain_bytes / (double)m->mem_bytes,
			    d->plain_bytes * 2 < m->mem_bytes ? "fits in the page cache"
							      : "larger than half of memory");
		facts_set(f, "dataset-vs-memory", sb.buf);
	}
	strbuf_release(&sb);
}

static void sampling_facts(struct facts *f, const struct collect_opts *o)
{
	struct strbuf sb = STRBUF_INIT;

	if (o->iterations == COLLECT_AUTO) {
		facts_set(f, "iterations", "auto");
		strbuf_addf(&sb, "pilot of %d, then what the spread needs to detect %g%% with %s at "
			    "alpha %g and power %.0f%%, at most %d", COLLECT_PILOT, o->detect * 100,
			    o->sig_test && !strcmp(o->sig_test, "welch") ? "Welch's t" : "Mann-Whitney U",
			    COLLECT_ALPHA, COLLECT_POWER * 100, o->max_iterations);
		facts_set(f, "sampling", sb.buf);
	} else {
		strbuf_addf(&sb, "%d", o->iterations);
		facts_set(f, "iterations", sb.buf);
	}
	if (o->interleave)
		facts_set(f, "interleave", "yes");
	strbuf_release(&sb);
}

void collect_facts_add(struct facts *f, const struct collect_machine *m,
		       const struct collect_fs_state *fss, const char *where,
		       const struct collect_data *d, const struct collect_opts *o)
{
	struct collect_mount_copy mc;
	struct strbuf sb = STRBUF_INIT;

	machine_facts(f, m);
	collect_mount_copy_init(&mc);
	if (collect_mount_of(&mc, where) == 0) {
		strbuf_addf(&sb, "%s %s %s", mc.device.buf, mc.type.buf, mc.options.buf);
		facts_set(f, "backing-mount", sb.buf);
	}
	collect_mount_copy_release(&mc);
	if (fss->fs) {
		facts_set(f, "backing", "same file");
		facts_set(f, "image", where);
	} else {
		facts_set(f, "backing", "directory");
		df_line(f, where);
	}
	facts_set(f, "suite", o->suite);
	sampling_facts(f, o);
	facts_set(f, "sync", "timed");
	facts_set(f, "timing", "wait4 rusage, monotonic elapsed");
	dataset_facts(f, m, d);
	strbuf_release(&sb);
}
