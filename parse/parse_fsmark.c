#include "parse_scan.h"
#include "../core/strbuf.h"
#include "../core/util.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * fs_mark's result table, plain or verbose (-v), with whatever columns
 * the version prints:
 *   #  fs_mark  -d  /mnt/tmp/  -s  104857600  -n  32  -v
 *   #       Version 3.3, 1 thread(s) starting at ...
 *   ...
 *   FSUse%        Count         Size    Files/sec     App Overhead        CREAT (Min/Avg/Max) ...
 *        5           32    104857600          4.6            23204       28       45       54 ...
 * A header word followed by "(Min/Avg/Max)" heads one column each of
 * its parts: creat-min, creat-avg, creat-max.  One row a loop (-L),
 * each committed on its own.  FSUse%, Count and Size are the file
 * system's state and the run's parameters: context, not results.  Times
 * (App Overhead and the system calls) are microseconds, as fs_mark's
 * "#" legend says.  benchmark is the command the "#" header echoes, or
 * the one above the table, or "fs_mark".
 */

struct fsmark_col {
	char name[32];    /* as the header prints it: "Files/sec" */
	char metric[48];
	const char *unit;
	int context;
};

struct fsmark_cols {
	struct fsmark_col *v;
	size_t nr, alloc;
};

/* fs_mark's own columns: their units and which are the run's state */
static const struct {
	const char *name, *metric, *unit;
	int context;
} known[] = {
	{ "FSUse%", "fsuse", "%", 1 },
	{ "Count", "count", NULL, 1 },
	{ "Size", "size", "B", 1 },
	{ "Files/sec", "files-per-sec", "files/s", 0 },
	{ "App Overhead", "app-overhead", "us", 0 },
};

/* "App Overhead" as "app-overhead": lower case, a '-' for each run of other bytes. */
static void metric_name(char *out, size_t size, const char *s, size_t n)
{
	size_t k, w = 0;

	if (!size)
		return;
	for (k = 0; k < n && w + 1 < size; k++) {
		unsigned char c = (unsigned char)s[k];

		if (isalnum(c))
			out[w++] = (char)tolower(c);
		else if (w && out[w - 1] != '-')
			out[w++] = '-';
	}
	while (w && out[w - 1] == '-')
		w--;
	out[w] = '\0';
}

static void add_col(struct fsmark_cols *c, const char *name, size_t n, const char *part)
{
	struct fsmark_col *col;
	size_t k;

	ALLOC_GROW(c->v, c->nr + 1, c->alloc);
	col = &c->v[c->nr++];
	memset(col, 0, sizeof(*col));
	snprintf(col->name, sizeof(col->name), "%.*s", (int)n, name);
	col->unit = "us";   /* fs_mark: "All system call times are reported in microseconds" */
	for (k = 0; k < ARRAY_SIZE(known); k++) {
		if (strlen(known[k].name) == n && !memcmp(name, known[k].name, n)) {
			snprintf(col->metric, sizeof(col->metric), "%s", known[k].metric);
			col->unit = known[k].unit;
			col->context = known[k].context;
			return;
		}
	}
	metric_name(col->metric, sizeof(col->metric), name, n);
	if (part) {
		size_t len = strlen(col->metric);

		/* a name too long for the part after it: cut the name, keep the part */
		if (len > sizeof(col->metric) / 2)
			len = sizeof(col->metric) / 2;
		col->metric[len] = '-';
		metric_name(col->metric + len + 1, sizeof(col->metric) - len - 1, part, strcspn(part, "/)"));
	}
}

/*
 * The header's columns: names stand apart by two or more blanks (one
 * name, "App Overhead", may hold one); "NAME (Min/Avg/Max)" is a column
 * for each part.  0, or -1 when the header is no fs_mark header.
 */
static int read_header(struct fsmark_cols *c, const char *s)
{
	while (*s) {
		const char *start, *end, *open;
		size_t n;

		s += strspn(s, " \t");
		if (!*s)
			break;
		start = s;
		for (end = s; *end && !(end[0] == ' ' && (end[1] == ' ' || end[1] == '\t')) &&
			      *end != '\t'; end++)
			;
		open = memchr(start, '(', (size_t)(end - start));
		if (open) {
			const char *part = open + 1;

			n = (size_t)(open - start);
			while (n && start[n - 1] == ' ')
				n--;
			if (!n || end[-1] != ')')
				return -1;
			while (part < end - 1) {
				add_col(c, start, n, part);
				part += strcspn(part, "/)");
				if (*part == '/')
					part++;
				else
					break;
			}
		} else {
			add_col(c, start, (size_t)(end - start), NULL);
		}
		s = end;
	}
	return c->nr >= 2 ? 0 : -1;
}

static int fsmark_starts(struct scan *sc, size_t i)
{
	const char *s = sc->v[i].s;

	s += strspn(s, " \t");
	return !strncmp(s, "FSUse%", 6) && strstr(s, "Files/sec");
}

