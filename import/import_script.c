#include "import_script.h"
#include "import_context.h"
#include "../core/util.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/*
 * Prose that starts with "time" is not a command: "time to tar zxf".  The
 * lengths are kept beside the words: a line's word is compared only with
 * words as long as it.
 */
#define WORD(w) { w, sizeof(w) - 1 }
static const struct { const char *word; size_t len; } not_commands[] = {
	WORD("to"), WORD("the"), WORD("it"), WORD("is"), WORD("was"), WORD("for"),
	WORD("and"), WORD("of"), WORD("in"), WORD("a"), WORD("that"), WORD("this"),
	WORD("spent"), WORD("i"), WORD("we"), WORD("you"), WORD("taken"), WORD("needed"),
	WORD("goes"), WORD("per"), WORD("on"), WORD("at"), WORD("with"), WORD("from"),
	WORD("out"), WORD("when"), WORD("since"),
};
#undef WORD

char *import_time_command(const char *line)
{
	const char *p = import_skip_space(line), *t, *e;
	size_t i, w;
	char first;

	/* every form below has "time" in it: most lines are done with one search */
	if (!strstr(p, "time"))
		return NULL;
	/* the first byte before each compare: a call to strncmp costs more than most lines' test */
	if (*p == '/' && !strncmp(p, "/usr/bin/time ", 14))
		p += 9;
	if (*p != 't' || strncmp(p, "time ", 5)) {
		/* after a prompt: "# time", "$ time", "]# time", "$ /usr/bin/time" */
		const char *after;

		t = strstr(p, " time ");
		after = t ? t + 1 : NULL;
		if (!t && (t = strstr(p, " /usr/bin/time ")))
			after = t + 10;
		if (!t || t == p || !strchr("#$%>", t[-1]) || t - p > 60)
			return NULL;
		p = after;
	}
	p = import_skip_space(p + 5);
	/* time's own options: -p, -v, -f FORMAT, -o FILE, --portability */
	while (*p == '-') {
		int takes_arg = (p[1] == 'f' || p[1] == 'o') && (p[2] == ' ' || p[2] == '\t');

		p += strcspn(p, " \t");
		p = import_skip_space(p);
		if (takes_arg) {
			if (*p == '"' || *p == '\'') {
				const char *q = strchr(p + 1, *p);

				p = q ? q + 1 : p + strlen(p);
			} else {
				p += strcspn(p, " \t");
			}
			p = import_skip_space(p);
		}
	}
	for (w = 0; isalpha((unsigned char)p[w]); w++)
		;
	first = (char)tolower((unsigned char)*p);
	for (i = 0; i < ARRAY_SIZE(not_commands); i++)
		if (not_commands[i].len == w && not_commands[i].word[0] == first &&
		    !strncasecmp(p, not_commands[i].word, w))
			return NULL;
	if (!*p || *p == '-' || (!isalnum((unsigned char)*p) && !strchr("./~$", *p)))
		return NULL;
	e = p + strlen(p);
	while (e > p && isspace((unsigned char)e[-1]))
		e--;
	return xstrndup(p, e - p);
}

static void expand(struct strbuf *out, const char *w, size_t n, const struct facts *vars)
{
	size_t i = 0;

	while (i < n) {
		const char *dollar = memchr(w + i, '$', n - i);

		/* the bytes up to a '$' go as they are, in one piece */
		if (dollar != w + i) {
			size_t plain = dollar ? (size_t)(dollar - w) - i : n - i;

			strbuf_add(out, w + i, plain);
			i += plain;
			continue;
		}
		if (w[i] == '$' && i + 1 < n) {
			size_t j = i + 1, k;
			int brace = w[j] == '{';
			char *name;
			const char *v;

			if (brace)
				j++;
			for (k = j; k < n && (isalnum((unsigned char)w[k]) || w[k] == '_'); k++)
				;
			name = xstrndup(w + j, k - j);
			v = facts_get(vars, name);
			free(name);
			if (brace && k < n && w[k] == '}')
				k++;
			if (v) {
				strbuf_addstr(out, v);
				i = k;
				continue;
			}
		}
		strbuf_addch(out, w[i++]);
	}
}

