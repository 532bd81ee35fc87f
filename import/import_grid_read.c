/*
 * What the values of a table are.  Each column's names (read by
 * import_grid_column.c) and each row's label say what they are
 * (import_grid_name.c); whichever side names the metric, the other names
 * what was measured: one reader for every orientation.
 */
#include "import_grid_column.h"
#include "import_grid_name.h"
#include "import_context.h"
#include "import_heading.h"
#include "../parse/parse_duration.h"
#include "../core/strbuf.h"
#include "../core/util.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static size_t words(const char *s)
{
	size_t n = 0;

	while (*s) {
		while (*s == ' ')
			s++;
		if (*s)
			n++;
		while (*s && *s != ' ')
			s++;
	}
	return n;
}

/* "21 min 14 secs", "4 minutes 20.5 seconds": the seconds, fractions as given. */
static char *spelled_seconds(const char *s, size_t n)
{
	struct strbuf sb = STRBUF_INIT;
	const char *e = s + n;
	double total = 0;
	int dec = 0;

	while (s < e) {
		char *end;
		double v = strtod(s, &end);
		const char *u, *dot;
		size_t un;

		if (end == s)
			break;
		dot = memchr(s, '.', (size_t)(end - s));
		if (dot && (int)(end - dot - 1) > dec)
			dec = (int)(end - dot - 1);
		for (u = end; u < e && *u == ' '; u++)
			;
		for (un = 0; u + un < e && isalpha((unsigned char)u[un]); un++)
			;
		total += v * (u[0] == 'h' ? 3600 : u[0] == 'm' ? 60 : 1);
		for (s = u + un; s < e && *s == ' '; s++)
			;
	}
	strbuf_addf(&sb, "%.*f", dec, total);
	return strbuf_detach(&sb, NULL);
}

/* Seconds for a duration cell ("2:35", "0m2.129s", "50.5s"), as posted where it can be. */
static char *seconds_of(const struct grid_cell *c)
{
	struct duration d;
	char *out;
	size_t n;

	if (c->unit.n && c->unit.s[0] == 's') {
		/* "50.5s": the number is the seconds */
		return xstrndup(c->value.s, c->value.n);
	}
	if (memchr(c->value.s, ' ', c->value.n))
		return spelled_seconds(c->value.s, c->value.n);
	if (duration_read(&d, c->value.s, c->value.n) < 0)
		return xstrndup(c->value.s, c->value.n);
	n = duration_len(&d);
	out = xmalloc(n + 1);
	duration_write(out, &d);
	out[n] = '\0';
	return out;
}

/* The number without thousands separators, in *sb: "1,201,333" is 1201333; "4,14" stays. */
static const char *plain_number(struct strbuf *sb, const struct grid_cell *c)
{
	size_t i;

	strbuf_reset(sb);
	if (!c->thousands)
		strbuf_add(sb, c->value.s, c->value.n);
	for (i = 0; c->thousands && i < c->value.n; i++)
		if (c->value.s[i] != ',')
			strbuf_addch(sb, c->value.s[i]);
	return sb->buf;
}

/* "412k", "3.1G": a count with its multiplier worked out, when it comes out whole. */
static char *multiplied(const struct grid_cell *c, struct strbuf *num)
{
	static const struct { char m; double f; } mult[] = {
		{ 'k', 1e3 }, { 'K', 1e3 }, { 'M', 1e6 }, { 'G', 1e9 }, { 'T', 1e12 },
	};
	size_t i;
	double v;
	struct strbuf sb = STRBUF_INIT;

	if (c->unit.n != 1 || c->kind != GRID_NUMBER)
		return NULL;
	for (i = 0; i < ARRAY_SIZE(mult); i++)
		if (c->unit.s[0] == mult[i].m)
			break;
	if (i == ARRAY_SIZE(mult))
		return NULL;
	v = strtod(plain_number(num, c), NULL) * mult[i].f;
	if (v != (double)(long long)v || v > 9e15)
		return NULL;
	strbuf_addf(&sb, "%lld", (long long)v);
	return strbuf_detach(&sb, NULL);
}

