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
#include "gen-words.h"
#include "../import/import_grid_name.h"
#include "../import/import_negative.h"
#include "../import/import_prose_words.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

static void gen_neg_words(FILE *out, const struct src *s, size_t at, const struct arg *a, size_t nr)
{
	const char *name = a[0].text;
	static struct list l;
	unsigned len[NEG_WORDS_MAX], head[NEG_BUCKETS] = { 0 }, next[NEG_WORDS_MAX], bucket[NEG_WORDS_MAX];
	size_t k;

	(void)nr;

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

static void gen_grid_wordset(FILE *out, const struct src *s, size_t at, const struct arg *a, size_t nr)
{
	const char *name = a[0].text;
	static struct list l;
	unsigned head[256] = { 0 }, next[GRID_WORDSET_MAX], bucket[GRID_WORDSET_MAX];
	size_t k;

	(void)nr;

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

static void gen_neg_anywhere(FILE *out, const struct src *s, size_t at, const struct arg *a, size_t nr)
{
	static const char *const anywhere[] = {
#define NEG_WORD(name, word) word,
		NEG_ANYWHERE(NEG_WORD)
#undef NEG_WORD
	};
	static unsigned head[1 << 16];
	unsigned next[ARRAY_SIZE(anywhere)], bucket[ARRAY_SIZE(anywhere)];
	size_t k;

	(void)a;
	(void)nr;
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

static void gen_prose_index(FILE *out, const struct src *s, size_t at, const struct arg *a, size_t nr)
{
	const char *table = a[0].text;
	static struct prose_slot slot[PROSE_INDEX_SLOTS];
	static struct list l;
	size_t i = find_array(s, table) + 1, used = 0;

	(void)nr;

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

typedef void gen_fn(FILE *out, const struct src *s, size_t at, const struct arg *a, size_t nr);

/* The macros of the comment at the top: name, whether it takes arguments, its writer. */
static const struct index_macro {
	const char *name;
	int args;
	gen_fn *gen;
} macros[] = {
	{ "NEG_WORDS", 1, gen_neg_words },
	{ "GRID_WORDSET", 1, gen_grid_wordset },
	{ "NEG_FIRST", 1, gen_neg_first },
	{ "NEG_PAIRS", 1, gen_neg_pairs },
	{ "NEG_ANYWHERE_INDEX", 0, gen_neg_anywhere },
	{ "PROSE_INDEX", 1, gen_prose_index },
};

/* Each macro at each of its uses in s: one index a macro and first argument. */
static void gen(FILE *out, const struct src *s)
{
	char *done[256];
	size_t ndone = 0, m, k;

	for (m = 0; m < ARRAY_SIZE(macros); m++) {
		const struct index_macro *x = &macros[m];
		size_t i;

		for (i = find_ident(s, 0, x->name); i < s->len; i = find_ident(s, i + 1, x->name)) {
			struct arg a[32];
			size_t nr = 0;
			char key[256];
			int seen = 0;

			if (!is_use(s, i))
				continue;
			if (x->args)
				read_args(s, i + strlen(x->name), a, ARRAY_SIZE(a), &nr);
			snprintf(key, sizeof(key), "%s %s", x->name, nr ? a[0].text : "");
			for (k = 0; k < ndone && !seen; k++)
				seen = !strcmp(done[k], key);
			if (!seen) {
				if (ndone == ARRAY_SIZE(done))
					die(s, i, "more than %zu indexes", ARRAY_SIZE(done));
				done[ndone++] = gen_strndup(key, strlen(key));
				x->gen(out, s, i, a, nr);
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
