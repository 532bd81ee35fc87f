#include "import_extract.h"
#include "import_heading.h"
#include "import_patch.h"
#include "../core/strbuf.h"
#include "../core/util.h"

#include <ctype.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

/*
 * The kernel each line's numbers get, from the kernels the text names
 * (marks), the message's sections and the order lines (import_section.h
 * says how it is chosen).
 */

static void add_mark(struct extract *x, size_t i, int strength, size_t pos, size_t len, char *kernel)
{
	struct sections *s = x->sec;
	struct kernel_mark *m;

	ALLOC_GROW(s->marks, s->nmarks + 1, s->amarks);
	m = &s->marks[s->nmarks++];
	m->line = i;
	m->strength = strength;
	m->pos = pos;
	m->len = len;
	m->kernel = sections_keep(s, kernel);
}

/* "2.5.44-[mm3, ac2]" at [pos, pos + len) of t: the kernels listed (the caller's), their count in *n. */
static char **expand_choices(const char *t, size_t pos, size_t len, size_t *n, size_t *past)
{
	size_t starts[8], lens[8], c;
	char **v;

	*n = import_kernel_choices(t, pos + len, starts, lens, ARRAY_SIZE(starts), past);
	if (!*n)
		return NULL;
	v = xmalloc(*n * sizeof(*v));
	for (c = 0; c < *n; c++) {
		struct strbuf sb = STRBUF_INIT;

		strbuf_add(&sb, t + pos, len);
		strbuf_addch(&sb, '-');
		strbuf_add(&sb, t + starts[c], lens[c]);
		v[c] = strbuf_detach(&sb, NULL);
	}
	return v;
}

/* The name at [pos, pos + len) of line i, among the marks of the line from first, by where it stands. */
static void add_mark_in_place(struct extract *x, size_t i, size_t first, int strength, size_t pos, size_t len)
{
	struct sections *s = x->sec;
	size_t a = s->nmarks;

	add_mark(x, i, strength, pos, len, xstrndup(x->q->v[i].text + pos, len));
	while (a > first && s->marks[a - 1].pos > pos) {
		struct kernel_mark m = s->marks[a - 1];

		s->marks[a - 1] = s->marks[a];
		s->marks[a] = m;
		a--;
	}
}

/*
 * A line that is one file name ("results.2.6.3-rc3-mm1:", as kernbench
 * names its output), or starts with one as a label before a tab or two
 * blanks ("linux-2.6.11<tab>A64 3000+"): the kernel the name holds, as an
 * attachment's name.
 */
static void file_name_mark(struct extract *x, size_t i)
{
	const struct qline *l = &x->q->v[i];
	const char *t = import_skip_space(l->text);
	size_t n = l->len - (size_t)(t - l->text), w;
	char *word, *k;

	while (n && strchr(" \t\r:", t[n - 1]))
		n--;
	if ((w = import_label_len(t, n)))
		n = w;
	while (n && t[n - 1] == ':')
		n--;
	if (!n || memchr(t, ' ', n) || memchr(t, '\t', n) || !memchr(t, '.', n))
		return;
	word = xstrndup(t, n);
	/* a tarball or a patch holds the source of a kernel, not a run of it */
	if (strstr(word, ".tar") || strstr(word, ".tgz") || strstr(word, ".patch") || strstr(word, ".diff") ||
	    strstr(word, ".gz") || strstr(word, ".bz2") || strstr(word, ".xz")) {
		free(word);
		return;
	}
	if ((k = import_name_kernel(word)))
		add_mark(x, i, KERNEL_BARE, (size_t)(t - l->text), n, k);
	free(word);
}

/*
 * "Without 6a3afb6ac6 (...)", "w/o 2.6.20-mm1's fix": the name at pos of t,
 * after a word of absence, is what the run did not have, no kernel it ran.
 */
static int named_absent(const char *t, size_t pos)
{
	static const char *const words[] = { "without", "w/o", "minus" };
	size_t e = pos, b;

	while (e > 0 && (t[e - 1] == ' ' || t[e - 1] == '\t'))
		e--;
	for (b = e; b > 0 && t[b - 1] != ' ' && t[b - 1] != '\t'; b--)
		;
	return import_word_in(t + b, e - b, words, ARRAY_SIZE(words));
}

/* Whether config ("Without 6a3afb6ac6") holds kernel (the Subject's 6a3afb6ac6) as what the run lacked. */
static int named_absent_in(const char *config, const char *kernel)
{
	const char *at;

	if (!config || !(at = strstr(config, kernel)))
		return 0;
	return named_absent(config, (size_t)(at - config));
}

