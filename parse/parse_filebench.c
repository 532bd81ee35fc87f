#include "parse_scan.h"
#include "../core/strbuf.h"
#include "../core/util.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * filebench's end-of-run report, 1.4 and 1.5, each line after the first
 * columns led by "pid: seconds: " (1.4) or "seconds: " (1.5):
 *   601.414: Run took 600 seconds...
 *   601.414: Per-Operation Breakdown
 *   closefile4   383785ops   640ops/s   0.0mb/s   0.0ms/op [0.00ms -  1.71ms]
 *   fsync1        19801ops     1ops/s   0.0mb/s 883.0ms/op 408529us/op-cpu [0ms - 106670ms]
 *   601.414: IO Summary: 4989254 ops 8314.540 ops/s 1279/1279 rd/wr  49.5mb/s   3.1ms/op
 *   (1.4: "IO Summary: 79403 ops, 2.302 ops/s, (0/1 r/w), 152.5mb/s,
 *    174211us cpu/op, 323571.9ms latency")
 * Each flowop's numbers are its metrics (fsync1-ops-rate, fsync1-latency,
 * fsync1-latency-min ...), the summary's the run's (ops-rate, throughput,
 * latency ...), "Run took" its elapsed time.  Operation counts are fixed
 * by the workload: context.  benchmark is the personality filebench
 * loaded ("filebench varmail") when the report's lines above say it,
 * else the command above, else "filebench".
 */

/* Past filebench's "pid: seconds: " columns: where the line's words start. */
static const char *past_stamps(const char *s)
{
	int k;

	s += strspn(s, " \t");
	for (k = 0; k < 2; k++) {
		const char *e = s + strspn(s, "0123456789.");

		if (e == s || *e != ':')
			break;
		s = e + 1;
		s += strspn(s, " \t");
	}
	return s;
}

static int begins(const char *s, const char *word)
{
	return !strncmp(s, word, strlen(word));
}

static int filebench_starts(struct scan *sc, size_t i)
{
	const char *s = past_stamps(sc->v[i].s);

	return begins(s, "Run took ") || begins(s, "Per-Operation Breakdown") ||
	       begins(s, "IO Summary:");
}

/* The number in t with its unit suffix (matched case-sensitively) cut off; -1 when not so. */
static int with_unit(struct pending *p, size_t idx, const char *metric, const char *unit,
		     const struct scan_tok *t, const char *suffix)
{
	size_t n = strlen(suffix);

	if (t->len <= n || memcmp(t->s + t->len - n, suffix, n))
		return -1;
	return pending_number(p, idx, metric, unit, t, n, 0);
}

/* "  8314.540" or "2.302," or "(0/1": t with the punctuation around a number taken off. */
static struct scan_tok bare(const struct scan_tok *t)
{
	struct scan_tok b = *t;

	while (b.len && (*b.s == '(' || *b.s == '['))
		b.s++, b.len--;
	while (b.len && (b.s[b.len - 1] == ',' || b.s[b.len - 1] == ')' || b.s[b.len - 1] == ']'))
		b.len--;
	return b;
}

/* "closefile4 383785ops 640ops/s 0.0mb/s 0.0ms/op [0.00ms - 1.71ms]": 1 read, 0 none, -1 damaged */
static int read_flowop(struct pending *p, struct scan *sc, size_t idx)
{
	const struct scan_toks *t = scan_words(sc, idx);
	struct strbuf m = STRBUF_INIT;
	size_t k, name_len;
	int bad = 0;

	if (t->nr < 5 || !tok_ends(&t->v[1], "ops") || tok_digit(&t->v[0]) ||
	    !isdigit((unsigned char)t->v[1].s[0]))
		return 0;
	name_len = t->v[0].len;
#define METRIC(what) (strbuf_reset(&m), strbuf_addf(&m, "%.*s-%s", (int)name_len, t->v[0].s, what), m.buf)
	bad |= with_unit(p, idx, METRIC("ops"), NULL, &t->v[1], "ops") < 0;
	bad |= with_unit(p, idx, METRIC("ops-rate"), "ops/s", &t->v[2], "ops/s") < 0;
	bad |= with_unit(p, idx, METRIC("throughput"), "MB/s", &t->v[3], "mb/s") < 0;
	bad |= with_unit(p, idx, METRIC("latency"), "ms", &t->v[4], "ms/op") < 0;
	for (k = 5; !bad && k < t->nr; k++) {
		struct scan_tok b = bare(&t->v[k]);

		if (tok_ends(&t->v[k], "us/op-cpu"))
			bad = with_unit(p, idx, METRIC("cpu"), "us", &t->v[k], "us/op-cpu") < 0;
		else if (t->v[k].s[0] == '[')
			bad = with_unit(p, idx, METRIC("latency-min"), "ms", &b, "ms") < 0;
		else if (t->v[k].s[t->v[k].len - 1] == ']')
			bad = with_unit(p, idx, METRIC("latency-max"), "ms", &b, "ms") < 0;
		else if (!tok_is(&t->v[k], "-"))
			bad = 1;
	}
#undef METRIC
	strbuf_release(&m);
	if (bad)
		scan_damaged(sc, idx, "expected filebench's ops, ops/s, mb/s and ms/op for the flowop");
	return bad ? -1 : 1;
}

