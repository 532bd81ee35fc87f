#include "import_prose_weigh.h"
#include "import_prose_words.h"

#include <ctype.h>
#include <stdint.h>
#include <string.h>
#include <strings.h>

#include "../core/util.h"

/*
 * What the words around a group of numbers make of it (import_prose.c
 * finds the groups): the head before it in its clause (a verb, "in"
 * after "finished", "from" after "went", qualifiers such as "about"
 * skipped or "over" refused), the words after it (a comparison,
 * hardware, a setting), and whether its units with the head state
 * values.  A group refused says why, for a message with no number.
 */

/*
 * The nearest place in (lo, p] after a separator of clauses (';', ": ",
 * ", and ", " while ", " but " ...) in the sentence that starts at sb;
 * NULL when there is none.
 */
static const char *clause_sep(const char *sb, const char *lo, const char *p)
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

	for (q = p; q > lo; q--) {
		/* every separator ends in ';' or a blank, and only ";" is one byte */
		if (q[-1] == ';')
			return q;
		/* and the byte before the blank rules out most: ':', 'd' of "and", 't' of "but", ... */
		if (!prose_blank(q[-1]) || q - sb < 2 || !before_blank[(unsigned char)q[-2]])
			continue;
		for (i = 0; i < ARRAY_SIZE(seps); i++)
			if (seps[i].n >= 2 && seps[i].s[seps[i].n - 2] == q[-2] && (size_t)(q - sb) >= seps[i].n &&
			    !memcmp(q - seps[i].n, seps[i].s, seps[i].n))
				return q;
	}
	return NULL;
}

/*
 * Where the clause that holds p starts.  The groups of a sentence are
 * read in order: the search for the next one's stops where the last one
 * started from, whose clause holds when no separator stands between.
 */
static const char *clause_start(struct clause_memo *m, const char *sb, const char *p)
{
	const char *lo = m && m->sb == sb && m->p && m->p <= p ? m->p : sb, *cb = clause_sep(sb, lo, p);

	if (!cb)
		cb = lo == sb ? sb : m->cb;
	if (m) {
		m->sb = sb;
		m->p = p;
		m->cb = cb;
	}
	return cb;
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
		if (prose_word_here(w.s, "up") || prose_word_here(w.s, "down") || !strncasecmp(w.s, "back", 4) ||
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

/*
 * The classes of the words in [lo, hi), walked once at the first class
 * asked: weigh asks up to three of the same words.
 */
struct clause_words {
	const char *lo, *hi;
	int read;
	uint32_t classes;
};

/* Whether a word of class c stands in [m->lo, m->hi). */
static int clause_has(struct clause_words *m, enum prose_class c)
{
	struct pword w;
	const char *p = m->hi;

	if (!m->read) {
		while (prose_prev_word(&w, m->lo, p)) {
			m->classes |= prose_classes(w.s, w.n);
			p = w.s;
		}
		m->read = 1;
	}
	return (m->classes >> c) & 1;
}

/* The head of a group at first: what the words before it make of it (struct reading). */
void prose_read_head(struct reading *r, const struct member *first, int pair)
{
	struct pword w, v;
	const char *p = first->at;
	int up, back;

	r->head = H_NONE;
	r->hp = p;
	r->cb = clause_start(r->clauses, r->sb, p);
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
		r->cb = clause_start(r->clauses, r->sb, w.s);
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
	} else if (prose_word_here(w.s, "me") || prose_word_here(w.s, "us") || prose_word_here(w.s, "him") ||
		   prose_word_here(w.s, "her") || prose_word_here(w.s, "them")) {
		if (prose_prev_word(&v, r->cb, w.s) && prose_word_is(&v, PW_TAKE)) {
			r->head = H_MEASURE;
			r->hp = v.s;
		}
	} else if (prose_word_here(w.s, "in")) {
		/* "the test completed in 1m30s", "finished in 2m05s" */
		if (prose_prev_word(&v, r->cb, w.s) && prose_word_is(&v, PW_COMPLETE)) {
			r->head = H_MEASURE;
			r->hp = v.s;
		}
	} else if (prose_word_here(w.s, "at") || prose_word_here(w.s, "of")) {
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
	} else if (prose_word_here(w.s, "to") || prose_word_here(w.s, "from")) {
		int from = prose_word_here(w.s, "from") != NULL, verb;

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
	} else if (prose_word_here(w.s, "between")) {
		return refuse(r, "a range (from ... to, between), not a value");
	} else if (is_vs(&w)) {
		return refuse(r, "a comparison (longer, faster, more than), not a value");
	} else if (prose_word_here(w.s, "by") || prose_word_is(&w, PW_DIFFERENCE) || prose_word_is(&w, PW_CHANGE)) {
		return refuse(r, "a change (gained, worse by), not a value");
	}
	if (r->head == H_NONE)
		r->hp = first->at;
}

/* The words after the group: a comparison, hardware, a setting.  0: refused. */
int prose_read_tail(struct reading *r, const struct member *last)
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

	if (!prose_next_word(&w, p, r->se) || (size_t)(w.s - p) > 2 || (w.s > p && !prose_blank(w.s[-1])))
		return 1;
	if (prose_word_is(&w, PW_COMPARISON) && !w.colon) {
		refuse(r, "a comparison (longer, faster, more than), not a value");
		return 0;
	}
	if (prose_word_here(w.s, "or") && prose_next_word(&w, w.s + 2, r->se) &&
	    (prose_word_is(&w, PW_BOUND) || prose_word_is(&w, PW_COMPARISON))) {
		refuse(r, "a bound (over, under, up to, nearly), not a value");
		return 0;
	}
	if (last->q.kind == QUANTITY_RATE && prose_word_is(&w, PW_SPEC_AFTER)) {
		refuse(r, "a rate that describes hardware (a link, a limit), not a measurement");
		return 0;
	}
	/*
	 * "took 8412 ms after adding 1000000 files": after a measuring verb,
	 * "after" and "before" tell what was timed, not when a delay ends
	 */
	if (last->q.kind == QUANTITY_DURATION && prose_word_is(&w, PW_SETTING) &&
	    !(r->head == H_MEASURE && (prose_word_eq(&w, "after") || prose_word_eq(&w, "before")))) {
		refuse(r, "a duration that is a setting (a timeout, an interval), not a measurement");
		return 0;
	}
	return 1;
}

