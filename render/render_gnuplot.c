#include "render_gnuplot.h"
#include "render_text.h"
#include "../core/error.h"
#include "../core/proc.h"

#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void quote(struct strbuf *out, const char *s, int utf8, int format)
{
	struct strbuf clean = STRBUF_INIT;
	const unsigned char *p;

	render_text_clean(&clean, s, utf8);
	strbuf_addch(out, '"');
	for (p = (const unsigned char *)clean.buf; *p; p++) {
		if (*p == '%' && format)
			strbuf_addstr(out, "%%");
		else if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
			 (*p >= '0' && *p <= '9') || strchr(" ,.:;+-=_/()%#", *p))
			strbuf_addch(out, *p);
		else
			strbuf_addf(out, "\\%03o", *p);
	}
	strbuf_addch(out, '"');
	strbuf_release(&clean);
}

void render_gnuplot_quote(struct strbuf *out, const char *s, int utf8)
{
	quote(out, s, utf8, 0);
}

void render_gnuplot_quote_format(struct strbuf *out, const char *s, int utf8)
{
	quote(out, s, utf8, 1);
}

static void setup_png(struct strbuf *script, size_t width, size_t height, int utf8)
{
	(void)utf8;
	strbuf_addf(script, "set terminal pngcairo size %zu,%zu noenhanced font \"sans,9\"\n",
		    width, height);
	strbuf_addstr(script, "set style fill solid 0.5 border -1\n");
}

static void setup_svg(struct strbuf *script, size_t width, size_t height, int utf8)
{
	(void)utf8;
	strbuf_addf(script, "set terminal svg size %zu,%zu noenhanced font \"sans,9\" "
		    "background \"white\"\n", width, height);
	strbuf_addstr(script, "set style fill solid 0.5 border -1\n");
}

static void setup_dumb(struct strbuf *script, size_t width, size_t height, int utf8)
{
	strbuf_addf(script, "set terminal dumb size %zu,%zu noenhanced nofeed mono\n", width, height);
	/* dumb draws in characters: without utf8 only ASCII may appear */
	if (!utf8)
		strbuf_addstr(script, "set encoding default\n");
	strbuf_addstr(script, "set style fill empty\n");
}

/* Panels of 480 x 360 pixels, at most five across; dumb: one column of 72 x 24 characters. */
static const struct render_plot_terminal terminals[] = {
	{ "png", "png", 480, 360, 160, 5, 2400, 2400, setup_png },
	{ "svg", "svg", 480, 360, 160, 5, 2400, 2400, setup_svg },
	{ "dumb", "txt", RENDER_DUMB_WIDTH, 24, 24, 1, RENDER_DUMB_WIDTH, 24 * 200, setup_dumb },
	{ NULL, NULL, 0, 0, 0, 0, 0, 0, NULL },
};

void render_plot_terminal_names(const char **out, size_t max)
{
	size_t i;

	for (i = 0; i + 1 < max && terminals[i].name; i++)
		out[i] = terminals[i].name;
	out[i] = NULL;
}

const struct render_plot_terminal *render_plot_terminal(const char *name)
{
	const struct render_plot_terminal *t;

	for (t = terminals; t->name; t++)
		if (!strcmp(t->name, name))
			return t;
	return NULL;
}

int render_plot_grid(struct render_plot_grid *out, const struct render_plot_terminal *term, size_t nr)
{
	size_t panel_h = term->panel_height;

	nr = nr ? nr : 1;
	out->cols = 1;
	while (out->cols < term->max_cols && out->cols * out->cols < nr)
		out->cols++;
	out->rows = (nr + out->cols - 1) / out->cols;
	/* shorter panels before a taller image: the page is bounded */
	if (out->rows * panel_h > term->max_height)
		panel_h = term->max_height / out->rows;
	out->width = out->cols * term->panel_width;
	out->height = out->rows * panel_h;
	return panel_h >= term->min_panel_height && out->width <= term->max_width;
}

