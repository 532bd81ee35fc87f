/*
 * gen-words: reading a source's word lists and the arguments of the
 * macros that ask for their indexes (gen-words.h).  Only what the lists
 * are written with is read: string literals, side by side or apart,
 * commas, comments, NULL; anything else stops the build with the line.
 */
#include "gen-words.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void die(const struct src *s, size_t at, const char *fmt, ...)
{
	va_list ap;
	size_t i, line = 1;

	for (i = 0; i < at && i < s->len; i++)
		line += s->text[i] == '\n';
	fprintf(stderr, "gen-words: '%s':%zu: ", s->path, line);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(1);
}

void *gen_alloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (!p) {
		fprintf(stderr, "gen-words: out of memory\n");
		exit(1);
	}
	return p;
}

char *gen_strndup(const char *s, size_t n)
{
	char *p = gen_alloc(n + 1);

	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

/* Skips the literal that starts at i (a quote q): the offset after its closing quote. */
static size_t skip_literal(const char *t, size_t len, size_t i, char q)
{
	for (i++; i < len && t[i] != q; i++)
		if (t[i] == '\\')
			i++;
	return i < len ? i + 1 : len;
}

/* Reads path, its comments made blanks (newlines kept, for the line numbers of errors). */
void load(struct src *s, const char *path)
{
	FILE *f = fopen(path, "rb");
	size_t cap = 1 << 16, i;
	char *t;

	if (!f) {
		fprintf(stderr, "gen-words: cannot open '%s': %s\n", path, strerror(errno));
		exit(1);
	}
	t = gen_alloc(cap);
	s->len = 0;
	for (;;) {
		size_t got = fread(t + s->len, 1, cap - s->len, f);

		s->len += got;
		if (s->len < cap)
			break;
		cap *= 2;
		t = realloc(t, cap);
		if (!t) {
			fprintf(stderr, "gen-words: out of memory\n");
			exit(1);
		}
	}
	if (ferror(f)) {
		fprintf(stderr, "gen-words: cannot read '%s': %s\n", path, strerror(errno));
		exit(1);
	}
	fclose(f);
	s->path = path;
	s->text = t;
	for (i = 0; i < s->len;) {
		if (t[i] == '"' || t[i] == '\'') {
			i = skip_literal(t, s->len, i, t[i]);
		} else if (t[i] == '/' && i + 1 < s->len && t[i + 1] == '/') {
			for (; i < s->len && t[i] != '\n'; i++)
				t[i] = ' ';
		} else if (t[i] == '/' && i + 1 < s->len && t[i + 1] == '*') {
			for (; i < s->len && !(t[i] == '*' && i + 1 < s->len && t[i + 1] == '/'); i++)
				if (t[i] != '\n')
					t[i] = ' ';
			if (i < s->len)
				t[i++] = ' ';
			if (i < s->len)
				t[i++] = ' ';
		} else {
			i++;
		}
	}
}

static int is_ident(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

size_t skip_space(const struct src *s, size_t i)
{
	while (i < s->len && (s->text[i] == ' ' || s->text[i] == '\t' || s->text[i] == '\n'))
		i++;
	return i;
}

/* The next place from i on where identifier w stands whole, outside literals; s->len if none. */
size_t find_ident(const struct src *s, size_t i, const char *w)
{
	size_t n = strlen(w);

	while (i + n <= s->len) {
		char c = s->text[i];

		if (c == '"' || c == '\'') {
			i = skip_literal(s->text, s->len, i, c);
			continue;
		}
		if (!memcmp(s->text + i, w, n) && (i == 0 || !is_ident(s->text[i - 1])) &&
		    (i + n == s->len || !is_ident(s->text[i + n])))
			return i;
		i++;
	}
	return s->len;
}

/* The identifier at i into *out (caller frees): the offset after it. */
size_t read_ident(const struct src *s, size_t i, char **out)
{
	size_t j = i;

	while (j < s->len && is_ident(s->text[j]))
		j++;
	if (j == i)
		die(s, i, "a name expected");
	*out = gen_strndup(s->text + i, j - i);
	return j;
}

static int hex_digit(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/*
 * The string literals at i, one or more written side by side, decoded
 * into *word (its length *wlen) and as written into *raw: the offset
 * after the last.
 */
static size_t read_string(const struct src *s, size_t i, char **word, size_t *wlen, char **raw)
{
	char *w = gen_alloc(s->len);
	size_t n = 0, start = i, end = i;

	while (i < s->len && s->text[i] == '"') {
		for (i++; i < s->len && s->text[i] != '"'; i++) {
			char c = s->text[i];

			if (c == '\n')
				die(s, i, "a string literal runs past its line");
			if (c != '\\') {
				w[n++] = c;
				continue;
			}
			c = s->text[++i];
			if (c == 'x') {
				int v = 0, d, k = 0;

				while ((d = hex_digit(s->text[i + 1])) >= 0 && k++ < 2) {
					v = v * 16 + d;
					i++;
				}
				if (!k)
					die(s, i, "\\x without hex digits");
				w[n++] = (char)v;
			} else if (c >= '0' && c <= '7') {
				int v = c - '0', k = 1;

				while (k++ < 3 && s->text[i + 1] >= '0' && s->text[i + 1] <= '7')
					v = v * 8 + (s->text[++i] - '0');
				w[n++] = (char)v;
			} else if (c == 'n') {
				w[n++] = '\n';
			} else if (c == 't') {
				w[n++] = '\t';
			} else if (c == 'r') {
				w[n++] = '\r';
			} else if (c == '\\' || c == '"' || c == '\'' || c == '?') {
				w[n++] = c;
			} else {
				die(s, i, "an escape this program does not read: '\\%c'", c);
			}
		}
		if (i >= s->len)
			die(s, start, "a string literal without its end");
		end = ++i;
		i = skip_space(s, i);
	}
	if (memchr(w, '\0', n))
		die(s, start, "a NUL inside a word");
	w[n] = '\0';
	*word = w;
	*wlen = n;
	*raw = gen_strndup(s->text + start, end - start);
	return i;
}

/* The "{" of the definition of the array name: "name[...] = {". */
size_t find_array(const struct src *s, const char *name)
{
	size_t i, found = s->len;

	for (i = find_ident(s, 0, name); i < s->len; i = find_ident(s, i + 1, name)) {
		size_t j = skip_space(s, i + strlen(name));

		if (j >= s->len || s->text[j] != '[')
			continue;
		while (j < s->len && s->text[j] != ']')
			j++;
		j = skip_space(s, j + 1);
		if (j >= s->len || s->text[j] != '=')
			continue;
		j = skip_space(s, j + 1);
		if (j >= s->len || s->text[j] != '{')
			continue;
		if (found < s->len)
			die(s, i, "'%s' is defined twice: give each list its own name", name);
		found = j;
	}
	if (found == s->len)
		die(s, 0, "no list '%s' = { ... }", name);
	return found;
}

void read_list(const struct src *s, const char *name, struct list *l)
{
	size_t i = find_array(s, name) + 1;

	memset(l, 0, sizeof(*l));
	for (;;) {
		i = skip_space(s, i);
		if (i < s->len && s->text[i] == '}')
			return;
		if (l->ended)
			die(s, i, "words after NULL in '%s'", name);
		if (i + 4 <= s->len && !memcmp(s->text + i, "NULL", 4) && !is_ident(s->text[i + 4])) {
			l->ended = 1;
			i += 4;
		} else if (i < s->len && s->text[i] == '"') {
			if (l->n == LIST_MAX)
				die(s, i, "'%s' holds more than %d words", name, LIST_MAX);
			i = read_string(s, i, &l->word[l->n], &l->wlen[l->n], &l->raw[l->n]);
			l->n++;
		} else {
			die(s, i, "'%s': a string literal expected", name);
		}
		i = skip_space(s, i);
		if (i < s->len && s->text[i] == ',')
			i++;
		else if (i >= s->len || s->text[i] != '}')
			die(s, i, "'%s': ',' or '}' expected", name);
	}
}

/* The arguments of the macro whose "(" is at i, into v[0, *nr) (at most max). */
void read_args(const struct src *s, size_t i, struct arg *v, size_t max, size_t *nr)
{
	*nr = 0;
	i = skip_space(s, i);
	if (i >= s->len || s->text[i] != '(')
		die(s, i, "'(' expected");
	for (i++;;) {
		char *raw;
		size_t n;

		i = skip_space(s, i);
		if (*nr == max)
			die(s, i, "more than %zu arguments", max);
		if (i < s->len && s->text[i] == '"') {
			i = read_string(s, i, &v[*nr].text, &n, &raw);
			free(raw);
			v[*nr].is_string = 1;
		} else {
			i = read_ident(s, i, &v[*nr].text);
			v[*nr].is_string = 0;
		}
		(*nr)++;
		i = skip_space(s, i);
		if (i < s->len && s->text[i] == ')')
			return;
		if (i >= s->len || s->text[i] != ',')
			die(s, i, "',' or ')' expected");
		i++;
	}
}

void free_list(struct list *l)
{
	size_t k;

	for (k = 0; k < l->n; k++) {
		free(l->word[k]);
		free(l->raw[k]);
	}
}

/* Whether the macro at i is a use, not its name in a #define or #undef. */
int is_use(const struct src *s, size_t i)
{
	size_t j = i;

	while (j > 0 && (s->text[j - 1] == ' ' || s->text[j - 1] == '\t'))
		j--;
	return !(j >= 6 && !memcmp(s->text + j - 6, "define", 6)) &&
	       !(j >= 5 && !memcmp(s->text + j - 5, "undef", 5));
}
