#ifndef GEN_WORDS_H
#define GEN_WORDS_H

/*
 * gen-words (gen-words.c, which says what it makes): the reading of a
 * source's lists and macro uses (gen-words-read.c), shared with the
 * writers of the indexes.  Any error ends the program with the source's
 * file and line: it runs in the build, which then stops.
 */
#include <stddef.h>

#define LIST_MAX 1024

struct src {
	const char *path;
	char *text;  /* the source, its comments blanked out */
	size_t len;
};

/* A list's words, read from its "name[] = { ... }". */
struct list {
	size_t n;
	int ended;               /* NULL ends it */
	char *word[LIST_MAX];    /* decoded, NUL-terminated */
	size_t wlen[LIST_MAX];
	char *raw[LIST_MAX];     /* the literals as the source writes them */
};

/* An argument of a macro: a name, or a string literal (is_string). */
struct arg {
	char *text;
	int is_string;
};

/* Prints "gen-words: 'path':line: ..." for offset at of s, and exits 1. */
void die(const struct src *s, size_t at, const char *fmt, ...) __attribute__((format(printf, 3, 4), noreturn));
void *gen_alloc(size_t n);
char *gen_strndup(const char *s, size_t n);

/* Reads path into s, its comments made blanks (newlines kept, for the line numbers of errors). */
void load(struct src *s, const char *path);
size_t skip_space(const struct src *s, size_t i);
/* The next place from i on where identifier w stands whole, outside literals; s->len if none. */
size_t find_ident(const struct src *s, size_t i, const char *w);
/* The identifier at i into *out (caller frees): the offset after it. */
size_t read_ident(const struct src *s, size_t i, char **out);
/* The "{" of the one definition of the array name: "name[...] = {". */
size_t find_array(const struct src *s, const char *name);
/* The words of the list name (freed with free_list). */
void read_list(const struct src *s, const char *name, struct list *l);
void free_list(struct list *l);
/* The arguments of the macro whose "(" is at i, into v[0, *nr) (at most max, one at least). */
void read_args(const struct src *s, size_t i, struct arg *v, size_t max, size_t *nr);
/* Whether the macro at i is a use, not its name in a #define or #undef. */
int is_use(const struct src *s, size_t i);

#endif
