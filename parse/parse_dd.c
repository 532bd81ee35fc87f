#include "parse_scan.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/*
 * dd's report, anywhere in a text:
 *   20+0 records in
 *   20+0 records out
 *   20971520 bytes (21 MB, 20 MiB) copied, 0.00823219 s, 2.5 GB/s
 * with the summary in each form coreutils has printed ("(21 MB) copied",
 * "1 byte copied", "0 bytes copied", "seconds", kB/s through GB/s and
 * binary units), BSD's "N bytes transferred in T secs (R bytes/sec)", and
 * dd's that print only the records lines.
 */

/* "500+0" before " records in|out" */
static int records_line(const char *s, const char *dir, struct scan_toks *t)
{
	scan_split(t, s);
	return t->nr == 3 && tok_digit(&t->v[0]) && memchr(t->v[0].s, '+', t->v[0].len) &&
	       tok_is(&t->v[1], "records") && tok_is(&t->v[2], dir);
}

static int read_records(struct pending *p, size_t idx, const struct scan_tok *t,
			const char *full, const char *partial)
{
	const char *plus = memchr(t->s, '+', t->len);
	struct scan_tok a = { t->s, (size_t)(plus - t->s) };
	struct scan_tok b = { plus + 1, t->len - a.len - 1 };

	if (pending_number(p, idx, full, NULL, &a, 0, 0) < 0)
		return -1;
	return pending_number(p, idx, partial, NULL, &b, 0, 0);
}

static int is_summary(const struct scan_toks *t)
{
	return t->nr >= 3 && tok_digit(&t->v[0]) &&
	       (tok_is(&t->v[1], "bytes") || tok_is(&t->v[1], "byte"));
}

/* The rate as printed: "2.5 GB/s", or glued "852MB/s"; "Infinity B/s" says nothing. */
static int read_rate(struct pending *p, size_t idx, const struct scan_toks *t, size_t k)
{
	struct scan_tok num = t->v[k];
	char *unit;
	int ret;

	if (!tok_digit(&num))
		return isalpha((unsigned char)num.s[0]) ? 0 : -1;
	if (k + 1 < t->nr && !memchr(num.s, '/', num.len)) {
		unit = xstrndup(t->v[k + 1].s, t->v[k + 1].len);
	} else {
		size_t n = 0;

		while (n < num.len && (isdigit((unsigned char)num.s[n]) || num.s[n] == '.' || num.s[n] == ','))
			n++;
		unit = xstrndup(num.s + n, num.len - n);
		num.len = n;
	}
	ret = !*unit || !strchr(unit, '/') ? -1
		: pending_number(p, idx, "throughput", unit, &num, 0, 1);
	free(unit);
	return ret;
}

/* GNU: "N bytes [(...)] copied, T s, R U"; BSD: "N bytes transferred in T secs (R bytes/sec)" */
static int read_summary(struct pending *p, size_t idx, const struct scan_toks *t)
{
	size_t k = 2;
	struct scan_tok secs;

	if (pending_number(p, idx, "bytes", "B", &t->v[0], 0, 0) < 0)
		return -1;
	if (tok_is(&t->v[2], "transferred")) {
		if (t->nr < 7 || !tok_is(&t->v[3], "in") || !tok_is(&t->v[5], "secs") ||
		    pending_number(p, idx, "copy-time", "s", &t->v[4], 0, 1) < 0 ||
		    t->v[6].s[0] != '(' || !tok_is(&t->v[t->nr - 1], "bytes/sec)"))
			return -1;
		secs = t->v[6];
		secs.s++;
		secs.len--;
		return pending_number(p, idx, "throughput", "B/s", &secs, 0, 1);
	}
	while (k < t->nr && !tok_is(&t->v[k], "copied,"))
		k++;
	if (k + 2 >= t->nr)
		return -1;
	secs = t->v[k + 1];
	if (tok_ends(&t->v[k + 2], ",") && (tok_is(&t->v[k + 2], "s,") || tok_is(&t->v[k + 2], "seconds,"))) {
		if (pending_number(p, idx, "copy-time", "s", &secs, 0, 1) < 0)
			return -1;
		return k + 3 < t->nr ? read_rate(p, idx, t, k + 3) : -1;
	}
	/* busybox glues the unit: "0.01 seconds, 852MB/s" has it; "0.5s," too */
	if (!tok_ends(&secs, "s,") || pending_number(p, idx, "copy-time", "s", &secs, 2, 1) < 0)
		return -1;
	return read_rate(p, idx, t, k + 2);
}

