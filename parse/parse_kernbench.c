#include "parse_scan.h"
#include "../core/strbuf.h"
#include "../core/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

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
 * deviation is the metric's "-stddev".  Two or more runs pasted side by
 * side (each row's label again before each run's numbers, or once) are
 * a record each, the legend above naming them.
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
	       (!strcmp(s + n - 4, "Run:") || strstr(s, " Run (std deviation)"));
}

/* Runs read side by side: "Elapsed Time 338.1 (0.87)     Elapsed Time 336.4 (1.69)". */
#define MAX_COLUMNS 8

/* The row whose label starts s ("Elapsed Time "), its length in *n; -1 if none. */
static int row_label(const char *s, size_t *n)
{
	size_t r;

	for (r = 0; r < ARRAY_SIZE(rows); r++) {
		*n = strlen(rows[r].label);
		if (!strncmp(s, rows[r].label, *n) && (s[*n] == ' ' || s[*n] == '\t'))
			return (int)r;
	}
	return -1;
}

/* The word at s up to a blank, as a token. */
static struct scan_tok word_at(const char *s)
{
	struct scan_tok t = { s, strcspn(s, " \t") };

	return t;
}

/*
 * The runs' numbers of row r after its label (s): each "N (DEV)", the
 * label again before the next run or not.  Their count in *count; 0, or
 * -1 damaged (values may have been added to p).
 */
static int read_runs(struct pending *p, size_t *count, size_t idx, int r, const char *s)
{
	char metric[48];
	size_t n, c = 0;
	int again;

	while (*s) {
		struct scan_tok num = word_at(s), dev;

		if (c == MAX_COLUMNS || pending_number(&p[c], idx, rows[r].metric, rows[r].unit, &num, 0, 0) < 0)
			return -1;
		s = scan_skip_blanks(s + num.len);
		if (*s == '(') {
			dev = word_at(s);
			if (dev.len < 3 || dev.s[dev.len - 1] != ')')
				return -1;
			dev.s++;
			dev.len -= 2;
			snprintf(metric, sizeof(metric), "%s-stddev", rows[r].metric);
			if (pending_number(&p[c], idx, metric, rows[r].unit, &dev, 0, 0) < 0)
				return -1;
			s = scan_skip_blanks(dev.s + dev.len + 1);
		}
		c++;
		again = row_label(s, &n);
		if (again >= 0 && again != r)
			return -1;
		if (again >= 0)
			s = scan_skip_blanks(s + n);
	}
	*count = c;
	return c ? 0 : -1;
}

/*
 * "Elapsed Time 50.3233 (1.82716)", or several runs on one line (the
 * label again before each, or once): the runs' values into p[0..], their
 * count in *columns.  1 read, 0 not such a row, -1 damaged.
 */
static int read_row(struct pending *p, size_t *columns, size_t idx, const char *s)
{
	size_t before[MAX_COLUMNS], len, k, count;
	int r = row_label(s, &len);

	if (r < 0)
		return 0;
	for (k = 0; k < MAX_COLUMNS; k++)
		before[k] = p[k].nr;
	/* every row of a block has the runs the first one has */
	if (read_runs(p, &count, idx, r, scan_skip_blanks(s + len)) < 0 || (*columns && count != *columns)) {
		/* a damaged row gives nothing: the values of its runs read so far are let go */
		for (k = 0; k < MAX_COLUMNS; k++)
			pending_truncate(&p[k], before[k]);
		return -1;
	}
	*columns = count;
	return 1;
}


/* The longest cell of a legend line: past it the line is prose. */
#define LEGEND_CELL_MAX 64
/* How far above a block its legend is looked for, over the blocks before it. */
#define LEGEND_REACH 200

/* A legend: what the lines above say of each run side by side. */
struct legend {
	struct strbuf label[MAX_COLUMNS];   /* "With 'if'", "Host: stp4-002" */
	char *kernel[MAX_COLUMNS];          /* from "kernel: 2.6.13-rc4" */
};

/*
 * Line s as a legend line of columns labels, apart by two blanks or a
 * tab ("With 'if':      Without 'if':"), into lg; 0, or -1 when it is
 * none (lg unchanged).
 */
static int legend_line(struct legend *lg, const char *s, size_t columns)
{
	const char *start[MAX_COLUMNS], *end[MAX_COLUMNS], *e;
	size_t c;

	for (c = 0, s = scan_skip_blanks(s); *s && c < columns; c++, s = scan_skip_blanks(e)) {
		for (e = s; *e && *e != '\t' && !(e[0] == ' ' && e[1] == ' '); e++)
			;
		start[c] = s;
		/* a cell ends before the blanks that part it from the next, and its ':' */
		while (e > s && (e[-1] == ' ' || e[-1] == '\t'))
			e--;
		end[c] = e[-1] == ':' ? e - 1 : e;
		/* a name, not a sentence: "With 'if'", "Host: stp4-002" */
		if (end[c] - start[c] > LEGEND_CELL_MAX || end[c] == start[c] || strchr(".!?", end[c][-1]))
			return -1;
	}
	if (c != columns || *s)
		return -1;
	for (c = 0; c < columns; c++) {
		size_t n = (size_t)(end[c] - start[c]);
		const char *v = n > 7 && !strncasecmp(start[c], "kernel:", 7) ? scan_skip_blanks(start[c] + 7) : NULL;

		if (lg->kernel[c] && (v || scan_kernel_shaped(start[c], n)))
			continue;
		if (scan_kernel_shaped(start[c], n)) {
			lg->kernel[c] = xstrndup(start[c], n);
			continue;
		}
		if (v && v < end[c]) {
			lg->kernel[c] = xstrndup(v, (size_t)(end[c] - v));
			continue;
		}
		/* the line nearer the numbers comes first */
		if (lg->label[c].len)
			strbuf_addstr(&lg->label[c], ", ");
		strbuf_add(&lg->label[c], start[c], n);
	}
	return 0;
}

