/* The text writer: paragraphs wrapped at 72 columns, tables and graphs verbatim. */
#include "render_report.h"
#include "render_text.h"

#include <cmark.h>
#include <stdlib.h>
#include <string.h>

void render_report_inline_text(struct strbuf *out, cmark_node *n, int utf8)
{
	cmark_iter *it = cmark_iter_new(n);
	cmark_event_type ev;

	while ((ev = cmark_iter_next(it)) != CMARK_EVENT_DONE) {
		cmark_node *c = cmark_iter_get_node(it);
		int enter = ev == CMARK_EVENT_ENTER;

		switch (cmark_node_get_type(c)) {
		case CMARK_NODE_TEXT:
			render_text_clean(out, cmark_node_get_literal(c), utf8);
			break;
		case CMARK_NODE_CODE:
			strbuf_addch(out, '`');
			render_text_clean(out, cmark_node_get_literal(c), utf8);
			strbuf_addch(out, '`');
			break;
		case CMARK_NODE_SOFTBREAK:
		case CMARK_NODE_LINEBREAK:
			strbuf_addch(out, ' ');
			break;
		case CMARK_NODE_EMPH:
			strbuf_addch(out, '_');
			break;
		case CMARK_NODE_STRONG:
			strbuf_addch(out, '*');
			break;
		case CMARK_NODE_LINK:
			/* plain text keeps the address: "text <url>" */
			if (!enter) {
				strbuf_addstr(out, " <");
				render_text_clean(out, cmark_node_get_url(c), utf8);
				strbuf_addch(out, '>');
			}
			break;
		default:
			break;
		}
	}
	cmark_iter_free(it);
}

/* Appends text with prefix before each line (first before the first). */
static void add_prefixed(struct strbuf *out, const char *text, const char *first,
			 const char *prefix)
{
	const char *p = text, *nl;
	int line = 0;

	while (*p) {
		nl = strchr(p, '\n');
		size_t start = out->len;

		strbuf_addstr(out, line++ ? prefix : first);
		strbuf_add(out, p, nl ? (size_t)(nl - p) : strlen(p));
		render_rtrim_line(out, start);
		strbuf_addch(out, '\n');
		if (!nl)
			break;
		p = nl + 1;
	}
}

struct text_ctx {
	int utf8;
};

static void blocks(struct strbuf *out, cmark_node *parent, size_t width, const char *first,
		   const char *indent, const struct text_ctx *ctx);

static void block(struct strbuf *out, cmark_node *n, size_t width, const char *first,
		  const char *indent, const struct text_ctx *ctx)
{
	struct strbuf sb = STRBUF_INIT, inner = STRBUF_INIT;
	size_t w;

	switch (cmark_node_get_type(n)) {
	case CMARK_NODE_HEADING:
		render_report_inline_text(&sb, n, ctx->utf8);
		render_text_wrap(out, sb.buf, width, first, indent);
		w = render_text_width(sb.buf);
		if (cmark_node_get_heading_level(n) <= 2) {
			strbuf_addstr(out, indent);
			strbuf_addchars(out, cmark_node_get_heading_level(n) == 1 ? '=' : '-',
					w < width - render_text_width(indent) ? w : width - render_text_width(indent));
			strbuf_addch(out, '\n');
		}
		break;
	case CMARK_NODE_PARAGRAPH:
		render_report_inline_text(&sb, n, ctx->utf8);
		render_text_wrap(out, sb.buf, width, first, indent);
		break;
	case CMARK_NODE_CODE_BLOCK: {
		const char *p = cmark_node_get_literal(n);

		/* cleaned line by line: a newline is structure here, a tab is not */
		while (p && *p) {
			const char *nl = strchr(p, '\n');
			char *line = xstrndup(p, nl ? (size_t)(nl - p) : strlen(p));

			render_text_clean(&sb, line, ctx->utf8);
			strbuf_addch(&sb, '\n');
			free(line);
			p = nl ? nl + 1 : p + strlen(p);
		}
		add_prefixed(out, sb.buf, first, indent);
		break;
	}
	case CMARK_NODE_CUSTOM_BLOCK:
		add_prefixed(out, cmark_node_get_on_enter(n), first, indent);
		break;
	case CMARK_NODE_THEMATIC_BREAK:
		strbuf_addstr(out, first);
		strbuf_addstr(out, "----\n");
		break;
	case CMARK_NODE_BLOCK_QUOTE:
		blocks(&inner, n, width > 2 ? width - 2 : width, "", "", ctx);
		strbuf_addstr(&sb, indent);
		strbuf_addstr(&sb, "> ");
		add_prefixed(out, inner.buf, sb.buf, sb.buf);
		break;
	case CMARK_NODE_LIST: {
		cmark_node *item;
		int number = cmark_node_get_list_start(n);
		int ordered = cmark_node_get_list_type(n) == CMARK_ORDERED_LIST;
		int i = 0;

		for (item = cmark_node_first_child(n); item; item = cmark_node_next(item), i++) {
			struct strbuf mark = STRBUF_INIT, hang = STRBUF_INIT;

			strbuf_addstr(&mark, i ? indent : first);
			if (ordered)
				strbuf_addf(&mark, "%d. ", number + i);
			else
				strbuf_addstr(&mark, "- ");
			strbuf_addstr(&hang, indent);
			strbuf_addchars(&hang, ' ', render_text_width(mark.buf) - render_text_width(i ? indent : first));
			blocks(out, item, width, mark.buf, hang.buf, ctx);
			strbuf_release(&mark);
			strbuf_release(&hang);
		}
		break;
	}
	default:
		/* raw HTML has no place in a plain-text post */
		break;
	}
	strbuf_release(&sb);
	strbuf_release(&inner);
}

static void blocks(struct strbuf *out, cmark_node *parent, size_t width, const char *first,
		   const char *indent, const struct text_ctx *ctx)
{
	cmark_node *c;
	int i = 0;
	int tight = cmark_node_get_type(parent) == CMARK_NODE_ITEM;

	for (c = cmark_node_first_child(parent); c; c = cmark_node_next(c)) {
		size_t before = out->len;

		if (i && !tight)
			strbuf_addch(out, '\n');
		block(out, c, width, i ? indent : first, indent, ctx);
		if (out->len == before + (i && !tight))
			strbuf_setlen(out, before);   /* nothing written: no blank line either */
		else
			i++;
	}
}

int render_report_write_text(struct strbuf *out, cmark_node *doc,
			     const struct render_report_data *data, const char *subject)
{
	struct text_ctx ctx = { data->utf8 };

	(void)subject;
	blocks(out, doc, RENDER_WIDTH, "", "", &ctx);
	return 0;
}
