#include "import_extract.h"
#include "import_grid.h"
#include "import_heading.h"
#include "import_negative.h"
#include "../core/util.h"

#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/*
 * A message's sections (import_section.h says what a section is): one
 * pass over the lines before the walk finds rules, headings and the
 * kernels named, starts the sections and keeps what their headings say;
 * import_section_kernel.c then gives each line its kernel.  The file
 * system a section's text names is looked for only when a number of the
 * section asks (extract_section_at), as most sections hold none.
 */

const char *sections_keep(struct sections *s, char *str)
{
	ALLOC_GROW(s->owned, s->nowned + 1, s->aowned);
	s->owned[s->nowned++] = str;
	return str;
}

static int is_result_line(const struct extract *x, size_t i)
{
	if (!HAS_DIGIT(x, i))
		return 0;
	return x->sec->tool_line[i] || (x->feat[i] & FEAT_COPIED) || sections_text_row(x, i);
}

/* Whether line i holds a result, looked at once and only for the lines that ask. */
int sections_result_at(const struct extract *x, size_t i)
{
	unsigned char *f = &x->sec->flags[i];

	if (!(*f & L_KNOWN)) {
		*f |= L_KNOWN;
		if (is_result_line(x, i))
			*f |= L_RESULT;
	}
	return *f & L_RESULT;
}

/*
 * Whether the grid found is a table the grid reader reads: rows of time
 * output or of a tool's report are read by their own readers, and the
 * lines around them are text.
 */
static int is_table(const struct extract *x, const struct grid *g)
{
	size_t r;

	for (r = 0; r < g->nrows; r++) {
		size_t line = g->rows[r].line;

		if (line < x->q->nr && (x->sec->tool_line[line] || sections_text_time(x, line)))
			return 0;
	}
	return 1;
}

/*
 * "-- " starts a signature; "--" (a mailer may drop the blank) only when
 * a few lines without results follow it to the end: else it is a rule.
 */
static int is_signature(const struct extract *x, size_t i)
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
		if (++lines > 6 || is_result_line(x, j))
			return 0;
	}
	return 1;
}

/* Rules, paragraph starts, the lines that name nothing (tables, signatures, patches), the marks. */
static void mark_lines(struct extract *x)
{
	const struct qtext *q = x->q;
	struct sections *s = x->sec;
	unsigned char *f = s->flags;
	int sig[DEPTHS] = { 0 };
	size_t i, g;

	for (i = 0; i < q->nr; i++) {
		const struct qline *l = &q->v[i];

		/* the marks are found here only, line by line: later passes index them */
		s->mark_at[i] = s->nmarks;
		s->nkernels[i] = 0;
		if (l->blank)
			continue;
		if (l->text[0] == '-' && l->text[1] == '-' && is_signature(x, i))
			sig[l->depth] = 1;
		/* a kernel log or uname -a holds no results but still names the kernel */
		if (sig[l->depth] || (x->negative[i] && !import_negative_is_context(x->negative[i])))
			f[i] |= L_SKIP;
		/* "Throughput:" over sysbench's rates heads the report's numbers, not the writer's */
		if (!HAS_DIGIT(x, i) && extract_tool_title(x, i))
			f[i] |= L_SKIP;
		if (import_is_rule(l->text, l->len))
			f[i] |= L_RULE;
		if (i == 0 || q->v[i - 1].blank || q->v[i - 1].depth != l->depth || (f[i - 1] & L_RULE))
			f[i] |= L_PARA_START;
		if (HAS_DIGIT(x, i) && (!x->negative[i] || import_negative_is_context(x->negative[i])) &&
		    !sig[l->depth]) {
			sections_find_marks(x, i);
			s->nkernels[i] = sections_distinct_kernels(s, s->mark_at[i], s->nmarks);
		}
	}
	s->mark_at[q->nr] = s->nmarks;
	/* after the marks: a row's time test is then its text's, kept with them */
	for (g = 0; g < x->ngrids; g++)
		if (is_table(x, &x->grids[g]))
			for (i = x->grids[g].first; i < x->grids[g].end && i < q->nr; i++)
				f[i] |= L_SKIP | L_RESULT | L_KNOWN;
}

/*
 * "Normal" or "HSM" right over time output: the config that block ran
 * in, when the label names no kernel, file system or benchmark.
 */
