#include "mail.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* Tags after which a reader sees a new line. */
static const char *const block_tags[] = {
	"br", "p", "div", "tr", "li", "h1", "h2", "h3", "h4", "h5", "h6",
	"pre", "table", "blockquote", "hr", "ul", "ol", "dd", "dt", NULL,
};

static int tag_is(const char *name, size_t n, const char *const *list)
{
	for (; *list; list++)
		if (strlen(*list) == n && !strncasecmp(*list, name, n))
			return 1;
	return 0;
}

static const struct {
	const char *name;
	const char *text;
} entities[] = {
	{ "amp", "&" }, { "lt", "<" }, { "gt", ">" }, { "quot", "\"" },
	{ "apos", "'" }, { "nbsp", " " }, { NULL, NULL },
};

static void add_codepoint(struct strbuf *out, unsigned long c)
{
	if (c == 0 || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF)) {
		strbuf_addch(out, '?');
	} else if (c < 0x80) {
		strbuf_addch(out, (int)c);
	} else if (c < 0x800) {
		strbuf_addch(out, 0xC0 | (int)(c >> 6));
		strbuf_addch(out, 0x80 | (int)(c & 0x3F));
	} else if (c < 0x10000) {
		strbuf_addch(out, 0xE0 | (int)(c >> 12));
		strbuf_addch(out, 0x80 | (int)((c >> 6) & 0x3F));
		strbuf_addch(out, 0x80 | (int)(c & 0x3F));
	} else {
		strbuf_addch(out, 0xF0 | (int)(c >> 18));
		strbuf_addch(out, 0x80 | (int)((c >> 12) & 0x3F));
		strbuf_addch(out, 0x80 | (int)((c >> 6) & 0x3F));
		strbuf_addch(out, 0x80 | (int)(c & 0x3F));
	}
}

/* Returns the bytes of the entity at p consumed, 0 when it is not one. */
static size_t add_entity(struct strbuf *out, const char *p, const char *end)
{
	const char *semi = memchr(p, ';', end - p < 12 ? end - p : 12);
	size_t i;

	if (!semi)
		return 0;
	if (p[1] == '#') {
		char *stop;
		unsigned long c = p[2] == 'x' || p[2] == 'X' ?
			strtoul(p + 3, &stop, 16) : strtoul(p + 2, &stop, 10);

		if (stop != semi)
			return 0;
		add_codepoint(out, c);
		return semi - p + 1;
	}
	for (i = 0; entities[i].name; i++) {
		size_t n = strlen(entities[i].name);

		if ((size_t)(semi - p - 1) == n && !strncmp(p + 1, entities[i].name, n)) {
			strbuf_addstr(out, entities[i].text);
			return semi - p + 1;
		}
	}
	return 0;
}

void mail_html_to_text(struct strbuf *out, const char *html, size_t len)
{
	const char *p = html, *end = html + len;
	int pre = 0, skip = 0;

	while (p < end) {
		if (*p == '<') {
			const char *gt = memchr(p, '>', end - p);
			const char *name = p + 1;
			size_t n = 0;
			int closing = 0;

			if (!gt)
				break;
			if (*name == '/') {
				closing = 1;
				name++;
			}
			while (name + n < gt && isalnum((unsigned char)name[n]))
				n++;
			if (tag_is(name, n, (const char *const[]){ "script", "style", NULL }))
				skip = !closing;
			else if (tag_is(name, n, (const char *const[]){ "pre", NULL }))
				pre = !closing;
			if (tag_is(name, n, block_tags))
				strbuf_addch(out, '\n');
			else if (tag_is(name, n, (const char *const[]){ "td", "th", NULL }) && !closing)
				strbuf_addch(out, '\t');
			p = gt + 1;
			continue;
		}
		if (skip) {
			p++;
			continue;
		}
		if (*p == '&') {
			size_t used = add_entity(out, p, end);

			if (used) {
				p += used;
				continue;
			}
		}
		if (!pre && (*p == '\n' || *p == '\r'))
			strbuf_addch(out, ' ');
		else
			strbuf_addch(out, *p);
		p++;
	}
	if (out->len && out->buf[out->len - 1] != '\n')
		strbuf_addch(out, '\n');
}
