/*
 * What a table's header lines say of each of its columns: the kernel,
 * file system or config, metric and unit each column's names give, and
 * the columns that hold no result of their own.  The reader of a table's
 * values (import_grid_read.c) asks this for its columns.
 */
#include "import_grid_column.h"
#include "../core/strbuf.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* The name head h gives column k, or NULL. */
static const struct grid_name *name_over(const struct grid_head *h, size_t k)
{
	size_t i;

	for (i = 0; i < h->nnames; i++)
		if (h->names[i].col == (long)k)
			return &h->names[i];
	return NULL;
}

/*
 * What a header line names across the columns: metrics, kernels, file
 * systems (with their configs), plain names of configs ("vanilla",
 * "patched"), or nothing (the 0-day robot's "%stddev %change").
 */
enum line_role { LINE_METRIC, LINE_KERNEL, LINE_FS, LINE_CONFIG, LINE_IGNORE };

/* The 0-day robot's "%stddev  %change  %stddev": what the notes mean, no names. */
static int annotation(const char *s, size_t n)
{
	return (n == 7 && !strncasecmp(s, "%stddev", 7)) || (n == 7 && !strncasecmp(s, "%change", 7)) ||
	       (n == 6 && !strncasecmp(s, "stddev", 6));
}

/*
 * What a header line names across the columns: kernels, configs, or
 * metrics.  names[k] is the name over column k as grid_classify reads it.
 */
static enum line_role head_role(const struct grid *g, const struct grid_head *h, const struct name *names)
{
	size_t k, kernels = 0, configs = 0, metrics = 0, none = 0, skips = 0;

	size_t notes = 0, named = 0;

	for (k = 0; k < g->ncols; k++) {
		const struct grid_name *nm = name_over(h, k);

		if (!nm)
			continue;
		named++;
		if (annotation(nm->text.s, nm->text.n)) {
			notes++;
			continue;
		}
		switch (names[k].role) {
		case ROLE_KERNEL: kernels++; break;
		case ROLE_FS: configs++; break;
		case ROLE_NONE: none++; break;
		case ROLE_SKIP: skips++; break;
		/* "% diff" beside "No FC  FC": relative to the columns, whatever they are */
		case ROLE_CHANGE: break;
		/* "N" over the rows' parameter ("N  base  zswap"): it says nothing of the other names */
		case ROLE_PARAMCOL: break;
		default: metrics++; break;
		}
	}
	if (notes == named)
		return LINE_IGNORE;
	if (kernels && kernels >= configs + metrics + none)
		return LINE_KERNEL;
	if (configs && configs >= metrics + none)
		return LINE_FS;
	/*
	 * names of configs carry no metric word: "vanilla", "shrinker-v1r1";
	 * "base" or "baseline" beside them is a config too
	 */
	return metrics ? LINE_METRIC : LINE_CONFIG;
}

static void names_read(struct column *cols, const struct grid *g, const struct reading *rd)
{
	enum line_role role[GRID_MAX_HEADS];
	/* each head's name over each column, read once for the head's role and the column's names */
	struct name *names = xcalloc(g->nheads * g->ncols + 1, sizeof(*names));
	size_t h, k, metric_lines = 0;

	for (h = 0; h < g->nheads; h++) {
		for (k = 0; k < g->ncols; k++) {
			const struct grid_name *nm = name_over(&g->heads[h], k);

			if (nm)
				grid_classify(&names[h * g->ncols + k], nm->text.s, nm->text.n, rd);
		}
		role[h] = head_role(g, &g->heads[h], names + h * g->ncols);
		metric_lines += role[h] == LINE_METRIC;
	}
	/* a line of plain names over a metric line is part of the metric: "File" over "Size" */
	for (h = 0; metric_lines && h + 1 < g->nheads; h++)
		if (role[h] == LINE_CONFIG && role[h + 1] == LINE_METRIC && g->nheads > 1 &&
		    h + 1 == g->nheads - 1)
			role[h] = LINE_METRIC;
	for (k = 0; k < g->ncols; k++) {
		struct strbuf metric = STRBUF_INIT;
		/* a metric of one name is that name, already read (grid_classify reads the trimmed text) */
		struct name alone;
		size_t metric_names = 0;

		memset(&alone, 0, sizeof(alone));
		for (h = 0; h < g->nheads; h++) {
			struct name c = names[h * g->ncols + k];

			if (!name_over(&g->heads[h], k))
				continue;
			if (c.role == ROLE_CHANGE && role[h] != LINE_METRIC) {
				/* a change column among configs or kernels: no results of its own */
				cols[k].skip = 1;
			} else if (role[h] == LINE_KERNEL && c.role == ROLE_KERNEL && !cols[k].kernel) {
				cols[k].kernel = c.text;
				c.text = NULL;
			} else if (role[h] == LINE_CONFIG && h && role[h - 1] == LINE_CONFIG && cols[k].options &&
				   !cols[k].fs && c.role != ROLE_FS && name_over(&g->heads[h - 1], k)) {
				/*
				 * a name split over two header lines ("nowake" over
				 * "kswapd-v1r1") is one; a dash over a name holds its place
				 */
				struct strbuf joined = STRBUF_INIT;

				if (strspn(cols[k].options, "-") < strlen(cols[k].options))
					strbuf_addf(&joined, "%s ", cols[k].options);
				strbuf_addstr(&joined, c.text);
				free(cols[k].options);
				cols[k].options = strbuf_detach(&joined, NULL);
			} else if ((role[h] == LINE_CONFIG || role[h] == LINE_FS) && c.role == ROLE_PARAMCOL) {
				/* "N" among the configs' names: the column of the rows' parameter */
				cols[k].param = 1;
				cols[k].metric = grid_metric_of(c.text);
			} else if ((role[h] == LINE_CONFIG || role[h] == LINE_FS) && !cols[k].options &&
				   !cols[k].fs) {
				cols[k].fs = c.fs;
				/* a file system's name is no config of its own: "ext3" under "2.4.18" */
				if (c.role == ROLE_FS) {
					cols[k].options = c.options;
					c.options = NULL;
				} else {
					cols[k].options = c.text;
					c.text = NULL;
				}
			} else if (role[h] == LINE_METRIC) {
				if (metric.len)
					strbuf_addch(&metric, ' ');
				strbuf_addstr(&metric, c.text);
				if (!metric_names++) {
					alone = c;
					memset(&c, 0, sizeof(c));
				}
			}
			grid_name_release(&c);
		}
		if (metric.len) {
			struct name c;

			if (metric_names == 1) {
				c = alone;
				memset(&alone, 0, sizeof(alone));
			} else {
				grid_classify(&c, metric.buf, metric.len, rd);
			}
			cols[k].skip = c.role == ROLE_SKIP || c.role == ROLE_CHANGE;
			cols[k].param = c.role == ROLE_PARAMCOL;
			cols[k].unit = c.unit;
			c.unit = NULL;
			if (c.role == ROLE_PARAM) {
				cols[k].bench_param = c.text;
				c.text = NULL;
			} else if (cols[k].unit && grid_unit_alone(c.text)) {
				/* a unit alone names no metric: a rate is a throughput, a time elapsed */
				cols[k].metric = grid_metric_of_unit(cols[k].unit);
			} else {
				cols[k].metric = grid_metric_of(c.text);
			}
			grid_name_release(&c);
		}
		grid_name_release(&alone);
		strbuf_release(&metric);
	}
	/* each name's strings went with its copy c above */
	free(names);
}

