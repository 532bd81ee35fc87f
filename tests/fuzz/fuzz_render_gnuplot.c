/*
 * libFuzzer target: the gnuplot script writer.  Every label of a graph
 * (title, axis labels, tick labels, series names) comes from the input;
 * the script for each terminal must hold them only inside double-quoted
 * strings made of safe characters, \ooo escapes and (in tick labels, which
 * gnuplot reads as formats) "%%".  Outside the strings only the writer's
 * own vocabulary may stand: nothing gnuplot could run (backticks,
 * system(), @macros, a quote that ends a string early, a newline that
 * starts a command of its own).
 */
#include "../../render/render_gnuplot.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static int safe_in_string(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       (c && strchr(" ,.:;+-=_/()%#", c));
}

/* What the writer itself puts between strings: keywords, numbers, data, line continuations. */
static int safe_outside(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       (c && strchr(" ,.:;+-=_()[]*$<\n\\", c));
}

static void check_script(const char *s)
{
	const char *p = s;

	while (*p) {
		if (*p == '\\' && p[1] != '\n')
			__builtin_trap();   /* a backslash outside a string only continues a line */
		if (*p != '"') {
			if (!safe_outside((unsigned char)*p))
				__builtin_trap();
			p++;
			continue;
		}
		/* the one string the writer spells itself: a title's line break */
		if (!strncmp(p, "\"\\n\"", 4)) {
			p += 4;
			continue;
		}
		for (p++; *p != '"'; p++) {
			if (!*p)
				__builtin_trap();
			if (*p == '\\') {
				if (p[1] < '0' || p[1] > '3' || p[2] < '0' || p[2] > '7' || p[3] < '0' || p[3] > '7')
					__builtin_trap();
				p += 3;
			} else if (!safe_in_string((unsigned char)*p)) {
				__builtin_trap();
			}
		}
		p++;
	}
}

/* The next NUL-separated label of the input, or "" when it is used up. */
static char *next_label(const uint8_t **data, size_t *size)
{
	const uint8_t *nul = memchr(*data, 0, *size);
	size_t len = nul ? (size_t)(nul - *data) : *size;
	char *s = xstrndup((const char *)*data, len);

	*data += nul ? len + 1 : len;
	*size -= nul ? len + 1 : len;
	return s;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const terms[] = { "png", "svg", "dumb" };
	const char *const paths[] = { "/tmp/benchpost-plot.XXXXXX/g0.out" };
	struct render_graph g;
	struct render_plot_job job;
	size_t i, j, t;
	int utf8;

	if (size < 2)
		return 0;
	memset(&g, 0, sizeof(g));
	g.kind = data[0] & 1 ? RENDER_GRAPH_LINES : RENDER_GRAPH_BARS;
	utf8 = (data[0] >> 1) & 1;
	g.nx = 1 + (data[1] & 3);
	g.ns = 1 + ((data[1] >> 2) & 3);
	data += 2;
	size -= 2;
	g.title = next_label(&data, &size);
	g.ylabel = next_label(&data, &size);
	g.xlabel = next_label(&data, &size);
	g.file = xstrdup("graph");
	g.x = calloc(g.nx, sizeof(*g.x));
	g.s = calloc(g.ns, sizeof(*g.s));
	for (i = 0; i < g.nx; i++)
		g.x[i] = next_label(&data, &size);
	for (j = 0; j < g.ns; j++) {
		g.s[j].name = next_label(&data, &size);
		g.s[j].y = calloc(g.nx, sizeof(double));
		g.s[j].err = calloc(g.nx, sizeof(double));
		for (i = 0; i < g.nx; i++) {
			g.s[j].y[i] = (i + j) % 3 ? (double)(i + 1) : NAN;
			g.s[j].err[i] = 0.5;
		}
	}
	job.graphs = &g;
	job.nr = 1;
	for (t = 0; t < sizeof(terms) / sizeof(terms[0]); t++) {
		struct strbuf script = STRBUF_INIT;

		render_gnuplot_script(&script, &job, 1, render_plot_terminal(terms[t]), paths, utf8);
		check_script(script.buf);
		strbuf_release(&script);
	}
	for (i = 0; i < g.nx; i++)
		free(g.x[i]);
	for (j = 0; j < g.ns; j++) {
		free(g.s[j].name);
		free(g.s[j].y);
		free(g.s[j].err);
	}
	free(g.x);
	free(g.s);
	free(g.title);
	free(g.ylabel);
	free(g.xlabel);
	free(g.file);
	return 0;
}
