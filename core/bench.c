#include "bench.h"
#include "error.h"
#include "escape.h"
#include "util.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int hexval(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

static int must_escape(unsigned char c, const char *extra)
{
	return c <= ' ' || c >= 0x7f || c == '%' || (extra && strchr(extra, c));
}

static void add_escaped(struct strbuf *out, unsigned char c)
{
	strbuf_addf(out, "%%%02X", c);
}

/* Undoes %XX escapes; returns -1 on a malformed escape. */
static int unescape(struct strbuf *out, const char *s, size_t len, int space_from_underscore)
{
	size_t i;

	for (i = 0; i < len; i++) {
		if (s[i] == '%') {
			int hi, lo;

			if (i + 2 >= len)
				return -1;
			hi = hexval((unsigned char)s[i + 1]);
			lo = hi < 0 ? -1 : hexval((unsigned char)s[i + 2]);
			/* a NUL would cut the string short when written back */
			if (hi < 0 || lo < 0 || (hi == 0 && lo == 0))
				return -1;
			strbuf_addch(out, hi * 16 + lo);
			i += 2;
		} else if (space_from_underscore && s[i] == '_') {
			strbuf_addch(out, ' ');
		} else {
			strbuf_addch(out, s[i]);
		}
	}
	return 0;
}

void bench_encode_name(struct strbuf *out, const char *benchmark)
{
	const unsigned char *p = (const unsigned char *)(benchmark ? benchmark : "");

	strbuf_addstr(out, "Benchmark");
	if (!*p)
		return;
	/* Go requires a non-lowercase rune after "Benchmark". */
	if (*p >= 'a' && *p <= 'z')
		strbuf_addch(out, toupper(*p));
	else
		add_escaped(out, *p);
	for (p++; *p; p++) {
		if (*p == ' ')
			strbuf_addch(out, '_');
		else if (must_escape(*p, "_"))
			add_escaped(out, *p);
		else
			strbuf_addch(out, *p);
	}
}

int bench_decode_name(char **out, const char *token, size_t len)
{
	struct strbuf sb = STRBUF_INIT;

	if (len < 9 || memcmp(token, "Benchmark", 9))
		return -1;
	token += 9;
	len -= 9;
	if (len && token[0] >= 'A' && token[0] <= 'Z') {
		strbuf_addch(&sb, tolower((unsigned char)token[0]));
		token++;
		len--;
	} else if (len && token[0] != '%') {
		strbuf_release(&sb);
		return -1;
	}
	if (unescape(&sb, token, len, 1) < 0) {
		strbuf_release(&sb);
		return -1;
	}
	*out = strbuf_detach(&sb, NULL);
	return 0;
}

/* Units benchstat and people already know, kept as they are. */
static const struct {
	const char *metric, *unit, *token;
} known_units[] = {
	{ "elapsed", "s", "sec/op" },
	{ "cpu", "%", "%cpu" },
};
#define SEC_SUFFIX "-sec/op"

static int str_eq(const char *a, const char *b)
{
	return !strcmp(a ? a : "", b ? b : "");
}

