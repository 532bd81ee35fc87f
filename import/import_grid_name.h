#ifndef IMPORT_GRID_NAME_H
#define IMPORT_GRID_NAME_H

/*
 * What one name of a table says (import_grid_name.c): a column's or a
 * row's name read as a kernel, a file system or config, a metric, a
 * parameter, or a column with no result of its own.  Shared by the
 * reader of a table's values (import_grid_read.c).
 */
#include "import_grid.h"
#include "../core/util.h"

#include <stddef.h>

enum role {
	ROLE_NONE,      /* a name we cannot place: a benchmark or a config */
	ROLE_KERNEL,
	ROLE_FS,
	ROLE_METRIC,
	ROLE_PARAM,     /* a number or "N=4", "4 threads": the benchmark's parameter */
	ROLE_PARAMCOL,  /* "N", "threads", "File Size": a column of parameters */
	ROLE_SKIP,      /* "[runs]", "Baseline": no result of its own */
	ROLE_CHANGE,    /* "%change", "diff": relative to another column */
};

struct name {
	enum role role;
	char *text;       /* the name, trimmed */
	const char *fs;   /* ROLE_FS: the canonical name */
	char *options;    /* ROLE_FS: a mode or config it names ("data=writeback", "dalloc") */
	char *unit;       /* a unit it names: "MB/sec" in "MB/sec", "s" in "(sec)" */
};

/* What the caller knows beyond the table: the text's legends. */
struct reading {
	grid_legend_fn legend;
	void *data;
};

void grid_name_release(struct name *n);
/* Reads the name s[0, n) into *out (released with grid_name_release). */
void grid_classify(struct name *out, const char *s, size_t n, const struct reading *rd);
/* The metric a name says, in the record's fixed words where there is one (caller frees). */
char *grid_metric_of(const char *name);
/* The metric a unit alone says (MB/s a throughput, seconds elapsed), or NULL. */
char *grid_metric_of_unit(const char *unit);
/* A name that is a unit alone ("MB/s", "(sec)"), no metric's word ("CPU%"). */
int grid_unit_alone(const char *name);
/*
 * A list of words, indexed by first byte, so that a look compares only
 * the words that start as the one looked for: no list is scanned whole.
 * At most GRID_WORDSET_MAX words.  The index is made when benchpost is
 * built (scripts/gen-words.c, into build/gen/<source>.words.h, which the
 * source includes): const data, where building it on first use was state
 * the first look wrote.
 */
#define GRID_WORDSET_MAX 255

struct grid_wordset {
	const char *const *words;
	size_t nr;
	unsigned char head[256];              /* 1 + the first word starting with a byte, or 0 */
	unsigned char next[GRID_WORDSET_MAX]; /* 1 + the next word with the same first byte, or 0 */
};

/* gen-words counted the list it indexed: a list changed since stops the build */
#define GRID_WORDSET(list) \
	{ .words = (list), .nr = CHECKED_SIZE(ARRAY_SIZE(list), GRID_N_##list), GRID_INDEX_##list }

/* Whether w[0, n) is one of set's words, case folded; the words are written in lower case. */
int grid_word_in(const char *w, size_t n, const struct grid_wordset *set);
/* Which of set's words w[0, n) is, case folded: 1 + its index, 0 if none. */
size_t grid_word_at(const char *w, size_t n, const struct grid_wordset *set);
/* Whether w[0, n) is one of set's words, byte for byte. */
int grid_word_is(const char *w, size_t n, const struct grid_wordset *set);
char *grid_trimmed(const char *s, size_t n);
size_t grid_first_word(const char *s);
int grid_starts_with_kernel(const char *s, size_t n);
int grid_has_digit(const char *s);

/* A table's title (import_grid_title.c): whether its words say what was measured. */
int grid_informative_title(const char *t);
/* "Untar of linux-2.6.28.tar, elapsed (m:ss)": the first clause, or NULL for "I ran ..." (the caller frees). */
char *grid_title_clause(const char *s, size_t n);
/*
 * Whether g's title is a sentence, wrapped from the line above or the
 * writer telling what was done, that names no test by its first clause;
 * the standard benchmark's word in it, or NULL, in *out (the caller's).
 */
int grid_sentence_title(char **out, const struct grid *g, const struct grid_line *lines);

/* Words of a run's parameters ("threads", "bs") and of the machine's facts ("memtotal"). */
extern const struct grid_wordset grid_param_words, grid_fact_words;

#endif