/* The kernels line i names: versions, trees, and the commit ids a run was of, in the order they stand. */
void sections_read_marks(struct extract *x, size_t i)
{
	struct sections *s = x->sec;
	const char *t = x->q->v[i].text;
	size_t pos = 0, len, cpos = 0, clen, first = s->nmarks;
	int strength;

	while ((strength = import_find_kernel(t, &pos, &len))) {
		size_t nc = 0, past = 0;
		char **choices = expand_choices(t, pos, len, &nc, &past);

		if (nc) {
			size_t c;

			for (c = 0; c < nc; c++)
				add_mark(x, i, strength, pos, past - pos, choices[c]);
			free(choices);
			pos = past;
			continue;
		}
		if (!named_absent(t, pos))
			add_mark(x, i, strength, pos, len, import_patched_kernel(t + pos, len));
		pos += len;
	}
	while ((strength = import_find_commit(t, &cpos, &clen))) {
		if (!named_absent(t, cpos))
			add_mark_in_place(x, i, first, strength, cpos, clen);
		cpos += clen;
	}
	cpos = 0;
	while ((strength = import_find_tree(t, &cpos, &clen))) {
		add_mark_in_place(x, i, first, strength, cpos, clen);
		cpos += clen;
	}
	if (s->nmarks == first)
		file_name_mark(x, i);
}

unsigned sections_distinct_kernels(const struct sections *s, size_t from, size_t to)
{
	size_t a, b;
	unsigned n = 0;

	for (a = from; a < to; a++) {
		for (b = from; b < a && strcmp(s->marks[a].kernel, s->marks[b].kernel); b++)
			;
		n += b == a;
	}
	return n;
}

/* The one kernel a line names for its own numbers: at its start, or with a cue. */
static const char *own_kernel(const struct extract *x, size_t i)
{
	const struct sections *s = x->sec;
	const struct kernel_mark *m = &s->marks[s->mark_at[i]];
	const char *t;

	if (s->nkernels[i] != 1)
		return NULL;
	t = x->q->v[m->line].text;
	if (m->strength >= KERNEL_CUE || import_skip_space(t) == t + m->pos)
		return m->kernel;
	return NULL;
}

/* s->own[i], found in the walk's one pass over the lines: it needs only the line before. */
static void own_line_kernel(struct extract *x, size_t i)
{
	const struct qtext *q = x->q;
	struct sections *s = x->sec;

	s->own[i] = own_kernel(x, i);
	/* a result's second line, indented under the row that names its kernel */
	if (!s->own[i] && i && s->own[i - 1] && !(s->flags[i] & L_PARA_START) &&
	    (q->v[i].text[0] == ' ' || q->v[i].text[0] == '\t') && sections_result_at(x, i) &&
	    sections_result_at(x, i - 1))
		s->own[i] = s->own[i - 1];
}

/* Which paragraphs hold a result line (an order counts them), from their first line on. */
static void para_results(struct extract *x)
{
	const struct qtext *q = x->q;
	unsigned char *f = x->sec->flags;
	size_t i;

	for (i = q->nr; i-- > 0;) {
		if (q->v[i].blank)
			continue;
		if (!(f[i] & L_RULE) && sections_result_at(x, i))
			f[i] |= L_PARA_RESULT;
		if (!(f[i] & L_PARA_START) && (f[i] & L_PARA_RESULT) && i && !q->v[i - 1].blank)
			f[i - 1] |= L_PARA_RESULT;
	}
}

/* The strongest kernel of each section (the first of them), from the marks that may mark one. */
static void section_bests(struct extract *x)
{
	struct sections *s = x->sec;
	size_t a;

	ALLOC_GROW(s->first_best, s->nr + 1, s->bests_alloc);
	s->first_strength = xrealloc(s->first_strength, s->bests_alloc * sizeof(*s->first_strength));
	memset(s->first_best, 0, (s->nr + 1) * sizeof(*s->first_best));
	memset(s->first_strength, 0, (s->nr + 1) * sizeof(*s->first_strength));
	for (a = 0; a < s->nmarks; a++) {
		const struct kernel_mark *m = &s->marks[a];
		unsigned k = s->of_line[m->line];

		/* the strength first: whether the line holds a result is the dearest to tell */
		if ((s->flags[m->line] & L_SKIP) || k == UINT_MAX || m->strength <= s->first_strength[k] ||
		    sections_result_at(x, m->line))
			continue;
		s->first_best[k] = m->kernel;
		s->first_strength[k] = m->strength;
	}
}