void bench_encode_unit(struct strbuf *out, const char *metric, const char *unit)
{
	const char *p;
	size_t i;

	metric = metric ? metric : "";
	unit = unit ? unit : "";
	for (i = 0; i < ARRAY_SIZE(known_units); i++) {
		if (!strcmp(metric, known_units[i].metric) && !strcmp(unit, known_units[i].unit)) {
			strbuf_addstr(out, known_units[i].token);
			return;
		}
	}
	if (!*unit && !*metric) {
		strbuf_addch(out, ':');
		return;
	}
	if (!*unit) {
		/* A unit token from foreign Go files (ns/op, B/op) stays as it was. */
		for (p = metric; *p; p++) {
			if (*p == '%' && hexval((unsigned char)p[1]) >= 0 &&
			    hexval((unsigned char)p[2]) >= 0)
				add_escaped(out, '%');
			else if (must_escape((unsigned char)*p, NULL) && *p != '%')
				add_escaped(out, (unsigned char)*p);
			else if (*p == ':')
				add_escaped(out, ':');
			else
				strbuf_addch(out, *p);
		}
		return;
	}
	for (p = metric; *p; p++) {
		if (must_escape((unsigned char)*p, ":/"))
			add_escaped(out, (unsigned char)*p);
		else
			strbuf_addch(out, *p);
	}
	if (!strcmp(unit, "s")) {
		strbuf_addstr(out, SEC_SUFFIX);
		return;
	}
	strbuf_addch(out, ':');
	for (p = unit; *p; p++) {
		if (must_escape((unsigned char)*p, ":"))
			add_escaped(out, (unsigned char)*p);
		else
			strbuf_addch(out, *p);
	}
}

static int decode_part(char **out, const char *s, size_t len)
{
	struct strbuf sb = STRBUF_INIT;

	if (unescape(&sb, s, len, 0) < 0) {
		strbuf_release(&sb);
		return -1;
	}
	*out = strbuf_detach(&sb, NULL);
	return 0;
}

int bench_decode_unit(char **metric, char **unit, const char *token, size_t len)
{
	const char *colon = memchr(token, ':', len);
	size_t i, suffix = strlen(SEC_SUFFIX);

	*metric = *unit = NULL;
	if (colon) {
		if (decode_part(metric, token, (size_t)(colon - token)) < 0 ||
		    decode_part(unit, colon + 1, len - (size_t)(colon - token) - 1) < 0)
			goto fail;
		return 0;
	}
	for (i = 0; i < ARRAY_SIZE(known_units); i++) {
		if (strlen(known_units[i].token) == len &&
		    !memcmp(token, known_units[i].token, len)) {
			*metric = xstrdup(known_units[i].metric);
			*unit = xstrdup(known_units[i].unit);
			return 0;
		}
	}
	if (len >= suffix && !memcmp(token + len - suffix, SEC_SUFFIX, suffix) &&
	    !memchr(token, '/', len - suffix)) {
		if (decode_part(metric, token, len - suffix) < 0)
			goto fail;
		*unit = xstrdup("s");
		return 0;
	}
	if (decode_part(metric, token, len) < 0)
		*metric = xstrndup(token, len);
	*unit = xstrdup("");
	return 0;
fail:
	free(*metric);
	free(*unit);
	*metric = *unit = NULL;
	return -1;
}

/* --- reading --- */

struct reader {
	const char *name;
	long lineno;
	struct facts *cur;       /* configuration in force */
	struct recset out;
	/* per-benchmark sample counters, reset when the configuration changes */
	struct counter {
		char *benchmark;
		int n;
	} *counters;
	size_t counters_nr, counters_alloc;
};

static int next_iteration(struct reader *rd, const char *benchmark)
{
	size_t i;

	for (i = 0; i < rd->counters_nr; i++)
		if (!strcmp(rd->counters[i].benchmark, benchmark))
			return ++rd->counters[i].n;
	ALLOC_GROW(rd->counters, rd->counters_nr + 1, rd->counters_alloc);
	rd->counters[rd->counters_nr].benchmark = xstrdup(benchmark);
	rd->counters[rd->counters_nr].n = 1;
	rd->counters_nr++;
	return 1;
}

static void reset_counters(struct reader *rd)
{
	size_t i;

	for (i = 0; i < rd->counters_nr; i++)
		free(rd->counters[i].benchmark);
	rd->counters_nr = 0;
}

static int is_config_key(const char *s, size_t len)
{
	size_t i;

	if (!len || !(s[0] >= 'a' && s[0] <= 'z'))
		return 0;
	for (i = 0; i < len; i++)
		if (isspace((unsigned char)s[i]) || isupper((unsigned char)s[i]))
			return 0;
	return 1;
}

