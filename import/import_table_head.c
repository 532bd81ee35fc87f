#include "import_table.h"
#include "../core/util.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

/*
 * Headers of two lines: kernels over file systems, or names over units
 *
 *                    2.4.18      2.4.19-pre
 *                    ext3        ext3 data=journal
 *     dbench 16      45.1        39.8
 *
 * Each name belongs to the column of values it stands over: names are
 * often left-aligned and numbers right-aligned, so the nearest column by
 * screen position (tabs expanded) wins.  Both lines must name every
 * column, once, or it is not read as a header.
 */

/* The screen column of p in line s, tabs every 8. */
static size_t screen_col(const char *s, const char *p)
{
	size_t col = 0;

	for (; s < p; s++)
		col = *s == '\t' ? (col + 8) & ~(size_t)7 : col + 1;
	return col;
}

struct colspan {
	size_t from, to;
};

static size_t distance(const struct colspan *c, size_t from, size_t to)
{
	if (to <= c->from)
		return c->from - to + 1;
	if (from >= c->to)
		return from - c->to + 1;
	return 0;
}

static const char *const units[][2] = {
	{ "(s)", "s" }, { "s", "s" }, { "sec", "s" }, { "secs", "s" }, { "(sec)", "s" },
	{ "seconds", "s" }, { "(seconds)", "s" }, { "MB/s", "MB/s" }, { "(MB/s)", "MB/s" },
	{ "KB/s", "KB/s" }, { "(KB/s)", "KB/s" }, { "kB/s", "kB/s" }, { "(kB/s)", "kB/s" },
	{ "%", "%" }, { "(%)", "%" },
};

const char *import_table_unit(const char *name)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(units); i++)
		if (!strcasecmp(name, units[i][0]))
			return units[i][1];
	return NULL;
}

/*
 * Names of one header line, by column; the text left of the columns is the
 * title.  -1 when a column gets none or two, or a name is not one a table
 * is laid out by.
 */
static int names_over(struct import_table *t, char **names, const char *line,
		      const struct colspan *cols, size_t k, size_t label_end,
		      import_col_known known, void *data)
{
	struct import_span c[IMPORT_TABLE_MAX_CELLS];
	size_t n, values, i;

	n = import_table_split(c, line, 1, &values);
	for (i = 0; i < n; i++) {
		size_t from = screen_col(line, c[i].p), to = from + c[i].n, j, best = 0;
		char *name = import_table_keep(t, c[i].p, c[i].n);

		/* left of the values and over the row labels: part of the title */
		if (to <= cols[0].from && to <= label_end + (cols[0].from - label_end) / 2) {
			if (!t->title)
				t->title = name;
			continue;
		}
		for (j = 1; j < k; j++)
			if (distance(&cols[j], from, to) < distance(&cols[best], from, to))
				best = j;
		if (names[best] || (!known(name, data) && !import_table_unit(name)))
			return -1;
		names[best] = name;
	}
	for (i = 0; i < k; i++)
		if (!names[i])
			return -1;
	return 0;
}

int import_table_head2(struct import_table *t, const char *top, const char *bottom,
		       const char *row, size_t k, import_col_known known, void *data)
{
	struct import_span c[IMPORT_TABLE_MAX_CELLS];
	struct colspan cols[IMPORT_TABLE_MAX_CELLS];
	size_t n, values, i, label_end;

	n = import_table_split(c, row, 0, &values);
	if (values != k || n <= k)
		return -1;
	label_end = screen_col(row, c[n - k - 1].p + c[n - k - 1].n);
	for (i = 0; i < k; i++) {
		cols[i].from = screen_col(row, c[n - k + i].p);
		cols[i].to = cols[i].from + c[n - k + i].n;
	}
	t->ncols = k;
	/* zeroed: a name is set once, where it stands */
	t->cols = (char **)import_table_keep(t, NULL, k * sizeof(*t->cols));
	t->cols2 = (char **)import_table_keep(t, NULL, k * sizeof(*t->cols2));
	if (names_over(t, t->cols, top, cols, k, label_end, known, data) ||
	    names_over(t, t->cols2, bottom, cols, k, label_end, known, data)) {
		import_table_release(t);
		return -1;
	}
	return 0;
}

int import_table_head2_like(const struct qline *lines, size_t nr, size_t at)
{
	struct import_span c[IMPORT_TABLE_MAX_CELLS];
	const struct qline *l;
	size_t values, n;

	if (at + 2 >= nr)
		return 0;
	l = &lines[at + 1];
	/* cheap first: a second header line is indented under the first */
	if (l->blank || l->depth != lines[at].depth || (l->text[0] != ' ' && l->text[0] != '\t'))
		return 0;
	n = import_table_split(c, l->text, 0, &values);
	return n >= 2 && !values;
}
