#include "parse_scan.h"
#include "../core/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * kernbench's averages, one block a load:
 *   Average Half load -j 2 Run (std deviation):
 *   Elapsed Time 50.3233 (1.82716)
 *   User Time 87.1233 (1.26871)
 *   System Time 15.36 (0.500899)
 *   Percent CPU 203.667 (4.04145)
 *   Context Switches 7350.33 (1339.65)
 *   Sleeps 16008.3 (980.362)
 * (older kernbench: "Average Half Load Run:" and no deviations).  The
 * benchmark is the heading's load: "kernbench Half load -j 2"; a
 * deviation is the metric's "-stddev".
 */
static const struct {
	const char *label, *metric, *unit;
} rows[] = {
	{ "Elapsed Time", "elapsed", "s" },
	{ "User Time", "user", "s" },
	{ "System Time", "sys", "s" },
	{ "Percent CPU", "cpu", "%" },
	{ "Context Switches", "context-switches", NULL },
	{ "Sleeps", "sleeps", NULL },
};

static int kernbench_starts(struct scan *sc, size_t i)
{
	const char *s = sc->v[i].s;
	size_t n = strlen(s);

	return !strncmp(s, "Average ", 8) && n > 5 &&
	       (!strcmp(s + n - 4, "Run:") || strstr(s, " Run (std deviation):"));
}

/* "Elapsed Time 50.3233 (1.82716)": 1 read, 0 not such a row, -1 damaged */
static int read_row(struct pending *p, size_t idx, const char *s)
{
	struct scan_toks t = SCAN_TOKS_INIT;
	char metric[48];
	size_t r, n, k;
	int ret = 0;

	for (r = 0; r < ARRAY_SIZE(rows); r++) {
		n = strlen(rows[r].label);
		if (!strncmp(s, rows[r].label, n) && s[n] == ' ')
			break;
	}
	if (r == ARRAY_SIZE(rows))
		return 0;
	scan_split(&t, s + n);
	if (t.nr < 1 || t.nr > 2 || pending_number(p, idx, rows[r].metric, rows[r].unit, &t.v[0], 0, 0) < 0)
		ret = -1;
	if (!ret && t.nr == 2) {
		struct scan_tok dev = t.v[1];

		k = dev.len;
		if (k < 3 || dev.s[0] != '(' || dev.s[k - 1] != ')') {
			ret = -1;
		} else {
			dev.s++;
			dev.len -= 2;
			snprintf(metric, sizeof(metric), "%s-stddev", rows[r].metric);
			if (pending_number(p, idx, metric, rows[r].unit, &dev, 0, 0) < 0)
				ret = -1;
		}
	}
	scan_toks_release(&t);
	return ret < 0 ? -1 : 1;
}

static size_t kernbench_read_block(struct scan *sc, size_t i)
{
	struct pending p = PENDING_INIT;
	const char *head = sc->v[i].s + 8;
	size_t idx, len;
	char name[96];

	for (idx = i + 1; idx < sc->nr && !sc->v[idx].used; idx++) {
		int r = read_row(&p, idx, sc->v[idx].s);

		if (r < 0)
			scan_damaged(sc, idx, "expected 'LABEL N (DEVIATION)' in kernbench's averages");
		if (r <= 0)
			break;
	}
	if (idx == i + 1) {
		pending_clear(&p);
		return 0;   /* a heading alone, or kernbench's table form the importer reads */
	}
	if (idx - i - 1 < ARRAY_SIZE(rows))
		scan_damaged(sc, idx - 1, "expected kernbench's six averages (the block ends after %zu)",
			     idx - i - 1);
	len = strstr(head, " Run") ? (size_t)(strstr(head, " Run") - head) : strlen(head);
	snprintf(name, sizeof(name), "kernbench %.*s", (int)(len < 80 ? len : 80), head);
	pending_commit(sc, &p, name);
	return idx - i;
}

static const char *const kernbench_mail_words[] = { "Elapsed Time ", NULL };

const struct parser parser_kernbench = {
	.name = "kernbench",
	.summary = "kernbench's average blocks (with or without deviations)",
	.starts = kernbench_starts,
	.read_block = kernbench_read_block,
	.flags = PARSER_IN_MAIL,
	.mail_words = kernbench_mail_words,
};
