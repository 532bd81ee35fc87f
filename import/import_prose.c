#include "import_context.h"
#include "import_prose.h"
#include "import_prose_words.h"
#include "import_quantity.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../core/strbuf.h"
#include "../core/util.h"

/*
 * Numbers in sentences (import_prose.h says which).  The text is walked
 * for numbers; each number, with the numbers joined to it ("45 and 38
 * seconds", "from 92 to 31 MB/s", "38Mb/sec and 17Mb/sec"), is a group.
 * A group is weighed by the words before it in its clause (its head: a
 * verb, "in" after "finished", "from" after "went", qualifiers such as
 * "about" or "over" skipped or refused), by the words after it (a
 * comparison, hardware, a setting, "respectively") and by its units.
 * What stands before the head is the subject: the benchmark, and the
 * kernel and file system the clause names.
 */

#define GROUP_MAX 8

/* One number of a group and what stands right after it. */
struct member {
	struct quantity q;
	const char *at, *end;      /* the number with its unit, in the text */
	const char *kernel;        /* "... on 2.6.16" after it */
	size_t kernel_n;
	const char *fs;            /* "... on ext3" after it */
	int to_next;               /* "from N to M": joined to the next by "to" */
	int range;                 /* "15.0GiB/s-15.0GiB/s": one end of a range */
};

/* What the words before a group make of it. */
enum head {
	H_NONE,        /* nothing that states a value: rates may, durations not */
	H_MEASURE,     /* took, finished in, gave, reached, "slower:" */
	H_COPULA,      /* is, was, stays (at) */
	H_CHANGE_FROM, /* went from, are up from */
	H_CHANGE_TO,   /* dropped to, back up to */
	H_REFUSED,     /* a bound, a range, a difference, hardware: why says which */
};

struct reading {
	const char *text, *sb, *se;  /* the text, the group's sentence */
	const char *cb;              /* its clause */
	const char *hp;              /* where the head's verb starts (the subject ends) */
	enum head head;
	int approx;
	const char *why;
};

static int blank(char c)
{
	return c == ' ' || c == '\t' || c == '\n';
}

/* Whether the '.', '!' or '?' at p ends a sentence ("vs." and "e.g." do not). */
static int sentence_end_at(const char *text, const char *p)
{
	static const char *const abbrev[] = { "vs", "e.g", "i.e", "etc", "approx", "ca", "cf", "resp", "no", "al" };
	const char *b = p;
	size_t i;

	if ((*p != '.' && *p != '!' && *p != '?') || !(blank(p[1]) || !p[1]))
		return 0;
	if (*p != '.')
		return 1;
	while (b > text && !blank(b[-1]))
		b--;
	for (i = 0; i < ARRAY_SIZE(abbrev); i++)
		if ((size_t)(p - b) == strlen(abbrev[i]) && !strncasecmp(b, abbrev[i], (size_t)(p - b)))
			return 0;
	return 1;
}

/*
 * A sentence is looked for this far around a number at most: prose is
 * read in sentences of a few lines, and a long run of text without a
 * full stop (a dump, a list) must not make each number cost its length.
 */
#define SENTENCE_MAX 600
#define WORD_MAX 200

static const char *sentence_start(const char *text, const char *at)
{
	const char *p, *lo = (size_t)(at - text) > SENTENCE_MAX ? at - SENTENCE_MAX : text;

	for (p = at; p > lo; p--)
		if (sentence_end_at(text, p - 1))
			return p;
	return lo;
}

static const char *sentence_end(const char *text, const char *at)
{
	const char *p;

	for (p = at; *p && p - at < SENTENCE_MAX; p++)
		if (sentence_end_at(text, p))
			return p;
	return p;
}

