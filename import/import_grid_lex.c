/*
 * A line read as a table row: pieces between blanks, tabs and '|', which
 * of them are value cells (a number or a duration, a unit glued to it, a
 * note in brackets or after "~" / "+-" / "*"), and the label left and
 * right of the cells.
 */
#include "import_grid.h"
#include "../parse/parse_duration.h"
#include "../core/strbuf.h"
#include "../core/util.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

size_t grid_screen_col(const char *line, const char *p)
{
	size_t x = 0;

	for (; line < p; line++)
		x = *line == '\t' ? (x / 8 + 1) * 8 : x + 1;
	return x;
}

struct piece {
	const char *s;
	size_t n;
	size_t x0, x1;
	size_t gap;      /* screen columns of blank before it */
	int hard;        /* a tab or '|' before it */
};

static int is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

static int is_digit(char c)
{
	return c >= '0' && c <= '9';
}

static int is_alpha(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

/* Splits s on blanks and '|' into *out (grown as needed); returns how many. */
static size_t split_pieces(struct piece **out, size_t *alloc, const char *s, size_t n)
{
	size_t nr = 0, i = 0, x = 0;

	while (i < n) {
		size_t gap = 0;
		int hard = 0;
		struct piece *p;

		while (i < n && (is_blank(s[i]) || s[i] == '|')) {
			size_t nx = s[i] == '\t' ? (x / 8 + 1) * 8 : x + 1;

			if (s[i] == '\t' || s[i] == '|')
				hard = 1;
			gap += nx - x;
			x = nx;
			i++;
		}
		if (i == n)
			break;
		ALLOC_GROW(*out, nr + 1, *alloc);
		p = &(*out)[nr++];
		p->s = s + i;
		p->gap = gap;
		p->hard = hard;
		p->x0 = x;
		while (i < n && !is_blank(s[i]) && s[i] != '|') {
			i++;
			x++;
		}
		p->n = (size_t)(s + i - p->s);
		p->x1 = x;
	}
	return nr;
}

size_t grid_words(struct grid_span **out, size_t *alloc, const char *s, size_t n)
{
	struct piece *p = NULL;
	size_t palloc = 0, np = split_pieces(&p, &palloc, s, n), i;

	ALLOC_GROW(*out, np, *alloc);
	for (i = 0; i < np; i++)
		(*out)[i] = (struct grid_span){ p[i].s, p[i].n, p[i].x0, p[i].x1 };
	free(p);
	return np;
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

/* Whether s[0, n) is one of the words (a word is compared only when its first character is s's). */
static int word_in(const char *s, size_t n, const char *const *words, size_t nwords)
{
	size_t i;

	for (i = 0; n && i < nwords; i++)
		if (words[i][0] == s[0] && strlen(words[i]) == n && !memcmp(words[i], s, n))
			return 1;
	return 0;
}

/*
 * Whether s is a unit that stands glued to a number: "%", "s", "ms",
 * "MB", "k", "x", or anything per second ("MB/s", "Mb/sec", "KiB/s").
 * Only these: "2559ext3" and "2559reiser" are labels, not numbers.
 */
static int is_glued_unit(const char *s, size_t n)
{
	static const char *const units[] = {
		"%", "s", "sec", "secs", "ms", "msec", "us", "usec", "ns", "m", "min",
		"mins", "h", "x", "X", "k", "K", "M", "G", "T", "B", "KB", "kB", "MB",
		"GB", "TB", "KiB", "MiB", "GiB", "TiB", "Kb", "Mb", "Gb", "MBps", "KBps",
	};

	return word_in(s, n, units, ARRAY_SIZE(units)) || is_per_time(s, n);
}

static int is_missing(const char *s, size_t n)
{
	static const char *const words[] = { "N/A", "n/a", "NA", "n.a.", "-", "--", "---", "?" };

	return word_in(s, n, words, ARRAY_SIZE(words));
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

	memset(c, 0, sizeof(*c));
	c->text.s = c->value.s = s;
	c->text.n = c->value.n = n;
	if (is_missing(s, n)) {
		c->kind = GRID_MISSING;
		return 0;
	}
	/* every other value (a number, a duration, "+Inf%") starts so: most words of a line are passed here */
	if (!n || (!is_digit(s[0]) && s[0] != '+' && s[0] != '-' && s[0] != '.'))
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
	static const char *const words[] = {
		"%", "s", "sec", "secs", "second", "seconds", "ms", "msec", "msecs",
		"us", "usec", "usecs", "ns", "min", "mins", "minute", "minutes", "h", "hr", "hrs",
		"hour", "hours", "x", "iops",
		"IOPS", "tps", "MB", "KB", "kB", "GB", "MiB", "KiB", "GiB",
	};

	return word_in(s, n, words, ARRAY_SIZE(words)) || is_per_time(s, n);
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

static void set_note(struct grid_cell *c, const struct piece *from, const struct piece *to,
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
static size_t read_note(struct grid_cell *c, const struct piece *p, size_t n)
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
	struct piece *p = NULL;
	size_t alloc = 0, np = split_pieces(&p, &alloc, s, n), used;
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

/* A cell read at pieces p[i, np): how many pieces it takes, 0 if none. */
static size_t read_cell_at(struct grid_cell *c, const struct piece *p, size_t i, size_t np)
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
		const struct piece *u = &p[i + used];

		c->unit = (struct grid_span){ u->s, u->n, u->x0, u->x1 };
		used++;
	}
	if (c->kind != GRID_MISSING)
		used += read_note(c, p + i + used, np - i - used);
	c->text.n = (size_t)(p[i + used - 1].s + p[i + used - 1].n - p[i].s);
	c->text.x1 = p[i + used - 1].x1;
	return used;
}

static struct grid_span join(const struct piece *p, size_t from, size_t to)
{
	struct grid_span sp = { NULL, 0, 0, 0 };

	if (from >= to)
		return sp;
	sp.s = p[from].s;
	sp.n = (size_t)(p[to - 1].s + p[to - 1].n - p[from].s);
	sp.x0 = p[from].x0;
	sp.x1 = p[to - 1].x1;
	return sp;
}

struct item {
	size_t piece, npieces;
	int cell;
	int connector;   /* "@", "/", ",", "and" between two cells */
	struct grid_cell c;
};

static int is_connector(const char *s, size_t n)
{
	return (n == 1 && (s[0] == '@' || s[0] == '/' || s[0] == ',' || s[0] == '+')) ||
	       (n == 3 && !memcmp(s, "and", 3)) || (n == 2 && !memcmp(s, "at", 2));
}

/* A word that names the value before it: "cpu", "user", "system", "total". */
static int is_suffix_word(const char *s, size_t n)
{
	size_t i;

	if (n < 2 || n > 10)
		return 0;
	for (i = 0; i < n; i++)
		if (!(s[i] >= 'a' && s[i] <= 'z') && s[i] != '%')
			return 0;
	return 1;
}

/* A remark after a row: "<- what happened here?", "# odd", "(noisy)". */
static int is_remark(const char *s, size_t n)
{
	return (n >= 2 && s[0] == '<' && s[1] == '-') || s[0] == '#' ||
	       (n >= 2 && s[0] == '-' && s[1] == '-' && n > 2 && s[2] != '-');
}

/*
 * The run of cells a row is made of: the last run that ends the line, or
 * a run at the start of the line followed by a label set apart by a wide
 * gap (the 0-day robot's rows).  -1 when the line has none.
 */
static int choose_run(const struct item *it, size_t nit, const struct piece *p,
		      size_t *from, size_t *to)
{
	size_t end = nit, start;

	/* a remark after the values is no part of the row */
	for (start = 0; start < nit; start++)
		if (!it[start].cell && start && it[start - 1].cell &&
		    is_remark(p[it[start].piece].s, p[it[start].piece].n)) {
			end = start;
			break;
		}
	while (end && !it[end - 1].cell)
		end--;
	if (!end)
		return -1;
	start = end;
	while (start && (it[start - 1].cell ||
			 (it[start - 1].connector && start >= 2 && it[start - 2].cell)))
		start--;
	if (end < nit && !is_remark(p[it[end].piece].s, p[it[end].piece].n)) {
		/* text after the cells: a label only when nothing stands before them */
		if (start > 0 || p[it[end].piece].gap < 2)
			return -1;
	}
	*from = start;
	*to = end;
	return 0;
}

/* How many seconds a time unit is: "min" 60, "secs" 1; 0 when it is none. */
static int unit_seconds(const struct grid_span *u)
{
	static const struct { const char *w; int sec; } units[] = {
		{ "h", 3600 }, { "hr", 3600 }, { "hrs", 3600 }, { "hour", 3600 }, { "hours", 3600 },
		{ "m", 60 }, { "min", 60 }, { "mins", 60 }, { "minute", 60 }, { "minutes", 60 },
		{ "s", 1 }, { "sec", 1 }, { "secs", 1 }, { "second", 1 }, { "seconds", 1 },
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(units); i++)
		if (strlen(units[i].w) == u->n && !memcmp(units[i].w, u->s, u->n))
			return units[i].sec;
	return 0;
}

/*
 * "21 min 14 secs", "4 minutes 20 seconds": two cells that are one
 * duration, the second in a smaller unit, are merged into the first.
 */
static void merge_durations(struct item *it, size_t *nit)
{
	size_t i;

	for (i = 0; i + 1 < *nit; i++) {
		struct grid_cell *a = &it[i].c, *b = &it[i + 1].c;
		int ua, ub;

		if (!it[i].cell || !it[i + 1].cell || a->kind != GRID_NUMBER || b->kind != GRID_NUMBER ||
		    a->note.n || !(ua = unit_seconds(&a->unit)) || !(ub = unit_seconds(&b->unit)) ||
		    ub >= ua)
			continue;
		a->kind = GRID_DURATION;
		a->text.n = (size_t)(b->text.s + b->text.n - a->text.s);
		a->text.x1 = b->text.x1;
		a->value = a->text;
		a->unit.n = 0;
		a->note = b->note;
		a->note_pct = b->note_pct;
		a->note_spread = b->note_spread;
		it[i].npieces += it[i + 1].npieces;
		memmove(&it[i + 1], &it[i + 2], (*nit - i - 2) * sizeof(*it));
		(*nit)--;
	}
}

/* "16", not "19:55" or "4.5 MB/s": what a label's parameter looks like */
static int plain_integer(const struct grid_cell *c)
{
	size_t i;

	if (c->kind != GRID_NUMBER || c->unit.n || c->note.n)
		return 0;
	for (i = 0; i < c->value.n; i++)
		if (!is_digit(c->value.s[i]))
			return 0;
	return 1;
}

/* A month's name: a time of day beside one is a date, not a duration. */
static int is_month(const char *s, size_t n)
{
	static const char months[] = "JanFebMarAprMayJunJulAugSepOctNovDec";
	size_t i;

	if (n < 3)
		return 0;
	for (i = 0; i < sizeof(months) - 1; i += 3)
		if (!strncasecmp(s, months + i, 3) && (n == 3 || is_alpha(s[3])))
			return 1;
	return 0;
}

/* A patch's file lines ("--- a/fs/x.c", "+++ b/fs/x.c") and hunk heads hold no results. */
static int is_diff_head(const char *s, size_t n)
{
	return n >= 4 && (!memcmp(s, "--- ", 4) || !memcmp(s, "+++ ", 4) || !memcmp(s, "@@ ", 3) ||
			  (n >= 5 && !memcmp(s, "diff ", 5)));
}

int grid_row_read(struct grid_row *out, const char *s, size_t n)
{
	struct piece *p = NULL;
	struct item *it = NULL;
	size_t alloc = 0, ialloc = 0, np, nit = 0, i, from, to, k;
	int ret = -1;

	memset(out, 0, sizeof(*out));
	if (is_diff_head(s, n))
		return -1;
	np = split_pieces(&p, &alloc, s, n);
	/* "Thu Nov 22 23:02:59 2001": a date; its numbers are no results */
	for (i = 0; i + 1 < np; i++)
		if (is_digit(p[i + 1].s[0]) && is_month(p[i].s, p[i].n))
			goto done;
	for (i = 0; i < np;) {
		struct item cur;

		memset(&cur, 0, sizeof(cur));
		cur.piece = i;
		cur.npieces = read_cell_at(&cur.c, p, i, np);
		cur.cell = cur.npieces > 0;
		if (!cur.cell) {
			cur.npieces = 1;
			cur.connector = nit && it[nit - 1].cell && is_connector(p[i].s, p[i].n);
		} else if (i + cur.npieces < np) {
			/* "10% cpu": a word after the value names it, when a value or nothing follows */
			const struct piece *w = &p[i + cur.npieces];
			size_t after = i + cur.npieces + 1;

			if (w->gap == 1 && is_suffix_word(w->s, w->n) &&
			    (after == np || is_connector(p[after].s, p[after].n) ||
			     is_remark(p[after].s, p[after].n) ||
			     grid_cell_read(&(struct grid_cell){ 0 }, p[after].s, p[after].n) == 0)) {
				cur.c.suffix = (struct grid_span){ w->s, w->n, w->x0, w->x1 };
				cur.npieces++;
			}
		}
		ALLOC_GROW(it, nit + 1, ialloc);
		it[nit++] = cur;
		i += cur.npieces;
	}
	merge_durations(it, &nit);
	if (choose_run(it, nit, p, &from, &to) < 0)
		goto done;
	if (from > 0) {
		const struct piece *first = &p[it[from].piece];
		const struct piece *before = &p[it[from].piece - 1];
		int colon = before->s[before->n - 1] == ':';

		/* "dbench 16     31.2   28.7": a number set close to the label is part of it */
		if (to - from >= 2 && first->gap == 1 && !first->hard &&
		    p[it[from + 1].piece].gap >= 2 && !colon && plain_integer(&it[from].c))
			from++;
		first = &p[it[from].piece];
		if (to - from == 1 && first->gap < 2 && !first->hard && !colon)
			goto done;
	}
	out->label = join(p, 0, it[from].piece);
	out->tail = to < nit ? join(p, it[to].piece, np) : join(p, 0, 0);
	out->cells = xcalloc(to - from, sizeof(*out->cells));
	for (k = from; k < to; k++)
		if (it[k].cell)
			out->cells[out->ncells++] = it[k].c;
	ret = 0;
done:
	free(p);
	free(it);
	return ret;
}

void grid_row_release(struct grid_row *r)
{
	free(r->cells);
	free(r->col);
	memset(r, 0, sizeof(*r));
}