static void set_string(struct strbuf *script, const char *what, const char *s, int utf8)
{
	strbuf_addf(script, "set %s ", what);
	render_gnuplot_quote(script, s, utf8);
	strbuf_addch(script, '\n');
}

static size_t points(const struct render_graph_series *s, size_t nx)
{
	size_t i, n = 0;

	for (i = 0; i < nx; i++)
		n += !isnan(s->y[i]);
	return n;
}

/*
 * Whether the x labels of a graph would overprint each other on the dumb
 * terminal (about 60 columns of plot): then they are numbered and
 * explained under the graph.
 */
static int crowded(const struct render_graph *g, const struct render_plot_terminal *term)
{
	size_t i, width = 0;

	for (i = 0; i < g->nx; i++)
		width += render_text_width(g->x[i]) + 2;
	/* dumb: a character a column; a panel's font: about 7 pixels a character */
	if (strcmp(term->name, "dumb"))
		return width * 7 > term->panel_width - 60;
	return width > RENDER_DUMB_WIDTH - 12;
}

static void x_legend(struct strbuf *out, const struct render_graph *g, int utf8)
{
	struct strbuf text = STRBUF_INIT, clean = STRBUF_INIT;
	size_t i;

	render_text_clean(&clean, g->title, utf8);
	strbuf_addf(&text, "%s, %s:", clean.buf, g->xlabel);
	for (i = 0; i < g->nx; i++) {
		strbuf_reset(&clean);
		render_text_clean(&clean, g->x[i], utf8);
		strbuf_addf(&text, " %zu=%s", i + 1, clean.buf);
	}
	render_text_wrap(out, text.buf, RENDER_DUMB_WIDTH, "", "    ");
	strbuf_release(&text);
	strbuf_release(&clean);
}

/*
 * A panel's title is "benchmark: metric (unit)"; a long one goes on two
 * lines, joined by gnuplot's own "\n" between two quoted strings, so no
 * character of the labels is ever unquoted.
 */
static void set_title(struct strbuf *script, const struct render_graph *g, int utf8, int split)
{
	size_t len = strlen(g->title), tail = strlen(g->ylabel) + 2;
	char *head;

	if (!split || len <= 56 || len < tail) {
		set_string(script, "title", g->title, utf8);
		return;
	}
	head = xstrndup(g->title, len - tail + 1);
	strbuf_addstr(script, "set title ");
	render_gnuplot_quote(script, head, utf8);
	strbuf_addstr(script, ".\"\\n\".");
	render_gnuplot_quote(script, g->ylabel, utf8);
	strbuf_addch(script, '\n');
	free(head);
}

/*
 * Crowded x labels: numbered on the dumb terminal (explained under the
 * graph), slanted on an image.
 */