/* "#  fs_mark  -d  /mnt/tmp/ ..." of the "#" legend over line i: the command, blanks made one. */
static char *legend_command(struct scan *sc, size_t i)
{
	size_t k = i;

	while (k > 0 && (scan_blank(&sc->v[k - 1]) || sc->v[k - 1].s[0] == '#'))
		k--;
	for (; k < i; k++) {
		const char *s = sc->v[k].s;

		if (s[0] == '#' && strstr(s, "fs_mark ")) {
			struct strbuf sb = STRBUF_INIT;
			struct scan_toks t = SCAN_TOKS_INIT;
			size_t w;

			scan_split(&t, s + 1);
			for (w = 0; w < t.nr; w++) {
				if (w)
					strbuf_addch(&sb, ' ');
				strbuf_add(&sb, t.v[w].s, t.v[w].len);
			}
			scan_toks_release(&t);
			return strbuf_detach(&sb, NULL);
		}
	}
	return NULL;
}

/*
 * fs_mark 3.3's summary under its rows: "Average Files/sec:   801.5",
 * "p50 Files/sec: 801" (p90, p99), each of a column the header has: that
 * column's metric with "-avg" or "-p50".  How many lines from idx on it
 * took: it ends at the first line of another shape.
 */
static size_t read_summary(struct scan *sc, size_t idx, const struct fsmark_cols *cols, const char *name)
{
	size_t start = idx;

	for (; idx < sc->nr && !sc->v[idx].used && !scan_blank(&sc->v[idx]); idx++) {
		const char *s = sc->v[idx].s + strspn(sc->v[idx].s, " \t"), *colon = strchr(s, ':'), *name_at;
		size_t stat = strcspn(s, " \t"), k, n;
		const struct scan_toks *t;
		struct pending p = PENDING_INIT;
		char metric[64];
		int ok;

		if (!colon || colon < s + stat ||
		    !((stat == 7 && !memcmp(s, "Average", 7)) ||
		      (stat >= 2 && stat <= 4 && s[0] == 'p' && strspn(s + 1, "0123456789") == stat - 1)))
			break;
		/* the column's name as the header has it, between the statistic and the colon */
		for (name_at = s + stat; name_at < colon && (*name_at == ' ' || *name_at == '\t'); name_at++)
			;
		n = (size_t)(colon - name_at);
		for (k = 0; k < cols->nr && (strlen(cols->v[k].name) != n || memcmp(cols->v[k].name, name_at, n)); k++)
			;
		t = scan_words(sc, idx);
		if (k == cols->nr || cols->v[k].context || t->nr < 2 ||
		    t->v[t->nr - 1].s < colon || t->v[t->nr - 2].s > colon)
			break;
		snprintf(metric, sizeof(metric), "%s-%.*s", cols->v[k].metric, s[0] == 'p' ? (int)stat : 3,
			 s[0] == 'p' ? s : "avg");
		ok = pending_number(&p, idx, metric, cols->v[k].unit, &t->v[t->nr - 1], 0, 0) == 0;
		if (ok)
			pending_commit(sc, &p, name);
		pending_clear(&p);
		if (!ok)
			break;
	}
	return idx - start;
}

static size_t fsmark_read_block(struct scan *sc, size_t i)
{
	struct fsmark_cols cols = { NULL, 0, 0 };
	char *name;
	size_t idx = i + 1, k;
	int damaged = 0;

	if (read_header(&cols, sc->v[i].s) < 0) {
		free(cols.v);
		return 0;
	}
	name = legend_command(sc, i);
	if (!name)
		name = scan_command_above(sc, i);
	for (; idx < sc->nr && !sc->v[idx].used && !scan_blank(&sc->v[idx]); idx++) {
		const struct scan_toks *t = scan_words(sc, idx);
		struct pending p = PENDING_INIT;
		size_t from = sc->out->nr;
		int bad = t->nr != cols.nr;

		for (k = 0; !bad && k < cols.nr; k++)
			bad = pending_number(&p, idx, cols.v[k].metric, cols.v[k].unit, &t->v[k], 0, 0) < 0;
		if (bad) {
			pending_clear(&p);
			damaged = t->nr && tok_digit(&t->v[0]);
			if (damaged)
				scan_damaged(sc, idx, "expected %zu numbers under fs_mark's header, one a column",
					     cols.nr);
			break;
		}
		pending_commit(sc, &p, name ? name : "fs_mark");
		for (k = 0; k < cols.nr; k++)
			if (cols.v[k].context)
				scan_mark_context(sc, from, cols.v[k].metric);
	}
	if (idx == i + 1 && !damaged)
		scan_damaged(sc, i, "expected a row of numbers under fs_mark's header");
	else if (!damaged)
		idx += read_summary(sc, idx, &cols, name ? name : "fs_mark");
	free(name);
	free(cols.v);
	return idx - i;
}

static const char *const fsmark_mail_words[] = { "FSUse%", NULL };

const struct parser parser_fsmark = {
	.name = "fsmark",
	.summary = "fs_mark's result table, plain or verbose (-v), any column set",
	.starts = fsmark_starts,
	.read_block = fsmark_read_block,
	.flags = PARSER_IN_MAIL,
	.mail_words = fsmark_mail_words,
};
