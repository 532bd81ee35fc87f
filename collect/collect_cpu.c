#include "collect_internal.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

/*
 * Who else used the CPU during the run.  The total comes from /proc/stat
 * (every CPU's busy time) less our own and our children's (rusage), so
 * that nothing is missed; the names come from sampling /proc/PID/stat
 * every few seconds (collect_ticker.c), leaving out our own descendants.
 */

int collect_stat_busy_parse(const char *text, size_t len, unsigned long long *busy)
{
	unsigned long long f[8] = { 0 };
	char line[256];
	size_t ll = strcspn(text, "\n");

	if (ll > len)
		ll = len;
	if (ll >= sizeof(line) || ll < 4 || strncmp(text, "cpu ", 4))
		return -1;
	memcpy(line, text, ll);
	line[ll] = '\0';
	if (sscanf(line + 4, "%llu %llu %llu %llu %llu %llu %llu %llu", &f[0], &f[1], &f[2], &f[3],
		   &f[4], &f[5], &f[6], &f[7]) < 4)
		return -1;
	/* user nice system [idle iowait] irq softirq steal */
	*busy = f[0] + f[1] + f[2] + f[5] + f[6] + f[7];
	return 0;
}

int collect_pidstat_parse(const char *text, size_t len, struct collect_pidstat *out)
{
	const char *open = memchr(text, '(', len), *close = NULL, *p;
	unsigned long long utime, stime, start;
	long ppid;
	char rest[512];
	size_t i, rl;

	for (i = len; i > 0; i--)
		if (text[i - 1] == ')') {
			close = text + i - 1;
			break;
		}
	if (!open || !close || close < open)
		return -1;
	i = (size_t)(close - open - 1);
	if (i >= sizeof(out->comm))
		i = sizeof(out->comm) - 1;
	memcpy(out->comm, open + 1, i);
	out->comm[i] = '\0';
	for (i = 0; out->comm[i]; i++)
		if ((unsigned char)out->comm[i] < 0x20 || (unsigned char)out->comm[i] >= 0x7f)
			out->comm[i] = '?';
	p = close + 1;
	rl = (size_t)(text + len - p);
	if (rl >= sizeof(rest))
		rl = sizeof(rest) - 1;
	memcpy(rest, p, rl);
	rest[rl] = '\0';
	/* fields 3..: state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime ... starttime(22) */
	if (sscanf(rest, " %*c %ld %*d %*d %*d %*d %*u %*u %*u %*u %*u %llu %llu %*d %*d %*d %*d "
		   "%*d %*d %llu", &ppid, &utime, &stime, &start) != 4)
		return -1;
	out->ppid = ppid;
	out->ticks = utime + stime;
	out->start = start;
	return 0;
}

