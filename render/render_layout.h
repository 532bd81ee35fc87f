#ifndef RENDER_LAYOUT_H
#define RENDER_LAYOUT_H

#include "render_table.h"
#include "../core/record.h"
#include "../core/strbuf.h"

/*
 * The layouts people post, as tables (render_table.h draws them):
 *   kernels: metric rows x kernel columns under a file-system heading (002)
 *   configs: benchmark rows x configuration columns with a legend (004)
 *   auto:    kernels when the records span several kernels, else configs
 * One table per heading; the tables are written one after the other.
 */
struct render_layout {
	const char *name;
	void (*write)(struct strbuf *out, const struct recset *set,
		      const struct render_table_format *fmt);
};

const struct render_layout *render_layout_by_name(const char *name);
extern const char *const render_layout_names[];

#endif