static char *label_over_time(const struct extract *x, size_t i, const char *t, size_t n)
{
	const struct qtext *q = x->q;

	if (i + 1 >= q->nr || q->v[i + 1].depth != q->v[i].depth || !sections_text_time(x, i + 1))
		return NULL;
	return import_config_label(t, n);
}

/*
 * "Enabled", "Base:" over a tool's report, right under it or after one
 * blank line ("Disabled" alone, then kernbench's progress and summary):
 * the config that report ran in, when the label names no kernel, file
 * system or benchmark.  Held like a config heading's, as the report
 * may be a paragraph of its own.
 */
static char *label_over_report(const struct extract *x, size_t i, const char *t, size_t n)
{
	const struct qtext *q = x->q;
	size_t j;

	for (j = i + 1; j < q->nr && j < i + 16 && q->v[j].depth == q->v[i].depth; j++) {
		/* the label's own paragraph or the one after it: a blank after other text ends the look */
		if (q->v[j].blank) {
			if (j > i + 1 && !q->v[j - 1].blank)
				break;
			continue;
		}
		if (x->sec->tool_line[j])
			return import_config_label(t, n);
	}
	return NULL;
}

static struct section *new_section(struct sections *s, size_t first, int depth, unsigned *cur)
{
	struct section *sec;

	if (*cur != UINT_MAX)
		s->v[*cur].end = first;
	ALLOC_GROW(s->v, s->nr + 1, s->alloc);
	sec = &s->v[s->nr];
	memset(sec, 0, sizeof(*sec));
	sec->first = first;
	sec->depth = depth;
	*cur = (unsigned)s->nr++;
	return sec;
}

/* Whether line k is blank, a rule or past the text: what sets a heading off. */
static int sets_off(const struct extract *x, size_t k)
{
	return k >= x->q->nr || x->q->v[k].blank || (x->sec->flags[k] & L_RULE);
}

/*
 * "Without 6a3afb6ac6 ("jbd2: ...")" alone between rules or blank lines:
 * a config heading that needs no colon, what is in brackets aside.
 */
static char *set_off_config(const struct extract *x, size_t i, const char *t, size_t n)
{
	const char *paren = memchr(t, '(', n);
	struct strbuf sb = STRBUF_INIT;
	char *c;

	if (!i || !sets_off(x, i - 1) || !sets_off(x, i + 1) || (n && t[n - 1] == ':'))
		return NULL;
	if (paren)
		n = (size_t)(paren - t);
	while (n && (t[n - 1] == ' ' || t[n - 1] == '\t'))
		n--;
	strbuf_add(&sb, t, n);
	strbuf_addch(&sb, ':');
	c = import_config_heading(sb.buf, sb.len);
	strbuf_release(&sb);
	return c;
}

/* What the headings of a depth have said so far, held from section to section. */
struct heading_state {
	unsigned cur;          /* the depth's section, or UINT_MAX */
	int rule_before;
	const char *config, *bench;
	size_t config_line;    /* the heading that gave config */
	const char *label;     /* a label over time output names the config of its own section only */
	int label_open;        /* the depth's section is a label's: it ends with the label's paragraph */
};

/*
 * Line i, a heading: what it says of the kernel's config, the config, the
 * benchmark.  A shell comment's ("# __flush_tlb_one") is read past the
 * '#': a benchmark it names, else the variant as the config, held like a
 * config heading's.
 */
