#include "import_heading.h"
#include "import_context.h"
#include "../core/util.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/*
 * Rules and headings: the lines a message's sections start at
 * (import_section.c), and what a heading says of the kernel's config or
 * the benchmark.
 */

int import_is_rule(const char *s, size_t n)
{
	const char *e = s + n;
	size_t run = 0;
	char c = 0;

	while (s < e && (*s == ' ' || *s == '\t' || *s == '#'))
		s++;
	/* the first byte rules out most lines before the end is trimmed (which stops at it) */
	if (s == e || !strchr("-=_*~+", *s))
		return 0;
	while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '#' || e[-1] == '\r'))
		e--;
	c = *s;
	for (; s < e; s++) {
		if (*s == c)
			run++;
		else if (*s != ' ')
			return 0;
	}
	/* "==" alone sets a heading off as well as "====" does ("--" may be a signature) */
	return run >= 3 || (c == '=' && run == 2);
}

size_t import_count_words(const char *s, size_t n)
{
	size_t i, words = 0;
	int in = 0;

	for (i = 0; i < n; i++) {
		int space = s[i] == ' ' || s[i] == '\t';

		if (!space && !in)
			words++;
		in = !space;
	}
	return words;
}

/* The first letter, either case, before the whole word: most bytes are not it. */
int import_has_word(const char *s, size_t n, const char *w)
{
	size_t k = strlen(w), i;
	int lo = tolower((unsigned char)w[0]), up = toupper((unsigned char)w[0]);

	for (i = 0; i + k <= n; i++)
		if ((s[i] == lo || s[i] == up) && !strncasecmp(s + i, w, k) &&
		    (i == 0 || !isalnum((unsigned char)s[i - 1])) && (i + k == n || !isalnum((unsigned char)s[i + k])))
			return 1;
	return 0;
}

/* The words of the n bytes at s, counted only up to one past max: a heading has few. */
static size_t count_words_upto(const char *s, size_t n, size_t max)
{
	size_t i, words = 0;
	int in = 0;

	for (i = 0; i < n && words <= max; i++) {
		int space = s[i] == ' ' || s[i] == '\t';

		if (!space && !in)
			words++;
		in = !space;
	}
	return words;
}

size_t import_label_len(const char *t, size_t n)
{
	size_t w = 0;
	const char *rest;

	while (w < n && t[w] != '\t' && !(t[w] == ' ' && w + 1 < n && t[w + 1] == ' '))
		w++;
	if (w == n || !w || memchr(t, ' ', w))
		return 0;
	rest = t + w;
	while (rest < t + n && (*rest == ' ' || *rest == '\t'))
		rest++;
	return isdigit((unsigned char)*rest) || *rest == '-' || *rest == '+' ? 0 : w;
}

int import_heading_shape(const char *t, size_t n, int over_text, int alone, int names_kernel)
{
	const char *paren;
	char last;

	while (n && (t[n - 1] == ' ' || t[n - 1] == '\t' || t[n - 1] == '\r'))
		n--;
	if (!n || n > 72 || strchr("$#%>|[{(<", t[0]))
		return 0;
	/* the tests of single bytes first: most lines fail one, and the words need not be counted */
	last = t[n - 1];
	if (strchr(".,;?!", last) || (last != ':' && !over_text && !names_kernel && !alone) || memchr(t, '@', n))
		return 0;
	if (last == ':')
		return count_words_upto(t, n, 8) <= 8 && !import_has_word(t, n, "wrote") &&
		       !import_has_word(t, n, "writes");
	/* "Without 6a3afb6ac6 ("jbd2: ...")": what is in brackets says what the name is */
	if (last == ')' && (paren = memchr(t, '(', n)) && paren > t && paren[-1] == ' ')
		n = (size_t)(paren - t);
	return count_words_upto(t, n, 5) <= 5;
}

/* "elevator=deadline", "AS", "mem=128m": what a kernel heading says of the config. */
static const char *const schedulers[] = {
	"as", "cfq", "deadline", "noop", "anticipatory", "bfq", "kyber", "mq-deadline",
};

