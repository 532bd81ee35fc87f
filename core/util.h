#ifndef UTIL_H
#define UTIL_H

/* The number of elements of an array (never of a pointer). */
#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
/*
 * n, a constant, where it equals want; where not, the build stops (an
 * array of negative size): for a count written apart from the array it
 * counts, as scripts/gen-words.c writes its indexes.
 */
#define CHECKED_SIZE(n, want) ((n) + 0 * sizeof(char[(n) == (want) ? 1 : -1]))

#endif
