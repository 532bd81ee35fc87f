/*
 * A line's cells as values: a number or a duration, a unit glued to it or
 * written apart, a note in brackets or after "~" / "+-" / "*", and the
 * words that stand for a missing value.  import_grid_lex.c splits the
 * line into pieces and decides which of them make the row.
 */
#include "import_grid.h"
#include "import_grid_cell.words.h"  /* build/gen: the indexes of the lists below */
#include "import_grid_lex.h"
#include "import_grid_name.h"
#include "../parse/parse_duration.h"
#include "../core/strbuf.h"
#include "../core/util.h"

#include <stdlib.h>
#include <string.h>

static int is_digit(char c)
{
	return c >= '0' && c <= '9';
}

static int is_alpha(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

/* Digits with an optional fraction and exponent; how many bytes, 0 if none. */
static size_t number_len(const char *s, size_t n, int *thousands)
{
	size_t i = 0, d = 0;

	*thousands = 0;

	if (i < n && (s[i] == '+' || s[i] == '-'))
		i++;
	while (i < n && is_digit(s[i])) {
		i++;
		d++;
	}
	/* "1,201,333": groups of three after a comma are thousands */
	if (d && d <= 3 && i < n && s[i] == ',') {
		size_t j = i;

		while (j + 3 < n && s[j] == ',' && is_digit(s[j + 1]) && is_digit(s[j + 2]) &&
		       is_digit(s[j + 3]) && (j + 4 == n || !is_digit(s[j + 4])))
			j += 4;
		if (j > i && (j == n || s[j] != ',')) {
			i = j;
			*thousands = 1;
		}
	}
	if (i + 1 < n && (s[i] == '.' || (s[i] == ',' && d)) && is_digit(s[i + 1])) {
		i++;
		while (i < n && is_digit(s[i])) {
			i++;
			d++;
		}
	}
	/* "11111111111111111111": a string of digits, no quantity */
	if (!d || d > 15)
		return 0;
	if (i + 1 < n && (s[i] == 'e' || s[i] == 'E')) {
		size_t j = i + 1;

		if (j < n && (s[j] == '+' || s[j] == '-'))
			j++;
		if (j < n && is_digit(s[j])) {
			while (j < n && is_digit(s[j]))
				j++;
			i = j;
		}
	}
	return i;
}

static int is_per_time(const char *s, size_t n);

/*
 * Whether s is a unit that stands glued to a number: "%", "s", "ms",
 * "MB", "k", "x", or anything per second ("MB/s", "Mb/sec", "KiB/s").
 * Only these: "2559ext3" and "2559reiser" are labels, not numbers.
 */
static int is_glued_unit(const char *s, size_t n)
{
	static const char *const glued_units[] = {
		"%", "s", "sec", "secs", "ms", "msec", "us", "usec", "ns", "m", "min",
		"mins", "h", "x", "X", "k", "K", "M", "G", "T", "B", "KB", "kB", "MB",
		"GB", "TB", "KiB", "MiB", "GiB", "TiB", "Kb", "Mb", "Gb", "MBps", "KBps",
	};
	static const struct grid_wordset units = GRID_WORDSET(glued_units);

	/* each starts with a letter or '%': "2.6.12" (".12" after "2.6") goes at once */
	if (!n || (!is_alpha(s[0]) && s[0] != '%'))
		return 0;
	return grid_word_is(s, n, &units) || is_per_time(s, n);
}

static int is_missing(const char *s, size_t n)
{
	static const char *const missing_words[] = { "N/A", "n/a", "NA", "n.a.", "-", "--", "---", "?" };
	static const struct grid_wordset words = GRID_WORDSET(missing_words);

	return grid_word_is(s, n, &words);
}

/* A duration with ':' or h/m/s units ("2:35", "0m2.129s", "1m.10s" is not one). */
static int is_duration(const char *s, size_t n)
{
	struct duration d;
	size_t i;
	int form = 0;

	for (i = 0; i < n; i++)
		if (s[i] == ':' || s[i] == 'h' || s[i] == 'm' || s[i] == 's')
			form = 1;
	return form && duration_read(&d, s, n) == 0;
}

/* One piece as a value: 0 and the value's parts in c when it is one. */
static int read_value(struct grid_cell *c, const char *s, size_t n)
{
	size_t k;

	if (!grid_may_be_value(s, n))
		return -1;
	memset(c, 0, sizeof(*c));
	c->text.s = c->value.s = s;
	c->text.n = c->value.n = n;
	/* no missing value's word starts with a digit, as most values do */
	if (!is_digit(s[0]) && is_missing(s, n)) {
		c->kind = GRID_MISSING;
		return 0;
	}
	/* every other value (a number, a duration, "+Inf%") starts with a digit, a sign or '.' */
	if (!is_digit(s[0]) && s[0] != '+' && s[0] != '-' && s[0] != '.')
		return -1;
	if (n >= 2 && (s[0] == '+' || s[0] == '-') && !strncmp(s + 1, "Inf%", n - 1) && n == 5) {
		c->kind = GRID_NUMBER;
		c->signed_pct = 1;
		c->value.n = 4;
		c->unit.s = s + 4;
		c->unit.n = 1;
		return 0;
	}
	if (is_duration(s, n)) {
		c->kind = GRID_DURATION;
		return 0;
	}
	k = number_len(s, n, &c->thousands);
	if (!k)
		return -1;
	c->kind = GRID_NUMBER;
	c->value.n = k;
	if (k < n) {
		if (!is_glued_unit(s + k, n - k))
			return -1;
		c->unit.s = s + k;
		c->unit.n = n - k;
		/* "50.5s" is a duration whose unit says so */
		if (n - k == 1 && s[k] == 's')
			c->kind = GRID_DURATION;
	}
	if ((s[0] == '+' || s[0] == '-') && c->unit.n == 1 && c->unit.s[0] == '%')
		c->signed_pct = 1;
	return 0;
}

/* A unit written apart from its number: "MB/s", "sec", "%", "files/sec". */
static int is_unit_word(const char *s, size_t n)
{
	static const char *const unit_words[] = {
		"%", "s", "sec", "secs", "second", "seconds", "ms", "msec", "msecs",
		"us", "usec", "usecs", "ns", "min", "mins", "minute", "minutes", "h", "hr", "hrs",
		"hour", "hours", "x", "iops",
		"IOPS", "tps", "MB", "KB", "kB", "GB", "MiB", "KiB", "GiB",
	};
	static const struct grid_wordset words = GRID_WORDSET(unit_words);

	return grid_word_is(s, n, &words) || is_per_time(s, n);
}

/* Anything per second or per minute: "MB/sec", "ops/s", "files/sec", "KiB/s". */
static int is_per_time(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (s[i] == '/')
			break;
	if (!i || i >= n - 1 || !is_alpha(s[0]))
		return 0;
	for (size_t j = 0; j < i; j++)
		if (!is_alpha(s[j]))
			return 0;
	return (n - i - 1 == 1 && s[i + 1] == 's') ||
	       (n - i - 1 == 3 && (!memcmp(s + i + 1, "sec", 3) || !memcmp(s + i + 1, "min", 3)));
}

/* The number inside a note ("0.00%", "+1.42%", "5"): whether it is one, and a percentage. */
static int note_number(const char *s, size_t n, int *pct)
{
	size_t k;

	while (n && s[0] == ' ') {
		s++;
		n--;
	}
	while (n && s[n - 1] == ' ')
		n--;
	*pct = n && s[n - 1] == '%';
	if (*pct)
		n--;
	if (n == 3 && !memcmp(s, "Inf", 3))
		return 1;
	if (n == 4 && (s[0] == '+' || s[0] == '-') && !memcmp(s + 1, "Inf", 3))
		return 1;
	int thousands;

	k = number_len(s, n, &thousands);
	return k && k == n;
}

/* The number inside a note ("(  1.42%)" is 1.42, "\\261  0%" 0), without its sign's '+'. */
static struct grid_span note_number_span(const char *s, size_t n)
{
	struct grid_span sp = { NULL, 0, 0, 0 };
	size_t i;
	int thousands;

	/* past the mark: "~", "+-", "+/-", "±", "\\261", "(", "*" */
	i = n >= 4 && s[0] == '\\' ? 4 : 0;
	for (; i < n; i++) {
		if (is_digit(s[i]) || (s[i] == '-' && i + 1 < n && is_digit(s[i + 1]) &&
				       (i == 0 || s[i - 1] != '+')))
			break;
	}
	if (i < n) {
		sp.s = s + i;
		sp.n = number_len(s + i, n - i, &thousands);
	}
	return sp;
}

static void set_note(struct grid_cell *c, const struct grid_piece *from, const struct grid_piece *to,
		     int pct, int spread)
{
	c->note.s = from->s;
	c->note.n = (size_t)(to->s + to->n - from->s);
	c->note.x0 = from->x0;
	c->note.x1 = to->x1;
	c->note_pct = pct;
	c->note_spread = spread;
	c->note_value = note_number_span(c->note.s, c->note.n);
}

/*
 * The note after a value at pieces p[0, n): "(  1.42%)", "(0.5)", "~ 5%",
 * "~104%", "+- 0.3", "±0.3", "*  -0.44%*".  Returns how many pieces it
 * takes, 0 when there is none.
 */
static size_t read_note(struct grid_cell *c, const struct grid_piece *p, size_t n)
{
	int pct;
	size_t i;

	if (!n || p[0].gap > 6)
		return 0;
	if (p[0].s[0] == '(') {
		struct strbuf in = STRBUF_INIT;
		int ok;

		for (i = 0; i < n && i < 3; i++) {
			strbuf_add(&in, p[i].s, p[i].n);
			if (p[i].s[p[i].n - 1] == ')')
				break;
		}
		ok = i < n && i < 3 && in.len > 2 &&
		     note_number(in.buf + 1, in.len - 2, &pct);
		strbuf_release(&in);
		if (!ok)
			return 0;
		set_note(c, &p[0], &p[i], pct, !pct);
		return i + 1;
	}
	/*
	 * '±' in UTF-8, as the one Latin-1 byte mail sent undeclared holds,
	 * or written "\261" where a 7-bit path escaped that byte
	 */
	if (p[0].s[0] == '~' || (p[0].n >= 2 && !memcmp(p[0].s, "+-", 2)) ||
	    (p[0].n >= 3 && !memcmp(p[0].s, "+/-", 3)) ||
	    (p[0].n >= 2 && !memcmp(p[0].s, "\xc2\xb1", 2)) || (unsigned char)p[0].s[0] == 0xb1 ||
	    (p[0].n >= 4 && !memcmp(p[0].s, "\\261", 4))) {
		size_t skip = p[0].s[0] == '~' || (unsigned char)p[0].s[0] == 0xb1 ? 1 :
			      p[0].s[0] == '\\' ? 4 : p[0].s[1] == '/' ? 3 : 2;

		if (p[0].n > skip && note_number(p[0].s + skip, p[0].n - skip, &pct)) {
			set_note(c, &p[0], &p[0], pct, 1);
			return 1;
		}
		if (p[0].n == skip && n > 1 && p[1].gap <= 3 && note_number(p[1].s, p[1].n, &pct)) {
			set_note(c, &p[0], &p[1], pct, 1);
			return 2;
		}
		return 0;
	}
	/* MMTests marks a significant change "*  -0.44%*" */
	if (p[0].s[0] == '*') {
		if (p[0].n > 2 && p[0].s[p[0].n - 1] == '*' &&
		    note_number(p[0].s + 1, p[0].n - 2, &pct)) {
			set_note(c, &p[0], &p[0], pct, 0);
			return 1;
		}
		if (p[0].n == 1 && n > 1 && p[1].n > 1 && p[1].s[p[1].n - 1] == '*' &&
		    note_number(p[1].s, p[1].n - 1, &pct)) {
			set_note(c, &p[0], &p[1], pct, 0);
			return 2;
		}
	}
	return 0;
}

int grid_cell_read(struct grid_cell *out, const char *s, size_t n)
{
	struct grid_piece *p = NULL;
	size_t alloc = 0, np = grid_split_pieces(&p, &alloc, s, n), used;
	int ret = -1;

	if (!np || read_value(out, p[0].s, p[0].n) < 0)
		goto done;
	used = 1;
	if (used < np && !out->unit.n && is_unit_word(p[used].s, p[used].n) &&
	    p[used].gap == 1) {
		out->unit = (struct grid_span){ p[used].s, p[used].n, p[used].x0, p[used].x1 };
		used++;
	}
	used += read_note(out, p + used, np - used);
	if (used == np)
		ret = 0;
done:
	free(p);
	return ret;
}

int grid_piece_is_value(const struct grid_piece *p)
{
	struct grid_cell c;

	return read_value(&c, p->s, p->n) == 0;
}

/* A cell read at pieces p[i, np): how many pieces it takes, 0 if none. */
size_t grid_cell_at(struct grid_cell *c, const struct grid_piece *p, size_t i, size_t np)
{
	size_t used;

	if (read_value(c, p[i].s, p[i].n) < 0)
		return 0;
	c->text.x0 = c->value.x0 = p[i].x0;
	c->text.x1 = c->value.x1 = p[i].x1;
	if (c->unit.n) {
		c->unit.x0 = p[i].x0 + (size_t)(c->unit.s - p[i].s);
		c->unit.x1 = p[i].x1;
		c->value.x1 = c->unit.x0;
	}
	used = 1;
	if (i + used < np && !c->unit.n && c->kind != GRID_MISSING && p[i + used].gap == 1 &&
	    is_unit_word(p[i + used].s, p[i + used].n)) {
		const struct grid_piece *u = &p[i + used];

		c->unit = (struct grid_span){ u->s, u->n, u->x0, u->x1 };
		used++;
	}
	if (c->kind != GRID_MISSING)
		used += read_note(c, p + i + used, np - i - used);
	c->text.n = (size_t)(p[i + used - 1].s + p[i + used - 1].n - p[i].s);
	c->text.x1 = p[i + used - 1].x1;
	return used;
}