/* The kernel of each depth's whole text: the strongest mark, the first of them. */
static void depth_bests(struct extract *x)
{
	const struct sections *s = x->sec;
	size_t a;

	for (a = 0; a < s->nmarks; a++) {
		const struct kernel_mark *m = &s->marks[a];
		int dp = x->q->v[m->line].depth;

		if (m->strength > x->kernel_strength[dp]) {
			take_str(&x->kernel[dp], xstrdup(m->kernel));
			x->kernel_strength[dp] = m->strength;
		}
	}
}

/*
 * The kernels the Subject names ("2.5.44-[mm3, ac2]" two of them), kept
 * in s->subject for the short labels of its text; the one, or NULL.
 */
static const char *subject_kernel(struct extract *x)
{
	struct sections *s = x->sec;
	const char *subj = x->msg->subject;
	size_t pos = 0, len, a;

	s->nsubject = 0;
	if (!subj)
		return NULL;
	while (import_find_kernel_named(subj, &pos, &len) && s->nsubject < ARRAY_SIZE(s->subject)) {
		size_t nc = 0, past = 0, c;
		char **choices = expand_choices(subj, pos, len, &nc, &past);

		if (!nc) {
			s->subject[s->nsubject++] = sections_keep(s, import_patched_kernel(subj + pos, len));
			pos += len;
			continue;
		}
		for (c = 0; c < nc; c++)
			if (s->nsubject < ARRAY_SIZE(s->subject))
				s->subject[s->nsubject++] = sections_keep(s, choices[c]);
			else
				free(choices[c]);
		free(choices);
		pos = past;
	}
	for (a = 1; a < s->nsubject; a++)
		if (strcmp(s->subject[a], s->subject[0]))
			return NULL;
	return s->nsubject ? s->subject[0] : NULL;
}

struct held {
	const char *kernel;
	int strength;
};

/* The first of the kernels held that is named with a cue or more, else the first there is. */
static const char *choose(const struct held *c, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (c[i].kernel && c[i].strength >= KERNEL_CUE)
			return c[i].kernel;
	for (i = 0; i < n; i++)
		if (c[i].kernel)
			return c[i].kernel;
	return NULL;
}

/* Per depth, what the pass holds while it reads the lines in order. */
struct depth_walk {
	unsigned section;
	struct held best, carried;
	const struct kernel_mark *order;   /* the order line's first mark */
	size_t order_n, count;
	const char *para_kernel;           /* what the order gives the paragraph being read */
	const char *chosen;                /* choose()'s answer, the same while best, carried and the section are */
	int chosen_ok;
};

/* A new section at depth d: what the one before it held passes on. */
static void enter_section(const struct sections *s, struct depth_walk *d, unsigned k)
{
	if (d->section != UINT_MAX) {
		if (d->best.kernel)
			d->carried = d->best;
		else if (s->first_best[d->section])
			d->carried = (struct held){ s->first_best[d->section], s->first_strength[d->section] };
	}
	d->section = k;
	d->best = (struct held){ s->v[k].kernel, s->v[k].kernel ? KERNEL_HEADING : 0 };
	d->chosen_ok = 0;
}

/* The paragraph starting at a line with flags f: the kernel an order gives it, or NULL. */
static void count_paragraph(struct depth_walk *d, unsigned char f)
{
	d->para_kernel = NULL;
	if (!(f & L_PARA_RESULT) || !d->order || (f & L_ORDER))
		return;
	if (d->count < d->order_n)
		d->para_kernel = d->order[d->count++].kernel;
	else
		d->order = NULL;
}

