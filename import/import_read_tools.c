#include "import_extract.h"
#include "../core/util.h"
#include "../parse/parse.h"

#include <ctype.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* How far under a title a report's number may stand: fio's percentiles are 5 lines */
#define TITLE_REACH 8

/*
 * The tools' own reports (postmark, dbench, fio, bonnie, tiobench, ...) are
 * read by the parse layer's parsers over the whole text of a message; each
 * number then gets the context the walk has at its line.  Every parser
 * flagged PARSER_IN_MAIL takes part, and runs only when one of its
 * mail_words is in the text: the feature pass (import_features.c) looks
 * for them with the readers' words, so that ordinary mail costs no search
 * of its own.  A new tool report is a parser in parse/ and nothing here.
 */

/* The bit of parse_table[i]'s mail words in x->words; 0 for a tool past the bits there are. */
static unsigned tool_bit(size_t i)
{
	return i + (size_t)__builtin_ctz(WORDS_TOOLS) < sizeof(unsigned) * CHAR_BIT ? (unsigned)WORDS_TOOLS << i : 0;
}

static int in_mail(const struct parser *p)
{
	return (p->flags & PARSER_IN_MAIL) && p->mail_words;
}

int extract_words_init(struct import_words *out, const struct import_word *line_words, size_t nline,
		       const struct import_word *text_words, size_t ntext)
{
	struct import_word words[IMPORT_FEATURES_MAX_WORDS];
	const char *const *w;
	size_t i, n;

	if (ntext > ARRAY_SIZE(words))
		return -1;
	memcpy(words, text_words, ntext * sizeof(*words));
	n = ntext;
	for (i = 0; parse_table[i]; i++) {
		if (!in_mail(parse_table[i]))
			continue;
		/* a tool past the bits of x->words could never be found */
		if (!tool_bit(i))
			return -1;
		for (w = parse_table[i]->mail_words; *w; w++) {
			if (n == ARRAY_SIZE(words))
				return -1;
			words[n++] = (struct import_word){ *w, tool_bit(i) };
		}
	}
	return import_words_init(out, line_words, nline, words, n);
}

void extract_note_tools(struct extract *x)
{
	size_t i;

	x->tools_in_text = 0;
	x->tool_named = NULL;
	for (i = 0; parse_table[i]; i++) {
		if (!in_mail(parse_table[i]) || !(x->words & tool_bit(i)))
			continue;
		x->tools_in_text |= 1ul << i;
		if (!x->tool_named)
			x->tool_named = parse_table[i]->name;
	}
}

/*
 * Whether line i is a title of a tool's report found in the text
 * ("Throughput:" over sysbench's rates), with a number of the report in
 * the lines right under it: the report's own, never the writer's
 * heading.  The same words over the writer's table elsewhere still are.
 */
int extract_tool_title(const struct extract *x, size_t i)
{
	const struct qtext *q = x->q;
	const char *t = q->v[i].text;
	size_t k, j;

	if (!x->tools.nr)
		return 0;
	while (*t == ' ' || *t == '\t')
		t++;
	for (k = 0; parse_table[k]; k++) {
		if (!(x->tools_in_text & (1ul << k)) || !parse_table[k]->is_title || !parse_table[k]->is_title(t))
			continue;
		for (j = i + 1; j < q->nr && j <= i + TITLE_REACH && q->v[j].depth == q->v[i].depth; j++)
			if (x->sec->tool_line[j])
				return 1;
	}
	return 0;
}

static int by_line(const void *a, const void *b, void *data)
{
	const struct recset *set = data;
	const struct record *x = &set->v[*(const size_t *)a], *y = &set->v[*(const size_t *)b];

	if (x->line != y->line)
		return x->line < y->line ? -1 : 1;
	return *(const size_t *)a < *(const size_t *)b ? -1 : 1;
}

static int same_str(const char *a, const char *b)
{
	return a == b || (a && b && !strcmp(a, b));
}

/*
 * "NPTL          100M  7735  99 127068 ...": the row of a report's table
 * record r stands on starts with a name, as bonnie's Machine cell does,
 * with four numbers or more after it; the name as a string of its own,
 * or NULL.  A name the record's metric or benchmark holds is what the
 * row measures ("NTCreateX" of dbench's operations), not a run's name; a
 * name that holds a kernel is the sections' to read
 * (import_section_kernel.c).
 */
static char *row_name(const struct extract *x, size_t idx, const struct record *r)
{
	const char *t = import_skip_space(x->q->v[idx].text), *e, *p;
	char *name, *kernel;
	int numbers = 0;

	if (!isalpha((unsigned char)*t))
		return NULL;
	for (e = t; *e && *e != ' ' && *e != '\t'; e++)
		;
	for (p = import_skip_space(e); isdigit((unsigned char)*p); p = import_skip_space(p)) {
		numbers++;
		p += strcspn(p, " \t");
	}
	if (numbers < 4)
		return NULL;
	name = xstrndup(t, (size_t)(e - t));
	if ((r->metric && strcasestr(r->metric, name)) || (r->benchmark && strcasestr(r->benchmark, name))) {
		free(name);
		return NULL;
	}
	if ((kernel = import_name_kernel(name))) {
		free(kernel);
		free(name);
		return NULL;
	}
	return name;
}

/* The line index of the i-th tool record in line order. */
static size_t tool_idx(const struct extract *x, size_t i)
{
	long line = x->tools.v[x->tool_order[i]].line;

	return line > 0 ? (size_t)line - 1 : 0;
}

