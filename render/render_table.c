#include "render_table.h"
#include "render_text.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

void render_table_set_title(struct render_table *t, const char *title, const char *stub)
{
	free(t->title);
	free(t->stub);
	t->title = title ? xstrdup(title) : NULL;
	t->stub = xstrdup(stub ? stub : "");
}

void render_table_add_col(struct render_table *t, const char *name)
{
	ALLOC_GROW(t->cols, t->ncols + 1, t->cols_alloc);
	t->cols[t->ncols++] = xstrdup(name);
}

static struct render_row *add_row(struct render_table *t, const char *label)
{
	struct render_row *r;

	ALLOC_GROW(t->rows, t->nrows + 1, t->rows_alloc);
	r = &t->rows[t->nrows++];
	r->label = xstrdup(label);
	r->cells = NULL;
	return r;
}

struct render_cell *render_table_add_row(struct render_table *t, const char *label)
{
	struct render_row *r = add_row(t, label);

	r->cells = xcalloc(t->ncols ? t->ncols : 1, sizeof(*r->cells));
	return r->cells;
}

void render_table_add_section(struct render_table *t, const char *label)
{
	add_row(t, label);
}

void render_table_add_note(struct render_table *t, const char *fmt, ...)
{
	struct strbuf sb = STRBUF_INIT;
	va_list ap;

	va_start(ap, fmt);
	strbuf_vaddf(&sb, fmt, ap);
	va_end(ap);
	ALLOC_GROW(t->notes, t->nnotes + 1, t->notes_alloc);
	t->notes[t->nnotes++] = strbuf_detach(&sb, NULL);
}

static void replace(char **field, const char *value)
{
	free(*field);
	*field = value ? xstrdup(value) : NULL;
}

void render_cell_set(struct render_cell *c, const char *value, const char *spread,
		     const char *note)
{
	replace(&c->value, value);
	replace(&c->spread, spread);
	replace(&c->note, note);
}

void render_table_release(struct render_table *t)
{
	size_t i, j;

	for (i = 0; i < t->nrows; i++) {
		if (t->rows[i].cells)
			for (j = 0; j < t->ncols; j++) {
				free(t->rows[i].cells[j].value);
				free(t->rows[i].cells[j].spread);
				free(t->rows[i].cells[j].note);
			}
		free(t->rows[i].cells);
		free(t->rows[i].label);
	}
	for (i = 0; i < t->ncols; i++)
		free(t->cols[i]);
	for (i = 0; i < t->nnotes; i++)
		free(t->notes[i]);
	free(t->rows);
	free(t->cols);
	free(t->notes);
	free(t->title);
	free(t->stub);
	memset(t, 0, sizeof(*t));
}

/* Width of the part before the decimal point, and of the point and after. */
static void split_decimal(const char *s, size_t *intw, size_t *fracw)
{
	const char *dot = strchr(s, '.');
	size_t w = render_text_width(s);

	*fracw = dot ? render_text_width(dot) : 0;
	*intw = w - *fracw;
}

/*
 * A column: values right-aligned on their decimal point (vi columns before
 * it), then each value's tail: its decimals and its spread ("+-0.42"),
 * which follows the value at once rather than being aligned on its own,
 * so that one sample posted with eight decimals does not push every
 * spread of the column away from its value.  Notes line up after that.
 */
struct col_layout {
	size_t vi, tail, nw, width;
};

static size_t max_sz(size_t a, size_t b)
{
	return a > b ? a : b;
}

/* With align_right, the value is a whole ("vi" is its width) and the spread stands apart. */
static void value_parts(const struct render_table *t, const char *value, size_t *a, size_t *b)
{
	if (t->align_right) {
		*a = render_text_width(value);
		*b = 0;
	} else {
		split_decimal(value, a, b);
	}
}

static size_t tail_width(const struct render_table *t, const struct render_cell *cell, size_t pmw)
{
	size_t a = 0, b = 0;

	if (cell->value)
		value_parts(t, cell->value, &a, &b);
	if (cell->spread)
		b += 1 + pmw + render_text_width(cell->spread);
	return b;
}

