#include "import.h"
#include "import_context.h"
#include "import_features.h"
#include "import_hardware.h"
#include "import_pair.h"
#include "import_patch.h"
#include "import_prose.h"
#include "import_script.h"
#include "import_table.h"
#include "import_time.h"
#include "import_uuencode.h"
#include "../mail/mail_quote.h"
#include "../core/util.h"

#include <ctype.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

/*
 * One pass over a message's lines, keeping per quote depth what the prose
 * has said so far (file system, mode, device, the step being timed), and
 * turning each time block, dd summary and table into records that carry
 * it.  A first pass gathers what holds for the whole message: its kernel,
 * legends, the script that produced the output, mount output.
 */

#define DEPTHS 17

/*
 * The record fields whose last pooled string extract.last keeps; metrics
 * and values go to the pool directly.
 */
enum field { F_KERNEL, F_HARDWARE, F_FS, F_OPTIONS, F_DEVICE, F_BENCHMARK, F_UNIT, F_SOURCE, F_NR };
#define METRICS_KEPT 4

struct depth_ctx {
	const char *fs;
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

struct extract {
	struct import_result *out;
	const struct mail_message *msg;
	struct qtext q;
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
	char *last[F_NR];       /* per record field: the pooled string it had last */
	char *metrics[METRICS_KEPT];   /* the pooled metrics last used, the latest first */
	size_t group;
	int found;
	unsigned char *feat;        /* per line: FEAT_ bits, found once */
	size_t *digit_next;         /* per line: the first line from it on with a digit */
	char **cmd;                 /* per line with FEAT_CMD: the command its `time` runs, or NULL */
	struct scan sc;             /* the parse layer's view of the same lines */
	struct recset scan_out;
	struct parse_ctx pctx;
	struct strbuf joined;       /* the lines, quoting undone, for whole-text parsers */
	size_t *line_off;           /* per line and one past the last: where it starts in joined */
	struct recset tools;        /* postmark, dbench, fio reports found in them */
	size_t *tool_order, tool_next;
	unsigned words;             /* WORDS_ bits: what some line of the text has */
	long tool_last_line;
	const char *tool_last;
	/*
	 * Last, as only the first x.depths of each are cleared (join_lines),
	 * not all DEPTHS: most mail quotes a level or two.
	 */
	struct depth_ctx d[DEPTHS];
	char *kernel[DEPTHS];
	int kernel_strength[DEPTHS];
};

/*
 * Blocks the extractor keeps from one message to the next instead of a
 * malloc and free of each per message: the joined text and the per-line
 * arrays (sized by the biggest message so far, up to KEEP_MAX), and its
 * own facts, which nothing outside it references, emptied rather than
 * freed.  One static slot: the importer reads one message at a time and
 * has no threads.
 */
#define KEEP_MAX (1 << 20)

static struct {
	struct strbuf joined;
	void *lines;
	size_t lines_size;
	struct facts *legend, *vars, *fs_options, *echo_cmd;
	char **made;    /* the message's time commands (extract.cmd), freed with it */
	size_t nmade, amade;
	/*
	 * The pooled strings extract.last and .metrics ended a message with,
	 * and the result whose pool holds them with its number of records
	 * then (see recent_valid).
	 */
	const struct import_result *pool_of;
	size_t pool_records;
	char *last[F_NR];
	char *metrics[METRICS_KEPT];
} kept = { .joined = STRBUF_INIT };

/*
 * Most messages' records have the kernels, file systems, benchmarks, units
 * and metrics of the message before: its last pooled strings are compared
 * first, as within a message, instead of a lookup each.  They are the
 * pool's of out while it is the same result, not released or finished
 * since: only import_add adds records, import_extract alone calls it, and
 * a result released (and perhaps another one made at its address) starts
 * again from none, so the same count of records, not zero, says so.
 */
static int recent_valid(const struct import_result *out)
{
	return kept.pool_of == out && out->records.nr && kept.pool_records == out->records.nr;
}

static void recent_restore(struct extract *x)
{
	if (!recent_valid(x->out))
		return;
	memcpy(x->last, kept.last, sizeof(x->last));
	memcpy(x->metrics, kept.metrics, sizeof(x->metrics));
	/* the hardware is the message's; a quoting source holds its source */
	x->last[F_HARDWARE] = NULL;
	x->last[F_SOURCE] = NULL;
}

static void recent_keep(const struct extract *x)
{
	kept.pool_of = x->out;
	kept.pool_records = x->out->records.nr;
	memcpy(kept.last, x->last, sizeof(kept.last));
	memcpy(kept.metrics, x->metrics, sizeof(kept.metrics));
}

static struct facts *kept_facts(struct facts **slot)
{
	if (!*slot)
		*slot = facts_new();
	return *slot;
}

/*
 * What a line has that recognisers need, found once (import_features.c):
 * no number without a digit, no time command without "time", no prose
 * number without a verb, no dd summary without " copied, ".
 */
enum { FEAT_DIGIT = FEATURE_DIGIT, FEAT_VERB = FEATURE_VERB, FEAT_TIME = 4, FEAT_COPIED = 8,
       FEAT_FS = 16 /* import_fs_lines: may name a file system or mode */,
       FEAT_CMD = 32 /* x->cmd holds the line's time command */,
       FEAT_CPU = 64 /* import_hw_cpu_lines: a CPU word may start in it */ };
#define HAS_DIGIT(x, i) ((x)->feat[i] & FEAT_DIGIT)

static const struct import_word line_words[] = {
	{ "time", FEAT_TIME },
	{ " copied, ", FEAT_COPIED },
};

/*
 * What some line of the message has, each looked for once in the whole
 * text: a recogniser that needs it is not called on any line without.
 */
enum {
	WORDS_MOUNT = 1,      /* mount output */
	WORDS_USING = 2,      /* "Using writer.c" */
	WORDS_ON_DEV = 4,     /* the device prose names */
	WORDS_PROMPT_DIR = 8, /* a prompt that shows its directory */
	WORDS_POSTMARK = 16,  /* the tools' reports, by their signatures */
	WORDS_DBENCH = 32,
	WORDS_FIO = 64,
};

static const struct import_word text_words[] = {
	{ " type ", WORDS_MOUNT },
	{ "sing ", WORDS_USING },
	{ " on /dev/", WORDS_ON_DEV },
	{ "[/", WORDS_PROMPT_DIR },
	{ ":/", WORDS_PROMPT_DIR },
	{ "seconds of transactions", WORDS_POSTMARK },
	{ "Throughput ", WORDS_DBENCH },
	{ "\"fio version\"", WORDS_FIO },
};

/*
 * The command a `time` line runs, read once a line: the first pass, its
 * look ahead at the lines after a `time` line and the walk all ask.
 */
static const char *read_time_command(struct extract *x, size_t i)
{
	x->feat[i] |= FEAT_CMD;
	if ((x->cmd[i] = import_time_command(x->q.v[i].text))) {
		ALLOC_GROW(kept.made, kept.nmade + 1, kept.amade);
		kept.made[kept.nmade++] = x->cmd[i];
	}
	return x->cmd[i];
}

/* Inline for the test of the line's bits, which turns away nearly every line. */
static inline const char *time_command(struct extract *x, size_t i)
{
	if (!(x->feat[i] & FEAT_TIME))
		return NULL;
	return x->feat[i] & FEAT_CMD ? x->cmd[i] : read_time_command(x, i);
}

/* ---- the first pass ---- */

static int is_output_line(struct extract *x, size_t i)
{
	struct import_dd dd = { NULL, NULL, NULL };
	const char *s = x->q.v[i].text;
	int is = HAS_DIGIT(x, i) && (import_time_starts(&x->sc, i) ||
				     ((x->feat[i] & FEAT_COPIED) && import_dd_line(&dd, s)));

	import_dd_release(&dd);
	if (is)
		return 1;
	for (s = strstr(s, " records "); s; s = strstr(s + 1, " records "))
		if (!strncmp(s + 9, "in", 2) || !strncmp(s + 9, "out", 3))
			return 1;
	return 0;
}

/* A `time` line runs what follows it when its output comes right after. */
static int is_invocation(struct extract *x, size_t i)
{
	size_t j;
	int seen = 0;

	for (j = i + 1; j < x->q.nr && seen < 3; j++) {
		if (x->q.v[j].depth != x->q.v[i].depth)
			return 0;
		if (x->q.v[j].blank)
			continue;
		seen++;
		if (is_output_line(x, j))
			return 1;
		if (time_command(x, j))
			return 0;
		if (seen == 1) {
			const char *cmd = time_command(x, i);

			if (!cmd || !import_is_script(cmd))
				return 0;
		}
	}
	return 0;
}

static void remember_kernel(struct extract *x, const struct qline *l)
{
	size_t pos = 0, len;
	int strength;

	while ((strength = import_find_kernel(l->text, &pos, &len))) {
		if (strength > x->kernel_strength[l->depth]) {
			free(x->kernel[l->depth]);
			x->kernel[l->depth] = import_patched_kernel(l->text + pos, len);
			x->kernel_strength[l->depth] = strength;
		}
		pos += len;
	}
}

/*
 * Every line goes through remember_legend and remember_mount_options,
 * which want a ':' or a ')' near its start: where they stand in its first
 * 32 bytes (bit i: byte i), both found by one compare of the line's copy
 * in the joined text, whose padding makes 32 bytes readable at any line.
 */
struct lead_marks {
	unsigned colon, paren;
};

static struct lead_marks lead_marks(const struct extract *x, size_t i, size_t skip, size_t rest)
{
	const char *p = x->joined.buf + x->line_off[i] + skip;
	unsigned in_line = rest >= 32 ? ~0u : (1u << rest) - 1;
	struct lead_marks m;
#ifdef __SSE2__
	__m128i lo = _mm_loadu_si128((const __m128i *)p), hi = _mm_loadu_si128((const __m128i *)(p + 16));

