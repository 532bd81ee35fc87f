#ifndef RENDER_SERIES_H
#define RENDER_SERIES_H

#include "../core/record.h"
#include "../core/strbuf.h"

#include <stddef.h>

/*
 * Records grouped into series: the samples of one benchmark and metric on
 * one kernel, hardware and file-system configuration.  Series point into
 * the recset they came from, which must outlive them.
 */
enum render_key {
	RENDER_KERNEL, RENDER_HARDWARE, RENDER_FS, RENDER_OPTIONS,
	RENDER_BENCHMARK, RENDER_METRIC, RENDER_UNIT, RENDER_KEYS_NR
};

struct render_series {
	const struct record *first;   /* the keys, the facts */
	double *v;
	size_t n, alloc;
	int decimals;                 /* most decimals any sample was given with */
};

struct render_series_set {
	struct render_series *v;
	size_t nr, alloc;
};

#define RENDER_SERIES_SET_INIT { NULL, 0, 0 }

/* Numbers only quoted in a reply are left out: they were counted where they stood. */
void render_series_group(struct render_series_set *out, const struct recset *set);
void render_series_set_release(struct render_series_set *s);

const char *render_series_key(const struct render_series *s, enum render_key k);
const char *render_record_key(const struct record *r, enum render_key k);
/* Whether a and b agree on the keys set in mask (1 << RENDER_...). */
int render_series_match(const struct render_series *a, const struct render_series *b,
			unsigned mask);

/* Distinct values of a key, in order of first appearance (kernels: version order). */
struct render_strings {
	const char **v;
	size_t nr, alloc;
};
void render_distinct(struct render_strings *out, const struct render_series_set *s,
		     enum render_key k, const struct render_series *like, unsigned mask);
void render_strings_release(struct render_strings *l);

/* "fs" or "fs:options": how a configuration is named on the command line. */
void render_config_name(struct strbuf *out, const struct record *r);

/*
 * A short name for configs[which] among configs (for column headings and
 * graph labels: "ext3wb", "ext3-2") and the legend that expands it.
 */
void render_config_short(struct strbuf *name, struct strbuf *legend,
			 const struct render_series *const *configs, size_t nr, size_t which);

/* What a metric is and which way is better (times lower, throughput higher). */
enum render_better { RENDER_BETTER_UNKNOWN, RENDER_BETTER_LOWER, RENDER_BETTER_HIGHER };
enum render_better render_metric_better(const char *metric, const char *unit);
/* Position among the usual metrics (elapsed, user, sys, sync, cpu, ...). */
int render_metric_rank(const char *metric);
/* "elapsed (s)", "throughput (MB/s)"; just the metric when it has no unit. */
void render_metric_label(struct strbuf *out, const char *metric, const char *unit);

/* Centre and spread as text with the decimals the samples were given in. */
void render_series_cell(struct strbuf *value, struct strbuf *spread,
			const struct render_series *s, int median);

#endif