static int bad_line(struct reader *rd, const char *what)
{
	return err_set("%s:%ld: %s", rd->name, rd->lineno, what);
}

static void set_config(struct reader *rd, const char *key, size_t keylen,
		       const char *value, size_t valuelen)
{
	char *k = xstrndup(key, keylen), *v = xstrndup(value, valuelen);

	if (rd->cur->refcount > 1) {
		struct facts *copy = facts_new();
		size_t i;

		for (i = 0; i < rd->cur->nr; i++)
			facts_set(copy, rd->cur->v[i].key, rd->cur->v[i].value);
		facts_unref(rd->cur);
		rd->cur = copy;
	}
	facts_set(rd->cur, k, v);
	reset_counters(rd);
	free(k);
	free(v);
}

static void fill_from_config(struct record *r, struct facts *cur)
{
	size_t i;
	const char *q;

	for (i = 0; i < record_config_fields_nr; i++) {
		const char *v = facts_get(cur, record_config_fields[i].name);

		if (v && *v)
			record_set(record_field(r, &record_config_fields[i]), v);
	}
	q = facts_get(cur, "quoted");
	r->quoted = q && !strcmp(q, "true");
	r->facts = facts_ref(cur);
}

static int parse_benchmark_line(struct reader *rd, const char *line, size_t len)
{
	const char *tok[2048];
	size_t toklen[2048], ntok = 0, i;
	const char *p = line, *end = line + len;
	char *benchmark = NULL, *endp;
	long long count;
	int iteration;

	while (p < end) {
		while (p < end && isspace((unsigned char)*p))
			p++;
		if (p == end)
			break;
		if (ntok == ARRAY_SIZE(tok))
			return bad_line(rd, "too many fields in benchmark line");
		tok[ntok] = p;
		while (p < end && !isspace((unsigned char)*p))
			p++;
		toklen[ntok] = (size_t)(p - tok[ntok]);
		ntok++;
	}
	if (!ntok || bench_decode_name(&benchmark, tok[0], toklen[0]) < 0)
		return bad_line(rd, "expected a benchmark name (Benchmark<Name> with valid %XX escapes)");
	if (ntok < 2) {
		free(benchmark);
		return bad_line(rd, "expected an iteration count after the benchmark name");
	}
	{
		char *n = xstrndup(tok[1], toklen[1]);

		errno = 0;
		count = strtoll(n, &endp, 10);
		if (errno || *endp || endp == n || count <= 0 || !isdigit((unsigned char)n[0])) {
			free(n);
			free(benchmark);
			return bad_line(rd, "expected a positive whole iteration count");
		}
		free(n);
	}
	if (ntok < 4 || ntok % 2) {
		free(benchmark);
		return bad_line(rd, "expected value and unit pairs after the iteration count");
	}
	for (i = 2; i < ntok; i += 2) {
		char *v = xstrndup(tok[i], toklen[i]);
		int ok = value_is_number(v);

		free(v);
		if (!ok) {
			free(benchmark);
			return bad_line(rd, "expected a number as value");
		}
	}

	iteration = next_iteration(rd, benchmark);
	for (i = 2; i < ntok; i += 2) {
		struct record *r = recset_add(&rd->out, NULL);

		if (bench_decode_unit(&r->metric, &r->unit, tok[i + 1], toklen[i + 1]) < 0) {
			free(benchmark);
			return bad_line(rd, "expected a unit with valid %XX escapes");
		}
		r->value = xstrndup(tok[i], toklen[i]);
		r->benchmark = xstrdup(benchmark);
		r->count = count;
		r->iteration = iteration;
		r->line = rd->lineno;
		fill_from_config(r, rd->cur);
	}
	free(benchmark);
	return 0;
}