int import_word_in(const char *w, size_t n, const char *const *list, size_t nlist)
{
	size_t k;

	for (k = 0; k < nlist; k++)
		if (strlen(list[k]) == n && !strncasecmp(w, list[k], n))
			return 1;
	return 0;
}

/* Whether the n bytes at w are a scheduler's name, either case. */
static int is_scheduler(const char *w, size_t n)
{
	return import_word_in(w, n, schedulers, ARRAY_SIZE(schedulers));
}

/*
 * "Fio output (5.10.162 with revert):", "2.6.20 without the patch:":
 * what the kernel was changed by, right after it, up to a bracket, a
 * colon or the end; in sb.
 */
static void with_phrase(struct strbuf *sb, const char *t, size_t n, size_t at)
{
	const char *fs;
	char *mode = NULL;
	size_t e;

	while (at < n && (t[at] == ' ' || t[at] == '\t' || t[at] == ','))
		at++;
	if (!((n - at > 5 && !strncasecmp(t + at, "with ", 5)) || (n - at > 8 && !strncasecmp(t + at, "without ", 8))))
		return;
	for (e = at; e < n && !strchr("():;,", t[e]); e++)
		;
	while (e > at && (t[e - 1] == ' ' || t[e - 1] == '\t'))
		e--;
	/* "2.6.16 with ext3": a file system has readers of its own */
	if (import_count_words(t + at, e - at) <= 4 && !import_find_fs_n(t + at, e - at, &fs, &mode))
		strbuf_add(sb, t + at, e - at);
	free(mode);
}

char *import_kernel_heading_config(const char *t, size_t n, size_t kpos, size_t klen)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i = 0;

	while (i < n) {
		size_t w;
		int take = 0;

		while (i < n && strchr(" \t,:;()", t[i]))
			i++;
		w = i;
		while (i < n && !strchr(" \t,:;()", t[i]))
			i++;
		if (w == i || (w >= kpos && w < kpos + klen))
			continue;
		if (memchr(t + w, '=', i - w) && strncmp(t + w, "data=", 5))
			take = 1;
		if (!take)
			take = is_scheduler(t + w, i - w);
		if (take) {
			if (sb.len)
				strbuf_addch(&sb, ',');
			strbuf_add(&sb, t + w, i - w);
		}
	}
	if (!sb.len)
		with_phrase(&sb, t, n, kpos + klen);
	return sb.len ? strbuf_detach(&sb, NULL) : (strbuf_release(&sb), NULL);
}

/* Words that start a heading naming a config: "With atomic_t:", "Unpatched:", "on 3ware (7850) :". */
static const char *const config_words[] = {
	"with", "without", "before", "after", "patched", "unpatched", "vanilla", "baseline",
	"stock", "on", "using",
};

/*
 * "elevator=deadline", "mem=128m nr_requests=512", "deadline:": a heading
 * of up to three boot or tuning parameters, or a scheduler's name alone.
 * data= is a file system's mode, not a config of the kernel.
 */
static int is_parameter_heading(const char *t, size_t n)
{
	size_t i = 0, words = 0;

	while (n && strchr(" \t:", t[n - 1]))
		n--;
	if (n && is_scheduler(t, n) && (t[0] != 'a' || n > 2))
		return 1;
	while (i < n) {
		size_t w = i, eq = 0;

		while (i < n && (isalnum((unsigned char)t[i]) || t[i] == '_' || t[i] == '.'))
			i++;
		if (i == w || i >= n || t[i] != '=' || !strncmp(t + w, "data=", 5))
			return 0;
		eq = ++i;
		while (i < n && t[i] != ' ' && t[i] != '\t')
			i++;
		if (i == eq || ++words > 3)
			return 0;
		while (i < n && (t[i] == ' ' || t[i] == '\t'))
			i++;
	}
	return words > 0;
}

