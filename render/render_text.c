#include "render_text.h"

#include <math.h>
#include <string.h>

/* Length of a valid UTF-8 sequence at s (not overlong, not a surrogate), or 0. */
static size_t utf8_seq(const unsigned char *s)
{
	size_t len, i;
	unsigned cp;

	if (s[0] < 0xc2 || s[0] > 0xf4)
		return 0;
	len = s[0] >= 0xf0 ? 4 : s[0] >= 0xe0 ? 3 : 2;
	cp = s[0] & (0x3f >> (len - 1));
	for (i = 1; i < len; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (s[i] & 0x3f);
	}
	if ((len == 3 && cp < 0x800) || (len == 4 && (cp < 0x10000 || cp > 0x10ffff)) ||
	    (cp >= 0xd800 && cp <= 0xdfff))
		return 0;
	return len;
}

void render_text_clean(struct strbuf *out, const char *s, int utf8)
{
	const unsigned char *p = (const unsigned char *)(s ? s : "");

	while (*p) {
		size_t len;

		if (*p < 0x20 || *p == 0x7f) {
			strbuf_addch(out, ' ');
			p++;
		} else if (*p < 0x80) {
			strbuf_addch(out, *p++);
		} else if ((len = utf8_seq(p))) {
			if (utf8)
				strbuf_add(out, p, len);
			else
				strbuf_addch(out, '?');
			p += len;
		} else {
			strbuf_addch(out, '?');
			p++;
		}
	}
}

size_t render_text_width(const char *s)
{
	size_t w = 0;

	for (; *s; s++)
		if (((unsigned char)*s & 0xc0) != 0x80)
			w++;
	return w;
}

void render_text_wrap(struct strbuf *out, const char *text, size_t width,
		      const char *first, const char *indent)
{
	const char *lead = first ? first : indent;
	size_t col = 0;
	const char *p = text;
	int at_line_start = 1;

	while (*p) {
		const char *w;
		size_t wlen, wwidth;
		struct strbuf word = STRBUF_INIT;

		while (*p == ' ' || *p == '\n')
			p++;
		if (!*p)
			break;
		for (w = p; *p && *p != ' ' && *p != '\n'; p++)
			;
		wlen = p - w;
		strbuf_add(&word, w, wlen);
		wwidth = render_text_width(word.buf);
		if (!at_line_start && col + 1 + wwidth > width) {
			strbuf_addch(out, '\n');
			at_line_start = 1;
		}
		if (at_line_start) {
			strbuf_addstr(out, lead);
			col = render_text_width(lead);
			lead = indent;
			at_line_start = 0;
		} else {
			strbuf_addch(out, ' ');
			col++;
		}
		/* a word longer than a line (a URL) is cut rather than overflow */
		while (col + wwidth > width && col < width && wwidth > 0) {
			size_t room = width - col, i = 0, cols = 0;

			while (i < word.len && cols < room) {
				i++;
				while (i < word.len && ((unsigned char)word.buf[i] & 0xc0) == 0x80)
					i++;
				cols++;
			}
			strbuf_add(out, word.buf, i);
			strbuf_addch(out, '\n');
			memmove(word.buf, word.buf + i, word.len - i + 1);
			word.len -= i;
			wwidth -= cols;
			strbuf_addstr(out, indent);
			col = render_text_width(indent);
		}
		strbuf_add(out, word.buf, word.len);
		col += wwidth;
		strbuf_release(&word);
	}
	if (!at_line_start)
		strbuf_addch(out, '\n');
}

void render_html_escape(struct strbuf *out, const char *s)
{
	for (; *s; s++) {
		switch (*s) {
		case '<': strbuf_addstr(out, "&lt;"); break;
		case '>': strbuf_addstr(out, "&gt;"); break;
		case '&': strbuf_addstr(out, "&amp;"); break;
		case '"': strbuf_addstr(out, "&quot;"); break;
		default: strbuf_addch(out, *s);
		}
	}
}

void render_rtrim_line(struct strbuf *sb, size_t start)
{
	size_t len = sb->len;

	while (len > start && sb->buf[len - 1] == ' ')
		len--;
	strbuf_setlen(sb, len);
}

void render_number(struct strbuf *out, double v, int decimals)
{
	size_t start = out->len;

	if (isnan(v)) {
		strbuf_addstr(out, "-");
		return;
	}
	if (decimals < 0) {
		double unit = pow(10, -decimals);

		v = round(v / unit) * unit;
		decimals = 0;
	}
	strbuf_addf(out, "%.*f", decimals, v);
	/* "-0.00" reads as a change where there is none */
	if (out->buf[start] == '-' && strspn(out->buf + start + 1, "0.") == out->len - start - 1) {
		memmove(out->buf + start, out->buf + start + 1, out->len - start);
		out->len--;
	}
}

int render_decimals(const char *s)
{
	const char *dot = s ? strchr(s, '.') : NULL;
	int n = 0;

	if (!dot)
		return 0;
	for (dot++; *dot >= '0' && *dot <= '9'; dot++)
		n++;
	return n;
}

int render_spread_decimals(double spread, int max_decimals)
{
	int d;

	if (!(spread > 0) || !isfinite(spread))
		return max_decimals;
	d = 1 - (int)floor(log10(spread));
	/* 0.0996 is 0.10 at two digits: one decimal fewer than its log says */
	if (round(spread * pow(10, d)) >= 100)
		d--;
	return d < max_decimals ? d : max_decimals;
}

void render_relative_spread(struct strbuf *out, double spread, double centre)
{
	struct strbuf num = STRBUF_INIT;
	double pct;
	int d;

	if (!isfinite(spread) || isnan(centre)) {
		strbuf_addch(out, '?');
		return;
	}
	/* a spread around nothing has no percentage: it is said in the unit */
	if (centre == 0) {
		render_number(out, spread, spread > 0 ? render_spread_decimals(spread, 6) : 0);
		return;
	}
	pct = fabs(spread / centre) * 100;
	/* whole percents, as benchstat prints them; tenths below 1%, nothing finer */
	d = pct >= 0.95 ? 0 : 1;
	render_number(&num, pct, d);
	strbuf_addstr(out, strcmp(num.buf, "0.0") ? num.buf : "0");
	strbuf_addch(out, '%');
	strbuf_release(&num);
}

void render_change(struct strbuf *out, double percent)
{
	struct strbuf num = STRBUF_INIT;

	/* a sign on every change: "+3.0" next to "-3.0" reads at a glance */
	render_number(&num, percent, 1);
	if (num.buf[0] != '-' && strcmp(num.buf, "0.0"))
		strbuf_addch(out, '+');
	strbuf_addf(out, "%s%%", num.buf);
	strbuf_release(&num);
}

int render_list_add(struct strbuf *list, const char *item, const char *sep)
{
	size_t len = strlen(item), slen = strlen(sep);
	const char *p = list->buf;

	while (list->len && p) {
		if (!strncmp(p, item, len) && (!p[len] || !strncmp(p + len, sep, slen)))
			return 0;
		p = strstr(p, sep);
		p = p ? p + slen : NULL;
	}
	if (list->len)
		strbuf_addstr(list, sep);
	strbuf_addstr(list, item);
	return 1;
}
