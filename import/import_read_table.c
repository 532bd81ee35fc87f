#include "import_extract.h"
#include "import_pair.h"
#include "import_table.h"
#include "../core/util.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

/*
 * Tables (import_table.c finds them): each column and row name is
 * classified as a kernel, a file system or config (a legend may say which),
 * a metric or a benchmark, and every cell becomes a record with what its
 * row and column say over the context of the text.
 */

enum cls_kind { CLS_BENCH, CLS_KERNEL, CLS_FS, CLS_METRIC };

/* kernel and bench point at the name classified, which outlives its cls: no copy */
struct cls {
	enum cls_kind kind;
	const char *kernel;
	const char *fs;
	char *options;
	const char *metric, *unit;
	const char *bench;
};

static const struct { const char *word, *metric, *unit; } metric_words[] = {
	{ "user", "user", "s" }, { "usr", "user", "s" }, { "sys", "sys", "s" },
	{ "system", "sys", "s" }, { "real", "elapsed", "s" }, { "elapsed", "elapsed", "s" },
	{ "wall", "elapsed", "s" }, { "% CPU", "cpu", "%" }, { "%CPU", "cpu", "%" },
	{ "cpu", "cpu", "%" }, { "CPU%", "cpu", "%" }, { "sync", "sync", "s" },
	{ NULL, NULL, NULL },
};

static void classify(struct extract *x, struct cls *c, const char *name)
{
	const char *legend = facts_get(x->legend, name);
	size_t i;

	memset(c, 0, sizeof(*c));
	/* the first letters first: most names are no metric word */
	for (i = 0; metric_words[i].word; i++) {
		if ((name[0] | 0x20) == (metric_words[i].word[0] | 0x20) && !strcasecmp(name, metric_words[i].word)) {
			c->kind = CLS_METRIC;
			c->metric = metric_words[i].metric;
			c->unit = metric_words[i].unit;
			return;
		}
	}
	if (import_is_kernel(name, strlen(name))) {
		c->kind = CLS_KERNEL;
		c->kernel = name;
		return;
	}
	if (legend) {
		const char *after, *fs;
		char *mode;

		after = import_find_fs(legend, &fs, &mode);
		free(mode);
		if (after && fs) {
			struct strbuf sb = STRBUF_INIT;
			const char *rest = legend;

			/* "ext2: 4k blocks" says the fs first; the rest is the config */
			if (!strncasecmp(legend, fs, strlen(fs)) && legend[strlen(fs)] == ':')
				rest = import_skip_space(legend + strlen(fs) + 1);
			strbuf_addf(&sb, "%s: %s", name, rest);
			c->kind = CLS_FS;
			c->fs = fs;
			c->options = strbuf_detach(&sb, NULL);
			return;
		}
		c->kind = CLS_BENCH;
		c->bench = name;
		return;
	}
	if ((c->fs = import_label_fs(name, &c->options)) && strlen(name) < 24) {
		c->kind = CLS_FS;
		return;
	}
	free(c->options);
	c->options = NULL;
	c->fs = NULL;
	c->kind = CLS_BENCH;
	c->bench = name;
}

static void cls_release(struct cls *c)
{
	free(c->options);
}

static int column_known(const char *name, void *data)
{
	struct extract *x = data;
	struct cls c;
	int known;

	classify(x, &c, name);
	known = c.kind != CLS_BENCH || facts_get(x->legend, name);
	cls_release(&c);
	return known;
}

static void merge_cls(struct where *w, const struct cls *c, const char **metric, const char **unit)
{
	switch (c->kind) {
	case CLS_KERNEL:
		w->kernel = c->kernel;
		break;
	case CLS_FS:
		w->fs = c->fs;
		w->options = c->options;
		break;
	case CLS_METRIC:
		*metric = c->metric;
		*unit = c->unit;
		break;
	case CLS_BENCH:
		w->benchmark = c->bench;
		break;
	}
}

/* "kernel", "fs" above a column of row labels say what the rows are. */
static int title_names_benchmark(const char *title)
{
	static const char *const axis_words[] = {
		"kernel", "kernels", "fs", "filesystem", "file system", "config", "test",
		"benchmark", "version", "mode", NULL,
	};
	size_t i;

	if (!title)
		return 0;
	for (i = 0; axis_words[i]; i++)
		if (!strcasecmp(title, axis_words[i]))
			return 0;
	return 1;
}

static void emit_cell(struct extract *x, const struct where *w, const char *metric,
		      const char *unit, const char *text, long lineno)
{
	char *value;

	if (!strcmp(metric, "value") && strchr(text, ':')) {
		/* m:ss cells are elapsed times whatever the header says */
		metric = "elapsed";
		unit = "s";
	}
	if (!strcmp(metric, "cpu") || (!strchr(text, ':') && !unit))
		value = import_number(text, strlen(text));
	else
		value = import_seconds(text, strlen(text));
	if (value)
		emit(x, w, metric, value, unit, lineno);
	free(value);
}

