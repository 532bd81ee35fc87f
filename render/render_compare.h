#ifndef RENDER_COMPARE_H
#define RENDER_COMPARE_H

#include "render_diff.h"
#include "../core/record.h"
#include "../core/strbuf.h"

/*
 * What a two-sided comparison compares, named from the records: two
 * kernels (on one machine and configuration), two configurations (of one
 * run, or two runs on one kernel), one configuration on two devices, or
 * two runs of the same thing.  The
 * names head the columns, the title says what is common, the Subject of
 * a mail says what was found.
 */
enum render_compare_kind {
	RENDER_COMPARE_KERNELS, RENDER_COMPARE_CONFIGS, RENDER_COMPARE_DEVICES, RENDER_COMPARE_RUNS
};

struct render_compare {
	enum render_compare_kind kind;
	struct strbuf old_name, new_name;   /* "6.1.0", "data=writeback", "run 19:53" */
	struct strbuf what;                 /* "6.1.0 vs 6.2.0", "ext3 vs ext3 data=writeback" */
	struct strbuf common;               /* "ext4 on piii-1c-256m, 6.2.0 kernel" */
	unsigned vary;                      /* the render_fact_group under comparison */
};

/* old_arg, new_arg: what the user typed, a last resort for names (NULL: none). */
void render_compare_init(struct render_compare *c, const struct recset *old_set,
			 const struct recset *new_set, const char *old_arg, const char *new_arg);
/* The title names r's device too: one fs entry on several disks, compared disk by disk. */
void render_compare_name_device(struct render_compare *c, const struct record *r);
void render_compare_release(struct render_compare *c);

/* "ext3 vs ext3 data=writeback on epyc-2c-24g, kernel 6.18.44" */
void render_compare_title(struct strbuf *out, const struct render_compare *c);
/* "ext3 data=ordered vs data=writeback: untar +19.6%" */
void render_compare_subject(struct strbuf *out, const struct render_compare *c,
			    const struct render_diff_summary *found);

/*
 * The whole comparison as text: the facts that differ besides the
 * variable ("also differs: ..."), then the table.  Returns how many rows
 * were compared (0: nothing in common; the text says so).
 */
size_t render_compare_write(struct strbuf *out, struct render_diff_summary *found,
			    const struct recset *old_set, const struct recset *new_set,
			    const struct render_compare *c, const struct render_diff_opts *opts,
			    const struct render_table_format *fmt);

#endif
