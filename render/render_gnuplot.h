#ifndef RENDER_GNUPLOT_H
#define RENDER_GNUPLOT_H

#include "render_graph.h"
#include "../core/strbuf.h"

/*
 * Graphs drawn by gnuplot: one gnuplot process for all the jobs of an
 * invocation, the script on its stdin, the data inline, the images in a
 * temporary directory that is removed before returning.  gnuplot runs
 * shell commands from strings (`...`, system()) and expands @macros, so
 * every string from data goes through render_gnuplot_quote.
 */
struct render_plot_job {
	const struct render_graph *graphs;   /* several: stacked in one image */
	size_t nr;
	struct strbuf image;                 /* the result: PNG, SVG or text */
};

/*
 * A terminal draws a page of small multiples: graphs in a grid of panels
 * (one column of them on the dumb terminal, whose lines must fit a mail),
 * the image never larger than max_width x max_height (pixels, or
 * characters for dumb) whatever the selection holds.
 */
struct render_plot_terminal {
	const char *name;        /* "png", "svg", "dumb" */
	const char *extension;
	size_t panel_width, panel_height, min_panel_height, max_cols;
	size_t max_width, max_height;
	/* appends the "set terminal" line for an image of width x height */
	void (*setup)(struct strbuf *script, size_t width, size_t height, int utf8);
};

const struct render_plot_terminal *render_plot_terminal(const char *name);
/* The terminals' names from the table, a NULL-terminated list in out[max]. */
void render_plot_terminal_names(const char **out, size_t max);

/* The grid for nr graphs; 0 when they do not fit the terminal's largest image. */
struct render_plot_grid {
	size_t cols, rows, width, height;
};
int render_plot_grid(struct render_plot_grid *out, const struct render_plot_terminal *term, size_t nr);

/* Width of the dumb terminal: graphs in emails fit the 72 columns of the text. */
#define RENDER_DUMB_WIDTH 72

/*
 * A gnuplot string literal that gnuplot shows as the text of s and never
 * interprets: double-quoted, everything but letters, digits and a few
 * safe punctuation marks as \ooo octal escapes (so no backtick, @, quote
 * or backslash reaches gnuplot's command line), control characters as
 * spaces, non-ASCII as '?' unless utf8.  render_gnuplot_quote_format is
 * for strings gnuplot reads as a format (tic labels): '%' doubled.
 */
void render_gnuplot_quote(struct strbuf *out, const char *s, int utf8);
void render_gnuplot_quote_format(struct strbuf *out, const char *s, int utf8);

/* The whole script (exposed for tests); paths[i] is where job i is drawn. */
void render_gnuplot_script(struct strbuf *script, const struct render_plot_job *jobs,
			   size_t nr, const struct render_plot_terminal *term,
			   const char *const *paths, int utf8);

/* Runs gnuplot once for all jobs; fills each job's image. */
int render_plot_run(struct render_plot_job *jobs, size_t nr,
		    const struct render_plot_terminal *term, int utf8);

#endif