/* "4 minutes", "2 hours": the number in seconds, with the digits it was given. */
static char *scaled_seconds(const struct grid_cell *c)
{
	static const struct { const char *unit; size_t n; int scale; } scales[] = {
		{ "m", 1, 60 }, { "min", 3, 60 }, { "mins", 4, 60 }, { "minutes", 7, 60 },
		{ "minute", 6, 60 }, { "h", 1, 3600 }, { "hours", 5, 3600 }, { "hour", 4, 3600 },
	};
	size_t i, dec = 0;
	const char *dot;
	double v;

	for (i = 0; i < ARRAY_SIZE(scales); i++)
		if (scales[i].n == c->unit.n && !strncmp(scales[i].unit, c->unit.s, c->unit.n))
			break;
	if (i == ARRAY_SIZE(scales))
		return NULL;
	dot = memchr(c->value.s, '.', c->value.n);
	if (dot)
		dec = (size_t)(c->value.s + c->value.n - dot - 1);
	{
		char *num = xstrndup(c->value.s, c->value.n);
		struct strbuf sb = STRBUF_INIT;

		v = strtod(num, NULL) * scales[i].scale;
		free(num);
		strbuf_addf(&sb, "%.*f", (int)dec, v);
		return strbuf_detach(&sb, NULL);
	}
}

/*
 * The strings the value before was given, as copied among out's: the
 * values of a row, or of a column, share their benchmark, kernel, config,
 * metric and unit, so each is copied once, not once a value.
 */
struct copies {
	char *unit, *metric, *benchmark, *kernel, *options;
};

/* s among out's strings: the copy *last, when it is the same text, else a new copy kept in *last. */
static char *copy_of(struct grid_values *out, char **last, const char *s)
{
	if (!s)
		return NULL;
	if (!*last || strcmp(*last, s))
		*last = arena_strdup(&out->strings, s);
	return *last;
}

/* A value for out, its strings copied among out's. */
static void add_value(struct grid_values *out, struct copies *kept, size_t line, size_t col, const char *value,
		      const char *unit, const char *metric, const char *benchmark, const char *kernel,
		      const char *fs, const char *options)
{
	struct grid_value *v;

	ALLOC_GROW(out->v, out->nr + 1, out->alloc);
	v = &out->v[out->nr++];
	v->line = line;
	v->col = col;
	v->value = arena_strdup(&out->strings, value);
	v->unit = copy_of(out, &kept->unit, unit);
	v->metric = copy_of(out, &kept->metric, metric);
	v->benchmark = copy_of(out, &kept->benchmark, benchmark);
	v->kernel = copy_of(out, &kept->kernel, kernel);
	v->fs = fs;
	v->options = copy_of(out, &kept->options, options);
}

/* A row's name: its label, or the text right of its cells (the 0-day robot's rows). */
static void row_name(struct name *out, const struct grid_row *r, const struct reading *rd)
{
	if (r->label.n)
		grid_classify(out, r->label.s, r->label.n, rd);
	else
		grid_classify(out, r->tail.s, r->tail.n, rd);
}

/* "TOTAL fileio.request_latency_max_ms" closing a 0-day table names the metric of every row. */
static char *total_metric(const struct grid *g)
{
	const struct grid_row *r = &g->rows[g->nrows - 1];
	const struct grid_span *t = r->label.n ? &r->label : &r->tail;

	if (t->n > 6 && !strncmp(t->s, "TOTAL ", 6))
		return grid_trimmed(t->s + 6, t->n - 6);
	return NULL;
}

/* "fsmark.files_per_sec", "perf-stat.i.instructions": a metric's dotted name. */
static int dotted(const struct grid_span *t)
{
	size_t i, dots = 0;

	if (!t->n)
		return 0;
	for (i = 0; i < t->n; i++) {
		if (t->s[i] == ' ' || t->s[i] == '/')
			return 0;
		dots += t->s[i] == '.';
	}
	return dots > 0;
}

/*
 * A row that states the machine ("MemTotal 16G", "PAGESIZE 64K"), or
 * MMTests' "Ops ..." monitor counters under a compare table: no results.
 */
static int system_fact(const char *label)
{
	size_t n = grid_first_word(label);

	return grid_word_in(label, n, &grid_fact_words) && !label[n];
}

/* A row label that goes on from the row above: "and with requested change", "+ foo". */
static int continues(const char *label)
{
	return !strncasecmp(label, "and ", 4) || !strncasecmp(label, "with ", 5) ||
	       !strncasecmp(label, "plus ", 5) || label[0] == '+';
}

