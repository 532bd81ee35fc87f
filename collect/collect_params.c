#include "collect_internal.h"
#include "../core/error.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* --param test.key=value: the last one given wins. */
static const char *find(const char *const *params, const char *test, const char *key)
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

const char *collect_param(const struct collect_ctx *c, const char *key, const char *quick,
			  const char *standard)
{
	const char *v = find(c->opts->params, c->test->name, key);

	if (v)
		return v;
	return !strcmp(c->suite->name, "quick") ? quick : standard;
}

long collect_param_num(const struct collect_ctx *c, const char *key, long quick, long standard)
{
	const char *v = find(c->opts->params, c->test->name, key);

	/* collect_params_check has made sure it is a positive number. */
	if (v)
		return strtol(v, NULL, 10);
	return !strcmp(c->suite->name, "quick") ? quick : standard;
}

/* Checks every --param names a known test and setting, and --test names known tests. */
int collect_params_check(const char *const *params, const char *const *tests)
{
	for (; tests && *tests; tests++)
		if (!collect_test_find(*tests))
			return err_set("unknown test '%s'", *tests);
	for (; params && *params; params++) {
		const char *p = *params, *dot = strchr(p, '.'), *eq = strchr(p, '=');
		const struct collect_test *t;
		struct strbuf name = STRBUF_INIT;
		size_t i;
		int known = 0;

		if (!dot || !eq || eq < dot)
			return err_set("--param '%s': expected test.key=value", p);
		strbuf_add(&name, p, (size_t)(dot - p));
		t = collect_test_find(name.buf);
		strbuf_release(&name);
		if (!t)
			return err_set("--param '%s': unknown test '%.*s'", p, (int)(dot - p), p);
		for (i = 0; t->params && t->params[i]; i++)
			if (strlen(t->params[i]) == (size_t)(eq - dot - 1) &&
			    !strncmp(t->params[i], dot + 1, (size_t)(eq - dot - 1)))
				known = 1;
		if (!known)
			return err_set("--param '%s': %s has no setting '%.*s'", p, t->name,
				       (int)(eq - dot - 1), dot + 1);
		/* Text settings: a path and fio's block size ("4k"); the rest are counts. */
		if (strncmp(dot + 1, "loadfile=", 9) && strncmp(dot + 1, "block=", 6)) {
			char *end;
			long v;

			errno = 0;
			v = strtol(eq + 1, &end, 10);
			if (errno || *end || end == eq + 1 || v <= 0)
				return err_set("--param '%s': expected a positive whole number", p);
		}
	}
	return 0;
}