static void layout_col(struct col_layout *cl, const struct render_table *t, size_t c,
		       const struct render_table_format *fmt)
{
	size_t i, pmw = render_text_width(fmt->plus_minus), w;

	memset(cl, 0, sizeof(*cl));
	for (i = 0; i < t->nrows; i++) {
		const struct render_cell *cell = t->rows[i].cells ? &t->rows[i].cells[c] : NULL;
		size_t a, b;

		if (!cell)
			continue;
		if (cell->value) {
			value_parts(t, cell->value, &a, &b);
			cl->vi = max_sz(cl->vi, a);
		}
		cl->tail = max_sz(cl->tail, tail_width(t, cell, pmw));
		if (cell->note)
			cl->nw = max_sz(cl->nw, render_text_width(cell->note));
	}
	w = cl->vi + cl->tail;
	if (cl->nw)
		w += 1 + cl->nw;
	cl->width = max_sz(w, render_text_width(t->cols[c]));
}

static void pad(struct strbuf *out, size_t n)
{
	strbuf_addchars(out, ' ', n);
}

static void format_cell(struct strbuf *out, const struct render_table *t,
			const struct render_cell *cell, const struct col_layout *cl,
			const struct render_table_format *fmt)
{
	size_t a = 0, b, content = cl->vi + cl->tail + (cl->nw ? 1 + cl->nw : 0);
	size_t tail = tail_width(t, cell, render_text_width(fmt->plus_minus));

	/* the aligned block sits at the right of a column wider than it */
	pad(out, cl->width - content);
	if (cell->value)
		value_parts(t, cell->value, &a, &b);
	pad(out, cl->vi - a);
	if (cell->value)
		strbuf_addstr(out, cell->value);
	/* right-aligned spreads line up on their end, after the values */
	if (t->align_right && cell->spread)
		pad(out, cl->tail - tail);
	if (cell->spread) {
		strbuf_addch(out, ' ');
		strbuf_addstr(out, fmt->plus_minus);
		strbuf_addstr(out, cell->spread);
	}
	if (!t->align_right || !cell->spread)
		pad(out, cl->tail - tail);
	if (cl->nw) {
		strbuf_addch(out, ' ');
		strbuf_addstr(out, cell->note ? cell->note : "");
		pad(out, cl->nw - (cell->note ? render_text_width(cell->note) : 0));
	}
}

static void end_line(struct strbuf *out)
{
	const char *nl = memrchr(out->buf, '\n', out->len);

	render_rtrim_line(out, nl ? (size_t)(nl - out->buf) + 1 : 0);
	strbuf_addch(out, '\n');
}

/* A copy of t with every string passed through the format's escaping. */
static void escaped_copy(struct render_table *dst, const struct render_table *t,
			 const struct render_table_format *fmt)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i, j;

#define ESC(s) ((s) ? (strbuf_reset(&sb), fmt->escape(&sb, (s)), sb.buf) : NULL)
	{
		char *title = t->title ? xstrdup(ESC(t->title)) : NULL;

		render_table_set_title(dst, title, ESC(t->stub));
		free(title);
	}
	for (i = 0; i < t->ncols; i++)
		render_table_add_col(dst, ESC(t->cols[i]));
	for (i = 0; i < t->nrows; i++) {
		struct render_cell *cells;

		if (!t->rows[i].cells) {
			render_table_add_section(dst, ESC(t->rows[i].label));
			continue;
		}
		cells = render_table_add_row(dst, ESC(t->rows[i].label));
		for (j = 0; j < t->ncols; j++) {
			const struct render_cell *c = &t->rows[i].cells[j];

			cells[j].value = c->value ? xstrdup(ESC(c->value)) : NULL;
			cells[j].spread = c->spread ? xstrdup(ESC(c->spread)) : NULL;
			cells[j].note = c->note ? xstrdup(ESC(c->note)) : NULL;
		}
	}
#undef ESC
	dst->no_split = t->no_split;
	dst->align_right = t->align_right;
	dst->tight_last = t->tight_last;
	/* notes are never NULL: render_table_add_note always stores a string */
	for (i = 0; i < t->nnotes; i++) {
		strbuf_reset(&sb);
		fmt->escape(&sb, t->notes[i]);
		render_table_add_note(dst, "%s", sb.buf);
	}
	strbuf_release(&sb);
}

/*
 * Labels too long to leave room for a column become keys "[1]" explained
 * under the table: shortening them silently would lose what they say.
 */
