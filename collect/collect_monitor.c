#include "collect_internal.h"
#include "../core/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

/*
 * Monitors: what the machine did during each timed step and each sync,
 * kept as metrics of the same sample so that diff compares them like a
 * time: the backing disk's traffic and busy time (/proc/diskstats), the
 * page cache's dirty and writeback pages and pgpgout (/proc/vmstat), our
 * own CPU time.  Before each iteration: the load average and the
 * pressure stall information (/proc/pressure).  docs/collect.md lists
 * the metric names.
 */

/* The line of dev in /proc/diskstats: sectors read, sectors written, ms doing I/O. */
int collect_diskstats_parse(const char *text, size_t len, const char *dev,
			    unsigned long long out[3])
{
	const char *p = text, *end = text + len;
	size_t dl = strlen(dev);

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t ll = nl ? (size_t)(nl - p) : (size_t)(end - p);
		char line[512], name[64];
		unsigned long long f[11];

		if (ll < sizeof(line)) {
			memcpy(line, p, ll);
			line[ll] = '\0';
			if (sscanf(line, "%*u %*u %63s %llu %llu %llu %llu %llu %llu %llu %llu %llu "
				   "%llu %llu", name, &f[0], &f[1], &f[2], &f[3], &f[4], &f[5], &f[6],
				   &f[7], &f[8], &f[9], &f[10]) == 12 &&
			    strlen(name) == dl && !strcmp(name, dev)) {
				out[0] = f[2];
				out[1] = f[6];
				out[2] = f[9];
				return 0;
			}
		}
		p += ll + (nl != NULL);
	}
	return -1;
}

static int vm_value(const char *text, size_t len, const char *key, unsigned long long *v)
{
	const char *p = text, *end = text + len;
	size_t kl = strlen(key);

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t ll = nl ? (size_t)(nl - p) : (size_t)(end - p);

		if (ll > kl && !strncmp(p, key, kl) && p[kl] == ' ') {
			char num[32];
			size_t n = ll - kl - 1;

			if (n && n < sizeof(num)) {
				memcpy(num, p + kl + 1, n);
				num[n] = '\0';
				*v = strtoull(num, NULL, 10);
				return 0;
			}
		}
		p += ll + (nl != NULL);
	}
	return -1;
}

int collect_vmstat_parse(const char *text, size_t len, struct collect_snap *s)
{
	if (vm_value(text, len, "nr_dirty", &s->dirty) < 0 ||
	    vm_value(text, len, "nr_writeback", &s->writeback) < 0 ||
	    vm_value(text, len, "pgpgout", &s->pgpgout) < 0)
		return -1;
	return 0;
}

