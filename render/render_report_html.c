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

/* Valid UTF-8 kept, anything else (invalid bytes, control characters) replaced: line by line. */
static void clean_lines(struct strbuf *out, const char *s)
{
	const char *nl;

	for (; s && *s; s = nl + 1) {
		char *line;

		nl = strchrnul(s, '\n');
		line = xstrndup(s, nl - s);
		render_text_clean(out, line, 1);
		free(line);
		if (!*nl)
			break;
		strbuf_addch(out, '\n');
	}
}

/*
 * Text from mail (a kernel name in a heading, a fact substituted into a
 * paragraph) reaches the page only as valid UTF-8: cmark escapes markup
 * but passes bytes as they are.
 */
static void sanitize(cmark_node *doc)
{
	cmark_iter *it = cmark_iter_new(doc);
	cmark_event_type ev;
	struct strbuf sb = STRBUF_INIT;

	while ((ev = cmark_iter_next(it)) != CMARK_EVENT_DONE) {
		cmark_node *n = cmark_iter_get_node(it);
		cmark_node_type t = cmark_node_get_type(n);

		if (ev != CMARK_EVENT_ENTER)
			continue;
		strbuf_reset(&sb);
		if (t == CMARK_NODE_TEXT || t == CMARK_NODE_CODE || t == CMARK_NODE_CODE_BLOCK) {
			clean_lines(&sb, cmark_node_get_literal(n));
			cmark_node_set_literal(n, sb.buf);
		} else if (t == CMARK_NODE_LINK || t == CMARK_NODE_IMAGE) {
			clean_lines(&sb, cmark_node_get_url(n));
			cmark_node_set_url(n, sb.buf);
			strbuf_reset(&sb);
			clean_lines(&sb, cmark_node_get_title(n));
			cmark_node_set_title(n, sb.buf);
		}
	}
	cmark_iter_free(it);
	strbuf_release(&sb);
}

int render_report_write_html(struct strbuf *out, cmark_node *doc,
			     const struct render_report_data *data, const char *subject)
{
	struct strbuf title = STRBUF_INIT;
	cmark_node *c;
	char *body;

	(void)subject;
	sanitize(doc);
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
