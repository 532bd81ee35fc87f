#include "json.h"
#include "escape.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Bytes that stand for themselves inside a JSON string (printable ASCII). */
static int plain_byte(unsigned char c)
{
	return c >= 0x20 && c < 0x7f && c != '"' && c != '\\';
}

static char *put_u00(char *w, unsigned char c)
{
	static const char hex[] = "0123456789abcdef";

	memcpy(w, "\\u00", 4);
	w[4] = hex[c >> 4];
	w[5] = hex[c & 15];
	return w + 6;
}

/*
 * The writers below put their bytes straight into room made beforehand
 * (at most 6 bytes a byte of input, plus quotes): output is most of what
 * an import does byte for byte, and a call per piece cost more than the
 * escaping itself.
 */
#define STRING_ROOM(len) (6 * (len) + 2)

/*
 * Whether all eight bytes packed in x are plain_byte()s, tested at once:
 * most of a record's strings need no escape, and a byte at a time was the
 * cost of writing them.
 */
static inline int plain_word(uint64_t x)
{
	const uint64_t ones = 0x0101010101010101ull, highs = 0x8080808080808080ull;
#define HAS_ZERO_BYTE(v) (((v) - ones) & ~(v) & highs)

	/* where no high bit is set, the second term sees each byte below 0x20 */
	return !((x & highs) | ((x - 0x20 * ones) & ~x & highs) | HAS_ZERO_BYTE(x ^ ('"' * ones)) |
		 HAS_ZERO_BYTE(x ^ ('\\' * ones)) | HAS_ZERO_BYTE(x ^ (0x7f * ones)));
#undef HAS_ZERO_BYTE
}

static char *put_string(char *w, const char *str, size_t len)
{
	const unsigned char *s = (const unsigned char *)str;
	size_t i = 0;
	int copied = 0;   /* the bytes just before w are the 8 before s + i */

	*w++ = '"';
	while (i < len) {
		unsigned char c = s[i];
		uint64_t word;
		size_t n;

		if (len - i >= 8) {
			memcpy(&word, s + i, 8);
			if (plain_word(word)) {
				memcpy(w, &word, 8);
				w += 8;
				i += 8;
				copied = 1;
				continue;
			}
		} else if (copied) {
			/* the last bytes as a word that overlaps what was just copied */
			memcpy(&word, s + len - 8, 8);
			if (plain_word(word)) {
				memcpy(w - (8 - (len - i)), &word, 8);
				w += len - i;
				break;
			}
		}
		copied = 0;
		if (plain_byte(c)) {
			*w++ = (char)c;
			i++;
			continue;
		}
		switch (c) {
		case '"': *w++ = '\\'; *w++ = '"'; i++; continue;
		case '\\': *w++ = '\\'; *w++ = '\\'; i++; continue;
		case '\n': *w++ = '\\'; *w++ = 'n'; i++; continue;
		case '\r': *w++ = '\\'; *w++ = 'r'; i++; continue;
		case '\t': *w++ = '\\'; *w++ = 't'; i++; continue;
		}
		if (c < 0x20 || c == 0x7f || !(n = esc_utf8_len(s + i, len - i))) {
			w = put_u00(w, c);
			i++;
			continue;
		}
		/* valid JSON raw, but a terminal showing the line may obey it */
		if (esc_is_c1(s + i, n)) {
			w = put_u00(w, s[i + 1]);
			i += 2;
			continue;
		}
		memcpy(w, s + i, n);
		w += n;
		i += n;
	}
	*w++ = '"';
	return w;
}

void json_add_nstring(struct strbuf *out, const char *str, size_t len)
{
	char *w;

	strbuf_grow(out, STRING_ROOM(len));
	w = put_string(out->buf + out->len, str, len);
	strbuf_setlen(out, w - out->buf);
}

void json_add_string(struct strbuf *out, const char *s)
{
	if (!s)
		strbuf_addstr(out, "null");
	else
		json_add_nstring(out, s, strlen(s));
}

/*
 * A number needs at most 3 bytes more than its text ("-.5" -> "-0.5", "5." -> "5.0");
 * put_plain_number writes at most its text.
 */