static double self_cpu(void)
{
	struct rusage ru;

	if (getrusage(RUSAGE_SELF, &ru) < 0)
		return 0;
	return (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec / 1e6 +
	       (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec / 1e6;
}

void collect_snap_take(struct collect_snap *s, const char *disk)
{
	struct strbuf sb = STRBUF_INIT;
	unsigned long long d[3];

	memset(s, 0, sizeof(*s));
	if (disk && strbuf_read_file(&sb, "/proc/diskstats") == 0 &&
	    collect_diskstats_parse(sb.buf, sb.len, disk, d) == 0) {
		s->disk_ok = 1;
		s->rd_sectors = d[0];
		s->wr_sectors = d[1];
		s->io_ms = d[2];
	}
	strbuf_reset(&sb);
	if (strbuf_read_file(&sb, "/proc/vmstat") == 0 && collect_vmstat_parse(sb.buf, sb.len, s) == 0)
		s->vm_ok = 1;
	strbuf_release(&sb);
	s->self_cpu = self_cpu();
}

static double delta(unsigned long long a, unsigned long long b)
{
	return b >= a ? (double)(b - a) : 0;
}

void collect_snap_metrics(struct collect_ctx *c, const char *benchmark, const char *prefix,
			  const struct collect_snap *a, const struct collect_snap *b)
{
	struct strbuf m = STRBUF_INIT;
	long page = sysconf(_SC_PAGESIZE);
	double kib_per_page = page > 0 ? (double)page / 1024 : 4;

#define ADD(name, unit, fmt, v) do { \
		strbuf_reset(&m); \
		strbuf_addf(&m, "%s%s", prefix, name); \
		collect_add_metric(c->out, c->proto, benchmark, c->iteration, m.buf, unit, fmt, v); \
	} while (0)
	if (a->disk_ok && b->disk_ok) {
		ADD("disk-read", "KiB", "%.0f", delta(a->rd_sectors, b->rd_sectors) / 2);
		ADD("disk-write", "KiB", "%.0f", delta(a->wr_sectors, b->wr_sectors) / 2);
		ADD("disk-busy", "s", "%.3f", delta(a->io_ms, b->io_ms) / 1000);
	}
	if (a->vm_ok && b->vm_ok) {
		ADD("pgpgout", "KiB", "%.0f", delta(a->pgpgout, b->pgpgout));
		ADD("dirty", "KiB", "%.0f", (double)b->dirty * kib_per_page);
		ADD("writeback", "KiB", "%.0f", (double)b->writeback * kib_per_page);
	}
	ADD("self-cpu", "s", "%.3f", b->self_cpu > a->self_cpu ? b->self_cpu - a->self_cpu : 0);
#undef ADD
	strbuf_release(&m);
}

/* "some avg10=1.23 avg60=..." -> 1.23 */
int collect_psi_parse(const char *text, size_t len, double *some_avg10)
{
	const char *key = "some avg10=";
	size_t kl = strlen(key);
	char num[32];
	size_t n = 0;

	if (len < kl || strncmp(text, key, kl))
		return -1;
	while (kl + n < len && n + 1 < sizeof(num) &&
	       ((text[kl + n] >= '0' && text[kl + n] <= '9') || text[kl + n] == '.'))
		n++;
	if (!n)
		return -1;
	memcpy(num, text + kl, n);
	num[n] = '\0';
	*some_avg10 = strtod(num, NULL);
	return 0;
}

int collect_loadavg_parse(const char *text, size_t len, double *load1)
{
	char num[32];
	size_t n = 0;

	while (n < len && n + 1 < sizeof(num) &&
	       ((text[n] >= '0' && text[n] <= '9') || text[n] == '.'))
		n++;
	if (!n || (n < len && text[n] != ' '))
		return -1;
	memcpy(num, text, n);
	num[n] = '\0';
	*load1 = strtod(num, NULL);
	return 0;
}

const char *const collect_psi_names[COLLECT_PSI_NR] = { "cpu", "io", "memory" };

void collect_load_read(struct collect_load *l)
{
	struct strbuf sb = STRBUF_INIT, path = STRBUF_INIT;
	size_t i;

	memset(l, 0, sizeof(*l));
	if (strbuf_read_file(&sb, "/proc/loadavg") == 0)
		l->have_load = collect_loadavg_parse(sb.buf, sb.len, &l->load1) == 0;
	for (i = 0; i < COLLECT_PSI_NR; i++) {
		strbuf_reset(&sb);
		strbuf_reset(&path);
		strbuf_addf(&path, "/proc/pressure/%s", collect_psi_names[i]);
		if (strbuf_read_file(&sb, path.buf) == 0)
			l->have_psi[i] = collect_psi_parse(sb.buf, sb.len, &l->psi[i]) == 0;
	}
	strbuf_release(&sb);
	strbuf_release(&path);
}

void collect_load_metrics(struct collect_ctx *c, const char *benchmark)
{
	const struct collect_load *l = &c->load;
	struct strbuf m = STRBUF_INIT;
	size_t i;

	if (l->have_load)
		collect_add_metric(c->out, c->proto, benchmark, c->iteration, "load-1m", NULL, "%.2f",
				   l->load1);
	for (i = 0; i < COLLECT_PSI_NR; i++) {
		if (!l->have_psi[i])
			continue;
		strbuf_reset(&m);
		strbuf_addf(&m, "psi-%s-some", collect_psi_names[i]);
		collect_add_metric(c->out, c->proto, benchmark, c->iteration, m.buf, "%", "%.2f",
				   l->psi[i]);
	}
	strbuf_release(&m);
}

void collect_load_note(struct collect_load_range *r, const struct collect_load *l)
{
	size_t i;

	if (l->have_load) {
		if (!r->n || l->load1 < r->load_min)
			r->load_min = l->load1;
		if (!r->n || l->load1 > r->load_max)
			r->load_max = l->load1;
		r->n++;
	}
	for (i = 0; i < COLLECT_PSI_NR; i++) {
		if (l->have_psi[i] && (!r->have_psi[i] || l->psi[i] > r->psi_max[i]))
			r->psi_max[i] = l->psi[i];
		r->have_psi[i] |= l->have_psi[i];
	}
}

void collect_load_describe(struct strbuf *out, const struct collect_load_range *r)
{
	size_t i;
	int any = 0;

	if (r->n)
		strbuf_addf(out, "1-min load average %.2f to %.2f", r->load_min, r->load_max);
	for (i = 0; i < COLLECT_PSI_NR; i++) {
		if (!r->have_psi[i])
			continue;
		strbuf_addf(out, "%s%s %.2f%%", any ? ", " : out->len ?
			    "; pressure (PSI some avg10) at most: " : "pressure (PSI some avg10) at most: ",
			    collect_psi_names[i], r->psi_max[i]);
		any = 1;
	}
}
