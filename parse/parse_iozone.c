#include "parse_scan.h"
#include "../core/util.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/*
 * iozone's reports, written from its documentation (Debian has iozone3
 * only in non-free):
 * the table of auto mode (-a) and of -s/-r runs, a two-line header whose
 * upper words stand over the columns they qualify,
 *                                                   random    random     bkwd    record    stride
 *       kB  reclen    write  rewrite    read    reread    read     write     read   rewrite      read   fwrite frewrite    fread  freread
 *       64       4   608093  1599680  3791156  4274062  3203069  1679761  2133730   1562436   2561267  1371287  1599680  2772930  3541098
 * (a row may stop early: the tests not run), in the unit "Output is in
 * kBytes/sec" says; and throughput mode's (-t) summary lines
 *   Children see throughput for  2 initial writers  =  123456.78 kB/sec
 *   Min throughput per process                      =   61234.50 kB/sec
 * benchmark: "iozone -s 64k -r 4k" for a row, "iozone -t 2 initial
 * writers" for throughput mode.
 */
#define MAX_COLUMNS 32

struct column {
	char name[40];
	size_t end;        /* offset just past the header word */
};

static int is_header(const char *s)
{
	const char *kb = strstr(s, "kB  reclen");

	if (!kb)
		kb = strstr(s, "KB  reclen");
	return kb && strstr(kb, "write");
}

/* The upper header's word whose end is within two columns of end, or NULL. */
static const struct scan_tok *above(const struct scan_toks *upper, const char *upper_line,
				    size_t end)
{
	size_t k;

	for (k = 0; k < upper->nr; k++) {
		size_t e = (size_t)(upper->v[k].s - upper_line) + upper->v[k].len;

		if (e + 2 >= end && e <= end + 2)
			return &upper->v[k];
	}
	return NULL;
}

static size_t read_columns(struct scan *sc, size_t h, struct column *cols)
{
	struct scan_toks t = SCAN_TOKS_INIT, upper = SCAN_TOKS_INIT;
	const char *line = sc->v[h].s, *up = h ? sc->v[h - 1].s : "";
	size_t k, n = 0;

	scan_split(&t, line);
	scan_split(&upper, up);
	for (k = 2; k < t.nr && n < MAX_COLUMNS; k++, n++) {
		size_t end = (size_t)(t.v[k].s - line) + t.v[k].len;
		const struct scan_tok *q = above(&upper, up, end);
		const char *word = q && q->len == 4 && !memcmp(q->s, "bkwd", 4) ? "backward" : NULL;

		if (q)
			snprintf(cols[n].name, sizeof(cols[n].name), "%.*s-%.*s",
				 word ? (int)strlen(word) : (int)q->len, word ? word : q->s,
				 (int)t.v[k].len, t.v[k].s);
		else
			snprintf(cols[n].name, sizeof(cols[n].name), "%.*s", (int)t.v[k].len, t.v[k].s);
		cols[n].end = end;
	}
	scan_toks_release(&t);
	scan_toks_release(&upper);
	return n;
}

/* "Output is in kBytes/sec" above the table: its unit. */
static const char *unit_above(struct scan *sc, size_t h)
{
	size_t k;

	for (k = h; k > 0 && h - k < 40; k--) {
		const char *s = sc->v[k - 1].s;

		if (strstr(s, "Output is in kBytes/sec") || strstr(s, "Output is in Kbytes/sec"))
			return "kB/s";
		if (strstr(s, "Output is in operations per second"))
			return "ops/s";
	}
	return "kB/s";
}

static size_t read_table(struct scan *sc, size_t h)
{
	struct column cols[MAX_COLUMNS];
	struct scan_toks t = SCAN_TOKS_INIT;
	size_t ncols = read_columns(sc, h, cols), idx;
	const char *unit = unit_above(sc, h);

	for (idx = h + 1; idx < sc->nr && !sc->v[idx].used; idx++) {
		struct pending p = PENDING_INIT;
		char name[64];
		size_t k;

		scan_split(&t, sc->v[idx].s);
		if (t.nr < 3 || !tok_digit(&t.v[0]) || !tok_digit(&t.v[1]))
			break;
		if (t.nr - 2 > ncols) {
			scan_damaged(sc, idx, "expected at most %zu numbers in iozone's row", ncols + 2);
			continue;
		}
		for (k = 2; k < t.nr; k++) {
			if (pending_number(&p, idx, cols[k - 2].name, unit, &t.v[k], 0, 0) < 0) {
				scan_damaged(sc, idx, "expected a number in iozone's '%s' column",
					     cols[k - 2].name);
				pending_clear(&p);
				break;
			}
		}
		snprintf(name, sizeof(name), "iozone -s %.*sk -r %.*sk", (int)(t.v[0].len < 16 ? t.v[0].len : 16),
			 t.v[0].s, (int)(t.v[1].len < 16 ? t.v[1].len : 16), t.v[1].s);
		pending_commit(sc, &p, name);
		pending_clear(&p);
	}
	scan_toks_release(&t);
	return idx - h;
}

