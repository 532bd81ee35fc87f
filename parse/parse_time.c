#include "parse_time.h"
#include "../core/util.h"

#include <stdlib.h>
#include <string.h>

/*
 * time output of every common shell and of GNU time, found anywhere in a
 * text.  The forms are tried in order on each line not yet taken.
 */
const struct time_form time_forms[] = {
	{ "GNU time -v", time_starts_verbose, time_form_verbose, 0 },
	{ "POSIX time", time_starts_posix, time_form_posix, 0 },
	{ "one-line time", time_starts_line, time_form_line, 1 },
};
const size_t time_forms_nr = ARRAY_SIZE(time_forms);

/*
 * GNU time says why a command ended on the line before its report:
 * "Command exited with non-zero status 1", "Command terminated by signal 9".
 */
static void gnu_exit_line(struct scan *sc, struct time_block *b)
{
	static const struct { const char *prefix, *metric; } exits[] = {
		{ "Command exited with non-zero status ", "exit-status" },
		{ "Command terminated by signal ", "signal" },
	};
	size_t e, k;
	const char *s;

	if (!b->first || scan_line(sc, b->first - 1)->used)
		return;
	s = scan_line(sc, b->first - 1)->s;
	for (e = 0; e < ARRAY_SIZE(exits); e++) {
		size_t n = strlen(exits[e].prefix);
		struct scan_tok t = { s + n, 0 };

		if (strncmp(s, exits[e].prefix, n))
			continue;
		t.len = strlen(t.s);
		for (k = 0; k < b->values.nr; k++)
			if (!strcmp(b->values.v[k].metric, exits[e].metric))
				break;
		if (k < b->values.nr ||
		    !pending_number_kept(&b->values, b->first - 1, exits[e].metric, NULL, &t, 0, 0))
			b->first--;
		return;
	}
}

static int time_starts(struct scan *sc, size_t i)
{
	return !scan_blank(&sc->v[i]);
}

static size_t time_read_block(struct scan *sc, size_t i)
{
	struct time_block b = { PENDING_INIT, NULL, 0, 0 };
	size_t f;
	int r = 0;

	b.first = i;
	for (f = 0; f < time_forms_nr && !r; f++)
		r = time_forms[f].read(sc, i, &b);
	if (!r && time_starts_labels(sc, i))
		r = time_form_labels(sc, i, &b);
	if (r > 0) {
		char *cmd;

		gnu_exit_line(sc, &b);
		cmd = b.label ? NULL : scan_command_above(sc, b.first);
		/* "time make -j8" above the compile's own output, "time fio ..." above fio's */
		if (!b.label && !cmd)
			cmd = scan_time_command_above(sc, b.first);
		pending_commit(sc, &b.values, b.label ? b.label : cmd);
		free(cmd);
	}
	if (r != 0 && b.first < i)
		scan_use(sc, b.first, i - 1);
	pending_clear(&b.values);
	free(b.label);
	return r != 0 ? (b.lines ? b.lines : 1) : 0;
}

const struct parser parser_time = {
	.name = "time",
	.summary = "time of bash, ksh, zsh, tcsh, busybox, BSD, GNU (-v, -f), own formats",
	.starts = time_starts,
	.read_block = time_read_block,
};
