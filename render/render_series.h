#ifndef RENDER_SERIES_H
#define RENDER_SERIES_H

#include "render_metric.h"
#include "../core/record.h"
#include "../core/strbuf.h"

#include <stddef.h>

/*
 * Records grouped into series: the samples of one benchmark and metric on
 * one kernel, machine, file-system configuration and device.  Samples of
 * different devices are never pooled (a loop device's number is not a
 * device: /dev/loop0 and /dev/loop1 on the same backing file are one);
 * runs of the same configuration are, and the series counts them.
 * Series point into the recset they came from, which must outlive them.
 */
enum render_key {
	RENDER_KERNEL, RENDER_HARDWARE, RENDER_FS, RENDER_OPTIONS, RENDER_DEVICE,
	RENDER_BENCHMARK, RENDER_METRIC, RENDER_UNIT, RENDER_RUN, RENDER_KEYS_NR
};

#define RENDER_KEY(k) (1u << RENDER_##k)
/* A configuration as a column of a table: the machine, the fs entry, its device. */
#define RENDER_CONFIG_KEYS (RENDER_KEY(HARDWARE) | RENDER_KEY(FS) | RENDER_KEY(OPTIONS) | RENDER_KEY(DEVICE))
/* A row: the benchmark and metric. */
#define RENDER_ROW_KEYS (RENDER_KEY(BENCHMARK) | RENDER_KEY(METRIC) | RENDER_KEY(UNIT))
/* What a series is: everything but the run it came from. */
#define RENDER_SERIES_KEYS (RENDER_CONFIG_KEYS | RENDER_ROW_KEYS | RENDER_KEY(KERNEL))

struct render_series {
	const struct record *first;   /* the keys, the facts */
	double *v;
	size_t n, alloc;
	int decimals;                 /* most decimals any sample was given with */
	size_t runs;                  /* runs (sources) pooled */
	const struct record *last;    /* the latest sample's record */
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
/* Whether a and b agree on the keys set in mask (RENDER_KEY(...)). */
int render_series_match(const struct render_series *a, const struct render_series *b,
			unsigned mask);
int render_record_match(const struct record *a, const struct record *b, unsigned mask);
/* A device as a key: "/dev/loop3 on ext4 /dev/vda" is "/dev/loop on ext4 /dev/vda". */
void render_device_key(struct strbuf *out, const char *device);

/* Distinct values of a key, in order of first appearance (kernels: version order). */
struct render_strings {
	const char **v;
	size_t nr, alloc;
};
void render_distinct(struct render_strings *out, const struct render_series_set *s,
		     enum render_key k, const struct render_series *like, unsigned mask);
void render_strings_release(struct render_strings *l);

/*
 * Representatives of the distinct values of mask among the series that
 * match like on like_mask (like NULL: all), in order of appearance; the
 * caller frees the array.
 */
size_t render_series_distinct(const struct render_series ***out, const struct render_series_set *ss,
			      const struct render_series *like, unsigned like_mask, unsigned mask);
/* The role of s among the metrics of its benchmark (and configuration). */
enum render_role render_series_role(const struct render_series_set *ss, const struct render_series *s);

/*
 * Short names for the benchmarks of a table: the fewest leading words
 * that tell each from the others ("cp", "dd write", "dd read"); and a
 * legend of what the rest of their names said ("cp, untar: ktree.tar.gz;
 * dd write, dd read: 64 MiB"), empty when nothing was cut.
 */
void render_bench_short(struct strbuf *out, const struct render_series *const *benches, size_t nr,
			size_t which);
void render_bench_legend(struct strbuf *out, const struct render_series *const *benches, size_t nr);

/* "fs" or "fs:options": how a configuration is named on the command line. */
void render_config_name(struct strbuf *out, const struct record *r);
/* "ext3 data=writeback": how a configuration reads in a sentence. */
void render_config_words(struct strbuf *out, const struct record *r);

/*
 * A short name for configs[which] among configs (for column headings and
 * graph labels: "ext3wb", "ext3-2", "ext2 sdb1") and the legend that
 * expands it ("ext3, 4k blocks, data=writeback"; "4k blocks" for "ext3").
 */
void render_config_short(struct strbuf *name, struct strbuf *legend,
			 const struct render_series *const *configs, size_t nr, size_t which);
/*
 * The file-system entries of ss, whatever machine or disk they ran on, by
 * their short names ("ext3, ext3 data=writeback, ext3wb"), or as_option
 * as --fs takes them where their options are short ("ext3:data=writeback",
 * but "ext3wb" for a poster's list of options).
 */
void render_config_list(struct strbuf *out, const struct render_series_set *ss, int as_option);

/*
 * The centre the tables and graphs show: the median (with the U test) or
 * the mean (with Welch's t); the spread is always the sample standard
 * deviation.  Both are named under every table that shows them.
 */
double render_series_centre(const struct render_series *s, int median);
double render_series_sd(const struct render_series *s);
/*
 * Centre and relative spread as text, the centre to two significant
 * digits of the spread ("1.483" +- "2.8%"); a single sample exactly as
 * measured or posted, with no spread.
 */
void render_series_cell(struct strbuf *value, struct strbuf *spread,
			const struct render_series *s, int median);
/* The run's own summary: mean and sd in the unit, at the decimals the samples were given in. */
void render_series_cell_absolute(struct strbuf *value, struct strbuf *spread,
				 const struct render_series *s);

#endif