void sections_give_kernels(struct extract *x)
{
	const struct qtext *q = x->q;
	struct sections *s = x->sec;
	struct depth_walk w[DEPTHS];
	const char *subj = subject_kernel(x);
	size_t i;

	if (s->orders)
		para_results(x);
	section_bests(x);
	depth_bests(x);
	memset(w, 0, sizeof(w));
	for (i = 0; i < DEPTHS; i++)
		w[i].section = UINT_MAX;
	for (i = 0; i < q->nr; i++) {
		const struct qline *l = &q->v[i];
		struct depth_walk *d = &w[l->depth];
		unsigned k = s->of_line[i];
		unsigned char f = s->flags[i];
		size_t a, from = s->mark_at[i], to = s->mark_at[i + 1];

		own_line_kernel(x, i);
		if (l->blank || k == UINT_MAX)
			continue;
		if (f & L_RULE) {
			d->order = NULL;
			continue;
		}
		if (k != d->section)
			enter_section(s, d, k);
		/* a mark weaker than the one held changes nothing: the line's result need not be told */
		for (a = from; a < to && s->marks[a].strength < d->best.strength; a++)
			;
		if (a < to && !(f & L_SKIP) && !sections_result_at(x, i))
			for (; a < to; a++)
				if (s->marks[a].strength >= d->best.strength) {
					d->best = (struct held){ s->marks[a].kernel, s->marks[a].strength };
					d->chosen_ok = 0;
				}
		if (f & L_HEADING) {
			d->count = 0;
			if (from < to)
				d->order = NULL;
		}
		if (f & L_ORDER) {
			d->order = &s->marks[from];
			d->order_n = to - from;
			d->count = 0;
		}
		if (f & L_PARA_START)
			count_paragraph(d, f);
		if (!(s->kernel[i] = s->own[i]) && !(s->kernel[i] = d->para_kernel)) {
			/* chosen once for the lines that change none of what it is chosen from */
			if (!d->chosen_ok) {
				const struct held c[] = {
					d->best,
					{ s->first_best[k], s->first_strength[k] },
					d->carried,
					{ x->kernel[l->depth], x->kernel_strength[l->depth] },
					{ l->depth ? NULL : subj, KERNEL_BARE },
				};

				d->chosen = choose(c, ARRAY_SIZE(c));
				/* under "Without 6a3afb6ac6", the Subject's 6a3afb6ac6 is what the run lacked */
				if (d->chosen && named_absent_in(s->v[k].config, d->chosen))
					d->chosen = NULL;
				d->chosen_ok = 1;
			}
			s->kernel[i] = d->chosen;
		}
	}
}

/* The letters and digits of s, lowercased, into buf (of n bytes); how many. */
static size_t squeeze(const char *s, char *buf, size_t n)
{
	size_t k = 0;

	for (; *s && k + 1 < n; s++)
		if (isalnum((unsigned char)*s))
			buf[k++] = (char)tolower((unsigned char)*s);
	buf[k] = '\0';
	return k;
}

/*
 * Whether the short form k (squeezed) names kernel full: what stands in
 * full from a '.' or '-', or from where its letters start, on ("22pre6"
 * of 2.4.22-pre6, "pre6aa2" of 2.4.22pre6aa2).
 */
static int tail_of(const char *full, const char *k)
{
	char buf[64];
	const char *p;

	for (p = full + 1; *p; p++)
		if (((p[-1] == '.' || p[-1] == '-') && isalnum((unsigned char)*p)) ||
		    (isdigit((unsigned char)p[-1]) && isalpha((unsigned char)*p))) {
			squeeze(p, buf, sizeof(buf));
			if (!strcmp(buf, k))
				return 1;
		}
	return 0;
}

/* Kernel m as a candidate for the short form k: *found the one so far, *several once two differ. */
static void consider(const char *m, const char *k, const char **found, int *several)
{
	if ((*found && !strcmp(*found, m)) || !tail_of(m, k))
		return;
	*several |= *found != NULL;
	*found = m;
}

const char *sections_full_kernel(const struct extract *x, const char *k, int depth)
{
	struct sections *s = x->sec;
	const char *found = NULL;
	char buf[64];
	size_t a, n;
	int several = 0;

	/* a version or a commit id is a kernel in full: most labels asked are */
	if (!k || !s || (n = strlen(k)) >= sizeof(buf) || import_is_kernel(k, n) || import_is_commit(k, n))
		return k;
	if (s->short_in && s->short_depth == depth && !strcmp(s->short_in, k))
		return s->short_out;
	if (squeeze(k, buf, sizeof(buf)) >= 3 && strpbrk(buf, "0123456789")) {
		for (a = 0; a < s->nmarks && !several; a++)
			if (x->q->v[s->marks[a].line].depth == depth)
				consider(s->marks[a].kernel, buf, &found, &several);
		/* the Subject's, for the message's own text */
		for (a = 0; !found && !depth && a < s->nsubject && !several; a++)
			consider(s->subject[a], buf, &found, &several);
	}
	s->short_in = sections_keep(s, xstrdup(k));
	s->short_depth = depth;
	s->short_out = found && !several ? found : s->short_in;
	return s->short_out;
}
