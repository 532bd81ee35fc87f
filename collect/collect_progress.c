#include "collect_internal.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

void collect_format_duration(struct strbuf *out, double seconds)
{
	long s = seconds < 0 ? 0 : (long)(seconds + 0.5);

	if (s >= 3600)
		strbuf_addf(out, "%ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60);
	else
		strbuf_addf(out, "%ld:%02ld", s / 60, s % 60);
}

void collect_progress_start(struct collect_progress *p, int on, unsigned total, size_t fs_n)
{
	memset(p, 0, sizeof(*p));
	p->on = on;
	p->total = total;
	p->fs_n = fs_n;
	p->start = now();
}

/* One line, redrawn in place: "fs 2/3 ext3  untar 1/3  0:42 elapsed, ~1:10 left". */
void collect_progress_show(struct collect_progress *p, const char *fs, const char *test,
			   int iteration, int iterations)
{
	struct strbuf line = STRBUF_INIT;
	double spent = now() - p->start;
	int pad;

	if (!p->on)
		return;
	strbuf_addf(&line, "fs %zu/%zu %s  %s %d/%d  ", p->fs_k, p->fs_n, fs, test, iteration,
		    iterations);
	collect_format_duration(&line, spent);
	strbuf_addstr(&line, " elapsed");
	if (p->done) {
		strbuf_addstr(&line, ", ~");
		collect_format_duration(&line, spent / p->done * (p->total - p->done));
		strbuf_addstr(&line, " left");
	}
	if (line.len > 79)
		strbuf_setlen(&line, 79);
	pad = p->width > (int)line.len ? p->width - (int)line.len : 0;
	printf("\r%s%*s", line.buf, pad, "");
	fflush(stdout);
	p->width = (int)line.len;
	strbuf_release(&line);
}

void collect_progress_step(struct collect_progress *p)
{
	if (p->done < p->total)
		p->done++;
}

void collect_progress_end(struct collect_progress *p)
{
	if (!p->on || !p->width)
		return;
	printf("\r%*s\r", p->width, "");
	fflush(stdout);
	p->width = 0;
}
