/*
 * gen-words SOURCE.c OUT.h: the indexes of an import source's word
 * lists, written as const C initialisers when benchpost is built.
 *
 * The import readers look lines and words up in lists (the finders of
 * import_negative*.c, the names of import_grid*.c, the classes of
 * import_prose_words.c) through indexes made from the lists: by first
 * byte, by first two bytes, by a hash.  Built on first use they were
 * mutable statics, written by whichever look-up came first; made here
 * they are const data, and no reader needs an init call or a table
 * handed down.  The lists stay where they are read, beside the code that
 * asks them: this program reads them from the source.
 *
 * The source asks for an index with a macro whose expansion is what this
 * program writes into OUT.h (the macro's other arguments are read only
 * here):
 *
 *   NEG_WORDS(list)               a struct neg_words (import_negative.h)
 *   GRID_WORDSET(list)            a struct grid_wordset (import_grid_name.h)
 *   NEG_FIRST(name, list | "bytes", ...)
 *                                 unsigned char [256]: 1 for each byte a word of
 *                                 the lists starts with, and for each of "bytes"
 *   NEG_PAIRS(name, list, ...)    uint8_t [1 << 13]: bit (b0 << 8 | b1) set for the
 *                                 first two bytes of each word of the lists
 *   NEG_ANYWHERE_INDEX            import_negative.c's index of NEG_ANYWHERE's words
 *   PROSE_INDEX(table)            import_prose_words.c's word index, table being
 *                                 its "[PW_x] = list" table of classes
 *
 * A list is a "name[] = { "word", ... }" of string literals in the same
 * source, NULL at most at its end, and its name is that of no other list
 * there.  The hashes are the readers' own inline functions, included
 * from their headers, so that the two sides cannot disagree.  Anything
 * else in a list is an error with the source's line: the build stops.
 */
#include "../import/import_grid_name.h"
#include "../import/import_negative.h"
#include "../import/import_prose_words.h"

#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LIST_MAX 1024

struct src {
	const char *path;
	char *text;  /* the source, its comments blanked out */
	size_t len;
};

struct list {
	size_t n;
	int ended;               /* NULL ends it */
	char *word[LIST_MAX];    /* decoded, NUL-terminated */
	size_t wlen[LIST_MAX];
	char *raw[LIST_MAX];     /* the literals as the source writes them */
};

static void die(const struct src *s, size_t at, const char *fmt, ...)
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

static void *gen_alloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (!p) {
		fprintf(stderr, "gen-words: out of memory\n");
		exit(1);
	}
	return p;
}

static char *gen_strndup(const char *s, size_t n)
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
static void load(struct src *s, const char *path)
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

static size_t skip_space(const struct src *s, size_t i)
{
	while (i < s->len && (s->text[i] == ' ' || s->text[i] == '\t' || s->text[i] == '\n'))
		i++;
	return i;
}

/* The next place from i on where identifier w stands whole, outside literals; s->len if none. */
static size_t find_ident(const struct src *s, size_t i, const char *w)
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
static size_t read_ident(const struct src *s, size_t i, char **out)
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
static size_t find_array(const struct src *s, const char *name)
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

static void read_list(const struct src *s, const char *name, struct list *l)
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

/* An argument of a macro: a name, or a string literal (is_string). */
struct arg {
	char *text;
	int is_string;
};

/* The arguments of the macro whose "(" is at i, into v[0, *nr) (at most max). */
static void read_args(const struct src *s, size_t i, struct arg *v, size_t max, size_t *nr)
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

static void free_list(struct list *l)
{
	size_t k;

	for (k = 0; k < l->n; k++) {
		free(l->word[k]);
		free(l->raw[k]);
	}
}

/* Writes "{ [i] = v[i], ... }" for the non-zero v[i] of v[0, n), a few a line. */
static void put_sparse(FILE *out, const unsigned *v, size_t n)
{
	size_t i, on_line = 0;

	fputs("{", out);
	for (i = 0; i < n; i++) {
		if (!v[i])
			continue;
		fprintf(out, "%s[%zu] = %u,", on_line % 8 ? " " : " \\\n\t", i, v[i]);
		on_line++;
	}
	fputs(" }", out);
}

