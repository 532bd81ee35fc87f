#include "parse.h"
#include "parse_scan.h"
#include "../core/bench.h"
#include "../core/error.h"
#include "../core/strbuf.h"

#include <stdlib.h>
#include <string.h>

extern const struct parser parser_time, parser_df, parser_dd, parser_postmark,
	parser_dbench, parser_fio, parser_bonnie, parser_kernbench,
	parser_sysbench, parser_tiobench, parser_iozone, parser_fsmark, parser_filebench, parser_bench;

const struct parser *const parse_table[] = {
	&parser_time,
	&parser_df,
	&parser_dd,
	&parser_postmark,
	&parser_dbench,
	&parser_fio,
	&parser_bonnie,
	&parser_kernbench,
	&parser_sysbench,
	&parser_tiobench,
	&parser_iozone,
	&parser_fsmark,
	&parser_filebench,
	&parser_bench,
	NULL,
};

const struct parser *parse_find(const char *name)
{
	size_t i;

	for (i = 0; parse_table[i]; i++)
		if (!strcmp(parse_table[i]->name, name))
			return parse_table[i];
	return NULL;
}

/*
 * The block driver every text parser shares: the text split into lines,
 * each line no block has taken offered to the parser, the lines of each
 * block it reads marked taken, and the outcome (found, nothing, only
 * damaged) worked out once.
 */
int parser_run(const struct parser *p, struct recset *out, const char *text, size_t len,
	       const struct parse_ctx *ctx)
{
	struct scan sc;
	size_t i = 0;

	if (p->whole)
		return p->whole(out, text, len, ctx);
	scan_open(&sc, out, text, len, ctx, p->name);
	while (i < sc.nr) {
		size_t lines = 0;

		if (!sc.v[i].used && p->starts(&sc, i))
			lines = p->read_block(&sc, i);
		if (lines) {
			scan_use(&sc, i, i + lines - 1);
			i += lines;
		} else {
			i++;
		}
	}
	return scan_close(&sc);
}

static int bench_whole(struct recset *out, const char *text, size_t len,
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

const struct parser parser_bench = {
	.name = "bench",
	.summary = "the Go benchmark data format (the archive's own)",
	.whole = bench_whole,
	.flags = PARSER_WHOLE_ONLY,
};

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

/* Passes every problem on to the caller's sink and keeps the first. */
struct auto_problems {
	const struct bp_warn *to;
	char *first;
};

static void auto_warn(void *payload, const char *msg)
{
	struct auto_problems *ap = payload;

	if (!ap->first)
		ap->first = xstrdup(msg);
	bp_warnf(ap->to, "%s", msg);
}

/*
 * A .bench file is taken whole; anything else is every text parser's blocks
 * merged in line order.  The bench reader rejects any line it does not know,
 * so it only wins when the whole text is the archive format.
 */
int parse_auto(struct recset *out, const char *text, size_t len, const struct parse_ctx *ctx)
{
	struct auto_problems ap = { ctx->warn, NULL };
	struct bp_warn warn = { auto_warn, &ap };
	struct parse_ctx sub = *ctx;
	struct recset found = RECSET_INIT;
	size_t i;
	int ret;

	if (parser_run(&parser_bench, out, text, len, ctx) == 0)
		return 0;
	sub.warn = &warn;
	for (i = 0; parse_table[i]; i++)
		if (!(parse_table[i]->flags & PARSER_WHOLE_ONLY))
			parser_run(parse_table[i], &found, text, len, &sub);
	take_in_line_order(out, &found);
	if (found.nr)
		ret = 0;
	else if (ap.first)
		ret = err_set("%s", ap.first);
	else
		ret = (err_set("%s: nothing recognisable found", ctx->name ? ctx->name : "<input>"),
		       BP_ENOTFOUND);
	recset_release(&found);
	free(ap.first);
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
	return parser_run(p, out, text, len, ctx);
}