static size_t shorten_labels(struct render_table *t, size_t limit)
{
	size_t i, stub = render_text_width(t->stub), keys = 0;

	for (i = 0; i < t->nrows; i++) {
		if (!t->rows[i].cells)
			continue;
		if (render_text_width(t->rows[i].label) > limit) {
			struct strbuf key = STRBUF_INIT;

			strbuf_addf(&key, "[%zu]", ++keys);
			render_table_add_note(t, "%s %s", key.buf, t->rows[i].label);
			free(t->rows[i].label);
			t->rows[i].label = strbuf_detach(&key, NULL);
		}
		stub = max_sz(stub, render_text_width(t->rows[i].label));
	}
	return stub;
}

/* Spaces before column c. */
static size_t gap(const struct render_table *t, size_t c)
{
	return t->tight_last && c + 1 == t->ncols ? 1 : 2;
}

/* A table kept in one block: labels up to limit stand beside their values, longer ones above. */
static size_t fit_labels(const struct render_table *t, size_t limit)
{
	size_t i, stub = render_text_width(t->stub);

	for (i = 0; i < t->nrows; i++)
		if (t->rows[i].cells && render_text_width(t->rows[i].label) <= limit)
			stub = max_sz(stub, render_text_width(t->rows[i].label));
	return stub;
}

static void write_text(struct strbuf *out, struct render_table *t,
		       const struct render_table_format *fmt)
{
	struct col_layout *cl = xcalloc(t->ncols ? t->ncols : 1, sizeof(*cl));
	size_t i, j, stub, widest = 0, all = 0, first, last;
	size_t width = fmt->width ? fmt->width : (size_t)-1 / 2;

	for (i = 0; i < t->ncols; i++) {
		layout_col(&cl[i], t, i, fmt);
		widest = max_sz(widest, cl[i].width + 2);
		all += gap(t, i) + cl[i].width;
	}
	/*
	 * A table kept in one block needs room for all its columns beside the
	 * labels; so does any other that leaves its labels a dozen columns:
	 * a key for a long label reads better than a table cut in two.
	 */
	if (t->no_split)
		stub = fit_labels(t, width > all + 8 ? width - all : 8);
	else if (width >= all + 12)
		stub = shorten_labels(t, width - all);
	else
		stub = shorten_labels(t, width > widest + 8 ? width - widest : 8);
	if (t->title) {
		render_text_wrap(out, t->title, width, "", "  ");
		strbuf_setlen(out, out->len - 1);
		end_line(out);
	}
	/* column groups that fit the width, each repeating the label column */
	for (first = 0; (first < t->ncols || first == 0) && (t->ncols || t->nrows); first = last) {
		size_t used = stub;

		for (last = first; last < t->ncols; last++) {
			if (last > first && !t->no_split && used + 2 + cl[last].width > width)
				break;
			used += 2 + cl[last].width;
		}
		if (first)
			strbuf_addch(out, '\n');
		strbuf_addstr(out, t->stub);
		pad(out, stub - render_text_width(t->stub));
		for (j = first; j < last; j++) {
			pad(out, gap(t, j) + cl[j].width - render_text_width(t->cols[j]));
			strbuf_addstr(out, t->cols[j]);
		}
		end_line(out);
		for (i = 0; i < t->nrows; i++) {
			const struct render_row *r = &t->rows[i];

			if (!r->cells) {
				/* a heading longer than a line wraps; it is never cut */
				render_text_wrap(out, r->label, width, "", "  ");
				continue;
			}
			if (render_text_width(r->label) > stub) {
				/* too long to stand beside its values: a line of its own */
				strbuf_addstr(out, r->label);
				end_line(out);
				pad(out, stub);
			} else {
				strbuf_addstr(out, r->label);
				pad(out, stub - render_text_width(r->label));
			}
			for (j = first; j < last; j++) {
				pad(out, gap(t, j));
				format_cell(out, t, &r->cells[j], &cl[j], fmt);
			}
			end_line(out);
		}
		if (!t->ncols)
			break;
	}
	if (t->nnotes && (t->ncols || t->nrows || t->title))
		strbuf_addch(out, '\n');
	for (i = 0; i < t->nnotes; i++)
		render_text_wrap(out, t->notes[i], fmt->width ? fmt->width : 1000, "", "    ");
	free(cl);
}