static void put_dense(FILE *out, const unsigned *v, size_t n)
{
	size_t i;

	fputs("{", out);
	for (i = 0; i < n; i++)
		fprintf(out, "%s%u,", i % 16 ? " " : " \\\n\t", v[i]);
	fputs(" }", out);
}

/* Buckets chained in the list's order, so that a look-up finds the list's first match first. */
static void chain(unsigned *head, unsigned *next, const unsigned *bucket, size_t n)
{
	size_t k = n;

	while (k--) {
		next[k] = head[bucket[k]];
		head[bucket[k]] = (unsigned)(k + 1);
	}
}

static void gen_neg_words(FILE *out, const struct src *s, size_t at, const char *name)
{
	static struct list l;
	unsigned len[NEG_WORDS_MAX], head[NEG_BUCKETS] = { 0 }, next[NEG_WORDS_MAX], bucket[NEG_WORDS_MAX];
	size_t k;

	read_list(s, name, &l);
	if (l.n > NEG_WORDS_MAX || l.ended)
		die(s, at, "'%s': at most %d words, no NULL", name, NEG_WORDS_MAX);
	for (k = 0; k < l.n; k++) {
		if (l.wlen[k] < 2 || l.wlen[k] > 255)
			die(s, at, "'%s': \"%s\" is not of 2 to 255 bytes", name, l.word[k]);
		len[k] = (unsigned)l.wlen[k];
		bucket[k] = neg_bucket(l.word[k]);
	}
	chain(head, next, bucket, l.n);
	fprintf(out, "#define NEG_N_%s %zu\n#define NEG_INDEX_%s \\\n\t.len = ", name, l.n, name);
	put_dense(out, len, l.n);
	fputs(", \\\n\t.head = ", out);
	put_sparse(out, head, NEG_BUCKETS);
	fputs(", \\\n\t.next = ", out);
	put_dense(out, next, l.n);
	fputs("\n\n", out);
	free_list(&l);
}

static void gen_grid_wordset(FILE *out, const struct src *s, size_t at, const char *name)
{
	static struct list l;
	unsigned head[256] = { 0 }, next[GRID_WORDSET_MAX], bucket[GRID_WORDSET_MAX];
	size_t k;

	read_list(s, name, &l);
	if (l.n > GRID_WORDSET_MAX || l.ended)
		die(s, at, "'%s': at most %d words, no NULL", name, GRID_WORDSET_MAX);
	for (k = 0; k < l.n; k++) {
		if (!l.wlen[k])
			die(s, at, "'%s': an empty word", name);
		bucket[k] = (unsigned char)l.word[k][0];
	}
	chain(head, next, bucket, l.n);
	fprintf(out, "#define GRID_N_%s %zu\n#define GRID_INDEX_%s \\\n\t.head = ", name, l.n, name);
	put_sparse(out, head, 256);
	fputs(", \\\n\t.next = ", out);
	put_dense(out, next, l.n);
	fputs("\n\n", out);
	free_list(&l);
}

static void gen_neg_first(FILE *out, const struct src *s, size_t at, const struct arg *a, size_t nr)
{
	static struct list l;
	unsigned first[256] = { 0 };
	size_t i, k;

	for (i = 1; i < nr; i++) {
		const char *p;

		if (a[i].is_string) {
			for (p = a[i].text; *p; p++)
				first[(unsigned char)*p] = 1;
			continue;
		}
		read_list(s, a[i].text, &l);
		for (k = 0; k < l.n; k++)
			first[(unsigned char)l.word[k][0]] = 1;
		free_list(&l);
	}
	if (nr < 2)
		die(s, at, "NEG_FIRST: a name and lists expected");
	fprintf(out, "#define NEG_FIRST_%s ", a[0].text);
	put_sparse(out, first, 256);
	fputs("\n\n", out);
}