/* Where the clause that holds p starts: after the nearest ';', ": ", ", and ", " while ", " but " ... */
static const char *clause_start(const char *sb, const char *p)
{
#define SEP(s) { s, sizeof(s) - 1 }
	static const struct {
		const char *s;
		size_t n;
	} seps[] = {
		SEP(";"), SEP(": "), SEP(":\t"), SEP(", and "), SEP(", but "), SEP(", while "), SEP(" while "),
		SEP(" whereas "), SEP(" but "), SEP(", which "), SEP(" which "), SEP(", so "), SEP(" - "),
	};
#undef SEP
	/* the byte before the blank of each separator above (a separator added there adds its byte) */
	static const unsigned char before_blank[256] = {
		[':'] = 1, ['d'] = 1, ['t'] = 1, ['e'] = 1, ['s'] = 1, ['h'] = 1, ['o'] = 1, ['-'] = 1,
	};
	const char *q;
	size_t i;

	for (q = p; q > sb; q--) {
		/* every separator ends in ';' or a blank, and only ";" is one byte */
		if (q[-1] == ';')
			return q;
		/* and the byte before the blank rules out most: ':', 'd' of "and", 't' of "but", ... */
		if (!blank(q[-1]) || q - sb < 2 || !before_blank[(unsigned char)q[-2]])
			continue;
		for (i = 0; i < ARRAY_SIZE(seps); i++)
			if (seps[i].n >= 2 && seps[i].s[seps[i].n - 2] == q[-2] && (size_t)(q - sb) >= seps[i].n &&
			    !memcmp(q - seps[i].n, seps[i].s, seps[i].n))
				return q;
	}
	return sb;
}

/* number_start's tests of the bytes at p and before it, without the word around */
static int digit_starts(const char *text, const char *p)
{
	if (!(isdigit((unsigned char)*p) || (*p == '~' && isdigit((unsigned char)p[1]))))
		return 0;
	return !(p > text && (isalnum((unsigned char)p[-1]) || strchr(".-_/=+:#@$%&*\\^~", p[-1])));
}

/* Whether a number starts at p: a digit (or "~" and one) that no word, name or setting carries. */
static int number_start(const char *text, const char *p)
{
	const char *b, *e, *q;

	if (!digit_starts(text, p))
		return 0;
	/* not inside a URL or an address (a word longer than WORD_MAX is no prose) */
	for (b = p; b > text && !blank(b[-1]) && p - b < WORD_MAX; b--)
		;
	for (e = p; *e && !blank(*e) && e - p < WORD_MAX; e++)
		;
	if (p - b >= WORD_MAX || e - p >= WORD_MAX)
		return 0;
	/* one look at each byte of the word for "://", "www." and '@' */
	for (q = b; q < e; q++)
		if (*q == '@' || (*q == ':' && e - q >= 3 && q[1] == '/' && q[2] == '/') ||
		    (*q == 'w' && e - q >= 4 && !memcmp(q, "www.", 4)))
			return 0;
	return 1;
}

/* The word at p, if it is one of the words ("and", "to"), and where it ends. */
static const char *word_here(const char *p, const char *w)
{
	size_t n;

	/* the first byte at once: most words are not the one asked for */
	if (tolower((unsigned char)*p) != tolower((unsigned char)*w))
		return NULL;
	n = strlen(w);
	return !strncasecmp(p, w, n) && (blank(p[n]) || !p[n]) ? p + n : NULL;
}

/* "on 2.6.16", "with ext3", "under -aa" after a number: the member's own kernel or fs */
static const char *member_suffix(struct member *m, const char *p, const char *se)
{
	struct pword cue, t;
	const char *fs;

	if (!prose_next_word(&cue, p, se) || !(word_here(cue.s, "on") || word_here(cue.s, "with") ||
						  word_here(cue.s, "under") || word_here(cue.s, "for") ||
						  word_here(cue.s, "in")))
		return p;
	if (!prose_next_word(&t, cue.s + cue.n, se))
		return p;
	if (prose_is_kernel(t.s, t.n, 1)) {
		m->kernel = t.s;
		m->kernel_n = t.n;
		return t.s + t.n;
	}
	if ((fs = import_fs_name(t.s, t.n))) {
		m->fs = fs;
		return t.s + t.n;
	}
	return p;
}