	m.colon = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(lo, _mm_set1_epi8(':'))) |
		  (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(hi, _mm_set1_epi8(':'))) << 16;
	m.paren = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(lo, _mm_set1_epi8(')'))) |
		  (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(hi, _mm_set1_epi8(')'))) << 16;
#else
	int k;

	m.colon = m.paren = 0;
	for (k = 0; k < 32; k++) {
		m.colon |= (unsigned)(p[k] == ':') << k;
		m.paren |= (unsigned)(p[k] == ')') << k;
	}
#endif
	m.colon &= in_line;
	m.paren &= in_line;
	return m;
}

/*
 * Whether the line has a blank in the 32 bytes from skip (a shell
 * assignment has none; prose that starts with a capital has one early).
 */
static int lead_blank(const struct extract *x, size_t i, size_t skip, size_t rest)
{
	const char *p = x->joined.buf + x->line_off[i] + skip;
	unsigned in_line = rest >= 32 ? ~0u : (1u << rest) - 1, blanks;
#ifdef __SSE2__
	__m128i lo = _mm_loadu_si128((const __m128i *)p), hi = _mm_loadu_si128((const __m128i *)(p + 16));

	blanks = (unsigned)_mm_movemask_epi8(_mm_or_si128(_mm_cmpeq_epi8(lo, _mm_set1_epi8(' ')),
							  _mm_cmpeq_epi8(lo, _mm_set1_epi8('\t')))) |
		 (unsigned)_mm_movemask_epi8(_mm_or_si128(_mm_cmpeq_epi8(hi, _mm_set1_epi8(' ')),
							  _mm_cmpeq_epi8(hi, _mm_set1_epi8('\t')))) << 16;
#else
	int k;

	blanks = 0;
	for (k = 0; k < 32; k++)
		blanks |= (unsigned)(p[k] == ' ' || p[k] == '\t') << k;
#endif
	return (blanks & in_line) != 0;
}

/* "ext3wb: ext3: 4k blocks, 256m journal, noatime, data=writeback"; p is past the indent */
static void remember_legend(struct extract *x, const char *p, unsigned colons)
{
	const char *colon;
	char *key;

	/* every line comes here; a key has its ':' within 25 bytes */
	if (!(colons & ((1u << 25) - 1)))
		return;
	colon = p + strcspn(p, ": \t");
	if (*colon != ':' || colon == p || colon - p > 24 || (colon[1] != ' ' && colon[1] != '\t'))
		return;
	key = xstrndup(p, colon - p);
	if (!facts_get(x->legend, key))
		facts_set(x->legend, key, import_skip_space(colon + 1));
	free(key);
}

/* "ext3)" ... "mount -t $fs -o data=writeback ..." in a case statement; p is past the indent */
static void remember_mount_options(struct extract *x, const char *p, unsigned parens, const char **case_fs)
{
	const char *o, *paren;

	/* every line comes here: a case label is short */
	parens &= (1u << 16) - 1;
	paren = parens ? p + __builtin_ctz(parens) : NULL;
	if (paren && !*import_skip_space(paren + 1)) {
		*case_fs = import_fs_name(p, (size_t)(paren - p));
		return;
	}
	if ((p[0] == ';' && p[1] == ';') || (p[0] == 'e' && !strncmp(p, "esac", 4))) {
		*case_fs = NULL;
		return;
	}
	if (p[0] != 'm' || strncmp(p, "mount ", 6) || !(o = strstr(p, " -o ")))
		return;
	o = import_skip_space(o + 4);
	{
		char *opts = xstrndup(o, strcspn(o, " \t"));
		const char *t = strstr(p, " -t "), *fs = *case_fs;

		if (t) {
			t = import_skip_space(t + 4);
			fs = import_fs_name(t, strcspn(t, " \t")) ?: fs;
		}
		if (fs && !facts_get(x->fs_options, fs))
			facts_set(x->fs_options, fs, opts);
		free(opts);
	}
}