/* The summary's words after "IO Summary:"; 0 read, -1 damaged. */
static int read_summary(struct pending *p, struct scan *sc, size_t idx, const char *s)
{
	struct scan_toks t = SCAN_TOKS_INIT;
	size_t k;
	int bad = 0, got = 0;

	scan_split(&t, s);
	for (k = 0; !bad && k < t.nr; k++) {
		struct scan_tok b = bare(&t.v[k]), next = k + 1 < t.nr ? bare(&t.v[k + 1]) : (struct scan_tok){ "", 0 };
		const char *slash = memchr(b.s, '/', b.len);

		if (tok_is(&next, "ops") || tok_is(&next, "ops/s")) {
			bad = pending_number(p, idx, tok_is(&next, "ops") ? "ops" : "ops-rate",
					     tok_is(&next, "ops") ? NULL : "ops/s", &b, 0, 0) < 0;
			k++;
		} else if (slash && (tok_is(&next, "rd/wr") || tok_is(&next, "r/w"))) {
			struct scan_tok r = { b.s, (size_t)(slash - b.s) };
			struct scan_tok w = { slash + 1, b.len - (size_t)(slash - b.s) - 1 };

			bad = pending_number(p, idx, "read-ops-rate", "ops/s", &r, 0, 0) < 0 ||
			      pending_number(p, idx, "write-ops-rate", "ops/s", &w, 0, 0) < 0;
			k++;
		} else if (tok_ends(&b, "mb/s")) {
			bad = with_unit(p, idx, "throughput", "MB/s", &b, "mb/s") < 0;
		} else if (tok_ends(&b, "ms/op")) {
			bad = with_unit(p, idx, "latency", "ms", &b, "ms/op") < 0;
		} else if (tok_ends(&b, "us") && tok_is(&next, "cpu/op")) {
			bad = with_unit(p, idx, "cpu", "us", &b, "us") < 0;
			k++;
		} else if (tok_ends(&b, "ms") && tok_is(&next, "latency")) {
			bad = with_unit(p, idx, "latency", "ms", &b, "ms") < 0;
			k++;
		} else {
			continue;
		}
		got++;
	}
	scan_toks_release(&t);
	if (bad || !got) {
		scan_damaged(sc, idx, "expected filebench's ops, ops/s and mb/s after 'IO Summary:'");
		return -1;
	}
	return 0;
}

/* "Varmail Version 3.0 personality successfully loaded" in the lines above: "filebench varmail". */
static char *personality_above(struct scan *sc, size_t first)
{
	size_t k, seen;

	for (k = first, seen = 0; k > 0 && seen < 40; k--, seen++) {
		const char *s = past_stamps(sc->v[k - 1].s), *v = strstr(s, " Version ");
		struct strbuf name = STRBUF_INIT;
		size_t n;

		if (!v || !strstr(v, " personality successfully loaded"))
			continue;
		strbuf_addstr(&name, "filebench ");
		for (n = 0; s + n < v; n++)
			strbuf_addch(&name, (char)tolower((unsigned char)s[n]));
		return strbuf_detach(&name, NULL);
	}
	return NULL;
}

static size_t filebench_read_block(struct scan *sc, size_t i)
{
	struct pending p = PENDING_INIT;
	size_t idx = i, from = sc->out->nr;
	const char *s = past_stamps(sc->v[idx].s);
	char *name;
	int bad = 0;

	if (begins(s, "Run took ")) {
		struct scan_toks t = SCAN_TOKS_INIT;

		scan_split(&t, s);
		if (t.nr < 4 || !tok_is(&t.v[3], "seconds...") ||
		    pending_number(&p, idx, "elapsed", "s", &t.v[2], 0, 0) < 0) {
			scan_damaged(sc, idx, "expected 'Run took N seconds...'");
			bad = 1;
		}
		scan_toks_release(&t);
		s = ++idx < sc->nr && !sc->v[idx].used ? past_stamps(sc->v[idx].s) : "";
	}
	if (!bad && begins(s, "Per-Operation Breakdown")) {
		int r = 1;

		for (idx++; idx < sc->nr && !sc->v[idx].used && r > 0; idx += r > 0)
			r = read_flowop(&p, sc, idx);
		bad = r < 0;
		s = !bad && idx < sc->nr && !sc->v[idx].used ? past_stamps(sc->v[idx].s) : "";
	}
	if (!bad && begins(s, "IO Summary:"))
		bad = read_summary(&p, sc, idx++, s + 11) < 0;
	if (bad) {
		pending_clear(&p);
		return idx > i ? idx - i : 1;
	}
	name = personality_above(sc, i);
	if (!name)
		name = scan_command_above(sc, i);
	pending_commit(sc, &p, name ? name : "filebench");
	/* the operation counts, the run's ("ops") and each flowop's ("fsync1-ops") */
	for (; from < sc->out->nr; from++) {
		const char *metric = sc->out->v[from].metric;
		size_t n = metric ? strlen(metric) : 0;

		if (n >= 3 && !strcmp(metric + n - 3, "ops") && (n == 3 || metric[n - 4] == '-'))
			scan_mark_context(sc, from, metric);
	}
	free(name);
	return idx - i;
}

static const char *const filebench_mail_words[] = { "IO Summary:", "Per-Operation Breakdown", NULL };

const struct parser parser_filebench = {
	.name = "filebench",
	.summary = "filebench's Per-Operation Breakdown and IO Summary, 1.4 and 1.5",
	.starts = filebench_starts,
	.read_block = filebench_read_block,
	.flags = PARSER_IN_MAIL,
	.mail_words = filebench_mail_words,
};
