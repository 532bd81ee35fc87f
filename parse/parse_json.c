#include "parse_json.h"
#include "../core/strbuf.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* fio nests a few levels; a limit keeps hostile input off the C stack. */
#define MAX_DEPTH 64

struct jreader {
	const char *s;
	size_t len, pos;
	long line;
	const char *what;
};

static void skip_blanks(struct jreader *r)
{
	while (r->pos < r->len && isspace((unsigned char)r->s[r->pos])) {
		if (r->s[r->pos] == '\n')
			r->line++;
		r->pos++;
	}
}

static int fail(struct jreader *r, const char *what)
{
	if (!r->what)
		r->what = what;
	return -1;
}

static int read_value(struct jreader *r, struct jval *v, int depth);

static void add_utf8(struct strbuf *sb, unsigned cp)
{
	if (cp < 0x80) {
		strbuf_addch(sb, (int)cp);
	} else if (cp < 0x800) {
		strbuf_addch(sb, (int)(0xc0 | (cp >> 6)));
		strbuf_addch(sb, (int)(0x80 | (cp & 0x3f)));
	} else {
		strbuf_addch(sb, (int)(0xe0 | (cp >> 12)));
		strbuf_addch(sb, (int)(0x80 | ((cp >> 6) & 0x3f)));
		strbuf_addch(sb, (int)(0x80 | (cp & 0x3f)));
	}
}

static int read_string(struct jreader *r, char **out)
{
	struct strbuf sb = STRBUF_INIT;

	r->pos++;   /* the opening quote */
	while (r->pos < r->len && r->s[r->pos] != '"') {
		char c = r->s[r->pos++];

		if ((unsigned char)c < 0x20 || c == 0x1a) {
			strbuf_release(&sb);
			return fail(r, "a control character inside a string");
		}
		if (c != '\\') {
			strbuf_addch(&sb, c);
			continue;
		}
		if (r->pos >= r->len)
			break;
		c = r->s[r->pos++];
		switch (c) {
		case '"': case '\\': case '/': strbuf_addch(&sb, c); break;
		case 'b': strbuf_addch(&sb, '\b'); break;
		case 'f': strbuf_addch(&sb, '\f'); break;
		case 'n': strbuf_addch(&sb, '\n'); break;
		case 'r': strbuf_addch(&sb, '\r'); break;
		case 't': strbuf_addch(&sb, '\t'); break;
		case 'u': {
			unsigned cp = 0;
			int k;

			for (k = 0; k < 4; k++, r->pos++) {
				if (r->pos >= r->len || !isxdigit((unsigned char)r->s[r->pos])) {
					strbuf_release(&sb);
					return fail(r, "four hex digits after \\u");
				}
				cp = cp * 16 + (unsigned)(isdigit((unsigned char)r->s[r->pos]) ?
					r->s[r->pos] - '0' : (tolower((unsigned char)r->s[r->pos]) - 'a' + 10));
			}
			/* surrogates and NUL say nothing fio needs */
			add_utf8(&sb, cp && (cp < 0xd800 || cp > 0xdfff) ? cp : '?');
			break;
		}
		default:
			strbuf_release(&sb);
			return fail(r, "a known escape after '\\'");
		}
	}
	if (r->pos >= r->len) {
		strbuf_release(&sb);
		return fail(r, "a closing '\"'");
	}
	r->pos++;
	*out = strbuf_detach(&sb, NULL);
	return 0;
}

static int read_number(struct jreader *r, struct jval *v)
{
	size_t start = r->pos;

	if (r->s[r->pos] == '-')
		r->pos++;
	while (r->pos < r->len && (isdigit((unsigned char)r->s[r->pos]) || r->s[r->pos] == '.' ||
				   r->s[r->pos] == 'e' || r->s[r->pos] == 'E' ||
				   r->s[r->pos] == '+' || r->s[r->pos] == '-'))
		r->pos++;
	v->type = J_NUMBER;
	v->text = xstrndup(r->s + start, r->pos - start);
	return 0;
}