/*
 * The group of numbers from p on: "45 seconds on ext3 and 38 on ext2",
 * "from 92 to 31 MB/s", "34Mb/sec and 7.5Mb/sec"; how many, *end after.
 */
static size_t read_group(struct member *g, const char *text, const char *p, const char *se, const char **end)
{
	size_t n = 0;

	*end = p;
	while (n < GROUP_MAX && p < se && number_start(text, p) && !import_quantity(&g[n].q, p)) {
		const char *after, *s, *w;
		int to = 0, comma = 0;

		memset(&g[n].kernel, 0, sizeof(*g) - offsetof(struct member, kernel));
		g[n].at = p;
		g[n].end = p + g[n].q.len;
		g[n].range = *g[n].end == '-' && isdigit((unsigned char)g[n].end[1]);
		after = member_suffix(&g[n], g[n].end, se);
		*end = after;
		n++;
		/* the next: ", 40", " and 38", " to 31", ", and 17" */
		s = after;
		while (blank(*s))
			s++;
		if (*s == ',')
			for (s++, comma = 1; blank(*s); s++)
				;
		if ((w = word_here(s, "and")) || (w = word_here(s, "or")) || ((w = word_here(s, "to")) && (to = 1)))
			s = w;
		else if (!comma)
			break;
		while (blank(*s))
			s++;
		if (n == GROUP_MAX || !number_start(text, s) || import_quantity(&g[n].q, s))
			break;
		/* a range ("15.0GiB/s-15.0GiB/s") after a value is a group of its own */
		if (s[g[n].q.len] == '-' && isdigit((unsigned char)s[g[n].q.len + 1]))
			break;
		g[n - 1].to_next = to;
		p = s;
	}
	return n;
}

static int is_vs(const struct pword *w)
{
	return prose_word_eq(w, "vs") || prose_word_eq(w, "versus");
}

static void refuse(struct reading *r, const char *why)
{
	r->head = H_REFUSED;
	if (!r->why)
		r->why = why;
}

/* Skips back over "up", "down", "back", "all the way" and an object kernel: the verb before "to", "from". */
static int verb_before(struct pword *v, const char *lo, const char *p, int *up, int *back)
{
	struct pword w;

	*up = *back = 0;
	while (prose_prev_word(&w, lo, p)) {
		if (word_here(w.s, "up") || word_here(w.s, "down") || !strncasecmp(w.s, "back", 4) ||
		    prose_is(w.s, w.n, PW_NEUTRAL) || (w.n == 3 && !strncasecmp(w.s, "all", 3)) ||
		    (w.n == 3 && !strncasecmp(w.s, "way", 3)) || (w.n == 3 && !strncasecmp(w.s, "the", 3)) ||
		    prose_is_kernel(w.s, w.n, 1)) {
			*up |= w.n == 2 && !strncasecmp(w.s, "up", 2);
			*back |= w.n == 4 && !strncasecmp(w.s, "back", 4);
			p = w.s;
			continue;
		}
		*v = w;
		return 1;
	}
	return 0;
}

/* "went up to 90MB/s" is a change, "goes up to" a bound */
static int past_change(const struct pword *v)
{
	static const char *const past[] = {
		"went", "rose", "jumped", "climbed", "came", "grew", "increased", "improved", "brought",
		"moved", "shot",
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(past); i++)
		if (prose_word_eq(v, past[i]))
			return 1;
	return 0;
}

/* Whether a word of class c stands in [lo, hi). */
static int clause_has(const char *lo, const char *hi, enum prose_class c)
{
	struct pword w;
	const char *p = hi;

	while (prose_prev_word(&w, lo, p)) {
		if (prose_is(w.s, w.n, c))
			return 1;
		p = w.s;
	}
	return 0;
}

