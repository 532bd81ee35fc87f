#ifndef IMPORT_EXTRACT_H
#define IMPORT_EXTRACT_H

#include "import.h"
#include "import_context.h"
#include "import_features.h"
#include "import_hardware.h"
#include "import_section.h"
#include "import_time.h"
#include "../mail/mail_quote.h"

/*
 * What the extractor (import_extract.c) and its readers share: one
 * message's lines, the context the text has given so far, and how a
 * number becomes a record.  Internal to import/.
 *
 * The driver walks a message's lines once.  At each line it asks the
 * readers of its table (import_extract.c) in order; a reader's starts()
 * is a cheap test of the line's features, its read() takes the lines of
 * what it recognises (a time block, a table) and returns how many, or 0
 * to let the next reader look.  Readers that only learn context (a file
 * system a paragraph names) return 0 too.  Whole-text readers (the tool
 * reports, import_read_tools.c) run once per message before the walk.
 */

#define DEPTHS 17

/*
 * The record fields whose last pooled string the scratch keeps; metrics
 * keep the last few, values go to the pool directly.
 */
enum field { F_KERNEL, F_HARDWARE, F_FS, F_OPTIONS, F_DEVICE, F_BENCHMARK, F_UNIT, F_SOURCE, F_NR };
#define METRICS_KEPT 4

/* What the text has said so far at one quote depth, in reading order. */
struct depth_ctx {
	const char *fs;
	size_t fs_at;        /* the line that named it */
	char *options;
	char *device;
	char *benchmark;     /* what the last one-line summary measured */
	char *program;       /* what prose says the numbers measure ("Using writer.c") */
	char *cwd;           /* from a shell prompt */
	char *step;          /* a label such as "write:" just before output */
	size_t step_at;
	char *pending;       /* the command a `time` line just ran */
	size_t pending_at;
	int script_run;      /* inside the output of a script of timed steps */
	size_t script_pos;
	int para_fs;         /* 0: paragraph named no fs yet, 1: named one, 2: done */
	int df_device;
};

struct mount_seen {
	size_t at;
	int depth;
	struct import_mount m;
};

/*
 * Per line, what recognisers need, found once (import_features.c and
 * the time-command cache): no number without a digit, no time command
 * without "time", no prose number without a verb, no dd summary without
 * " copied, ", no file system named without a byte of one's key.
 */
enum { FEAT_DIGIT = FEATURE_DIGIT, FEAT_VERB = FEATURE_VERB, FEAT_FS = FEATURE_FS,
       FEAT_TIME = FEATURE_FIRST_FREE, FEAT_COPIED = FEATURE_FIRST_FREE << 1,
       FEAT_CMD = FEATURE_FIRST_FREE << 2 /* x->cmd holds the line's time command */ };

/*
 * What some line of the message has, each looked for once in the whole
 * text: a reader that needs it is not called on any line without.
 */
enum {
	WORDS_MOUNT = 1,      /* mount output */
	WORDS_USING = 2,      /* "Using writer.c" */
	WORDS_ON_DEV = 4,     /* the device prose names */
	WORDS_PROMPT_DIR = 8, /* a prompt that shows its directory */
	WORDS_TOOLS = 16,     /* and up: WORDS_TOOLS << i, a mail word of parse_table[i] (import_read_tools.c) */
};

/*
 * The blocks an import's extraction keeps from one message to the next
 * (import_scratch_new, owned by struct import): the joined text, the
 * per-line arrays, the quote split's blocks and the extractor's own facts,
 * emptied rather than freed; the prepared feature words; the pooled
 * strings the last records had.
 */
struct import_scratch {
	struct strbuf joined;
	void *lines;           /* line_off, digit_next, cmd and feat of struct extract */
	size_t lines_size;
	struct qtext quotes;
	struct facts *legend, *vars, *fs_options, *echo_cmd;
	struct import_words words;
	/*
	 * Per record field the pooled string it had last, and the last few
	 * metrics: most records repeat the fields of the one before, and a
	 * comparison with it is cheaper than a lookup.  They are the pool's,
	 * which lives as long as the import, so they hold across messages.
	 */
	char *last[F_NR];
	char *metrics[METRICS_KEPT];
	/* a time block's numbers and a table's classified columns, reused */
	struct tnum *nums;
	size_t anums;
	struct cls *cls;
	size_t acls;
	struct sections sections;   /* import_section.c's blocks */
};

struct import_scratch *import_scratch_new(void);
void import_scratch_free(struct import_scratch *s);
/* Forgets the pooled strings it holds: before the import's pool is emptied. */
void import_scratch_forget_pool(struct import_scratch *s);

