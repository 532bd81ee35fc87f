/*
 * What one name of a table says: a column's names and a row's label are
 * read as kernels, file systems or configs, metrics, parameters (a client
 * count), or names of columns that carry no result of their own (a count
 * of runs, a baseline repeated, a relative change).
 */
#include "import_grid_name.h"
#include "import_grid_name.words.h"  /* build/gen: the indexes of the lists below */
#include "import_context.h"
#include "../core/strbuf.h"
#include "../core/util.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

void grid_name_release(struct name *n)
{
	free(n->text);
	free(n->options);
	free(n->unit);
	memset(n, 0, sizeof(*n));
}

/* Words that name a measured quantity, whole or before a unit. */
static const char *const metric_list[] = {
	"elapsed", "real", "wall", "total", "time", "times", "user", "usr", "sys", "system",
	"cpu", "cpu%", "%cpu", "throughput", "tput", "rate", "bandwidth", "bw", "speed",
	"latency", "lat", "avg", "ave", "average", "mean", "median", "min", "max", "stddev", "std",
	"stdev", "dev", "hmean", "amean", "gmean", "coeffvar", "maj", "maj.", "min.", "swaps",
	"faults", "ops", "iops", "tps", "transactions", "seeks", "eff", "efficiency", "loads",
	"lcpu%", "ratio", "score", "read", "write", "reads", "writes", "rewrite", "create",
	"delete", "files", "runtime", "duration", "result", "results",
	"1st-qrtle", "2nd-qrtle", "3rd-qrtle", "bhmean", "bamean", "context", "switches",
	"major", "minor", "pgfault", "pgmajfault", "sec", "seconds", "secs", "low", "high",
};

/* Names of columns that hold no result of their own. */
static const char *const skip_list[] = {
	"[runs]", "runs", "baseline", "base", "samples", "iterations", "#", "count", "no.",
	"run",
};

static const char *const change_list[] = {
	"%change", "change", "%diff", "diff", "delta", "%", "(%)", "gain", "%gain", "+/-",
	"improvement", "speedup", "%speedup", "regression", "increase", "decrease", "%increase",
	"%decrease", "% diff", "% change", "% delta", "% increase", "% decrease", "% improvement",
	"% gain", "diff %", "change %", "diff (%)", "change (%)",
};

/* Words that make a number beside them a parameter: "4 threads", "clients". */
static const char *const param_list[] = {
	"threads", "thread", "clients", "client", "procs", "processes", "jobs", "tasks",
	"users", "streams", "readers", "writers", "n", "nr", "size", "mb", "gb", "kb",
	"filesize", "blocksize", "bs", "iodepth", "files", "fsuse%", "use%", "loop",
};

/* Names of the system a row may give: facts of the machine, no results. */
static const char *const fact_list[] = {
	"memtotal", "memfree", "memory", "mem", "ram", "pagesize", "page_size", "swap",
	"swaptotal", "hugepagesize", "cpus", "cpu(s)", "nodes", "cores", "sockets",
};

static const struct grid_wordset metric_words = GRID_WORDSET(metric_list);
static const struct grid_wordset skip_words = GRID_WORDSET(skip_list);
static const struct grid_wordset change_words = GRID_WORDSET(change_list);
const struct grid_wordset grid_param_words = GRID_WORDSET(param_list);
const struct grid_wordset grid_fact_words = GRID_WORDSET(fact_list);

static int ascii_lower(int c)
{
	return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c;
}

/* strcasecmp's equality, the first characters compared first: most words differ there. */
static int same_word(const char *a, const char *b)
{
	return ascii_lower((unsigned char)a[0]) == ascii_lower((unsigned char)b[0]) && !strcasecmp(a, b);
}

/* The words of set that start with byte c: the index + 1 of the first, 0 if none. */
static size_t wordset_first(const struct grid_wordset *set, unsigned char c)
{
	return set->head[c];
}

size_t grid_word_at(const char *w, size_t n, const struct grid_wordset *set)
{
	size_t i;

	if (!n)
		return 0;
	/* the words are in lower case: the first byte, folded as strncasecmp folds it, finds them */
	for (i = wordset_first(set, (unsigned char)ascii_lower((unsigned char)w[0])); i; i = set->next[i - 1])
		if (strlen(set->words[i - 1]) == n && !strncasecmp(set->words[i - 1], w, n))
			return i;
	return 0;
}

