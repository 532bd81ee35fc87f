#include "parse_scan.h"
#include "../core/util.h"

#include <stdlib.h>
#include <string.h>

/*
 * PostMark's report (Debian's 1.5x), anywhere in a text:
 *   Time:
 *           4 seconds total
 *           3 seconds of transactions (166 per second)
 *   Files:
 *           764 created (191 per second)
 *                   Creation alone: 500 files (250 per second)
 *                   Mixed with transactions: 264 files (88 per second)
 *           ...
 *   Data:
 *           1.36 megabytes read (348.07 kilobytes per second)
 *           4.45 megabytes written (1.11 megabytes per second)
 */
struct pm_line {
	const char *pattern;
	const char *metrics[2], *units[2];
	int section;   /* the "Mixed with transactions" line after it is its own */
	int last;      /* the report's last line: what follows is other text */
};

static const struct pm_line pm_lines[] = {
	{ "%n seconds total", { "elapsed" }, { "s" }, 0, 0 },
	{ "%n seconds of transactions (%n per second)",
	  { "transactions-time", "transactions-rate" }, { "s", "transactions/s" }, 0, 0 },
	{ "%n created (%n per second)", { "created", "created-rate" }, { "files", "files/s" }, 1, 0 },
	{ "Creation alone: %n files (%n per second)",
	  { "created-alone", "created-alone-rate" }, { "files", "files/s" }, 0, 0 },
	{ "%n read (%n per second)", { "read", "read-rate" }, { "files", "files/s" }, 0, 0 },
	{ "%n appended (%n per second)", { "appended", "appended-rate" }, { "files", "files/s" }, 0, 0 },
	{ "%n deleted (%n per second)", { "deleted", "deleted-rate" }, { "files", "files/s" }, 2, 0 },
	{ "Deletion alone: %n files (%n per second)",
	  { "deleted-alone", "deleted-alone-rate" }, { "files", "files/s" }, 0, 0 },
	{ "%n %w read (%n %w per second)", { "data-read", "data-read-rate" }, { "%w", "%w/s" }, 0, 0 },
	{ "%n %w written (%n %w per second)",
	  { "data-written", "data-written-rate" }, { "%w", "%w/s" }, 0, 1 },
};

static const struct pm_line mixed[] = {
	{ "Mixed with transactions: %n files (%n per second)",
	  { "created-mixed", "created-mixed-rate" }, { "files", "files/s" }, 0, 0 },
	{ "Mixed with transactions: %n files (%n per second)",
	  { "deleted-mixed", "deleted-mixed-rate" }, { "files", "files/s" }, 0, 0 },
};

/* postmark's prompt "pm>" is printed before its report when stdin is not a tty */
static const char *skip_prompts(const char *s)
{
	while (*s == ' ' || *s == '\t')
		s++;
	while (!strncmp(s, "pm>", 3))
		s += 3;
	return s;
}

static int is_word_line(const char *s, const char *word)
{
	size_t n = strlen(word);

	s = skip_prompts(s);
	return !strncmp(s, word, n) && (s[n] == '\0' || s[n] == ' ' || s[n] == '\t');
}

/* Reads the lines of one report; returns its last line, or -1 when damaged. */
static long read_report(struct scan *sc, size_t start, struct pending *p)
{
	struct scan_toks t = SCAN_TOKS_INIT;
	size_t i, f;
	int section = 0, have_total = 0, ended = 0;
	long last = (long)start;

	for (i = start + 1; i < sc->nr && !sc->v[i].used && !ended; i++) {
		const char *s = skip_prompts(sc->v[i].s);
		int r = 0;

		if (!*s)
			continue;
		if (is_word_line(s, "Files:") || is_word_line(s, "Data:")) {
			last = (long)i;
			continue;
		}
		scan_split(&t, s);
		if (section && (r = scan_match(p, i, &t, mixed[section - 1].pattern,
					       mixed[section - 1].metrics, mixed[section - 1].units)))
			section = 0;
		for (f = 0; !r && f < ARRAY_SIZE(pm_lines); f++) {
			r = scan_match(p, i, &t, pm_lines[f].pattern, pm_lines[f].metrics,
				       pm_lines[f].units);
			if (r > 0) {
				if (pm_lines[f].section)
					section = pm_lines[f].section;
				have_total |= f == 0;
				/* "2.6.17-rc1" or a count under the report starts other text */
				ended = pm_lines[f].last;
			}
		}
		if (r < 0 || (!r && t.nr && tok_digit(&t.v[0]))) {
			scan_damaged(sc, i, "expected a line of postmark's report");
			last = -1;
			break;
		}
		if (!r)
			break;
		last = (long)i;
	}
	if (last >= 0 && !have_total) {
		scan_damaged(sc, start, "expected 'N seconds total' after postmark's 'Time:'");
		last = -1;
	} else if (last >= 0 && (!p->nr || strcmp(p->v[p->nr - 1].metric, "data-written-rate"))) {
		/* cut short: what was read stands, and the loss is said */
		scan_damaged(sc, (size_t)last + 1 < sc->nr ? (size_t)last + 1 : (size_t)last,
			     "expected the rest of postmark's report (it ends before 'N megabytes written')");
	}
	scan_toks_release(&t);
	return last;
}

