#include "import_context.h"
#include "import_prose.h"
#include "import_prose_weigh.h"
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
 * A group is weighed (import_prose_weigh.c) by the words before it in
 * its clause (its head: a verb, "in" after "finished", "from" after
 * "went", qualifiers such as "about" or "over" skipped or refused), by
 * the words after it (a comparison, hardware, a setting, "respectively")
 * and by its units.  What stands before the head is the subject
 * (import_prose_subject.c): the benchmark, and the kernel and file
 * system the clause names.
 */

/* Whether c may end a sentence: the one test of most bytes a sentence is sought over. */
static inline int stop_byte(char c)
{
	return c == '.' || c == '!' || c == '?';
}

/* Whether the '.', '!' or '?' at p ends a sentence ("vs." and "e.g." do not). */
static int sentence_end_at(const char *text, const char *p)
{
	static const char *const abbrev[] = { "vs", "e.g", "i.e", "etc", "approx", "ca", "cf", "resp", "no", "al" };
	const char *b = p;
	size_t i;

	if ((*p != '.' && *p != '!' && *p != '?') || !(prose_blank(p[1]) || !p[1]))
		return 0;
	if (*p != '.')
		return 1;
	while (b > text && !prose_blank(b[-1]))
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
		if (stop_byte(p[-1]) && sentence_end_at(text, p - 1))
			return p;
	return lo;
}

static const char *sentence_end(const char *text, const char *at)
{
	const char *p;

	for (p = at; *p && p - at < SENTENCE_MAX; p++)
		if (stop_byte(*p) && sentence_end_at(text, p))
			return p;
	return p;
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
	for (b = p; b > text && !prose_blank(b[-1]) && p - b < WORD_MAX; b--)
		;
	for (e = p; *e && !prose_blank(*e) && e - p < WORD_MAX; e++)
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

/* "on 2.6.16", "with ext3", "under -aa" after a number: the member's own kernel or fs */
static const char *member_suffix(struct member *m, const char *p, const char *se)
{
	struct pword cue, t;
	const char *fs;

	if (!prose_next_word(&cue, p, se) || !(prose_word_here(cue.s, "on") || prose_word_here(cue.s, "with") ||
						  prose_word_here(cue.s, "under") || prose_word_here(cue.s, "for") ||
						  prose_word_here(cue.s, "in")))
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
 * The group of numbers from p (a number_start) on: "45 seconds on ext3
 * and 38 on ext2", "from 92 to 31 MB/s", "34Mb/sec and 7.5Mb/sec"; how
 * many, *end after.
 */
static size_t read_group(struct member *g, const char *text, const char *p, const char *se, const char **end)
{
	size_t n = 0;
	int read = 0;   /* g[n].q is the quantity at p already: each number is read once */

	*end = p;
	/* the caller found a number start at p; the next ones are tested below */
	while (n < GROUP_MAX && p < se && (read || !import_quantity(&g[n].q, p))) {
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
		while (prose_blank(*s))
			s++;
		if (*s == ',')
			for (s++, comma = 1; prose_blank(*s); s++)
				;
		if ((w = prose_word_here(s, "and")) || (w = prose_word_here(s, "or")) || ((w = prose_word_here(s, "to")) && (to = 1)))
			s = w;
		else if (!comma)
			break;
		while (prose_blank(*s))
			s++;
		if (n == GROUP_MAX || !number_start(text, s) || import_quantity(&g[n].q, s))
			break;
		/* a range ("15.0GiB/s-15.0GiB/s") after a value is a group of its own */
		if (s[g[n].q.len] == '-' && isdigit((unsigned char)s[g[n].q.len + 1]))
			break;
		g[n - 1].to_next = to;
		p = s;
		read = 1;
	}
	return n;
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
		while (u < from->end && prose_blank(*u))
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
	struct clause_memo clauses = { NULL, NULL, NULL };
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
		r.clauses = &clauses;
		n = read_group(g, text, p, r.se, &end);
		if (!n) {
			while (p[1] && !prose_blank(p[1]))
				p++;
			continue;
		}
		inherit_units(g, n);
		pair = n == 2 && g[0].to_next;
		prose_read_head(&r, &g[0], pair);
		go_on(&r, &last, last_end, p);
		/* a quantity may run on past where the sentence was cut ("4 minutes 20 seconds") */
		if (end > r.se)
			r.se = end;
		respectively = memmem(end, (size_t)(r.se - end), "respectively", 12) != NULL;
		if (prose_members_ok(&r, g, n) && prose_read_tail(&r, &g[n - 1]) && prose_weigh(&r, g, n, respectively)) {
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
