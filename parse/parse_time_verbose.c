#include "parse_time.h"
#include "../core/util.h"

#include <ctype.h>
#include <string.h>

/* GNU time -v: "\tLabel: value" lines, every numeric one kept. */
enum verbose_kind { V_NUMBER, V_DURATION, V_PERCENT };

static const struct {
	const char *label, *metric, *unit;
	enum verbose_kind kind;
} verbose_fields[] = {
	{ "User time (seconds)", "user", "s", V_DURATION },
	{ "System time (seconds)", "sys", "s", V_DURATION },
	{ "Percent of CPU this job got", "cpu", "%", V_PERCENT },
	{ "Elapsed (wall clock) time (h:mm:ss or m:ss)", "elapsed", "s", V_DURATION },
	{ "Average shared text size (kbytes)", "avgtext", "KiB", V_NUMBER },
	{ "Average unshared data size (kbytes)", "avgdata", "KiB", V_NUMBER },
	{ "Average stack size (kbytes)", "avgstack", "KiB", V_NUMBER },
	{ "Average total size (kbytes)", "avgtotal", "KiB", V_NUMBER },
	{ "Maximum resident set size (kbytes)", "maxrss", "KiB", V_NUMBER },
	{ "Average resident set size (kbytes)", "avgrss", "KiB", V_NUMBER },
	{ "Major (requiring I/O) page faults", "major-faults", NULL, V_NUMBER },
	{ "Minor (reclaiming a frame) page faults", "minor-faults", NULL, V_NUMBER },
	{ "Voluntary context switches", "voluntary-cs", NULL, V_NUMBER },
	{ "Involuntary context switches", "involuntary-cs", NULL, V_NUMBER },
	{ "Swaps", "swaps", NULL, V_NUMBER },
	{ "File system inputs", "inputs", NULL, V_NUMBER },
	{ "File system outputs", "outputs", NULL, V_NUMBER },
	{ "Socket messages sent", "socket-sent", NULL, V_NUMBER },
	{ "Socket messages received", "socket-received", NULL, V_NUMBER },
	{ "Signals delivered", "signals", NULL, V_NUMBER },
	{ "Page size (bytes)", "pagesize", "B", V_NUMBER },
	{ "Exit status", "exit-status", NULL, V_NUMBER },
};
#define NFIELDS ARRAY_SIZE(verbose_fields)
#define COMMAND_LABEL "Command being timed:"

/* The field of a line, with *value pointing after "Label:", or -1. */
static int field_of(const char *line, const char **value)
{
	const char *s = scan_skip_blanks(line);
	size_t f;

	/* every label starts with a capital: the lines tried (numbers, "real", "user") do not */
	if (*s < 'A' || *s > 'Z')
		return -1;
	for (f = 0; f < NFIELDS; f++) {
		size_t n;

		/* the first letter rules out nearly every label at once */
		if (verbose_fields[f].label[0] != *s)
			continue;
		n = strlen(verbose_fields[f].label);
		if (!strncmp(s, verbose_fields[f].label, n) && s[n] == ':') {
			*value = scan_skip_blanks(s + n + 1);
			return (int)f;
		}
	}
	return -1;
}

static char *unquote_command(const char *s)
{
	size_t len;

	s = scan_skip_blanks(s);
	len = strlen(s);
	while (len && isspace((unsigned char)s[len - 1]))
		len--;
	if (len >= 2 && s[0] == '"' && s[len - 1] == '"') {
		s++;
		len -= 2;
	}
	return scan_label(s, len);
}

static int read_field(struct time_block *b, size_t idx, int f, const char *value)
{
	struct scan_tok t = { value, strlen(value) };

	while (t.len && isspace((unsigned char)t.s[t.len - 1]))
		t.len--;
	switch (verbose_fields[f].kind) {
	case V_DURATION: {
		const char *space = memchr(t.s, ' ', t.len);
		char joined[64];

		/* busybox: "0m 0.00s" */
		if (space && space > t.s && space[-1] == 'm' && t.len < sizeof(joined)) {
			size_t n = (size_t)(space - t.s);

			memcpy(joined, t.s, n);
			memcpy(joined + n, space + 1, t.len - n - 1);
			t = (struct scan_tok){ joined, t.len - 1 };
			return pending_duration(&b->values, idx, verbose_fields[f].metric, &t, 0);
		}
		return pending_duration(&b->values, idx, verbose_fields[f].metric, &t, 0);
	}
	case V_PERCENT:
		if (tok_is(&t, "?%"))
			return 0;   /* GNU time prints ? when elapsed was 0 */
		if (!tok_ends(&t, "%"))
			return -1;
		return pending_number_kept(&b->values, idx, "cpu", "%", &t, 1, 1);
	case V_NUMBER:
		break;
	}
	return pending_number_kept(&b->values, idx, verbose_fields[f].metric,
				   verbose_fields[f].unit, &t, 0, 0);
}

static int is_command_line(const char *s)
{
	s = scan_skip_blanks(s);
	/* the first byte before the call: nearly every line asked about is turned away by it */
	return *s == 'C' && !strncmp(s, COMMAND_LABEL, strlen(COMMAND_LABEL));
}

int time_starts_verbose(struct scan *sc, size_t i)
{
	const char *value;

	/* after the command line anything is a block: whole or damaged */
	const char *s;

	if (i >= sc->nr)
		return 0;
	s = scan_line(sc, i)->s;
	return is_command_line(s) || field_of(s, &value) == 0;
}

int time_form_verbose(struct scan *sc, size_t i, struct time_block *b)
{
	size_t idx = i;
	int seen[NFIELDS] = { 0 };
	const char *first = scan_line(sc, i)->s, *value;
	int f;

	if (is_command_line(first)) {
		b->label = unquote_command(scan_skip_blanks(first) + strlen(COMMAND_LABEL));
		idx++;
	}
	f = idx < sc->nr ? field_of(scan_line(sc, idx)->s, &value) : -1;
	if (f != 0) {
		/* a block pasted without its head is not taken for one */
		if (idx == i)
			return 0;
		scan_damaged(sc, i, "expected GNU time -v fields after '%s'", COMMAND_LABEL);
		b->lines = 1;
		return -1;
	}
	for (; idx < sc->nr; idx++) {
		const struct scan_line *l = scan_line(sc, idx);

		if (l->used || (f = field_of(l->s, &value)) < 0)
			break;
		if (seen[f]++) {
			scan_damaged(sc, idx, "expected one line of '%s:'", verbose_fields[f].label);
			b->lines = idx + 1 - i;
			return -1;
		}
		/* an odd field is skipped, said, and the rest of the block kept */
		if (read_field(b, idx, f, value) < 0) {
			scan_damaged(sc, idx, "expected a number after '%s:'", verbose_fields[f].label);
			seen[f] = f < 4 ? -1 : seen[f];
		}
	}
	b->lines = idx - i;
	/* user, system and elapsed are what a truncated paste loses first */
	for (f = 0; f < 4; f++) {
		if (!seen[f]) {
			scan_damaged(sc, idx - 1, "expected '%s:' in GNU time -v output",
				     verbose_fields[f].label);
			return -1;
		}
	}
	/* GNU time and busybox end with the exit status: a block without it was cut */
	if (!seen[NFIELDS - 1])
		scan_damaged(sc, idx - 1, "expected the rest of GNU time -v output (it ends before '%s:')",
			     verbose_fields[NFIELDS - 1].label);
	return 1;
}
