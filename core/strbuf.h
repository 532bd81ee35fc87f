#ifndef STRBUF_H
#define STRBUF_H

#include <stdarg.h>
#include <stddef.h>

/*
 * A growable, always NUL-terminated byte string (after git's strbuf).
 * buf is never NULL: an empty strbuf points at a shared "" until it grows,
 * so callers may print sb.buf without checking.
 */
struct strbuf {
	size_t alloc;
	size_t len;
	char *buf;
};

extern char strbuf_slopbuf[];
#define STRBUF_INIT { 0, 0, strbuf_slopbuf }

void strbuf_init(struct strbuf *sb, size_t hint);
void strbuf_release(struct strbuf *sb);
/* Hands the buffer to the caller (free() it); sb is reset to empty. */
char *strbuf_detach(struct strbuf *sb, size_t *len);
void strbuf_grow(struct strbuf *sb, size_t extra);
void strbuf_reset(struct strbuf *sb);
void strbuf_setlen(struct strbuf *sb, size_t len);

void strbuf_add(struct strbuf *sb, const void *data, size_t len);
void strbuf_addstr(struct strbuf *sb, const char *s);
void strbuf_addch(struct strbuf *sb, int c);
void strbuf_addchars(struct strbuf *sb, int c, size_t n);
void strbuf_addf(struct strbuf *sb, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void strbuf_vaddf(struct strbuf *sb, const char *fmt, va_list ap);

void strbuf_trim(struct strbuf *sb);
void strbuf_rtrim(struct strbuf *sb);

/* Reads the whole file; returns -1 and sets errno on failure. */
int strbuf_read_file(struct strbuf *sb, const char *path);
int strbuf_read_fd(struct strbuf *sb, int fd);

/* Duplicates or dies: allocation failure is not a recoverable error here. */
void *xmalloc(size_t n);
void *xcalloc(size_t nmemb, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);

/* Grows an array to hold at least nr elements (git's ALLOC_GROW). */
#define ALLOC_GROW(x, nr, alloc) \
	do { \
		if ((nr) > (alloc)) { \
			(alloc) = (alloc) < 16 ? 16 : (alloc) * 2; \
			if ((alloc) < (nr)) \
				(alloc) = (nr); \
			(x) = xrealloc((x), (alloc) * sizeof(*(x))); \
		} \
	} while (0)

/*
 * Many small strings that live and die together: each is copied into a
 * chunk of at least min bytes, and all go in one chunks_free, so thousands
 * cost a few mallocs.
 */
struct chunk;
char *chunks_copy(struct chunk **head, const char *s, size_t n, size_t min);
/* Room for n bytes in a chunk, for strings put together in place. */
char *chunks_alloc(struct chunk **head, size_t n, size_t min);
void chunks_free(struct chunk **head);

#endif