int grid_word_in(const char *w, size_t n, const struct grid_wordset *set)
{
	return grid_word_at(w, n, set) != 0;
}

int grid_word_is(const char *w, size_t n, const struct grid_wordset *set)
{
	size_t i;

	if (!n)
		return 0;
	for (i = wordset_first(set, (unsigned char)w[0]); i; i = set->next[i - 1])
		if (strlen(set->words[i - 1]) == n && !memcmp(set->words[i - 1], w, n))
			return 1;
	return 0;
}

static int is_digits(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!isdigit((unsigned char)s[i]))
			return 0;
	return n > 0;
}

/* "v3.14", "v6.5-rc2", "v2.6.32": a kernel tag as git names it. */
static int is_tag(const char *s, size_t n)
{
	size_t i = 1, dots = 0;

	if (n < 4 || s[0] != 'v' || !isdigit((unsigned char)s[1]))
		return 0;
	while (i < n && (isdigit((unsigned char)s[i]) || s[i] == '.')) {
		dots += s[i] == '.';
		i++;
	}
	if (!dots || s[i - 1] == '.')
		return 0;
	return i == n || (s[i] == '-' && i + 1 < n);
}

/*
 * A unit a name gives its column, as a copy: "(sec)" is "s", "MB/sec" and
 * "K/sec" themselves, "1-files/sec" "files/sec", "%CPU" "%".  NULL if none.
 */
static char *name_unit(const char *s)
{
	/* written in lower case; unit_of[i] is what words[i] names */
	static const char *const words[] = {
		"(s)", "(sec)", "sec", "secs", "seconds", "(secs)", "(seconds)",
		"(ms)", "ms", "(us)", "usec", "%", "(%)",
	};
	static const char *const unit_of[] = {
		"s", "s", "s", "s", "s", "s", "s", "ms", "ms", "us", "us", "%", "%",
	};
	static const struct grid_wordset units = GRID_WORDSET(words);

	while (*s) {
		size_t n, i, slash;
		const char *w;

		while (isspace((unsigned char)*s))
			s++;
		w = s;
		while (*s && !isspace((unsigned char)*s))
			s++;
		n = (size_t)(s - w);
		if (!n)
			break;
		/* "(CPU%)", "(MB/s)", "Time(sec)": the brackets are no part of the unit */
		if (n > 2 && w[n - 1] == ')' && memchr(w, '(', n)) {
			const char *open = memchr(w, '(', n);

			n -= (size_t)(open + 1 - w) + 1;
			w = open + 1;
		}
		if ((i = grid_word_at(w, n, &units)))
			return xstrdup(unit_of[i - 1]);
		/* "%CPU", "CPU%", but "50%" is a value that a name holds, no unit */
		if (w[0] == '%' || (w[n - 1] == '%' && n > 1 && !isdigit((unsigned char)w[n - 2])))
			return xstrdup("%");
		for (slash = 0; slash < n && w[slash] != '/'; slash++)
			;
		if (slash && slash < n &&
		    ((n - slash == 2 && w[slash + 1] == 's') ||
		     (n - slash == 4 && (!strncmp(w + slash + 1, "sec", 3) || !strncmp(w + slash + 1, "min", 3))))) {
			/* "1-files/sec": the count before the unit is the load's */
			while (n && (isdigit((unsigned char)*w) || *w == '-' || *w == '(')) {
				w++;
				n--;
			}
			if (n && w[n - 1] == ')')
				n--;
			return n > 2 ? xstrndup(w, n) : NULL;
		}
	}
	return NULL;
}

/* A copy of the name with its blanks trimmed and runs of them made one space. */
char *grid_trimmed(const char *s, size_t n)
{
	char *out;
	size_t i, len = 0;

	while (n && (isspace((unsigned char)*s) || *s == '|' || *s == '#')) {
		s++;
		n--;
	}
	while (n && (isspace((unsigned char)s[n - 1]) || s[n - 1] == ':' || s[n - 1] == '=' ||
		     s[n - 1] == '|'))
		n--;
	/* the copy is never longer than the name */
	out = xmalloc(n + 1);
	for (i = 0; i < n; i++) {
		if (isspace((unsigned char)s[i])) {
			if (len && out[len - 1] != ' ')
				out[len++] = ' ';
			continue;
		}
		out[len++] = s[i];
	}
	out[len] = '\0';
	return out;
}

