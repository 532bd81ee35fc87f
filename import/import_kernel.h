#ifndef IMPORT_KERNEL_H
#define IMPORT_KERNEL_H

/*
 * What the readers of kernel versions (import_kernel.c) and of the other
 * names of a kernel (import_kernel_ref.c) share: the words before a name
 * that say what it is.
 */
#include <ctype.h>
#include <stddef.h>
#include <strings.h>

/* A word before a version or id that says what it names; n: its length. */
struct cue {
	const char *word;
	size_t n;
};

/* Whether the word of cue ends right before at, in line s, and starts a word there. */
static inline int kernel_cue_ends(const char *s, const char *at, const struct cue *cue)
{
	size_t n = cue->n;

	if ((size_t)(at - s) < n)
		return 0;
	at -= n;
	/* the last letters first: most words before a version are no cue */
	return (at[n - 1] | 0x20) == cue->word[n - 1] && !strncasecmp(at, cue->word, n) &&
	       (at == s || !isalnum((unsigned char)at[-1]));
}

/* Whether a word that makes what follows the kernel under test ("kernel", "running", "on") ends at before. */
int kernel_cued(const char *s, const char *before);

#endif
