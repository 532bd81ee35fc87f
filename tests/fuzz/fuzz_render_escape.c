/*
 * libFuzzer target: what stands between untrusted text and its readers.
 * The gnuplot quoting must leave nothing gnuplot interprets (only safe
 * characters and \ooo escapes inside one pair of double quotes); the text
 * cleaning must leave ASCII without control characters; wrapping must
 * keep every line within its width.
 */
#include "../../render/render_gnuplot.h"
#include "../../render/render_text.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static void check_quoted(const struct strbuf *q)
{
	size_t i;

	if (q->len < 2 || q->buf[0] != '"' || q->buf[q->len - 1] != '"')
		__builtin_trap();
	for (i = 1; i < q->len - 1; i++) {
		char c = q->buf[i];

		if (c == '\\') {
			if (i + 3 >= q->len || q->buf[i + 1] < '0' || q->buf[i + 1] > '3' ||
			    q->buf[i + 2] < '0' || q->buf[i + 2] > '7' ||
			    q->buf[i + 3] < '0' || q->buf[i + 3] > '7')
				__builtin_trap();
			i += 3;
		} else if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
			     (c >= '0' && c <= '9') || strchr(" ,.:;+-=_/()%#", c))) {
			__builtin_trap();
		}
	}
}

static void check_wrapped(const struct strbuf *w, size_t width)
{
	const char *line = w->buf;

	while (*line) {
		const char *nl = strchr(line, '\n');
		char *copy = strndup(line, nl ? (size_t)(nl - line) : strlen(line));

		if (render_text_width(copy) > width)
			__builtin_trap();
		free(copy);
		if (!nl)
			break;
		line = nl + 1;
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct strbuf s = STRBUF_INIT, q = STRBUF_INIT, clean = STRBUF_INIT, w = STRBUF_INIT;
	size_t i, width;

	if (!size)
		return 0;
	width = 8 + data[0] % 72;
	strbuf_add(&s, data + 1, size - 1);
	/* strings from records never hold NUL; stop at one as they would */
	render_gnuplot_quote(&q, s.buf, data[0] & 1);
	check_quoted(&q);
	render_text_clean(&clean, s.buf, 0);
	for (i = 0; i < clean.len; i++)
		if ((unsigned char)clean.buf[i] < 0x20 || (unsigned char)clean.buf[i] >= 0x7f)
			__builtin_trap();
	render_text_wrap(&w, clean.buf, width, "", "  ");
	check_wrapped(&w, width);
	strbuf_release(&s);
	strbuf_release(&q);
	strbuf_release(&clean);
	strbuf_release(&w);
	return 0;
}
