#include "import_context.h"
#include "import_keyvalue.h"
#include "import_negative.h"
#include "import_prose_words.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../core/strbuf.h"
#include "../core/util.h"

/*
 * "key: value" lines (import_keyvalue.h says which).  The label is split
 * into words; a word that names a fact of the machine or of the set-up
 * makes the line context, whatever its value.
 */

#define LABEL_MAX 64
#define LABEL_WORDS 8

/* Labels of facts of the machine and of the set-up, not results (the first word of a label, or either of two). */
static const char *const fact_words[] = {
	"memory", "mem", "ram", "cpu", "cpus", "processor", "processors", "model", "disk", "disks",
	"drive", "drives", "device", "devices", "hdd", "ssd", "kernel", "kernels", "date", "version",
	"ver", "release", "swap", "size", "filesize", "blocksize", "bs", "block-size", "uptime", "load",
	"loadavg", "machine", "host", "hostname", "hardware", "config", "configuration", "mount",
	"options", "fs", "filesystem", "partition", "controller", "bus", "link", "interface",
	"network", "nic", "started", "start", "begin", "end", "ended", "stop", "stopped",
	"timestamp", "when", "runtime", "timeout", "interval", "delay", "period", "warmup",
	"ramp_time", "duration", "iodepth", "numjobs", "jobs", "threads", "clients", "procs", "from",
	"to", "subject", "cc", "sent", "received", "price", "cache", "buffer", "journal", "queue",
	"sectors", "capacity", "bogomips", "mhz", "ghz", "frequency", "sleep", "wait", "think",
};

/* Words that make a label a bound or a rate of something else ("Max bandwidth:", "per process"): no value read. */
static const char *const bound_words[] = {
	"max", "maximum", "min", "minimum", "limit", "rated", "theoretical", "per", "each", "every",
	"left", "remaining", "ago", "eta",
};

/* Label words that name a metric, not what was measured. */
static const char *const metric_words[] = {
	"throughput", "bandwidth", "bw", "elapsed", "real", "wall", "user", "sys", "system", "total",
	"average", "avg", "mean", "median", "iops", "rate", "speed", "time", "times", "result",
	"results", "score", "overall", "clock",
};

static int in_list(const struct pword *w, const char *const *list, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (prose_word_eq(w, list[i]))
			return 1;
	return 0;
}

/* The separator after the label: ": ", " : ", " = "; *value where what follows starts. */
static const char *separator(const char *b, const char **value)
{
	const char *p;

	for (p = b; *p && p - b <= LABEL_MAX; p++) {
		if (*p == ':' && p > b && (p[1] == ' ' || p[1] == '\t')) {
			*value = p + 1;
			return p;
		}
		if ((*p == ' ' || *p == '\t') && p[1] == '=' && (p[2] == ' ' || p[2] == '\t')) {
			*value = p + 2;
			return p;
		}
		/* "a=1", "http://", "1:05": no label of a result */
		if (*p == '=' || (*p == ':' && p[1] == '/'))
			return NULL;
	}
	return NULL;
}

/* The words of [b, e); how many (LABEL_WORDS + 1: too many). */
static size_t label_words(struct pword *w, const char *b, const char *e)
{
	size_t n = 0;
	const char *p = b;

	while (n <= LABEL_WORDS && prose_next_word(&w[n], p, e)) {
		p = w[n].s + w[n].n;
		if (++n > LABEL_WORDS)
			break;
	}
	return n;
}

/* "Memory:", "Link speed:", "File size:": a label whose first word, or either of two, is of the list */
static int label_is(const struct pword *w, size_t n, const char *const *list, size_t nlist)
{
	size_t i;

	for (i = 0; i < n && (i == 0 || n <= 2); i++)
		if (in_list(&w[i], list, nlist))
			return 1;
	return 0;
}

static int is_fact(const struct pword *w, size_t n)
{
	return label_is(w, n, fact_words, ARRAY_SIZE(fact_words));
}

/* "Max bandwidth:", "Min throughput per process": a bound; "build (min)" is a unit */
static int is_bound(const struct pword *w, size_t n)
{
	if (n > 1 && w[n - 1].s[-1] == '(')
		n--;
	return label_is(w, n, bound_words, ARRAY_SIZE(bound_words));
}

