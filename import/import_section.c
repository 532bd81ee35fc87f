#include "import_extract.h"
#include "import_grid.h"
#include "import_heading.h"
#include "import_patch.h"
#include "import_table.h"
#include "../core/util.h"

#include <ctype.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/*
 * A message's sections and the kernel each line's numbers get
 * (import_section.h says what a section is and how the kernel is
 * chosen).  Two passes over the lines before the walk: the first finds
 * rules, headings, paragraphs of results and the kernels named (marks),
 * and what each section names; the second gives each line its kernel.
 */

/* What the first pass learns of a line. */
enum {
	L_RESULT = 1,      /* a line readers take numbers from: time output, a table row, a tool's report */
	L_RULE = 2,
	L_HEADING = 4,
	L_PARA_START = 8,
	L_PARA_RESULT = 16, /* its paragraph holds a result line */
	L_SKIP = 32,       /* a signature's, a patch's or a table's line: its kernels mark no section */
	L_ORDER = 64,      /* names kernels in an order later blocks follow */
	L_KNOWN = 128,     /* whether L_RESULT is set is known: found only for the lines that ask */
};

struct mark {
	size_t line;
	int strength;
	const char *kernel;   /* sections.owned */
	size_t pos, len;      /* where in the line */
};

/* One message's working state, freed before the walk. */
struct pass {
	unsigned char *flags;
	const unsigned char *tool_line;  /* per line: a tool's report has a number there */
	struct mark *marks;
	size_t nmarks, amarks;
	const char **own;        /* per line: the kernel its own text names for its numbers */
	const char **first_best; /* per section: its strongest kernel (the first of them) */
	int *first_strength;
};

static const char *keep(struct sections *s, char *str)
{
	ALLOC_GROW(s->owned, s->nowned + 1, s->aowned);
	s->owned[s->nowned++] = str;
	return str;
}

static int is_result_line(const struct extract *x, size_t i, const unsigned char *tool_line)
{
	const char *s = x->q->v[i].text;

	if (!HAS_DIGIT(x, i))
		return 0;
	return tool_line[i] || (x->feat[i] & FEAT_COPIED) || import_time_may_start(s) ||
	       import_table_row_like(s);
}

/* Whether line i holds a result, looked at once and only for the lines that ask. */
static int result_at(const struct extract *x, struct pass *p, size_t i)
{
	if (!(p->flags[i] & L_KNOWN)) {
		p->flags[i] |= L_KNOWN;
		if (is_result_line(x, i, p->tool_line))
			p->flags[i] |= L_RESULT;
	}
	return p->flags[i] & L_RESULT;
}

/*
 * "Normal" or "HSM" right over time output: the config that block ran
 * in, when the label names no kernel, file system or benchmark.
 */
static char *label_over_time(const struct extract *x, size_t i, const char *t, size_t n)
{
	const struct qtext *q = x->q;

	if (i + 1 >= q->nr || q->v[i + 1].depth != q->v[i].depth || !import_time_may_start(q->v[i + 1].text))
		return NULL;
	return import_config_label(t, n);
}

/* The first pass: flags, marks, sections and what they name. */
static void add_mark(struct extract *x, struct pass *p, size_t i, int strength, size_t pos, size_t len,
		     char *kernel)
{
	struct mark *m;

	ALLOC_GROW(p->marks, p->nmarks + 1, p->amarks);
	m = &p->marks[p->nmarks++];
	m->line = i;
	m->strength = strength;
	m->pos = pos;
	m->len = len;
	m->kernel = keep(&x->sec, kernel);
}

/* The kernels line i names: versions, and the commit ids a run was of, in the order they stand. */
static void find_marks(struct extract *x, struct pass *p, size_t i)
{
	const char *s = x->q->v[i].text;
	size_t pos = 0, len, cpos = 0, clen, first = p->nmarks;
	int strength;

	while ((strength = import_find_kernel(s, &pos, &len))) {
		add_mark(x, p, i, strength, pos, len, import_patched_kernel(s + pos, len));
		pos += len;
	}
	while ((strength = import_find_commit(s, &cpos, &clen))) {
		size_t a = p->nmarks;

		add_mark(x, p, i, strength, cpos, clen, xstrndup(s + cpos, clen));
		/* in place among the versions */
		while (a > first && p->marks[a - 1].pos > cpos) {
			struct mark t = p->marks[a - 1];

			p->marks[a - 1] = p->marks[a];
			p->marks[a] = t;
			a--;
		}
		cpos += clen;
	}
}