char *import_command_name(const char *cmd, const struct facts *vars)
{
	struct strbuf out = STRBUF_INIT, word = STRBUF_INIT;
	const char *p = cmd;
	int skip_next = 0;

	while (*p) {
		const char *w, *base;
		size_t n;

		p = import_skip_space(p);
		if (!*p)
			break;
		w = p;
		while (*p && *p != ' ' && *p != '\t')
			p++;
		if (*w == '|' || *w == ';' || (*w == '&' && p - w <= 2))
			break;
		if (skip_next) {
			skip_next = 0;
			continue;
		}
		if (*w == '>' || *w == '<' || (isdigit((unsigned char)*w) && (w[1] == '>' || w[1] == '<'))) {
			/* "> /dev/null" takes the next word; ">/dev/null" does not */
			skip_next = (size_t)(p - w) <= 2 || w[p - w - 1] == '>';
			continue;
		}
		if (p - w == 1 && *w == '.')
			continue;
		/* a word without '$' is its own expansion: read where it stands */
		n = (size_t)(p - w);
		if (memchr(w, '$', n)) {
			strbuf_reset(&word);
			expand(&word, w, n, vars);
			w = word.buf;
			n = strlen(word.buf);
		}
		/* "if=/dev/zero" is an argument, "/incoming/x.tgz" a path */
		base = memchr(w, '=', n) ? NULL : memrchr(w, '/', n);
		base = base ? base + 1 : w;
		if (base == w + n)
			continue;
		if (out.len)
			strbuf_addch(&out, ' ');
		strbuf_add(&out, base, (size_t)(w + n - base));
	}
	strbuf_release(&word);
	if (!out.len) {
		strbuf_release(&out);
		return NULL;
	}
	return strbuf_detach(&out, NULL);
}

/* "1024k" -> bytes; 0 when it is not a size. */
static unsigned long long size_of(const char *s)
{
	char *end;
	unsigned long long v = strtoull(s, &end, 10);

	if (end == s)
		return 0;
	switch (tolower((unsigned char)*end)) {
	case 'k': return v << 10;
	case 'm': return v << 20;
	case 'g': return v << 30;
	case '\0': case ' ': return v;
	}
	return 0;
}

static unsigned long long dd_arg(const char *expanded, const char *key)
{
	const char *p = strstr(expanded, key);

	return p && (p == expanded || p[-1] == ' ') ? size_of(p + strlen(key)) : 0;
}

char *import_step_name(const char *label, const char *cmd, const struct facts *vars)
{
	struct strbuf out = STRBUF_INIT, full = STRBUF_INIT;
	const char *p = import_skip_space(cmd);
	size_t w = strcspn(p, " \t");

	strbuf_addstr(&out, label);
	if (w == strlen(label) && !strncmp(p, label, w))
		return strbuf_detach(&out, NULL);
	strbuf_addstr(&out, " (");
	strbuf_add(&out, p, w);
	if (w == 2 && !strncmp(p, "dd", 2)) {
		unsigned long long bs, count;

		expand(&full, p, strlen(p), vars);
		bs = dd_arg(full.buf, "bs=");
		count = dd_arg(full.buf, "count=");
		if (bs && count && !((bs * count) & ((1 << 20) - 1)))
			strbuf_addf(&out, " %llu MB", (bs * count) >> 20);
	}
	strbuf_addch(&out, ')');
	strbuf_release(&full);
	return strbuf_detach(&out, NULL);
}

int import_is_script(const char *cmd)
{
	size_t n = strcspn(cmd, " \t");

	return !strncmp(cmd, "./", 2) || !strncmp(cmd, "sh ", 3) || !strncmp(cmd, "bash ", 5) ||
	       (n > 3 && !strncmp(cmd + n - 3, ".sh", 3));
}

char *import_echo_label(const char *line)
{
	const char *p = import_skip_space(line), *e;

	/* asked of every line: the first byte turns nearly all away */
	if (*p != 'e' || strncmp(p, "echo ", 5))
		return NULL;
	p = import_skip_space(p + 5);
	if (*p == '"' || *p == '\'')
		p++;
	e = p;
	while (isalnum((unsigned char)*e) || *e == ' ' || *e == '-' || *e == '_')
		e++;
	if (e == p || *e != ':')
		return NULL;
	e++;
	if (*e == '"' || *e == '\'')
		e++;
	if (*import_skip_space(e))
		return NULL;
	return xstrndup(p, strcspn(p, ":"));
}

/* The bytes of a shell variable's name (isalnum in the C locale, and '_'). */
static const unsigned char name_byte[256] = {
	['0' ... '9'] = 1, ['A' ... 'Z'] = 1, ['a' ... 'z'] = 1, ['_'] = 1,
};

/* "NAME=value" at p, its first byte already seen to start a name: remembered in vars. */
static int assignment_at(struct facts *vars, const char *p)
{
	const char *eq;
	char *name, *value;

	for (eq = p; name_byte[(unsigned char)*eq]; eq++)
		;
	if (*eq != '=' || !eq[1] || strpbrk(eq + 1, " \t"))
		return 0;
	name = xstrndup(p, eq - p);
	value = xstrdup(eq + 1);
	facts_set(vars, name, value);
	free(name);
	free(value);
	return 1;
}

int import_shell_assignment(struct facts *vars, const char *line)
{
	const char *p = import_skip_space(line);

	/* asked of every line: a name starts with a capital (the C locale's isupper) or '_' */
	if (!(*p >= 'A' && *p <= 'Z') && *p != '_')
		return 0;
	return assignment_at(vars, p);
}