static void first_pass(struct extract *x)
{
	const char *case_fs = NULL;
	char *echo = NULL;
	int sig[DEPTHS] = { 0 };
	size_t i;

	for (i = 0; i < x->q.nr; i++) {
		const struct qline *l = &x->q.v[i];
		const char *lead;   /* the line past its indent, as the readers below start */
		struct lead_marks marks;
		struct import_mount m;
		const char *cmd;
		char *label;

		if (l->blank)
			continue;
		lead = import_skip_space(l->text);
		if (l->text[0] == '-' && (!strcmp(l->text, "-- ") || !strcmp(l->text, "--")))
			sig[l->depth] = 1;
		if (!sig[l->depth] && HAS_DIGIT(x, i))
			remember_kernel(x, l);
		/* it looks only at lines with a digit or a CPU word's mark: no call for the rest */
		if (!l->depth && (x->feat[i] & (FEAT_DIGIT | FEAT_CPU)))
			import_hw_line(&x->hw, l->text, l->len, HAS_DIGIT(x, i), x->feat[i] & FEAT_CPU);
		marks = lead_marks(x, i, (size_t)(lead - l->text), l->len - (size_t)(lead - l->text));
		remember_legend(x, lead, marks.colon);
		/*
		 * its own first tests, without the call: most lines start
		 * otherwise, and an assignment has no blank
		 */
		if (((*lead >= 'A' && *lead <= 'Z') || *lead == '_') &&
		    !lead_blank(x, i, (size_t)(lead - l->text), l->len - (size_t)(lead - l->text)))
			import_shell_assignment(x->vars, lead);
		remember_mount_options(x, lead, marks.paren, &case_fs);
		if ((x->words & WORDS_MOUNT) && !import_parse_mount(&m, l->text)) {
			x->mounts = xrealloc(x->mounts, (x->nmounts + 1) * sizeof(*x->mounts));
			x->mounts[x->nmounts].at = i;
			x->mounts[x->nmounts].depth = l->depth;
			x->mounts[x->nmounts].m = m;
			x->nmounts++;
		}
		if (*lead == 'e' && (label = import_echo_label(lead))) {
			free(echo);
			echo = label;
			continue;
		}
		cmd = time_command(x, i);
		if (!cmd || is_invocation(x, i))
			continue;
		x->script = xrealloc(x->script, (x->nscript + 1) * sizeof(*x->script));
		x->script[x->nscript++] = xstrdup(cmd);
		if (echo && !facts_get(x->echo_cmd, echo))
			facts_set(x->echo_cmd, echo, cmd);
		free(echo);
		echo = NULL;
	}
	free(echo);
}

/* ---- emitting records ---- */

struct where {
	const char *kernel;
	const char *fs;
	const char *options;
	const char *device;
	const char *benchmark;
	int depth;
	const char *author;
};

static void take_str(char **dst, char *v)
{
	free(*dst);
	*dst = v;
}

static int same_str(const char *a, const char *b)
{
	return a == b || (a && b && !strcmp(a, b));
}

/*
 * The pooled string of s.  Kernel, file system, benchmark and the like
 * mostly repeat what the record before had, and a comparison with that is
 * cheaper than a lookup; metrics change from one record to the next (a
 * time block's user, sys, real) and go to the pool at once.
 */
static char *pooled(struct extract *x, enum field f, const char *s)
{
	if (!s)
		return NULL;
	if (!x->last[f] || strcmp(x->last[f], s))
		x->last[f] = import_intern(x->out, s);
	return x->last[f];
}

/*
 * A time block's metrics (user, sys, elapsed) take turns, so the last one
 * alone seldom matches: the pooled strings of the last few are compared
 * first, by their first byte before the rest.
 */
static char *pooled_metric(struct extract *x, const char *s)
{
	size_t i;
	char *p;

	if (!s)
		return NULL;
	for (i = 0; i < METRICS_KEPT && (p = x->metrics[i]); i++)
		if (p[0] == s[0] && !strcmp(p, s))
			return p;
	p = import_intern(x->out, s);
	memmove(x->metrics + 1, x->metrics, (METRICS_KEPT - 1) * sizeof(*x->metrics));
	x->metrics[0] = p;
	return p;
}

/*
 * "<source>, quoting <author>", made and pooled only when the author
 * differs from the last one's: x->last[F_SOURCE] holds only these, and
 * the message (so its source) is the same for all of x.
 */
static char *quoting_source(struct extract *x, const char *source, const char *author)
{
	static const char between[] = ", quoting ";
	struct strbuf sb = STRBUF_INIT;
	size_t n = strlen(source) + sizeof(between) - 1;

	if (x->last[F_SOURCE] && !strcmp(x->last[F_SOURCE] + n, author))
		return x->last[F_SOURCE];
	strbuf_grow(&sb, n + strlen(author));
	strbuf_addstr(&sb, source);
	strbuf_add(&sb, between, sizeof(between) - 1);
	strbuf_addstr(&sb, author);
	x->last[F_SOURCE] = import_intern(x->out, sb.buf);
	strbuf_release(&sb);
	return x->last[F_SOURCE];
}

/*
 * A where as records keep it: its strings pooled, the hardware and source
 * found.  The numbers of one time block share it, so it is made once for
 * them all.
 */
struct pooled_where {
	char *kernel, *hardware, *fs, *options, *device, *benchmark, *source;
	struct facts *facts;    /* not referenced: emit_pooled takes its references */
	int depth;
};

static void pool_where(struct extract *x, const struct where *w, struct pooled_where *p)
{
	/* the result owns the message's source: records point to it, one copy */
	char *source = x->out->msgs[x->out->nmsgs - 1].source;

	p->kernel = pooled(x, F_KERNEL, w->kernel);
	p->hardware = NULL;
	p->facts = NULL;
	if (!w->depth) {
		if (!x->hw_cached || !same_str(x->hw_device, w->device)) {
			facts_unref(x->hw_facts);
			free(x->hw_key);
			take_str(&x->hw_device, w->device ? xstrdup(w->device) : NULL);
			x->hw_key = import_hw_key(&x->hw, w->device, &x->hw_facts);
			x->hw_cached = 1;
			x->last[F_HARDWARE] = import_intern(x->out, x->hw_key);
		}
		p->facts = x->hw_facts;
		p->hardware = x->last[F_HARDWARE];
	}
	p->fs = pooled(x, F_FS, w->fs);
	p->options = pooled(x, F_OPTIONS, w->options);
	p->device = pooled(x, F_DEVICE, w->device);
	p->benchmark = pooled(x, F_BENCHMARK, w->benchmark);
	p->source = w->depth && w->author ? quoting_source(x, source, w->author) : source;
	p->depth = w->depth;
}

