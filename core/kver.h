#ifndef KVER_H
#define KVER_H

/*
 * Kernel version ordering, used wherever kernels are sorted:
 * 2.4.15-pre4 < 2.4.15 < 2.5.44 < 2.5.44-ac2 < 2.5.44-mm3 < 2.6.16-rc5 <
 * 2.6.16-rc5-mm3 < 2.6.16 < 6.1.0-28-amd64.  Pre-releases (pre, rc, test,
 * alpha, beta) sort before their release; patch sets and distribution
 * suffixes after their base.  NULL and "" sort first.
 */
int kver_cmp(const char *a, const char *b);
/* Widens [*lo, *hi] to take in k (NULL k is ignored; start with NULLs). */
void kver_widen(const char **lo, const char **hi, const char *k);
/* qsort-style comparator over an array of char *. */
int kver_cmp_ptr(const void *a, const void *b);

#endif
