#ifndef IMPORT_HEADING_H
#define IMPORT_HEADING_H

#include <stddef.h>

/*
 * The shapes of lines that start a message's sections (import_section.h):
 * rules, headings and what a heading says.  Each looks at the n bytes of
 * one line at t (past its indent) and nothing else.
 */

/* "----", "=====", "# ---- #", "* * * *": a rule between sections. */
int import_is_rule(const char *s, size_t n);

size_t import_count_words(const char *s, size_t n);
/* The case-insensitive word w in the n bytes at s, standing alone. */
int import_has_word(const char *s, size_t n, const char *w);
/* Whether the n bytes at w are one of the words of list[0, nlist), either case. */
int import_word_in(const char *w, size_t n, const char *const *list, size_t nlist);

/*
 * The length of the one-word label that starts the n bytes at t and
 * stands apart from the rest by a tab or two blanks ("linux-2.6.11<tab>
 * P4 2.4, SATA-X rev 01"), when the rest is a description, not numbers
 * (a table's row has its label read by the table's reader); else 0.
 */
size_t import_label_len(const char *t, size_t n);

/*
 * A heading's shape: a short line that is no sentence, no command and no
 * attribution line ("On Mon, ... wrote:").  One that does not end in ':'
 * is at most five words that stand right over the lines they head
 * (over_text), or alone as a paragraph (alone), or name a kernel.
 */
int import_heading_shape(const char *t, size_t n, int over_text, int alone, int names_kernel);

/*
 * What a heading says of the config, or NULL (the caller frees):
 * a kernel heading's "elevator=deadline" or scheduler ("AS"), the kernel
 * standing at [kpos, kpos + klen); "With atomic_t:", "Unpatched:", "on
 * 3ware (7850) :" as written, but not "on ext3:" or "on 2.6.3:".
 */
char *import_kernel_heading_config(const char *t, size_t n, size_t kpos, size_t klen);
char *import_config_heading(const char *t, size_t n);

/* The first of the standard benchmarks' names (dbench, tiobench, fio...) standing in t, at [*at, *at + *len). */
int import_find_benchmark(const char *t, size_t n, size_t *at, size_t *len);

/* "dbench 48", "Test 2: tiobench with 4 threads": the benchmark a heading names, or NULL. */
char *import_benchmark_heading(const char *t, size_t n);

/*
 * "Normal", "HSM": a label of at most three words, no digits, no file
 * system, that may name the config of the time output right under it;
 * not a lead-in ("To summarize:", "Results:").
 */
char *import_config_label(const char *t, size_t n);
/*
 * "The output after the patch was:", "Numbers on the standard kernel:":
 * a line leading in to a block that names, inside, the config it ran in
 * (after with/without/after/before, or "on the"); the phrase, or NULL.
 */
char *import_lead_in_config(const char *t, size_t n);

/*
 * "# __flush_tlb_one", "# with the patch": a shell comment that may head
 * the block of output under it, naming the variant that block ran.  The
 * text past "# " when it is one to five words with nothing a command
 * writes (paths, options, pipes, redirections, assignments, a rule),
 * else NULL; whether the line is a heading and not a root prompt is for
 * the caller to tell by what follows it (import_section.c).
 */
const char *import_comment_heading(const char *t, size_t n, size_t *len);

/* "first lines for A, then B", "in order, A, B and C", "A and B respectively" */
int import_order_cue(const char *s, size_t n);

#endif