static void emit_pooled(struct extract *x, const struct pooled_where *p, const char *metric,
			const char *value, const char *unit, long lineno)
{
	struct record *r = import_add(x->out, x->group, p->depth);

	r->kernel = p->kernel;
	r->hardware = p->hardware;
	r->facts = facts_ref(p->facts);
	r->fs = p->fs;
	r->options = p->options;
	r->device = p->device;
	r->benchmark = p->benchmark;
	r->metric = pooled_metric(x, metric);
	r->value = import_keep(x->out, value);
	r->unit = pooled(x, F_UNIT, unit);
	r->line = lineno;
	r->quoted = p->depth > 0;
	r->source = p->source;
	x->found = 1;
}

static void emit(struct extract *x, const struct where *w, const char *metric,
		 const char *value, const char *unit, long lineno)
{
	struct pooled_where p;

	pool_where(x, w, &p);
	emit_pooled(x, &p, metric, value, unit, lineno);
}

static void set_str(char **dst, const char *v)
{
	char *old = *dst;

	*dst = v ? xstrdup(v) : NULL;
	free(old);
}


/* Mount options as a record keeps them: without the ones every mount has. */
static char *clean_options(const char *opts)
{
	struct strbuf sb = STRBUF_INIT;
	const char *p = opts;

	while (p && *p) {
		size_t n = strcspn(p, ",");

		if (!(n == 2 && (!strncmp(p, "rw", 2) || !strncmp(p, "ro", 2))) &&
		    !(n == 8 && !strncmp(p, "defaults", 8)) && n) {
			if (sb.len)
				strbuf_addch(&sb, ',');
			strbuf_add(&sb, p, n);
		}
		p += n + (p[n] == ',');
	}
	if (!sb.len) {
		strbuf_release(&sb);
		return NULL;
	}
	return strbuf_detach(&sb, NULL);
}

/* The mount output nearest to line at that tells what dir is. */
static const struct import_mount *mount_for(struct extract *x, const char *dir, size_t at, int depth)
{
	const struct import_mount *best = NULL;
	size_t i, best_dist = (size_t)-1;

	for (i = 0; dir && i < x->nmounts; i++) {
		size_t dist = x->mounts[i].at > at ? x->mounts[i].at - at : at - x->mounts[i].at;

		if (x->mounts[i].depth != depth || strcmp(x->mounts[i].m.dir, dir))
			continue;
		if (dist < best_dist) {
			best = &x->mounts[i].m;
			best_dist = dist;
		}
	}
	return best;
}

/* ---- time blocks ---- */

static char *benchmark_for(struct extract *x, struct depth_ctx *d, size_t at, const char *label,
			   int label_is_command, int inherit)
{
	char *b;

	if (d->pending && at - d->pending_at <= 3) {
		b = d->pending;
		d->pending = NULL;
		return b;
	}
	if (d->script_run) {
		if ((label && !strncasecmp(label, "total", 5)) || d->script_pos >= x->nscript) {
			d->script_run = 0;
			return xstrdup("total");
		}
		return import_command_name(x->script[d->script_pos++], x->vars);
	}
	if (d->step && at - d->step_at <= 4) {
		const char *cmd = facts_get(x->echo_cmd, d->step);

		b = cmd ? import_step_name(d->step, cmd, x->vars) : xstrdup(d->step);
		free(d->step);
		d->step = NULL;
		return b;
	}
	if (label && label_is_command)
		return import_command_name(label, x->vars);
	/* summary lines labelled by config restate what was just measured */
	if (inherit && d->benchmark)
		return xstrdup(d->benchmark);
	if (d->program)
		return xstrdup(d->program);
	return label ? xstrdup(label) : NULL;
}

struct tnum {
	const char *metric, *value, *unit;
	long line;
};

/* A time block's numbers, in an array kept from one block to the next (no threads). */
static struct tnum *kept_nums;
static size_t kept_nums_alloc;

static void emit_time(struct extract *x, size_t at, const struct tnum *nums, size_t nr,
		      const char *label, int label_may_be_command)
{
	const struct qline *l = &x->q.v[at];
	struct depth_ctx *d = &x->d[l->depth];
	struct where w = { x->kernel[l->depth], d->fs, d->options, d->device, NULL, l->depth, l->author };
	char *label_opts = NULL, *bench, *opts = NULL;
	const char *label_fs = label ? import_label_fs(label, &label_opts) : NULL;
	const struct import_mount *m = mount_for(x, d->cwd, at, l->depth);
	struct pooled_where p;
	size_t i;

	if (label_fs) {
		w.fs = label_fs;
		w.options = label_opts;
	} else if (m) {
		w.fs = import_fs_name(m->fs, strlen(m->fs)) ?: m->fs;
		opts = clean_options(m->options);
		w.options = opts;
		w.device = m->device;
	}
	bench = benchmark_for(x, d, at, label_fs ? NULL : label, label_may_be_command && !label_fs,
			      label_may_be_command);
	w.benchmark = bench;
	x->group++;
	pool_where(x, &w, &p);
	/* what was measured, for summary lines that restate it: the pool has its own copy */
	if (bench && !d->script_run)
		take_str(&d->benchmark, bench);
	else
		free(bench);
	for (i = 0; i < nr; i++)
		emit_pooled(x, &p, nums[i].metric, nums[i].value, nums[i].unit, nums[i].line);
	free(label_opts);
	free(opts);
}

/* A block the parse layer's time forms read at line at; lines it took. */
static size_t time_block(struct extract *x, size_t at)
{
	struct time_block b = { PENDING_INIT, NULL, 0, 0 };
	struct tnum *nums;
	size_t i, nr = 0, used;
	int line_form, r = import_time_at(&x->sc, at, &b, &line_form);

	if (r == 0) {
		pending_clear(&b.values);
		free(b.label);
		return 0;
	}
	used = b.lines ? b.lines : 1;
	ALLOC_GROW(kept_nums, b.values.nr + 1, kept_nums_alloc);
	nums = kept_nums;
	for (i = 0; r > 0 && i < b.values.nr; i++) {
		const struct pending_value *v = &b.values.v[i];

		if (!import_time_metric(v->metric) || v->idx >= x->q.nr)
			continue;
		nums[nr].metric = v->metric;
		nums[nr].value = v->value;
		nums[nr].unit = v->unit;
		nums[nr].line = x->q.v[v->idx].lineno;
		nr++;
	}
	if (nr)
		emit_time(x, at, nums, nr, b.label, line_form);
	pending_clear(&b.values);
	free(b.label);
	return used;
}

