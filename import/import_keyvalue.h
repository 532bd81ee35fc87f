#ifndef IMPORT_KEYVALUE_H
#define IMPORT_KEYVALUE_H

#include <stddef.h>

#include "import_quantity.h"

/*
 * "key: value" lines (import_keyvalue.c): a label, a separator (": ",
 * " : ", " = ") and one measured quantity, or a list of names and as many
 * numbers:
 *
 *   dbench 4:   41Mb/sec              -> "dbench 4", throughput 41 Mb/sec
 *   swaptest:  1m48s                  -> "swaptest", elapsed 108 s
 *   Throughput: 37.5 MB/sec           -> no benchmark (the label is a metric)
 *   Total time = 12.3 s               -> no benchmark, elapsed 12.3 s
 *   2.6.23-rmap:  77.85 MB/sec        -> the label is the kernel
 *   Average Files/sec:  96898.0       -> the unit stands in the label
 *   seq. create, read, del: 98, 36, 57 -> "seq. create", "seq. read", "seq. del"
 *
 * Never a result: labels that name a fact of the machine or the test's
 * set-up (Memory:, CPU:, Disk:, Kernel:, Date:, Version:, Size:, Runtime:,
 * Timeout:, ...), a value that is no measured quantity alone (a bare
 * number, a percentage, a version), or more after the value than a note
 * in parentheses.
 */

#define KV_MAX 8

struct kv_item {
	char *name;          /* the benchmark the label names; NULL: the label is a kernel or a metric */
	const char *metric;  /* elapsed, user, sys, throughput, iops, rate, value */
	struct quantity q;   /* q.unit may be the label's ("Files/sec") */
	size_t at;           /* where its number starts in the line */
};

struct kv_line {
	struct kv_item v[KV_MAX];
	size_t nr;
	char *kernel;        /* the label's kernel ("2.6.23-rmap:"), else NULL */
};

/*
 * Whether line s is a fact of the machine or the set-up as "key: value"
 * ("Memory: 2048 MB", "Runtime: 60s"): context, whose number no reader
 * takes (import_negative.c marks it, import_negative_setup).
 */
int import_keyvalue_fact(const char *s);

/* Reads line s as above: 0 and *out filled, -1 when it is no such line. */
int import_keyvalue_line(struct kv_line *out, const char *s);
void import_keyvalue_release(struct kv_line *kv);

#endif
