#include "parse.h"
#include "../core/bench.h"
#include "../core/error.h"
#include "../core/strbuf.h"

#include <stdlib.h>
#include <string.h>

int parse_bench(struct recset *out, const char *text, size_t len,
		const struct parse_ctx *ctx)
{
	size_t before = out->nr, i;
	int ret = bench_parse(out, text, len, ctx->name);

	if (ret < 0)
		return ret;
	for (i = before; i < out->nr; i++)
		out->v[i].line += ctx->line0;
	if (out->nr == before)
		return err_set("%s: no benchmark lines found", ctx->name), BP_ENOTFOUND;
	return 0;
}

const struct parser parse_table[] = {
	{ "time", "time output of bash, ksh, zsh, tcsh, BSD, POSIX -p, GNU time and -v", parse_time },
	{ "df", "df's table: df, -T, -h, -H, -k, -P, -i, wrapped rows", parse_df },
	{ "dd", "dd's records lines and summary (GNU, BSD, busybox)", parse_dd },
	{ "postmark", "PostMark's report (Debian's 1.5x)", parse_postmark },
	{ "dbench", "dbench's operation table and throughput line", parse_dbench },
	{ "fio", "fio --output-format=json: per job and direction", parse_fio },
	{ "bench", "the Go benchmark data format (the archive's own)", parse_bench },
	{ NULL, NULL, NULL },
};

const struct parser *parse_find(const char *name)
{
	const struct parser *p;

	for (p = parse_table; p->name; p++)
		if (!strcmp(p->name, name))
			return p;
	return NULL;
}

struct placed {
	long line;
	size_t order;   /* qsort is not stable: keep each parser's own order */
};

static int by_line(const void *a, const void *b)
{
	const struct placed *x = a, *y = b;

	if (x->line != y->line)
		return x->line < y->line ? -1 : 1;
	return x->order < y->order ? -1 : x->order > y->order;
}

static void take_in_line_order(struct recset *out, struct recset *found)
{
	struct placed *order = xcalloc(found->nr ? found->nr : 1, sizeof(*order));
	size_t i;

	for (i = 0; i < found->nr; i++) {
		order[i].line = found->v[i].line;
		order[i].order = i;
	}
	qsort(order, found->nr, sizeof(*order), by_line);
	for (i = 0; i < found->nr; i++)
		recset_take(out, &found->v[order[i].order]);
	free(order);
}

/*
 * A .bench file is taken whole; anything else is every text parser's blocks
 * merged in line order.  The bench reader rejects any line it does not know,
 * so it only wins when the whole text is the archive format.
 */
int parse_auto(struct recset *out, const char *text, size_t len, const struct parse_ctx *ctx)
{
	struct parse_problems local = { NULL, 0, 0 };
	struct parse_ctx sub = *ctx;
	struct recset found = RECSET_INIT;
	const struct parser *p;
	int ret;

	if (parse_bench(out, text, len, ctx) == 0)
		return 0;
	if (!sub.problems)
		sub.problems = &local;
	for (p = parse_table; p->name; p++) {
		if (p->parse != parse_bench)
			p->parse(&found, text, len, &sub);
	}
	take_in_line_order(out, &found);
	if (found.nr)
		ret = 0;
	else if (sub.problems->nr)
		ret = err_set("%s", sub.problems->v[0]);
	else
		ret = (err_set("%s: nothing recognisable found", ctx->name ? ctx->name : "<input>"),
		       BP_ENOTFOUND);
	recset_release(&found);
	parse_problems_release(&local);
	return ret;
}

int parse_text(struct recset *out, const char *type, const char *text, size_t len,
	       const struct parse_ctx *ctx)
{
	const struct parser *p;

	if (!strcmp(type, "auto"))
		return parse_auto(out, text, len, ctx);
	p = parse_find(type);
	if (!p)
		return err_set("%s: no parser for type '%s'", ctx->name, type);
	return p->parse(out, text, len, ctx);
}
