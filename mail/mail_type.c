#include "mail_headers.h"

#include <string.h>

/*
 * Content-Type and Content-Disposition values as GMime's parser reads
 * them (mail_headers.h), cut in place when they are plain.
 */

/* GMime's is_ttoken for the ASCII a plain value holds. */
static int is_ttoken(char c)
{
	return c > ' ' && c < 0x7f && !strchr("()<>@,;:\\\"/[]?=", c);
}

static const char *skip_lwsp(const char *p)
{
	while (mail_is_lwsp(*p))
		p++;
	return p;
}

/*
 * A value whose comments, escapes and encodings need not be looked for:
 * GMime's skip_cfws is a skip of blanks on it, and its parameter values
 * are the bytes between their quotes or up to their ';'.
 */
static int is_simple(const char *v)
{
	const unsigned char *p;

	for (p = (const unsigned char *)v; *p; p++)
		if ((*p < ' ' && *p != '\t') || *p >= 0x7f || *p == '(' || *p == '\\' || *p == '*' ||
		    (p[0] == '=' && p[1] == '?'))
			return 0;
	return 1;
}

/* One piece of the value, to be cut (ended by a NUL) once all are found. */
struct piece {
	const char *p;
	size_t len;
};

/*
 * GMime's decode_param_list (in its loose mode, the default) on a simple
 * value: name=token up to the ';' without its trailing blanks, or
 * name="quoted"; an unterminated quote keeps its '"'; a parameter it cannot
 * read ends the list unless a ';' follows it.  -1 with too many of them.
 */
static int read_params(struct piece *names, struct piece *values, size_t *n, const char *p)
{
	*n = 0;
	for (;;) {
		const char *q, *name, *v = NULL, *vend = NULL, *e;

		if (!*(p = skip_lwsp(p)))
			break;
		for (q = name = p; is_ttoken(*q); q++)
			;
		if (q > name && *(e = skip_lwsp(q)) == '=') {
			const char *r = skip_lwsp(e + 1);

			if (*r == '"') {
				for (v = r + 1, vend = v; *vend && *vend != '"'; vend++)
					;
				/* without its closing quote the value keeps its opening one */
				if (*vend == '"')
					e = vend + 1;
				else
					e = vend, v = r;
			} else {
				for (vend = r; *vend && *vend != ';'; vend++)
					;
				while (vend > r && mail_is_lwsp(vend[-1]))
					vend--;
				v = vend > r ? r : NULL;
				e = vend;
			}
		}
		if (!v) {
			/* not read, and p not moved past it */
			if (*p != ';')
				break;
			p++;
			continue;
		}
		if (*n == MAIL_TYPE_PARAMS)
			return -1;
		names[*n].p = name;
		names[*n].len = (size_t)(q - name);
		values[*n].p = v;
		values[(*n)++].len = (size_t)(vend - v);
		p = skip_lwsp(e);
		if (*p != ';')
			break;
		p++;
	}
	return 0;
}

/* The pieces cut into strings: each ends before a byte that is in none of them. */
static void cut_params(struct mail_type *t, struct piece *names, struct piece *values)
{
	size_t i;

	for (i = 0; i < t->nparams; i++) {
		((char *)names[i].p)[names[i].len] = '\0';
		((char *)values[i].p)[values[i].len] = '\0';
		t->name[i] = names[i].p;
		t->value[i] = values[i].p;
	}
}

/* GMime's g_mime_parse_content_type, and the skip to the parameters after it. */
static int read_type(struct piece *type, struct piece *subtype, const char **params, const char *v)
{
	const char *p = skip_lwsp(v);

	type->p = p;
	while (is_ttoken(*p))
		p++;
	type->len = (size_t)(p - type->p);
	p = skip_lwsp(p);
	if (*p++ != '/')
		return -1;
	subtype->p = p = skip_lwsp(p);
	while (is_ttoken(*p))
		p++;
	if (!(subtype->len = (size_t)(p - subtype->p)))
		return -1;
	p = skip_lwsp(p);
	while (*p && *p != ';')
		p++;
	*params = *p == ';' && p[1] ? p + 1 : NULL;
	return 0;
}

static void type_init(struct mail_type *t, char *value)
{
	memset(t, 0, sizeof(*t));
	t->buf = value;
}

void mail_type_parse(struct mail_type *t, char *value)
{
	struct piece type, subtype, names[MAIL_TYPE_PARAMS], values[MAIL_TYPE_PARAMS];
	const char *params;

	type_init(t, value);
	if (is_simple(value)) {
		if (read_type(&type, &subtype, &params, value) < 0) {
			/* what GMime's parse of a Content-Type it cannot read gives */
			t->type = "application";
			t->subtype = "octet-stream";
			return;
		}
		if (!params || !read_params(names, values, &t->nparams, params)) {
			cut_params(t, names, values);
			((char *)type.p)[type.len] = '\0';
			((char *)subtype.p)[subtype.len] = '\0';
			t->type = type.p;
			t->subtype = subtype.p;
			return;
		}
	}
	t->nparams = 0;
	t->gmime = g_mime_content_type_parse(NULL, value);
}

void mail_disposition_parse(struct mail_type *t, char *value)
{
	struct piece names[MAIL_TYPE_PARAMS], values[MAIL_TYPE_PARAMS];
	const char *p = strchr(value, ';');

	type_init(t, value);
	if (is_simple(value) && (!p || !p[1] || !read_params(names, values, &t->nparams, p + 1))) {
		cut_params(t, names, values);
		return;
	}
	t->nparams = 0;
	t->gmime_disposition = g_mime_content_disposition_parse(NULL, value);
}

int mail_type_is(const struct mail_type *t, const char *type, const char *subtype)
{
	if (t->gmime)
		return g_mime_content_type_is_type(t->gmime, type, subtype);
	return t->type && !g_ascii_strcasecmp(t->type, type) &&
	       (!strcmp(subtype, "*") || !g_ascii_strcasecmp(t->subtype, subtype));
}

const char *mail_type_param(const struct mail_type *t, const char *name)
{
	size_t i;

	if (t->gmime)
		return g_mime_content_type_get_parameter(t->gmime, name);
	if (t->gmime_disposition)
		return g_mime_content_disposition_get_parameter(t->gmime_disposition, name);
	for (i = 0; i < t->nparams; i++)
		if (!g_ascii_strcasecmp(t->name[i], name))
			return t->value[i];
	return NULL;
}

void mail_type_release(struct mail_type *t)
{
	if (t->gmime)
		g_object_unref(t->gmime);
	if (t->gmime_disposition)
		g_object_unref(t->gmime_disposition);
	g_free(t->buf);
	memset(t, 0, sizeof(*t));
}