static void read_heading(struct extract *x, size_t i, int kernels, int comment, struct heading_state *h)
{
	struct sections *s = x->sec;
	const struct qline *l = &x->q->v[i];
	const char *t = import_skip_space(l->text);
	size_t n = l->len - (size_t)(t - l->text), from = s->mark_at[i], a;
	char *c;

	if (comment)
		t = import_comment_heading(t, n, &n);

	if (kernels) {
		for (a = from; a < s->mark_at[i + 1]; a++)
			s->marks[a].strength = KERNEL_HEADING;
		c = import_kernel_heading_config(t, n, s->marks[from].pos - (size_t)(t - l->text),
						 s->marks[from].len);
		h->config = c ? sections_keep(s, c) : NULL;
		/* "Results of dbench 48 with 2.6.17:" */
		if ((c = import_benchmark_heading(t, n)))
			h->bench = sections_keep(s, c);
	} else if (comment) {
		if ((c = import_benchmark_heading(t, n)))
			h->bench = sections_keep(s, c);
		else if ((c = import_config_label(t, n)))
			h->config = sections_keep(s, c);
	} else {
		/* "***** With percpu_counter:": the stars only draw the eye */
		while (n > 1 && (*t == '*' || *t == '=') && t[1] != ' ')
			t++, n--;
		if ((*t == '*' || *t == '=') && n > 1 && t[1] == ' ')
			t += 2, n -= 2;
		if ((c = import_config_heading(t, n)) || (c = set_off_config(x, i, t, n)) ||
		    (c = import_mode_heading(t, n))) {
			h->config = sections_keep(s, c);
			h->config_line = i;
		}
		else if ((c = label_over_time(x, i, t, n)))
			h->label = sections_keep(s, c);
		else if ((c = import_benchmark_heading(t, n))) {
			h->bench = sections_keep(s, c);
			/* "Ran fio in a loop, before the patch:": the test and the config both */
			if ((c = import_lead_in_config(t, n)))
				h->config = sections_keep(s, c);
		} else if ((c = label_over_report(x, i, t, n)))
			h->config = sections_keep(s, c);
		else if ((c = import_lead_in_config(t, n)))
			h->config = sections_keep(s, c);
	}
}

/* An attachment starts at line i: a section of its own at its depth, the others start again. */
static void start_part(struct extract *x, size_t i, const struct mail_part_name *part, struct heading_state *h)
{
	struct sections *s = x->sec;
	const struct qline *l = &x->q->v[i];
	struct section *sec;
	char *k;
	int d;

	for (d = 0; d < DEPTHS; d++) {
		h[d].rule_before = 1;
		h[d].config = h[d].bench = NULL;
	}
	if (l->blank)
		return;
	sec = new_section(s, i, l->depth, &h[l->depth].cur);
	h[l->depth].rule_before = 0;
	if ((sec->fs = import_name_fs(part->name)))
		sec->fs_known = 1;
	if ((k = import_name_kernel(part->name)))
		sec->kernel = sections_keep(s, k);
}

/*
 * Whether the message writes root prompts: a "# " line with what only a
 * command writes (a path, an option, a pipe, an assignment).  There a
 * "# word" line is a prompt too, and never a heading.
 */
static int writes_root_prompts(const struct extract *x)
{
	const struct qtext *q = x->q;
	size_t i, n;

	for (i = 0; i < q->nr; i++) {
		const char *t = import_skip_space(q->v[i].text);

		if (t[0] == '#' && (t[1] == ' ' || t[1] == '\t') && !import_is_rule(t, strlen(t)) &&
		    !import_comment_heading(t, strlen(t), &n) && import_count_words(t + 2, strlen(t + 2)) > 1)
			return 1;
	}
	return 0;
}

/*
 * "# __flush_tlb_one" over the output it heads: a shell comment naming
 * a variant, when what follows at once is the block it heads (output,
 * or a "$ " command and its output) holding a result, in a message that
 * writes no root prompts (where "# sync" over its output is a command).
 */
static int is_comment_heading(const struct extract *x, size_t i, int kernels, int prompts)
{
	const struct qtext *q = x->q;
	const char *t = import_skip_space(q->v[i].text), *next;
	size_t n, k;

	if (prompts || kernels > 1 || (x->sec->flags[i] & (L_PARA_START | L_SKIP)) != L_PARA_START ||
	    (x->feat[i] & (FEAT_VERB | FEAT_TIME)) || t[0] != '#' || !import_comment_heading(t, strlen(t), &n) || i + 1 >= q->nr || q->v[i + 1].blank ||
	    q->v[i + 1].depth != q->v[i].depth)
		return 0;
	next = import_skip_space(q->v[i + 1].text);
	if (next[0] == '#')
		return 0;
	for (k = i + 1; k < q->nr && k < i + 24 && !q->v[k].blank && q->v[k].depth == q->v[i].depth; k++)
		if (sections_result_at(x, k))
			return 1;
	return 0;
}

