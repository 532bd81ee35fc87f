#include "import_context.h"
#include "import_negative.h"
#include "import_negative_cmd.words.h"  /* build/gen: the indexes of the lists below */
#include "../core/util.h"

#include <ctype.h>
#include <string.h>

/*
 * Three more families of text whose numbers are no results: traces and
 * profiles of kernel functions (function_graph, latency histograms and
 * tables, perf report), tools' progress (fio's Jobs: lines, dbench's
 * warmup lines and dots, a kernel build's log) and commands (shell loops,
 * settings written to /proc, fio job files), whose numbers are
 * parameters.  A tool's final summary is left to its reader.
 */

static int is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/* Skips "12.345": digits, a point and digits; returns where it ended, or s when there is no number. */
static const char *skip_decimal(const char *s)
{
	const char *p = s;

	while (is_digit(*p))
		p++;
	if (p == s)
		return s;
	if (*p == '.' && is_digit(p[1]))
		for (p++; is_digit(*p); p++)
			;
	return p;
}

/* ---- traces and profiles ---- */

/* " 2)   0.412 us    |      security_file_permission();", " 2) ! 136.698 us  |  }" */
static int function_graph_line(const char *s)
{
	const char *p = s;

	if (is_digit(*p)) {
		while (is_digit(*p))
			p++;
		if (*p++ != ')')
			return 0;
	}
	p = import_skip_space(p);
	if (strchr("!+#*@$", *p) && *p)
		p = import_skip_space(p + 1);
	if (is_digit(*p)) {
		p = skip_decimal(p);
		if (!neg_begins(p, " us"))
			return 0;
		p = import_skip_space(p + 3);
	}
	/* the duration column alone, or the call depth bar: at least one of them after the CPU */
	return *p == '|' && p > s && (strchr(p, '(') || strchr(p, '{') || strchr(p, '}'));
}

/* "  0.000 -    4.102:       811 |", "     4 -> 7      : 12  |****", "[1K, 2K)  12 |@@@  |" */
static int histogram_line(const char *s)
{
	const char *p = skip_decimal(s);

	if (p == s) {
		if (*s != '[' || !is_digit(s[1]))
			return 0;
		p = s + 1 + strspn(s + 1, "0123456789KMG");
		if (*p != ',')
			return 0;
		p = import_skip_space(p + 1);
		p += strspn(p, "0123456789KMG");
		if (*p != ')' && *p != ']')
			return 0;
		p = import_skip_space(p + 1);
		p = skip_decimal(p);
		return *import_skip_space(p) == '|';
	}
	p = import_skip_space(p);
	if (*p == '-' && p[1] == '>')
		p += 2;
	else if (*p == '-')
		p++;
	else
		return 0;
	p = import_skip_space(p);
	if (skip_decimal(p) == p)
		return 0;
	p = import_skip_space(skip_decimal(p));
	if (*p++ != ':')
		return 0;
	p = import_skip_space(p);
	if (skip_decimal(p) == p)
		return 0;
	p = import_skip_space(skip_decimal(p));
	return !*p || *p == '|' || *p == '#' || *p == '*' || *p == '@';
}

/* perf report rows: "    18.42%  rm  [kernel.kallsyms]  [k] ext4_free_inode" */
static int perf_row(const char *s)
{
	const char *p = skip_decimal(s);

	return p != s && *p == '%' && (strstr(p, " [k] ") || strstr(p, " [.] ") || strstr(p, "%--"));
}

size_t import_negative_trace(const struct neg_line *l, const struct qline *v, size_t nr, size_t i)
{
	static const char *const comments[] = {
		"# Samples:", "# Event count", "# Overhead", "# Children", "# ....", "# tracer:",
		"# CPU  DURATION", "# CPU DURATION", "# |", "#           TASK-PID", "# Total Lost Samples",
		"# To display the perf.data",
	};
	static const struct neg_words comment_words = NEG_WORDS(comments);
	const char *s = l->s;

	/* each shape below needs one of these: most lines are turned away at once */
	if (!(*s == '#' || *s == 'W' || *s == '[' || is_digit(*s) || neg_has(l, NEG_BIT(RANGE) | NEG_BIT(COUNT)) ||
	      strchr(s, '|')))
		return 0;
	if (neg_line_starts_any(&comment_words, l))
		return 1;
	/* a latency table or histogram under its title, to the blank line after it */
	if ((neg_begins(s, "Worst ") && strstr(s, " latency times")) ||
	    (neg_has(l, NEG_BIT(RANGE)) && strstr(s, "Mean:")) ||
	    (neg_has(l, NEG_BIT(COUNT)) && strstr(s, "distribution")))
		return import_neg_block(v, nr, i, 200);
	return function_graph_line(s) || histogram_line(s) || perf_row(s);
}

