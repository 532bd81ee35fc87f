#include "import_context.h"
#include "import_kernel.h"
#include "../core/util.h"

#include <ctype.h>
#include <string.h>
#include <strings.h>

/*
 * A run's kernel named other than by its version (import_context.h): a
 * commit id with the words before it that say the run was of it, or that
 * it is compared with its parent; a tree's suffix standing for the base
 * version with that tree's patches ("-mm", "-aa3"); a choice of names
 * after a version ("2.6.17-[mm,rt]").
 */

int import_is_commit(const char *s, size_t n)
{
	size_t i, letters = 0;

	if (n < 7 || n > 40)
		return 0;
	for (i = 0; i < n; i++) {
		if (s[i] >= 'a' && s[i] <= 'f')
			letters++;
		else if (!isdigit((unsigned char)s[i]))
			return 0;
	}
	return letters > 0 && letters < n;
}

/*
 * Words before a commit id that say the run was of it: "one run for
 * 4edee232ed", "tested on 4f1e2a3b9c"; not "caused by commit X" or
 * "bisected to X", which compare a kernel with the one before.
 */
static const struct cue commit_cues[] = {
	{ "for", 3 }, { "on", 2 }, { "with", 4 }, { "at", 2 }, { "running", 7 }, { "kernel", 6 },
	{ "tested", 6 }, { "booted", 6 }, { "head", 4 },
};

/* Per byte: 1 for a lowercase hex letter, 2 for a digit (a commit id holds both). */
static const unsigned char hex_kind[256] = {
	['0'] = 2, ['1'] = 2, ['2'] = 2, ['3'] = 2, ['4'] = 2, ['5'] = 2, ['6'] = 2, ['7'] = 2,
	['8'] = 2, ['9'] = 2, ['a'] = 1, ['b'] = 1, ['c'] = 1, ['d'] = 1, ['e'] = 1, ['f'] = 1,
};

/*
 * "caused by commit ab23a77687", "bisected to 4f1e2a3b9c", "'bad' is
 * commit X": the commit a comparison is of, against its parent.
 */
static const struct cue compared_cues[] = { { "commit", 6 }, { "to", 2 }, { "bisected", 8 } };

/* A commit id is a run of this many hex digits at least. */
#define COMMIT_MIN 7

/* The next commit id at or after *pos with one of the cues right before it: 2, or 0. */
static int find_cued_commit(const char *s, size_t *pos, size_t *len, const struct cue *cues, size_t ncues)
{
	const char *p = s + *pos, *end = p + strlen(p);

	/*
	 * The runs of hex digits long enough, in order: one starts at p (p is
	 * the start of the text or follows a byte of none) only if the byte
	 * COMMIT_MIN - 1 on is in a run, so that past one that is not, the
	 * look jumps COMMIT_MIN bytes on; a run is read whole where one is.
	 */
	while (end - p >= COMMIT_MIN) {
		const char *w = p + COMMIT_MIN - 1, *e, *before;
		unsigned kinds = 0;
		size_t i;

		if (!hex_kind[(unsigned char)*w]) {
			p = w + 1;
			continue;
		}
		while (w > p && hex_kind[(unsigned char)w[-1]])
			w--;
		for (e = w; hex_kind[(unsigned char)*e]; e++)
			kinds |= hex_kind[(unsigned char)*e];
		p = *e ? e + 1 : e;
		if (kinds != 3 || e - w < COMMIT_MIN || e - w > 40 || (w > s && isalnum((unsigned char)w[-1])) ||
		    isalnum((unsigned char)*e) || (*e && *e != ' ' && !strchr(",.:;)", *e)))
			continue;
		for (before = w; before > s && before[-1] == ' '; before--)
			;
		for (i = 0; i < ncues; i++)
			if (kernel_cue_ends(s, before, &cues[i])) {
				*pos = (size_t)(w - s);
				*len = (size_t)(e - w);
				return 2;
			}
	}
	return 0;
}

int import_find_commit(const char *s, size_t *pos, size_t *len)
{
	return find_cued_commit(s, pos, len, commit_cues, ARRAY_SIZE(commit_cues));
}

int import_find_compared_commit(const char *s, size_t *pos, size_t *len)
{
	return find_cued_commit(s, pos, len, compared_cues, ARRAY_SIZE(compared_cues));
}

/*
 * The trees kernels are named after relative to their base: "-mm",
 * "-aa3", "-ac2" stand for the base version the text is about with that
 * tree's patches.  Only these: "-rf", "-j4" and the like are options.
 */
static const char *const trees[] = { "mm", "aa", "ac", "ck", "rt", "mjb", "jam", "wli", "next", "tip" };

int import_find_tree(const char *s, size_t *pos, size_t *len)
{
	const char *p = s + *pos, *lead = import_skip_space(s);

	while ((p = strchr(p, '-'))) {
		const char *w = p++, *e = p, *before;
		size_t i, n;

		while (islower((unsigned char)*e))
			e++;
		n = (size_t)(e - p);
		for (i = 0; i < ARRAY_SIZE(trees) &&
			    (trees[i][0] != *p || strlen(trees[i]) != n || strncmp(p, trees[i], n)); i++)
			;
		if (i == ARRAY_SIZE(trees) || (w > s && !strchr(" \t(", w[-1])))
			continue;
		while (isdigit((unsigned char)*e))
			e++;
		if (*e && !strchr(" \t,.:;)", *e))
			continue;
		*pos = (size_t)(w - s);
		*len = (size_t)(e - w);
		if (w == lead)
			return 1;
		for (before = w; before > s && before[-1] == ' '; before--)
			;
		if (kernel_cued(s, before))
			return 2;
	}
	return 0;
}

size_t import_kernel_choices(const char *s, size_t end, size_t *starts, size_t *lens, size_t max, size_t *past)
{
	const char *p = s + end;
	size_t n = 0;

	if (p[0] != '-' || p[1] != '[')
		return 0;
	for (p += 2;;) {
		const char *w;

		while (*p == ' ')
			p++;
		for (w = p; isalnum((unsigned char)*p) || *p == '-' || *p == '_'; p++)
			;
		if (p == w || n == max)
			return 0;
		starts[n] = (size_t)(w - s);
		lens[n++] = (size_t)(p - w);
		while (*p == ' ')
			p++;
		if (*p == ']') {
			*past = (size_t)(p + 1 - s);
			return n;
		}
		if (*p != ',' && *p != '|' && *p != '/')
			return 0;
		p++;
	}
}