/* The marks of line i: [*from, *to) of p->marks, which are in line order. */
static void line_marks(const struct pass *p, size_t i, size_t *from, size_t *to)
{
	size_t a = *to;

	while (a < p->nmarks && p->marks[a].line < i)
		a++;
	*from = a;
	while (a < p->nmarks && p->marks[a].line == i)
		a++;
	*to = a;
}

static int distinct_kernels(const struct pass *p, size_t from, size_t to)
{
	size_t a, b;
	int n = 0;

	for (a = from; a < to; a++) {
		for (b = from; b < a && strcmp(p->marks[a].kernel, p->marks[b].kernel); b++)
			;
		n += b == a;
	}
	return n;
}

/*
 * Whether the grid found is a table the grid reader reads: rows of time
 * output or of a tool's report are read by their own readers, and the
 * lines around them are text.
 */
static int is_table(const struct extract *x, const struct grid *g, const unsigned char *tool_line)
{
	size_t r;

	for (r = 0; r < g->nrows; r++) {
		size_t line = g->rows[r].line;

		if (line < x->q->nr && (tool_line[line] || import_time_may_start(x->q->v[line].text)))
			return 0;
	}
	return 1;
}

/*
 * "-- " starts a signature; "--" (a mailer may drop the blank) only when
 * a few lines without results follow it to the end: else it is a rule.
 */
static int is_signature(const struct extract *x, size_t i, const unsigned char *tool_line)
{
	const struct qtext *q = x->q;
	int depth = q->v[i].depth;
	size_t j, lines = 0;

	if (!strcmp(q->v[i].text, "-- "))
		return 1;
	if (strcmp(q->v[i].text, "--"))
		return 0;
	for (j = i + 1; j < q->nr; j++) {
		if (q->v[j].depth != depth || q->v[j].blank)
			continue;
		if (++lines > 6 || is_result_line(x, j, tool_line))
			return 0;
	}
	return 1;
}

static void mark_lines(struct extract *x, struct pass *p, const unsigned char *tool_line)
{
	const struct qtext *q = x->q;
	int sig[DEPTHS] = { 0 };
	size_t i, g;

	for (g = 0; g < x->ngrids; g++)
		if (is_table(x, &x->grids[g], tool_line))
			for (i = x->grids[g].first; i < x->grids[g].end && i < q->nr; i++)
				p->flags[i] |= L_SKIP | L_RESULT | L_KNOWN;
	for (i = 0; i < q->nr; i++) {
		const struct qline *l = &q->v[i];

		if (l->blank)
			continue;
		if (l->text[0] == '-' && l->text[1] == '-' && is_signature(x, i, tool_line))
			sig[l->depth] = 1;
		if (sig[l->depth] || x->negative[i])
			p->flags[i] |= L_SKIP;
		if (import_is_rule(l->text, l->len))
			p->flags[i] |= L_RULE;
		if (i == 0 || q->v[i - 1].blank || q->v[i - 1].depth != l->depth || (p->flags[i - 1] & L_RULE))
			p->flags[i] |= L_PARA_START;
		if (HAS_DIGIT(x, i) && !x->negative[i] && !sig[l->depth])
			find_marks(x, p, i);
	}
}

/* Which paragraphs hold a result line (an order counts them), from their first line on. */
static void para_results(const struct extract *x, struct pass *p)
{
	const struct qtext *q = x->q;
	size_t i;

	for (i = q->nr; i-- > 0;) {
		if (q->v[i].blank)
			continue;
		if (!(p->flags[i] & L_RULE) && result_at(x, p, i))
			p->flags[i] |= L_PARA_RESULT;
		if (!(p->flags[i] & L_PARA_START) && (p->flags[i] & L_PARA_RESULT) && i &&
		    !q->v[i - 1].blank)
			p->flags[i - 1] |= L_PARA_RESULT;
	}
}

static const char *own_kernel(const struct extract *x, const struct pass *p, size_t from, size_t to)
{
	const struct mark *m = &p->marks[from];
	const char *s;

	if (from == to || distinct_kernels(p, from, to) != 1)
		return NULL;
	s = x->q->v[m->line].text;
	if (m->strength >= KERNEL_CUE || import_skip_space(s) == s + m->pos)
		return m->kernel;
	return NULL;
}