/* "N+M": N */
static unsigned long long full_records(const char *s)
{
	return strtoull(s, NULL, 10);
}

/*
 * A report that SIGUSR1 made dd print while it went on: the same dd's
 * next report follows at once, with more records in.  A loop's runs
 * print equal counts, and each is a result.
 */
static int is_interim(struct scan *sc, size_t first, size_t next)
{
	struct scan_toks t = SCAN_TOKS_INIT;
	int ret = 0;

	if (next + 2 < sc->nr && records_line(sc->v[next].s, "in", &t) &&
	    records_line(sc->v[next + 1].s, "out", &t) && records_line(sc->v[first].s, "in", &t)) {
		scan_split(&t, sc->v[next + 2].s);
		ret = is_summary(&t) &&
		      full_records(sc->v[next].s) > full_records(sc->v[first].s);
	}
	scan_toks_release(&t);
	return ret;
}

static int dd_starts(struct scan *sc, size_t i)
{
	const char *s = sc->v[i].s;

	return strstr(s, "records") || strstr(s, " copied,") || strstr(s, " transferred in ");
}

static size_t dd_read_block(struct scan *sc, size_t i)
{
	struct scan_toks t = SCAN_TOKS_INIT;
	struct pending p = PENDING_INIT;
	size_t first = i, last = i, interim;
	char *cmd;

	if (records_line(sc->v[i].s, "in", &t)) {
		if (read_records(&p, i, &t.v[0], "records-in", "records-in-partial") < 0) {
			scan_damaged(sc, i, "expected 'N+N records in'");
			goto done;
		}
		if (i + 1 >= sc->nr || !records_line(sc->v[i + 1].s, "out", &t) ||
		    read_records(&p, i + 1, &t.v[0], "records-out", "records-out-partial") < 0) {
			scan_damaged(sc, i + 1 < sc->nr ? i + 1 : i, "expected 'N+N records out'");
			goto done;
		}
		last = i + 1;
		scan_split(&t, last + 1 < sc->nr ? sc->v[last + 1].s : "");
		/* "2 truncated records" (conv=block), "1 truncated record" */
		if (t.nr == 3 && tok_digit(&t.v[0]) && tok_is(&t.v[1], "truncated") &&
		    (tok_is(&t.v[2], "records") || tok_is(&t.v[2], "record"))) {
			if (pending_number(&p, last + 1, "truncated-records", NULL, &t.v[0], 0, 0) < 0) {
				scan_damaged(sc, last + 1, "expected 'N truncated records'");
				goto done;
			}
			last++;
		}
		if (last + 1 < sc->nr)
			scan_split(&t, sc->v[last + 1].s);
		else
			t.nr = 0;
		if (!is_summary(&t))
			goto commit;
		last++;
	} else {
		scan_split(&t, sc->v[i].s);
		if (!is_summary(&t) || !(strstr(sc->v[i].s, " copied,") ||
					 strstr(sc->v[i].s, " transferred in ")) ||
		    (i + 1 < sc->nr && records_line(sc->v[i + 1].s, "in", &t))) {
			/* status=progress's last line, left above the records lines: not the result */
			scan_toks_release(&t);
			return 0;
		}
		scan_split(&t, sc->v[i].s);
	}
	if (read_summary(&p, last, &t) < 0) {
		scan_damaged(sc, last, "expected 'N bytes (...) copied, T s, R unit/s'");
		goto done;
	}
commit:
	cmd = scan_command_above(sc, first);
	interim = sc->out->nr;
	pending_commit(sc, &p, cmd);
	free(cmd);
	if (is_interim(sc, first, last + 1))
		scan_mark_interim(sc, interim);
done:
	pending_clear(&p);
	scan_toks_release(&t);
	return last - first + 1;
}

const struct parser parser_dd = {
	.name = "dd",
	.summary = "dd's records lines and summary (GNU, BSD, busybox); SIGUSR1 reports",
	.starts = dd_starts,
	.read_block = dd_read_block,
};
