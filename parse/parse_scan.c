#include "parse_scan.h"
#include "parse_terminal.h"
#include "../core/error.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

void parse_problems_add(struct parse_problems *p, const char *msg)
{
	ALLOC_GROW(p->v, p->nr + 1, p->alloc);
	p->v[p->nr++] = xstrdup(msg);
}

void parse_problems_warn(void *payload, const char *msg)
{
	parse_problems_add(payload, msg);
}

void parse_problems_release(struct parse_problems *p)
{
	size_t i;

	for (i = 0; i < p->nr; i++)
		free(p->v[i]);
	free(p->v);
	p->v = NULL;
	p->nr = p->alloc = 0;
}

/* Mail quoting: "> ", ">> ", "> > "; what follows is parsed as usual. */
static char *skip_quote(char *s, int *quoted)
{
	*quoted = 0;
	if (*s != '>')
		return s;
	while (*s == '>' || *s == ' ') {
		if (*s == '>')
			*quoted = 1;
		s++;
	}
	return s;
}

char *scan_room_alloc(struct scan_room *r, size_t n, size_t size)
{
	char *s;

	if (!r->buf) {
		r->buf = xmalloc(size);
		r->size = size;
	}
	if (r->size - r->used < n)
		return chunks_alloc(&r->more, n, 512);
	s = r->buf + r->used;
	r->used += n;
	return s;
}

void scan_room_release(struct scan_room *r)
{
	chunks_free(&r->more);
	free(r->buf);
	memset(r, 0, sizeof(*r));
}

/* The copy of text the lines point into, and room for lines lines. */
static void scan_setup(struct scan *sc, struct recset *out, const char *text, size_t len,
		       const struct parse_ctx *ctx, const char *kind, size_t lines)
{
	char *p;

	memset(sc, 0, sizeof(*sc));
	strbuf_init(&sc->copy, len + 1);
	strbuf_add(&sc->copy, text, len);
	for (p = sc->copy.buf; (p = memchr(p, '\0', len - (size_t)(p - sc->copy.buf))); p++)
		*p = 0x1a;
	sc->ctx = ctx;
	sc->kind = kind;
	sc->text = text;
	sc->len = len;
	sc->out = out;
	sc->words_line = (size_t)-1;
	sc->alloc = lines;
	sc->v = xmalloc(sc->alloc * sizeof(*sc->v));
}

/*
 * The line of the copy from p to stop (its '\n' or the end), as a
 * terminal showed it (parse_terminal.h): CRLF, escapes, overwrites.
 */
static void add_line(struct scan *sc, char *p, char *stop, struct strbuf *scratch)
{
	struct scan_line *l;

	stop = p + term_line(p, (size_t)(stop - p), scratch);
	*stop = '\0';
	ALLOC_GROW(sc->v, sc->nr + 1, sc->alloc);
	l = &sc->v[sc->nr++];
	l->no = (long)sc->nr;
	l->off = (size_t)(p - sc->copy.buf);
	l->s = skip_quote(p, &l->quoted);
	l->len = (size_t)(stop - l->s);
	l->used = 0;
}

void scan_open(struct scan *sc, struct recset *out, const char *text, size_t len,
	       const struct parse_ctx *ctx, const char *kind)
{
	struct strbuf scratch = STRBUF_INIT;
	char *p, *end;

	/* room for lines of 40 bytes at once: text's lines are about that long */
	scan_setup(sc, out, text, len, ctx, kind, len / 40 + 16);
	p = sc->copy.buf;
	end = p + sc->copy.len;
	while (p < end) {
		char *nl = memchr(p, '\n', (size_t)(end - p));

		add_line(sc, p, nl ? nl : end, &scratch);
		p = nl ? nl + 1 : end;
	}
	strbuf_release(&scratch);
}

void scan_open_lines(struct scan *sc, struct recset *out, const char *text, const size_t *starts,
		     size_t nr, const struct parse_ctx *ctx, const char *kind)
{
	/* one block: the lines, then a byte each that says whether it is set */
	size_t size = (nr + 1) * (sizeof(*sc->v) + 1);

	memset(sc, 0, sizeof(*sc));
	strbuf_init(&sc->copy, 0);
	sc->ctx = ctx;
	sc->kind = kind;
	sc->text = text;
	sc->len = starts[nr];
	sc->out = out;
	sc->words_line = (size_t)-1;
	sc->starts = starts;
	sc->v = xmalloc(size);
	sc->v_size = size;
	sc->line_set = (unsigned char *)(sc->v + nr + 1);
	memset(sc->line_set, 0, nr + 1);
	sc->nr = nr;
	sc->alloc = nr + 1;
}

/*
 * Line idx of a scan opened with scan_open_lines: copied and set as
 * add_line would.  A message's few lines asked for fit in the room kept
 * from the scan before.
 */
static void set_line(struct scan *sc, size_t idx)
{
	size_t n = sc->starts[idx + 1] - 1 - sc->starts[idx];
	char *p = memcpy(scan_room_alloc(&sc->lines, n + 1, 4096),
			 sc->text + sc->starts[idx], n + 1);
	char *stop = p + n, *nul;
	struct scan_line *l = &sc->v[idx];

	for (nul = memchr(p, '\0', n); nul; nul = memchr(nul + 1, '\0', (size_t)(stop - nul - 1)))
		*nul = 0x1a;
	*stop = '\0';
	if (stop > p && stop[-1] == '\r')
		*--stop = '\0';
	l->no = (long)idx + 1;
	l->off = sc->starts[idx];
	l->used = 0;
	l->quoted = 0;
	l->s = *p == '>' ? skip_quote(p, &l->quoted) : p;
	l->len = (size_t)(stop - l->s);
}