/* The indent of a line in screen columns (tabs every 8), or SIZE_MAX for a blank one. */
static size_t indent_of(const struct qline *l)
{
	size_t i, col = 0;

	if (l->blank)
		return SIZE_MAX;
	for (i = 0; i < l->len && (l->text[i] == ' ' || l->text[i] == '\t'); i++)
		col = l->text[i] == '\t' ? (col / 8 + 1) * 8 : col + 1;
	return col;
}

/*
 * "  without patch:" over lines indented deeper, inside a paragraph
 * ("Test 1: sync_mod = 0" over a without and a with block): a config
 * heading of the sub-block under it, though no paragraph starts there.
 */
static int is_subblock_heading(const struct extract *x, size_t i, int kernels)
{
	const struct qtext *q = x->q;
	const char *t = import_skip_space(q->v[i].text);
	size_t n = q->v[i].len - (size_t)(t - q->v[i].text), next;
	char *c;

	if (kernels || (x->sec->flags[i] & (L_PARA_START | L_SKIP)) || i + 1 >= q->nr ||
	    q->v[i + 1].depth != q->v[i].depth || (next = indent_of(&q->v[i + 1])) == SIZE_MAX ||
	    next <= indent_of(&q->v[i]) || !(c = import_config_heading(t, n)))
		return 0;
	free(c);
	return !sections_result_at(x, i);
}

static int is_heading(const struct extract *x, size_t i, int kernels)
{
	const struct qtext *q = x->q;
	const struct qline *l = &q->v[i];
	const char *t = import_skip_space(l->text);
	size_t n = l->len - (size_t)(t - l->text), label;
	int dp = l->depth;

	/*
	 * a line a rule underlines that is a label and its description
	 * ("linux-2.6.11<tab>P4 2.4, SATA-X rev 01" over "====="): the label
	 * is the heading's shape
	 */
	if (i + 1 < q->nr && (x->sec->flags[i + 1] & L_RULE) && q->v[i + 1].depth == dp &&
	    (label = import_label_len(t, n)))
		n = label;
	return (x->sec->flags[i] & (L_PARA_START | L_SKIP)) == L_PARA_START && kernels <= 1 &&
	       !(x->feat[i] & (FEAT_VERB | FEAT_TIME)) &&
	       import_heading_shape(t, n, i + 1 < q->nr && !q->v[i + 1].blank && q->v[i + 1].depth == dp,
				    i + 1 >= q->nr || q->v[i + 1].blank, kernels == 1) &&
	       !sections_result_at(x, i);
}

static int is_order(const struct extract *x, size_t i, int kernels)
{
	const struct qline *l = &x->q->v[i];

	return kernels >= 2 && !(x->sec->flags[i] & L_SKIP) &&
	       (import_order_cue(l->text, l->len) ||
		(!(x->sec->flags[i] & L_PARA_START) && import_order_cue(l[-1].text, l[-1].len))) &&
	       !sections_result_at(x, i);
}

/*
 * A rule right under a table's header and over its rows ("Operation
 * Count  AvgLat" / "-------" / dbench's rows, a tool's or the writer's
 * table): it belongs to the table, and the heading over the table still
 * holds for it.
 */
static int is_underline(const struct extract *x, size_t i)
{
	const struct qtext *q = x->q;
	const struct sections *s = x->sec;
	int d = q->v[i].depth;

	return i > 0 && i + 1 < q->nr && !q->v[i - 1].blank && !q->v[i + 1].blank && q->v[i - 1].depth == d &&
	       q->v[i + 1].depth == d && !(s->flags[i - 1] & L_RULE) &&
	       (s->tool_line[i + 1] || (s->flags[i + 1] & (L_SKIP | L_RESULT)) == (L_SKIP | L_RESULT));
}

/* "==" / "Without 6a3afb6ac6" / "==": the rule under a config heading closes the heading, not its section. */
static int underlines_config(const struct extract *x, const struct heading_state *h, size_t i)
{
	return i > 0 && (x->sec->flags[i - 1] & L_HEADING) && x->q->v[i - 1].depth == x->q->v[i].depth &&
	       h->config && h->config_line == i - 1;
}