/* Whether the numbers themselves may be values: no percentage, no end of a range. */
int prose_members_ok(struct reading *r, const struct member *g, size_t n)
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
int prose_weigh(struct reading *r, const struct member *g, size_t n, int respectively)
{
	size_t i, units = 0, bits = 0, durations = 0;
	struct clause_words before = { r->cb, g[0].at, 0, 0 }, subject = { r->cb, r->hp, 0, 0 };
	struct pword w;

	for (i = 0; i < n; i++) {
		units += g[i].q.kind == QUANTITY_DURATION || g[i].q.kind == QUANTITY_RATE;
		bits += g[i].q.bits;
		durations += g[i].q.kind == QUANTITY_DURATION;
	}
	if (r->head == H_REFUSED)
		return 0;
	if (r->head != H_CHANGE_FROM && r->head != H_CHANGE_TO && clause_has(&before, PW_CHANGE_NOUN)) {
		refuse(r, "a change (an increase, a drop of), not a value");
		return 0;
	}
	/* "max bandwidth about 350MB/s", "limit(6Gb/s)", "bus speed is 80Mb/s": hardware */
	if (durations < n) {
		const char *p = g[0].at;

		if (clause_has(&before, PW_SPEC_BEFORE)) {
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
		if (respectively && r->head != H_NONE && clause_has(&before, PW_RESULT_NOUN))
			return 1;
		if (r->head != H_NONE && !r->why)
			r->why = "a number in prose without a measured quantity (no unit)";
		return 0;
	}
	if (durations) {
		if (r->head == H_MEASURE || r->head == H_CHANGE_FROM || r->head == H_CHANGE_TO)
			return 1;
		if (r->head == H_COPULA && (clause_has(&subject, PW_TIME_NOUN) || clause_has(&subject, PW_TAKE)))
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
