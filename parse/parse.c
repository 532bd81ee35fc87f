#include "parse.h"
#include "../core/bench.h"
#include "../core/error.h"

#include <string.h>

static int parse_bench(struct recset *out, const char *text, size_t len,
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

int parse_text(struct recset *out, const char *type, const char *text, size_t len,
	       const struct parse_ctx *ctx)
{
	const struct parser *p = parse_find(type);

	if (!strcmp(type, "auto")) {
		for (p = parse_table; p->name; p++) {
			int ret = p->parse(out, text, len, ctx);

			if (ret != BP_ENOTFOUND)
				return ret;
		}
		return err_set("%s: nothing recognisable found", ctx->name), BP_ENOTFOUND;
	}
	if (!p)
		return err_set("%s: no parser for type '%s' yet", ctx->name, type);
	return p->parse(out, text, len, ctx);
}