static void write_html(struct strbuf *out, struct render_table *t,
		       const struct render_table_format *fmt)
{
	size_t i, j;

	strbuf_addstr(out, "<table>\n");
	if (t->title)
		strbuf_addf(out, "<caption>%s</caption>\n", t->title);
	strbuf_addf(out, "<tr><th>%s</th>", t->stub);
	for (j = 0; j < t->ncols; j++)
		strbuf_addf(out, "<th>%s</th>", t->cols[j]);
	strbuf_addstr(out, "</tr>\n");
	for (i = 0; i < t->nrows; i++) {
		const struct render_row *r = &t->rows[i];

		if (!r->cells) {
			strbuf_addf(out, "<tr><th colspan=\"%zu\" class=\"section\">%s</th></tr>\n",
				    t->ncols + 1, r->label);
			continue;
		}
		strbuf_addf(out, "<tr><th>%s</th>", r->label);
		for (j = 0; j < t->ncols; j++) {
			const struct render_cell *c = &r->cells[j];

			strbuf_addstr(out, "<td>");
			strbuf_addstr(out, c->value ? c->value : "");
			if (c->spread)
				strbuf_addf(out, " %s%s", fmt->plus_minus, c->spread);
			if (c->note)
				strbuf_addf(out, " %s", c->note);
			strbuf_addstr(out, "</td>");
		}
		strbuf_addstr(out, "</tr>\n");
	}
	strbuf_addstr(out, "</table>\n");
	for (i = 0; i < t->nnotes; i++)
		strbuf_addf(out, "<p class=\"note\">%s</p>\n", t->notes[i]);
}

static void escape_ascii(struct strbuf *out, const char *s)
{
	render_text_clean(out, s, 0);
}

static void escape_utf8(struct strbuf *out, const char *s)
{
	render_text_clean(out, s, 1);
}

static void escape_html(struct strbuf *out, const char *s)
{
	struct strbuf clean = STRBUF_INIT;

	render_text_clean(&clean, s, 1);
	render_html_escape(out, clean.buf);
	strbuf_release(&clean);
}

static const struct render_table_format formats[] = {
	{ .name = "text", .width = RENDER_WIDTH, .plus_minus = "+-", .escape = escape_ascii,
	  .write = write_text },
	{ .name = "utf8", .utf8 = 1, .width = RENDER_WIDTH, .plus_minus = "\xc2\xb1",
	  .escape = escape_utf8, .write = write_text },
	{ .name = "html", .utf8 = 1, .plus_minus = "&#177;", .escape = escape_html,
	  .write = write_html },
	{ .name = NULL },
};

const struct render_table_format *render_table_format(const char *name)
{
	const struct render_table_format *f;

	for (f = formats; f->name; f++)
		if (!strcmp(f->name, name))
			return f;
	return NULL;
}

void render_table_write(struct strbuf *out, const struct render_table *t,
			const struct render_table_format *fmt)
{
	struct render_table esc = RENDER_TABLE_INIT;

	escaped_copy(&esc, t, fmt);
	fmt->write(out, &esc, fmt);
	render_table_release(&esc);
}

void render_table_write_heading(struct strbuf *out, const char *text,
				const struct render_table_format *fmt)
{
	struct strbuf wrapped = STRBUF_INIT;

	if (fmt->write == write_html) {
		/* a heading of its own, so that a page of several tables can be read by them */
		strbuf_addstr(out, "<h2>");
		fmt->escape(out, text);
		strbuf_addstr(out, "</h2>\n");
		return;
	}
	render_text_wrap(&wrapped, text, fmt->width ? fmt->width : 1000, "", "  ");
	render_table_write_lines(out, wrapped.buf, fmt);
	strbuf_release(&wrapped);
}

void render_table_write_lines(struct strbuf *out, const char *text,
			      const struct render_table_format *fmt)
{
	struct strbuf line = STRBUF_INIT;
	const char *p = text, *nl;

	for (; *p; p = nl + 1) {
		nl = strchrnul(p, '\n');
		strbuf_reset(&line);
		strbuf_add(&line, p, nl - p);
		if (fmt->write == write_html)
			strbuf_addstr(out, "<p class=\"note\">");
		fmt->escape(out, line.buf);
		strbuf_addstr(out, fmt->write == write_html ? "</p>\n" : "\n");
		if (!*nl)
			break;
	}
	strbuf_release(&line);
}