/* Whether a word of the n bytes at t is a patch's file ("ext3-reservations.patch", "fix.diff"). */
static int names_patch_file(const char *t, size_t n)
{
	size_t i = 0;

	while (i < n) {
		size_t w = i;

		while (i < n && t[i] != ' ' && t[i] != '\t')
			i++;
		if ((i - w > 6 && !strncasecmp(t + i - 6, ".patch", 6)) ||
		    (i - w > 5 && !strncasecmp(t + i - 5, ".diff", 5)))
			return 1;
		while (i < n && (t[i] == ' ' || t[i] == '\t'))
			i++;
	}
	return 0;
}

char *import_config_heading(const char *t, size_t n)
{
	size_t w = strcspn(t, " \t:");

	while (n && strchr(" \t\r", t[n - 1]))
		n--;
	if (is_parameter_heading(t, n)) {
		const char *fs;
		char *mode;

		while (n && strchr(" \t:", t[n - 1]))
			n--;
		/* "fs=ext2" labels a file system */
		if (import_find_fs_n(t, n, &fs, &mode)) {
			free(mode);
			return NULL;
		}
		return xstrndup(t, n);
	}
	if (!n || t[n - 1] != ':')
		return NULL;
	while (n && strchr(" \t:", t[n - 1]))
		n--;
	if (!import_word_in(t, w, config_words, ARRAY_SIZE(config_words)))
		return NULL;
	if (w == n && w <= 5 && strncasecmp(t, "unpatched", 9) && strncasecmp(t, "patched", 7) &&
	    strncasecmp(t, "vanilla", 7) && strncasecmp(t, "baseline", 8) && strncasecmp(t, "before", 6) &&
	    strncasecmp(t, "after", 5) && strncasecmp(t, "stock", 5))
		return NULL;
	/*
	 * "on ext3:" names a file system, "on 2.6.3:" a kernel: neither is a
	 * config; "with ext3-reservations.patch:" names a patch, whatever
	 * its name holds
	 */
	{
		const char *fs;
		char *mode;
		size_t pos = 0, len;

		if (names_patch_file(t, n))
			return xstrndup(t, n);
		if (import_find_fs_n(t, n, &fs, &mode)) {
			free(mode);
			return NULL;
		}
		if (import_find_kernel(t, &pos, &len) && pos < n)
			return NULL;
	}
	return xstrndup(t, n);
}

/*
 * The benchmarks and workloads a heading may name ("dbench 48", "Test 2:
 * tiobench with 4 threads"): the standard tools of the lists and the
 * commands their timings are of.
 */
static const char *const benchmark_words[] = {
	"dbench", "tbench", "tiobench", "bonnie", "bonnie++", "postmark", "kernbench", "fio",
	"iozone", "fs_mark", "fsmark", "reaim", "aim7", "aim9", "contest", "sysbench", "netperf",
	"hackbench", "lmbench", "unixbench", "pgbench", "filebench", "compilebench", "blogbench",
	"ffsb", "iperf", "stress-ng", "kbuild", "untar", "mmtests", "xfstests", "fsstress", "hdparm",
};

/* Whether the word of w bytes at t is one of the benchmarks. */
static int is_benchmark_word(const char *t, size_t w)
{
	size_t k;

	/* the names are lowercase: a first byte that starts none rules out the look at their lengths */
	for (k = 0; k < ARRAY_SIZE(benchmark_words); k++)
		if (benchmark_words[k][0] == tolower((unsigned char)t[0]) && strlen(benchmark_words[k]) == w &&
		    !strncasecmp(t, benchmark_words[k], w))
			return 1;
	return 0;
}

int import_find_benchmark(const char *t, size_t n, size_t *at, size_t *len)
{
	size_t i = 0, w;

	while (i < n) {
		while (i < n && !isalnum((unsigned char)t[i]))
			i++;
		for (w = 0; i + w < n && (isalnum((unsigned char)t[i + w]) || strchr("_+-", t[i + w])); w++)
			;
		if (w && is_benchmark_word(t + i, w)) {
			*at = i;
			*len = w;
			return 1;
		}
		i += w;
	}
	return 0;
}

/*
 * Where the benchmark named inside a preamble ends: before what says
 * where it ran ("dbench 48 on ext3", "with 2.6.17", ", 3 runs").
 */
