#include "import_extract.h"
#include "import_negative.h"
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

size_t import_neg_prefix(const char *s, const char *const *prefixes, size_t n, size_t from)
{
	size_t i;

	/*
	 * Every finder asks every line through its tables: a prefix whose
	 * first character is not the line's cannot match, and most lines
	 * share it with few prefixes, so the length and the compare are
	 * left to those.
	 */
	for (i = from; i < n; i++)
		if (prefixes[i][0] == s[0] && !strncmp(s, prefixes[i], strlen(prefixes[i])))
			return i;
	return n;
}

int import_neg_starts_any(const struct qline *l, const char *const *prefixes, size_t n)
{
	return import_neg_prefix(import_skip_space(l->text), prefixes, n, 0) < n;
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
	char c = l->len ? l->text[0] : '\0';

	if (c == ' ' || c == '+' || c == '-' || c == '\\')
		return 1;
	return import_neg_prefix(l->text, heads, ARRAY_SIZE(heads), 0) < ARRAY_SIZE(heads);
}

/* " fs/ext4/inode.c |  12 ++++--", " 3 files changed, 10 insertions(+)" */
static int diffstat_line(const struct qline *l)
{
	const char *bar = memchr(l->text, '|', l->len);

	if (strstr(l->text, " changed, ") && strstr(l->text, "(+)"))
		return 1;
	if (strstr(l->text, " file changed") || strstr(l->text, " files changed"))
		return 1;
	if (!bar || l->text[0] != ' ')
		return 0;
	for (bar++; *bar == ' '; bar++)
		;
	while (*bar >= '0' && *bar <= '9')
		bar++;
	while (*bar == ' ')
		bar++;
	return *bar == '+' || *bar == '-' || !strncmp(bar, "Bin", 3);
}

static size_t patch_lines(const struct qline *v, size_t nr, size_t i)
{
	size_t k;

	if (diffstat_line(&v[i]))
		return 1;
	if (!diff_start(v, nr, i))
		return 0;
	/* the diff runs while its lines go on; a blank line inside a hunk is context a mailer cut */
	for (k = i; k < nr; k++) {
		if (v[k].depth != v[i].depth || !strcmp(v[k].text, "-- ") || !strcmp(v[k].text, "--"))
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

static size_t url_lines(const struct qline *v, size_t nr, size_t i)
{
	static const char *const schemes[] = { "http://", "https://", "ftp://", "git://", "www." };
	const char *s = import_skip_space(v[i].text);

	(void)nr;
	if (*s == '[' && isdigit((unsigned char)s[1])) {
		s += strspn(s + 1, "0123456789") + 1;
		if (*s++ != ']')
			return 0;
		s = import_skip_space(s);
	}
	if (*s == '<')
		s++;
	if (import_neg_prefix(s, schemes, ARRAY_SIZE(schemes), 0) == ARRAY_SIZE(schemes))
		return 0;
	s += strcspn(s, " \t");
	return *import_skip_space(s) ? 0 : 1;
}

/* ---- a signature: "-- " and the lines under it, to the next blank one ---- */

static size_t signature_lines(const struct qline *v, size_t nr, size_t i)
{
	if (strcmp(v[i].text, "-- ") && strcmp(v[i].text, "--"))
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

void import_negatives(unsigned char *kind, const struct qline *v, size_t nr)
{
	size_t i = 0;

	memset(kind, 0, nr);
	while (i < nr) {
		size_t k, n = 0;

		if (v[i].blank) {
			i++;
			continue;
		}
		for (k = 0; k < ARRAY_SIZE(kinds) && !n; k++)
			n = kinds[k].find(v, nr, i);
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