/*
 * "set report terse" prints one line of 13 numbers instead: the seconds
 * in all and of transactions, then rates per second of transactions,
 * files created (in all, alone, mixed with transactions), read,
 * appended, deleted (in all, alone, mixed), and bytes read and written.
 */
static const char *const terse_metrics[] = {
	"elapsed", "transactions-time", "transactions-rate", "created-rate", "created-alone-rate",
	"created-mixed-rate", "read-rate", "appended-rate", "deleted-rate", "deleted-alone-rate",
	"deleted-mixed-rate", "data-read-rate", "data-written-rate",
};
static const char *const terse_units[] = {
	"s", "s", "transactions/s", "files/s", "files/s", "files/s", "files/s", "files/s",
	"files/s", "files/s", "files/s", "B/s", "B/s",
};

/* The line just above, or the prompt on it, says postmark printed it. */
static int after_postmark(struct scan *sc, size_t i)
{
	size_t k;

	if (!strncmp(scan_skip_blanks(sc->v[i].s), "pm>", 3))
		return 1;
	for (k = i; k > 0 && i - k < 3; k--)
		if (strstr(sc->v[k - 1].s, "Deleting files...Done"))
			return 1;
	return 0;
}

static int is_terse(struct scan *sc, size_t i, struct scan_toks *t)
{
	size_t k;

	scan_split(t, skip_prompts(sc->v[i].s));
	if (t->nr != ARRAY_SIZE(terse_metrics) || !after_postmark(sc, i))
		return 0;
	for (k = 0; k < t->nr; k++)
		if (!tok_digit(&t->v[k]) || (k >= 2) != (memchr(t->v[k].s, '.', t->v[k].len) != NULL))
			return 0;
	return 1;
}

static size_t read_terse(struct scan *sc, size_t i, struct scan_toks *t)
{
	struct pending p = PENDING_INIT;
	char *cmd;
	size_t k;

	for (k = 0; k < t->nr; k++) {
		if (pending_number_kept(&p, i, terse_metrics[k], terse_units[k], &t->v[k], 0, 0) < 0) {
			scan_damaged(sc, i, "expected postmark's terse report, 13 numbers");
			pending_clear(&p);
			return 1;
		}
	}
	cmd = scan_command_above(sc, i);
	pending_commit(sc, &p, cmd ? cmd : "postmark");
	free(cmd);
	return 1;
}

static int postmark_starts(struct scan *sc, size_t i)
{
	const char *s = skip_prompts(sc->v[i].s);

	return (is_word_line(sc->v[i].s, "Time:") && s[5] == '\0') || (*s >= '0' && *s <= '9');
}

static size_t postmark_read_block(struct scan *sc, size_t i)
{
	struct pending p = PENDING_INIT;
	struct scan_toks t = SCAN_TOKS_INIT;
	static const char *const counts[] = {
		"created", "created-alone", "created-mixed", "read", "appended",
		"deleted", "deleted-alone", "deleted-mixed", "data-read", "data-written",
	};
	size_t from, k;
	long last;
	char *cmd;

	if (!is_word_line(sc->v[i].s, "Time:")) {
		size_t lines = is_terse(sc, i, &t) ? read_terse(sc, i, &t) : 0;

		scan_toks_release(&t);
		return lines;
	}
	last = read_report(sc, i, &p);
	if (last < 0) {
		pending_clear(&p);
		return 1;
	}
	cmd = scan_command_above(sc, i);
	from = sc->out->nr;
	pending_commit(sc, &p, cmd ? cmd : "postmark");
	free(cmd);
	pending_clear(&p);
	/*
	 * How many files were created, read, deleted and how many megabytes
	 * moved follow from the run's settings (pm> set number, set
	 * transactions); the times and rates are what it measured.
	 */
	for (k = 0; k < ARRAY_SIZE(counts); k++)
		scan_mark_context(sc, from, counts[k]);
	return (size_t)last - i + 1;
}

static const char *const postmark_mail_words[] = { "seconds of transactions", "seconds total", NULL };

/* "Time:", "Files:", "Data:" alone on their lines head the report's groups */
static int postmark_is_title(const char *line)
{
	static const char *const titles[] = { "Time:", "Files:", "Data:" };
	size_t k;

	line = skip_prompts(line);
	for (k = 0; k < ARRAY_SIZE(titles); k++)
		if (!strcmp(line, titles[k]))
			return 1;
	return 0;
}

const struct parser parser_postmark = {
	.name = "postmark",
	.summary = "PostMark's report and its terse line (Debian's 1.5x)",
	.starts = postmark_starts,
	.read_block = postmark_read_block,
	.flags = PARSER_IN_MAIL,
	.mail_words = postmark_mail_words,
	.is_title = postmark_is_title,
};