static struct section *new_section(struct sections *s, size_t first, int depth)
{
	struct section *sec;

	ALLOC_GROW(s->v, s->nr + 1, s->alloc);
	sec = &s->v[s->nr++];
	memset(sec, 0, sizeof(*sec));
	sec->first = first;
	sec->depth = depth;
	return sec;
}

/* The file system a section's own text names first, and the data= mode named with it. */
static void section_fs(struct extract *x, struct pass *p, struct section *sec, size_t i, const char **depth_fs,
		       int *several)
{
	const struct qline *l = &x->q->v[i];
	const char *fs, *after;
	char *mode;

	if (!(after = import_find_fs_n(l->text, l->len, &fs, &mode)))
		return;
	if (!fs || result_at(x, p, i)) {
		free(mode);
		return;
	}
	if (*depth_fs && strcmp(*depth_fs, fs))
		*several = 1;
	*depth_fs = fs;
	if (sec->fs)
		return;
	sec->fs = fs;
	if (import_find_fs_n(after, l->len - (size_t)(after - l->text), &fs, &mode) && !fs)
		sec->fs_mode = (char *)keep(&x->sec, mode);
	else
		free(mode);
}

static void find_sections(struct extract *x, struct pass *p, int *orders)
{
	const struct qtext *q = x->q;
	struct sections *s = &x->sec;
	unsigned cur[DEPTHS];
	int rule_before[DEPTHS] = { 0 }, several[DEPTHS] = { 0 };
	const char *config[DEPTHS] = { NULL }, *bench[DEPTHS] = { NULL };
	size_t i, from = 0, to = 0, next_part = 0;

	for (i = 0; i < DEPTHS; i++)
		cur[i] = UINT_MAX;
	for (i = 0; i < q->nr; i++) {
		const struct qline *l = &q->v[i];
		int dp = l->depth, kernels;
		const char *t = import_skip_space(l->text);
		size_t n = l->len - (size_t)(t - l->text), d;
		const struct mail_part_name *part = NULL;
		struct section *sec;
		char *c = NULL;

		/* an attachment starts: what came before holds no more in it */
		while (next_part < x->msg->npart_names && x->msg->part_names[next_part].line <= l->lineno)
			part = &x->msg->part_names[next_part++];
		if (part)
			for (d = 0; d < DEPTHS; d++) {
				rule_before[d] = 1;
				config[d] = bench[d] = NULL;
			}
		s->of_line[i] = cur[dp];
		if (part && !l->blank) {
			sec = new_section(s, i, dp);
			cur[dp] = (unsigned)(s->nr - 1);
			rule_before[dp] = 0;
			sec->fs = import_name_fs(part->name);
			if ((c = import_name_kernel(part->name)))
				sec->kernel = keep(s, c);
			c = NULL;
		}
		if (l->blank)
			continue;
		line_marks(p, i, &from, &to);
		kernels = distinct_kernels(p, from, to);
		if (p->flags[i] & L_RULE) {
			rule_before[dp] = 1;
			config[dp] = NULL;
			bench[dp] = NULL;
			continue;
		}
		if ((p->flags[i] & (L_PARA_START | L_SKIP)) == L_PARA_START && kernels <= 1 &&
		    !(x->feat[i] & (FEAT_VERB | FEAT_TIME)) &&
		    import_heading_shape(t, n, i + 1 < q->nr && !q->v[i + 1].blank && q->v[i + 1].depth == dp,
				  i + 1 >= q->nr || q->v[i + 1].blank, kernels == 1) &&
		    !result_at(x, p, i)) {
			p->flags[i] |= L_HEADING;
			if (kernels == 1) {
				size_t a;

				for (a = from; a < to; a++)
					p->marks[a].strength = KERNEL_HEADING;
				c = import_kernel_heading_config(t, n, p->marks[from].pos - (size_t)(t - l->text),
							  p->marks[from].len);
				config[dp] = c ? keep(s, c) : NULL;
			} else if ((c = import_config_heading(t, n))) {
				config[dp] = keep(s, c);
			} else if ((c = import_benchmark_heading(t, n))) {
				bench[dp] = keep(s, c);
			} else if ((c = label_over_time(x, i, t, n))) {
				config[dp] = keep(s, c);
			}
		}
		if (kernels >= 2 && !(p->flags[i] & L_SKIP) &&
		    (import_order_cue(l->text, l->len) ||
		     (!(p->flags[i] & L_PARA_START) && import_order_cue(q->v[i - 1].text, q->v[i - 1].len))) &&
		    !result_at(x, p, i)) {
			p->flags[i] |= L_ORDER;
			*orders = 1;
		}
		if (cur[dp] == UINT_MAX || rule_before[dp] || (p->flags[i] & L_HEADING)) {
			sec = new_section(s, i, dp);
			cur[dp] = (unsigned)(s->nr - 1);
			rule_before[dp] = 0;
		}
		sec = &s->v[cur[dp]];
		s->of_line[i] = cur[dp];
		if (!sec->config)
			sec->config = config[dp];
		if (!sec->benchmark)
			sec->benchmark = bench[dp];
		if (!(p->flags[i] & L_SKIP))
			section_fs(x, p, sec, i, &s->depth_fs[dp], &several[dp]);
	}
	for (i = 0; i < x->depths; i++)
		if (several[i])
			s->depth_fs[i] = NULL;
}