static void graph_script(struct strbuf *script, const struct render_graph *g, size_t id,
			 int utf8, const struct render_plot_terminal *term, int crowd)
{
	double w = g->kind == RENDER_GRAPH_BARS ? 0.8 / (g->ns ? g->ns : 1) : 0;
	int dumb = !strcmp(term->name, "dumb"), numbered = dumb && crowd;
	int first = 1;
	size_t i, j;

	set_title(script, g, utf8, !dumb);
	strbuf_addstr(script, crowd && !dumb ? "set xtics rotate by 20 right\n" : "set xtics norotate\n");
	set_string(script, "ylabel", g->ylabel, utf8);
	set_string(script, "xlabel", g->xlabel, utf8);
	strbuf_addstr(script, "set xtics (");
	for (i = 0; i < g->nx; i++) {
		if (i)
			strbuf_addstr(script, ", ");
		if (numbered)
			strbuf_addf(script, "\"%zu\"", i + 1);
		else
			/* tic labels are formats to gnuplot: a '%' from a label must stay a '%' */
			render_gnuplot_quote_format(script, g->x[i], utf8);
		strbuf_addf(script, " %zu", i);
	}
	strbuf_addstr(script, ")\n");
	strbuf_addf(script, "set xrange [-0.5:%zu.5]\n", g->nx ? g->nx - 1 : 0);
	strbuf_addstr(script, "set yrange [0:*]\n");
	/* headroom above the tallest bar, so that a bar at a tic does not merge with the frame */
	strbuf_addstr(script, "set offsets 0, 0, graph 0.05, 0\n");
	/* the legend below the plot, never over the bars */
	strbuf_addstr(script, g->ns > 1 ? "set key below horizontal\n" : "unset key\n");
	if (w > 0)
		strbuf_addf(script, "set boxwidth %.6f absolute\n", w);
	/* numbers only in the data: no string from a record is ever data */
	for (j = 0; j < g->ns; j++) {
		strbuf_addf(script, "$g%zus%zu << EOD\n", id, j);
		for (i = 0; i < g->nx; i++) {
			double x = w > 0 ? i - 0.4 + (j + 0.5) * w : (double)i;

			if (!isnan(g->s[j].y[i]))
				strbuf_addf(script, "%.6f %.17g %.17g\n", x, g->s[j].y[i],
					    isnan(g->s[j].err[i]) ? 0 : g->s[j].err[i]);
		}
		strbuf_addstr(script, "EOD\n");
	}
	strbuf_addstr(script, "plot ");
	for (j = 0; j < g->ns; j++) {
		if (!points(&g->s[j], g->nx))
			continue;
		if (!first)
			strbuf_addstr(script, ", \\\n     ");
		first = 0;
		strbuf_addf(script, "$g%zus%zu using 1:2:3 with %s title ", id, j,
			    w > 0 ? "boxerrorbars" : "yerrorlines");
		render_gnuplot_quote(script, g->s[j].name, utf8);
	}
	/* a graph with no point at all still draws its (empty) frame */
	if (first)
		strbuf_addstr(script, "NaN notitle");
	strbuf_addch(script, '\n');
}

void render_gnuplot_script(struct strbuf *script, const struct render_plot_job *jobs,
			   size_t nr, const struct render_plot_terminal *term,
			   const char *const *paths, int utf8)
{
	size_t j, i, id = 0;

	if (utf8)
		strbuf_addstr(script, "set encoding utf8\n");
	for (j = 0; j < nr; j++) {
		struct render_plot_grid grid;

		render_plot_grid(&grid, term, jobs[j].nr);
		term->setup(script, grid.width, grid.height, utf8);
		strbuf_addstr(script, "set output ");
		render_gnuplot_quote(script, paths[j], 1);
		strbuf_addch(script, '\n');
		if (jobs[j].nr > 1)
			strbuf_addf(script, "set multiplot layout %zu,%zu\n", grid.rows, grid.cols);
		for (i = 0; i < jobs[j].nr; i++)
			graph_script(script, &jobs[j].graphs[i], id++, utf8, term,
				     crowded(&jobs[j].graphs[i], term));
		if (jobs[j].nr > 1)
			strbuf_addstr(script, "unset multiplot\n");
		strbuf_addstr(script, "unset output\n");
	}
}

/* The dumb terminal pads lines with spaces; a mail body should not carry them. */
static void trim_lines(struct strbuf *text, int utf8)
{
	struct strbuf out = STRBUF_INIT;
	const char *p = text->buf, *nl;

	while (*p) {
		size_t start = out.len;
		char *line;

		nl = strchr(p, '\n');
		line = xstrndup(p, nl ? (size_t)(nl - p) : strlen(p));
		/* the form feed between pages, and anything else not text */
		render_text_clean(&out, line + strspn(line, "\f"), utf8);
		free(line);
		render_rtrim_line(&out, start);
		strbuf_addch(&out, '\n');
		if (!nl)
			break;
		p = nl + 1;
	}
	/* one blank line between the graphs of a multiplot is enough */
	while ((p = strstr(out.buf, "\n\n\n"))) {
		size_t at = p - out.buf;

		memmove(out.buf + at, out.buf + at + 1, out.len - at);
		out.len--;
	}
	/* blank lines at the top and bottom are the terminal's margin */
	while (out.len >= 2 && out.buf[out.len - 2] == '\n')
		strbuf_setlen(&out, out.len - 1);
	p = out.buf;
	while (*p == '\n')
		p++;
	strbuf_reset(text);
	strbuf_addstr(text, p);
	strbuf_release(&out);
}

