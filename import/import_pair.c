#include "import_pair.h"
#include "import_patch.h"
#include "import_table.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../core/strbuf.h"
#include "../core/util.h"

static int is_number(const char *s, size_t n)
{
	size_t i, digits = 0, seps = 0;

	for (i = 0; i < n; i++) {
		if (isdigit((unsigned char)s[i]))
			digits++;
		else if ((s[i] == '.' || s[i] == ',' || s[i] == ':') && i && i + 1 < n)
			seps++;
		else
			return 0;
	}
	return digits && seps <= 2 && isdigit((unsigned char)s[0]);
}

int import_pair_cell(const char *s, size_t n)
{
	const char *slash = memchr(s, '/', n);
	size_t a;

	if (!slash)
		return 0;
	a = slash - s;
	return !memchr(slash + 1, '/', n - a - 1) && is_number(s, a) && is_number(slash + 1, n - a - 1);
}

char *import_pair_half(const char *cell, int k)
{
	size_t a = strcspn(cell, "/");

	return k ? xstrdup(cell + a + (cell[a] == '/')) : xstrndup(cell, a);
}

static const struct {
	const char *word;
	enum pair_kind kind;
	const char *what, *unit;
} words[] = {
	{ "user", PAIR_METRIC, "user", "s" }, { "usr", PAIR_METRIC, "user", "s" },
	{ "sys", PAIR_METRIC, "sys", "s" }, { "system", PAIR_METRIC, "sys", "s" },
	{ "real", PAIR_METRIC, "elapsed", "s" }, { "elapsed", PAIR_METRIC, "elapsed", "s" },
	{ "wall", PAIR_METRIC, "elapsed", "s" }, { "cpu", PAIR_METRIC, "cpu", "%" },
	{ "read", PAIR_STEP, "read", NULL }, { "write", PAIR_STEP, "write", NULL },
	{ "reads", PAIR_STEP, "read", NULL }, { "writes", PAIR_STEP, "write", NULL },
	{ "r", PAIR_STEP, "read", NULL }, { "w", PAIR_STEP, "write", NULL },
	{ "before", PAIR_PATCH, "before", NULL }, { "after", PAIR_PATCH, "after", NULL },
	{ "without", PAIR_PATCH, "before", NULL }, { "with", PAIR_PATCH, "after", NULL },
};

static int word_at(const char *p, size_t n)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(words); i++)
		if (strlen(words[i].word) == n && !strncasecmp(p, words[i].word, n))
			return (int)i;
	return -1;
}

/* "MB/s" and the like where the pair is named: the rate the numbers are in */
static const char *rate_in(const char *p)
{
	static const char *const rates[] = { "MB/s", "KB/s", "kB/s", "MiB/s", "KiB/s", "GB/s", NULL };
	size_t i;

	for (; *p; p++)
		for (i = 0; rates[i]; i++)
			if (!strncmp(p, rates[i], strlen(rates[i])))
				return rates[i];
	return NULL;
}

/* "before/after the foo patch": the patch, as the kernel string adds it */
static char *patch_after(const char *p)
{
	struct strbuf sb = STRBUF_INIT;
	char *k;

	/* the patch parser reads "with NAME patch" after a version */
	strbuf_addstr(&sb, "0 with ");
	strbuf_addstr(&sb, p);
	k = import_patched_kernel(sb.buf, 1);
	strbuf_release(&sb);
	if (strlen(k) > 1)
		memmove(k, k + 1, strlen(k));
	else
		*k = '\0';
	if (*k)
		return k;
	free(k);
	return NULL;
}

int import_pair_find(struct import_pair *out, const char *s)
{
	const char *slash = s;

	memset(out, 0, sizeof(*out));
	while ((slash = strchr(slash, '/'))) {
		const char *a = slash, *b = slash + 1, *e = b;
		int i, j;

		while (a > s && isalpha((unsigned char)a[-1]))
			a--;
		while (isalpha((unsigned char)*e))
			e++;
		slash++;
		if ((a > s && isalnum((unsigned char)a[-1])) || *e == '/' ||
		    (i = word_at(a, b - 1 - a)) < 0 || (j = word_at(b, e - b)) < 0 ||
		    words[i].kind != words[j].kind || !strcmp(words[i].what, words[j].what))
			continue;
		out->kind = words[i].kind;
		out->what[0] = words[i].what;
		out->what[1] = words[j].what;
		out->unit[0] = words[i].unit ?: rate_in(s);
		out->unit[1] = words[j].unit ?: rate_in(s);
		if (out->kind != PAIR_PATCH)
			return 0;
		/* only "before/after", in that order, and only with the patch named */
		if (strcmp(out->what[0], "before") || !(out->patch = patch_after(e))) {
			memset(out, 0, sizeof(*out));
			continue;
		}
		return 0;
	}
	return -1;
}

void import_pair_release(struct import_pair *p)
{
	free(p->patch);
	memset(p, 0, sizeof(*p));
}
