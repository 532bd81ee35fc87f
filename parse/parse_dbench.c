#include "parse_scan.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * dbench's summary, anywhere in a text: the per-operation table
 *    Operation      Count    AvgLat    MaxLat
 *    ----------------------------------------
 *    NTCreateX      54657     0.049     5.717
 * and the throughput line
 *   Throughput 335.702 MB/sec  2 clients  2 procs  max_latency=15.814 ms
 * (older dbench: "Throughput 123.4 MB/sec 2 procs").  The progress lines
 * in between are not results and are skipped.
 */
#define BENCHMARK "dbench"

static const char *const row_units[] = { NULL, "ms", "ms" };

static int is_header(const struct scan_toks *t)
{
	return t->nr == 4 && tok_is(&t->v[0], "Operation") && tok_is(&t->v[1], "Count") &&
	       tok_is(&t->v[2], "AvgLat") && tok_is(&t->v[3], "MaxLat");
}

static int is_rule(const char *s)
{
	while (*s == ' ' || *s == '\t')
		s++;
	if (*s != '-')
		return 0;
	while (*s == '-')
		s++;
	return !*s;
}

static void metric_name(struct strbuf *sb, const struct scan_tok *op, const char *what)
{
	size_t k;

	strbuf_reset(sb);
	for (k = 0; k < op->len; k++)
		strbuf_addch(sb, tolower((unsigned char)op->s[k]));
	strbuf_addf(sb, "-%s", what);
}

/* "NTCreateX 54657 0.049 5.717": 1 read, 0 not a row, -1 damaged. */
static int read_row(struct pending *p, size_t idx, const struct scan_toks *t)
{
	static const char *const what[] = { "count", "avglat", "maxlat" };
	struct strbuf name = STRBUF_INIT;
	size_t k;
	int ret = 1;

	if (t->nr != 4 || !isalpha((unsigned char)t->v[0].s[0]))
		return 0;
	for (k = 0; k < 3 && ret > 0; k++) {
		metric_name(&name, &t->v[0], what[k]);
		if (pending_number(p, idx, name.buf, row_units[k], &t->v[k + 1], 0, 0) < 0)
			ret = -1;
	}
	strbuf_release(&name);
	return ret;
}

/* Returns the table's last line; damaged rows are reported and skipped. */
static size_t read_table(struct scan *sc, size_t h, const char *name)
{
	struct scan_toks t = SCAN_TOKS_INIT;
	size_t i = h + 1, last = h;

	if (i < sc->nr && is_rule(sc->v[i].s))
		last = i++;
	for (; i < sc->nr && !sc->v[i].used; i++) {
		struct pending p = PENDING_INIT;
		int r;

		scan_split(&t, sc->v[i].s);
		r = read_row(&p, i, &t);
		if (!r)
			break;
		if (r > 0)
			pending_commit(sc, &p, name);
		else
			scan_damaged(sc, i, "expected 'Operation Count AvgLat MaxLat' numbers");
		pending_clear(&p);
		last = i;
	}
	scan_toks_release(&t);
	return last;
}

/*
 * "Throughput 335.702 MB/sec  2 clients  2 procs  max_latency=15.814 ms",
 * older "Throughput 123.4 MB/sec 2 procs" and "Throughput 23.46 MB/sec
 * (NB=29.3 MB/sec  234.6 MBit/sec)" (the NB figures restate it); words a
 * person wrote after them ("- .5sec hiccup in xmms") end the line.
 * *clients gets the clients (or procs) count when the line says it,
 * *mode the run's mode dbench 4 prints after the unit, "(sync open)" or
 * "(sync dirs)": a parameter of the run, for its name.
 */
static int read_throughput(struct pending *p, size_t idx, const struct scan_toks *t,
			   struct scan_tok *clients, struct scan_tok *mode)
{
	char *unit;
	size_t k;
	int ret;

