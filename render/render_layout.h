#ifndef RENDER_LAYOUT_H
#define RENDER_LAYOUT_H

#include "render_table.h"
#include "../core/record.h"
#include "../core/strbuf.h"

/*
 * The tables people post, one driver (a grid: benchmarks as rows,
 * configurations or kernels as columns) with what differs between them
 * in a table of layouts:
 *   times:   one number a benchmark (total = elapsed + sync, else elapsed,
 *            else the posted value); every time metric with detail
 *   rates:   the headline rates, with a caveat on any that the tool's
 *            clock or a tiny job makes meaningless
 *   detail:  everything else the tools report (fio percentiles, dbench
 *            latencies, whatever a collector adds), shown generically
 *   configs: every metric, file-system configurations as columns with a
 *            legend (seed 004); kernels: every metric, kernels as columns
 *            in version order under each configuration (seed 002)
 *   auto:    configs for one kernel, else kernels
 * times, rates and detail take kernels as columns when the records hold
 * several kernels, else configurations.  A table is made per machine
 * (never a column of one machine beside another's) and per kernel or
 * configuration; they are written one after the other.
 */
struct render_layout_opts {
	int median;    /* the centre: median (with the U test) or mean */
	int detail;    /* times: every time metric */
	/*
	 * The run's own summary on stdout, as `benchpost run` prints it: mean
	 * +- sd in the unit at the samples' decimals, benchmarks by their
	 * whole names (collect's tests read it so; a report never does).
	 */
	int summary;
};

/*
 * render draws with the report's options; write is the run's summary
 * (render with the summary options).
 */
struct render_layout {
	const char *name;
	void (*render)(struct strbuf *out, const struct recset *set,
		       const struct render_table_format *fmt, const struct render_layout_opts *opts);
	void (*write)(struct strbuf *out, const struct recset *set,
		      const struct render_table_format *fmt);
};

const struct render_layout *render_layout_by_name(const char *name);
/* The layouts' names from the table, a NULL-terminated list in out[max]. */
void render_layout_names(const char **out, size_t max);

#endif
