#include "import_extract.h"
#include "import_keyvalue.h"

#include <string.h>

/*
 * "key: value" lines (import_keyvalue.c reads one): a run of them at one
 * quote depth is one group, each number with the name its label gives,
 * else what the text timed last; a label that is a kernel is that
 * number's kernel.
 */

static int kv_starts(const struct extract *x, size_t at)
{
	const char *s = x->q->v[at].text;

	return HAS_DIGIT(x, at) && (strchr(s, ':') || strstr(s, " = "));
}

static void kv_emit(struct extract *x, size_t at, const struct kv_line *kv)
{
	const struct qline *l = &x->q->v[at];
	const struct depth_ctx *d = &x->d[l->depth];
	size_t i;

	for (i = 0; i < kv->nr; i++) {
		const struct kv_item *it = &kv->v[i];
		struct where w = extract_where(x, at, it->name ? it->name : d->pending ? d->pending : d->program);

		if (kv->kernel)
			w.kernel = kv->kernel;
		emit(x, &w, it->metric, it->q.value, it->q.unit[0] ? it->q.unit : NULL, l->lineno);
	}
}

static size_t kv_read(struct extract *x, size_t at)
{
	size_t k = at;

	while (k < x->q->nr && !x->q->v[k].blank && !x->negative[k] && x->q->v[k].depth == x->q->v[at].depth &&
	       HAS_DIGIT(x, k)) {
		struct kv_line kv;

		if (import_keyvalue_line(&kv, x->q->v[k].text))
			break;
		if (k == at)
			x->group++;
		kv_emit(x, k, &kv);
		import_keyvalue_release(&kv);
		k++;
	}
	return k - at;
}

const struct import_reader import_read_keyvalue = { "key: value lines", kv_starts, kv_read };