/* Whether every cell in column k is a plain whole number. */
static int integers_in(const struct grid *g, size_t k)
{
	size_t i, j, seen = 0;

	for (i = 0; i < g->nrows; i++)
		for (j = 0; j < g->rows[i].ncells; j++) {
			const struct grid_cell *c = &g->rows[i].cells[j];
			size_t d;

			if (g->rows[i].col[j] != k)
				continue;
			if (c->kind != GRID_NUMBER || c->unit.n || c->note.n)
				return 0;
			for (d = 0; d < c->value.n; d++)
				if (!isdigit((unsigned char)c->value.s[d]))
					return 0;
			seen++;
		}
	return seen > 0;
}

/*
 * Whether column k counts up a step at a time or more, one whole number a
 * row ("snapshot 25 0.77" / "snapshot 26 0.02" / "snapshot 27 0.85"):
 * the rows' index, as a listing numbers its lines.
 */
static int counts_up(const struct grid *g, size_t k)
{
	size_t i, j, seen = 0;
	long last = -1;

	if (g->nrows < 3 || !integers_in(g, k))
		return 0;
	for (i = 0; i < g->nrows; i++)
		for (j = 0; j < g->rows[i].ncells; j++) {
			const struct grid_row *r = &g->rows[i];
			long v;

			if (r->col[j] != k)
				continue;
			v = r->cells[j].value.n < 10 ? strtol(r->cells[j].value.s, NULL, 10) : -1;
			if (v <= last)
				return 0;
			last = v;
			seen++;
		}
	return seen == g->nrows;
}

/*
 * "Amean     1        64.29 (   0.00%)": under a header that names the
 * other columns, a first column of whole numbers it leaves unnamed is the
 * row's parameter (MMTests' client count), not a result.
 */
static void unnamed_parameters(struct column *cols, const struct grid *g)
{
	size_t h, k, named = 0;

	/* no header: a first column that counts the rows, beside values that are no whole numbers */
	if (!g->nheads && g->ncols == 2 && counts_up(g, 0) && !integers_in(g, 1)) {
		cols[0].param = 1;
		return;
	}
	if (!g->nheads || g->ncols < 2)
		return;
	for (h = 0; h < g->nheads; h++)
		if (name_over(&g->heads[h], 0))
			return;
	for (k = 1; k < g->ncols; k++)
		for (h = 0; h < g->nheads; h++)
			if (name_over(&g->heads[h], k)) {
				named++;
				break;
			}
	if (named && integers_in(g, 0))
		cols[0].param = 1;
}

void grid_columns_release(struct column *cols, size_t n)
{
	size_t k;

	for (k = 0; k < n; k++) {
		free(cols[k].kernel);
		free(cols[k].options);
		free(cols[k].metric);
		free(cols[k].unit);
		free(cols[k].bench_param);
	}
	free(cols);
}

void grid_columns_read(struct column *cols, const struct grid *g, const struct reading *rd)
{
	names_read(cols, g, rd);
	unnamed_parameters(cols, g);
}
