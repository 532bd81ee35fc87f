#ifndef IMPORT_PROSE_H
#define IMPORT_PROSE_H

#include <stddef.h>

/*
 * Numbers in running prose, read only when one line states the subject,
 * the metric (through the verb and unit) and the unit:
 *
 *   SUBJECT took N seconds [on FS [and N [seconds] on FS]...]
 *       "untarring took 45 seconds on ext3 and 38 on ext2"
 *       -> elapsed 45 s (ext3), elapsed 38 s (ext2); "took 1:05" is m:ss
 *   SUBJECT gave N RATE [on FS]
 *       "dbench 16 gave 123.4 MB/s" -> throughput 123.4 MB/s
 *
 * took/takes and gave/gives/got are the verbs; N follows the verb at once
 * ("took about 45 seconds" is not read); the unit is one of seconds, secs,
 * sec, s (or m:ss) for took, and MB/s, MB/sec, KB/s, kB/s, MiB/s, KiB/s,
 * GB/s for gave.  SUBJECT is the one to four words before the verb in the
 * same clause, starting with a letter, not a pronoun ("it took").  A
 * comparison after the unit ("45 seconds longer", "more") is not a
 * result.  Numbers after the first are read only when the first named its
 * file system.
 */
struct prose_num {
	char *benchmark;
	const char *fs;       /* NULL: the sentence did not say */
	const char *metric;
	char *value;
	const char *unit;
};

#define PROSE_MAX 8

struct prose_nums {
	struct prose_num v[PROSE_MAX];
	size_t nr;
};

/* Whether line s has a verb of the shapes above after a blank. */
int import_prose_may_start(const char *s);
/*
 * Whether the 'k' or 'v' at p in text is that of such a verb (the feature
 * pass asks this of every 'k' and 'v': a verb never spans a line).
 */
int import_prose_verb_at(const char *text, const char *p);
/* The numbers line s states; 0 when there are any. */
int import_prose_line(struct prose_nums *out, const char *s);
void import_prose_release(struct prose_nums *n);

#endif
