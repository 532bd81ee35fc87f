#include "parse_scan.h"
#include "../core/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * sysbench fileio's report (sysbench 1.0), from "File operations:" to
 * the end of its sections:
 *   File operations:
 *       reads/s:                      3099.76
 *   Throughput:
 *       read, MiB/s:                  48.43
 *   General statistics:
 *       total time:                          3.0184s
 *   Latency (ms):
 *            95th percentile:                        0.02
 *   Threads fairness:
 *       execution time (avg/stddev):   2.9891/0.00
 * The benchmark is "sysbench fileio" and the test sysbench says it did
 * ("Doing random r/w test" above the report).
 */
struct row {
	const char *section, *label, *metric, *unit;
	int pair;          /* "avg/stddev": two numbers, metric-avg and metric-stddev */
};

static const struct row rows[] = {
	{ "File operations:", "reads/s:", "reads", "ops/s", 0 },
	{ "File operations:", "writes/s:", "writes", "ops/s", 0 },
	{ "File operations:", "fsyncs/s:", "fsyncs", "ops/s", 0 },
	{ "Throughput:", "read, MiB/s:", "read-throughput", "MiB/s", 0 },
	{ "Throughput:", "written, MiB/s:", "write-throughput", "MiB/s", 0 },
	{ "General statistics:", "total time:", "elapsed", "s", 0 },
	{ "General statistics:", "total number of events:", "events", NULL, 0 },
	{ "Latency (ms):", "min:", "latency-min", "ms", 0 },
	{ "Latency (ms):", "avg:", "latency-avg", "ms", 0 },
	{ "Latency (ms):", "max:", "latency-max", "ms", 0 },
	{ "Latency (ms):", "95th percentile:", "latency-p95", "ms", 0 },
	{ "Latency (ms):", "sum:", "latency-sum", "ms", 0 },
	{ "Threads fairness:", "events (avg/stddev):", "thread-events", NULL, 1 },
	{ "Threads fairness:", "execution time (avg/stddev):", "thread-time", "s", 1 },
};

static const char *skip_blanks(const char *s)
{
	while (*s == ' ' || *s == '\t')
		s++;
	return s;
}

static int is_section(const char *s)
{
	size_t r;

	for (r = 0; r < ARRAY_SIZE(rows); r++)
		if (!strcmp(s, rows[r].section))
			return 1;
	return 0;
}

static int sysbench_starts(struct scan *sc, size_t i)
{
	return !strcmp(sc->v[i].s, "File operations:");
}

/* One value "3.0184s" or pair "2.9891/0.00" of a row; -1 when damaged. */
static int read_value(struct pending *p, size_t idx, const struct row *r, const char *v)
{
	struct scan_tok t = { v, strlen(v) };
	char metric[48];
	const char *slash;

	if (!r->pair)
		return pending_number(p, idx, r->metric, r->unit, &t,
				      r->unit && !strcmp(r->unit, "s") && tok_ends(&t, "s") ? 1 : 0, 0);
	slash = strchr(v, '/');
	if (!slash)
		return -1;
	t.len = (size_t)(slash - v);
	snprintf(metric, sizeof(metric), "%s-avg", r->metric);
	if (pending_number(p, idx, metric, r->unit, &t, 0, 0) < 0)
		return -1;
	t.s = slash + 1;
	t.len = strlen(t.s);
	snprintf(metric, sizeof(metric), "%s-stddev", r->metric);
	return pending_number(p, idx, metric, r->unit, &t, 0, 0);
}

/* "Doing random r/w test" somewhere above: "sysbench fileio random r/w" */
static void name_of(struct scan *sc, size_t i, char *name, size_t size)
{
	size_t k;

	snprintf(name, size, "sysbench fileio");
	for (k = i; k > 0 && i - k < 40; k--) {
		const char *s = sc->v[k - 1].s, *end;

		if (!strncmp(s, "Doing ", 6) && (end = strstr(s, " test")) && end - s < 64) {
			snprintf(name, size, "sysbench fileio %.*s", (int)(end - s - 6), s + 6);
			return;
		}
	}
}

static size_t sysbench_read_block(struct scan *sc, size_t i)
{
	struct pending p = PENDING_INIT;
	const char *section = NULL;
	size_t idx, last = i;
	char name[96];

	for (idx = i; idx < sc->nr && !sc->v[idx].used; idx++) {
		const char *s = sc->v[idx].s, *t = skip_blanks(s);
		size_t r;

		if (!*t)
			continue;
		if (s == t) {
			if (!is_section(s))
				break;
			section = s;
			last = idx;
			continue;
		}
		for (r = 0; r < ARRAY_SIZE(rows); r++) {
			size_t n = strlen(rows[r].label);

			if (section && !strcmp(section, rows[r].section) && !strncmp(t, rows[r].label, n)) {
				if (read_value(&p, idx, &rows[r], skip_blanks(t + n)) < 0)
					scan_damaged(sc, idx, "expected a number after sysbench's '%s'",
						     rows[r].label);
				break;
			}
		}
		if (r == ARRAY_SIZE(rows))
			break;
		last = idx;
	}
	/* sysbench ends its report with the threads' fairness: without it the paste was cut */
	if (!section || strcmp(section, "Threads fairness:"))
		scan_damaged(sc, last, "expected the rest of sysbench's report (it ends before 'Threads fairness:')");
	name_of(sc, i, name, sizeof(name));
	pending_commit(sc, &p, name);
	return last - i + 1;
}

static const char *const sysbench_mail_words[] = { "File operations:", NULL };

const struct parser parser_sysbench = {
	.name = "sysbench",
	.summary = "sysbench fileio's report (sysbench 1.0)",
	.starts = sysbench_starts,
	.read_block = sysbench_read_block,
	.flags = PARSER_IN_MAIL,
	.mail_words = sysbench_mail_words,
};
