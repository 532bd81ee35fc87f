#ifndef IMPORT_NEGATIVE_H
#define IMPORT_NEGATIVE_H

#include "../mail/mail_quote.h"

#include <stddef.h>

/*
 * The kinds of text whose numbers are no results: a patch's diff, a
 * kernel log, system facts (hdparm settings, cpuinfo, lspci, free,
 * vmstat, df, mkfs output, fstab and mount tables), traces and profiles,
 * progress output, commands and job files, facts of the machine or the
 * set-up as "key: value" lines, lines that are only a URL, a signature.  Found once a message, before the readers run, so that every
 * reader that takes numbers passes them by (import_negative.c); readers
 * that only learn context (a df line's device) still see them.
 *
 * Each kind is a finder in the table of import_negative.c: a new kind is
 * a finder and a line there.
 */

/* What a finder recognises at line i of v[0, nr): how many lines from i on are of its kind (0: none). */
typedef size_t import_negative_find(const struct qline *v, size_t nr, size_t i);

/* The finders of import_negative_sys.c, import_negative_cmd.c and import_keyvalue.c. */
import_negative_find import_negative_log, import_negative_sysinfo, import_negative_trace,
	import_negative_progress, import_negative_command, import_negative_setup;

/*
 * Sets kind[k] for each line k of v[0, nr) to the kind of text it is
 * (1 + the finder's place in the table), 0 where its numbers may be
 * results.
 */
void import_negatives(unsigned char *kind, const struct qline *v, size_t nr);

/* What kind k (> 0, as import_negatives set it) is, for a message: "a patch's diff". */
const char *import_negative_name(unsigned char k);
/*
 * Whether lines of kind k still state context (a "Linux version" line,
 * uname -a, "Kernel:"): no results, but the kernel and machine they name
 * hold for the numbers around them.
 */
int import_negative_is_context(unsigned char k);

/* Helpers the finders share. */
int import_neg_starts(const struct qline *l, const char *prefix);
/*
 * The first of prefixes[from, n) that s starts with: its index, or n when
 * none does.
 */
size_t import_neg_prefix(const char *s, const char *const *prefixes, size_t n, size_t from);
/* Whether l starts, after blanks, with one of the words (each followed by what the word holds). */
int import_neg_starts_any(const struct qline *l, const char *const *prefixes, size_t n);
/* The lines from i on at its depth until a blank one (at most max). */
size_t import_neg_block(const struct qline *v, size_t nr, size_t i, size_t max);

#endif