/* The head of a group at first: what the words before it make of it (struct reading). */
static void read_head(struct reading *r, const struct member *first, int pair)
{
	struct pword w, v;
	const char *p = first->at;
	int up, back;

	r->head = H_NONE;
	r->hp = p;
	r->cb = clause_start(r->sb, p);
	for (;;) {
		if (!prose_prev_word(&w, r->sb, p))
			return;
		/* "Here, 45 seconds": a number that starts its clause has no head */
		if (w.comma)
			return;
		if (w.colon)
			break;
		if (prose_word_is(&w, PW_APPROX)) {
			r->approx = 1;
		} else if (prose_word_is(&w, PW_BOUND)) {
			return refuse(r, "a bound (over, under, up to, nearly), not a value");
		} else if ((w.n == 1 && (*w.s == 'a' || *w.s == 'A')) || (w.n == 2 && !strncasecmp(w.s, "an", 2))) {
			return refuse(r, "a size or setting (\"a 30 second timeout\"), not a measurement");
		} else if (!prose_word_is(&w, PW_NEUTRAL)) {
			break;
		}
		p = w.s;
	}
	r->hp = w.s;
	/*
	 * the clause of the head's word: the one found for the number above,
	 * when it starts at or before the word (no separator stands between)
	 */
	if (r->cb > w.s)
		r->cb = clause_start(r->sb, w.s);
	if (w.s < r->cb)
		return;
	if (w.colon) {
		/* "much slower: 36 seconds"; "time: 45 s" */
		if (prose_word_is(&w, PW_COMPARISON) || prose_word_is(&w, PW_TIME_NOUN) ||
		    prose_word_is(&w, PW_RESULT_NOUN))
			r->head = H_MEASURE;
		return;
	}
	if (prose_word_is(&w, PW_TAKE) || prose_word_is(&w, PW_MEASURE)) {
		r->head = H_MEASURE;
	} else if (prose_word_is(&w, PW_COPULA)) {
		r->head = H_COPULA;
	} else if (word_here(w.s, "me") || word_here(w.s, "us") || word_here(w.s, "him") ||
		   word_here(w.s, "her") || word_here(w.s, "them")) {
		if (prose_prev_word(&v, r->cb, w.s) && prose_word_is(&v, PW_TAKE)) {
			r->head = H_MEASURE;
			r->hp = v.s;
		}
	} else if (word_here(w.s, "in")) {
		/* "the test completed in 1m30s", "finished in 2m05s" */
		if (prose_prev_word(&v, r->cb, w.s) && prose_word_is(&v, PW_COMPLETE)) {
			r->head = H_MEASURE;
			r->hp = v.s;
		}
	} else if (word_here(w.s, "at") || word_here(w.s, "of")) {
		/* "stay at about 110 MB/s", "clocked at", "a runtime of 45 s" */
		if (prose_prev_word(&v, r->cb, w.s)) {
			if (prose_word_is(&v, PW_COPULA) || prose_word_is(&v, PW_MEASURE) ||
			    prose_word_is(&v, PW_COMPLETE))
				r->head = H_COPULA;
			else if (prose_word_is(&v, PW_TIME_NOUN) || prose_word_is(&v, PW_RESULT_NOUN))
				r->head = H_COPULA;
			else if (prose_word_is(&v, PW_CHANGE_NOUN))
				return refuse(r, "a change (an increase, a drop of), not a value");
			r->hp = v.s;
		}
	} else if (word_here(w.s, "to") || word_here(w.s, "from")) {
		int from = word_here(w.s, "from") != NULL, verb;

		if (prose_prev_word(&v, r->cb, w.s) && isdigit((unsigned char)*v.s))
			return refuse(r, "a range (from ... to, between), not a value");
		verb = verb_before(&v, r->cb, w.s, &up, &back);
		if (verb && (prose_word_eq(&v, "close") || prose_word_eq(&v, "equal")))
			return refuse(r, "a bound (over, under, up to, nearly), not a value");
		/* "went up to", "back up to", "are up from" change; "goes up to", "is up to" bound */
		if (verb && (prose_word_is(&v, PW_CHANGE) || (prose_word_is(&v, PW_COPULA) && (up || from))) &&
		    (!up || back || from || past_change(&v))) {
			r->head = from ? H_CHANGE_FROM : H_CHANGE_TO;
			r->hp = v.s;
			return;
		}
		if (from || pair)
			return refuse(r, "a range (from ... to, between), not a value");
		if (up && !back)
			return refuse(r, "a bound (over, under, up to, nearly), not a value");
		/* "boils down to 4.47 megabytes/second": the subject ends at the verb */
		if (verb) {
			r->hp = v.s;
			return;
		}
	} else if (word_here(w.s, "between")) {
		return refuse(r, "a range (from ... to, between), not a value");
	} else if (is_vs(&w)) {
		return refuse(r, "a comparison (longer, faster, more than), not a value");
	} else if (word_here(w.s, "by") || prose_word_is(&w, PW_DIFFERENCE) || prose_word_is(&w, PW_CHANGE)) {
		return refuse(r, "a change (gained, worse by), not a value");
	}
	if (r->head == H_NONE)
		r->hp = first->at;
}

