#include "import_grid_name.h"
#include "import_grid_title.words.h"  /* build/gen: the index of the list below */
#include "import_heading.h"
#include "../core/strbuf.h"
#include "../core/util.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/*
 * What the line over a table says of it (import_grid_read.c asks): the
 * test its title names, and when a title names none.
 */

/* Words of a title that say nothing of what was measured. */
int grid_informative_title(const char *t)
{
	static const char *const empty_list[] = {
		"here", "are", "is", "the", "results", "result", "and", "some", "numbers", "my",
		"following", "below", "as", "follows", "were", "these", "this", "of", "a", "an",
		"i", "got", "with", "for", "on", "to", "quick", "data", "summary", "ok", "so",
		"then", "now", "again", "test", "tests", "run", "runs", "seconds", "secs", "sec",
		"minutes", "times", "time", "in", "mb/s", "ms",
	};
	static const struct grid_wordset empty = GRID_WORDSET(empty_list);

	while (*t) {
		size_t n;

		while (*t && !isalnum((unsigned char)*t))
			t++;
		n = 0;
		while (isalnum((unsigned char)t[n]) || t[n] == '_' || t[n] == '-' || t[n] == '.')
			n++;
		if (n && !grid_word_in(t, n, &empty))
			return 1;
		t += n;
	}
	return 0;
}

/*
 * A title's first clause: "Untar of linux-2.6.28.tar, elapsed (m:ss), one
 * run each" names the test before its first comma or bracket.
 */
char *grid_title_clause(const char *s, size_t n)
{
	size_t i;

	/* "I ran 'time ./x' 50 times.": the writer telling what was done, not a name */
	for (i = 0; i < n && (s[i] == ' ' || s[i] == '\t'); i++)
		;
	if ((n - i >= 2 && s[i] == 'I' && s[i + 1] == ' ') ||
	    (n - i >= 3 && (s[i] == 'W' || s[i] == 'w') && s[i + 1] == 'e' && s[i + 2] == ' '))
		return NULL;
	for (i = 0; i < n; i++)
		if (s[i] == ',' || s[i] == ';' || s[i] == '(' || (s[i] == ':' && i + 1 < n && s[i + 1] == ' '))
			break;
	return grid_trimmed(s, i);
}

/* At least min words, one space apart, with no tab: a line of prose, no row or name. */
static int prose_line(const char *s, size_t n, size_t min)
{
	while (n && (*s == ' ' || *s == '\t'))
		s++, n--;
	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t'))
		n--;
	return n && !memchr(s, '\t', n) && !memmem(s, n, "  ", 2) && import_count_words(s, n) >= min;
}

/*
 * "FWIW, the top 10 combinations for dbench (sorted / by 128 processes)
 * that I've seen so far are:" over a table: a sentence wrapped from the
 * line above, or one in which the writer tells what was done, names no
 * test by its first clause; it names one by a benchmark's word in it, or
 * none.  1 when the title is such a sentence, the word (or NULL) in *out.
 */
/* The writer's "I" ("I ran", "I've"): capital and a word of its own, not "I/O" nor "i.e.". */
static int writer_i(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (s[i] == 'I' && (i == 0 || !isalnum((unsigned char)s[i - 1])) &&
		    (i + 1 == n || s[i + 1] == ' ' || s[i + 1] == '\''))
			return 1;
	return 0;
}

/* The last byte of the n bytes at s that is no blank, or '\0'. */
static char last_byte(const char *s, size_t n)
{
	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r'))
		n--;
	return n ? s[n - 1] : '\0';
}

int grid_sentence_title(char **out, const struct grid *g, const struct grid_line *lines)
{
	static const char *const telling[] = { "we", "my", "our" };
	struct grid_line t = lines[g->title];
	struct strbuf sb = STRBUF_INIT;
	size_t at, len, i;
	int telling_words = 0, wrapped = g->lead_in >= 0;
	long above = wrapped ? g->lead_in : g->title - 1;

	/* "on ext4.  The report from ... :": the last sentence of the line is the title's */
	for (i = 0; i + 2 < t.n; i++)
		if (t.s[i] == '.' && t.s[i + 1] == ' ' && (isupper((unsigned char)t.s[i + 2]) ||
		    (t.s[i + 2] == ' ' && i + 3 < t.n && isupper((unsigned char)t.s[i + 3])))) {
			t.s += i + 2;
			t.n -= i + 2;
			i = 0;
			wrapped = 0;
			above = -1;
		}
	/* "by 128 processes) that ...": a line that starts lower case goes on from the one above */
	for (i = 0; i < t.n && (t.s[i] == ' ' || t.s[i] == '\t'); i++)
		;
	if (!wrapped && above >= 0 && i < t.n && islower((unsigned char)t.s[i]) && prose_line(t.s, t.n, 3) &&
	    prose_line(lines[above].s, lines[above].n, 4) && last_byte(lines[above].s, lines[above].n) != ':')
		wrapped = 1;
	if (wrapped) {
		strbuf_add(&sb, lines[above].s, lines[above].n);
		strbuf_addch(&sb, ' ');
	}
	strbuf_add(&sb, t.s, t.n);
	telling_words = writer_i(sb.buf, sb.len);
	for (i = 0; i < ARRAY_SIZE(telling); i++)
		telling_words += import_has_word(sb.buf, sb.len, telling[i]);
	*out = NULL;
	if (!wrapped && !telling_words) {
		strbuf_release(&sb);
		return 0;
	}
	/* a harness (mmtests) names no test of its own: the report under it does */
	if (import_find_benchmark(sb.buf, sb.len, &at, &len) && strncasecmp(sb.buf + at, "mmtests", len))
		*out = xstrndup(sb.buf + at, len);
	strbuf_release(&sb);
	return 1;
}