static size_t dd_summary(struct extract *x, size_t at)
{
	struct import_dd dd;
	struct tnum nums[2];
	size_t nr = 0;
	long line = x->q.v[at].lineno;

	if (!(x->feat[at] & FEAT_COPIED) || !import_dd_line(&dd, x->q.v[at].text))
		return 0;
	nums[nr++] = (struct tnum){ "elapsed", dd.seconds, "s", line };
	if (dd.rate)
		nums[nr++] = (struct tnum){ "throughput", dd.rate, dd.rate_unit, line };
	emit_time(x, at, nums, nr, NULL, 0);
	import_dd_release(&dd);
	return 1;
}

/* ---- tables ---- */

enum cls_kind { CLS_BENCH, CLS_KERNEL, CLS_FS, CLS_METRIC };

/* kernel and bench point at the name classified, which outlives its cls: no copy */
struct cls {
	enum cls_kind kind;
	const char *kernel;
	const char *fs;
	char *options;
	const char *metric, *unit;
	const char *bench;
};

static const struct { const char *word, *metric, *unit; } metric_words[] = {
	{ "user", "user", "s" }, { "usr", "user", "s" }, { "sys", "sys", "s" },
	{ "system", "sys", "s" }, { "real", "elapsed", "s" }, { "elapsed", "elapsed", "s" },
	{ "wall", "elapsed", "s" }, { "% CPU", "cpu", "%" }, { "%CPU", "cpu", "%" },
	{ "cpu", "cpu", "%" }, { "CPU%", "cpu", "%" }, { "sync", "sync", "s" },
	{ NULL, NULL, NULL },
};

static void classify(struct extract *x, struct cls *c, const char *name)
{
	const char *legend = facts_get(x->legend, name);
	size_t i;

	memset(c, 0, sizeof(*c));
	/* the first letters first: most names are no metric word */
	for (i = 0; metric_words[i].word; i++) {
		if ((name[0] | 0x20) == (metric_words[i].word[0] | 0x20) && !strcasecmp(name, metric_words[i].word)) {
			c->kind = CLS_METRIC;
			c->metric = metric_words[i].metric;
			c->unit = metric_words[i].unit;
			return;
		}
	}
	if (import_is_kernel(name, strlen(name))) {
		c->kind = CLS_KERNEL;
		c->kernel = name;
		return;
	}
	if (legend) {
		const char *after, *fs;
		char *mode;

		after = import_find_fs(legend, &fs, &mode);
		free(mode);
		if (after && fs) {
			struct strbuf sb = STRBUF_INIT;
			const char *rest = legend;

			/* "ext2: 4k blocks" says the fs first; the rest is the config */
			if (!strncasecmp(legend, fs, strlen(fs)) && legend[strlen(fs)] == ':')
				rest = import_skip_space(legend + strlen(fs) + 1);
			strbuf_addf(&sb, "%s: %s", name, rest);
			c->kind = CLS_FS;
			c->fs = fs;
			c->options = strbuf_detach(&sb, NULL);
			return;
		}
		c->kind = CLS_BENCH;
		c->bench = name;
		return;
	}
	if ((c->fs = import_label_fs(name, &c->options)) && strlen(name) < 24) {
		c->kind = CLS_FS;
		return;
	}
	free(c->options);
	c->options = NULL;
	c->fs = NULL;
	c->kind = CLS_BENCH;
	c->bench = name;
}

static struct cls *kept_cls;
static size_t kept_cls_alloc;

static void cls_release(struct cls *c)
{
	free(c->options);
}

static int column_known(const char *name, void *data)
{
	struct extract *x = data;
	struct cls c;
	int known;

	classify(x, &c, name);
	known = c.kind != CLS_BENCH || facts_get(x->legend, name);
	cls_release(&c);
	return known;
}

static void merge_cls(struct where *w, const struct cls *c, const char **metric, const char **unit)
{
	switch (c->kind) {
	case CLS_KERNEL:
		w->kernel = c->kernel;
		break;
	case CLS_FS:
		w->fs = c->fs;
		w->options = c->options;
		break;
	case CLS_METRIC:
		*metric = c->metric;
		*unit = c->unit;
		break;
	case CLS_BENCH:
		w->benchmark = c->bench;
		break;
	}
}

/* "kernel", "fs" above a column of row labels say what the rows are. */
static int title_names_benchmark(const char *title)
{
	static const char *const axis_words[] = {
		"kernel", "kernels", "fs", "filesystem", "file system", "config", "test",
		"benchmark", "version", "mode", NULL,
	};
	size_t i;

	if (!title)
		return 0;
	for (i = 0; axis_words[i]; i++)
		if (!strcasecmp(title, axis_words[i]))
			return 0;
	return 1;
}

static void emit_cell(struct extract *x, const struct where *w, const char *metric,
		      const char *unit, const char *text, long lineno)
{
	char *value;

	if (!strcmp(metric, "value") && strchr(text, ':')) {
		/* m:ss cells are elapsed times whatever the header says */
		metric = "elapsed";
		unit = "s";
	}
	if (!strcmp(metric, "cpu") || (!strchr(text, ':') && !unit))
		value = import_number(text, strlen(text));
	else
		value = import_seconds(text, strlen(text));
	if (value)
		emit(x, w, metric, value, unit, lineno);
	free(value);
}

/* "4.42/4.39": each number is what the table's text says, else nothing is taken */
static void pair_cell(struct extract *x, const struct import_table *t, const struct import_cell *cell,
		      const struct where *base, const char *metric, const char *unit, size_t at)
{
	const char *said[] = { t->cols[cell->col], t->cols2 ? t->cols2[cell->col] : NULL,
			       t->rows[cell->row], t->title,
			       at > 0 ? x->q.v[at - 1].text : NULL, at > 1 ? x->q.v[at - 2].text : NULL,
			       at > 2 ? x->q.v[at - 3].text : NULL };
	struct import_pair p;
	size_t i;
	int k;

	for (i = 0; i < ARRAY_SIZE(said); i++)
		if (said[i] && !import_pair_find(&p, said[i]))
			break;
	if (i == ARRAY_SIZE(said))
		return;
	if (p.kind == PAIR_PATCH && !base->kernel) {
		import_pair_release(&p);
		return;
	}
	for (k = 0; k < 2; k++) {
		struct where w = *base;
		struct strbuf s = STRBUF_INIT;
		const char *m = p.kind == PAIR_METRIC ? p.what[k] : metric;
		const char *u = p.unit[k] ?: unit;
		char *half = import_pair_half(cell->text, k);

		if (p.kind == PAIR_STEP) {
			strbuf_addf(&s, "%s%s%s", w.benchmark ?: "", w.benchmark ? " " : "", p.what[k]);
			w.benchmark = s.buf;
		} else if (p.kind == PAIR_PATCH && k) {
			strbuf_addf(&s, "%s%s", w.kernel, p.patch);
			w.kernel = s.buf;
		}
		if (p.kind != PAIR_METRIC && p.unit[k] && !strcmp(m, "value"))
			m = "throughput";
		emit_cell(x, &w, m, u, half, cell->lineno);
		free(half);
		strbuf_release(&s);
	}
	import_pair_release(&p);
}

