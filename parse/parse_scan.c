#include "parse_scan.h"
#include "parse_duration.h"
#include "parse_terminal.h"
#include "../core/error.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* How far above a block its command may stand (lines of its own output). */
#define COMMAND_REACH 40

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

/* n bytes of r: from its block (made of size bytes at first use), chunks past it. */
static char *room_alloc(struct scan_room *r, size_t n, size_t size)
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

static void room_release(struct scan_room *r)
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
	char *p = memcpy(room_alloc(&sc->lines, n + 1, 4096),
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
	room_release(&sc->lines);
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

static size_t digits(const char *s, size_t len)
{
	size_t i = 0;

	while (i < len && s[i] >= '0' && s[i] <= '9')
		i++;
	return i;
}

/* Whether s is exactly a number as scan_number takes it. */
static int is_number(const char *s, size_t len, int comma)
{
	size_t i = digits(s, len);

	if (!i)
		return 0;
	if (i < len && (s[i] == '.' || (comma && s[i] == ','))) {
		size_t f = digits(s + i + 1, len - i - 1);

		if (!f)
			return 0;
		i += 1 + f;
	}
	if (i < len && (s[i] == 'e' || s[i] == 'E')) {
		size_t j = i + 1, e;

		if (j < len && (s[j] == '-' || s[j] == '+'))
			j++;
		e = digits(s + j, len - j);
		if (!e)
			return 0;
		i = j + e;
	}
	return i == len;
}

/*
 * A number is written as posted, its decimal comma (the only ',' is_number
 * lets by) as '.'.  Byte by byte: numbers are a few bytes, and a memcpy
 * and a memchr call cost more.
 */
static void put_number(char *out, const char *s, size_t len, int comma)
{
	size_t i;

	for (i = 0; i < len; i++)
		out[i] = comma && s[i] == ',' ? '.' : s[i];
}

int scan_number(struct strbuf *out, const char *s, size_t len, int comma)
{
	if (!is_number(s, len, comma))
		return -1;
	strbuf_grow(out, len);
	put_number(out->buf + out->len, s, len, comma);
	strbuf_setlen(out, out->len + len);
	return 0;
}

/* isspace in the C locale, without a ctype call a byte */
static int is_space(char c)
{
	return c == ' ' || (c >= '\t' && c <= '\r');
}

char *scan_label(const char *s, size_t len)
{
	while (len && is_space(*s)) {
		s++;
		len--;
	}
	while (len && (is_space(s[len - 1]) || s[len - 1] == ':'))
		len--;
	return len ? xstrndup(s, len) : NULL;
}

static int is_prompt_end(const struct scan_tok *t)
{
	char c = t->s[t->len - 1];

	return c == '$' || c == '#' || c == '%' || c == '>';
}

static int all_plus(const struct scan_tok *t)
{
	size_t i;

	for (i = 0; i < t->len; i++)
		if (t->s[i] != '+')
			return 0;
	return 1;
}

/* The options of time itself (bash's -p, GNU time's), not the command's. */
static size_t skip_time_options(const struct scan_toks *t, size_t k)
{
	while (k < t->nr && t->v[k].len > 1 && t->v[k].s[0] == '-') {
		if (tok_is(&t->v[k], "-f") || tok_is(&t->v[k], "-o") ||
		    tok_is(&t->v[k], "--format") || tok_is(&t->v[k], "--output"))
			k++;
		k++;
	}
	return k;
}

static char *rest_from(const struct scan_toks *t, size_t k)
{
	if (k >= t->nr)
		return NULL;
	return scan_label(t->v[k].s, strlen(t->v[k].s));
}

char *scan_command_of(const char *line)
{
	struct scan_toks t = SCAN_TOKS_INIT;
	char *cmd = NULL;
	size_t k;

	scan_split(&t, line);
	if (!t.nr)
		goto done;
	for (k = 0; k < t.nr; k++) {
		const struct scan_tok *w = &t.v[k];

		if (!(tok_is(w, "time") || tok_ends(w, "/time")))
			continue;
		/* only at the start of the line or right after a prompt */
		if (k && !(k == 1 ? is_prompt_end(&t.v[0]) || all_plus(&t.v[0])
				  : is_prompt_end(&t.v[k - 1])))
			break;
		cmd = rest_from(&t, skip_time_options(&t, k + 1));
		goto done;
	}
	if (all_plus(&t.v[0]) || tok_is(&t.v[0], "$") || tok_is(&t.v[0], "#") ||
	    tok_is(&t.v[0], "%") ||
	    (t.v[0].len > 1 && (t.v[0].s[t.v[0].len - 1] == '$' || t.v[0].s[t.v[0].len - 1] == '#') &&
	     memchr(t.v[0].s, '@', t.v[0].len)))
		cmd = rest_from(&t, 1);
done:
	scan_toks_release(&t);
	return cmd;
}

/* The block above ends on line idx: its name is the next one's. */
static char *name_of_block_above(struct scan *sc, size_t idx)
{
	if (sc->have_prev && sc->prev_last == idx && sc->prev_name)
		return xstrdup(sc->prev_name);
	return NULL;
}

char *scan_command_above(struct scan *sc, size_t first)
{
	size_t i = first, seen = 0;

	while (i > 0 && !scan_line(sc, i - 1)->used && scan_blank(scan_line(sc, i - 1)))
		i--;
	while (i > 0 && seen < COMMAND_REACH) {
		const struct scan_line *l = scan_line(sc, --i);
		char *cmd;

		if (l->used)
			return seen ? NULL : name_of_block_above(sc, i);
		if (scan_blank(l))
			break;
		cmd = scan_command_of(l->s);
		if (cmd)
			return cmd;
		seen++;
	}
	return NULL;
}

/* How far above a time block its "time CMD" line may stand, over the command's output. */
#define TIME_COMMAND_REACH 2000

char *scan_time_command_above(struct scan *sc, size_t first)
{
	size_t i = first, seen = 0;

	while (i > 0 && seen++ < TIME_COMMAND_REACH) {
		const struct scan_line *l = scan_line(sc, --i);
		char *cmd;

		if (l->used)
			return NULL;
		if (scan_blank(l) || !(cmd = scan_command_of(l->s)))
			continue;
		/* a prompt's "$ time CMD"; a script's own "time CMD" line is not what ran here */
		if (strstr(l->s, " time ") && strncmp(l->s + strspn(l->s, " \t"), "time", 4))
			return cmd;
		free(cmd);
		return NULL;   /* another command: the block is not its output */
	}
	return NULL;
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

/* Room for most blocks' strings (GNU time -v's 22 values take about 500 bytes). */
#define PENDING_ROOM 1024

/*
 * A new value: room for its len bytes and a NUL, returned, and its metric
 * and unit, copied beside it unless kept (they outlive p).
 */
static char *pending_put(struct pending *p, size_t idx, const char *metric, const char *unit,
			 int kept, size_t len)
{
	struct pending_value *v;
	size_t metric_len = kept ? 0 : strlen(metric) + 1;
	size_t unit_len = kept || !unit ? 0 : strlen(unit) + 1;
	char *s;

	ALLOC_GROW(p->v, p->nr + 1, p->alloc);
	v = &p->v[p->nr++];
	v->idx = idx;
	s = room_alloc(&p->strings, len + 1 + metric_len + unit_len, PENDING_ROOM);
	v->value = s;
	s[len] = '\0';
	v->metric = kept ? metric : memcpy(s + len + 1, metric, metric_len);
	v->unit = kept || !unit ? unit : memcpy(s + len + 1 + metric_len, unit, unit_len);
	return s;
}

void pending_add(struct pending *p, size_t idx, const char *metric, const char *unit,
		 const char *value)
{
	size_t len = strlen(value);

	memcpy(pending_put(p, idx, metric, unit, 0, len), value, len);
}

/* The number is checked where it stands and written once, into its value's room. */
static int put_token_number(struct pending *p, size_t idx, const char *metric, const char *unit,
			    int kept, const struct scan_tok *t, size_t n, int comma)
{
	if (t->len < n || !is_number(t->s, t->len - n, comma))
		return -1;
	put_number(pending_put(p, idx, metric, unit, kept, t->len - n), t->s, t->len - n, comma);
	return 0;
}

int pending_number(struct pending *p, size_t idx, const char *metric, const char *unit,
		   const struct scan_tok *t, size_t n, int comma)
{
	return put_token_number(p, idx, metric, unit, 0, t, n, comma);
}

int pending_number_kept(struct pending *p, size_t idx, const char *metric, const char *unit,
			const struct scan_tok *t, size_t n, int comma)
{
	return put_token_number(p, idx, metric, unit, 1, t, n, comma);
}

int pending_duration(struct pending *p, size_t idx, const char *metric,
		     const struct scan_tok *t, size_t n)
{
	struct duration d;

	if (t->len < n || duration_read(&d, t->s, t->len - n) < 0)
		return -1;
	duration_write(pending_put(p, idx, metric, "s", 1, duration_len(&d)), &d);
	return 0;
}

/*
 * A benchmark name goes into every record of its block: one of megabytes
 * (a fio job name) would cost that much a record.  Names are cut here,
 * at a character's start, and the cut is said.
 */
#define BENCHMARK_MAX 1024

static char *cut_name(struct scan *sc, size_t idx, const char *benchmark)
{
	size_t n = BENCHMARK_MAX;

	while (n && ((unsigned char)benchmark[n] & 0xc0) == 0x80)
		n--;
	scan_damaged(sc, idx, "expected a benchmark name of at most %d bytes, not %zu (cut)",
		     BENCHMARK_MAX, strlen(benchmark));
	return xstrndup(benchmark, n);
}

void pending_commit(struct scan *sc, struct pending *p, const char *benchmark)
{
	char *cut = NULL;
	size_t i;

	if (benchmark && p->nr && strnlen(benchmark, BENCHMARK_MAX + 1) > BENCHMARK_MAX)
		benchmark = cut = cut_name(sc, p->v[0].idx, benchmark);

	for (i = 0; i < p->nr; i++) {
		scan_emit(sc, p->v[i].idx, benchmark, p->v[i].metric, p->v[i].value,
			  p->v[i].unit);
		if (!sc->have_prev || p->v[i].idx > sc->prev_last || i == 0)
			sc->prev_last = p->v[i].idx;
		sc->have_prev = 1;
	}
	if (p->nr) {
		/* benchmark may be the name kept from the block before */
		char *name = benchmark ? xstrdup(benchmark) : NULL;

		free(sc->prev_name);
		sc->prev_name = name;
	}
	free(cut);
	pending_clear(p);
}

void pending_clear(struct pending *p)
{
	room_release(&p->strings);
	free(p->v);
	p->v = NULL;
	p->nr = p->alloc = 0;
}

void pending_truncate(struct pending *p, size_t nr)
{
	if (nr < p->nr)
		p->nr = nr;
}

void scan_use(struct scan *sc, size_t first, size_t last)
{
	size_t i;

	for (i = first; i <= last && i < sc->nr; i++)
		scan_line(sc, i)->used = 1;
}

static int match_word(const struct scan_tok *t, const char *w, size_t n)
{
	return t->len == n && !memcmp(t->s, w, n);
}

int scan_match(struct pending *p, size_t idx, const struct scan_toks *t, const char *pattern,
	       const char *const *metrics, const char *const *units)
{
	struct scan_toks pt = SCAN_TOKS_INIT;
	struct pending found = PENDING_INIT;
	size_t k, m = 0, i, j;
	int ret = 1;

	scan_split(&pt, pattern);
	if (pt.nr != t->nr)
		ret = 0;
	/* words first: a line that only looks alike is not damaged */
	for (k = 0; ret && k < pt.nr; k++)
		if (!memmem(pt.v[k].s, pt.v[k].len, "%n", 2) && !match_word(&pt.v[k], "%w", 2) &&
		    !match_word(&t->v[k], pt.v[k].s, pt.v[k].len))
			ret = 0;
	for (k = 0; ret > 0 && k < pt.nr; k++) {
		struct scan_tok num = t->v[k];
		const char *unit;
		char *owned = NULL;

		if (!memmem(pt.v[k].s, pt.v[k].len, "%n", 2))
			continue;
		if (pt.v[k].s[0] == '(') {
			if (!num.len || num.s[0] != '(') {
				ret = -1;
				break;
			}
			num.s++;
			num.len--;
		}
		if (pt.v[k].s[pt.v[k].len - 1] == ',' && tok_ends(&num, ","))
			num.len--;
		unit = units[m];
		if (unit && unit[0] == '%' && unit[1] == 'w') {
			/* the word right after the number is its unit */
			for (j = k + 1; j < pt.nr && !match_word(&pt.v[j], "%w", 2); j++)
				;
			owned = j < pt.nr ? xstrndup(t->v[j].s, t->v[j].len) : xstrdup("");
			if (unit[2]) {
				struct strbuf with = STRBUF_INIT;

				strbuf_addf(&with, "%s%s", owned, unit + 2);
				free(owned);
				owned = strbuf_detach(&with, NULL);
			}
			unit = owned;
		}
		if (pending_number(&found, idx, metrics[m], unit, &num, 0, 0) < 0)
			ret = -1;
		free(owned);
		m++;
	}
	if (ret > 0)
		for (i = 0; i < found.nr; i++)
			pending_add(p, found.v[i].idx, found.v[i].metric, found.v[i].unit,
				    found.v[i].value);
	pending_clear(&found);
	scan_toks_release(&pt);
	return ret;
}
