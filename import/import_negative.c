#include "import_extract.h"

#include <stdlib.h>
#include <string.h>

/*
 * Lines that hold numbers which are no results, found before the readers
 * run so that every reader can pass them by: a patch's diff (file heads,
 * hunks, the diffstat before it), whose tables and example output are
 * code and documentation, not measurements.
 */

static int starts(const struct qline *l, const char *prefix)
{
	size_t n = strlen(prefix);

	return l->len >= n && !memcmp(l->text, prefix, n);
}

/* "--- a/fs/x.c" over "+++ b/fs/x.c", "diff --git", "Index: fs/x.c", "@@ -1,4 +1,6 @@" */
static int diff_start(const struct qline *v, size_t nr, size_t i)
{
	if (starts(&v[i], "diff --git ") || starts(&v[i], "diff -u") || starts(&v[i], "diff -N") ||
	    starts(&v[i], "Index: "))
		return 1;
	if (starts(&v[i], "--- ") && i + 1 < nr && starts(&v[i + 1], "+++ "))
		return 1;
	return starts(&v[i], "@@ -") && strstr(v[i].text + 3, " @@") != NULL;
}

/* A line a diff carries on with: context, removed, added, or its own heads. */
static int diff_line(const struct qline *l)
{
	char c = l->len ? l->text[0] : '\0';

	return c == ' ' || c == '+' || c == '-' || c == '\\' || starts(l, "@@ ") ||
	       starts(l, "diff ") || starts(l, "index ") || starts(l, "Index: ") ||
	       starts(l, "new file mode") || starts(l, "deleted file mode") || starts(l, "===");
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

void extract_find_negatives(struct extract *x)
{
	const struct qline *v = x->q->v;
	size_t nr = x->q->nr, i = 0;

	free(x->negative);
	x->negative = xcalloc(nr ? nr : 1, 1);
	while (i < nr) {
		size_t k;

		if (diffstat_line(&v[i])) {
			x->negative[i++] = 1;
			continue;
		}
		if (!diff_start(v, nr, i)) {
			i++;
			continue;
		}
		/* the diff runs while its lines go on; a blank line inside a hunk is context a mailer cut */
		for (k = i; k < nr; k++) {
			if (v[k].depth != v[i].depth || !strcmp(v[k].text, "-- ") || !strcmp(v[k].text, "--"))
				break;
			if (diff_line(&v[k]) || diff_start(v, nr, k))
				continue;
			if (v[k].blank && k + 1 < nr && v[k + 1].depth == v[k].depth && diff_line(&v[k + 1]) &&
			    !starts(&v[k + 1], "-- "))
				continue;
			break;
		}
		memset(x->negative + i, 1, k - i);
		i = k > i ? k : i + 1;
	}
}