/* The words after the group: a comparison, hardware, a setting.  0: refused. */
static int read_tail(struct reading *r, const struct member *last)
{
	struct pword w;
	const char *p = last->end;
	int i;

	/* "65MB/sec on the 3ware vs 41MB/sec": two values compared restate a table */
	for (i = 0; i < 6 && prose_next_word(&w, p, r->se); i++, p = w.s + w.n) {
		if (is_vs(&w) || prose_word_eq(&w, "compared")) {
			refuse(r, "a comparison (longer, faster, more than), not a value");
			return 0;
		}
	}
	p = last->end;

	if (!prose_next_word(&w, p, r->se) || (size_t)(w.s - p) > 2 || (w.s > p && !blank(w.s[-1])))
		return 1;
	if (prose_word_is(&w, PW_COMPARISON) && !w.colon) {
		refuse(r, "a comparison (longer, faster, more than), not a value");
		return 0;
	}
	if (word_here(w.s, "or") && prose_next_word(&w, w.s + 2, r->se) &&
	    (prose_word_is(&w, PW_BOUND) || prose_word_is(&w, PW_COMPARISON))) {
		refuse(r, "a bound (over, under, up to, nearly), not a value");
		return 0;
	}
	if (last->q.kind == QUANTITY_RATE && prose_word_is(&w, PW_SPEC_AFTER)) {
		refuse(r, "a rate that describes hardware (a link, a limit), not a measurement");
		return 0;
	}
	if (last->q.kind == QUANTITY_DURATION && prose_word_is(&w, PW_SETTING)) {
		refuse(r, "a duration that is a setting (a timeout, an interval), not a measurement");
		return 0;
	}
	return 1;
}

/* Whether the numbers themselves may be values: no percentage, no end of a range. */
static int members_ok(struct reading *r, const struct member *g, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (g[i].q.kind == QUANTITY_PERCENT) {
			refuse(r, "a relative change (a percentage), not a value");
			return 0;
		}
		if (g[i].range) {
			refuse(r, "a range (from ... to, between), not a value");
			return 0;
		}
	}
	return 1;
}