/* Whether every word is a metric's or names nothing ("Total time", "Throughput"). */
static int names_nothing(const struct pword *w, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!in_list(&w[i], metric_words, ARRAY_SIZE(metric_words)) && !prose_word_is(&w[i], PW_GENERIC) &&
		    !prose_word_is(&w[i], PW_TIME_NOUN) && !prose_word_is(&w[i], PW_LEADING))
			return 0;
	return 1;
}

/*
 * "Average Files/sec", "Elapsed (min)": a unit as the label's last word
 * gives a bare value its unit (a duration worked out in seconds); 0 when
 * the word is no unit of a rate or a duration.
 */
static int label_unit(struct quantity *q, const struct pword *last)
{
	struct strbuf sb = STRBUF_INIT;
	struct quantity with;
	const char *s = last->s;
	size_t n = last->n, number;
	int ok;

	if (n && *s == '(' && s[n - 1] == ')') {
		s++;
		n -= 2;
	}
	strbuf_addf(&sb, "%s ", q->value);
	number = sb.len;
	strbuf_add(&sb, s, n);
	ok = !import_quantity(&with, sb.buf) && with.len == sb.len && number < sb.len &&
	     (with.kind == QUANTITY_RATE || with.kind == QUANTITY_DURATION);
	if (ok) {
		with.len = q->len;
		with.approx = q->approx;
		*q = with;
	}
	strbuf_release(&sb);
	return ok;
}

/* The metric a duration's label names: "user: 1.2s", "sys: 0.4s". */
static const char *label_metric(const struct pword *w, size_t n, const struct quantity *q)
{
	size_t i;

	if (q->kind == QUANTITY_DURATION) {
		for (i = 0; i < n; i++) {
			if (prose_word_eq(&w[i], "user"))
				return "user";
			if (prose_word_eq(&w[i], "sys") || prose_word_eq(&w[i], "system"))
				return "sys";
		}
	}
	return q->metric ? q->metric : "value";
}

/* The values after the separator, ", " between them; how many, -1 when what follows is more than a note. */
static int read_values(struct kv_line *out, const char *line, const char *v)
{
	while (out->nr < KV_MAX) {
		struct kv_item *it = &out->v[out->nr];

		while (*v == ' ' || *v == '\t')
			v++;
		if (!(isdigit((unsigned char)*v) || (*v == '~' && isdigit((unsigned char)v[1]))) ||
		    import_quantity(&it->q, v))
			return -1;
		it->at = (size_t)(v - line);
		out->nr++;
		v += it->q.len;
		while (*v == ' ' || *v == '\t')
			v++;
		if (*v != ',')
			break;
		v++;
	}
	/* nothing after, or a note in parentheses */
	return !*v || *v == '(' ? 0 : -1;
}

/* Bytes [s, s + n) with each run of blanks one space: "seq.  create" is "seq. create". */
static void add_words(struct strbuf *sb, const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		int blank = isspace((unsigned char)s[i]);

		if (!blank)
			strbuf_addch(sb, s[i]);
		else if (sb->len && sb->buf[sb->len - 1] != ' ')
			strbuf_addch(sb, ' ');
	}
}

/* "seq. create, read, del": the names of a list of n, the first part's words before its last shared. */
static int list_names(struct kv_line *out, const char *b, const char *e)
{
	const char *parts[KV_MAX + 1], *p;
	size_t np = 0, i, prefix;

	parts[np++] = b;
	for (p = b; p < e; p++)
		if (*p == ',' && np <= KV_MAX)
			parts[np++] = p + 1;
	if (np != out->nr)
		return -1;
	/* the prefix: the first part up to its last word */
	for (prefix = (size_t)((np > 1 ? parts[1] - 1 : e) - b); prefix > 0 && b[prefix - 1] != ' '; prefix--)
		;
	for (i = 0; i < np; i++) {
		const char *s = parts[i], *t = i + 1 < np ? parts[i + 1] - 1 : e;
		struct strbuf sb = STRBUF_INIT;

		if (i == 0)
			s += prefix;
		while (s < t && isspace((unsigned char)*s))
			s++;
		while (t > s && isspace((unsigned char)t[-1]))
			t--;
		if (s == t || memchr(s, ' ', (size_t)(t - s)))
			return -1;
		add_words(&sb, b, prefix);
		add_words(&sb, s, (size_t)(t - s));
		out->v[i].name = strbuf_detach(&sb, NULL);
	}
	return 0;
}