#define NUMBER_ROOM(len) ((len) + 4)

/*
 * The common value ("68.01", "0.5", "120"): digits without a leading zero,
 * and a '.' with digits after it, copied while checked, which is what
 * put_number would write.  NULL when value is another form.
 */
static char *put_plain_number(char *w, const char *value)
{
	const char *p = value;

	if (*p == '0' ? p[1] && p[1] != '.' : !(*p >= '1' && *p <= '9'))
		return NULL;
	while (*p >= '0' && *p <= '9')
		*w++ = *p++;
	if (*p == '.') {
		*w++ = *p++;
		if (!(*p >= '0' && *p <= '9'))
			return NULL;
		while (*p >= '0' && *p <= '9')
			*w++ = *p++;
	}
	return *p ? NULL : w;
}

static char *put_number(char *w, const char *value)
{
	const char *p = value;
	char *plain;

	if (value && (plain = put_plain_number(w, value)))
		return plain;
	if (!value || !value_is_number(value)) {
		memcpy(w, "null", 4);
		return w + 4;
	}
	/* JSON wants no '+', no leading zeros and a digit on both sides of '.' */
	if (*p == '+')
		p++;
	if (*p == '-')
		*w++ = *p++;
	while (p[0] == '0' && p[1] >= '0' && p[1] <= '9')
		p++;
	if (*p == '.')
		*w++ = '0';
	for (; *p; p++) {
		*w++ = *p;
		if (*p == '.' && !(p[1] >= '0' && p[1] <= '9'))
			*w++ = '0';
	}
	return w;
}

void json_add_number(struct strbuf *out, const char *value)
{
	char *w;

	strbuf_grow(out, NUMBER_ROOM(value ? strlen(value) : 0));
	w = put_number(out->buf + out->len, value);
	strbuf_setlen(out, w - out->buf);
}

/* The key with its quotes, colon and the comma before it. */
#define PUT_KEY(w, key, first) \
	(memcpy(w, &(",\"" key "\":")[first], sizeof(",\"" key "\":") - 1 - (first)), \
	 (w) + sizeof(",\"" key "\":") - 1 - (first))

/*
 * Written straight into place, two digits a step, its length found from
 * its highest bit: every record has a line and an iteration, and a
 * division a digit showed.
 */
static char *put_int(char *w, long v)
{
	static const char pairs[] = "00010203040506070809101112131415161718192021222324"
				    "25262728293031323334353637383940414243444546474849"
				    "50515253545556575859606162636465666768697071727374"
				    "75767778798081828384858687888990919293949596979899";
	static const unsigned long tens[] = {
		1ul, 10ul, 100ul, 1000ul, 10000ul, 100000ul, 1000000ul, 10000000ul, 100000000ul,
		1000000000ul, 10000000000ul, 100000000000ul, 1000000000000ul, 10000000000000ul,
		100000000000000ul, 1000000000000000ul, 10000000000000000ul,
		100000000000000000ul, 1000000000000000000ul, 10000000000000000000ul,
	};
	unsigned long u = (unsigned long)v;
	size_t len, bits;
	char *e;

	if (v <= 0) {
		memcpy(w, "null", 4);
		return w + 4;
	}
	/* log10(2) is about 1233/4096: one less than the digits, or the digits */
	bits = 8 * sizeof(u) - (size_t)__builtin_clzl(u);
	len = (bits * 1233) >> 12;
	len += u >= tens[len];
	e = w + len;
	while (u >= 10) {
		e -= 2;
		memcpy(e, pairs + 2 * (u % 100), 2);
		u /= 100;
	}
	if (e > w)
		*--e = (char)('0' + u);
	return w + len;
}

enum { F_KERNEL, F_HARDWARE, F_FS, F_OPTIONS, F_DEVICE, F_BENCHMARK, F_METRIC, F_VALUE,
       F_UNIT, F_SOURCE, F_NR };

/*
 * What a writer learnt of a string it wrote: its length, and whether its
 * JSON is its own bytes (a string without escapes, a number as posted),
 * so that it is copied.  Keyed by the pointer, so one slot per string.
 */
struct json_seen {
	const char *str;
	size_t len;
	int verbatim;   /* 1: copy, 0: escape or rewrite, -1: not written yet */
};