static void find_sections(struct extract *x)
{
	const struct qtext *q = x->q;
	struct sections *s = x->sec;
	struct heading_state h[DEPTHS];
	size_t i, next_part = 0;
	int prompts = writes_root_prompts(x);

	memset(h, 0, sizeof(h));
	for (i = 0; i < DEPTHS; i++)
		h[i].cur = UINT_MAX;
	for (i = 0; i < q->nr; i++) {
		const struct qline *l = &q->v[i];
		struct heading_state *hd = &h[l->depth];
		const struct mail_part_name *part = NULL;
		struct section *sec;
		int kernels, comment, heading;

		while (next_part < x->msg->npart_names && x->msg->part_names[next_part].line <= l->lineno)
			part = &x->msg->part_names[next_part++];
		if (part)
			start_part(x, i, part, h);
		s->of_line[i] = hd->cur;
		if (l->blank)
			continue;
		kernels = (int)s->nkernels[i];
		if ((s->flags[i] & L_RULE) && !is_underline(x, i) && !underlines_config(x, hd, i)) {
			hd->rule_before = 1;
			hd->config = hd->bench = NULL;
			continue;
		}
		/* asked once: the heading's shape is the dearest test of the line */
		heading = is_heading(x, i, kernels);
		comment = !heading && is_comment_heading(x, i, kernels, prompts);
		if (comment || heading || is_subblock_heading(x, i, kernels)) {
			s->flags[i] |= L_HEADING;
			read_heading(x, i, kernels, comment, hd);
		}
		if (is_order(x, i, kernels)) {
			s->flags[i] |= L_ORDER;
			s->orders = 1;
		}
		if (hd->cur == UINT_MAX || hd->rule_before || (s->flags[i] & L_HEADING) ||
		    (hd->label_open && (s->flags[i] & L_PARA_START))) {
			new_section(s, i, l->depth, &hd->cur);
			hd->rule_before = 0;
			hd->label_open = hd->label != NULL;
		}
		sec = &s->v[hd->cur];
		s->of_line[i] = hd->cur;
		if (hd->label)
			sec->config = hd->label;
		hd->label = NULL;
		if (!sec->config)
			sec->config = hd->config;
		if (!sec->benchmark)
			sec->benchmark = hd->bench;
	}
	for (i = 0; i < DEPTHS; i++)
		if (h[i].cur != UINT_MAX)
			s->v[h[i].cur].end = q->nr;
}

/* The first file system line i names (with the data= mode named right after it), if it holds no result. */
static const char *find_line_fs(const struct extract *x, size_t i, const char **mode_out)
{
	const char *fs = sections_text_fs(x, i, mode_out);

	if (!fs || sections_result_at(x, i)) {
		*mode_out = NULL;
		return NULL;
	}
	return fs;
}

/*
 * find_line_fs on a line that may name a file system, looked once: the
 * sections and the depths ask for the same lines.
 */
static const char *line_fs(const struct extract *x, size_t i, const char **mode_out)
{
	struct sections *s = x->sec;

	*mode_out = NULL;
	if (x->q->v[i].blank || (s->flags[i] & L_SKIP) || !(x->feat[i] & FEAT_FS))
		return NULL;
	if (!s->line_fs_known[i]) {
		s->line_fs[i] = find_line_fs(x, i, &s->line_fs_mode[i]);
		s->line_fs_known[i] = 1;
	}
	*mode_out = s->line_fs_mode[i];
	return s->line_fs[i];
}

