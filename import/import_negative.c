#include "import_extract.h"
#include "import_negative.h"
#include "import_negative.words.h"  /* build/gen: the indexes of the lists below */
#include "../core/util.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/*
 * Lines that hold numbers which are no results, found before the readers
 * run so that every reader can pass them by.  The kinds are a table of
 * finders, asked in order at each line; the first that recognises lines
 * there marks them with its kind, and the walk goes on after them.  The
 * patch, URL and signature finders are here; the others, each a family of
 * tools' output shapes, in import_negative_sys.c and import_negative_cmd.c.
 */

int import_neg_starts(const struct qline *l, const char *prefix)
{
	size_t n = strlen(prefix);

	return l->len >= n && !memcmp(l->text, prefix, n);
}

size_t import_neg_block(const struct qline *v, size_t nr, size_t i, size_t max)
{
	size_t k;

	for (k = i; k < nr && k - i < max && !v[k].blank && v[k].depth == v[i].depth; k++)
		;
	return k - i;
}

/* ---- a patch: its diff (file heads, hunks) and the diffstat before it ---- */

/* "--- a/fs/x.c" over "+++ b/fs/x.c", "diff --git", "Index: fs/x.c", "@@ -1,4 +1,6 @@" */
static int diff_start(const struct qline *v, size_t nr, size_t i)
{
	if (import_neg_starts(&v[i], "diff --git ") || import_neg_starts(&v[i], "diff -u") ||
	    import_neg_starts(&v[i], "diff -N") || import_neg_starts(&v[i], "Index: "))
		return 1;
	if (import_neg_starts(&v[i], "--- ") && i + 1 < nr && import_neg_starts(&v[i + 1], "+++ "))
		return 1;
	return import_neg_starts(&v[i], "@@ -") && strstr(v[i].text + 3, " @@") != NULL;
}

/* A line a diff carries on with: context, removed, added, or its own heads. */
static int diff_line(const struct qline *l)
{
	static const char *const heads[] = {
		"@@ ", "diff ", "index ", "Index: ", "new file mode", "deleted file mode", "===",
	};
	static const struct neg_words head_words = NEG_WORDS(heads);
	char c = l->len ? l->text[0] : '\0';

	if (c == ' ' || c == '+' || c == '-' || c == '\\')
		return 1;
	return import_neg_starts_any(&head_words, l->text);
}

/* " fs/ext4/inode.c |  12 ++++--", " 3 files changed, 10 insertions(+)" */
static int diffstat_line(const struct neg_line *nl, const struct qline *l)
{
	const char *bar;

	/* the summary's words all hold "changed" */
	if (neg_has(nl, NEG_BIT(CHANGED))) {
		if (strstr(l->text, " changed, ") && strstr(l->text, "(+)"))
			return 1;
		if (strstr(l->text, " file changed") || strstr(l->text, " files changed"))
			return 1;
	}
	if (l->text[0] != ' ' || !(bar = memchr(l->text, '|', l->len)))
		return 0;
	for (bar++; *bar == ' '; bar++)
		;
	while (*bar >= '0' && *bar <= '9')
		bar++;
	while (*bar == ' ')
		bar++;
	return *bar == '+' || *bar == '-' || neg_begins(bar, "Bin");
}

/* "-- " or "--" alone: a signature starts under it */
static int signature_mark(const char *text)
{
	return text[0] == '-' && text[1] == '-' && (!text[2] || (text[2] == ' ' && !text[3]));
}

static size_t patch_lines(const struct neg_line *l, const struct qline *v, size_t nr, size_t i)
{
	size_t k;

	/* a diffstat's summary says "changed"; its other lines and a diff's start so */
	switch (v[i].text[0]) {
	case ' ': case 'd': case 'I': case '-': case '@':
		break;
	default:
		if (!neg_has(l, NEG_BIT(CHANGED)))
			return 0;
	}
	if (diffstat_line(l, &v[i]))
		return 1;
	if (!diff_start(v, nr, i))
		return 0;
	/* the diff runs while its lines go on; a blank line inside a hunk is context a mailer cut */
	for (k = i; k < nr; k++) {
		if (v[k].depth != v[i].depth || signature_mark(v[k].text))
			break;
		if (diff_line(&v[k]) || diff_start(v, nr, k))
			continue;
		if (v[k].blank && k + 1 < nr && v[k + 1].depth == v[k].depth && diff_line(&v[k + 1]) &&
		    !import_neg_starts(&v[k + 1], "-- "))
			continue;
		break;
	}
	return k > i ? k - i : 1;
}

/* ---- a line that is only a URL, or a reference to one ("[2] http://...") ---- */

static size_t url_lines(const struct neg_line *l, const struct qline *v, size_t nr, size_t i)
{
	static const char *const schemes[] = { "http://", "https://", "ftp://", "git://", "www." };
	static const struct neg_words scheme_words = NEG_WORDS(schemes);
	const char *s = l->s;

	(void)v;
	(void)nr;
	(void)i;
	/* a reference, '<' or a scheme's first letter */
	if (*s != '[' && *s != '<' && *s != 'h' && *s != 'f' && *s != 'g' && *s != 'w')
		return 0;
	if (*s == '[' && isdigit((unsigned char)s[1])) {
		s += strspn(s + 1, "0123456789") + 1;
		if (*s++ != ']')
			return 0;
		s = import_skip_space(s);
	}
	if (*s == '<')
		s++;
	if (!import_neg_starts_any(&scheme_words, s))
		return 0;
	s += strcspn(s, " \t");
	return *import_skip_space(s) ? 0 : 1;
}