/* "2.4.21-4.EL", "3.10.0-957.el7": a vendor's kernel, by its three-part version and whatever follows */
static int three_part_version(const char *s, size_t n)
{
	size_t i = 0;
	int part;

	for (part = 0; part < 3; part++) {
		size_t d = i;

		while (i < n && isdigit((unsigned char)s[i]))
			i++;
		if (i == d || (part < 2 && (i >= n || s[i++] != '.')))
			return 0;
	}
	return i == n || s[i] == '-' || s[i] == '.';
}

static int one_value(struct kv_line *out, const char *b, const char *e, struct pword *w, size_t n)
{
	struct kv_item *it = &out->v[0];
	const struct pword *last = &w[n - 1];

	if (it->q.kind == QUANTITY_NUMBER && label_unit(&it->q, last)) {
		e = last->s;
		n--;
	}
	if (it->q.kind != QUANTITY_DURATION && it->q.kind != QUANTITY_RATE)
		return -1;
	it->metric = label_metric(w, n, &it->q);
	if (!n)
		return 0;
	/* "2.6.23-rmap: 77.85 MB/sec": the label is the kernel */
	last = &w[n - 1];
	if (n <= 3 && (import_is_kernel(last->s, last->n) || three_part_version(last->s, last->n) ||
		       (memchr(last->s, '.', last->n) && prose_is_kernel(last->s, last->n, 1)))) {
		out->kernel = xstrndup(last->s, last->n);
		return 0;
	}
	if (!names_nothing(w, n)) {
		struct strbuf sb = STRBUF_INIT;

		while (e > b && (isspace((unsigned char)e[-1]) || e[-1] == '('))
			e--;
		add_words(&sb, b, (size_t)(e - b));
		it->name = strbuf_detach(&sb, NULL);
	}
	return 0;
}

int import_keyvalue_fact(const char *s)
{
	struct pword w[LABEL_WORDS + 1];
	const char *b = import_skip_space(s), *e, *v;
	size_t n;

	if (!isalnum((unsigned char)*b) || !(e = separator(b, &v)) || !strpbrk(v, "0123456789"))
		return 0;
	/* "Kernel:\t2.6.5\t2.6.6": values in columns head a table */
	v = import_skip_space(v);
	if (strchr(v, '\t') || strstr(v, "  "))
		return 0;
	n = label_words(w, b, e);
	return n && n <= LABEL_WORDS && is_fact(w, n);
}

size_t import_negative_setup(const struct neg_line *l, const struct qline *v, size_t nr, size_t i)
{
	/* separator()'s ": ", ":\t", " = " and the like hold one of them */
	const uint64_t separators = NEG_BIT(COLON_SPACE) | NEG_BIT(COLON_TAB) | NEG_BIT(SPACE_EQUALS) |
				    NEG_BIT(TAB_EQUALS);

	(void)nr;
	/*
	 * a fact's label starts with a letter or digit, a separator follows
	 * it and its value holds a digit: most lines lack one of them
	 */
	if (!isalnum((unsigned char)*l->s) || !neg_has(l, separators) || !strpbrk(l->s, "0123456789"))
		return 0;
	return import_keyvalue_fact(v[i].text);
}

int import_keyvalue_line(struct kv_line *out, const char *s)
{
	struct pword w[LABEL_WORDS + 1];
	const char *b = import_skip_space(s), *e, *v;
	size_t n, i;

	memset(out, 0, sizeof(*out));
	if (!isalnum((unsigned char)*b) || !(e = separator(b, &v)))
		return -1;
	n = label_words(w, b, e);
	if (!n || n > LABEL_WORDS || is_fact(w, n) || is_bound(w, n))
		return -1;
	if (read_values(out, s, v))
		goto refused;
	if (out->nr == 1) {
		if (one_value(out, b, e, w, n))
			goto refused;
		return 0;
	}
	for (i = 0; i < out->nr; i++) {
		if (out->v[i].q.kind == QUANTITY_PERCENT)
			goto refused;
		out->v[i].metric = label_metric(w, n, &out->v[i].q);
	}
	if (list_names(out, b, e))
		goto refused;
	return 0;
refused:
	import_keyvalue_release(out);
	return -1;
}

void import_keyvalue_release(struct kv_line *kv)
{
	size_t i;

	for (i = 0; i < KV_MAX; i++) {
		free(kv->v[i].name);
		kv->v[i].name = NULL;
	}
	free(kv->kernel);
	kv->kernel = NULL;
	kv->nr = 0;
}
