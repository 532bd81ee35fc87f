#ifndef IMPORT_SECTION_H
#define IMPORT_SECTION_H

#include <stddef.h>

/*
 * A message's sections (import_section.c): the unit that the context of
 * a number (its kernel, file system, config) is kept for, so that one
 * message may hold results of several kernels and configs.
 *
 * At each quote depth a section starts at the depth's first line, after
 * a rule ("---", "=====", "# ---- #"), at a heading: a short line that
 * starts a paragraph and holds no result ("2.6.3:", "ext3:", "With
 * atomic_t:", "2.6.11-rc2 elevator=deadline", "dbench 48", "Normal" over
 * a time block), and where an attachment with a file name starts (the
 * name's file system and kernel are the section's: "results-ext4.txt").  A paragraph that names a kernel or a file system is
 * part of its section: what it names holds from it on (see the kernel
 * marks below).
 *
 * Each line's kernel is found before the walk, from the kernels the text
 * names (marks) and how strongly it names them:
 *
 *   4  a heading that names one kernel ("2.6.3:", "kernel: 2.6.3-mm1")
 *   3  command output naming the running kernel (uname -a, "Linux
 *      version 2.6.3 (...)" of a boot log, a line that is only a version)
 *   2  prose with a cue ("Kernel is", "using", "on", "with", "running")
 *   1  a bare version
 *
 * The kernel of line i: the one its own line names (once, at the line's
 * start or with a cue: "On 2.4.17-pre7 it takes 21 seconds", a row
 * "2.6.2-rc1:  812.330u ..."); else, after a line that gives an order
 * ("first lines for A, then B", "in order, A, B and C"), the k-th kernel
 * for the k-th paragraph of results after it (a heading starts the count
 * again); else the strongest its section named before it (the latest of
 * equal strength), the strongest named after it in the section, the one
 * in effect at the end of the section before (a heading's kernel holds
 * over sections that name none), the strongest the depth's text names
 * anywhere, and at depth 0 the Subject's (when it names one kernel).
 * A weak (bare) mention never outranks a stronger one held from before.
 */

struct extract;

/* How strongly the text names a kernel: the list above. */
enum { KERNEL_BARE = 1, KERNEL_CUE = 2, KERNEL_OUTPUT = 3, KERNEL_HEADING = 4 };

struct section {
	size_t first;          /* its first line */
	int depth;
	const char *fs;        /* the first file system its own text names, or NULL */
	char *fs_mode;         /* the data= mode named with it, or NULL */
	const char *config;    /* the config a heading gave, held to the next rule, kernel or config heading */
	const char *benchmark; /* the benchmark a heading named ("Test 2: dbench 4"), held to the next rule or such heading */
	const char *kernel;    /* the kernel an attachment's file name names, for the part it starts */
};

struct sections {
	struct section *v;
	size_t nr, alloc;
	unsigned *of_line;     /* per line: the index of its section */
	const char **kernel;   /* per line: the kernel its numbers get, or NULL */
	const char **depth_fs; /* per depth: the one file system its text names, else NULL */
	char **owned;          /* the strings the above point to */
	size_t nowned, aowned;
};

/* After the first pass: the sections, each line's kernel and what each section names. */
void extract_sections(struct extract *x);
void extract_sections_release(struct extract *x);

/* The section of line at (NULL before extract_sections). */
const struct section *extract_section_at(const struct extract *x, size_t at);

#endif