/* Whether the group's words and units make it values (r->head set); 0 with r->why when not. */
static int weigh(struct reading *r, const struct member *g, size_t n, int respectively)
{
	size_t i, units = 0, bits = 0, durations = 0;
	struct pword w;

	for (i = 0; i < n; i++) {
		units += g[i].q.kind == QUANTITY_DURATION || g[i].q.kind == QUANTITY_RATE;
		bits += g[i].q.bits;
		durations += g[i].q.kind == QUANTITY_DURATION;
	}
	if (r->head == H_REFUSED)
		return 0;
	if (r->head != H_CHANGE_FROM && r->head != H_CHANGE_TO && clause_has(r->cb, g[0].at, PW_CHANGE_NOUN)) {
		refuse(r, "a change (an increase, a drop of), not a value");
		return 0;
	}
	/* "max bandwidth about 350MB/s", "limit(6Gb/s)", "bus speed is 80Mb/s": hardware */
	if (durations < n) {
		const char *p = g[0].at;

		if (clause_has(r->cb, g[0].at, PW_SPEC_BEFORE)) {
			refuse(r, "a rate that describes hardware (a link, a limit), not a measurement");
			return 0;
		}
		for (i = 0; i < 3 && prose_prev_word(&w, r->sb, p); i++, p = w.s) {
			if (prose_word_is(&w, PW_SPEC_BEFORE) || !strncasecmp(w.s, "limit", 5)) {
				refuse(r, "a rate that describes hardware (a link, a limit), not a measurement");
				return 0;
			}
		}
	}
	if (!units) {
		/* bare numbers: only values a sentence lists "respectively" of results */
		if (respectively && r->head != H_NONE && clause_has(r->cb, g[0].at, PW_RESULT_NOUN))
			return 1;
		if (r->head != H_NONE && !r->why)
			r->why = "a number in prose without a measured quantity (no unit)";
		return 0;
	}
	if (durations) {
		if (r->head == H_MEASURE || r->head == H_CHANGE_FROM || r->head == H_CHANGE_TO)
			return 1;
		if (r->head == H_COPULA && (clause_has(r->cb, r->hp, PW_TIME_NOUN) || clause_has(r->cb, r->hp, PW_TAKE)))
			return 1;
		if (!r->why)
			r->why = "a duration in prose with no measuring verb (took, finished in) before it";
		return 0;
	}
	/* rates: in bytes they state themselves; in bits they are links unless a verb says otherwise */
	if (bits && r->head != H_MEASURE && r->head != H_CHANGE_FROM && r->head != H_CHANGE_TO) {
		refuse(r, "a rate that describes hardware (a link, a limit), not a measurement");
		return 0;
	}
	return 1;
}

/* A bare number of a group takes the unit of the nearest one that has one ("45 and 38 seconds"). */
static void inherit_units(struct member *g, size_t n)
{
	size_t i, j;

	for (i = 0; i < n; i++) {
		const struct member *from = NULL;
		struct strbuf sb = STRBUF_INIT;
		struct quantity q;
		const char *u;

		if (g[i].q.kind != QUANTITY_NUMBER)
			continue;
		for (j = i + 1; j < n && !from; j++)
			if (g[j].q.kind == QUANTITY_DURATION || g[j].q.kind == QUANTITY_RATE)
				from = &g[j];
		for (j = i; j-- > 0 && !from;)
			if (g[j].q.kind == QUANTITY_DURATION || g[j].q.kind == QUANTITY_RATE)
				from = &g[j];
		if (!from)
			continue;
		/* the unit as the other wrote it, after its number */
		u = from->at + strspn(from->at, "~0123456789.,");
		while (u < from->end && blank(*u))
			u++;
		if (u >= from->end || !isalpha((unsigned char)*u))
			continue;
		strbuf_addf(&sb, "%.*s %.*s", (int)g[i].q.len, g[i].at, (int)(from->end - u), u);
		if (!import_quantity(&q, sb.buf) && q.kind == from->q.kind)
			g[i].q = q;
		strbuf_release(&sb);
	}
}

