/*
 * What every fuzz target of the whole importer checks on what it found:
 * each record has a metric, a value that value_is_number() accepts and a
 * line that is not negative (decoded MIME lines map to input lines,
 * uuencoded ones to their own), and the writers take the set.
 */
#include "../../core/bench.h"
#include "../../core/json.h"
#include "../../import/import.h"

static inline void fuzz_import_check(const struct import *imp)
{
	const struct recset *set = &imp->result.borrowed;
	struct strbuf out = STRBUF_INIT;
	size_t i;

	for (i = 0; i < set->nr; i++) {
		const struct record *rec = &set->v[i];

		if (!rec->value || !value_is_number(rec->value) || !rec->metric || rec->line < 0)
			__builtin_trap();
	}
	json_write_recset(&out, set);
	strbuf_reset(&out);
	bench_write(&out, set);
	strbuf_release(&out);
}