#define SEEN_BITS 10

static struct json_seen *seen_slot(struct json_seen *cache, const char *s)
{
	return &cache[((uintptr_t)s * 0x9e3779b97f4a7c15ull) >> (64 - SEEN_BITS)];
}

/* A string is verbatim when nothing was escaped: every escape is longer than its byte. */
static char *put_seen_string(char *w, struct json_seen *e)
{
	char *start = w;

	if (e->verbatim > 0) {
		*w++ = '"';
		memcpy(w, e->str, e->len);
		w += e->len;
		*w++ = '"';
		return w;
	}
	w = put_string(w, e->str, e->len);
	e->verbatim = (size_t)(w - start) == e->len + 2;
	return w;
}

/*
 * A run of a record's JSON that depends only on the strings (and quoted
 * flag) it was written from, kept as written: the records of one block or
 * table share their kernel..benchmark and their source, so most records
 * copy those keys and values in one piece instead of writing each.
 */
#define PIECE_KEYS 6

struct json_piece {
	const char *key[PIECE_KEYS];
	int quoted;
	int valid;
	struct strbuf text;
};

static int piece_is(const struct json_piece *p, const char *const *key, size_t n, int quoted)
{
	size_t i;

	if (!p->valid || p->quoted != quoted)
		return 0;
	for (i = 0; i < n; i++)
		if (p->key[i] != key[i])
			return 0;
	return 1;
}

static void piece_keep(struct json_piece *p, const char *const *key, size_t n, int quoted,
		       const char *text, size_t len)
{
	memcpy(p->key, key, n * sizeof(*key));
	p->quoted = quoted;
	p->valid = 1;
	strbuf_reset(&p->text);
	strbuf_add(&p->text, text, len);
}

/* A table's records take turns between its columns' kernels or file systems. */
#define HEAD_BITS 3

struct json_writer {
	struct json_seen strings[1 << SEEN_BITS];
	struct json_piece head[1 << HEAD_BITS];   /* "kernel" to "benchmark" */
	struct json_piece tail;   /* "source" and "quoted", up to the value of "line" */
};

static struct json_piece *head_slot(struct json_writer *jw, const char *const *f)
{
	uintptr_t h = (uintptr_t)f[F_KERNEL] ^ ((uintptr_t)f[F_FS] << 1) ^
		      ((uintptr_t)f[F_BENCHMARK] << 2) ^ ((uintptr_t)f[F_OPTIONS] << 3);

	return &jw->head[(h * 0x9e3779b97f4a7c15ull) >> (64 - HEAD_BITS)];
}

struct json_writer *json_writer_new(void)
{
	struct json_writer *jw = xcalloc(1, sizeof(struct json_writer));
	size_t i;

	for (i = 0; i < 1u << HEAD_BITS; i++)
		strbuf_init(&jw->head[i].text, 0);
	strbuf_init(&jw->tail.text, 0);
	return jw;
}

void json_writer_free(struct json_writer *jw)
{
	size_t i;

	if (!jw)
		return;
	for (i = 0; i < 1u << HEAD_BITS; i++)
		strbuf_release(&jw->head[i].text);
	strbuf_release(&jw->tail.text);
	free(jw);
}

/* The strings of a record: NULL ones are written as null. */
#define PUT_FIELD(w, e) ((e) ? put_seen_string(w, e) : (memcpy(w, "null", 4), (w) + 4))

