#include "import_extract.h"
#include "../core/util.h"
#include "../parse/parse.h"

#include <stdlib.h>
#include <string.h>

/*
 * The tools' own reports (postmark, dbench, fio JSON) are read by the parse
 * layer's parsers over the whole text of a message; each number then gets
 * the context the walk has at its line.  Each parser runs only when its
 * report's signature (one of the feature pass's text words,
 * import_extract.c) is there, so that ordinary mail costs nothing.  A new
 * tool report is a parser in parse/ and a line here.
 */
static const struct {
	const char *parser;
	unsigned signature;
} tool_reports[] = {
	{ "postmark", WORDS_POSTMARK },
	{ "dbench", WORDS_DBENCH },
	{ "fio", WORDS_FIO },
};

const char *extract_tool_named(const struct extract *x)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(tool_reports); i++)
		if (x->words & tool_reports[i].signature)
			return tool_reports[i].parser;
	return NULL;
}

static int by_line(const void *a, const void *b, void *data)
{
	const struct recset *set = data;
	const struct record *x = &set->v[*(const size_t *)a], *y = &set->v[*(const size_t *)b];

	if (x->line != y->line)
		return x->line < y->line ? -1 : 1;
	return *(const size_t *)a < *(const size_t *)b ? -1 : 1;
}

void extract_find_tools(struct extract *x)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(tool_reports); i++) {
		const struct parser *p;
		struct parse_ctx ctx = { x->msg->name, 0, NULL };

		if (!(x->words & tool_reports[i].signature))
			continue;
		p = parse_find(tool_reports[i].parser);
		if (p)
			parser_run(p, &x->tools, x->joined->buf, x->joined->len, &ctx);
	}
	if (!x->tools.nr)
		return;
	x->tool_order = xcalloc(x->tools.nr, sizeof(*x->tool_order));
	for (i = 0; i < x->tools.nr; i++)
		x->tool_order[i] = i;
	qsort_r(x->tool_order, x->tools.nr, sizeof(*x->tool_order), by_line, &x->tools);
}

void extract_tools_until(struct extract *x, size_t at)
{
	while (x->tool_next < x->tools.nr) {
		const struct record *t = &x->tools.v[x->tool_order[x->tool_next]];
		size_t idx = t->line > 0 ? (size_t)t->line - 1 : 0;
		struct where w;

		if (idx > at)
			return;
		x->tool_next++;
		if (idx >= x->q->nr || !t->metric || !t->value || !value_is_number(t->value))
			continue;
		w = extract_where(x, idx, t->benchmark);
		/* one report is one group: same tool, lines close together */
		if (!x->tool_last || strcmp(x->tool_last, t->benchmark ? t->benchmark : "") ||
		    t->line - x->tool_last_line > 40)
			x->group++;
		x->tool_last = t->benchmark ? t->benchmark : "";
		x->tool_last_line = t->line;
		emit(x, &w, t->metric, t->value, t->unit, x->q->v[idx].lineno);
	}
}
