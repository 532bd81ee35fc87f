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
 * name's file system and kernel are the section's: "results-ext4.txt").
 * A paragraph that names a kernel or a file system is part of its
 * section: what it names holds from it on (see the kernel marks below).
 *
 * Each line's kernel is found before the walk (import_section_kernel.c),
 * from the kernels the text names (marks) and how strongly it names them:
 *
 *   4  a heading that names one kernel ("2.6.3:", "kernel: 2.6.3-mm1"),
 *      an attachment's file name
 *   3  command output naming the running kernel (uname -a, "Linux
 *      version 2.6.3 (...)" of a boot log)
 *   2  prose with a cue ("Kernel is", "using", "on", "with", "running";
 *      "one run for 4edee232ed" for a commit id)
 *   1  a bare version
 *
 * The kernel of line i: the one its own line names (once, at the line's
 * start or with a cue: "On 2.4.17-pre7 it takes 21 seconds", a row
 * "2.6.2-rc1:  812.330u ...", and the indented line under such a row);
 * else, after a line that gives an order ("first lines for A, then B",
 * "in order, A, B and C"), the k-th kernel for the k-th paragraph of
 * results after it (a heading starts the count again); else of the
 * strongest its section named before it (the latest of equal strength),
 * the strongest named after it in the section, the one in effect at the
 * end of the section before (a heading's kernel holds over sections that
 * name none), the strongest the depth's text names anywhere and at depth
 * 0 the Subject's (when it names one kernel), the first named with a
 * cue or more, else the first there is: a bare mention never outranks a
 * stronger one held from before.
 */

struct extract;

/* How strongly the text names a kernel: the list above. */
enum { KERNEL_BARE = 1, KERNEL_CUE = 2, KERNEL_OUTPUT = 3, KERNEL_HEADING = 4 };

struct section {
	size_t first, end;     /* its lines: those of its depth in [first, end) */
	int depth;
	int fs_known;          /* fs and fs_mode looked for (extract_section_at does, once) */
	const char *fs;        /* the first file system its own text names, or NULL */
	const char *fs_mode;   /* the data= mode named with it, or NULL */
	const char *config;    /* the config a heading gave, held to the next rule, kernel or config heading */
	const char *benchmark; /* the benchmark a heading named ("Test 2: dbench 4"), held to the next rule or such heading */
	const char *kernel;    /* the kernel an attachment's file name names, for the part it starts */
};

/* What the section pass learns of a line (sections.flags). */
enum {
	L_RESULT = 1,       /* a line readers take numbers from: time output, a table row, a tool's report */
	L_RULE = 2,
	L_HEADING = 4,
	L_PARA_START = 8,
	L_PARA_RESULT = 16, /* its paragraph holds a result line */
	L_SKIP = 32,        /* a signature's, a patch's or a table's line: it names nothing for a section */
	L_ORDER = 64,       /* names kernels in an order later blocks follow */
	L_KNOWN = 128,      /* whether L_RESULT is set is known: found only for the lines that ask */
};

/* A kernel the text names. */
struct kernel_mark {
	size_t line;
	int strength;
	const char *kernel;   /* sections.owned */
	size_t pos, len;      /* where in the line */
};

/*
 * One message's sections and what the passes found, in blocks that the
 * import's scratch keeps from one message to the next.
 */
struct sections {
	struct section *v;
	size_t nr, alloc;
	int orders;            /* some line has L_ORDER */
	/* per line */
	unsigned *of_line;     /* the index of its section, or UINT_MAX */
	const char **kernel;   /* the kernel its numbers get, or NULL */
	const char **own;      /* the kernel its own text names for its numbers */
	unsigned char *flags;  /* L_ bits */
	unsigned char *tool_line; /* a tool's report has a number there */
	size_t *mark_at;       /* and one past the last: line i's marks are [mark_at[i], mark_at[i + 1]) */
	unsigned *nkernels;    /* the distinct kernels its marks name */
	const char **line_fs, **line_fs_mode; /* the file system it names (line_fs in import_section.c) */
	unsigned char *line_fs_known;  /* whether the two above are looked for: a section and its depth ask */
	size_t lines_alloc;
	/* per depth: the one file system its text names (or at depth 0 the Subject's) */
	const char **depth_fs;
	unsigned char *depth_fs_known;
	size_t depths_alloc;
	struct kernel_mark *marks;  /* in line order */
	size_t nmarks, amarks;
	/* per section: its strongest kernel (the first of them) */
	const char **first_best;
	int *first_strength;
	size_t bests_alloc;
	const char *subject[8];     /* the kernels the Subject names */
	size_t nsubject;
	const char *short_in, *short_out; /* sections_full_kernel's last answer */
	int short_depth;
	char **owned;          /* the strings the above point to */
	size_t nowned, aowned;
	/*
	 * Over the whole import: the marks each line text held when first
	 * read (text -> its marks, their kernels owned here).  Quoted and
	 * resent mail brings the same lines again and again.
	 */
	struct _GHashTable *seen;
	struct seen_line **seen_of;  /* per line: its text's entry there, or NULL */
};

/* After the first pass: the sections, each line's kernel and what each section names. */
void extract_sections(struct extract *x);
/* Drops the message's strings; the blocks stay for the next (sections_free frees them). */
void extract_sections_release(struct extract *x);
void sections_free(struct sections *s);

/*
 * The section of line at (NULL before extract_sections), with the file
 * system its text names looked for the first time it is asked.
 */
const struct section *extract_section_at(const struct extract *x, size_t at);
/* The one file system the text of line at's depth names (else the Subject's, at depth 0), or NULL. */
const char *extract_depth_fs(const struct extract *x, size_t at);
/* The same, unless the Subject names another file system than the text does. */
const char *extract_message_fs(const struct extract *x, size_t at);

/* For import_section_kernel.c: the kernels each line gets. */
const char *sections_keep(struct sections *s, char *str);
int sections_result_at(const struct extract *x, size_t i);
/* The marks of line i, read (sections_read_marks) or as its text had them before (import_section_seen.c). */
void sections_find_marks(struct extract *x, size_t i);
void sections_read_marks(struct extract *x, size_t i);
/*
 * From line i's text alone, kept with the text when it holds a digit
 * (import_section_seen.c): whether time output may start there
 * (import_time_may_start), that or it looks like a table row; the first
 * file system it names and the data= mode named right after it (or NULL).
 */
int sections_text_time(const struct extract *x, size_t i);
int sections_text_row(const struct extract *x, size_t i);
const char *sections_text_fs(const struct extract *x, size_t i, const char **mode);
/* Between messages: forgets the texts seen when they are too many to keep; or all, and the table. */
void sections_seen_trim(struct sections *s);
void sections_seen_free(struct sections *s);
unsigned sections_distinct_kernels(const struct sections *s, size_t from, size_t to);
void sections_give_kernels(struct extract *x);

/*
 * The kernel the short form k stands for ("22pre6", "pre6aa2" for
 * 2.4.22-pre6 and 2.4.22pre6aa2, as a table's label writes them), when
 * exactly one kernel the text of that depth names in full ends so (a
 * version only the quoted mail names is not the author's); else k.
 */
const char *sections_full_kernel(const struct extract *x, const char *k, int depth);

#endif
