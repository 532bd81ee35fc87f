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
 * and sysbench 0.4's, from "Operations performed:" on:
 *   Operations performed:  27810 Read, 18540 Write, 59264 Other = 105614 Total
 *   Read 434.53Mb  Written 289.69Mb  Total transferred 724.22Mb  (2.414Mb/sec)
 *     154.49 Requests/sec executed
 *   Test execution summary:
 *       total time:                          300.0140s
 *       per-request statistics:
 *            approx.  95 percentile:              11.81ms
 *   Threads fairness: (as 1.0's)
 * The benchmark is "sysbench fileio" and the test sysbench says it did
 * ("Doing random r/w test" above the report).  A section's heading
 * stands at the report's own indent, its rows further in: a report
 * pasted indented (or quoted) reads the same.
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
	{ "Test execution summary:", "total time:", "elapsed", "s", 0 },
	{ "Test execution summary:", "total number of events:", "events", NULL, 0 },
	{ "Test execution summary:", "total time taken by event execution:", "event-time", "s", 0 },
	{ "Test execution summary:", "per-request statistics:", NULL, NULL, 0 },
	{ "Test execution summary:", "min:", "latency-min", "ms", 0 },
	{ "Test execution summary:", "avg:", "latency-avg", "ms", 0 },
	{ "Test execution summary:", "max:", "latency-max", "ms", 0 },
	{ "Test execution summary:", "approx.  95 percentile:", "latency-p95", "ms", 0 },
	{ "Threads fairness:", "events (avg/stddev):", "thread-events", NULL, 1 },
	{ "Threads fairness:", "execution time (avg/stddev):", "thread-time", "s", 1 },
};

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
	const char *s = scan_skip_blanks(sc->v[i].s);

	return !strcmp(s, "File operations:") || !strncmp(s, "Operations performed:", 21);
}

/* One value "3.0184s" or pair "2.9891/0.00" of a row; -1 when damaged. */
static int read_value(struct pending *p, size_t idx, const struct row *r, const char *v)
{
	struct scan_tok t = { v, strlen(v) };
	char metric[48];
	const char *slash;

	if (!r->metric)
		return *v ? -1 : 0;   /* a heading of the rows under it */
	if (!r->pair)
		return pending_number(p, idx, r->metric, r->unit, &t,
				      r->unit && tok_ends(&t, r->unit) ? strlen(r->unit) : 0, 0);
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
		const char *s = scan_skip_blanks(sc->v[k - 1].s), *end;

		if (!strncmp(s, "Doing ", 6) && (end = strstr(s, " test")) && end - s < 64) {
			snprintf(name, size, "sysbench fileio %.*s", (int)(end - s - 6), s + 6);
			return;
		}
	}
}

/* "(2.414Mb/sec)" at the end of sysbench 0.4's "Total transferred" line; -1 damaged, 0 none. */
static int read_rate(struct pending *p, size_t idx, const char *s)
{
	const char *open = strrchr(s, '('), *close = open ? strchr(open, ')') : NULL;
	struct scan_tok num;
	char unit[24];
	size_t n;

	if (!strstr(s, "Total transferred "))
		return 0;
	/* the line is sysbench's: a rate it cannot read is damaged, not absent */
	if (!open || !close || close - open < 7 || memcmp(close - 4, "/sec", 4))
		return -1;
	num.s = open + 1;
	num.len = strspn(num.s, "0123456789.");
	n = (size_t)(close - num.s) - num.len;
	if (!num.len || n >= sizeof(unit) || n < 5)
		return -1;
	memcpy(unit, num.s + num.len, n);
	unit[n] = '\0';
	/* sysbench 0.4's rates: "b", "Kb", "Mb", "Gb" a second */
	if (!(n == 5 || (n == 6 && strchr("KMGT", unit[0]))) || unit[n - 5] != 'b')
		return -1;
	return pending_number(p, idx, "throughput", unit, &num, 0, 0) < 0 ? -1 : 1;
}

/*
 * Whether line idx is sysbench 0.4's "Read N  Written N  Total transferred
 * N  (N<unit>/sec)" with its end wrapped onto line idx + 1 by a mail
 * client; their join then in *out.  Only when the two lines together are
 * that line word for word and nothing more: else the line stays damaged.
 */
static int join_wrapped(struct scan *sc, size_t idx, struct strbuf *out)
{
	static const char *const words[] = {
		"Read", NULL, "Written", NULL, "Total", "transferred", NULL, NULL,
	};
	struct scan_toks t = SCAN_TOKS_INIT;
	const char *next;
	size_t k;
	int ok;

	if (idx + 1 >= sc->nr || sc->v[idx + 1].used || strncmp(scan_skip_blanks(sc->v[idx].s), "Read ", 5))
		return 0;
	next = scan_skip_blanks(sc->v[idx + 1].s);
	if (!*next)
		return 0;
	strbuf_reset(out);
	strbuf_addf(out, "%s %s", scan_skip_blanks(sc->v[idx].s), next);
	scan_split(&t, out->buf);
	ok = t.nr == ARRAY_SIZE(words) && t.v[t.nr - 1].s[0] == '(';
	for (k = 0; ok && k < t.nr; k++)
		if (words[k] && !tok_is(&t.v[k], words[k]))
			ok = 0;
	scan_toks_release(&t);
	return ok;
}

