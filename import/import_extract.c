#include "import_extract.h"
#include "import_prose.h"
#include "import_table.h"
#include "import_uuencode.h"
#include "../core/util.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

/*
 * The extractor's driver: one message's lines, quoting undone, joined and
 * looked at once for what recognisers need (import_features.c); a first
 * pass for what holds for the whole message (import_read_context.c); then
 * one walk over the lines, keeping per quote depth what the prose has said
 * so far, in which the readers below turn time blocks, dd summaries,
 * tables and prose numbers into records that carry it.
 */

/*
 * The readers, asked in this order at each line of the walk until one
 * takes lines (import_extract.h).  A new reader is a file of its own with
 * a struct import_reader, and a line here.
 */
extern const struct import_reader import_read_prompt, import_read_time_command, import_read_time_output,
	import_read_dd, import_read_grid, import_read_table, import_read_context, import_read_keyvalue,
	import_read_prose;

static const struct import_reader *const readers[] = {
	&import_read_prompt,        /* the directory a shell prompt shows (takes nothing) */
	&import_read_time_command,  /* "time cmd": what the output after it measured */
	&import_read_time_output,   /* time's output, every shell's form */
	&import_read_dd,            /* dd's summary line */
	&import_read_keyvalue,      /* "dbench 4:   41Mb/sec", "swaptest:  1m48s" */
	&import_read_grid,          /* rows of values lined up, whatever they and the columns are */
	&import_read_table,         /* a header and rows of numbers, "4.42/4.39" cells a legend explains */
	&import_read_context,       /* a label line, or prose naming a file system or device */
	&import_read_prose,         /* "untarring took 45 seconds on ext3" */
};

/*
 * The readers that learn context and take no number: they are asked on
 * the lines whose numbers are no results too (x->negative: a df line
 * still names a device), which the others pass by.
 */
static const struct import_reader *const context_readers[] = {
	&import_read_prompt,
	&import_read_context,
};

/* Words the readers look for per line (FEAT_ bits), found in the feature pass. */
static const struct import_word line_words[] = {
	{ "time", FEAT_TIME },
	{ " copied, ", FEAT_COPIED },
};

/* Words the readers look for anywhere in the text (WORDS_ bits). */
static const struct import_word text_words[] = {
	{ " type ", WORDS_MOUNT },
	{ "sing ", WORDS_USING },
	{ " on /dev/", WORDS_ON_DEV },
	{ "[/", WORDS_PROMPT_DIR },
	{ ":/", WORDS_PROMPT_DIR },
};

/* A block bigger than this (a huge message's) is given back after the message, not kept. */
#define KEEP_MAX (1 << 20)

struct import_scratch *import_scratch_new(void)
{
	struct import_scratch *s = xcalloc(1, sizeof(*s));

	strbuf_init(&s->joined, 0);
	s->quotes = (struct qtext)QTEXT_INIT;
	s->legend = facts_new();
	s->vars = facts_new();
	s->fs_options = facts_new();
	s->echo_cmd = facts_new();
	/* the tables above are fixed: any import would stop here at once */
	if (extract_words_init(&s->words, line_words, ARRAY_SIZE(line_words), text_words,
			       ARRAY_SIZE(text_words)))
		abort();
	return s;
}

void import_scratch_forget_pool(struct import_scratch *s)
{
	memset(s->last, 0, sizeof(s->last));
	memset(s->metrics, 0, sizeof(s->metrics));
}

void import_scratch_free(struct import_scratch *s)
{
	if (!s)
		return;
	strbuf_release(&s->joined);
	free(s->lines);
	mail_quote_release(&s->quotes);
	facts_unref(s->legend);
	facts_unref(s->vars);
	facts_unref(s->fs_options);
	facts_unref(s->echo_cmd);
	free(s->nums);
	free(s->cls);
	sections_free(&s->sections);
	free(s);
}

