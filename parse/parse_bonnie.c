#include "parse_scan.h"
#include "../core/util.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * bonnie's and bonnie++'s reports, as printed and as pasted into mail:
 * the throughput table
 *   Version  1.03       ------Sequential Output------ --Sequential Input- --Random-
 *                       -Per Chr- --Block-- -Rewrite- -Per Chr- --Block-- --Seeks--
 *   Machine        Size K/sec %CP K/sec %CP K/sec %CP K/sec %CP K/sec %CP  /sec %CP
 *   host          1000M 12345  90 23456  10 11111   5 22222  80 33333   6 123.4   0
 *   Latency             75221us    8301us ...                            (bonnie++ 1.9x, 2.00)
 * (old bonnie: "Machine MB K/sec %CPU ..." and a row without a name), the
 * file creation table under "Sequential Create ... Random Create", and
 * the CSV line bonnie++ prints with -q or bon_csv2txt reads (1.03's 27
 * fields, 1.9x/2.00's of format 1.97/1.98).  "+++++" is bonnie's "too
 * quick to measure": no record.  benchmark: "bonnie++ -s SIZE",
 * "bonnie++ -n FILES", old bonnie's "bonnie -s MB".
 */
static const char *const io_metrics[] = {
	"seq-output-char", "seq-output-block", "seq-output-rewrite",
	"seq-input-char", "seq-input-block", "random-seeks",
};
static const char *const file_metrics[] = {
	"seq-create", "seq-read", "seq-delete", "random-create", "random-read", "random-delete",
};

struct bonnie_table {
	const char *const *metrics;
	const char *rate_unit;     /* "K/s" or "files/s" */
	int old;                   /* bonnie: no Version line, "MB" and "%CPU" */
	const char *option;        /* "-s" or "-n" */
};

static int has(const char *s, const char *word)
{
	return strstr(s, word) != NULL;
}

static int too_quick(const struct scan_tok *t)
{
	size_t k;

	for (k = 0; k < t->len; k++)
		if (t->s[k] != '+')
			return 0;
	return t->len > 0;
}

/*
 * A rate as printed: "12345", "123.4", or bonnie++ 1.9x/2's scaled
 * "316k", "117m", "1.4g" under a "/sec" header.  The number is kept as
 * printed and its scale goes into the unit (K/s, M/s, G/s): bonnie++
 * rounds the scaled figure, and whether its k is 1000 or 1024 is not
 * printed, so no digits are made up.
 */
static int add_rate(struct pending *p, size_t idx, const char *metric, const char *unit,
		    const struct scan_tok *t)
{
	static const char scales[] = "kKmMgG";
	const char *at = t->len > 1 ? strchr(scales, t->s[t->len - 1]) : NULL;
	char scaled[16];

	if (too_quick(t))
		return 0;
	if (at && isdigit((unsigned char)t->s[t->len - 2])) {
		snprintf(scaled, sizeof(scaled), "%c%s", toupper((unsigned char)*at),
			 !strcmp(unit, "K/s") ? "/s" : unit);
		return pending_number(p, idx, metric, scaled, t, 1, 0);
	}
	return pending_number(p, idx, metric, unit, t, 0, 0);
}

/*
 * Six "rate %cpu" pairs from token k on; -1 when one is not a number.
 * Tokens from split on stand on the next line (the row's wrapped tail).
 */
static int add_pairs(struct pending *p, size_t idx, const struct bonnie_table *tb,
		     const struct scan_toks *t, size_t k, size_t split)
{
	char metric[48];
	size_t m;

	for (m = 0; m < 6 && k + 1 < t->nr; m++, k += 2) {
		const char *unit = tb->metrics == io_metrics && m == 5 ? "seeks/s" : tb->rate_unit;

		if (add_rate(p, idx + (k >= split), tb->metrics[m], unit, &t->v[k]) < 0)
			return -1;
		snprintf(metric, sizeof(metric), "%s-cpu", tb->metrics[m]);
		if (!too_quick(&t->v[k + 1]) &&
		    pending_number(p, idx + (k + 1 >= split), metric, "%", &t->v[k + 1], 0, 0) < 0)
			return -1;
	}
	return m == 6 ? 0 : -1;
}

/* Whether line k, not read yet, has text starting at the margin: where a mailer puts a wrapped tail. */
static int at_margin(const struct scan *sc, size_t k)
{
	return k < sc->nr && !sc->v[k].used && !scan_blank(&sc->v[k]) && sc->v[k].s[0] != ' ' &&
	       sc->v[k].s[0] != '\t';
}

/*
 * The tokens of line idx + 1 when it is the tail of row idx (of nr
 * tokens) that a mailer wrapped: one or two numbers (or "+++") at the
 * margin that make the row whole, 13 or 14 tokens; else 0.
 */
static size_t row_tail(struct scan *sc, size_t idx, size_t nr)
{
	const struct scan_toks *t;
	size_t k, n;

	if (nr < 11 || nr > 13 || !at_margin(sc, idx + 1))
		return 0;
	t = scan_words(sc, idx + 1);
	n = t->nr;
	if (!n || n > 2 || (nr + n != 13 && nr + n != 14))
		return 0;
	for (k = 0; k < n; k++)
		if (!tok_digit(&t->v[k]) && t->v[k].s[0] != '+')
			return 0;
	return n;
}

/* "Latency 75221us 8301us ...": one latency a column. */
static int add_latencies(struct pending *p, size_t idx, const struct bonnie_table *tb,
			 const struct scan_toks *t)
{
	char metric[48];
	size_t m;

	if (t->nr != 7)
		return -1;
	for (m = 0; m < 6; m++) {
		const struct scan_tok *v = &t->v[m + 1];
		size_t n = 0;
		char unit[8];

		while (n < v->len && (isdigit((unsigned char)v->s[n]) || v->s[n] == '.'))
			n++;
		if (!n || v->len - n >= sizeof(unit))
			return -1;
		memcpy(unit, v->s + n, v->len - n);
		unit[v->len - n] = '\0';
		snprintf(metric, sizeof(metric), "%s-latency", tb->metrics[m]);
		if (pending_number(p, idx, metric, unit, v, v->len - n, 0) < 0)
			return -1;
	}
	return 0;
}

/*
 * Whether line idx is a row of the table (name or size first, then the
 * pairs): people paste runs in groups under one header, a blank line
 * between groups.
 */
static int is_row(struct scan *sc, size_t idx)
{
	struct scan_toks t = SCAN_TOKS_INIT;
	int row;

	if (idx >= sc->nr || sc->v[idx].used || scan_blank(&sc->v[idx]))
		return 0;
	scan_split(&t, sc->v[idx].s);
	row = (t.nr == 13 && tok_digit(&t.v[0])) || (t.nr == 14 && tok_digit(&t.v[1]));
	scan_toks_release(&t);
	return row;
}

/* The rows under the header of head lines at line i. */
static size_t read_table(struct scan *sc, size_t i, size_t head, const struct bonnie_table *tb)
{
	struct scan_toks t = SCAN_TOKS_INIT;
	size_t idx = i + head, last = i + head - 1;

	for (; idx < sc->nr && !sc->v[idx].used; idx++) {
		if (scan_blank(&sc->v[idx])) {
			if (last != idx - 1 || !is_row(sc, idx + 1))
				break;
			continue;
		}
		struct pending p = PENDING_INIT;
		char name[64];
		size_t k, split, tail;

		scan_split(&t, sc->v[idx].s);
		split = t.nr;
		if ((tail = row_tail(sc, idx, t.nr))) {
			const struct scan_toks *w = scan_words(sc, idx + 1);

			ALLOC_GROW(t.v, t.nr + tail, t.alloc);
			memcpy(t.v + t.nr, w->v, tail * sizeof(*t.v));
			t.nr += tail;
		}
		if (t.nr && tok_is(&t.v[0], "Latency")) {
			if (add_latencies(&p, idx, tb, &t) < 0)
				scan_damaged(sc, idx, "expected six latencies after bonnie++'s 'Latency'");
			else
				pending_commit(sc, &p, sc->prev_name);
			pending_clear(&p);
			last = idx;
			continue;
		}
		/* "host 1000M" or old bonnie's bare "1024"; creation's "16" or "16:100000:16/64" */
		k = t.nr == 13 ? 0 : 1;
		if (t.nr != 13 && t.nr != 14)
			break;
		if (!tok_digit(&t.v[k]) && !(tb->metrics == file_metrics && t.nr == 14))
			break;
		snprintf(name, sizeof(name), "%s %s %.*s", tb->old ? "bonnie" : "bonnie++", tb->option,
			 (int)(t.v[k].len < 32 ? t.v[k].len : 32), t.v[k].s);
		if (add_pairs(&p, idx, tb, &t, k + 1, split) < 0)
			scan_damaged(sc, idx, "expected bonnie's six 'rate %%CPU' pairs");
		else
			pending_commit(sc, &p, name);
		pending_clear(&p);
		/* the wrapped tail is the row's */
		idx += tail > 0;
		last = idx;
	}
	if (last == i + head - 1)
		scan_damaged(sc, last, "expected bonnie's rows under its header (the paste ends there)");
	scan_toks_release(&t);
	return last - i + 1;
}

/* 1.03: name,size, 12 io fields, files, 12 creation fields */
static const char *const csv103[] = {
	NULL, NULL, "seq-output-char", "seq-output-char-cpu", "seq-output-block",
	"seq-output-block-cpu", "seq-output-rewrite", "seq-output-rewrite-cpu", "seq-input-char",
	"seq-input-char-cpu", "seq-input-block", "seq-input-block-cpu", "random-seeks",
	"random-seeks-cpu", NULL, "seq-create", "seq-create-cpu", "seq-read", "seq-read-cpu",
	"seq-delete", "seq-delete-cpu", "random-create", "random-create-cpu", "random-read",
	"random-read-cpu", "random-delete", "random-delete-cpu",
};

static const char *csv_unit(const char *metric)
{
	if (tok_ends(&(struct scan_tok){ metric, strlen(metric) }, "-cpu"))
		return "%";
	if (!strcmp(metric, "random-seeks"))
		return "seeks/s";
	if (!strncmp(metric, "seq-output", 10) || !strncmp(metric, "seq-input", 9))
		return "K/s";
	return "files/s";
}

static int csv_fields(char *s, char **f, size_t max)
{
	size_t n = 0;

	for (;;) {
		char *comma = strchr(s, ',');

		if (n == max)
			return -1;
		f[n++] = s;
		if (!comma)
			return (int)n;
		*comma = '\0';
		s = comma + 1;
	}
}

static void csv_add(struct pending *p, size_t idx, const char *metric, const char *unit,
		    const char *v, int *bad)
{
	struct scan_tok t = { v, strlen(v) };

	if (!*v || too_quick(&t))
		return;
	if (pending_number(p, idx, metric, unit, &t, 0, 0) < 0)
		*bad = 1;
}

/*
 * bonnie++ prints its CSV line after the tables of the same run: when a
 * row of a table read a few lines above names the same machine and size,
 * the line restates those results and gives no records of its own (the
 * same run twice would count as two samples).
 */
static int csv_restates_table(struct scan *sc, size_t i, const char *machine, const char *size)
{
	struct scan_toks t = SCAN_TOKS_INIT;
	size_t k;
	int same = 0;

	for (k = i; k > 0 && i - k < 24 && !same; k--) {
		if (!sc->v[k - 1].used)
			continue;
		scan_split(&t, sc->v[k - 1].s);
		/* the table cuts a long machine name to its width: "store.datzegik.c" of "...c.com" */
		same = t.nr >= 2 && t.v[0].len <= strlen(machine) && !memcmp(t.v[0].s, machine, t.v[0].len) &&
		       t.v[1].len == strlen(size) && !memcmp(t.v[1].s, size, t.v[1].len);
	}
	scan_toks_release(&t);
	return same;
}

/*
 * Whether the CSV line i goes on on the next line: the mailer broke it
 * after a comma, the rest one more comma list.
 */
static int csv_wrapped(const struct scan *sc, size_t i)
{
	const struct scan_line *l = &sc->v[i], *next = &sc->v[i + 1];

	return i + 1 < sc->nr && l->len && l->s[l->len - 1] == ',' && !next->used &&
	       strchr(next->s, ',') && !strchr(next->s, ' ') && !strchr(next->s, '\t');
}

static size_t read_csv(struct scan *sc, size_t i)
{
	struct strbuf line = STRBUF_INIT;
	int wrapped = csv_wrapped(sc, i);
	char *copy, *f[64], name[64];
	struct pending p = PENDING_INIT;
	int n, bad = 0, k;
	size_t lines = 0;

	strbuf_addstr(&line, sc->v[i].s);
	if (wrapped)
		strbuf_addstr(&line, sc->v[i + 1].s);
	copy = strbuf_detach(&line, NULL);
	n = csv_fields(copy, f, ARRAY_SIZE(f));

	if ((n == (int)ARRAY_SIZE(csv103) && csv_restates_table(sc, i, f[0], f[1])) ||
	    (n == 50 && csv_restates_table(sc, i, f[2], f[5]))) {
		lines = 1;
	} else if (n == (int)ARRAY_SIZE(csv103)) {
		for (k = 2; k < n; k++)
			if (csv103[k])
				csv_add(&p, i, csv103[k], csv_unit(csv103[k]), f[k], &bad);
		snprintf(name, sizeof(name), "bonnie++ -s %.32s", f[1]);
		lines = 1;
	} else if (n == 50 && (!strcmp(f[0], "1.97") || !strcmp(f[0], "1.98"))) {
		static const char *const lat[] = { "seq-output-char", "seq-output-block",
			"seq-output-rewrite", "seq-input-char", "seq-input-block", "random-seeks",
			"seq-create", "seq-read", "seq-delete", "random-create", "random-read",
			"random-delete" };
		char metric[48];

		for (k = 9; k < 21; k++)
			csv_add(&p, i, csv103[k - 7], csv_unit(csv103[k - 7]), f[k], &bad);
		for (k = 26; k < 38; k++)
			csv_add(&p, i, csv103[k - 11], csv_unit(csv103[k - 11]), f[k], &bad);
		for (k = 38; k < 50; k++) {
			struct scan_tok t = { f[k], strlen(f[k]) };
			size_t d = 0;

			while (d < t.len && (isdigit((unsigned char)t.s[d]) || t.s[d] == '.'))
				d++;
			snprintf(metric, sizeof(metric), "%s-latency", lat[k - 38]);
			if (t.len && (t.len - d > 2 || pending_number(&p, i, metric, t.s + d, &t,
								      t.len - d, 0) < 0))
				bad = 1;
		}
		snprintf(name, sizeof(name), "bonnie++ -s %.32s", f[5]);
		lines = 1;
	}
	if (lines && bad)
		scan_damaged(sc, i, "expected numbers in bonnie++'s CSV line");
	else if (lines)
		pending_commit(sc, &p, name);
	pending_clear(&p);
	free(copy);
	return lines ? lines + (size_t)wrapped : 0;
}

/*
 * Whether line k is the tail of the header line above that a mailer
 * wrapped: "--Random-", "--Seeks--", "/sec %CP", "Create--------" at the
 * margin.
 */
static int header_tail(struct scan *sc, size_t k)
{
	const struct scan_toks *t;

	if (!at_margin(sc, k))
		return 0;
	t = scan_words(sc, k);
	return t->nr <= 2 && !tok_digit(&t->v[0]) &&
	       (t->v[0].s[0] == '-' || t->v[0].s[0] == '/' || tok_ends(&t->v[0], "--"));
}

static int bonnie_starts(struct scan *sc, size_t i)
{
	const char *s = sc->v[i].s;

	/* "--------Random" / "Create--------": a header a mailer wrapped */
	return (has(s, "Sequential Output") && has(s, "Sequential Input")) ||
	       (has(s, "Sequential Create") && (has(s, "Random Create") || header_tail(sc, i + 1))) ||
	       (strchr(s, ',') && strchr(s, ',') - s < 64 && !strchr(s, ' '));
}

/*
 * The header is three lines: the groups ("Sequential Output"), their
 * columns ("-Per Chr- --Block--") and the units ("Machine Size K/sec
 * %CP"); a paste that left the units out has its rows right under the
 * columns, and a mailer that wrapped the lines puts each one's tail on
 * a line of its own.
 */
static size_t bonnie_read_block(struct scan *sc, size_t i)
{
	struct bonnie_table tb = { io_metrics, "K/s", 0, "-s" };
	const char *s = sc->v[i].s;
	size_t cols, units, head;

	if (!has(s, "Sequential Create") && !has(s, "Sequential Output"))
		return read_csv(sc, i);
	cols = i + 1 + (size_t)header_tail(sc, i + 1);
	units = cols + 1 + (size_t)header_tail(sc, cols + 1);
	if (units + 1 > sc->nr)
		return 0;
	head = is_row(sc, units) ? units - i : units + 1 + (size_t)header_tail(sc, units + 1) - i;
	if (has(s, "Sequential Create")) {
		tb = (struct bonnie_table){ file_metrics, "files/s", 0, "-n" };
		if (is_row(sc, units) ? !has(sc->v[cols].s, "Create") : !has(sc->v[units].s, "files"))
			return 0;
	} else {
		tb.old = !has(s, "Version");
		if (!has(sc->v[cols].s, "Block") || (!is_row(sc, units) && !has(sc->v[units].s, "/sec")))
			return 0;
		if (tb.old && (is_row(sc, units) || !has(sc->v[units].s, "%CPU")))
			tb.old = 0;
	}
	return read_table(sc, i, head, &tb);
}

static const char *const bonnie_mail_words[] = { "Sequential Output", "Sequential Create", NULL };

const struct parser parser_bonnie = {
	.name = "bonnie",
	.summary = "bonnie's and bonnie++'s tables and bonnie++'s CSV line",
	.starts = bonnie_starts,
	.read_block = bonnie_read_block,
	.flags = PARSER_IN_MAIL,
	.mail_words = bonnie_mail_words,
};
