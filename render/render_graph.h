#ifndef RENDER_GRAPH_H
#define RENDER_GRAPH_H

#include "../core/record.h"
#include "../core/strbuf.h"

#include <stddef.h>

/*
 * Graphs as data, before gnuplot sees them: categories along x (file
 * systems, or kernels in version order), one or more series with a value
 * and an error (the standard deviation) per category.  Every string here
 * came from records and is untrusted; render_gnuplot.c escapes it.
 */
enum render_graph_kind { RENDER_GRAPH_BARS, RENDER_GRAPH_LINES };

struct render_graph_series {
	char *name;
	double *y, *err;        /* per category; y NaN where there is no sample */
};

struct render_graph {
	enum render_graph_kind kind;
	char *title, *ylabel, *xlabel;
	char *file;             /* a safe file name stem: "untar-total" */
	char **x;
	size_t nx;
	struct render_graph_series *s;
	size_t ns;
};

struct render_graph_set {
	struct render_graph *v;
	size_t nr, alloc;
};

#define RENDER_GRAPH_SET_INIT { NULL, 0, 0 }

/*
 * One graph per benchmark and metric (the compact ones unless detail:
 * the same rows as the report's tables), the bars or points at the
 * tables' centre, the error bars one sample standard deviation.  kind
 * "bars": across file systems in the order they ran (or across kernels
 * when there is one file system); "lines": the metric across kernel
 * versions in version order, a line per file system; "auto": lines for
 * three kernels or more, else bars.
 */
struct render_graph_opts {
	const char *kind;   /* a name of render_graph_kinds */
	int median;         /* the centre: median or mean */
	int detail;         /* every metric */
};
int render_graphs_build(struct render_graph_set *out, const struct recset *set,
			const struct render_graph_opts *opts);
void render_graph_set_release(struct render_graph_set *g);
extern const char *const render_graph_kinds[];

#endif
