/*
 * The command or label a block is named by: a "time CMD", "+ CMD" or
 * prompt line above it, or the block committed right above.
 */
#include "parse_scan.h"

#include <stdlib.h>
#include <string.h>

/* How far above a block its command may stand (lines of its own output). */
#define COMMAND_REACH 40

/* isspace in the C locale, without a ctype call a byte */
static int is_space(char c)
{
	return c == ' ' || (c >= '\t' && c <= '\r');
}

char *scan_label(const char *s, size_t len)
{
	while (len && is_space(*s)) {
		s++;
		len--;
	}
	while (len && (is_space(s[len - 1]) || s[len - 1] == ':'))
		len--;
	return len ? xstrndup(s, len) : NULL;
}

static int is_prompt_end(const struct scan_tok *t)
{
	char c = t->s[t->len - 1];

	return c == '$' || c == '#' || c == '%' || c == '>';
}

static int all_plus(const struct scan_tok *t)
{
	size_t i;

	for (i = 0; i < t->len; i++)
		if (t->s[i] != '+')
			return 0;
	return 1;
}

/* The options of time itself (bash's -p, GNU time's), not the command's. */
static size_t skip_time_options(const struct scan_toks *t, size_t k)
{
	while (k < t->nr && t->v[k].len > 1 && t->v[k].s[0] == '-') {
		if (tok_is(&t->v[k], "-f") || tok_is(&t->v[k], "-o") ||
		    tok_is(&t->v[k], "--format") || tok_is(&t->v[k], "--output"))
			k++;
		k++;
	}
	return k;
}

static char *rest_from(const struct scan_toks *t, size_t k)
{
	if (k >= t->nr)
		return NULL;
	return scan_label(t->v[k].s, strlen(t->v[k].s));
}

char *scan_command_of(const char *line)
{
	struct scan_toks t = SCAN_TOKS_INIT;
	char *cmd = NULL;
	size_t k;

	scan_split(&t, line);
	if (!t.nr)
		goto done;
	for (k = 0; k < t.nr; k++) {
		const struct scan_tok *w = &t.v[k];

		if (!(tok_is(w, "time") || tok_ends(w, "/time")))
			continue;
		/* only at the start of the line or right after a prompt */
		if (k && !(k == 1 ? is_prompt_end(&t.v[0]) || all_plus(&t.v[0])
				  : is_prompt_end(&t.v[k - 1])))
			break;
		cmd = rest_from(&t, skip_time_options(&t, k + 1));
		goto done;
	}
	if (all_plus(&t.v[0]) || tok_is(&t.v[0], "$") || tok_is(&t.v[0], "#") ||
	    tok_is(&t.v[0], "%") ||
	    (t.v[0].len > 1 && (t.v[0].s[t.v[0].len - 1] == '$' || t.v[0].s[t.v[0].len - 1] == '#') &&
	     memchr(t.v[0].s, '@', t.v[0].len)))
		cmd = rest_from(&t, 1);
done:
	scan_toks_release(&t);
	return cmd;
}

/* The block above ends on line idx: its name is the next one's. */
static char *name_of_block_above(struct scan *sc, size_t idx)
{
	if (sc->have_prev && sc->prev_last == idx && sc->prev_name)
		return xstrdup(sc->prev_name);
	return NULL;
}

char *scan_command_above(struct scan *sc, size_t first)
{
	size_t i = first, seen = 0;

	while (i > 0 && !scan_line(sc, i - 1)->used && scan_blank(scan_line(sc, i - 1)))
		i--;
	while (i > 0 && seen < COMMAND_REACH) {
		const struct scan_line *l = scan_line(sc, --i);
		char *cmd;

		if (l->used)
			return seen ? NULL : name_of_block_above(sc, i);
		if (scan_blank(l))
			break;
		cmd = scan_command_of(l->s);
		if (cmd)
			return cmd;
		seen++;
	}
	return NULL;
}

/* How far above a time block its "time CMD" line may stand, over the command's output. */
#define TIME_COMMAND_REACH 2000

char *scan_time_command_above(struct scan *sc, size_t first)
{
	size_t i = first, seen = 0;

	while (i > 0 && seen++ < TIME_COMMAND_REACH) {
		const struct scan_line *l = scan_line(sc, --i);
		char *cmd;

		if (l->used)
			return NULL;
		if (scan_blank(l) || !(cmd = scan_command_of(l->s)))
			continue;
		/* a prompt's "$ time CMD"; a script's own "time CMD" line is not what ran here */
		if (strstr(l->s, " time ") && strncmp(l->s + strspn(l->s, " \t"), "time", 4))
			return cmd;
		free(cmd);
		return NULL;   /* another command: the block is not its output */
	}
	return NULL;
}