/*
 * The legend of runs side by side: the lines of as many labels as there
 * are runs right above the block's heading, or above the blocks before it
 * of the same paste.  0 found, -1 not.
 */
static int find_legend(struct legend *lg, struct scan *sc, size_t i, size_t columns)
{
	size_t k, n, lines = 0, blanks = 0;

	for (k = i; k-- > 0 && i - k <= LEGEND_REACH;) {
		const char *s = sc->v[k].s;

		/* one blank line may part a legend from its block, or blocks of one paste */
		if (!*scan_skip_blanks(s)) {
			if (lines || ++blanks > 1)
				break;
			continue;
		}
		blanks = 0;
		/* the blocks before this one of the same paste (read already) are passed over */
		if (kernbench_starts(sc, k) || row_label(s, &n) >= 0) {
			if (lines)
				break;
			continue;
		}
		/* a line another reader took is not this paste's */
		if (sc->v[k].used)
			break;
		if (legend_line(lg, s, columns) < 0)
			break;
		lines++;
	}
	return lines ? 0 : -1;
}

static void legend_release(struct legend *lg)
{
	size_t c;

	for (c = 0; c < MAX_COLUMNS; c++) {
		strbuf_release(&lg->label[c]);
		free(lg->kernel[c]);
	}
}

static size_t kernbench_read_block(struct scan *sc, size_t i)
{
	struct pending p[MAX_COLUMNS];
	struct legend lg;
	const char *head = sc->v[i].s + 8;
	size_t idx, len, label_len, c, columns = 0, from, under = 0, first;
	char name[96], column[24];
	int legend;

	memset(&lg, 0, sizeof(lg));
	for (c = 0; c < MAX_COLUMNS; c++) {
		p[c] = (struct pending)PENDING_INIT;
		strbuf_init(&lg.label[c], 0);
	}
	/* the runs' names may stand under the heading: "   4.13.0-rc3   4.13.0-rc3-spf" */
	if (i + 2 < sc->nr && !sc->v[i + 1].used && !sc->v[i + 2].used && *scan_skip_blanks(sc->v[i + 1].s) &&
	    row_label(sc->v[i + 1].s, &label_len) < 0 && row_label(sc->v[i + 2].s, &label_len) >= 0)
		under = i + 1;
	first = under ? under + 1 : i + 1;
	for (idx = first; idx < sc->nr && !sc->v[idx].used; idx++) {
		int r = read_row(p, &columns, idx, sc->v[idx].s);

		if (r < 0)
			scan_damaged(sc, idx, "expected 'LABEL N (DEVIATION)' in kernbench's averages, "
				     "as many runs on each row (at most %d)", MAX_COLUMNS);
		if (r <= 0)
			break;
	}
	if (idx == first) {
		for (c = 0; c < MAX_COLUMNS; c++)
			pending_clear(&p[c]);
		legend_release(&lg);
		return 0;   /* a heading alone, or kernbench's table form the importer reads */
	}
	if (idx - first < ARRAY_SIZE(rows))
		scan_damaged(sc, idx - 1, "expected kernbench's six averages (the block ends after %zu)",
			     idx - first);
	len = strstr(head, " Run") ? (size_t)(strstr(head, " Run") - head) : strlen(head);
	snprintf(name, sizeof(name), "kernbench %.*s", (int)(len < 80 ? len : 80), head);
	/* the line under the heading names the runs, even one; above, only runs side by side */
	if (under)
		legend = legend_line(&lg, sc->v[under].s, columns);
	else
		legend = columns > 1 ? find_legend(&lg, sc, i, columns) : -1;
	for (c = 0; c < MAX_COLUMNS; c++) {
		from = sc->out->nr;
		pending_commit(sc, &p[c], name);
		if (c >= columns || (columns < 2 && legend))
			continue;
		/* runs side by side are told apart by their legend, or by their place */
		snprintf(column, sizeof(column), "column %zu", c + 1);
		for (; from < sc->out->nr; from++) {
			if (!legend && lg.kernel[c])
				record_set(&sc->out->v[from].kernel, lg.kernel[c]);
			if (legend || lg.label[c].len)
				record_set(&sc->out->v[from].options, legend ? column : lg.label[c].buf);
		}
	}
	legend_release(&lg);
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
