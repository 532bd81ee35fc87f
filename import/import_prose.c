#include "import_prose.h"
#include "import_context.h"
#include "import_time.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../core/strbuf.h"
#include "../core/util.h"

enum verb { VERB_NONE, VERB_TOOK, VERB_GAVE };

static int word_is(const char *p, const char *word)
{
	size_t n = strlen(word);

	return !strncasecmp(p, word, n) && !isalnum((unsigned char)p[n]) && p[n] != '/';
}

static const struct {
	const char *w;
	size_t rare;   /* where its 'k' or 'v' is */
	enum verb v;
} verbs[] = {
	{ " took ", 4, VERB_TOOK }, { " takes ", 3, VERB_TOOK }, { " gave ", 3, VERB_GAVE },
	{ " gives ", 3, VERB_GAVE },
};

/*
 * The verb whose 'k' or 'v' is at p (rare letters, so that the feature
 * pass looks only there); sets *at to its blank before and *after to the
 * words after it.
 */
static enum verb verb_at(const char *line, const char *p, const char **at, const char **after)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(verbs); i++) {
		const char *w = verbs[i].w;
		size_t k = verbs[i].rare;

		if (w[k] != *p || p[1] != w[k + 1] || (size_t)(p - line) < k || strncmp(p - k, w, k))
			continue;
		if (strncmp(p + 1, w + k + 1, strlen(w + k + 1)))
			continue;
		*at = p - k;
		*after = p - k + strlen(w);
		return verbs[i].v;
	}
	return VERB_NONE;
}

/*
 * Whether the byte before the 'k' or 'v' at p (in text) is the one of a
 * verb: "took", "takes", "gave", "gives".  Most are not ("kernel", "have").
 */
static int verb_may_end(const char *text, const char *p)
{
	if (p == text)
		return 0;
	return *p == 'k' ? p[-1] == 'o' || p[-1] == 'a' : p[-1] == 'a' || p[-1] == 'i';
}

int import_prose_verb_at(const char *text, const char *p)
{
	const char *at, *after;

	return verb_may_end(text, p) && verb_at(text, p, &at, &after) != VERB_NONE;
}

int import_prose_may_start(const char *s)
{
	const char *p;

	for (p = s; *p; p++)
		if ((*p == 'k' || *p == 'v') && import_prose_verb_at(s, p))
			return 1;
	return 0;
}

static const char *const not_subjects[] = {
	"it", "this", "that", "which", "what", "each", "everything", "all", "one", "they",
	"he", "she", "we", "i", "that one", "the whole thing", NULL,
};

/* "untarring", "dbench 16", "the rm -rf": the words of the clause before the verb. */
static char *subject(const char *line, const char *verb)
{
	static const char *const leading[] = { "the ", "and ", "but ", "so ", "then ", "while ", NULL };
	const char *e = verb, *b = verb;
	int words = 0;
	size_t i;
	char *sub;

	while (e > line && e[-1] == ' ')
		e--;
	b = e;
	while (b > line && !strchr(".,;:!?()", b[-1]))
		b--;
	b = import_skip_space(b);
	if (b >= e || !isalpha((unsigned char)*b))
		return NULL;
	for (i = 0; b + i < e; i++)
		if (b[i] == ' ' && b[i + 1] != ' ')
			words++;
	if (words > 3)
		return NULL;
	for (i = 0; leading[i]; i++) {
		size_t n = strlen(leading[i]);

		if (!strncasecmp(b, leading[i], n) && e - b > (ptrdiff_t)n) {
			b += n;
			i = (size_t)-1;
		}
	}
	sub = xstrndup(b, e - b);
	for (i = 0; not_subjects[i]; i++) {
		if (!strcasecmp(sub, not_subjects[i])) {
			free(sub);
			return NULL;
		}
	}
	return sub;
}

/* "45", "123.4", "1:05": where it ends, or NULL */
static const char *number_end(const char *p, int *colon)
{
	const char *e = p;

	*colon = 0;
	if (!isdigit((unsigned char)*p))
		return NULL;
	while (isdigit((unsigned char)*e) || ((*e == '.' || *e == ':') && isdigit((unsigned char)e[1]))) {
		*colon |= *e == ':';
		e++;
	}
	return e;
}