static double mono(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static double ours(void)
{
	struct rusage a, b;

	if (getrusage(RUSAGE_SELF, &a) < 0 || getrusage(RUSAGE_CHILDREN, &b) < 0)
		return 0;
	return (double)(a.ru_utime.tv_sec + a.ru_stime.tv_sec + b.ru_utime.tv_sec +
			b.ru_stime.tv_sec) +
	       (double)(a.ru_utime.tv_usec + a.ru_stime.tv_usec + b.ru_utime.tv_usec +
			b.ru_stime.tv_usec) / 1e6;
}

static int read_busy(unsigned long long *busy)
{
	struct strbuf sb = STRBUF_INIT;
	int ret = -1;

	if (strbuf_read_file(&sb, "/proc/stat") == 0)
		ret = collect_stat_busy_parse(sb.buf, sb.len, busy);
	strbuf_release(&sb);
	return ret;
}

void collect_cpu_begin(struct collect_cpu *c)
{
	struct strbuf sb = STRBUF_INIT;

	memset(c, 0, sizeof(*c));
	c->hz = sysconf(_SC_CLK_TCK);
	if (c->hz <= 0)
		c->hz = 100;
	c->self = (long)getpid();
	c->t0 = mono();
	c->ours0 = ours();
	c->ok = read_busy(&c->busy0) == 0;
	/* our start in the kernel's clock: processes born later count whole */
	if (strbuf_read_file(&sb, "/proc/uptime") == 0)
		c->start_ticks = (unsigned long long)(strtod(sb.buf, NULL) * (double)c->hz);
	strbuf_release(&sb);
	collect_cpu_sample(c);
}

struct seen {
	long pid, ppid;
};

static int by_pid(const void *a, const void *b)
{
	long x = ((const struct seen *)a)->pid, y = ((const struct seen *)b)->pid;

	return x < y ? -1 : x > y;
}

static int descends(const struct seen *v, size_t n, long pid, long self)
{
	int hops;

	for (hops = 0; hops < 64 && pid > 1; hops++) {
		struct seen key = { pid, 0 }, *s;

		if (pid == self)
			return 1;
		s = bsearch(&key, v, n, sizeof(*v), by_pid);
		if (!s)
			return 0;
		pid = s->ppid;
	}
	return 0;
}

static void note(struct collect_cpu *c, long pid, const struct collect_pidstat *ps)
{
	size_t i;

	for (i = 0; i < c->nr; i++) {
		if (c->v[i].pid == pid && c->v[i].start == ps->start) {
			c->v[i].last = ps->ticks;
			return;
		}
	}
	ALLOC_GROW(c->v, c->nr + 1, c->alloc);
	c->v[c->nr].pid = pid;
	c->v[c->nr].start = ps->start;
	memcpy(c->v[c->nr].comm, ps->comm, sizeof(ps->comm));
	/* born during the run: all its time is the run's */
	c->v[c->nr].first = ps->start > c->start_ticks ? 0 : ps->ticks;
	c->v[c->nr].last = ps->ticks;
	c->nr++;
}

void collect_cpu_sample(struct collect_cpu *c)
{
	DIR *d = opendir("/proc");
	struct dirent *de;
	struct collect_pidstat *ps = NULL;
	struct seen *seen = NULL;
	size_t n = 0, alloc = 0, salloc = 0, i;
	struct strbuf path = STRBUF_INIT, text = STRBUF_INIT;

	if (!d)
		return;
	while ((de = readdir(d))) {
		char *end;
		long pid = strtol(de->d_name, &end, 10);

		if (*end || pid <= 0)
			continue;
		strbuf_reset(&path);
		strbuf_reset(&text);
		strbuf_addf(&path, "/proc/%ld/stat", pid);
		if (strbuf_read_file(&text, path.buf) < 0)
			continue;
		ALLOC_GROW(ps, n + 1, alloc);
		ALLOC_GROW(seen, n + 1, salloc);
		if (collect_pidstat_parse(text.buf, text.len, &ps[n]) < 0)
			continue;
		seen[n].pid = pid;
		seen[n].ppid = ps[n].ppid;
		n++;
	}
	closedir(d);
	/* seen and ps stay in step: sort a copy of the pairs for the ancestry lookups */
	{
		struct seen *sorted = xmalloc((n ? n : 1) * sizeof(*sorted));

		if (n)
			memcpy(sorted, seen, n * sizeof(*sorted));
		qsort(sorted, n, sizeof(*sorted), by_pid);
		for (i = 0; i < n; i++)
			if (!descends(sorted, n, seen[i].pid, c->self))
				note(c, seen[i].pid, &ps[i]);
		free(sorted);
	}
	free(ps);
	free(seen);
	strbuf_release(&path);
	strbuf_release(&text);
}

void collect_cpu_end(struct collect_cpu *c)
{
	collect_cpu_sample(c);
	c->t1 = mono();
	c->ours1 = ours();
	if (c->ok)
		c->ok = read_busy(&c->busy1) == 0;
}

struct by_name {
	char comm[32];
	unsigned long long ticks;
	size_t procs;
};

static int heavier(const void *a, const void *b)
{
	unsigned long long x = ((const struct by_name *)a)->ticks;
	unsigned long long y = ((const struct by_name *)b)->ticks;

	return x < y ? 1 : x > y ? -1 : 0;
}

int collect_cpu_describe(struct strbuf *out, const struct collect_cpu *c, double threshold)
{
	struct by_name *g = NULL;
	size_t ng = 0, alloc = 0, i, j;
	double wall = c->t1 - c->t0, others;
	int named = 0;

	if (wall <= 0)
		return 0;
	for (i = 0; i < c->nr; i++) {
		unsigned long long t = c->v[i].last > c->v[i].first ? c->v[i].last - c->v[i].first : 0;

		for (j = 0; j < ng && strcmp(g[j].comm, c->v[i].comm); j++)
			;
		if (j == ng) {
			ALLOC_GROW(g, ng + 1, alloc);
			memset(&g[ng], 0, sizeof(g[ng]));
			memcpy(g[ng].comm, c->v[i].comm, sizeof(g[ng].comm));
			ng++;
		}
		g[j].ticks += t;
		g[j].procs++;
	}
	if (ng)
		qsort(g, ng, sizeof(*g), heavier);
	if (c->ok && c->busy1 >= c->busy0) {
		others = (double)(c->busy1 - c->busy0) / (double)c->hz - (c->ours1 - c->ours0);
		if (others < 0)
			others = 0;
		strbuf_addf(out, "%.0f%% of one CPU", others / wall * 100);
	}
	for (i = 0; i < ng; i++) {
		double pct = (double)g[i].ticks / (double)c->hz / wall * 100;

		if (pct < threshold)
			break;
		strbuf_addf(out, "%s%s %.0f%%", named ? ", " : out->len ? " (" : "", g[i].comm, pct);
		named++;
	}
	if (named && c->ok)
		strbuf_addch(out, ')');
	free(g);
	return named;
}

void collect_cpu_release(struct collect_cpu *c)
{
	free(c->v);
	memset(c, 0, sizeof(*c));
}