/* "4 seconds user time", "3 seconds of system time": which time a duration is */
static const char *time_metric(const struct member *m, const char *se)
{
	struct pword w;

	if (m->q.kind != QUANTITY_DURATION || !prose_next_word(&w, m->end, se))
		return m->q.metric;
	if (prose_word_eq(&w, "of") && !prose_next_word(&w, w.s + w.n, se))
		return m->q.metric;
	if (prose_word_eq(&w, "user"))
		return "user";
	if (prose_word_eq(&w, "system") || prose_word_eq(&w, "sys"))
		return "sys";
	return m->q.metric;
}

static void add_members(struct prose_nums *out, const struct reading *r, const struct member *g, size_t n,
			int respectively)
{
	struct prose_subject sub;
	struct pword k1, k2;
	const char *lk = NULL;
	char *names[GROUP_MAX] = { NULL };
	size_t i, lkn = 0;
	int pair = n == 2 && g[0].to_next, kernels = pair && prose_pair_kernels(g[1].end, r->se, &k1, &k2);

	prose_read_subject(&sub, r->cb, r->hp);
	/* "brings 3.14-rc1 back up to 90MB/s": a kernel between the verb and the number */
	if (!sub.kernel)
		prose_clause_kernel(&sub, r->hp, g[0].at);
	prose_label_kernel(r->sb, r->se, &lk, &lkn);
	if (respectively && !prose_list_names(names, n, r->cb, g[0].at))
		memset(names, 0, sizeof(names));
	for (i = 0; i < n && out->nr < PROSE_MAX; i++) {
		struct prose_num *v = &out->v[out->nr++];
		const char *k = g[i].kernel;
		size_t kn = g[i].kernel_n;

		if (!k && kernels) {
			k = i ? k2.s : k1.s;
			kn = i ? k2.n : k1.n;
		}
		/* "went from 92 to 31 with 3.14": the clause's kernel is the one after the change */
		if (!k && !(pair && !i)) {
			k = sub.kernel ? sub.kernel : lk;
			kn = sub.kernel ? sub.kernel_n : lkn;
		}
		memset(v, 0, sizeof(*v));
		v->kernel = k ? xstrndup(k, kn) : NULL;
		v->fs = g[i].fs ? g[i].fs : sub.fs;
		v->metric = time_metric(&g[i], r->se);
		if (!v->metric)
			v->metric = "value";
		v->value = xstrdup(g[i].q.value);
		v->unit = g[i].q.unit[0] ? xstrdup(g[i].q.unit) : NULL;
		v->at = (size_t)(g[i].at - r->text);
		v->approx = r->approx || g[i].q.approx;
		v->name = names[i];
		v->benchmark = sub.benchmark ? xstrdup(sub.benchmark) : NULL;
		if (respectively) {
			v->nth = (int)i;
			v->of = (int)n;
		}
	}
	/* the names of members past PROSE_MAX were made but have no number to go with */
	for (; i < n; i++)
		free(names[i]);
	free(sub.benchmark);
}

/*
 * "4 seconds user time and 3 seconds system time": a group after "and"
 * with no head of its own goes on with the group before it in the clause.
 */
static void go_on(struct reading *r, const struct reading *last, const char *last_end, const char *at)
{
	struct pword w;

	if (r->head != H_NONE || !last_end || last->sb != r->sb || at - last_end > 40 ||
	    !prose_prev_word(&w, last_end, at) || !(prose_word_eq(&w, "and") || prose_word_eq(&w, "or")))
		return;
	r->head = last->head;
	r->cb = last->cb;
	r->hp = last->hp;
	r->approx = last->approx;
}