/* The first word of s and its length. */
size_t grid_first_word(const char *s)
{
	size_t n = 0;

	while (s[n] && !isspace((unsigned char)s[n]))
		n++;
	return n;
}

/* A kernel at the start of s, maybe with a patch after '+': "2.4.8-pre1+MRA". */
int grid_starts_with_kernel(const char *s, size_t n)
{
	size_t k = 0;

	if (import_is_kernel(s, n) || is_tag(s, n) || import_is_commit(s, n))
		return 1;
	while (k < n && s[k] != '+')
		k++;
	return k < n && k >= 3 && import_is_kernel(s, k);
}

/* A file system's name, with the short names tables use ("reiser"). */
static const char *fs_word(const char *s, size_t n)
{
	if (n == 6 && !strncasecmp(s, "reiser", 6))
		return "reiserfs";
	return import_fs_name(s, n);
}

/* An fs name at the end of a word: "2559ext3", "2559reiser". */
static const char *fs_suffix(const char *s, size_t n)
{
	size_t k;

	for (k = 1; k + 3 <= n; k++) {
		const char *fs;

		if (!isdigit((unsigned char)s[k - 1]) || !isalpha((unsigned char)s[k]))
			continue;
		if ((fs = fs_word(s + k, n - k)))
			return fs;
	}
	return NULL;
}

/* A file system named by a later word of a label ("sda ext4", "raid5 xfs"), s after the first. */
static const char *fs_among_words(const char *s)
{
	while (*s) {
		size_t n;
		const char *fs;

		while (*s == ' ')
			s++;
		n = grid_first_word(s);
		if (n && (fs = fs_word(s, n)))
			return fs;
		s += n;
	}
	return NULL;
}

int grid_has_digit(const char *s)
{
	for (; *s; s++)
		if (isdigit((unsigned char)*s))
			return 1;
	return 0;
}

/*
 * A name a legend explains: "ext3wb: ext3: 4k blocks, data=writeback" is
 * the fs first and the rest the config, kept as "ext3wb: 4k blocks, ...".
 */
static int legend_name(struct name *out, const struct reading *rd)
{
	const char *legend = rd && rd->legend ? rd->legend(rd->data, out->text) : NULL;
	const char *after, *fs, *rest;
	char *mode;
	struct strbuf sb = STRBUF_INIT;

	if (!legend)
		return 0;
	after = import_find_fs(legend, &fs, &mode);
	free(mode);
	if (!after || !fs)
		return 0;
	rest = legend;
	if (!strncasecmp(legend, fs, strlen(fs)) && legend[strlen(fs)] == ':')
		rest = import_skip_space(legend + strlen(fs) + 1);
	strbuf_addf(&sb, "%s: %s", out->text, rest);
	out->role = ROLE_FS;
	out->fs = fs;
	out->options = strbuf_detach(&sb, NULL);
	return 1;
}