/* ---- progress ---- */

/* "  CC      arch/x86/boot/version.o", "  LD [M]  fs/ext4/ext4.ko": kbuild's quiet lines */
static int kbuild_line(const struct qline *l)
{
	const char *s = l->text, *p;
	size_t n;

	if (*s != ' ' && *s != '\t')
		return 0;
	s = import_skip_space(s);
	for (n = 0; isupper((unsigned char)s[n]); n++)
		;
	if (n < 2 || n > 8)
		return 0;
	p = s + n;
	if (neg_begins(p, " [M]"))
		p += 4;
	if (p[0] != ' ' || (p[1] != ' ' && p[1] != '\t'))
		return 0;
	p = import_skip_space(p);
	n = strcspn(p, " \t");
	/* a path or a file of the build ("45.2MB/s" is none), and nothing after it */
	return n && !is_digit(*p) && (memchr(p, '/', n) || (n > 2 && p[n - 2] == '.')) &&
	       !*import_skip_space(p + n);
}

/* "16 clients started", "  16     10011   402.11 MB/sec  warmup   1 sec  latency 12.402 ms" */
static int dbench_progress(const char *s)
{
	const char *p = skip_decimal(s);

	if (p == s)
		return 0;
	if (neg_begins(p, " clients started") || neg_begins(p, " client started"))
		return 1;
	p = import_skip_space(p);
	if (skip_decimal(p) == p)
		return 0;
	p = import_skip_space(skip_decimal(p));
	if (skip_decimal(p) == p)
		return 0;
	p = import_skip_space(skip_decimal(p));
	return neg_begins(p, "MB/sec") &&
	       (strstr(p, " warmup ") || strstr(p, " execute ") || strstr(p, " cleanup "));
}

static const char *const progress_starts[] = {
	"Jobs: ", "Starting ", "Setup is ", "System is ", "Root device is ", "Building modules",
	"make[", "make: ", "WARNING: modpost:",
	/* the 0-day robot's BUILD SUCCESS / REGRESSION mail: how long its builds took, how many */
	"elapsed time: ", "configs tested: ", "configs skipped: ",
};
static const struct neg_words progress_start_words = NEG_WORDS(progress_starts);

/*
 * Whether a line of progress may start with c: a word of
 * progress_starts[], "Kernel: ", "CRC ", "fio-", dbench's dots or a
 * count.  kbuild's indented upper-case words are asked apart.
 */
static int progress_first_char(char c)
{
	static const unsigned char first[256] =
		NEG_FIRST(progress_first, progress_starts, "KCf.+*0123456789");

	return first[(unsigned char)c];
}

/* "elapsed time: 782m" over "configs tested: 146": the robot's builds, no benchmark's time */
static int builds_counted(const struct qline *v, size_t nr, size_t i)
{
	size_t k;

	for (k = i + 1; k < nr && k <= i + 3; k++)
		if (import_neg_starts(&v[k], "configs tested: "))
			return 1;
	return 0;
}

