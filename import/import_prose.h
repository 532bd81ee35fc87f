#ifndef IMPORT_PROSE_H
#define IMPORT_PROSE_H

#include <stddef.h>

/*
 * Numbers in running prose (import_prose.c).  A number is read only when
 * it is a measured quantity (a duration or a rate, import_quantity.h) that
 * a measuring word states:
 *
 *   "untarring took about 22 minutes", "it takes around 7mins",
 *   "the test completed in 1m30s", "finished in 2m05s",
 *   "-aa takes 40 seconds.  Stock 2.4.17-pre8 takes 71 seconds",
 *   "the total time is around 5 seconds", "it is much slower: 36 seconds",
 *   "we get ~16GB/s write speed", "reads stay at about 110 MB/s",
 *   "went from 46 to 10 MB/s", "went down from 3:30 to 3:04",
 *   "brings 3.14-rc1 back up to 90MB/s",
 *   "dbench numbers are up from 38Mb/sec and 17Mb/sec respectively",
 *   "untarring took 45 seconds on ext3 and 38 on ext2"
 *
 * A rate in bytes needs no verb ("about 110 MB/s"); a duration always
 * does, since prose is full of durations that are settings ("every 5
 * seconds", "a 30 second timeout", "for 60 seconds").  Never read:
 * percentages and other relative changes ("12% faster", "gained 1Mb/sec",
 * "worse by 4Mb/sec", "45 seconds longer"), bounds ("over three minutes",
 * "up to 90MB/s", "almost 18MB/s"), ranges ("from 2 seconds to 10",
 * "between 3 and 5 seconds"), hardware ("a 12Gb/s disk", "a 6Gb/s link",
 * "max bandwidth about 350MB/s"), numbers without a unit after a verb,
 * numbers in words.
 *
 * The text may hold more than one line (a sentence broken over lines):
 * only numbers that start in [from, to) are read, with the words around
 * them wherever they stand.
 */
struct prose_num {
	char *benchmark;      /* what the sentence says was measured; NULL: a pronoun, or nothing */
	char *kernel;         /* the kernel its clause names ("On 2.6.16 it takes"); NULL: none */
	const char *fs;       /* the file system its clause names ("on ext3"); NULL: none */
	const char *metric;   /* elapsed, throughput, iops, rate */
	char *value;          /* durations in seconds */
	char *unit;
	size_t at;            /* where the number starts in the text */
	int approx;           /* about, around, roughly, ~ */
	int nth, of;          /* "respectively": its place (from 0) in a list of `of`; of == 0: none */
	char *name;           /* "read and delete scores at 8000 and 30000 respectively": this one's name */
};

#define PROSE_MAX 16

struct prose_nums {
	struct prose_num v[PROSE_MAX];
	size_t nr;
	size_t end;           /* one past the last byte the numbers read took (0: none read) */
	const char *why;      /* a number stood with measuring words and was not read: why, else NULL */
	size_t why_at;
};

/* Reads the numbers text states (above) that start in [from, to); 0 when there are any. */
int import_prose_read(struct prose_nums *out, const char *text, size_t from, size_t to);
void import_prose_release(struct prose_nums *n);

/* Why line s, read alone, gives no number although it looks like prose stating one; NULL: no reason. */
const char *import_prose_why(const char *s);

/* Whether line s says "respectively": bare numbers before it may be values a list names. */
int import_prose_lists(const char *s);

/* Whether line s holds a duration or a rate a sentence may state (a cheap test first). */
int import_prose_holds_quantity(const char *s);

/* Whether line s has "took", "takes", "gave" or "gives" after a blank (the feature pass's verb). */
int import_prose_may_start(const char *s);
/*
 * Whether the 'k' or 'v' at p in text is that of such a verb (the feature
 * pass asks this of every 'k' and 'v': a verb never spans a line).
 */
int import_prose_verb_at(const char *text, const char *p);

#endif
