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

/* "untar 53.17s": each benchmark's median elapsed sample, in the order first seen. */
static void headline(struct strbuf *out, const struct recset *set)
{
	const struct record **samples = xcalloc(set->nr ? set->nr : 1, sizeof(*samples));
	size_t i, j;

	for (i = 0; i < set->nr; i++) {
		const struct record *r = &set->v[i];
		size_t n = 0, name_len;
		int seen = 0;

		if (!r->benchmark || !r->metric || strcmp(r->metric, "elapsed"))
			continue;
		for (j = 0; j < i && !seen; j++)
			seen = set->v[j].benchmark && set->v[j].metric &&
			       !strcmp(set->v[j].metric, "elapsed") &&
			       !strcmp(set->v[j].benchmark, r->benchmark);
		if (seen)
			continue;
		for (j = i; j < set->nr; j++)
			if (set->v[j].benchmark && set->v[j].metric &&
			    !strcmp(set->v[j].metric, "elapsed") &&
			    !strcmp(set->v[j].benchmark, r->benchmark) && set->v[j].value)
				samples[n++] = &set->v[j];
		if (!n)
			continue;
		qsort(samples, n, sizeof(*samples), cmp_number);
		name_len = strcspn(r->benchmark, "/ ");
		strbuf_addch(out, ' ');
		add_clean(out, r->benchmark, name_len);
		strbuf_addch(out, ' ');
		add_clean(out, samples[(n - 1) / 2]->value, SIZE_MAX);
		add_clean(out, r->unit ? r->unit : "", SIZE_MAX);
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
	for (i = 0; i < nr; i++) {
		const char *k = archive_first_field(&runs[i].records, offsetof(struct record, kernel));

		if (!k)
			continue;
		if (!lo || kver_cmp(k, lo) < 0)
			lo = k;
		if (!hi || kver_cmp(k, hi) > 0)
			hi = k;
	}
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