static int ignorable(const char *line, size_t len)
{
	/* "go test" chatter that benchstat files also carry */
	return (len == 4 && !memcmp(line, "PASS", 4)) ||
	       (len == 4 && !memcmp(line, "FAIL", 4)) ||
	       (len >= 3 && !memcmp(line, "ok", 2) && isspace((unsigned char)line[2])) ||
	       (len >= 1 && line[0] == '#');
}

static int parse_line(struct reader *rd, const char *line, size_t len)
{
	const char *colon;
	size_t i;

	while (len && (line[len - 1] == '\r' || isspace((unsigned char)line[len - 1])))
		len--;
	for (i = 0; i < len && isspace((unsigned char)line[i]); i++)
		;
	if (i == len)
		return 0;
	if (memchr(line, '\0', len))
		return bad_line(rd, "unexpected NUL byte");
	if (len >= 9 && !memcmp(line, "Benchmark", 9) &&
	    !(len > 9 && line[9] >= 'a' && line[9] <= 'z'))
		return parse_benchmark_line(rd, line, len);
	colon = memchr(line, ':', len);
	if (colon && is_config_key(line, (size_t)(colon - line)) &&
	    ((size_t)(colon - line) + 1 == len || isspace((unsigned char)colon[1]))) {
		const char *v = colon + 1, *vend = line + len;

		while (v < vend && isspace((unsigned char)*v))
			v++;
		set_config(rd, line, (size_t)(colon - line), v, (size_t)(vend - v));
		return 0;
	}
	if (ignorable(line, len))
		return 0;
	return bad_line(rd, "expected a 'key: value' configuration line or a Benchmark line");
}

int bench_parse(struct recset *out, const char *text, size_t len, const char *name)
{
	struct reader rd = { 0 };
	const char *p = text, *end = text + len;
	int ret = 0;
	size_t i;

	rd.name = name ? name : "<input>";
	rd.cur = facts_new();
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t linelen = nl ? (size_t)(nl - p) : (size_t)(end - p);

		rd.lineno++;
		ret = parse_line(&rd, p, linelen);
		if (ret < 0)
			goto done;
		p += linelen + (nl ? 1 : 0);
	}
	for (i = 0; i < rd.out.nr; i++)
		recset_take(out, &rd.out.v[i]);
done:
	recset_release(&rd.out);
	reset_counters(&rd);
	free(rd.counters);
	facts_unref(rd.cur);
	return ret;
}

int bench_read_file(struct recset *out, const char *path)
{
	struct strbuf sb = STRBUF_INIT;
	int ret;

	if (strbuf_read_file(&sb, path) < 0) {
		strbuf_release(&sb);
		return err_set_errno("cannot open '%s'", path);
	}
	ret = bench_parse(out, sb.buf, sb.len, path);
	strbuf_release(&sb);
	return ret;
}

/* --- writing --- */

/* The configuration a record wants in force, in the order it should be written. */
static void desired_config(struct facts *want, const struct record *r)
{
	size_t i;

	if (r->facts) {
		for (i = 0; i < r->facts->nr; i++) {
			const char *key = r->facts->v[i].key;
			const struct record_field *f = record_field_by_name(key);

			if (f)
				facts_set(want, key, record_field_get(r, f));
			else if (!strcmp(key, "quoted"))
				facts_set(want, key, r->quoted ? "true" : "");
			else
				facts_set(want, key, r->facts->v[i].value);
		}
	}
	for (i = 0; i < record_config_fields_nr; i++) {
		const char *v = record_field_get(r, &record_config_fields[i]);

		if (v && !facts_get(want, record_config_fields[i].name))
			facts_set(want, record_config_fields[i].name, v);
	}
	if (r->quoted && !facts_get(want, "quoted"))
		facts_set(want, "quoted", "true");
}

/*
 * Keys and values come from mail and remotes: stored inert (core/escape.h)
 * and bounded, since `git show` and `cat` of a run put them on a terminal.
 */