static void gen_neg_pairs(FILE *out, const struct src *s, size_t at, const struct arg *a, size_t nr)
{
	static struct list l;
	static unsigned used[(1 << 16) / 8];
	size_t i, k;

	if (nr < 2)
		die(s, at, "NEG_PAIRS: a name and lists expected");
	memset(used, 0, sizeof(used));
	for (i = 1; i < nr; i++) {
		if (a[i].is_string)
			die(s, at, "NEG_PAIRS: lists expected, not strings");
		read_list(s, a[i].text, &l);
		for (k = 0; k < l.n; k++) {
			const unsigned char *w = (const unsigned char *)l.word[k];
			unsigned pair;

			if (l.wlen[k] < 2)
				die(s, at, "'%s': \"%s\" is shorter than two bytes", a[i].text, l.word[k]);
			pair = (unsigned)w[0] << 8 | w[1];
			used[pair >> 3] |= 1u << (pair & 7);
		}
		free_list(&l);
	}
	fprintf(out, "#define NEG_PAIRS_%s ", a[0].text);
	put_sparse(out, used, ARRAY_SIZE(used));
	fputs("\n\n", out);
}

static void gen_neg_anywhere(FILE *out, const struct src *s, size_t at)
{
	static const char *const anywhere[] = {
#define NEG_WORD(name, word) word,
		NEG_ANYWHERE(NEG_WORD)
#undef NEG_WORD
	};
	static unsigned head[1 << 16];
	unsigned next[ARRAY_SIZE(anywhere)], bucket[ARRAY_SIZE(anywhere)];
	size_t k;

	for (k = 0; k < ARRAY_SIZE(anywhere); k++) {
		if (!anywhere[k][0] || !anywhere[k][1])
			die(s, at, "NEG_ANYWHERE: \"%s\" is shorter than two bytes", anywhere[k]);
		bucket[k] = neg_pair(anywhere[k]);
	}
	chain(head, next, bucket, ARRAY_SIZE(anywhere));
	fputs("#define NEG_ANYWHERE_INDEX { \\\n\t.head = ", out);
	put_sparse(out, head, ARRAY_SIZE(head));
	fputs(", \\\n\t.next = ", out);
	put_dense(out, next, ARRAY_SIZE(anywhere));
	fputs(" }\n\n", out);
}

/* A slot of the prose index as the generator fills it. */
struct prose_slot {
	const char *w;  /* NULL: free */
	size_t n;
	char *raw;
	char classes[1024];  /* " | (uint32_t)1 << PW_x" for each class */
};

static void gen_prose_index(FILE *out, const struct src *s, size_t at, const char *table)
{
	static struct prose_slot slot[PROSE_INDEX_SLOTS];
	static struct list l;
	size_t i = find_array(s, table) + 1, used = 0;

	for (;;) {
		char *cls, *name;
		size_t k;

		i = skip_space(s, i);
		if (i < s->len && s->text[i] == '}')
			break;
		if (i >= s->len || s->text[i] != '[')
			die(s, i, "'%s': \"[PW_x] = list\" expected", table);
		i = read_ident(s, skip_space(s, i + 1), &cls);
		i = skip_space(s, i);
		if (i >= s->len || s->text[i] != ']')
			die(s, i, "'%s': ']' expected", table);
		i = skip_space(s, i + 1);
		if (i >= s->len || s->text[i] != '=')
			die(s, i, "'%s': '=' expected", table);
		i = read_ident(s, skip_space(s, i + 1), &name);
		read_list(s, name, &l);
		if (!l.ended)
			die(s, at, "'%s' does not end with NULL", name);
		for (k = 0; k < l.n; k++) {
			size_t h = prose_word_hash(l.word[k], l.wlen[k]);
			struct prose_slot *e;
			size_t have;

			if (!l.wlen[k])
				die(s, at, "'%s': an empty word", name);
			while (slot[h].w &&
			       !(slot[h].n == l.wlen[k] && prose_same_word(slot[h].w, l.word[k], l.wlen[k])))
				h = (h + 1) & (PROSE_INDEX_SLOTS - 1);
			e = &slot[h];
			if (!e->w) {
				/* the list's strings are kept: l is read again for the next class */
				e->w = gen_strndup(l.word[k], l.wlen[k]);
				e->n = l.wlen[k];
				e->raw = gen_strndup(l.raw[k], strlen(l.raw[k]));
				if (++used > PROSE_INDEX_SLOTS / 2)
					die(s, at, "more than %d words: PROSE_INDEX_SLOTS must grow", PROSE_INDEX_SLOTS / 2);
			}
			have = strlen(e->classes);
			if (have + strlen(cls) + 32 > sizeof(e->classes))
				die(s, at, "\"%s\" is in too many classes", l.word[k]);
			snprintf(e->classes + have, sizeof(e->classes) - have, "%s(uint32_t)1 << %s",
				 have ? " | " : "", cls);
		}
		free_list(&l);
		free(cls);
		free(name);
		i = skip_space(s, i);
		if (i < s->len && s->text[i] == ',')
			i++;
		else if (i >= s->len || s->text[i] != '}')
			die(s, i, "'%s': ',' or '}' expected", table);
	}
	fprintf(out, "#define PROSE_INDEX_%s { \\\n", table);
	for (i = 0; i < PROSE_INDEX_SLOTS; i++)
		if (slot[i].w)
			fprintf(out, "\t[%zu] = { %s, %zu, %s }, \\\n", i, slot[i].raw, slot[i].n, slot[i].classes);
	fputs("}\n\n", out);
}

