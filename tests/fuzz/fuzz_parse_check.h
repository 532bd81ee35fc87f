/*
 * What every parse fuzz target checks on what a parser returned: numbers
 * that value_is_number() accepts, lines inside the input, and records that
 * the .bench writer and reader carry through unchanged in count.
 */
#include "../../core/bench.h"
#include "../../core/json.h"
#include "../../core/error.h"
#include "../../parse/parse.h"

#include <stdint.h>
#include <string.h>

/* What we write we must read back, with as many records; JSON must not crash. */
static inline void fuzz_check_writes_back(const struct recset *set)
{
	struct recset again = RECSET_INIT;
	struct strbuf out = STRBUF_INIT;

	bench_write(&out, set);
	if (bench_parse(&again, out.buf, out.len, "again") != 0 || again.nr != set->nr)
		__builtin_trap();
	strbuf_reset(&out);
	json_write_recset(&out, set);
	strbuf_release(&out);
	recset_release(&again);
}

/* type: "auto" or a parse_table name. */
static inline void fuzz_parse_check(const char *type, const uint8_t *data, size_t size)
{
	struct recset set = RECSET_INIT;
	struct parse_problems problems = { NULL, 0, 0 };
	struct bp_warn warn = { parse_problems_warn, &problems };
	struct parse_ctx ctx = { "fuzz", 0, &warn };
	long lines = 1;
	size_t i;
	int ret = parse_text(&set, type, (const char *)data, size, &ctx);

	for (i = 0; i < size; i++)
		lines += data[i] == '\n';
	if (ret == 0 && !set.nr)
		__builtin_trap();
	if (ret != 0 && ret != BP_ENOTFOUND && ret != BP_ERROR)
		__builtin_trap();
	for (i = 0; i < set.nr; i++) {
		if (!set.v[i].value || !value_is_number(set.v[i].value) || !set.v[i].metric)
			__builtin_trap();
		if (set.v[i].line < 1 || set.v[i].line > lines)
			__builtin_trap();
	}
	if (set.nr)
		fuzz_check_writes_back(&set);
	recset_release(&set);
	parse_problems_release(&problems);
}