static size_t preamble_end(const char *t, size_t n)
{
	static const char *const stops[] = { " on ", " under ", " against ", " using ", " for ", " in ", ",", "(" };
	size_t k, end = n;

	for (k = 0; k < ARRAY_SIZE(stops); k++) {
		const char *p = memmem(t, n, stops[k], strlen(stops[k]));

		if (p && (size_t)(p - t) < end)
			end = (size_t)(p - t);
	}
	for (k = 0; k + 6 <= end; k++) {
		size_t pos = 0, len;
		const char *fs;
		char *mode = NULL, *rest;

		if (strncmp(t + k, " with ", 6))
			continue;
		/* "with 4 threads" is the benchmark's; "with 2.6.17", "with ext3" say where it ran */
		rest = xstrndup(t + k + 6, n - k - 6);
		if (import_find_kernel(rest, &pos, &len) || import_find_fs(rest, &fs, &mode)) {
			free(rest);
			free(mode);
			return k;
		}
		free(rest);
		free(mode);
	}
	return end;
}

/* "Test 2: dbench 4", "Benchmark: tiobench with 4 threads", "dbench 48": the benchmark, or NULL. */
char *import_benchmark_heading(const char *t, size_t n)
{
	size_t w, i;
	int preamble;

	while (n && strchr(" \t\r", t[n - 1]))
		n--;
	preamble = n && t[n - 1] == ':';
	while (n && strchr(" \t\r:.", t[n - 1]))
		n--;
	if (!strncasecmp(t, "test", 4) || !strncasecmp(t, "benchmark", 9)) {
		const char *colon = memchr(t, ':', n);

		if (!colon || colon - t > 14)
			return NULL;
		n -= (size_t)(colon + 1 - t);
		t = colon + 1;
		while (n && (*t == ' ' || *t == '\t'))
			t++, n--;
	}
	w = strcspn(t, " \t:,(");
	if (w > n)
		w = n;
	if (is_benchmark_word(t, w))
		return xstrndup(t, n);
	/* "Results of dbench 48 on ext3:": a line introducing what follows names it inside */
	for (i = 0; preamble && i < n; i++) {
		if (i && isalnum((unsigned char)t[i - 1]))
			continue;
		w = strcspn(t + i, " \t:,(");
		if (i + w > n)
			w = n - i;
		if (w && is_benchmark_word(t + i, w))
			return xstrndup(t + i, preamble_end(t + i, n - i));
	}
	return NULL;
}

/*
 * Words that open a line introducing the text after it ("To summarize:",
 * "Results:", "Here it is"), not naming the config a block ran in.
 */
static const char *const lead_in_words[] = {
	"to", "in", "here", "so", "now", "and", "but", "also", "then", "the", "this", "these",
	"my", "our", "i", "we", "results", "result", "summary", "output", "numbers", "timings",
	"times", "example", "note", "update", "again",
};

char *import_config_label(const char *t, size_t n)
{
	const char *fs;
	char *mode;
	size_t k, w;

	while (n && strchr(" \t\r:", t[n - 1]))
		n--;
	if (!n || import_count_words(t, n) > 3)
		return NULL;
	w = strcspn(t, " \t\r:,");
	if (import_word_in(t, w, lead_in_words, ARRAY_SIZE(lead_in_words)))
		return NULL;
	for (k = 0; k < n; k++)
		if (isdigit((unsigned char)t[k]) || strchr("$#%>=/", t[k]))
			return NULL;
	if (import_find_fs_n(t, n, &fs, &mode)) {
		free(mode);
		return NULL;
	}
	return xstrndup(t, n);
}