/* The row above's build with the change this one names: "pre6+foo+requested_change". */
static char *continued(const char *above, const char *label)
{
	struct strbuf sb = STRBUF_INIT;
	const char *p = label;

	while (*p == '+' || *p == ' ')
		p++;
	if (!strncasecmp(p, "and ", 4))
		p += 4;
	if (!strncasecmp(p, "with ", 5))
		p += 5;
	else if (!strncasecmp(p, "plus ", 5))
		p += 5;
	/* "with the readahead tweak": the change's name, without its article */
	if (!strncasecmp(p, "the ", 4))
		p += 4;
	else if (!strncasecmp(p, "a ", 2))
		p += 2;
	strbuf_addstr(&sb, above);
	strbuf_addch(&sb, '+');
	for (; *p; p++)
		strbuf_addch(&sb, *p == ' ' ? '_' : *p);
	return strbuf_detach(&sb, NULL);
}

/*
 * A single word with a digit and a letter, "pre6", "arcavm13",
 * "22pre6aa2": a build's name.  "70-900-1000-90-2047", numbers alone,
 * are the settings a run was tuned with.
 */
static int is_ident(const struct name *n)
{
	const char *t = n->text;

	if (n->role != ROLE_NONE || !t[0] || strchr(t, ' ') || !grid_has_digit(t))
		return 0;
	for (; *t; t++)
		if (isalpha((unsigned char)*t))
			return 1;
	return 0;
}

static char *join2(const char *a, const char *sep, const char *b)
{
	struct strbuf sb = STRBUF_INIT;

	/* an empty name (a row label of the rows' parameter alone) joins as none: no stray blank */
	if (a && !*a)
		a = NULL;
	if (b && !*b)
		b = NULL;
	if (!a && !b)
		return NULL;
	if (a)
		strbuf_addstr(&sb, a);
	if (a && b)
		strbuf_addstr(&sb, sep);
	if (b)
		strbuf_addstr(&sb, b);
	return strbuf_detach(&sb, NULL);
}

/*
 * The header's corner, over the row names: "tar zxf linux-2.5.44.tar.gz"
 * above "user", "system", "elapsed" names what was measured.  A single
 * word there ("Kernel", "Machine", "Identifier") names the rows instead.
 */
static char *corner_title(const struct grid *g, const struct reading *rd)
{
	const struct grid_head *h;
	struct name nm;
	size_t k;
	char *t = NULL;

	if (!g->nheads)
		return NULL;
	h = &g->heads[g->nheads - 1];
	for (k = 0; k < h->nnames; k++) {
		const struct grid_span *sp = &h->names[k].text;

		if (h->names[k].col != -1 || !memchr(sp->s, ' ', sp->n))
			continue;
		grid_classify(&nm, sp->s, sp->n, rd);
		if (nm.role == ROLE_NONE) {
			t = grid_trimmed(sp->s, sp->n);
			if (!grid_informative_title(t)) {
				free(t);
				t = NULL;
			}
		}
		grid_name_release(&nm);
		break;
	}
	return t;
}

