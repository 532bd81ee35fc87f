/*
 * libFuzzer target: a kernel series and a check over any .bench text,
 * every output format written.  Hostile numbers (zeros, huge, equal,
 * negative) and kernel names must neither crash nor break a line of
 * KTAP.
 */
#include "fuzz_parse_check.h"
#include "../../render/render_check.h"
#include "../../render/render_kseries.h"

static void series(const struct recset *set)
{
	struct kseries_opts o = { KSERIES_MIN_SAMPLES, NULL, 0.05, CHANGEPOINT_OPTS_INIT };
	struct kseries ks = KSERIES_INIT;
	struct render_graph_set graphs = RENDER_GRAPH_SET_INIT;
	struct render_table t = RENDER_TABLE_INIT;
	struct strbuf out = STRBUF_INIT;

	o.test = stats_test_by_name("utest");
	o.cp.permutations = 99;
	if (kseries_build(&ks, set, NULL, 0, &o) == 0) {
		kseries_table(&t, &ks, "fuzz");
		render_table_write(&out, &t, render_table_format("text"));
		kseries_json(&out, &ks);
		kseries_graph(&graphs, &ks, "fuzz");
	}
	render_graph_set_release(&graphs);
	render_table_release(&t);
	strbuf_release(&out);
	kseries_release(&ks);
}

/* Every KTAP line is of a kind the spec has; a result line has one '#', its directive's. */
static void ktap_lines_ok(const char *text)
{
	const char *line = text;

	while (*line) {
		const char *nl = strchr(line, '\n'), *p;
		size_t hashes = 0;

		if (!nl)
			__builtin_trap();
		for (p = line; p < nl; p++)
			hashes += *p == '#';
		if (!strncmp(line, "ok ", 3) || !strncmp(line, "not ok ", 7)) {
			if (hashes != 1)
				__builtin_trap();
		} else if (strncmp(line, "KTAP version 1\n", 15) && strncmp(line, "# ", 2) &&
			   strncmp(line, "1..", 3)) {
			__builtin_trap();
		}
		line = nl + 1;
	}
}

static void check(const struct recset *set)
{
	struct check_opts o = { NULL, 0.05, 5, "old", "new", NULL };
	struct check_result r = CHECK_RESULT_INIT;
	struct recset a = RECSET_INIT, b = RECSET_INIT;
	const struct check_format *f;
	size_t i;

	o.test = stats_test_by_name("utest");
	for (i = 0; i < set->nr; i++)
		recset_add(i % 2 ? &b : &a, &set->v[i]);
	check_compare(&r, &a, &b, &o);
	for (f = check_formats; f->name; f++) {
		struct strbuf out = STRBUF_INIT;

		f->write(&out, &r);
		if (!strcmp(f->name, "ktap"))
			ktap_lines_ok(out.buf);
		strbuf_release(&out);
	}
	check_result_release(&r);
	recset_release(&a);
	recset_release(&b);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct recset set = RECSET_INIT;

	if (bench_parse(&set, (const char *)data, size, "fuzz") == 0 && set.nr < 2000) {
		series(&set);
		check(&set);
	}
	recset_release(&set);
	return 0;
}