static void write_config_line(struct strbuf *out, const char *key, const char *value)
{
	size_t len = strlen(value);
	struct strbuf one_line = STRBUF_INIT;
	const char *p;

	esc_addstr(out, key, 0);
	strbuf_addch(out, ':');
	if (*value)
		strbuf_addch(out, ' ');
	if (len <= BENCH_VALUE_MAX && !esc_needed(value, len, ESC_KEEP_TAB)) {
		strbuf_add(out, value, len);
		strbuf_addch(out, '\n');
		return;
	}
	/* A value is one line: newlines from hostile input must not start a new key. */
	for (p = value; *p; p++)
		strbuf_addch(&one_line, (*p == '\n' || *p == '\r') ? ' ' : *p);
	esc_add_bounded(out, one_line.buf, one_line.len, BENCH_VALUE_MAX, ESC_KEEP_TAB);
	strbuf_addch(out, '\n');
	strbuf_release(&one_line);
}

/* Emits the lines that turn cur into want; returns how many it wrote. */
static int switch_config(struct strbuf *out, struct facts *cur, const struct facts *want)
{
	size_t i;
	int written = 0;

	for (i = 0; i < cur->nr; i++) {
		if (*cur->v[i].value && !facts_get(want, cur->v[i].key)) {
			write_config_line(out, cur->v[i].key, "");
			free(cur->v[i].value);
			cur->v[i].value = xstrdup("");
			written++;
		}
	}
	for (i = 0; i < want->nr; i++) {
		const char *have = facts_get(cur, want->v[i].key);

		if (!str_eq(have, want->v[i].value)) {
			write_config_line(out, want->v[i].key, want->v[i].value);
			facts_set(cur, want->v[i].key, want->v[i].value);
			written++;
		}
	}
	return written;
}

static int same_sample(const struct record *a, const struct record *b)
{
	return str_eq(a->benchmark, b->benchmark) && a->iteration == b->iteration &&
	       a->count == b->count;
}

static int same_facts(const struct facts *a, const struct facts *b)
{
	size_t i;

	if (a->nr != b->nr)
		return 0;
	for (i = 0; i < a->nr; i++)
		if (strcmp(a->v[i].key, b->v[i].key) || strcmp(a->v[i].value, b->v[i].value))
			return 0;
	return 1;
}

void bench_write_records(struct strbuf *out, const struct record *v, size_t nr)
{
	struct facts *cur = facts_new();
	size_t i = 0;
	int wrote_any = 0;

	while (i < nr) {
		struct facts *want = facts_new();
		size_t j, k;
		struct strbuf probe = STRBUF_INIT;

		desired_config(want, &v[i]);
		/* The records of one line share configuration, sample, and no metric twice. */
		for (j = i + 1; j < nr && same_sample(&v[i], &v[j]); j++) {
			struct facts *other = facts_new();
			int same, dup = 0;

			desired_config(other, &v[j]);
			same = same_facts(want, other);
			facts_unref(other);
			for (k = i; k < j; k++)
				if (str_eq(v[k].metric, v[j].metric) && str_eq(v[k].unit, v[j].unit))
					dup = 1;
			if (!same || dup)
				break;
		}
		if (switch_config(&probe, cur, want) && wrote_any)
			strbuf_addch(out, '\n');
		strbuf_add(out, probe.buf, probe.len);
		strbuf_release(&probe);
		bench_encode_name(out, v[i].benchmark);
		strbuf_addf(out, " %lld", v[i].count > 0 ? v[i].count : 1);
		for (k = i; k < j; k++) {
			strbuf_addch(out, ' ');
			strbuf_addstr(out, v[k].value ? v[k].value : "0");
			strbuf_addch(out, ' ');
			bench_encode_unit(out, v[k].metric, v[k].unit);
		}
		strbuf_addch(out, '\n');
		wrote_any = 1;
		facts_unref(want);
		i = j;
	}
	facts_unref(cur);
}

void bench_write(struct strbuf *out, const struct recset *set)
{
	bench_write_records(out, set->v, set->nr);
}
