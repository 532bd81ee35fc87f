/*
 * Numbers as posted and the values of one block, held until the block
 * is read whole (parse_scan.h).
 */
#include "parse_scan.h"
#include "parse_duration.h"

#include <stdlib.h>
#include <string.h>

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
	s = scan_room_alloc(&p->strings, len + 1 + metric_len + unit_len, PENDING_ROOM);
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
	scan_room_release(&p->strings);
	free(p->v);
	p->v = NULL;
	p->nr = p->alloc = 0;
}

void pending_truncate(struct pending *p, size_t nr)
{
	if (nr < p->nr)
		p->nr = nr;
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