/*
 * sysbench 0.4's lines above its sections, from line i; the line after
 * them.  "N Read, N Write, N Other = N Total" are counts of operations,
 * "(2.414Mb/sec)" the rate, "154.49 Requests/sec executed".
 */
static size_t read_totals(struct scan *sc, struct pending *p, size_t i)
{
	static const char *const ops_metrics[] = { "read-ops", "write-ops", "other-ops", "total-ops" };
	static const char *const ops_units[] = { NULL, NULL, NULL, NULL };
	static const char *const req_metrics[] = { "requests" }, *const req_units[] = { "req/s" };
	struct scan_toks t = SCAN_TOKS_INIT;
	struct strbuf joined = STRBUF_INIT;
	size_t idx = i;
	int got;

	scan_split(&t, sc->v[idx].s);
	got = scan_match(p, idx, &t, "Operations performed: %n Read, %n Write, %n Other = %n Total",
			 ops_metrics, ops_units);
	if (got <= 0)
		scan_damaged(sc, idx, "expected 'Operations performed: N Read, N Write, N Other = N Total'");
	if (++idx < sc->nr && !sc->v[idx].used && (got = read_rate(p, idx, sc->v[idx].s)) <= 0 &&
	    join_wrapped(sc, idx, &joined)) {
		/* the rate stands on the second line: its record says so */
		if (read_rate(p, idx + 1, joined.buf) < 0)
			scan_damaged(sc, idx + 1, "expected a rate '(N<unit>/sec)' after sysbench's total");
		idx += 2;
	} else if (idx < sc->nr && !sc->v[idx].used && got != 0) {
		if (got < 0)
			scan_damaged(sc, idx, "expected a rate '(N<unit>/sec)' after sysbench's total");
		idx++;
		/* a mail client's wrap put the rate on a line of its own */
		if (got < 0 && idx < sc->nr && !sc->v[idx].used && *scan_skip_blanks(sc->v[idx].s) == '(')
			idx++;
	}
	if (idx < sc->nr && !sc->v[idx].used) {
		scan_split(&t, sc->v[idx].s);
		got = scan_match(p, idx, &t, "%n Requests/sec executed", req_metrics, req_units);
		if (got < 0)
			scan_damaged(sc, idx, "expected a number before sysbench's 'Requests/sec executed'");
		if (got)
			idx++;
	}
	scan_toks_release(&t);
	strbuf_release(&joined);
	return idx;
}

static size_t sysbench_read_block(struct scan *sc, size_t i)
{
	struct pending p = PENDING_INIT;
	const char *section = NULL;
	size_t idx = i, last = i, base = (size_t)(scan_skip_blanks(sc->v[i].s) - sc->v[i].s);
	char name[96];

	if (strcmp(scan_skip_blanks(sc->v[i].s), "File operations:"))
		last = (idx = read_totals(sc, &p, i)) - 1;
	for (; idx < sc->nr && !sc->v[idx].used; idx++) {
		const char *s = sc->v[idx].s, *t = scan_skip_blanks(s);
		size_t r;

		if (!*t)
			continue;
		if ((size_t)(t - s) < base)
			break;
		if ((size_t)(t - s) == base) {
			if (!is_section(t))
				break;
			section = t;
			last = idx;
			continue;
		}
		for (r = 0; r < ARRAY_SIZE(rows); r++) {
			size_t n = strlen(rows[r].label);

			if (section && !strcmp(section, rows[r].section) && !strncmp(t, rows[r].label, n)) {
				if (read_value(&p, idx, &rows[r], scan_skip_blanks(t + n)) < 0)
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

/* The sections' headings, and the rows that only head the rows under them */
static int sysbench_is_title(const char *line)
{
	size_t k;

	for (k = 0; k < ARRAY_SIZE(rows); k++)
		if (!strcmp(line, rows[k].section) || (!rows[k].metric && !strcmp(line, rows[k].label)))
			return 1;
	return 0;
}

static const char *const sysbench_mail_words[] = { "File operations:", "Operations performed:", NULL };

const struct parser parser_sysbench = {
	.name = "sysbench",
	.summary = "sysbench fileio's report (sysbench 1.0 and 0.4)",
	.starts = sysbench_starts,
	.read_block = sysbench_read_block,
	.flags = PARSER_IN_MAIL,
	.mail_words = sysbench_mail_words,
	.is_title = sysbench_is_title,
};
