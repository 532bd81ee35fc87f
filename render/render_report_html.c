/* The HTML writer: cmark in safe mode, our blocks and SVG graphs inline, one page. */
#include "render_report.h"
#include "render_text.h"

#include <cmark.h>
#include <stdlib.h>
#include <string.h>

static const char style[] =
	"body{font-family:sans-serif;max-width:60em;margin:2em auto;padding:0 1em}"
	"pre{font-size:90%}table{border-collapse:collapse;margin:1em 0}"
	"th,td{padding:.2em .6em;text-align:right}th:first-child{text-align:left}"
	"th.section{text-align:left}caption{text-align:left;font-weight:bold}"
	".note{font-size:90%}.graph svg{max-width:100%;height:auto}";

int render_report_write_html(struct strbuf *out, cmark_node *doc,
			     const struct render_report_data *data)
{
	struct strbuf title = STRBUF_INIT;
	cmark_node *c;
	char *body;

	for (c = cmark_node_first_child(doc); c; c = cmark_node_next(c))
		if (cmark_node_get_type(c) == CMARK_NODE_HEADING) {
			render_report_inline_text(&title, c, 1);
			break;
		}
	/* safe mode: the template's own raw HTML and javascript: links are dropped */
	body = cmark_render_html(doc, CMARK_OPT_SAFE);
	strbuf_addstr(out, "<!DOCTYPE html>\n<html>\n<head>\n<meta charset=\"utf-8\">\n<title>");
	render_html_escape(out, title.len ? title.buf : "benchmark results");
	strbuf_addf(out, "</title>\n<style>%s</style>\n</head>\n<body>\n", style);
	strbuf_addstr(out, body);
	strbuf_addstr(out, "</body>\n</html>\n");
	free(body);
	strbuf_release(&title);
	(void)data;
	return 0;
}