/* Reads a column name or a row label. */
void grid_classify(struct name *out, const char *s, size_t n, const struct reading *rd)
{
	size_t w;
	const char *fs;
	char *opts = NULL;

	memset(out, 0, sizeof(*out));
	out->text = grid_trimmed(s, n);
	s = out->text;
	n = strlen(s);
	w = grid_first_word(s);
	out->unit = name_unit(s);
	if (!n || legend_name(out, rd))
		return;
	if (w == n && grid_word_in(s, n, &skip_words)) {
		out->role = ROLE_SKIP;
		return;
	}
	if (grid_word_in(s, n, &change_words)) {
		out->role = ROLE_CHANGE;
		return;
	}
	if (grid_starts_with_kernel(s, w)) {
		out->role = ROLE_KERNEL;
		return;
	}
	if ((fs = import_label_fs(s, &opts)) || (fs = fs_word(s, w)) || (fs = fs_among_words(s + w))) {
		out->role = ROLE_FS;
		out->fs = fs;
		/*
		 * the mode it names ("ext3 data=journal" is data=journal), else a
		 * config beyond the bare name, kept as posted: "ext3-dalloc"
		 */
		out->options = opts ? opts : strcasecmp(s, fs) ? xstrdup(s) : NULL;
		return;
	}
	/* contest's "2560ext3": the digits are the kernel's, told elsewhere; nothing is left for a config */
	if (w == n && (fs = fs_suffix(s, n))) {
		out->role = ROLE_FS;
		out->fs = fs;
		return;
	}
	if (is_digits(s, n) || (n > 2 && (s[0] == 'N' || s[0] == 'n') && s[1] == '=') ||
	    (w < n && is_digits(s, w) && grid_word_in(s + w + 1, strlen(s + w + 1), &grid_param_words))) {
		out->role = ROLE_PARAM;
		return;
	}
	if (w == n && grid_word_in(s, n, &grid_param_words)) {
		out->role = ROLE_PARAMCOL;
		return;
	}
	/* "Num Thr", "File Size", "Blk Size": the load's parameters, not results */
	if (w < n && ((n >= 4 && !strcasecmp(s + n - 4, "size")) ||
		      (n >= 3 && !strcasecmp(s + n - 3, "thr")))) {
		out->role = ROLE_PARAMCOL;
		return;
	}
	if (grid_word_in(s, w, &metric_words) || out->unit)
		out->role = ROLE_METRIC;
}

/* A name that is a unit alone ("MB/s", "(sec)"), no metric's word ("CPU%"). */
int grid_unit_alone(const char *name)
{
	char *u = name_unit(name);
	int alone = u && !strchr(name, ' ') && !grid_word_in(name, strlen(name), &metric_words);

	free(u);
	return alone;
}

/* The metric a unit alone says: MB/s a throughput, seconds elapsed, else none. */
char *grid_metric_of_unit(const char *unit)
{
	if (strchr(unit, '/') || (strlen(unit) > 2 && !strcmp(unit + strlen(unit) - 2, "ps")))
		return xstrdup("throughput");
	if (!strcmp(unit, "s") || !strcmp(unit, "ms") || !strcmp(unit, "us"))
		return xstrdup("elapsed");
	return NULL;
}

/* The metric a name says, in the record's fixed words where there is one. */
char *grid_metric_of(const char *name)
{
	static const struct { const char *word, *metric; } fixed[] = {
		{ "elapsed", "elapsed" }, { "real", "elapsed" }, { "wall", "elapsed" },
		{ "time", "elapsed" }, { "user", "user" }, { "usr", "user" }, { "sys", "sys" },
		{ "system", "sys" }, { "cpu", "cpu" }, { "cpu%", "cpu" }, { "%cpu", "cpu" },
		{ "(cpu%)", "cpu" }, { "throughput", "throughput" }, { "tput", "throughput" },
		{ "rate", "throughput" }, { "bandwidth", "throughput" }, { "bw", "throughput" },
	};
	size_t i, n = 0;
	const char *sp;
	char packed[16];

	/* "% CPU" and "CPU %" are "%cpu" and "cpu%" written with a space */
	for (sp = name; *sp && n + 1 < sizeof(packed); sp++)
		if (*sp != ' ')
			packed[n++] = *sp;
	packed[n] = '\0';
	for (i = 0; i < ARRAY_SIZE(fixed); i++)
		if (same_word(name, fixed[i].word) || (!*sp && same_word(packed, fixed[i].word)))
			return xstrdup(fixed[i].metric);
	/* "Elapsed Time", "Real time", "CPU time": a fixed word and "time" */
	sp = strchr(name, ' ');
	if (sp && !strchr(sp + 1, ' ') && !strcasecmp(sp + 1, "time")) {
		char *first = xstrndup(name, (size_t)(sp - name)), *m = NULL;

		for (i = 0; i < ARRAY_SIZE(fixed); i++)
			if (same_word(first, fixed[i].word))
				m = xstrdup(fixed[i].metric);
		free(first);
		if (m)
			return m;
	}
	return xstrdup(name);
}