/* One message being read. */
struct extract {
	struct import *imp;
	struct import_scratch *scratch;
	const struct mail_message *msg;
	struct qtext *q;            /* the message's lines, quoting undone (scratch->quotes) */
	size_t depths;              /* one past the deepest quoting of a line: what d[] and kernel[] hold */
	struct facts *legend;
	struct facts *vars;
	struct facts *fs_options;   /* from a script: options each fs was mounted with */
	struct facts *echo_cmd;     /* echoed label -> the command timed after it */
	char **script;              /* the timed commands of a script, in order */
	size_t nscript;
	struct mount_seen *mounts;
	size_t nmounts;
	struct import_hw hw;
	/* the hardware of the last device asked for: records share its facts */
	struct facts *hw_facts;
	char *hw_key;
	char *hw_device;
	int hw_cached;
	size_t group;
	int found;
	unsigned char *feat;        /* per line: FEAT_ bits, found once */
	size_t *digit_next;         /* per line: the first line from it on with a digit */
	char **cmd;                 /* per line with FEAT_CMD: the command its `time` runs, or NULL */
	struct scan sc;             /* the parse layer's view of the same lines */
	struct recset scan_out;
	struct parse_ctx pctx;
	struct strbuf *joined;      /* the lines, quoting undone, for whole-text parsers */
	size_t *line_off;           /* per line and one past the last: where it starts in joined */
	struct recset tools;        /* the tool reports found in them */
	unsigned long tools_in_text; /* bit i: parse_table[i]'s mail words are in the text */
	const char *tool_named;     /* the first such parser's name, or NULL */
	size_t *tool_order, tool_next;
	char **tool_label;          /* per tool record: the config its row's name says, or NULL */
	unsigned words;             /* WORDS_ bits: what some line of the text has */
	long tool_last_line;
	const char *tool_last;
	unsigned char *negative;    /* per line: its kind where numbers are no results, else 0 (import_negative.c) */
	struct grid *grids;         /* the message's tables, by first line (import_read_grid.c) */
	size_t ngrids, grid_next;
	struct prose_state *prose;  /* prose numbers kept until the walk is over (import_read_prose.c) */
	/* the first line a reader looked at and refused, and why: a message without numbers says it */
	const char *refused;
	size_t refused_at;
	struct sections *sec;       /* sections, and each line's kernel (import_section.c): scratch->sections */
	/*
	 * Last, as only the first x.depths of each are cleared, not all
	 * DEPTHS: most mail quotes a level or two.
	 */
	struct depth_ctx d[DEPTHS];
	char *kernel[DEPTHS];
	int kernel_strength[DEPTHS];
};

#define HAS_DIGIT(x, i) ((x)->feat[i] & FEAT_DIGIT)

/* A reader of the walk's table (see above). */
struct import_reader {
	const char *name;
	/* whether read may take line i, from the line's features; NULL: always asked */
	int (*starts)(const struct extract *x, size_t i);
	/* the lines taken from line i on (0: none, or only context learnt) */
	size_t (*read)(struct extract *x, size_t i);
};

/* The context of a number: where it stands and what the text said around it. */
struct where {
	const char *kernel;
	const char *fs;
	const char *options;
	const char *device;
	const char *benchmark;
	int depth;
	const char *author;
	const char *config;     /* what a heading says the config is; pool_where adds it to the options */
};

/* The where of line at, from what its depth has said so far. */
struct where extract_where(const struct extract *x, size_t at, const char *benchmark);

/*
 * A where as records keep it (import_emit.c): its strings pooled, the
 * hardware and source found.  The numbers of one block share it.
 */
struct pooled_where {
	char *kernel, *hardware, *fs, *options, *device, *benchmark, *source;
	struct facts *facts;    /* not referenced: emit_pooled takes its references */
	int depth;
};

void pool_where(struct extract *x, const struct where *w, struct pooled_where *p);
void emit_pooled(struct extract *x, const struct pooled_where *p, const char *metric,
		 const char *value, const char *unit, long lineno);
/*
 * What a table or a tool's report names of its own numbers (each NULL
 * where it names nothing) over what the text around it says: its kernel,
 * its file system (the text's mount options then no longer apply) and
 * its config.
 */
void where_own(struct where *w, const char *kernel, const char *fs, const char *options);
/* One number with its where: a record in the current group. */
void emit(struct extract *x, const struct where *w, const char *metric, const char *value,
	  const char *unit, long lineno);

/* Replaces *dst with v (taken, not copied). */
void take_str(char **dst, char *v);

/* The message-wide context (import_read_context.c), before the walk. */
void extract_first_pass(struct extract *x);
/* The command the `time` on line i runs, read once a line; NULL when none. */
const char *extract_time_command(struct extract *x, size_t i);
/* The mount output nearest to line at that tells what dir is (NULL: none). */
const struct import_mount *extract_mount_for(const struct extract *x, const char *dir, size_t at, int depth);
/* Mount options as a record keeps them: without the ones every mount has (NULL: none left). */
char *extract_clean_options(const char *opts);

/* The tool reports (import_read_tools.c): found before the walk, emitted at their lines. */
void extract_find_tools(struct extract *x);
void extract_tools_until(struct extract *x, size_t at);
void extract_tools_release(struct extract *x);
/* Whether line i is a tool report's own title ("Data:"), with its numbers under it. */
int extract_tool_title(const struct extract *x, size_t i);
/* Which tools' reports may be in the text (tools_in_text, tool_named), before the walk. */
void extract_note_tools(struct extract *x);
/* The feature pass's words: the readers' and every tool's mail words; -1 when they do not fit. */
int extract_words_init(struct import_words *out, const struct import_word *line_words, size_t nline,
		       const struct import_word *text_words, size_t ntext);

/*
 * Which lines hold numbers that are no results (a patch's diff, a kernel
 * log, system facts, traces, progress, commands): x->negative, per line
 * the kind (import_negative.h), 0 where numbers may be results.
 */
void extract_find_negatives(struct extract *x);
/*
 * For a message without results: which kinds of text with numbers that
 * are no results it held, with the first line of each, into why; 0 when
 * it held none.
 */
int extract_why_negative(struct strbuf *why, const struct extract *x);

/*
 * The prose numbers read in the walk (import_read_prose.c), each a record
 * now unless it restates one the message gave otherwise.
 */
void extract_prose_finish(struct extract *x);

/* The message's tables (import_read_grid.c), found before the walk and read at their first lines. */
void extract_find_grids(struct extract *x);
void extract_grids_release(struct extract *x);

#endif