void grid_read_values(struct grid_values *out, const struct grid *g, const struct grid_line *lines,
		      grid_legend_fn legend, void *data)
{
	const struct reading rd = { legend, data };
	struct column *cols = xcalloc(g->ncols, sizeof(*cols));
	struct name *rows = xcalloc(g->nrows, sizeof(*rows));
	char *title = NULL, *total = total_metric(g);
	size_t i, j, k, idents = 0, fss = 0, tail_metrics = 0;
	const char *prev_kernel = NULL;
	char *cont_kept = NULL, *title_kernel = NULL;
	char *group_config = NULL;  /* what a group named "with patch:" says, for its rows */
	char *lead_config = NULL;   /* what the line leading in says: "The output after the patch was:" */
	long param = -1;
	int col_kernel = 0, col_config = 0;
	struct copies kept = { NULL, NULL, NULL, NULL, NULL };
	struct strbuf num = STRBUF_INIT;  /* a value's number, one cell after another */

	grid_columns_read(cols, g, &rd);
	for (k = 0; k < g->ncols; k++) {
		col_kernel |= cols[k].kernel != NULL;
		col_config |= cols[k].options != NULL || cols[k].fs != NULL;
		if (cols[k].param && param < 0)
			param = (long)k;
	}
	for (i = 0; i < g->nrows; i++) {
		tail_metrics += dotted(&g->rows[i].tail);
		row_name(&rows[i], &g->rows[i], &rd);
		idents += is_ident(&rows[i]);
		fss += rows[i].role == ROLE_FS;
	}
	/*
	 * "The output after the patch was:" over one column of values: the
	 * config of all of them (side by side, columns are the configs)
	 */
	{
		long lead = g->title >= 0 ? g->title : g->lead_in;

		if (lead >= 0 && g->ncols == 1)
			lead_config = import_lead_in_config(lines[lead].s, lines[lead].n);
	}
	if (g->title >= 0 && !lead_config && !grid_sentence_title(&title, g, lines) &&
	    (title = grid_title_clause(lines[g->title].s, lines[g->title].n))) {
		if (!grid_informative_title(title)) {
			free(title);
			title = NULL;
		}
	}
	if (title) {
		struct name nm;

		/* "ext3" over a table is its file system (the context has it), no benchmark */
		grid_classify(&nm, title, strlen(title), &rd);
		if (nm.role == ROLE_FS || nm.role == ROLE_KERNEL) {
			free(title);
			title = NULL;
		}
		grid_name_release(&nm);
	}
	if (!title)
		title = corner_title(g, &rd);
	/* "2.6.4 http://..." over a table: its kernel, unless the table names its own */
	if (g->title >= 0) {
		char *t = grid_trimmed(lines[g->title].s, lines[g->title].n);
		size_t w = grid_first_word(t);

		if (grid_starts_with_kernel(t, w))
			title_kernel = xstrndup(t, w);
		free(t);
	}
	for (i = 0; i < g->nrows; i++) {
		const struct grid_row *r = &g->rows[i];
		const struct name *rn = &rows[i];
		const char *kernel = NULL, *fs = NULL, *options = NULL, *bench_row = NULL;
		const char *tail_metric = NULL;
		char *param_text = NULL, *bench, *cont = NULL;
		char *row_metric = NULL;  /* the metric the row's name says, made for its first value */

		if (rn->role == ROLE_CHANGE || system_fact(rn->text) || !strncmp(rn->text, "Ops ", 4))
			continue;
		if (!r->label.n && !total && tail_metrics) {
			/* the later 0-day reports: the metric at the right of each row */
			tail_metric = rn->text;
		} else if (!r->label.n) {
			/* the 0-day robot's rows: the test case at the right, "TOTAL" closing */
			bench_row = total && i + 1 == g->nrows ? "TOTAL" : rn->text;
		} else if (rn->role == ROLE_KERNEL ||
			   (is_ident(rn) && !col_kernel && idents * 2 >= g->nrows && fss * 2 < g->nrows)) {
			kernel = rn->text;
		} else if (rn->role == ROLE_FS) {
			fs = rn->fs;
			options = rn->options;
		} else if (param >= 0 && !cols[param].metric && rn->role == ROLE_NONE) {
			/* "snapshot 26 0.02": the label and the row's index name what was timed */
			bench_row = rn->text;
		} else if ((rn->role == ROLE_NONE || rn->role == ROLE_SKIP) && !strchr(rn->text, ' ') &&
			   grid_names_something(rn->text, strlen(rn->text)) && (fss * 2 >= g->nrows || (!col_config && !col_kernel))) {
			/* one word beside file systems, or over metric columns: a config */
			options = rn->text;
		} else if (i && prev_kernel && continues(rn->text)) {
			/* "and with requested change" under "pre6+foo": the build above, changed */
			cont = continued(prev_kernel, rn->text);
			kernel = cont;
		} else if (rn->role == ROLE_NONE || rn->role == ROLE_PARAM) {
			bench_row = rn->text;
		}
		if (!options && r->group < 0)
			options = lead_config;
		prev_kernel = kernel;
		if (param >= 0)
			for (j = 0; j < r->ncells; j++)
				if (r->col[j] == (size_t)param && !param_text) {
					char *v = xstrndup(r->cells[j].value.s, r->cells[j].value.n);

					param_text = join2(cols[param].metric, "=", v);
					free(v);
				}
		/*
		 * The row's own name, under a group's; the title only when the
		 * rows name none, or when it is short enough to be a heading
		 */
		{
			char *gname = r->group >= 0 ? grid_trimmed(lines[r->group].s, lines[r->group].n) : NULL;
			char *own, *config = NULL;

			if (gname) {
				/* the group's line as posted: a config heading ends in ':' */
				const char *gl = lines[r->group].s;
				size_t gn = lines[r->group].n;

				while (gn && (*gl == ' ' || *gl == '\t'))
					gl++, gn--;
				config = import_config_heading(gl, gn);
			}

			/* a group named "without patch:" is the config of its rows, not a benchmark's name */
			if (config) {
				free(gname);
				gname = NULL;
				free(group_config);
	free(lead_config);
				group_config = config;
				if (!options)
					options = group_config;
			}
			own = join2(gname, " ", bench_row);
			const char *head = !own || (title && words(title) <= 3) ? title : NULL;

			bench = join2(head, " ", own);
			free(gname);
			free(own);
		}
		if (param_text) {
			char *b = join2(bench, " ", param_text);

			free(bench);
			bench = b;
		}
		for (j = 0; j < r->ncells; j++) {
			const struct grid_cell *c = &r->cells[j];
			const struct column *col = &cols[r->col[j]];
			const char *unit = NULL, *metric;
			const char *value;
			char *made = NULL, *metric_made = NULL;  /* value, metric, when made here rather than the table's */
			int scaled = 0;

			if (col->skip || col->param || !grid_cell_holds_value(c) || c->signed_pct ||
			    (c->suffix.n && grid_word_in(c->suffix.s, c->suffix.n, &grid_param_words)))
				continue;
			/* a plain number, as most values are, is written in num: no allocation of its own */
			if (c->kind == GRID_DURATION) {
				value = made = seconds_of(c);
				unit = "s";
			} else if ((value = made = scaled_seconds(c))) {
				unit = "s";
			} else if ((value = made = multiplied(c, &num))) {
				unit = col->unit ? col->unit : rn->unit;
				scaled = 1;
			} else {
				value = plain_number(&num, c);
				unit = c->unit.n ? NULL : col->unit ? col->unit : rn->unit;
			}
			if (col->metric)
				metric = col->metric;
			else if (tail_metric)
				metric = tail_metric;
			else if (total)
				metric = total;
			else if (rn->role == ROLE_METRIC)
				metric = row_metric ? row_metric : (row_metric = grid_metric_of(rn->text));
			else if (c->suffix.n) {
				char *w = xstrndup(c->suffix.s, c->suffix.n);

				metric = metric_made = grid_metric_of(w);
				free(w);
			} else
				metric = c->kind == GRID_DURATION ? "elapsed" : NULL;
			{
				char *u = !unit && !scaled && c->unit.n ? xstrndup(c->unit.s, c->unit.n) : NULL;

				char *b = col->bench_param ? join2(bench, " ", col->bench_param) : NULL;

				/* time's user and sys are seconds, whatever the table leaves unsaid */
				if (!unit && !u && metric && (!strcmp(metric, "user") || !strcmp(metric, "sys")))
					unit = "s";
				add_value(out, &kept, r->line, r->col[j], value, unit ? unit : u, metric, b ? b : bench,
					  col->kernel ? col->kernel : kernel ? kernel : title_kernel, col->fs ? col->fs : fs,
					  col->options ? col->options : options);
				free(u);
				free(b);
				free(made);
			}
			if (c->note.n && c->note_spread && c->note_value.n) {
				char *m = join2(metric ? metric : "value", " ", "stddev");

				strbuf_reset(&num);
				strbuf_add(&num, c->note_value.s, c->note_value.n);
				add_value(out, &kept, r->line, r->col[j], num.buf,
					  c->note_pct ? "%" : unit, m, bench,
					  col->kernel ? col->kernel : kernel, col->fs ? col->fs : fs,
					  col->options ? col->options : options);
				free(m);
			}
			free(metric_made);
		}
		free(bench);
		free(param_text);
		free(row_metric);
		/* the next row may continue this one */
		if (cont) {
			free(cont_kept);
			cont_kept = cont;
		}
	}
	strbuf_release(&num);
	free(cont_kept);
	free(group_config);
	free(lead_config);
	free(title_kernel);
	for (i = 0; i < g->nrows; i++)
		grid_name_release(&rows[i]);
	free(rows);
	grid_columns_release(cols, g->ncols);
	free(title);
	free(total);
}

void grid_values_release(struct grid_values *v)
{
	free(v->v);
	arena_release(&v->strings);
	memset(v, 0, sizeof(*v));
}