/* Without a writer (jw NULL), nothing is remembered beyond the record. */
void json_writer_record(struct json_writer *jw, struct strbuf *out, const struct record *r)
{
	const char *f[F_NR] = { r->kernel, r->hardware, r->fs, r->options, r->device,
				r->benchmark, r->metric, r->value, r->unit, r->source };
	/* copies: two fields' strings may share a slot */
	struct json_seen *e[F_NR], known[F_NR];
	size_t room = 256, i, first = 0, end = F_NR;   /* the fields written, not copied in a piece */
	unsigned learnt = 0;   /* bit i: known[i] is new, for its slot */
	struct json_piece *head = NULL;
	int head_kept = 0, tail_kept = 0;
	char *w, *start;

	if (jw) {
		head = head_slot(jw, f);
		head_kept = piece_is(head, f, PIECE_KEYS, 0);
		tail_kept = piece_is(&jw->tail, &f[F_SOURCE], 1, r->quoted);
		if (head_kept) {
			first = F_METRIC;
			room += head->text.len;
		}
		if (tail_kept) {
			end = F_SOURCE;
			room += jw->tail.text.len;
		}
	}
	for (i = first; i < end; i++) {
		const struct json_seen *slot;

		if (!f[i]) {
			e[i] = NULL;
			continue;
		}
		/* values seldom repeat: a slot for each would only be overwritten */
		slot = jw && i != F_VALUE ? seen_slot(jw->strings, f[i]) : NULL;
		if (slot && slot->str == f[i]) {
			known[i] = *slot;
		} else {
			known[i] = (struct json_seen){ f[i], strlen(f[i]), -1 };
			learnt |= slot ? 1u << i : 0;
		}
		e[i] = &known[i];
		room += STRING_ROOM(known[i].len);
	}
	strbuf_grow(out, room);
	w = out->buf + out->len;
	if (head_kept) {
		memcpy(w, head->text.buf, head->text.len);
		w += head->text.len;
	} else {
		start = w;
		*w++ = '{';
		w = PUT_KEY(w, "kernel", 1);
		w = PUT_FIELD(w, e[F_KERNEL]);
		w = PUT_KEY(w, "hardware", 0);
		w = PUT_FIELD(w, e[F_HARDWARE]);
		w = PUT_KEY(w, "fs", 0);
		w = PUT_FIELD(w, e[F_FS]);
		w = PUT_KEY(w, "options", 0);
		w = PUT_FIELD(w, e[F_OPTIONS]);
		w = PUT_KEY(w, "device", 0);
		w = PUT_FIELD(w, e[F_DEVICE]);
		w = PUT_KEY(w, "benchmark", 0);
		w = PUT_FIELD(w, e[F_BENCHMARK]);
		if (head)
			piece_keep(head, f, PIECE_KEYS, 0, start, (size_t)(w - start));
	}
	w = PUT_KEY(w, "metric", 0);
	w = PUT_FIELD(w, e[F_METRIC]);
	w = PUT_KEY(w, "value", 0);
	w = put_number(w, f[F_VALUE]);
	w = PUT_KEY(w, "unit", 0);
	w = PUT_FIELD(w, e[F_UNIT]);
	w = PUT_KEY(w, "iteration", 0);
	w = put_int(w, r->iteration);
	if (tail_kept) {
		memcpy(w, jw->tail.text.buf, jw->tail.text.len);
		w += jw->tail.text.len;
	} else {
		start = w;
		w = PUT_KEY(w, "source", 0);
		w = PUT_FIELD(w, e[F_SOURCE]);
		w = PUT_KEY(w, "quoted", 0);
		memcpy(w, r->quoted ? "true" : "false", r->quoted ? 4 : 5);
		w += r->quoted ? 4 : 5;
		w = PUT_KEY(w, "line", 0);
		if (jw)
			piece_keep(&jw->tail, &f[F_SOURCE], 1, r->quoted, start, (size_t)(w - start));
	}
	w = put_int(w, r->line);
	*w++ = '}';
	*w++ = '\n';
	strbuf_setlen(out, w - out->buf);
	/* an interim report (fio --status-interval, dd's SIGUSR1) says so; results do not */
	if (r->facts && facts_get(r->facts, "interim")) {
		strbuf_setlen(out, out->len - 2);
		strbuf_addstr(out, ",\"interim\":true}\n");
	}
	for (i = 0; learnt; i++, learnt >>= 1)
		if (learnt & 1)
			*seen_slot(jw->strings, f[i]) = known[i];
}

void json_write_record(struct strbuf *out, const struct record *r)
{
	json_writer_record(NULL, out, r);
}

void json_write_recset(struct strbuf *out, const struct recset *set)
{
	struct json_writer *jw = json_writer_new();
	size_t i;

	for (i = 0; i < set->nr; i++)
		json_writer_record(jw, out, &set->v[i]);
	json_writer_free(jw);
}