/* "4.42/4.39": each number is what the table's text says, else nothing is taken */
static void pair_cell(struct extract *x, const struct import_table *t, const struct import_cell *cell,
		      const struct where *base, const char *metric, const char *unit, size_t at)
{
	const char *said[] = { t->cols[cell->col], t->cols2 ? t->cols2[cell->col] : NULL,
			       t->rows[cell->row], t->title,
			       at > 0 ? x->q->v[at - 1].text : NULL, at > 1 ? x->q->v[at - 2].text : NULL,
			       at > 2 ? x->q->v[at - 3].text : NULL };
	struct import_pair p;
	size_t i;
	int k;

	for (i = 0; i < ARRAY_SIZE(said); i++)
		if (said[i] && !import_pair_find(&p, said[i]))
			break;
	if (i == ARRAY_SIZE(said))
		return;
	if (p.kind == PAIR_PATCH && !base->kernel) {
		import_pair_release(&p);
		return;
	}
	for (k = 0; k < 2; k++) {
		struct where w = *base;
		struct strbuf s = STRBUF_INIT;
		const char *m = p.kind == PAIR_METRIC ? p.what[k] : metric;
		const char *u = p.unit[k] ?: unit;
		char *half = import_pair_half(cell->text, k);

		if (p.kind == PAIR_STEP) {
			strbuf_addf(&s, "%s%s%s", w.benchmark ?: "", w.benchmark ? " " : "", p.what[k]);
			w.benchmark = s.buf;
		} else if (p.kind == PAIR_PATCH && k) {
			strbuf_addf(&s, "%s%s", w.kernel, p.patch);
			w.kernel = s.buf;
		}
		if (p.kind != PAIR_METRIC && p.unit[k] && !strcmp(m, "value"))
			m = "throughput";
		emit_cell(x, &w, m, u, half, cell->lineno);
		free(half);
		strbuf_release(&s);
	}
	import_pair_release(&p);
}

/*
 * A table's rows hold numbers: a line with no digit in the few lines
 * below it (room for a two-line header and rules) starts none.
 */
#define TABLE_REACH 6

static int table_starts(const struct extract *x, size_t at)
{
	return at + 1 < x->q->nr && x->digit_next[at + 1] <= at + TABLE_REACH;
}

static size_t table(struct extract *x, size_t at)
{
	const struct qline *l = &x->q->v[at];
	const struct depth_ctx *d = &x->d[l->depth];
	struct import_scratch *s = x->scratch;
	struct import_table t;
	struct cls *cols, *rows, *cols2;
	const char *benchmark;   /* what the table measures: its title, else what prose said */
	size_t i;

	if (import_table_at(&t, x->q->v, x->q->nr, at, column_known, x))
		return 0;
	/* one zeroed block, kept from table to table */
	ALLOC_GROW(s->cls, 2 * t.ncols + t.nrows + 1, s->acls);
	memset(s->cls, 0, (2 * t.ncols + t.nrows) * sizeof(*s->cls));
	cols = s->cls;
	cols2 = cols + t.ncols;
	rows = cols2 + t.ncols;
	for (i = 0; i < t.ncols; i++) {
		classify(x, &cols[i], t.cols[i]);
		/* a second header line: file systems, configs or units under the first */
		if (t.cols2 && !import_table_unit(t.cols2[i]))
			classify(x, &cols2[i], t.cols2[i]);
		else
			cols2[i].kind = CLS_BENCH;
	}
	for (i = 0; i < t.nrows; i++)
		classify(x, &rows[i], t.rows[i]);
	x->group++;
	benchmark = title_names_benchmark(t.title) ? t.title : d->program;
	for (i = 0; i < t.ncells; i++) {
		const struct import_cell *cell = &t.cells[i];
		struct where w = extract_where(x, at, benchmark);
		const char *metric = "value", *unit = NULL;

		merge_cls(&w, &rows[cell->row], &metric, &unit);
		merge_cls(&w, &cols[cell->col], &metric, &unit);
		if (cols2[cell->col].kind != CLS_BENCH)
			merge_cls(&w, &cols2[cell->col], &metric, &unit);
		else if (t.cols2 && (unit = unit ?: import_table_unit(t.cols2[cell->col])) &&
			 !strcmp(metric, "value") && strchr(unit, '/'))
			metric = "throughput";
		if (strchr(cell->text, '/'))
			pair_cell(x, &t, cell, &w, metric, unit, at);
		else
			emit_cell(x, &w, metric, unit, cell->text, cell->lineno);
	}
	for (i = 0; i < 2 * t.ncols + t.nrows; i++)
		cls_release(&s->cls[i]);
	i = t.lines;
	import_table_release(&t);
	return i;
}

const struct import_reader import_read_table = { "table", table_starts, table };