const struct section *extract_section_at(const struct extract *x, size_t at)
{
	struct sections *s = x->sec;
	struct section *sec;
	unsigned k;
	size_t i;

	if (!s || !s->of_line || (k = s->of_line[at]) == UINT_MAX)
		return NULL;
	sec = &s->v[k];
	if (!sec->fs_known) {
		for (i = sec->first; i < sec->end && !sec->fs; i++)
			if (x->q->v[i].depth == sec->depth)
				sec->fs = line_fs(x, i, &sec->fs_mode);
		sec->fs_known = 1;
	}
	return sec;
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

const char *extract_depth_fs(const struct extract *x, size_t at)
{
	struct sections *s = x->sec;
	int dp = x->q->v[at].depth, several = 0;
	const char *one = NULL, *fs, *mode;
	size_t i;

	if (!s || !s->depth_fs)
		return NULL;
	if (s->depth_fs_known[dp])
		return s->depth_fs[dp];
	for (i = 0; i < x->q->nr && !several; i++)
		if (x->q->v[i].depth == dp && (fs = line_fs(x, i, &mode))) {
			several = one && strcmp(one, fs);
			one = fs;
		}
	if (several)
		one = NULL;
	else if (!one && !dp)
		one = subject_fs(x);
	s->depth_fs[dp] = one;
	s->depth_fs_known[dp] = 1;
	return one;
}

const char *extract_message_fs(const struct extract *x, size_t at)
{
	const char *fs = extract_depth_fs(x, at), *subj;

	/* "dbench on btrfs faster than the disk?" over "the same disk with ext4:": which is unsaid */
	if (fs && !x->q->v[at].depth && (subj = subject_fs(x)) && strcmp(subj, fs))
		return NULL;
	return fs;
}

/* A per-line block made larger: what it held is written again for each message, so not copied. */
static void *renew(void *p, size_t n)
{
	free(p);
	return xmalloc(n);
}

/* The per-line and per-depth blocks, grown to this message and emptied. */
static void prepare(struct extract *x)
{
	struct sections *s = x->sec;
	size_t nr = x->q->nr, i;

	/* doubled at least: a longer message than the longest so far comes often */
	if (nr > s->lines_alloc) {
		size_t n = nr > s->lines_alloc * 2 ? nr : s->lines_alloc * 2;

		s->lines_alloc = n;
		s->of_line = renew(s->of_line, n * sizeof(*s->of_line));
		s->kernel = renew(s->kernel, n * sizeof(*s->kernel));
		s->own = renew(s->own, n * sizeof(*s->own));
		s->flags = renew(s->flags, n);
		s->tool_line = renew(s->tool_line, n);
		s->mark_at = renew(s->mark_at, (n + 1) * sizeof(*s->mark_at));
		s->nkernels = renew(s->nkernels, n * sizeof(*s->nkernels));
		s->line_fs = renew(s->line_fs, n * sizeof(*s->line_fs));
		s->line_fs_mode = renew(s->line_fs_mode, n * sizeof(*s->line_fs_mode));
		s->line_fs_known = renew(s->line_fs_known, n);
		s->seen_of = renew(s->seen_of, n * sizeof(*s->seen_of));
	}
	memset(s->seen_of, 0, nr * sizeof(*s->seen_of));
	memset(s->line_fs_known, 0, nr);
	memset(s->kernel, 0, nr * sizeof(*s->kernel));
	memset(s->flags, 0, nr);
	memset(s->tool_line, 0, nr);
	for (i = 0; i < x->tools.nr; i++)
		if (x->tools.v[i].line > 0 && (size_t)x->tools.v[i].line <= nr)
			s->tool_line[x->tools.v[i].line - 1] = 1;
	if (x->depths > s->depths_alloc) {
		s->depths_alloc = x->depths;
		s->depth_fs = xrealloc(s->depth_fs, x->depths * sizeof(*s->depth_fs));
		s->depth_fs_known = xrealloc(s->depth_fs_known, x->depths);
	}
	memset(s->depth_fs_known, 0, x->depths);
	s->nr = 0;
	s->short_in = s->short_out = NULL;
	s->nmarks = 0;
	s->orders = 0;
	sections_seen_trim(s);
}

void extract_sections(struct extract *x)
{
	x->sec = &x->scratch->sections;
	if (!x->q->nr) {
		x->sec = NULL;
		return;
	}
	prepare(x);
	mark_lines(x);
	find_sections(x);
	sections_give_kernels(x);
}

void extract_sections_release(struct extract *x)
{
	struct sections *s = x->sec;

	if (!s)
		return;
	while (s->nowned)
		free(s->owned[--s->nowned]);
	x->sec = NULL;
}

void sections_free(struct sections *s)
{
	while (s->nowned)
		free(s->owned[--s->nowned]);
	free(s->owned);
	free(s->v);
	free(s->of_line);
	free(s->kernel);
	free(s->own);
	free(s->flags);
	free(s->tool_line);
	free(s->mark_at);
	free(s->nkernels);
	free(s->line_fs);
	free(s->line_fs_mode);
	free(s->line_fs_known);
	free(s->seen_of);
	free(s->depth_fs);
	free(s->depth_fs_known);
	free(s->marks);
	free(s->first_best);
	free(s->first_strength);
	sections_seen_free(s);
	memset(s, 0, sizeof(*s));
}