/* The lines joined by '\n', quoting undone: the parse layer's input, searched whole. */
static void join_lines(struct extract *x)
{
	struct import_scratch *s = x->scratch;
	const struct qline *v = x->q->v;
	size_t nr = x->q->nr, len = 0, i, *off;
	/*
	 * line_off, digit_next, cmd and feat in one block: separate
	 * allocations for each message cost more than the bytes
	 */
	size_t size = (nr + 1) * (2 * sizeof(size_t) + sizeof(char *) + 1);
	int deepest = 0;

	if (size > s->lines_size) {
		free(s->lines);
		s->lines = xmalloc(size);
		s->lines_size = size;
	}
	x->line_off = off = s->lines;
	x->digit_next = x->line_off + nr + 1;
	x->cmd = (char **)(x->digit_next + nr + 1);
	x->feat = (unsigned char *)(x->cmd + nr + 1);
	memset(x->feat, 0, nr + 1);
	x->joined = &s->joined;
	strbuf_reset(x->joined);
	/* no line is longer than the text it came from */
	strbuf_grow(x->joined, x->msg->text.len + nr + 1);
	for (i = 0; i < nr; i++) {
		off[i] = len;
		if (v[i].depth > deepest)
			deepest = v[i].depth;
		memcpy(x->joined->buf + len, v[i].text, v[i].len);
		x->joined->buf[len + v[i].len] = '\n';
		len += v[i].len + 1;
	}
	off[nr] = len;
	strbuf_setlen(x->joined, len);
	x->depths = nr ? (size_t)deepest + 1 : 0;
	memset(x->d, 0, x->depths * sizeof(*x->d));
	memset(x->kernel, 0, x->depths * sizeof(*x->kernel));
	memset(x->kernel_strength, 0, x->depths * sizeof(*x->kernel_strength));
}

static void find_features(struct extract *x)
{
	size_t i = x->q->nr;

	join_lines(x);
	x->words = import_features(x->feat, x->joined->buf, x->joined->len, &x->scratch->words);
	extract_note_tools(x);
	x->digit_next[i] = (size_t)-1;
	while (i-- > 0)
		x->digit_next[i] = HAS_DIGIT(x, i) ? i : x->digit_next[i + 1];
}

/*
 * Whether any line could give a number: most mail has none, and this one
 * pass is all it then costs.  Every reader starts at such a line.
 */
static int has_candidates(const struct extract *x)
{
	const struct qtext *q = x->q;
	size_t i;

	if (x->tool_named)
		return 1;
	for (i = 0; i < q->nr; i++) {
		const char *s = q->v[i].text;

		if (q->v[i].blank || x->negative[i])
			continue;
		/* "at 6100 and 24000\nrespectively": the word may stand on the line after the numbers */
		if (import_prose_lists(s))
			return 1;
		if (!HAS_DIGIT(x, i))
			continue;
		if ((x->feat[i] & (FEAT_VERB | FEAT_COPIED)) || import_time_may_start(s) ||
		    import_table_row_like(s) || import_prose_holds_quantity(s))
			return 1;
	}
	return 0;
}

static int learns_context(const struct import_reader *r)
{
	size_t k;

	for (k = 0; k < ARRAY_SIZE(context_readers); k++)
		if (context_readers[k] == r)
			return 1;
	return 0;
}

/* The first reader that takes lines at line i has them; how many (1 when none takes any). */
static size_t read_line(struct extract *x, size_t i)
{
	size_t k, used;

	for (k = 0; k < ARRAY_SIZE(readers); k++) {
		const struct import_reader *r = readers[k];

		if ((x->negative[i] || x->sec->tool_line[i]) && !learns_context(r))
			continue;
		if ((!r->starts || r->starts(x, i)) && (used = r->read(x, i)))
			return used;
	}
	return 1;
}

static void walk(struct extract *x)
{
	size_t i = 0;

	while (i < x->q->nr) {
		const struct qline *l = &x->q->v[i];
		struct depth_ctx *d = &x->d[l->depth];

		/* most mail has no tool report: no call a line */
		if (x->tool_next < x->tools.nr)
			extract_tools_until(x, i);
		/* a paragraph ends at a blank line or where the quoting changes */
		if (l->blank) {
			d->para_fs = 0;
			i++;
			continue;
		}
		if (i && x->q->v[i - 1].depth != l->depth)
			d->para_fs = 0;
		i += read_line(x, i);
	}
	extract_tools_until(x, (size_t)-1);
}

/* The parse layer scans the same lines, quoting already undone. */
static void open_scan(struct extract *x)
{
	x->pctx.name = x->msg->name;
	scan_open_lines(&x->sc, &x->scan_out, x->joined->buf, x->line_off, x->q->nr, &x->pctx, "time");
}