static size_t table(struct extract *x, size_t at)
{
	const struct qline *l = &x->q.v[at];
	struct depth_ctx *d = &x->d[l->depth];
	struct import_table t;
	struct cls *cols, *rows, *cols2;
	const char *benchmark;   /* what the table measures: its title, else what prose said */
	size_t i;

	if (import_table_at(&t, x->q.v, x->q.nr, at, column_known, x))
		return 0;
	/* one zeroed block, kept from table to table (no threads) */
	ALLOC_GROW(kept_cls, 2 * t.ncols + t.nrows + 1, kept_cls_alloc);
	memset(kept_cls, 0, (2 * t.ncols + t.nrows) * sizeof(*kept_cls));
	cols = kept_cls;
	cols2 = cols + t.ncols;
	rows = cols2 + t.ncols;
	for (i = 0; i < t.ncols; i++) {
		classify(x, &cols[i], t.cols[i]);
		/* a second header line: file systems, configs or units under the first */
		if (t.cols2 && !import_table_unit(t.cols2[i]))
			classify(x, &cols2[i], t.cols2[i]);
		else
			cols2[i].kind = CLS_BENCH;
	}
	for (i = 0; i < t.nrows; i++)
		classify(x, &rows[i], t.rows[i]);
	x->group++;
	benchmark = title_names_benchmark(t.title) ? t.title : d->program;
	for (i = 0; i < t.ncells; i++) {
		const struct import_cell *cell = &t.cells[i];
		struct where w = { x->kernel[l->depth], d->fs, d->options, d->device, benchmark,
				   l->depth, l->author };
		const char *metric = "value", *unit = NULL;

		merge_cls(&w, &rows[cell->row], &metric, &unit);
		merge_cls(&w, &cols[cell->col], &metric, &unit);
		if (cols2[cell->col].kind != CLS_BENCH)
			merge_cls(&w, &cols2[cell->col], &metric, &unit);
		else if (t.cols2 && (unit = unit ?: import_table_unit(t.cols2[cell->col])) &&
			 !strcmp(metric, "value") && strchr(unit, '/'))
			metric = "throughput";
		if (strchr(cell->text, '/'))
			pair_cell(x, &t, cell, &w, metric, unit, at);
		else
			emit_cell(x, &w, metric, unit, cell->text, cell->lineno);
	}
	for (i = 0; i < 2 * t.ncols + t.nrows; i++)
		cls_release(&kept_cls[i]);
	i = t.lines;
	import_table_release(&t);
	return i;
}

/* ---- context from prose ---- */

static void set_fs(struct extract *x, struct depth_ctx *d, const char *fs, char *mode)
{
	const char *opts = fs ? facts_get(x->fs_options, fs) : NULL;

	if (!fs) {
		/* a data= mode alone keeps a journaling fs, else it means ext3 */
		fs = d->fs && (!strcmp(d->fs, "ext3") || !strcmp(d->fs, "ext4")) ? d->fs : "ext3";
	}
	d->fs = fs;
	if (mode)
		take_str(&d->options, mode);
	else
		set_str(&d->options, opts);
}

/*
 * Whether a label's first word is a file-system name, as import_label_fs
 * wants before anything else: most short lines are not, and need no copy.
 */
static int label_may_name_fs(const char *p)
{
	const char *e = p;

	while (isalnum((unsigned char)*e) || *e == '_')
		e++;
	return import_fs_name(p, (size_t)(e - p)) != NULL;
}

/* A line that is only a label: "ext3", "write:", "fs=ext2", "/dev/sda5 (...):" */
static int label_line(struct extract *x, struct depth_ctx *d, size_t at, const char *s)
{
	const char *p = import_skip_space(s), *fs;
	char *opts = NULL;
	size_t n = x->q.v[at].len - (size_t)(p - s), dev;

	while (n && (p[n - 1] == ' ' || p[n - 1] == '\t' || p[n - 1] == '\r'))
		n--;
	if (!n)
		return 0;
	/* a label is short or starts with "fs" or a device: most lines are neither */
	if (n >= 32 && p[0] != '/' && (p[0] | 0x20) != 'f')
		return 0;
	if ((p[0] | 0x20) == 'f' && (!strncmp(p, "fs=", 3) || !strncasecmp(p, "fs: ", 4)) &&
	    (fs = import_fs_name(import_skip_space(p + 3), strcspn(import_skip_space(p + 3), " \t")))) {
		set_fs(x, d, fs, NULL);
		return 1;
	}
	if ((dev = import_device_at(p)) && dev < n && (p[dev] == ' ' || p[dev] == ':') &&
	    (p[n - 1] == ':' || p[dev] == ':')) {
		take_str(&d->device, xstrndup(p, dev));
		return 1;
	}
	if (p[n - 1] == ':' && n < 24 && !strchr(p, ' ')) {
		take_str(&d->step, xstrndup(p, n - 1));
		d->step_at = at;
		return 1;
	}
	/* a file-system name holds bytes that import_fs_lines marks its line for */
	if (n < 32 && (x->feat[at] & FEAT_FS) && label_may_name_fs(p)) {
		char *label = xstrndup(p, n - (p[n - 1] == ':'));

		fs = import_label_fs(label, &opts);
		if (fs && strlen(label) <= strlen(fs) + 12 && !strchr(label, '(')) {
			free(label);
			set_fs(x, d, fs, opts);
			return 1;
		}
		free(label);
		free(opts);
	}
	return 0;
}

/* "Using http://.../writer.c": the program the numbers below measure. */
static void program_used(struct depth_ctx *d, const char *s)
{
	const char *u = strstr(s, "sing "), *e, *base;

	if (!u || u == s || (u[-1] != 'U' && u[-1] != 'u'))
		return;
	u = import_skip_space(u + 5);
	e = u + strcspn(u, " \t,;)");
	if (e - u < 3 || strncmp(e - 2, ".c", 2))
		return;
	for (base = e; base > u && base[-1] != '/'; base--)
		;
	if (e - 2 > base)
		take_str(&d->program, xstrndup(base, e - 2 - base));
}

/* "ext4 on /dev/nvme0n1p2": the device prose says the fs is on */
static void device_named(struct depth_ctx *d, const char *s)
{
	const char *p = strchr(s, '/') ? strstr(s, " on /dev/") : NULL;
	size_t n;

	if (!p || (n = import_device_at(p + 4)) == 0)
		return;
	p += 4;
	while (n && strchr(".,:;", p[n - 1]))
		n--;
	take_str(&d->device, xstrndup(p, n));
}

/* "/dev/hdc2  3842408  738176  2909044  21% /usr/local" */
static int df_line(const char *s, size_t *dev)
{
	const char *p;
	int nums = 0;

	if (!(*dev = import_device_at(s)))
		return 0;
	for (p = s + *dev; *p;) {
		p = import_skip_space(p);
		if (!isdigit((unsigned char)*p))
			break;
		while (isdigit((unsigned char)*p) || *p == '%' || *p == '.')
			p++;
		nums++;
	}
	return nums >= 3 && *p == '/';
}