/* The strongest kernel of each section (the first of them), from the marks that may mark one. */
static void section_bests(struct extract *x, struct pass *p)
{
	size_t a;

	p->first_best = xcalloc(x->sec.nr + 1, sizeof(*p->first_best));
	p->first_strength = xcalloc(x->sec.nr + 1, sizeof(*p->first_strength));
	for (a = 0; a < p->nmarks; a++) {
		const struct mark *m = &p->marks[a];
		unsigned k = x->sec.of_line[m->line];

		if ((p->flags[m->line] & L_SKIP) || k == UINT_MAX || result_at(x, p, m->line))
			continue;
		if (m->strength > p->first_strength[k]) {
			p->first_best[k] = m->kernel;
			p->first_strength[k] = m->strength;
		}
	}
}

/* The kernel of each depth's whole text: the strongest mark, the first of them. */
static void depth_bests(struct extract *x, const struct pass *p)
{
	size_t a;

	for (a = 0; a < p->nmarks; a++) {
		const struct mark *m = &p->marks[a];
		int dp = x->q->v[m->line].depth;

		if (m->strength > x->kernel_strength[dp]) {
			take_str(&x->kernel[dp], xstrdup(m->kernel));
			x->kernel_strength[dp] = m->strength;
		}
	}
}

/* The one kernel the Subject names, or NULL. */
static const char *subject_kernel(struct extract *x)
{
	const char *subj = x->msg->subject, *found = NULL;
	size_t pos = 0, len, flen = 0;

	if (!subj)
		return NULL;
	while (import_find_kernel(subj, &pos, &len)) {
		if (found && (len != flen || strncmp(found, subj + pos, len)))
			return NULL;
		found = subj + pos;
		flen = len;
		pos += len;
	}
	return found ? keep(&x->sec, import_patched_kernel(found, flen)) : NULL;
}

