#include "parse_scan.h"
#include "../core/util.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * tiobench.pl's tables, one a test:
 *   Sequential Reads
 *                                 File  Blk   Num                   Avg      Maximum      Lat%     Lat%    CPU
 *   Identifier                    Size  Size  Thr   Rate  (CPU%)  Latency    Latency      >2s      >10s    Eff
 *   ---------------------------- ------ ----- ---  ------ ------ --------- -----------  -------- -------- -----
 *   2.6.6                         1534  4096    1   46.59 57.01%     0.069      598.21   0.00000  0.00000    82
 * (older tiobench: no Lat% columns).  Units are tiobench's own: sizes in
 * megabytes and bytes, rate in megabytes per second, latencies in
 * milliseconds.  benchmark: "tiobench 4 threads seq read"; an identifier
 * that reads as a kernel version ("2.6.6", "2.5.54mm2") is the record's
 * kernel, any other stands after the benchmark in brackets.
 */
static const struct {
	const char *title, *name;
} tests[] = {
	{ "Sequential Reads", "seq read" },
	{ "Sequential Writes", "seq write" },
	{ "Random Reads", "random read" },
	{ "Random Writes", "random write" },
};

struct column {
	const char *metric, *unit;
};

/* after Identifier, Size, Blk, Thr */
static const struct column columns[] = {
	{ "throughput", "MB/s" }, { "cpu", "%" }, { "avg-latency", "ms" }, { "max-latency", "ms" },
	{ "latency-over-2s", "%" }, { "latency-over-10s", "%" }, { "cpu-eff", NULL },
};
static const struct column old_columns[] = {
	{ "throughput", "MB/s" }, { "cpu", "%" }, { "cpu-eff", NULL },
};

static int test_of(const char *s)
{
	size_t t;

	s += strspn(s, " \t");
	for (t = 0; t < ARRAY_SIZE(tests); t++)
		if (!strcmp(s, tests[t].title))
			return (int)t;
	return -1;
}

static int tiobench_starts(struct scan *sc, size_t i)
{
	return test_of(sc->v[i].s) >= 0;
}


static int read_row(struct scan *sc, size_t idx, const struct scan_toks *t, int test)
{
	const struct column *cols = t->nr == 11 ? columns : old_columns;
	size_t ncols = t->nr == 11 ? ARRAY_SIZE(columns) : ARRAY_SIZE(old_columns), k;
	struct pending p = PENDING_INIT;
	struct scan_tok threads = t->v[3];
	char name[128];
	size_t from = sc->out->nr;

	if (pending_number(&p, idx, "file-size", "MB", &t->v[1], 0, 0) < 0 ||
	    pending_number(&p, idx, "block-size", "B", &t->v[2], 0, 0) < 0 || !tok_digit(&threads))
		goto damaged;
	for (k = 0; k < ncols; k++)
		if (pending_number(&p, idx, cols[k].metric, cols[k].unit, &t->v[4 + k],
				   tok_ends(&t->v[4 + k], "%") ? 1 : 0, 0) < 0)
			goto damaged;
	if (scan_kernel_shaped(t->v[0].s, t->v[0].len))
		snprintf(name, sizeof(name), "tiobench %.*s threads %s", (int)threads.len, threads.s,
			 tests[test].name);
	else
		snprintf(name, sizeof(name), "tiobench %.*s threads %s (%.*s)", (int)threads.len,
			 threads.s, tests[test].name, (int)(t->v[0].len < 48 ? t->v[0].len : 48),
			 t->v[0].s);
	pending_commit(sc, &p, name);
	/* the sizes are the run's parameters, printed on every row */
	scan_mark_context(sc, from, "file-size");
	scan_mark_context(sc, from, "block-size");
	if (scan_kernel_shaped(t->v[0].s, t->v[0].len)) {
		char *kernel = xstrndup(t->v[0].s, t->v[0].len < 64 ? t->v[0].len : 64);

		for (k = from; k < sc->out->nr; k++)
			record_set(&sc->out->v[k].kernel, kernel);
		free(kernel);
	}
	return 0;
damaged:
	pending_clear(&p);
	scan_damaged(sc, idx, "expected tiobench's row: identifier, size, block, threads and numbers");
	return -1;
}

static size_t tiobench_read_block(struct scan *sc, size_t i)
{
	struct scan_toks t = SCAN_TOKS_INIT;
	int test = test_of(sc->v[i].s);
	size_t idx = i + 1;

	if (idx + 1 >= sc->nr || !strstr(sc->v[idx + 1].s, "Identifier") ||
	    !strstr(sc->v[idx + 1].s, "Rate"))
		return 0;
	idx += 2;
	if (idx < sc->nr && sc->v[idx].s[strspn(sc->v[idx].s, " ")] == '-')
		idx++;
	for (; idx < sc->nr && !sc->v[idx].used; idx++) {
		scan_split(&t, sc->v[idx].s);
		if (t.nr != 11 && t.nr != 7)
			break;
		read_row(sc, idx, &t, test);
	}
	scan_toks_release(&t);
	return idx - i;
}

static const char *const tiobench_mail_words[] = { "Sequential Reads", "Sequential Writes", "Random Reads", "Random Writes", NULL };

/* "Sequential Reads" over each of the four tables */
static int tiobench_is_title(const char *line)
{
	size_t k, n;

	for (k = 0; k < ARRAY_SIZE(tests); k++) {
		n = strlen(tests[k].title);
		if (!strncmp(line, tests[k].title, n) && (!line[n + strspn(line + n, " \t")]))
			return 1;
	}
	return 0;
}

const struct parser parser_tiobench = {
	.name = "tiobench",
	.summary = "tiobench.pl's sequential and random read and write tables",
	.starts = tiobench_starts,
	.read_block = tiobench_read_block,
	.flags = PARSER_IN_MAIL,
	.mail_words = tiobench_mail_words,
	.is_title = tiobench_is_title,
};