static int read_word(struct jreader *r, struct jval *v, const char *word, enum jtype type)
{
	size_t n = strlen(word);

	if (r->len - r->pos < n || memcmp(r->s + r->pos, word, n))
		return fail(r, "a JSON value");
	r->pos += n;
	v->type = type;
	v->text = xstrdup(word);
	return 0;
}

static int read_container(struct jreader *r, struct jval *v, int depth, int object)
{
	char close = object ? '}' : ']';

	v->type = object ? J_OBJECT : J_ARRAY;
	r->pos++;
	skip_blanks(r);
	if (r->pos < r->len && r->s[r->pos] == close) {
		r->pos++;
		return 0;
	}
	for (;;) {
		char *key = NULL;
		struct jval *kid;

		skip_blanks(r);
		if (object) {
			if (r->pos >= r->len || r->s[r->pos] != '"')
				return fail(r, "a '\"' starting a key");
			if (read_string(r, &key) < 0)
				return -1;
			skip_blanks(r);
			if (r->pos >= r->len || r->s[r->pos] != ':') {
				free(key);
				return fail(r, "':' after a key");
			}
			r->pos++;
		}
		ALLOC_GROW(v->kids, v->nr + 1, v->alloc);
		v->keys = xrealloc(v->keys, v->alloc * sizeof(*v->keys));
		kid = &v->kids[v->nr];
		memset(kid, 0, sizeof(*kid));
		v->keys[v->nr] = key;
		v->nr++;
		if (read_value(r, kid, depth + 1) < 0)
			return -1;
		skip_blanks(r);
		if (r->pos < r->len && r->s[r->pos] == ',') {
			r->pos++;
			continue;
		}
		if (r->pos < r->len && r->s[r->pos] == close) {
			r->pos++;
			return 0;
		}
		return fail(r, object ? "',' or '}'" : "',' or ']'");
	}
}

static int read_value(struct jreader *r, struct jval *v, int depth)
{
	char c;

	if (depth > MAX_DEPTH)
		return fail(r, "less deeply nested JSON");
	skip_blanks(r);
	if (r->pos >= r->len)
		return fail(r, "a JSON value before the end");
	v->line = r->line;
	c = r->s[r->pos];
	if (c == '{' || c == '[')
		return read_container(r, v, depth, c == '{');
	if (c == '"') {
		v->type = J_STRING;
		return read_string(r, &v->text);
	}
	if (c == '-' || isdigit((unsigned char)c))
		return read_number(r, v);
	if (c == 't')
		return read_word(r, v, "true", J_BOOL);
	if (c == 'f')
		return read_word(r, v, "false", J_BOOL);
	if (c == 'n')
		return read_word(r, v, "null", J_NULL);
	return fail(r, "a JSON value");
}

int jval_read(struct jval *out, const char *s, size_t len, size_t *used, long *errline,
	      const char **what)
{
	struct jreader r = { s, len, 0, 1, NULL };

	memset(out, 0, sizeof(*out));
	if (read_value(&r, out, 0) < 0) {
		jval_release(out);
		*errline = r.line;
		*what = r.what;
		return -1;
	}
	*used = r.pos;
	return 0;
}

void jval_release(struct jval *v)
{
	size_t i;

	for (i = 0; i < v->nr; i++) {
		jval_release(&v->kids[i]);
		if (v->keys)
			free(v->keys[i]);
	}
	free(v->kids);
	free(v->keys);
	free(v->text);
	memset(v, 0, sizeof(*v));
}

const struct jval *jval_get(const struct jval *obj, const char *key)
{
	size_t i;

	if (!obj || obj->type != J_OBJECT)
		return NULL;
	for (i = 0; i < obj->nr; i++)
		if (obj->keys[i] && !strcmp(obj->keys[i], key))
			return &obj->kids[i];
	return NULL;
}