const char *import_comment_heading(const char *t, size_t n, size_t *len)
{
	size_t i, words;

	/* most lines are no comment: their first byte says so before the end is trimmed */
	if (!n || t[0] != '#')
		return NULL;
	while (n && strchr(" \t\r", t[n - 1]))
		n--;
	if (n < 3 || (t[1] != ' ' && t[1] != '\t') || import_is_rule(t, n))
		return NULL;
	for (i = 1; i < n && (t[i] == ' ' || t[i] == '\t'); i++)
		;
	t += i;
	n -= i;
	words = import_count_words(t, n);
	if (!n || words > 5 || strchr(".,;?!", t[n - 1]))
		return NULL;
	for (i = 0; i < n; i++) {
		/* an option ("-o", "--bs"), at a word's start */
		if (t[i] == '-' && (i == 0 || t[i - 1] == ' ' || t[i - 1] == '\t'))
			return NULL;
		if (strchr("/|<>;&$=`'\"*~[]{}#@", t[i]))
			return NULL;
	}
	*len = n;
	return t;
}

/* "first lines for A, then B", "in order, A, B and C", "A and B respectively" */
int import_order_cue(const char *s, size_t n)
{
	return import_has_word(s, n, "first") || import_has_word(s, n, "then") || import_has_word(s, n, "in order") ||
	       import_has_word(s, n, "respectively") || import_has_word(s, n, "followed by");
}

/* The word at or after *at in the n bytes at t, as [*w, *w + *len), *at past it; 0 at the end. */
static int next_word(const char *t, size_t n, size_t *at, const char **w, size_t *len)
{
	while (*at < n && (t[*at] == ' ' || t[*at] == '\t'))
		(*at)++;
	if (*at == n)
		return 0;
	*w = t + *at;
	while (*at < n && t[*at] != ' ' && t[*at] != '\t')
		(*at)++;
	*len = (size_t)(t + *at - *w);
	return 1;
}

char *import_lead_in_config(const char *t, size_t n)
{
	static const char *const markers[] = { "with", "without", "after", "before" };
	/* where the phrase stops: the verb of the lead-in, or its subject before it */
	static const char *const verbs[] = { "was", "were", "is", "are", "gives", "gave", "shows", "looks",
					     "it", "we", "i", "they", "you" };
	static const char *const articles[] = { "the", "a" };
	const char *w, *from = NULL, *end = NULL, *last = NULL, *fs;
	size_t len, last_len = 0, i, words = 0, k, at = 0;
	int on = 0, by_on = 0;
	char *mode;

	while (n && strchr(" \t\r", t[n - 1]))
		n--;
	if (!n || t[n - 1] != ':')
		return NULL;
	n--;
	/* "average.  The output on the standard kernel was:": the last sentence leads in */
	for (k = n; k > 1; k--)
		if (t[k - 1] == ' ' && strchr(".?!", t[k - 2])) {
			n -= k;
			t += k;
			break;
		}
	for (i = 0; next_word(t, n, &at, &w, &len); i++) {
		if (i >= 10)
			return NULL;
		if (from) {
			if (import_word_in(w, len, verbs, ARRAY_SIZE(verbs)))
				break;
			end = w + len;
			last = w;
			last_len = len;
			words++;
		} else if (i && import_word_in(w, len, markers, ARRAY_SIZE(markers))) {
			from = w;
			end = w + len;
		} else if (i && len == 2 && !strncasecmp(w, "on", 2)) {
			on = 1;
		} else if (on && !import_word_in(w, len, articles, ARRAY_SIZE(articles))) {
			/* "on the standard kernel": the words after the article */
			from = last = w;
			end = w + len;
			last_len = len;
			words = 1;
			by_on = 1;
		}
	}
	if (!from || words < 1 || words > 4)
		return NULL;
	/* "Running the test with following options:" introduces a list, no config */
	if (import_has_word(from, (size_t)(end - from), "following"))
		return NULL;
	/* "on" names a config only as the kernel's: "on the patched kernel", not "on sda" */
	if (by_on && !(last_len == 6 && !strncasecmp(last, "kernel", 6)))
		return NULL;
	for (k = 0; from + k < end; k++)
		if (isdigit((unsigned char)from[k]) || strchr("=/$#", from[k]))
			return NULL;
	/* "after a reboot on ext3": a file system has readers of its own */
	if (import_find_fs_n(from, (size_t)(end - from), &fs, &mode)) {
		free(mode);
		return NULL;
	}
	return xstrndup(from, (size_t)(end - from));
}