/* ---- a signature: "-- " and the lines under it, to the next blank one ---- */

static size_t signature_lines(const struct neg_line *l, const struct qline *v, size_t nr, size_t i)
{
	(void)l;
	if (!signature_mark(v[i].text))
		return 0;
	/* a few lines: a longer block under "--" is more likely text than a signature */
	return 1 + (i + 1 < nr ? import_neg_block(v, nr, i + 1, 12) : 0);
}

/*
 * The kinds, asked in this order at each line; the name says in a
 * message what a message held instead of results.
 */
static const struct {
	const char *name;
	import_negative_find *find;
	int context;    /* its lines still say the kernel, machine or set-up */
} kinds[] = {
	{ "a patch's diff", patch_lines, 0 },
	{ "a kernel log", import_negative_log, 1 },
	{ "system facts (settings, hardware, memory and disk state)", import_negative_sysinfo, 1 },
	{ "a trace or profile", import_negative_trace, 0 },
	{ "progress output", import_negative_progress, 0 },
	{ "commands or a job file", import_negative_command, 0 },
	{ "facts of the machine or the set-up (Memory:, CPU:, Runtime:)", import_negative_setup, 1 },
	{ "a URL", url_lines, 0 },
	{ "a signature", signature_lines, 0 },
};

int import_negative_is_context(unsigned char k)
{
	return k && k <= ARRAY_SIZE(kinds) && kinds[k - 1].context;
}

const char *import_negative_name(unsigned char k)
{
	return k && k <= ARRAY_SIZE(kinds) ? kinds[k - 1].name : NULL;
}

static const char *const anywhere[] = {
#define NEG_WORD(name, word) word,
	NEG_ANYWHERE(NEG_WORD)
#undef NEG_WORD
};

/*
 * The scan looks at every place of every line, so its index is exact
 * rather than hashed: for each pair of characters (neg_pair), 1 + the
 * first of anywhere[] that starts with it (0: none), and for each word, 1
 * + the next with the same first two.  Made by gen-words from
 * NEG_ANYWHERE.
 */
static const struct {
	unsigned char head[1 << 16];
	unsigned char next[ARRAY_SIZE(anywhere)];
} pairs = NEG_ANYWHERE_INDEX;

/* What every finder asks of a line, in one scan of it: which of NEG_ANYWHERE's words it holds. */
static void line_facts(struct neg_line *l, const char *text)
{
	const char *p;
	unsigned k;

	l->s = import_skip_space(text);
	l->start = l->s[0] ? neg_bucket(l->s) : 0;
	l->words = 0;
	/* p[1] is at most the line's NUL, and the pair matched: each word has two characters or more */
	for (p = l->s; *p; p++)
		for (k = pairs.head[neg_pair(p)]; k; k = pairs.next[k - 1])
			if (neg_begins(p + 2, anywhere[k - 1] + 2))
				l->words |= (uint64_t)1 << (k - 1);
}

void import_negatives(unsigned char *kind, const struct qline *v, size_t nr)
{
	size_t i = 0;
	struct neg_line l;

	memset(kind, 0, nr);
	while (i < nr) {
		size_t k, n = 0;

		if (v[i].blank) {
			i++;
			continue;
		}
		line_facts(&l, v[i].text);
		for (k = 0; k < ARRAY_SIZE(kinds) && !n; k++)
			n = kinds[k].find(&l, v, nr, i);
		if (!n) {
			i++;
			continue;
		}
		if (n > nr - i)
			n = nr - i;
		memset(kind + i, (int)k, n);
		i += n;
	}
}

void extract_find_negatives(struct extract *x)
{
	size_t nr = x->q->nr;

	free(x->negative);
	x->negative = xcalloc(nr ? nr : 1, 1);
	import_negatives(x->negative, x->q->v, nr);
}

int extract_why_negative(struct strbuf *why, const struct extract *x)
{
	long first[ARRAY_SIZE(kinds) + 1] = { 0 };
	size_t i, k, shown;

	for (i = 0; i < x->q->nr; i++)
		if (x->negative[i] && HAS_DIGIT(x, i) && !first[x->negative[i]])
			first[x->negative[i]] = x->q->v[i].lineno;
	/* the kinds in the order the message has them */
	for (shown = 0;; shown++) {
		size_t next = 0;

		for (k = 1; k <= ARRAY_SIZE(kinds); k++)
			if (first[k] && (!next || first[k] < first[next]))
				next = k;
		if (!next)
			break;
		strbuf_addstr(why, shown ? ", " : "only numbers that are no results: ");
		strbuf_addf(why, "line %ld: %s", first[next], kinds[next - 1].name);
		first[next] = 0;
	}
	return shown > 0;
}