/* Whether the macro at i is a use, not its name in a #define or #undef. */
static int is_use(const struct src *s, size_t i)
{
	size_t j = i;

	while (j > 0 && (s->text[j - 1] == ' ' || s->text[j - 1] == '\t'))
		j--;
	return !(j >= 6 && !memcmp(s->text + j - 6, "define", 6)) &&
	       !(j >= 5 && !memcmp(s->text + j - 5, "undef", 5));
}

/* Each macro of the header's comment at each of its uses in s (one index a name). */
static void gen(FILE *out, const struct src *s)
{
	static const char *const macros[] = {
		"NEG_WORDS", "GRID_WORDSET", "NEG_FIRST", "NEG_PAIRS", "NEG_ANYWHERE_INDEX",
		"PROSE_INDEX",
	};
	char *done[256];
	size_t ndone = 0, m, k;

	for (m = 0; m < ARRAY_SIZE(macros); m++) {
		size_t i;

		for (i = find_ident(s, 0, macros[m]); i < s->len; i = find_ident(s, i + 1, macros[m])) {
			struct arg a[32];
			size_t nr = 0, after = i + strlen(macros[m]);
			char key[256];
			int seen = 0;

			if (!is_use(s, i))
				continue;
			if (m != 4)
				read_args(s, after, a, ARRAY_SIZE(a), &nr);
			snprintf(key, sizeof(key), "%s %s", macros[m], nr ? a[0].text : "");
			for (k = 0; k < ndone && !seen; k++)
				seen = !strcmp(done[k], key);
			if (!seen && ndone < ARRAY_SIZE(done)) {
				done[ndone++] = gen_strndup(key, strlen(key));
				switch (m) {
				case 0: gen_neg_words(out, s, i, a[0].text); break;
				case 1: gen_grid_wordset(out, s, i, a[0].text); break;
				case 2: gen_neg_first(out, s, i, a, nr); break;
				case 3: gen_neg_pairs(out, s, i, a, nr); break;
				case 4: gen_neg_anywhere(out, s, i); break;
				case 5: gen_prose_index(out, s, i, a[0].text); break;
				}
			}
			for (k = 0; k < nr; k++)
				free(a[k].text);
		}
	}
	if (!ndone)
		die(s, 0, "no index asked for");
	for (k = 0; k < ndone; k++)
		free(done[k]);
}

int main(int argc, char **argv)
{
	struct src s;
	char *tmp;
	FILE *out;

	if (argc != 3) {
		fprintf(stderr, "usage: gen-words SOURCE.c OUT.h\n");
		return 2;
	}
	load(&s, argv[1]);
	tmp = gen_alloc(strlen(argv[2]) + 5);
	sprintf(tmp, "%s.tmp", argv[2]);
	out = fopen(tmp, "w");
	if (!out) {
		fprintf(stderr, "gen-words: cannot open '%s': %s\n", tmp, strerror(errno));
		return 1;
	}
	fprintf(out, "/* Made by scripts/gen-words.c from %s: do not edit. */\n\n", argv[1]);
	gen(out, &s);
	if (fclose(out) || rename(tmp, argv[2])) {
		fprintf(stderr, "gen-words: cannot write '%s': %s\n", argv[2], strerror(errno));
		remove(tmp);
		return 1;
	}
	free(tmp);
	free(s.text);
	return 0;
}
