#include "internal.h"
#include "../core/kver.h"
#include "../core/record.h"
#include "../core/strbuf.h"

#include <stdlib.h>
#include <string.h>

/* A subject longer than this wraps in `git log --oneline` on a terminal. */
#define SUBJECT_MAX 72

/* Untrusted text in a message: one line, no control characters. */
static void add_clean(struct strbuf *out, const char *s, size_t len)
{
	size_t i;

	for (i = 0; i < len && s[i]; i++)
		strbuf_addch(out, (unsigned char)s[i] < 0x20 || s[i] == 0x7f ? ' ' : s[i]);
}

static int cmp_number(const void *a, const void *b)
{
	double x = record_number(*(const struct record *const *)a);
	double y = record_number(*(const struct record *const *)b);

	return (x > y) - (x < y);
}

static int same_str(const char *a, const char *b)
{
	return a && b && !strcmp(a, b);
}

/* The metric that stands for a benchmark: elapsed when it has one, else its first. */
static const char *headline_metric(const struct recset *set, const char *benchmark)
{
	const char *first = NULL;
	size_t i;

	for (i = 0; i < set->nr; i++) {
		if (!same_str(set->v[i].benchmark, benchmark) || !set->v[i].metric)
			continue;
		if (!strcmp(set->v[i].metric, "elapsed"))
			return "elapsed";
		if (!first)
			first = set->v[i].metric;
	}
	return first;
}

/* "untar 53.17s": each benchmark's median sample of its headline metric, in order. */
static void headline(struct strbuf *out, const struct recset *set)
{
	const struct record **samples = xcalloc(set->nr ? set->nr : 1, sizeof(*samples));
	size_t i, j;

	for (i = 0; i < set->nr; i++) {
		const struct record *r = &set->v[i];
		const char *metric;
		size_t n = 0;
		int seen = 0;

		if (!r->benchmark)
			continue;
		for (j = 0; j < i && !seen; j++)
			seen = same_str(set->v[j].benchmark, r->benchmark);
		metric = headline_metric(set, r->benchmark);
		if (seen || !metric)
			continue;
		for (j = i; j < set->nr; j++)
			if (same_str(set->v[j].benchmark, r->benchmark) &&
			    same_str(set->v[j].metric, metric) && set->v[j].value)
				samples[n++] = &set->v[j];
		if (!n)
			continue;
		qsort(samples, n, sizeof(*samples), cmp_number);
		strbuf_addch(out, ' ');
		add_clean(out, r->benchmark, strcspn(r->benchmark, "/ "));
		strbuf_addch(out, ' ');
		add_clean(out, samples[(n - 1) / 2]->value, SIZE_MAX);
		add_clean(out, samples[0]->unit ? samples[0]->unit : "", SIZE_MAX);
	}
	free(samples);
}

/* "2.5.44-mm3 piii-1c-256m-st340016a: ext3 untar 53.17s rm 19.73s" */
static void run_line(struct strbuf *out, const struct archive_run *run)
{
	const struct recset *set = &run->records;
	const char *kernel = archive_first_field(set, offsetof(struct record, kernel));
	const char *hw = archive_first_field(set, offsetof(struct record, hardware));
	const char *fs = archive_first_field(set, offsetof(struct record, fs));

	add_clean(out, kernel ? kernel : "unknown-kernel", SIZE_MAX);
	strbuf_addch(out, ' ');
	add_clean(out, hw ? hw : "unknown-hardware", SIZE_MAX);
	strbuf_addstr(out, ":");
	if (fs) {
		strbuf_addch(out, ' ');
		add_clean(out, fs, SIZE_MAX);
	}
	headline(out, set);
}

static void shorten(struct strbuf *sb)
{
	if (sb->len <= SUBJECT_MAX)
		return;
	strbuf_setlen(sb, SUBJECT_MAX - 4);
	strbuf_addstr(sb, " ...");
}

void archive_message(struct strbuf *out, const struct archive_run *runs, size_t nr)
{
	struct strbuf line = STRBUF_INIT;
	const char *lo = NULL, *hi = NULL;
	size_t i;

	if (nr == 1) {
		run_line(&line, &runs[0]);
		shorten(&line);
		strbuf_add(out, line.buf, line.len);
		strbuf_addch(out, '\n');
		strbuf_release(&line);
		return;
	}
	for (i = 0; i < nr; i++)
		kver_widen(&lo, &hi, archive_first_field(&runs[i].records,
							 offsetof(struct record, kernel)));
	strbuf_addf(&line, "%zu runs", nr);
	if (lo) {
		strbuf_addstr(&line, ": ");
		add_clean(&line, lo, SIZE_MAX);
		if (strcmp(lo, hi)) {
			strbuf_addstr(&line, " .. ");
			add_clean(&line, hi, SIZE_MAX);
		}
	}
	shorten(&line);
	strbuf_add(out, line.buf, line.len);
	strbuf_addstr(out, "\n\n");
	for (i = 0; i < nr; i++) {
		strbuf_reset(&line);
		run_line(&line, &runs[i]);
		shorten(&line);
		strbuf_add(out, line.buf, line.len);
		strbuf_addch(out, '\n');
	}
	strbuf_release(&line);
}