/*
 * iozone -+u's "CPU Utilization: Wall time   30.239    CPU time    5.854
 * CPU utilization  19.36 %" under a test's throughput lines: 0 when the
 * line is not one, -1 when it is but a value is damaged.
 */
static int read_cpu_line(struct pending *p, size_t idx, const char *s)
{
	static const struct { const char *label, *metric, *unit; } parts[] = {
		{ "Wall time", "wall-time", "s" },
		{ "CPU time", "cpu-time", "s" },
		{ "CPU utilization", "cpu-utilization", "%" },
	};
	struct scan_toks t = SCAN_TOKS_INIT;
	size_t k;
	int ret = 1;

	/* iozone prints "CPU Utilization:" after writers, "CPU utilization:" after rewriters */
	if (strncasecmp(s, "CPU Utilization:", 16))
		return 0;
	s += 16;
	for (k = 0; k < ARRAY_SIZE(parts) && ret > 0; k++) {
		const char *at = strstr(s, parts[k].label);

		scan_split(&t, at ? at + strlen(parts[k].label) : "");
		if (!t.nr || (k == 2 && (t.nr < 2 || !tok_is(&t.v[1], "%"))) ||
		    pending_number(p, idx, parts[k].metric, parts[k].unit, &t.v[0], 0, 0) < 0)
			ret = -1;
		else
			s = at + strlen(parts[k].label);
	}
	scan_toks_release(&t);
	return ret;
}

/*
 * "Children see throughput for  2 initial writers  =  123456.78 kB/sec",
 * "Parent sees throughput for  2 initial writers  =  ...", and the
 * Min/Max/Avg per process lines under them, which take that test's name.
 */
static size_t read_throughput(struct scan *sc, size_t i)
{
	static const struct { const char *prefix, *metric; } lines[] = {
		{ "Children see throughput for", "children-throughput" },
		{ "Parent sees throughput for", "parent-throughput" },
		{ "Min throughput per process", "min-throughput" },
		{ "Max throughput per process", "max-throughput" },
		{ "Avg throughput per process", "avg-throughput" },
		{ "Min xfer", "min-xfer" },
	};
	struct scan_toks t = SCAN_TOKS_INIT;
	struct pending p = PENDING_INIT;
	char name[96] = "iozone", unit[16] = "";
	size_t idx;

	for (idx = i; idx < sc->nr && !sc->v[idx].used; idx++) {
		const char *s = sc->v[idx].s + strspn(sc->v[idx].s, " \t"), *eq = strchr(s, '=');
		size_t l;

		for (l = 0; l < ARRAY_SIZE(lines); l++)
			if (!strncmp(s, lines[l].prefix, strlen(lines[l].prefix)))
				break;
		if (l == ARRAY_SIZE(lines) && idx > i) {
			int r = read_cpu_line(&p, idx, s);

			if (r < 0) {
				scan_damaged(sc, idx, "expected 'Wall time N  CPU time N  CPU utilization N %%' "
					     "in iozone's CPU line");
				break;
			}
			if (r > 0) {
				pending_commit(sc, &p, name);
				continue;
			}
		}
		if (l == ARRAY_SIZE(lines) || !eq)
			break;
		if (l == 0) {
			/* "  2 initial writers  " before the '=': the test and its processes */
			const char *what = s + strlen(lines[0].prefix);
			size_t n;

			what += strspn(what, " ");
			n = what < eq ? (size_t)(eq - what) : 0;
			while (n && (what[n - 1] == ' ' || what[n - 1] == '\t'))
				n--;
			snprintf(name, sizeof(name), "iozone -t %.*s", (int)(n < 64 ? n : 64), what);
		}
		scan_split(&t, eq + 1);
		/* "= 123456.78 kB/sec": the unit is the word after the number */
		if (t.nr == 2 && t.v[1].len < sizeof(unit)) {
			memcpy(unit, t.v[1].s, t.v[1].len);
			unit[t.v[1].len] = '\0';
		}
		if (t.nr != 2 || t.v[1].len >= sizeof(unit) ||
		    pending_number(&p, idx, lines[l].metric, unit, &t.v[0], 0, 0) < 0) {
			scan_damaged(sc, idx, "expected '= N kB/sec' in iozone's throughput line");
			break;
		}
		pending_commit(sc, &p, name);
	}
	pending_clear(&p);
	scan_toks_release(&t);
	return idx > i ? idx - i : 1;
}

static int iozone_starts(struct scan *sc, size_t i)
{
	const char *s = sc->v[i].s + strspn(sc->v[i].s, " \t");

	return is_header(sc->v[i].s) || !strncmp(s, "Children see throughput for", 27);
}

static size_t iozone_read_block(struct scan *sc, size_t i)
{
	if (is_header(sc->v[i].s))
		return read_table(sc, i);
	return read_throughput(sc, i);
}

static const char *const iozone_mail_words[] = { "KB  reclen", "kB  reclen", "Children see throughput", NULL };

const struct parser parser_iozone = {
	.name = "iozone",
	.summary = "iozone's auto-mode table and throughput-mode summary lines",
	.starts = iozone_starts,
	.read_block = iozone_read_block,
	.flags = PARSER_IN_MAIL,
	.mail_words = iozone_mail_words,
};