/* The one file system the Subject names, a list's tag ("[Ext2-devel]") aside. */
static const char *subject_fs(const struct extract *x)
{
	const char *p = x->msg->subject, *fs, *one = NULL, *after;
	char *mode;

	while (p && (after = import_find_fs(p, &fs, &mode))) {
		free(mode);
		if (fs && *after != '-') {
			if (one && strcmp(one, fs))
				return NULL;
			one = fs;
		}
		p = after;
	}
	return one;
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

/* Per depth, what the second pass holds while it reads the lines in order. */
struct depth_walk {
	unsigned section;
	struct held best, carried;
	const struct mark *order;   /* the order line's first mark */
	size_t order_n, count;
	const char *para_kernel;    /* what the order gives the paragraph being read */
};

static void give_kernels(struct extract *x, struct pass *p)
{
	const struct qtext *q = x->q;
	struct sections *s = &x->sec;
	struct depth_walk w[DEPTHS];
	const char *subj = subject_kernel(x);
	size_t i, from = 0, to = 0;

	memset(w, 0, sizeof(w));
	for (i = 0; i < DEPTHS; i++)
		w[i].section = UINT_MAX;
	for (i = 0; i < q->nr; i++) {
		const struct qline *l = &q->v[i];
		struct depth_walk *d = &w[l->depth];
		unsigned k = s->of_line[i];
		unsigned char f = p->flags[i];
		size_t a;

		line_marks(p, i, &from, &to);
		if (l->blank || k == UINT_MAX)
			continue;
		if (f & L_RULE) {
			d->order = NULL;
			continue;
		}
		if (k != d->section) {
			if (d->section != UINT_MAX) {
				if (d->best.kernel)
					d->carried = d->best;
				else if (p->first_best[d->section])
					d->carried = (struct held){ p->first_best[d->section],
								    p->first_strength[d->section] };
			}
			d->section = k;
			d->best = (struct held){ s->v[k].kernel, s->v[k].kernel ? KERNEL_HEADING : 0 };
		}
		if (from < to && !(f & L_SKIP) && !result_at(x, p, i))
			for (a = from; a < to; a++)
				if (p->marks[a].strength >= d->best.strength)
					d->best = (struct held){ p->marks[a].kernel, p->marks[a].strength };
		if (f & L_HEADING) {
			d->count = 0;
			if (from < to)
				d->order = NULL;
		}
		if (f & L_ORDER) {
			d->order = &p->marks[from];
			d->order_n = to - from;
			d->count = 0;
		}
		if (f & L_PARA_START) {
			d->para_kernel = NULL;
			if ((f & L_PARA_RESULT) && d->order && !(f & L_ORDER)) {
				if (d->count < d->order_n)
					d->para_kernel = d->order[d->count++].kernel;
				else
					d->order = NULL;
			}
		}
		if (!(s->kernel[i] = p->own[i]) && !(s->kernel[i] = d->para_kernel)) {
			const struct held c[] = {
				d->best,
				{ p->first_best[k], p->first_strength[k] },
				d->carried,
				{ x->kernel[l->depth], x->kernel_strength[l->depth] },
				{ l->depth ? NULL : subj, 1 },
			};

			s->kernel[i] = choose(c, ARRAY_SIZE(c));
		}
	}
}

void extract_sections(struct extract *x)
{
	const struct qtext *q = x->q;
	struct sections *s = &x->sec;
	struct pass p;
	unsigned char *tool_line;
	size_t i, from = 0, to = 0;
	int orders = 0;

	memset(&p, 0, sizeof(p));
	if (!q->nr)
		return;
	p.flags = xcalloc(q->nr, 1);
	tool_line = xcalloc(q->nr, 1);
	for (i = 0; i < x->tools.nr; i++)
		if (x->tools.v[i].line > 0 && (size_t)x->tools.v[i].line <= q->nr)
			tool_line[x->tools.v[i].line - 1] = 1;
	s->of_line = xcalloc(q->nr, sizeof(*s->of_line));
	s->kernel = xcalloc(q->nr, sizeof(*s->kernel));
	s->depth_fs = xcalloc(x->depths, sizeof(*s->depth_fs));
	p.tool_line = tool_line;
	mark_lines(x, &p, tool_line);
	find_sections(x, &p, &orders);
	if (orders)
		para_results(x, &p);
	if (!s->depth_fs[0] && x->depths)
		s->depth_fs[0] = subject_fs(x);
	p.own = xcalloc(q->nr, sizeof(*p.own));
	for (i = 0; i < q->nr; i++) {
		line_marks(&p, i, &from, &to);
		p.own[i] = own_kernel(x, &p, from, to);
		/* a result's second line, indented under the row that names its kernel */
		if (!p.own[i] && i && p.own[i - 1] && !(p.flags[i] & L_PARA_START) &&
		    (q->v[i].text[0] == ' ' || q->v[i].text[0] == '\t') && result_at(x, &p, i) &&
		    result_at(x, &p, i - 1))
			p.own[i] = p.own[i - 1];
	}
	section_bests(x, &p);
	depth_bests(x, &p);
	give_kernels(x, &p);
	free(p.flags);
	free(p.marks);
	free(p.own);
	free(p.first_best);
	free(p.first_strength);
	free(tool_line);
}

void extract_sections_release(struct extract *x)
{
	struct sections *s = &x->sec;
	size_t i;

	for (i = 0; i < s->nowned; i++)
		free(s->owned[i]);
	free(s->owned);
	free(s->v);
	free(s->of_line);
	free(s->kernel);
	free(s->depth_fs);
	memset(s, 0, sizeof(*s));
}

const struct section *extract_section_at(const struct extract *x, size_t at)
{
	unsigned k;

	if (!x->sec.of_line || (k = x->sec.of_line[at]) == UINT_MAX)
		return NULL;
	return &x->sec.v[k];
}