int import_prose_read(struct prose_nums *out, const char *text, size_t from, size_t to)
{
	const char *p, *lim = text + to, *end, *last_end = NULL, *sb = NULL, *se = NULL;
	struct reading last;

	memset(out, 0, sizeof(*out));
	memset(&last, 0, sizeof(last));
	/* a sentence is found once for all its numbers; at most PROSE_MAX numbers a call */
	for (p = text + from; p < lim && *p && out->nr < PROSE_MAX; p++) {
		struct member g[GROUP_MAX];
		struct reading r;
		size_t n;
		int respectively, pair;

		/* number_start's first test, without the call: most bytes are no digit */
		if ((!isdigit((unsigned char)*p) && *p != '~') || !number_start(text, p))
			continue;
		if (!sb || p >= se) {
			sb = sentence_start(text, p);
			se = sentence_end(text, p);
		}
		memset(&r, 0, sizeof(r));
		r.text = text;
		r.sb = sb;
		r.se = se;
		n = read_group(g, text, p, r.se, &end);
		if (!n) {
			while (p[1] && !blank(p[1]))
				p++;
			continue;
		}
		inherit_units(g, n);
		pair = n == 2 && g[0].to_next;
		read_head(&r, &g[0], pair);
		go_on(&r, &last, last_end, p);
		/* a quantity may run on past where the sentence was cut ("4 minutes 20 seconds") */
		if (end > r.se)
			r.se = end;
		respectively = memmem(end, (size_t)(r.se - end), "respectively", 12) != NULL;
		if (members_ok(&r, g, n) && read_tail(&r, &g[n - 1]) && weigh(&r, g, n, respectively)) {
			add_members(out, &r, g, n, respectively);
			out->end = (size_t)(end - text);
			last = r;
			last_end = end;
		} else if (r.why && !out->why) {
			out->why = r.why;
			out->why_at = (size_t)(p - text);
		}
		p = end - 1;
	}
	return out->nr ? 0 : -1;
}

void import_prose_release(struct prose_nums *n)
{
	size_t i;

	for (i = 0; i < n->nr; i++) {
		free(n->v[i].benchmark);
		free(n->v[i].kernel);
		free(n->v[i].value);
		free(n->v[i].unit);
		free(n->v[i].name);
	}
	n->nr = 0;
}

const char *import_prose_why(const char *s)
{
	struct prose_nums n;

	if (!import_prose_read(&n, s, 0, strlen(s))) {
		import_prose_release(&n);
		return NULL;
	}
	return n.why;
}

int import_prose_lists(const char *s)
{
	return strstr(s, "respectively") != NULL;
}

/*
 * Whether the number at p may have a unit (import_quantity.h's forms), a
 * test that never says no to one.  A unit is a word after the number,
 * glued or after blanks; the compact durations ("1:05", "2m05s", what
 * parse_duration reads) are digits, '.', ':' and unit letters.  So after
 * the number's digits, dots and commas stands a letter or a ':', or
 * blanks and a letter; a number that ends in a '.' or ',' ("3.2.0, ext3")
 * was read to its last digit before, and has no unit after the blanks.
 */
static int may_have_unit(const char *p)
{
	size_t n;

	if (*p == '~')
		p++;
	n = strspn(p, "0123456789.,");
	p += n;
	if (*p == ' ' || *p == '\t' || *p == '\n') {
		if (!n || !isdigit((unsigned char)p[-1]))
			return 0;
		while (*p == ' ' || *p == '\t' || *p == '\n')
			p++;
	}
	/* bytes past ASCII: no unit, but no test here says so */
	return isalpha((unsigned char)*p) || *p == ':' || (unsigned char)*p >= 0x80;
}

int import_prose_holds_quantity(const char *s)
{
	const char *p;

	/* a number starts at a digit or a '~': the bytes between are passed over at once */
	for (p = s; (p = strpbrk(p, "0123456789~")); p++) {
		struct quantity q;

		/* the word around a number is looked at only when it may have a unit */
		if (digit_starts(s, p) && may_have_unit(p) && number_start(s, p) && !import_quantity(&q, p) &&
		    (q.kind == QUANTITY_DURATION || q.kind == QUANTITY_RATE))
			return 1;
		/* no number starts right after a letter or a digit: the rest of the word is passed over */
		while (isalnum((unsigned char)p[1]))
			p++;
	}
	return 0;
}