static void prose(struct extract *x, struct depth_ctx *d, size_t at, const struct qline *l)
{
	const char *fs, *p = l->text;
	char *mode;
	size_t dev;

	if (df_line(l->text, &dev)) {
		int alone = (at == 0 || x->q.v[at - 1].blank) &&
			    (at + 1 >= x->q.nr || x->q.v[at + 1].blank);

		if (alone && !d->df_device) {
			take_str(&d->device, xstrndup(l->text, dev));
			d->df_device = 1;
		}
		return;
	}
	if (x->words & WORDS_USING)
		program_used(d, l->text);
	if (x->words & WORDS_ON_DEV)
		device_named(d, l->text);
	/*
	 * A paragraph is about the first file system it names; a mode named
	 * before another fs belongs to it ("ext3 mounted with default
	 * parameters, i.e. data=ordered"), later ones are comparisons.
	 */
	while (d->para_fs < 2 && p && (x->feat[at] & FEAT_FS) && (p = import_find_fs_n(p, (size_t)(l->text + l->len - p), &fs, &mode))) {
		if (!d->para_fs) {
			set_fs(x, d, fs, mode);
			d->para_fs = fs && !mode ? 1 : 2;
			continue;
		}
		if (!fs && mode)
			take_str(&d->options, mode);
		else
			free(mode);
		d->para_fs = 2;
	}
}

/* "untarring took 45 seconds on ext3 and 38 on ext2" (import_prose.c) */
static void prose_numbers(struct extract *x, struct depth_ctx *d, size_t at)
{
	const struct qline *l = &x->q.v[at];
	struct prose_nums nums;
	size_t i;

	if (!(x->feat[at] & FEAT_VERB) || import_prose_line(&nums, l->text))
		return;
	x->group++;
	for (i = 0; i < nums.nr; i++) {
		const struct prose_num *n = &nums.v[i];
		int same_fs = !n->fs || (d->fs && !strcmp(d->fs, n->fs));
		struct where w = { x->kernel[l->depth], n->fs ?: d->fs, same_fs ? d->options : NULL,
				   d->device, n->benchmark, l->depth, l->author };

		emit(x, &w, n->metric, n->value, n->unit, l->lineno);
	}
	import_prose_release(&nums);
}

/*
 * The tools' own reports (postmark, dbench, fio JSON) are read by the parse
 * layer's parsers over the whole text; each number then gets the context
 * the walk has at its line.  Each parser runs only when its report's
 * signature (text_words) is there, so that ordinary mail costs nothing.
 */
static const struct {
	const char *parser;
	unsigned signature;
} tool_reports[] = {
	{ "postmark", WORDS_POSTMARK },
	{ "dbench", WORDS_DBENCH },
	{ "fio", WORDS_FIO },
};

#define TOOL_SIGNATURES (WORDS_POSTMARK | WORDS_DBENCH | WORDS_FIO)

static int by_line(const void *a, const void *b, void *data)
{
	const struct recset *set = data;
	const struct record *x = &set->v[*(const size_t *)a], *y = &set->v[*(const size_t *)b];

	if (x->line != y->line)
		return x->line < y->line ? -1 : 1;
	return *(const size_t *)a < *(const size_t *)b ? -1 : 1;
}

static void find_tool_reports(struct extract *x)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(tool_reports); i++) {
		const struct parser *p;
		struct parse_ctx ctx = { x->msg->name, 0, NULL };

		if (!(x->words & tool_reports[i].signature))
			continue;
		p = parse_find(tool_reports[i].parser);
		if (p)
			parser_run(p, &x->tools, x->joined.buf, x->joined.len, &ctx);
	}
	if (!x->tools.nr)
		return;
	x->tool_order = xcalloc(x->tools.nr, sizeof(*x->tool_order));
	for (i = 0; i < x->tools.nr; i++)
		x->tool_order[i] = i;
	qsort_r(x->tool_order, x->tools.nr, sizeof(*x->tool_order), by_line, &x->tools);
}

/* Emits the tool numbers that stand on lines up to at (0-based). */
static void tool_numbers_until(struct extract *x, size_t at)
{
	while (x->tool_next < x->tools.nr) {
		const struct record *t = &x->tools.v[x->tool_order[x->tool_next]];
		size_t idx = t->line > 0 ? (size_t)t->line - 1 : 0;
		const struct qline *l;
		struct depth_ctx *d;
		struct where w;

		if (idx > at)
			return;
		x->tool_next++;
		if (idx >= x->q.nr || !t->metric || !t->value || !value_is_number(t->value))
			continue;
		l = &x->q.v[idx];
		d = &x->d[l->depth];
		w = (struct where){ x->kernel[l->depth], d->fs, d->options, d->device,
				    t->benchmark, l->depth, l->author };
		/* one report is one group: same tool, lines close together */
		if (!x->tool_last || strcmp(x->tool_last, t->benchmark ? t->benchmark : "") ||
		    t->line - x->tool_last_line > 40)
			x->group++;
		x->tool_last = t->benchmark ? t->benchmark : "";
		x->tool_last_line = t->line;
		emit(x, &w, t->metric, t->value, t->unit, l->lineno);
	}
}

/*
 * A table's rows hold numbers: a line with no digit in the few lines
 * below it (room for a two-line header and rules) starts none.
 */
#define TABLE_REACH 6

static int table_may_start(const struct extract *x, size_t at)
{
	return at + 1 < x->q.nr && x->digit_next[at + 1] <= at + TABLE_REACH;
}

static void walk(struct extract *x)
{
	size_t i = 0;

	while (i < x->q.nr) {
		const struct qline *l = &x->q.v[i];
		struct depth_ctx *d = &x->d[l->depth];
		const char *cmd;
		char *dir;
		size_t used;

		/* most mail has no tool report: no call a line */
		if (x->tool_next < x->tools.nr)
			tool_numbers_until(x, i);
		if (l->blank) {
			d->para_fs = 0;
			i++;
			continue;
		}
		if (i && x->q.v[i - 1].depth != l->depth)
			d->para_fs = 0;
		if ((x->words & WORDS_PROMPT_DIR) && (dir = import_prompt_dir(l->text)))
			take_str(&d->cwd, dir);
		if ((cmd = time_command(x, i))) {
			if (import_is_script(cmd) && x->nscript) {
				d->script_run = 1;
				d->script_pos = 0;
			} else {
				take_str(&d->pending, import_command_name(cmd, x->vars));
				d->pending_at = i;
			}
			i++;
			continue;
		}
		if (HAS_DIGIT(x, i) && ((used = time_block(x, i)) || (used = dd_summary(x, i)))) {
			i += used;
			continue;
		}
		if (table_may_start(x, i) && (used = table(x, i))) {
			i += used;
			continue;
		}
		if (!label_line(x, d, i, l->text))
			prose(x, d, i, l);
		prose_numbers(x, d, i);
		i++;
	}
	tool_numbers_until(x, (size_t)-1);
}