	if (t->nr < 3 || !tok_ends(&t->v[2], "/sec"))
		return -1;
	unit = xstrndup(t->v[2].s, t->v[2].len);
	ret = pending_number(p, idx, "throughput", unit, &t->v[1], 0, 0);
	free(unit);
	for (k = 3; !ret && k < t->nr; k++) {
		const struct scan_tok *w = &t->v[k];

		if (k + 1 < t->nr && (tok_is(&t->v[k + 1], "clients") || tok_is(&t->v[k + 1], "procs"))) {
			int is_clients = tok_is(&t->v[k + 1], "clients");

			/* the run's parameter, not a result: it goes into the name, "dbench 2" */
			if (!tok_digit(w) || strspn(w->s, "0123456789") != w->len)
				return -1;
			if (is_clients || !clients->len)
				*clients = *w;
			k++;
		} else if (w->len > 12 && !memcmp(w->s, "max_latency=", 12)) {
			struct scan_tok num = { w->s + 12, w->len - 12 };

			if (k + 1 >= t->nr || !tok_is(&t->v[k + 1], "ms"))
				return -1;
			ret = pending_number(p, idx, "max-latency", "ms", &num, 0, 0);
			k++;
		} else if (w->len > 4 && !memcmp(w->s, "(NB=", 4)) {
			while (k < t->nr && !tok_ends(&t->v[k], ")"))
				k++;
		} else if (w->len > 1 && w->s[0] == '(' && isalpha((unsigned char)w->s[1])) {
			size_t end = k, c;

			/* a few words in parentheses, no number among them; both modes may stand */
			while (end < t->nr && end < k + 3 && !tok_ends(&t->v[end], ")"))
				end++;
			if (end == t->nr || !tok_ends(&t->v[end], ")"))
				return -1;
			for (c = 0; w->s + c < t->v[end].s + t->v[end].len; c++)
				if (isdigit((unsigned char)w->s[c]))
					return -1;
			if (!mode->len)
				mode->s = w->s;
			mode->len = (size_t)(t->v[end].s + t->v[end].len - mode->s);
			k = end;
		} else if (k == 3) {
			return -1;   /* something else right after the unit: not dbench's line */
		} else {
			break;
		}
	}
	return ret;
}

/* "dbench 16" on a line of its own a few lines above: the run's client count. */
static void name_from_above(struct scan *sc, size_t i, struct scan_tok *clients)
{
	struct scan_toks t = SCAN_TOKS_INIT;
	size_t k;

	for (k = i; k > 0 && i - k < 10 && !clients->len; k--) {
		scan_split(&t, sc->v[k - 1].s);
		if (t.nr == 2 && tok_is(&t.v[0], "dbench") && tok_digit(&t.v[1]) && t.v[1].len < 8) {
			size_t d;

			for (d = 0; d < t.v[1].len && t.v[1].s[d] >= '0' && t.v[1].s[d] <= '9'; d++)
				;
			if (d == t.v[1].len)
				*clients = t.v[1];
		}
	}
	scan_toks_release(&t);
}

static void name_with(char *name, size_t size, const struct scan_tok *clients,
		      const struct scan_tok *mode)
{
	int n = clients->len ? (int)(clients->len < 16 ? clients->len : 16) : 0;

	snprintf(name, size, BENCHMARK "%s%.*s%s%.*s", n ? " " : "", n, clients->s,
		 mode->len ? " " : "", (int)(mode->len < 32 ? mode->len : 32), mode->s);
}

/* The table's run: "dbench N" from the throughput line under it, or a line above. */
static void run_name(struct scan *sc, size_t h, char *name, size_t size)
{
	struct scan_toks t = SCAN_TOKS_INIT;
	struct scan_tok clients = { NULL, 0 }, mode = { NULL, 0 };
	size_t k;

	for (k = h + 1; k < sc->nr && k < h + 60; k++) {
		struct pending p = PENDING_INIT;

		if (!scan_begins(&sc->v[k], "Throughput"))
			continue;
		scan_split(&t, sc->v[k].s);
		if (read_throughput(&p, k, &t, &clients, &mode) < 0)
			clients.len = mode.len = 0;
		pending_clear(&p);
		break;
	}
	if (!clients.len)
		name_from_above(sc, h, &clients);
	name_with(name, size, &clients, &mode);
	scan_toks_release(&t);
}