static const char *unit_at(const char *p, enum verb v, const char **unit)
{
	static const char *const seconds[] = { "seconds", "second", "secs", "sec", "s", NULL };
	static const char *const rates[][2] = {
		{ "MB/sec", "MB/s" }, { "MB/s", "MB/s" }, { "KB/s", "KB/s" }, { "kB/s", "kB/s" },
		{ "MiB/s", "MiB/s" }, { "KiB/s", "KiB/s" }, { "GB/s", "GB/s" },
	};
	size_t i;

	p = import_skip_space(p);
	if (v == VERB_TOOK) {
		for (i = 0; seconds[i]; i++) {
			if (word_is(p, seconds[i])) {
				*unit = "s";
				return p + strlen(seconds[i]);
			}
		}
		return NULL;
	}
	for (i = 0; i < ARRAY_SIZE(rates); i++) {
		size_t n = strlen(rates[i][0]);

		if (!strncmp(p, rates[i][0], n) && !isalnum((unsigned char)p[n])) {
			*unit = rates[i][1];
			return p + n;
		}
	}
	return NULL;
}

/* "on ext3": the fs, and where the words after it start */
static const char *fs_at(const char *p, const char **fs)
{
	const char *w;

	*fs = NULL;
	p = import_skip_space(p);
	if (!word_is(p, "on"))
		return p;
	w = import_skip_space(p + 2);
	*fs = import_fs_name(w, strcspn(w, " \t.,;:!?)"));
	return *fs ? w + strcspn(w, " \t.,;:!?)") : p;
}

static int is_comparison(const char *p)
{
	static const char *const words[] = {
		"longer", "shorter", "more", "less", "faster", "slower", "extra", "per", "slower,", NULL,
	};
	size_t i;

	p = import_skip_space(p);
	for (i = 0; words[i]; i++)
		if (word_is(p, words[i]))
			return 1;
	return 0;
}

static int add(struct prose_nums *out, const char *sub, const char *fs, enum verb v,
	       const char *num, const char *num_end, int colon, const char *unit)
{
	struct prose_num *n;
	char *value = colon ? import_seconds(num, num_end - num) : xstrndup(num, num_end - num);

	if (!value || out->nr >= PROSE_MAX) {
		free(value);
		return -1;
	}
	n = &out->v[out->nr++];
	n->benchmark = xstrdup(sub);
	n->fs = fs;
	n->metric = v == VERB_TOOK ? "elapsed" : "throughput";
	n->value = value;
	n->unit = unit;
	return 0;
}

/* "and 38 on ext2", ", 40 seconds on xfs": the next number of the sentence */
static const char *next_part(const char *p)
{
	p = import_skip_space(p);
	if (*p == ',')
		p = import_skip_space(p + 1);
	if (word_is(p, "and"))
		p = import_skip_space(p + 3);
	return isdigit((unsigned char)*p) ? p : NULL;
}

static void read_sentence(struct prose_nums *out, const char *line, const char *verb_pos,
			  enum verb v, const char *p)
{
	const char *e, *unit = NULL, *fs, *u, *first_unit;
	char *sub = subject(line, verb_pos);
	int colon;

	if (!sub)
		return;
	if (!(e = number_end(p, &colon)) || (colon && v != VERB_TOOK))
		goto done;
	u = colon ? e : unit_at(e, v, &unit);
	if (colon)
		unit = "s";
	if (!u || is_comparison(u))
		goto done;
	first_unit = unit;
	u = fs_at(u, &fs);
	if (add(out, sub, fs, v, p, e, colon, unit) || !fs)
		goto done;
	/* further numbers, each with its own fs */
	while ((p = next_part(u)) && (e = number_end(p, &colon))) {
		const char *after = colon ? e : unit_at(e, v, &unit);

		if (!after) {
			after = e;
			unit = first_unit;
		}
		if (unit != first_unit || is_comparison(after))
			break;
		u = fs_at(after, &fs);
		if (!fs || add(out, sub, fs, v, p, e, colon, unit))
			break;
	}
done:
	free(sub);
}

int import_prose_line(struct prose_nums *out, const char *s)
{
	const char *p, *at, *after;
	enum verb v;

	memset(out, 0, sizeof(*out));
	for (p = strpbrk(s, "kv"); p; p = strpbrk(p + 1, "kv"))
		if ((v = verb_at(s, p, &at, &after)))
			read_sentence(out, s, at, v, after);
	return out->nr ? 0 : -1;
}

void import_prose_release(struct prose_nums *n)
{
	size_t i;

	for (i = 0; i < n->nr; i++) {
		free(n->v[i].benchmark);
		free(n->v[i].value);
	}
	n->nr = 0;
}
