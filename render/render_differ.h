#ifndef RENDER_DIFFER_H
#define RENDER_DIFFER_H

#include "../core/record.h"
#include "../core/strbuf.h"

/*
 * The facts of what is compared, compared before any number: kernel,
 * machine, device and its model, file system, mount and mkfs options,
 * scheduler, data set, cache state, iterations.  What differs besides the
 * variable under comparison is said first, so that nobody reads a change
 * of scheduler as a change of kernel.
 */
enum render_fact_group {
	RENDER_FACT_KERNEL = 1,    /* the kernel */
	RENDER_FACT_MACHINE = 2,   /* hardware key, cpu, memory */
	RENDER_FACT_CONFIG = 4,    /* fs, its options, mount and mkfs options as used */
	RENDER_FACT_DEVICE = 8,    /* device, disk model, rotational */
	RENDER_FACT_RUN = 16,      /* everything else: scheduler, data set, caches, iterations */
};

/* One side (a column): the records of set that match like on mask (like NULL: all of set). */
struct render_facts_side {
	const struct recset *set;
	const struct record *like;
	unsigned mask;             /* RENDER_KEY(...) bits */
	const char *name;
};

/*
 * The values side s records for key (a fact or record field), cleaned,
 * joined by "; ", appended to out.
 */
void render_facts_side_values(struct strbuf *out, const struct render_facts_side *s,
			      const char *key);

/*
 * Appends, wrapped at width, a line per fact that differs between the
 * sides and is not in vary (a mask of render_fact_group): two sides as
 * "also differs: scheduler mq-deadline vs none", more as "scheduler:
 * mq-deadline (ext3, ext4); none (xfs)"; then the facts recorded on some
 * sides only.  prefix starts each line ("also differs: " or "").
 * Returns how many facts differ.
 */
size_t render_facts_differ(struct strbuf *out, const struct render_facts_side *sides, size_t n,
			   unsigned vary, const char *prefix, size_t width);

#endif
