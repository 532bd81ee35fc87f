#include "collect_internal.h"
#include "../core/error.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/*
 * --param test.key=value: a test's settings and their quick and standard
 * defaults live in the test table (collect_tests.c); the checks, the
 * lookups and --help are derived from it.
 */

/* The last --param test.key= given wins. */
static const char *given(const char *const *params, const char *test, const char *key)
{
	size_t tl = strlen(test), kl = strlen(key);
	const char *found = NULL;

	for (; params && *params; params++) {
		const char *p = *params;

		if (!strncmp(p, test, tl) && p[tl] == '.' && !strncmp(p + tl + 1, key, kl) &&
		    p[tl + 1 + kl] == '=')
			found = p + tl + 2 + kl;
	}
	return found;
}

static int param_index(const struct collect_test *t, const char *key, size_t len)
{
	int i;

	for (i = 0; t->params && t->params[i]; i++)
		if (strlen(t->params[i]) == len && !strncmp(t->params[i], key, len))
			return i;
	return -1;
}

static const char *default_of(const struct collect_test *t, int i, const char *suite)
{
	return !strcmp(suite, "quick") ? t->quick[i] : t->standard[i];
}

/* A setting is a count when its default is one; the others are text (a path, "4k"). */
static int is_count(const struct collect_test *t, int i)
{
	const char *d = t->quick[i];

	return d[strspn(d, "0123456789")] == '\0';
}

const char *collect_param(const struct collect_ctx *c, const char *key)
{
	const char *v = given(c->opts->params, c->test->name, key);
	int i = param_index(c->test, key, strlen(key));

	if (v)
		return v;
	return i < 0 ? "" : default_of(c->test, i, c->suite->name);
}

long collect_param_num(const struct collect_ctx *c, const char *key)
{
	/* collect_check_selection has made sure a given count is a positive number. */
	return strtol(collect_param(c, key), NULL, 10);
}

static int unknown_test(const char *what, const char *name, size_t len)
{
	struct strbuf known = STRBUF_INIT;
	int ret;

	collect_test_names(&known, ", ");
	ret = err_set("%sunknown test '%.*s'; known: %s", what, (int)len, name, known.buf);
	strbuf_release(&known);
	return ret;
}

static int check_param(const char *p)
{
	const char *dot = strchr(p, '.'), *eq = strchr(p, '=');
	const struct collect_test *t;
	struct strbuf name = STRBUF_INIT, prefix = STRBUF_INIT;
	int i, ret = 0;

	if (!dot || !eq || eq < dot)
		return err_set("--param '%s': expected test.key=value", p);
	strbuf_add(&name, p, (size_t)(dot - p));
	t = collect_test_find(name.buf);
	if (!t) {
		strbuf_addf(&prefix, "--param '%s': ", p);
		ret = unknown_test(prefix.buf, p, (size_t)(dot - p));
		goto done;
	}
	i = param_index(t, dot + 1, (size_t)(eq - dot - 1));
	if (i < 0) {
		struct strbuf keys = STRBUF_INIT;
		int k;

		for (k = 0; t->params && t->params[k]; k++)
			strbuf_addf(&keys, "%s%s", k ? ", " : "", t->params[k]);
		ret = err_set("--param '%s': %s has no setting '%.*s'%s%s", p, t->name,
			      (int)(eq - dot - 1), dot + 1, keys.len ? "; it has: " : "",
			      keys.len ? keys.buf : "");
		strbuf_release(&keys);
		goto done;
	}
	if (is_count(t, i)) {
		char *end;
		long v;

		errno = 0;
		v = strtol(eq + 1, &end, 10);
		if (errno || *end || end == eq + 1 || v <= 0)
			ret = err_set("--param '%s': expected a positive whole number", p);
	} else if (!eq[1]) {
		ret = err_set("--param '%s': expected a value", p);
	}
done:
	strbuf_release(&name);
	strbuf_release(&prefix);
	return ret;
}

int collect_check_selection(const char *const *tests, const char *const *params)
{
	for (; tests && *tests; tests++) {
		if (!**tests) {
			struct strbuf known = STRBUF_INIT;
			int ret;

			collect_test_names(&known, ", ");
			ret = err_set("--test: an empty test name; expected some of: %s", known.buf);
			strbuf_release(&known);
			return ret;
		}
		if (!collect_test_find(*tests))
			return unknown_test("", *tests, strlen(*tests));
	}
	for (; params && *params; params++)
		if (check_param(*params) < 0)
			return BP_ERROR;
	return 0;
}

void collect_test_names(struct strbuf *out, const char *sep)
{
	const struct collect_test *t;

	for (t = collect_tests; t->name; t++)
		strbuf_addf(out, "%s%s", t == collect_tests ? "" : sep, t->name);
}

void collect_param_help(struct strbuf *out, const char *indent, size_t width)
{
	const struct collect_test *t;
	size_t col = 0;
	int i;

	for (t = collect_tests; t->name; t++) {
		for (i = 0; t->params && t->params[i]; i++) {
			struct strbuf item = STRBUF_INIT;

			strbuf_addf(&item, "%s.%s=%s", t->name, t->params[i], t->quick[i]);
			if (strcmp(t->quick[i], t->standard[i]))
				strbuf_addf(&item, "/%s", t->standard[i]);
			if (col && col + 1 + item.len > width) {
				strbuf_addch(out, '\n');
				col = 0;
			}
			if (!col) {
				strbuf_addstr(out, indent);
				col = strlen(indent);
			} else {
				strbuf_addch(out, ' ');
				col++;
			}
			strbuf_add(out, item.buf, item.len);
			col += item.len;
			strbuf_release(&item);
		}
	}
	if (col)
		strbuf_addch(out, '\n');
}