/* How long a run's label before its throughput line may be: "2.6.27-rc8:", " + patch  :". */
#define LABEL_MAX 40

/*
 * "2.6.27-rc8: Throughput 13.42 MB/sec ...": runs compared line by line,
 * each throughput line after its run's label and a colon.  Where the
 * throughput line starts, the label (colon and blanks cut) in *label and
 * *len; NULL when the line is no such one.
 */
static const char *labelled_throughput(const char *s, const char **label, size_t *len)
{
	const char *t = strstr(s, "Throughput "), *e, *unit;

	if (!t || t - s > LABEL_MAX || !isdigit((unsigned char)t[11]))
		return NULL;
	/* dbench's own line: a rate after the number ("Summary: Throughput 20 percent ..." is prose) */
	unit = t + 11 + strspn(t + 11, "0123456789.");
	unit += strspn(unit, " ");
	if (!strstr(unit, "/sec") || strstr(unit, "/sec") - unit > 8)
		return NULL;
	for (e = t; e > s && (e[-1] == ' ' || e[-1] == '\t'); e--)
		;
	if (e == s || e[-1] != ':')
		return NULL;
	*label = scan_skip_blanks(s);
	for (e--; e > *label && (e[-1] == ' ' || e[-1] == '\t'); e--)
		;
	if (e == *label)
		return NULL;
	*len = (size_t)(e - *label);
	return t;
}

static int dbench_starts(struct scan *sc, size_t i)
{
	const char *label;
	size_t len;

	return scan_begins(&sc->v[i], "Operation") || scan_begins(&sc->v[i], "Throughput") ||
	       labelled_throughput(sc->v[i].s, &label, &len);
}

static size_t dbench_read_block(struct scan *sc, size_t i)
{
	struct scan_toks t = SCAN_TOKS_INIT;
	struct pending p = PENDING_INIT;
	size_t lines = 0, label_len = 0;
	const char *label = NULL, *from = labelled_throughput(sc->v[i].s, &label, &label_len);

	scan_split(&t, from ? from : sc->v[i].s);
	if (is_header(&t)) {
		char name[64];
		size_t last, k;

		run_name(sc, i, name, sizeof(name));
		last = read_table(sc, i, name);

		lines = last - i + 1;
		/* dbench prints its throughput right under the table: without it the paste is cut */
		for (k = last + 1; k < sc->nr && k <= last + 3 && scan_blank(&sc->v[k]); k++)
			;
		if (k >= sc->nr || !scan_begins(&sc->v[k], "Throughput"))
			scan_damaged(sc, last, "expected dbench's 'Throughput N MB/sec' line after its table");
	} else if (t.nr >= 3 && tok_is(&t.v[0], "Throughput") && tok_digit(&t.v[1])) {
		struct scan_tok clients = { NULL, 0 }, mode = { NULL, 0 };

		if (read_throughput(&p, i, &t, &clients, &mode) < 0) {
			scan_damaged(sc, i, "expected 'Throughput N MB/sec N clients N procs max_latency=N ms'");
		} else {
			char name[64];

			size_t from_rec = sc->out->nr;
			char *options = from ? xstrndup(label, label_len) : NULL;

			name_from_above(sc, i, &clients);
			name_with(name, sizeof(name), &clients, &mode);
			pending_commit(sc, &p, name);
			/* the run's label tells it from the lines beside it: its kernel, or its options */
			for (; options && from_rec < sc->out->nr; from_rec++)
				record_set(scan_kernel_shaped(options, label_len) ? &sc->out->v[from_rec].kernel
										  : &sc->out->v[from_rec].options,
					   options);
			free(options);
		}
		lines = 1;
	}
	pending_clear(&p);
	scan_toks_release(&t);
	return lines;
}

static const char *const dbench_mail_words[] = { "Throughput ", NULL };

const struct parser parser_dbench = {
	.name = "dbench",
	.summary = "dbench's operation table and throughput line, older forms too",
	.starts = dbench_starts,
	.read_block = dbench_read_block,
	.flags = PARSER_IN_MAIL,
	.mail_words = dbench_mail_words,
};