/*
 * The rows of one table of a report (its records on lines next to each
 * other) that name different things: each row's name is its run's
 * config.  Names all the rows share are the host's, no config, unless
 * they are a file system's.
 */
static void find_row_names(struct extract *x)
{
	size_t first = 0, end, k, j;

	x->tool_label = xcalloc(x->tools.nr, sizeof(*x->tool_label));
	for (; first < x->tools.nr; first = end) {
		char *seen = NULL;
		int differ = 0;

		/* one blank line between a table's groups of rows ("a blank line inside a table") */
		for (end = first + 1; end < x->tools.nr && tool_idx(x, end) <= tool_idx(x, end - 1) + 2 &&
		     same_str(x->tools.v[x->tool_order[end]].benchmark, x->tools.v[x->tool_order[end - 1]].benchmark);
		     end++)
			;
		for (k = first; k < end; k++) {
			if (k > first && tool_idx(x, k) == tool_idx(x, k - 1)) {
				x->tool_label[k] = x->tool_label[k - 1] ? xstrdup(x->tool_label[k - 1]) : NULL;
				continue;
			}
			if (tool_idx(x, k) >= x->q->nr || !(x->tool_label[k] = row_name(x, tool_idx(x, k), &x->tools.v[x->tool_order[k]])))
				continue;
			if (!seen)
				seen = x->tool_label[k];
			else if (strcmp(seen, x->tool_label[k]))
				differ = 1;
		}
		/* a file system's name says the run's file system even alone ("ext2  512M  6385 ...") */
		for (j = first; !differ && j < end; j++) {
			if (x->tool_label[j] && import_fs_name(x->tool_label[j], strlen(x->tool_label[j])))
				continue;
			free(x->tool_label[j]);
			x->tool_label[j] = NULL;
		}
	}
}

void extract_tools_release(struct extract *x)
{
	size_t i;

	for (i = 0; x->tool_label && i < x->tools.nr; i++)
		free(x->tool_label[i]);
	free(x->tool_label);
	x->tool_label = NULL;
}

void extract_find_tools(struct extract *x)
{
	size_t i;

	for (i = 0; parse_table[i]; i++) {
		struct parse_ctx ctx = { x->msg->name, 0, NULL };

		if (x->tools_in_text & (1ul << i))
			parser_run(parse_table[i], &x->tools, x->joined->buf, x->joined->len, &ctx);
	}
	if (!x->tools.nr)
		return;
	x->tool_order = xcalloc(x->tools.nr, sizeof(*x->tool_order));
	for (i = 0; i < x->tools.nr; i++)
		x->tool_order[i] = i;
	qsort_r(x->tool_order, x->tools.nr, sizeof(*x->tool_order), by_line, &x->tools);
	find_row_names(x);
}

/* Whether phrase (three bytes or more) stands in s as a whole: not inside a longer word. */
static int holds_phrase(const char *s, const char *phrase)
{
	size_t n = strlen(phrase);
	const char *at;

	if (n < 3)
		return 0;
	for (at = strstr(s, phrase); at; at = strstr(at + 1, phrase))
		if ((at == s || !isalnum((unsigned char)at[-1])) && !isalnum((unsigned char)at[n]))
			return 1;
	return 0;
}

void extract_tools_until(struct extract *x, size_t at)
{
	/*
	 * A report's line holds several numbers of one where: it is worked
	 * out and pooled once for them.  Nothing else emits until this
	 * returns, so the where of the record before still holds.
	 */
	const struct record *before = NULL;
	size_t before_idx = 0;
	struct pooled_where p;

	while (x->tool_next < x->tools.nr) {
		const struct record *t = &x->tools.v[x->tool_order[x->tool_next]];
		const char *row = x->tool_label[x->tool_next], *fs;
		size_t idx = t->line > 0 ? (size_t)t->line - 1 : 0;

		if (idx > at)
			return;
		x->tool_next++;
		if (idx >= x->q->nr || !t->metric || !t->value || !value_is_number(t->value) || x->negative[idx] ||
		    (t->facts && facts_get(t->facts, "context")))
			continue;
		if (!before || idx != before_idx || !same_str(t->benchmark, before->benchmark) ||
		    !same_str(t->kernel, before->kernel) || !same_str(t->fs, before->fs) ||
		    !same_str(t->options, before->options)) {
			struct where w = extract_where(x, idx, t->benchmark);

			where_own(&w, t->kernel, t->fs, t->options);
			/* the row's name: a file system ("xfs"), else the run's config ("NPTL") */
			if (row && (fs = import_fs_name(row, strlen(row))))
				where_own(&w, NULL, fs, NULL);
			else if (row)
				w.config = row;
			/* a legend line naming the report's runs side by side is no config of its own */
			if (t->options && w.config && holds_phrase(w.config, t->options))
				w.config = NULL;
			pool_where(x, &w, &p);
			before = t;
			before_idx = idx;
		}
		/* one report is one group: same tool, lines close together */
		if (!x->tool_last || strcmp(x->tool_last, t->benchmark ? t->benchmark : "") ||
		    t->line - x->tool_last_line > 40)
			x->group++;
		x->tool_last = t->benchmark ? t->benchmark : "";
		x->tool_last_line = t->line;
		emit_pooled(x, &p, t->metric, t->value, t->unit, x->q->v[idx].lineno);
	}
}