/* The lines joined by '\n', quoting undone: the parse layer's input, searched whole below. */
static void join_lines(struct extract *x)
{
	struct strbuf joined = kept.joined;
	size_t i;

	/*
	 * line_off, digit_next, cmd and feat in one block: separate
	 * allocations a message of a size that glibc's cache of small blocks
	 * does not keep cost more than the bytes.
	 */
	size_t size = (x->q.nr + 1) * (2 * sizeof(size_t) + sizeof(char *) + 1);

	if (size > kept.lines_size) {
		free(kept.lines);
		kept.lines = xmalloc(size);
		kept.lines_size = size;
	}
	x->line_off = kept.lines;
	x->digit_next = x->line_off + x->q.nr + 1;
	x->cmd = (char **)(x->digit_next + x->q.nr + 1);
	x->feat = (unsigned char *)(x->cmd + x->q.nr + 1);
	memset(x->feat, 0, x->q.nr + 1);
	/* no line is longer than the text it came from */
	strbuf_setlen(&joined, 0);
	strbuf_grow(&joined, x->msg->text.len + x->q.nr + 1 + IMPORT_FEATURES_PAD);
	{
		/* in locals: the stores into the text may alias x, which would be read again a line */
		const struct qline *v = x->q.v;
		size_t nr = x->q.nr, len = 0, *off = x->line_off;
		char *buf = joined.buf;
		int deepest = 0;

		for (i = 0; i < nr; i++) {
			size_t n = v[i].len;

			off[i] = len;
			if (v[i].depth > deepest)
				deepest = v[i].depth;
			memcpy(buf + len, v[i].text, n);
			buf[len + n] = '\n';
			/* room was made above; the NUL comes with the padding */
			len += n + 1;
		}
		off[nr] = joined.len = len;
		x->depths = nr ? (size_t)deepest + 1 : 0;
	}
	memset(joined.buf + joined.len, 0, IMPORT_FEATURES_PAD);
	memset(x->d, 0, x->depths * sizeof(*x->d));
	memset(x->kernel, 0, x->depths * sizeof(*x->kernel));
	memset(x->kernel_strength, 0, x->depths * sizeof(*x->kernel_strength));
	x->joined = joined;
}

/* The words' probes, the same for every message: worked out on the first. */
static const struct import_words *prepared_words(void)
{
	static struct import_words words;
	static int ready;

	if (!ready) {
		/* the tables above are fixed: any import would stop here at once */
		if (import_words_init(&words, line_words, ARRAY_SIZE(line_words),
				      text_words, ARRAY_SIZE(text_words)))
			abort();
		ready = 1;
	}
	return &words;
}

static void find_features(struct extract *x)
{
	size_t i = x->q.nr;

	join_lines(x);
	x->words = import_features(x->feat, x->joined.buf, x->joined.len, prepared_words());
	x->digit_next[i] = (size_t)-1;
	while (i-- > 0)
		x->digit_next[i] = HAS_DIGIT(x, i) ? i : x->digit_next[i + 1];
}

/* The parse layer scans the same lines, quoting already undone. */
static void open_scan(struct extract *x)
{
	x->pctx.name = x->msg->name;
	scan_open_lines(&x->sc, &x->scan_out, x->joined.buf, x->line_off, x->q.nr, &x->pctx, "time");
}

static void extract_release(struct extract *x)
{
	size_t i;

	for (i = 0; i < x->depths; i++) {
		struct depth_ctx *d = &x->d[i];

		free(d->options);
		free(d->device);
		free(d->benchmark);
		free(d->program);
		free(d->cwd);
		free(d->step);
		free(d->pending);
		free(x->kernel[i]);
	}
	for (i = 0; i < x->nscript; i++)
		free(x->script[i]);
	free(x->script);
	for (i = 0; i < x->nmounts; i++)
		import_mount_release(&x->mounts[i].m);
	free(x->mounts);
	facts_clear(x->legend);
	facts_clear(x->vars);
	facts_clear(x->fs_options);
	facts_clear(x->echo_cmd);
	import_hw_release(&x->hw);
	facts_unref(x->hw_facts);
	free(x->hw_key);
	free(x->hw_device);
	mail_quote_release(&x->q);
	if (x->sc.ctx)
		scan_release(&x->sc);
	recset_release(&x->scan_out);
	kept.joined = x->joined;
	if (kept.joined.alloc > KEEP_MAX)
		strbuf_release(&kept.joined);
	if (kept.lines_size > KEEP_MAX) {
		free(kept.lines);   /* line_off, digit_next, cmd and feat */
		kept.lines = NULL;
		kept.lines_size = 0;
	}
	recset_release(&x->tools);
	free(x->tool_order);
	for (i = 0; i < kept.nmade; i++)
		free(kept.made[i]);
	kept.nmade = 0;
}

/*
 * Whether any line could give a number: most mail has none, and this one
 * pass is all it then costs.  Every recogniser below starts at such a line.
 */
static int has_candidates(struct extract *x, const struct qtext *q)
{
	size_t i;

	if (x->words & TOOL_SIGNATURES)
		return 1;
	for (i = 0; i < q->nr; i++) {
		const char *s = q->v[i].text;

		if (q->v[i].blank || !HAS_DIGIT(x, i))
			continue;
		if ((x->feat[i] & (FEAT_VERB | FEAT_COPIED)) || import_time_may_start(s) ||
		    import_table_row_like(s))
			return 1;
	}
	return 0;
}

void import_extract(struct import_result *out, const struct mail_message *m, size_t msg)
{
	struct extract x;

	(void)msg;
	memset(&x, 0, offsetof(struct extract, d));
	x.out = out;
	x.msg = m;
	x.group = out->groups;
	x.legend = kept_facts(&kept.legend);
	x.vars = kept_facts(&kept.vars);
	x.fs_options = kept_facts(&kept.fs_options);
	x.echo_cmd = kept_facts(&kept.echo_cmd);
	import_hw_init(&x.hw);
	import_uu_split(&x.q, m);
	find_features(&x);
	if (!has_candidates(&x, &x.q)) {
		extract_release(&x);
		return;
	}
	import_fs_lines(x.feat, FEAT_FS, x.joined.buf, x.line_off, x.q.nr);
	import_hw_cpu_lines(x.feat, FEAT_CPU, x.joined.buf, x.line_off, x.q.nr);
	open_scan(&x);
	find_tool_reports(&x);
	first_pass(&x);
	recent_restore(&x);
	walk(&x);
	if (x.found)
		recent_keep(&x);
	out->groups = x.group;
	extract_release(&x);
}
