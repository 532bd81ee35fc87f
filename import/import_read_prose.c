#include "import_extract.h"
#include "import_prose.h"

#include <string.h>

/*
 * Numbers in prose: "untarring took 45 seconds on ext3 and 38 on ext2"
 * (import_prose.c reads the sentences).  A file system the sentence does
 * not name comes from the paragraph, and its options only when it is the
 * paragraph's.
 */

static int prose_starts(const struct extract *x, size_t at)
{
	return (x->feat[at] & FEAT_VERB) != 0;
}

static size_t prose_numbers(struct extract *x, size_t at)
{
	const struct qline *l = &x->q->v[at];
	const struct depth_ctx *d = &x->d[l->depth];
	struct prose_nums nums;
	size_t i;

	if (import_prose_line(&nums, l->text))
		return 0;
	x->group++;
	for (i = 0; i < nums.nr; i++) {
		const struct prose_num *n = &nums.v[i];
		int same_fs = !n->fs || (d->fs && !strcmp(d->fs, n->fs));
		struct where w = extract_where(x, at, n->benchmark);

		w.fs = n->fs ?: d->fs;
		w.options = same_fs ? d->options : NULL;
		emit(x, &w, n->metric, n->value, n->unit, l->lineno);
	}
	import_prose_release(&nums);
	/* the line may hold more than a sentence: nothing is taken from the readers after */
	return 0;
}

const struct import_reader import_read_prose = { "prose numbers", prose_starts, prose_numbers };