size_t import_negative_progress(const struct neg_line *l, const struct qline *v, size_t nr, size_t i)
{
	const char *s = l->s;
	size_t n;

	/* each shape below needs one of these */
	if (!progress_first_char(*s) && !(isupper((unsigned char)*s) && (v[i].text[0] == ' ' || v[i].text[0] == '\t')) &&
	    !neg_has(l, NEG_BIT(LAYING_OUT) | NEG_BIT(GROUP)))
		return 0;
	if (neg_line_starts_any(&progress_start_words, l)) {
		/* each with what makes it progress: a count, a size, a state */
		if (neg_begins(s, "Jobs: "))
			return is_digit(s[6]) && strstr(s, "(f=") != NULL;
		if (neg_begins(s, "Starting "))
			return is_digit(s[9]) && (strstr(s, " process") || strstr(s, " thread"));
		if (neg_begins(s, "Setup is ") || neg_begins(s, "System is "))
			return strstr(s, " bytes") || strstr(s, " kB");
		if (neg_begins(s, "elapsed time: "))
			return builds_counted(v, nr, i);
		return 1;
	}
	if (neg_has(l, NEG_BIT(LAYING_OUT)) || (neg_has(l, NEG_BIT(GROUP)) && strstr(s, "rw=")))
		return 1;
	if (neg_begins(s, "Kernel: ") && strstr(s, " is ready"))
		return 1;
	if (neg_begins(s, "CRC ") && strspn(s + 4, "0123456789abcdef") == strlen(s + 4))
		return 1;
	if (neg_begins(s, "fio-") && is_digit(s[4]) && !strchr(s, ' '))
		return 1;
	/* dbench's ".....+++++*****" */
	n = *s == '.' || *s == '+' || *s == '*' ? strspn(s, ".+*") : 0;
	if (n >= 5 && !*import_skip_space(s + n))
		return 1;
	return dbench_progress(s) || kbuild_line(&v[i]);
}

/* ---- commands and job files ---- */

/* "[fsync-test]": a job file's section, its "key=value" and bare "key" lines under it */
static size_t job_file(const struct qline *v, size_t nr, size_t i)
{
	const char *s = v[i].text;
	size_t n, k;

	if (*s != '[')
		return 0;
	n = 1 + strspn(s + 1, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.:/-");
	if (n == 1 || s[n] != ']' || *import_skip_space(s + n + 1))
		return 0;
	for (k = i + 1; k < nr && v[k].depth == v[i].depth && !v[k].blank; k++) {
		const char *t = v[k].text;
		size_t w = strspn(t, "abcdefghijklmnopqrstuvwxyz_0123456789");

		if (*t == ';' || *t == '#')
			continue;
		/* fio's "bs=4k" and "time_based": a key, '=' at once, or nothing */
		if (!w || (t[w] && t[w] != '='))
			break;
	}
	return k > i + 1 ? k - i : 0;
}

/* A shell loop or test, or a setting written to /proc or /sys: parameters, no output. */
static int shell_line(const char *s)
{
	/* words a line holds alone (or before ';', a pipe, a redirection) */
	static const char *const alone[] = { "do", "done", "then", "fi", "else", "esac" };
	/* the starts of tests and loops, as scripts write them */
	static const char *const opening[] = {
		"while [", "while true", "while read ", "until [", "if [", "if test ", "case $",
	};
	static const struct neg_words alone_words = NEG_WORDS(alone), opening_words = NEG_WORDS(opening);
	size_t i;

	if (*s == '$' || *s == '#')
		s = import_skip_space(s + 1);
	for (i = 0; (i = import_neg_prefix(&alone_words, s, i)) < alone_words.n; i++) {
		size_t n = alone_words.len[i];

		if (!s[n] || strchr(";|<>&", *import_skip_space(s + n)))
			return 1;
	}
	if (import_neg_starts_any(&opening_words, s))
		return 1;
	/* "for i in 1 2 3 4 5; do" */
	if (neg_begins(s, "for ") && strstr(s, " in ") && (strstr(s, "; do") || strstr(s, ";do")))
		return 1;
	return neg_begins(s, "echo ") && (strstr(s, "> /proc/") || strstr(s, ">/proc/") ||
					   strstr(s, "> /sys/") || strstr(s, ">/sys/"));
}

size_t import_negative_command(const struct neg_line *l, const struct qline *v, size_t nr, size_t i)
{
	const char *s = l->s;
	size_t n;

	if ((n = job_file(v, nr, i)))
		return n;
	/* shell_line's words all start with one of these, after a prompt */
	if (*s == '$' || *s == '#')
		s = import_skip_space(s + 1);
	switch (*s) {
	case 'd': case 't': case 'f': case 'e': case 'w': case 'u': case 'i': case 'c':
		break;
	default:
		return 0;
	}
	return shell_line(l->s);
}