static void remove_dir(const char *dir)
{
	struct strbuf path = STRBUF_INIT;
	struct dirent *de;
	DIR *d = opendir(dir);

	/* only our own mkdtemp directory: whatever is in it is ours */
	while (d && (de = readdir(d))) {
		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
			continue;
		strbuf_reset(&path);
		strbuf_addf(&path, "%s/%s", dir, de->d_name);
		unlink(path.buf);
	}
	if (d)
		closedir(d);
	rmdir(dir);
	strbuf_release(&path);
}

int render_plot_run(struct render_plot_job *jobs, size_t nr,
		    const struct render_plot_terminal *term, int utf8)
{
	static const char *const argv[] = { "gnuplot", NULL };
	struct proc_result res = PROC_RESULT_INIT;
	struct proc_opts opts = { 0 };
	struct strbuf dir = STRBUF_INIT, script = STRBUF_INIT;
	char **paths = NULL;
	const char *tmp = getenv("TMPDIR");
	size_t j;
	int ret = 0;

	for (j = 0; j < nr; j++) {
		struct render_plot_grid grid;

		if (!render_plot_grid(&grid, term, jobs[j].nr))
			return err_set("%zu graphs do not fit one %zux%zu %s image: draw a file each "
				       "with -o DIR/, or select fewer", jobs[j].nr, term->max_width,
				       term->max_height, term->name);
	}
	if (!proc_available("gnuplot"))
		return err_set("cannot run 'gnuplot': not found; install the Debian package gnuplot-nox");
	strbuf_addf(&dir, "%s/benchpost-plot.XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(dir.buf)) {
		ret = err_set_errno("cannot create a directory in '%s'", tmp && *tmp ? tmp : "/tmp");
		strbuf_release(&dir);
		return ret;
	}
	paths = xcalloc(nr ? nr : 1, sizeof(*paths));
	for (j = 0; j < nr; j++) {
		struct strbuf p = STRBUF_INIT;

		strbuf_addf(&p, "%s/g%zu.%s", dir.buf, j, term->extension);
		paths[j] = strbuf_detach(&p, NULL);
	}
	render_gnuplot_script(&script, jobs, nr, term, (const char *const *)paths, utf8);
	opts.in = PROC_IO_BUFFER;
	opts.in_data = script.buf;
	opts.in_len = script.len;
	opts.out = PROC_IO_CAPTURE;
	opts.err = PROC_IO_CAPTURE;
	opts.dir = dir.buf;
	if ((ret = proc_run(&res, argv, &opts)) < 0)
		goto done;
	if (!proc_exited_ok(&res)) {
		struct strbuf why = STRBUF_INIT;

		proc_describe_status(&why, res.status);
		strbuf_trim(&res.err);
		ret = err_set("gnuplot %s: %s", why.buf, res.err.len ? res.err.buf : "no message");
		strbuf_release(&why);
		goto done;
	}
	for (j = 0; j < nr; j++) {
		strbuf_reset(&jobs[j].image);
		if (strbuf_read_file(&jobs[j].image, paths[j]) < 0) {
			ret = err_set_errno("gnuplot wrote no graph to '%s'", paths[j]);
			goto done;
		}
		if (!strcmp(term->name, "dumb")) {
			size_t i;

			trim_lines(&jobs[j].image, utf8);
			for (i = 0; i < jobs[j].nr; i++)
				if (crowded(&jobs[j].graphs[i], term))
					x_legend(&jobs[j].image, &jobs[j].graphs[i], utf8);
		}
	}
done:
	remove_dir(dir.buf);
	for (j = 0; j < nr; j++)
		free(paths[j]);
	free(paths);
	strbuf_release(&dir);
	strbuf_release(&script);
	proc_result_release(&res);
	return ret;
}