static void extract_release(struct extract *x)
{
	struct import_scratch *s = x->scratch;
	size_t i;

	for (i = 0; i < x->depths; i++) {
		struct depth_ctx *d = &x->d[i];

		free(d->options);
		free(d->device);
		free(d->benchmark);
		free(d->program);
		free(d->cwd);
		free(d->step);
		free(d->pending);
		free(x->kernel[i]);
	}
	for (i = 0; x->feat && i < x->q->nr; i++)
		if (x->feat[i] & FEAT_CMD)
			free(x->cmd[i]);
	for (i = 0; i < x->nscript; i++)
		free(x->script[i]);
	free(x->script);
	for (i = 0; i < x->nmounts; i++)
		import_mount_release(&x->mounts[i].m);
	free(x->mounts);
	facts_clear(x->legend);
	facts_clear(x->vars);
	facts_clear(x->fs_options);
	facts_clear(x->echo_cmd);
	import_hw_release(&x->hw);
	facts_unref(x->hw_facts);
	free(x->hw_key);
	free(x->hw_device);
	if (x->sc.ctx)
		scan_release(&x->sc);
	recset_release(&x->scan_out);
	/* the rows' names first: they are counted by the tools' records */
	extract_tools_release(x);
	recset_release(&x->tools);
	free(x->tool_order);
	extract_grids_release(x);
	extract_sections_release(x);
	free(x->negative);
	/* the blocks a huge message made are given back; the rest are the next one's */
	if (s->joined.alloc > KEEP_MAX)
		strbuf_release(&s->joined);
	if (s->lines_size > KEEP_MAX) {
		free(s->lines);
		s->lines = NULL;
		s->lines_size = 0;
	}
	if (s->quotes.buf_alloc > KEEP_MAX || s->quotes.alloc * sizeof(*s->quotes.v) > KEEP_MAX)
		mail_quote_release(&s->quotes);
}

/*
 * Why a message gave no number: the first line that looked as if it held
 * some, and what it looked like, so that a reader can tell "no results
 * here" from "results in a form not read yet".
 */
static void why_nothing(struct strbuf *why, struct extract *x)
{
	const struct qtext *q = x->q;
	const char *tool = x->tool_named;
	size_t i;

	if (tool) {
		strbuf_addf(why, "a %s report with no number read", tool);
		return;
	}
	for (i = 0; i < q->nr; i++) {
		const char *s = q->v[i].text, *what = NULL;

		if (q->v[i].blank || x->negative[i])
			continue;
		if (x->refused && x->refused_at == i)
			what = x->refused;
		else if (extract_time_command(x, i))
			what = "a time command, but no time block read after it";
		else if (!HAS_DIGIT(x, i))
			continue;
		else if (import_table_row_like(s))
			what = "a row of numbers that makes no table (one row, under no header naming its columns)";
		else if (import_time_may_start(s))
			what = "no time block read from what looks like time output";
		else if (x->feat[i] & FEAT_COPIED)
			what = "no dd summary read from what looks like one";
		else if (x->feat[i] & FEAT_VERB)
			what = "a number in prose (took, gave) in a form not read";
		else
			what = import_prose_why(s);
		if (what) {
			strbuf_addf(why, "line %ld: %s", q->v[i].lineno, what);
			return;
		}
	}
	if (!extract_why_negative(why, x))
		strbuf_addstr(why, "no benchmark numbers found");
}

void import_extract(struct import *imp, const struct mail_message *m, struct strbuf *why)
{
	struct import_scratch *s = imp->scratch;
	struct extract x;

	memset(&x, 0, offsetof(struct extract, d));
	x.imp = imp;
	x.scratch = s;
	x.msg = m;
	x.q = &s->quotes;
	x.group = imp->result.groups;
	x.legend = s->legend;
	x.vars = s->vars;
	x.fs_options = s->fs_options;
	x.echo_cmd = s->echo_cmd;
	/* the message's own: its hardware and, for quoted numbers, its source */
	s->last[F_HARDWARE] = NULL;
	s->last[F_SOURCE] = NULL;
	import_hw_init(&x.hw);
	import_uu_split(x.q, m);
	find_features(&x);
	extract_find_negatives(&x);
	extract_find_grids(&x);
	if (x.ngrids || has_candidates(&x)) {
		open_scan(&x);
		extract_find_tools(&x);
		extract_first_pass(&x);
		extract_sections(&x);
		walk(&x);
		extract_prose_finish(&x);
		imp->result.groups = x.group;
	}
	if (why && !x.found)
		why_nothing(why, &x);
	extract_release(&x);
}