struct scan_line *scan_line(struct scan *sc, size_t idx)
{
	if (sc->starts && !sc->line_set[idx]) {
		set_line(sc, idx);
		sc->line_set[idx] = 1;
	}
	return &sc->v[idx];
}

void scan_release(struct scan *sc)
{
	scan_toks_release(&sc->words);
	scan_toks_release(&sc->next_words);
	sc->words_line = (size_t)-1;
	scan_room_release(&sc->lines);
	free(sc->prev_name);
	sc->prev_name = NULL;
	sc->have_prev = 0;
	sc->starts = NULL;
	strbuf_release(&sc->copy);
	free(sc->v);
	sc->v = NULL;
	sc->v_size = 0;
	sc->nr = sc->alloc = 0;
}

int scan_close(struct scan *sc)
{
	int ret = 0;

	if (!sc->found && sc->damaged)
		ret = BP_ERROR;   /* err_last() holds the first damaged block */
	else if (!sc->found) {
		err_set("%s: no %s output found", sc->ctx->name ? sc->ctx->name : "<input>", sc->kind);
		ret = BP_ENOTFOUND;
	}
	scan_release(sc);
	return ret;
}

int scan_blank(const struct scan_line *l)
{
	const char *p;

	for (p = l->s; *p; p++)
		if (!isspace((unsigned char)*p))
			return 0;
	return 1;
}

const char *scan_skip_blanks(const char *s)
{
	while (*s == ' ' || *s == '\t')
		s++;
	return s;
}

int scan_kernel_shaped(const char *s, size_t n)
{
	size_t k = n && s[0] == 'v' ? 1 : 0, digits = k;

	/* digits, a '.', digits: "0m0.100s" (a letter after the first digits) is no version */
	while (k < n && isdigit((unsigned char)s[k]))
		k++;
	if (k == digits || k + 1 >= n || s[k] != '.' || !isdigit((unsigned char)s[k + 1]))
		return 0;
	for (; k < n; k++)
		if (!isalnum((unsigned char)s[k]) && !strchr(".-+_~", s[k]))
			return 0;
	return 1;
}

int scan_begins(const struct scan_line *l, const char *prefix)
{
	const char *s = l->s;

	while (*s == ' ' || *s == '\t' || *s == '\v' || *s == '\f')
		s++;
	return !strncmp(s, prefix, strlen(prefix));
}

struct record *scan_emit(struct scan *sc, size_t idx, const char *benchmark,
			 const char *metric, const char *value, const char *unit)
{
	struct record r = RECORD_INIT;

	r.benchmark = benchmark ? xstrdup(benchmark) : NULL;
	r.metric = xstrdup(metric);
	r.value = xstrdup(value);
	r.unit = unit ? xstrdup(unit) : NULL;
	r.line = scan_line(sc, idx)->no + sc->ctx->line0;
	r.quoted = scan_line(sc, idx)->quoted;
	sc->found++;
	return recset_take(sc->out, &r);
}

void scan_damaged(struct scan *sc, size_t idx, const char *fmt, ...)
{
	struct strbuf msg = STRBUF_INIT;
	va_list ap;

	strbuf_addf(&msg, "%s:%ld: ", sc->ctx->name ? sc->ctx->name : "<input>",
		    scan_line(sc, idx)->no + sc->ctx->line0);
	va_start(ap, fmt);
	strbuf_vaddf(&msg, fmt, ap);
	va_end(ap);
	if (!sc->damaged)
		err_set("%s", msg.buf);
	bp_warnf(sc->ctx->warn, "%s", msg.buf);
	sc->damaged++;
	strbuf_release(&msg);
}

/* What scan_split does at each byte: 1 for the blanks between words, 2 for the end. */
static const unsigned char split_class[256] = {
	['\0'] = 2, [' '] = 1, ['\t'] = 1, ['\v'] = 1, ['\f'] = 1,
};

void scan_split(struct scan_toks *t, const char *s)
{
	t->nr = 0;
	for (;;) {
		const char *start;

		while (split_class[(unsigned char)*s] == 1)
			s++;
		if (!*s)
			break;
		start = s;
		while (!split_class[(unsigned char)*s])
			s++;
		ALLOC_GROW(t->v, t->nr + 1, t->alloc);
		t->v[t->nr].s = start;
		t->v[t->nr].len = (size_t)(s - start);
		t->nr++;
	}
}

void scan_toks_release(struct scan_toks *t)
{
	free(t->v);
	t->v = NULL;
	t->nr = t->alloc = 0;
}

const struct scan_toks *scan_words(struct scan *sc, size_t idx)
{
	if (sc->words_line != idx) {
		scan_split(&sc->words, scan_line(sc, idx)->s);
		sc->words_line = idx;
	}
	return &sc->words;
}

/* Sets fact key to "true" on the records from index from on (only those of metric, when not NULL). */
static void mark_records(struct scan *sc, size_t from, const char *metric, const char *key)
{
	size_t i;

	for (i = from; i < sc->out->nr; i++) {
		if (metric && strcmp(sc->out->v[i].metric, metric))
			continue;
		if (!sc->out->v[i].facts)
			sc->out->v[i].facts = facts_new();
		facts_set(sc->out->v[i].facts, key, "true");
	}
}

void scan_mark_interim(struct scan *sc, size_t from)
{
	mark_records(sc, from, NULL, "interim");
}

void scan_mark_context(struct scan *sc, size_t from, const char *metric)
{
	mark_records(sc, from, metric, "context");
}

void scan_use(struct scan *sc, size_t first, size_t last)
{
	size_t i;

	for (i = first; i <= last && i < sc->nr; i++)
		scan_line(sc, i)->used = 1;
}
