#include "options.h"
#include "strbuf.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void argument_name(struct strbuf *sb, const struct option *o)
{
	size_t i;

	if (o->type == OPT_BOOL_)
		return;
	if (o->type == OPT_CHOICE_) {
		strbuf_addch(sb, ' ');
		for (i = 0; o->choices[i]; i++)
			strbuf_addf(sb, "%s%s", i ? "|" : "", o->choices[i]);
		return;
	}
	strbuf_addf(sb, " %s", o->argh ? o->argh : "VALUE");
}

/* What -h, --help says of itself; every table has it without listing it. */
static const char help_help[] = "show this help";

void opt_usage(void *file, const struct option *opts, const char *const *usage)
{
	FILE *f = file;
	const struct option *o;
	size_t i;

	for (i = 0; usage && usage[i]; i++)
		fprintf(f, "%s%s\n", i ? "   or: " : "usage: ", usage[i]);
	fputc('\n', f);
	for (o = opts; o->type != OPT_END_; o++) {
		struct strbuf sb = STRBUF_INIT;

		strbuf_addstr(&sb, "    ");
		if (o->short_name)
			strbuf_addf(&sb, "-%c", o->short_name);
		if (o->short_name && o->long_name)
			strbuf_addstr(&sb, ", ");
		if (o->long_name)
			strbuf_addf(&sb, "--%s", o->long_name);
		argument_name(&sb, o);
		if (sb.len < 30)
			strbuf_addchars(&sb, ' ', 30 - sb.len);
		else
			strbuf_addf(&sb, "\n%30s", "");
		strbuf_addstr(&sb, o->help ? o->help : "");
		fprintf(f, "%s\n", sb.buf);
		strbuf_release(&sb);
	}
	fprintf(f, "    -h, --help                %s\n", help_help);
}

static const char *const type_names[] = {
	[OPT_BOOL_] = "bool", [OPT_STRING_] = "string", [OPT_INT_] = "int",
	[OPT_DOUBLE_] = "double", [OPT_CHOICE_] = "choice", [OPT_LIST_] = "list",
};

void opt_list_options(void *file, const struct option *opts, const char *const *usage)
{
	FILE *f = file;
	const struct option *o;
	size_t i;

	for (i = 0; usage && usage[i]; i++)
		fprintf(f, "usage\t%s\n", usage[i]);
	for (o = opts; o->type != OPT_END_; o++) {
		struct strbuf arg = STRBUF_INIT;
		char short_name[3] = { 0 };

		if (o->short_name) {
			short_name[0] = '-';
			short_name[1] = (char)o->short_name;
		}
		/* argument_name's own leading space is not part of the field */
		argument_name(&arg, o);
		fprintf(f, "option\t%s\t%s\t%s\t%s\t%s\n", short_name,
			o->long_name ? o->long_name : "", type_names[o->type],
			arg.len ? arg.buf + 1 : "", o->help ? o->help : "");
		strbuf_release(&arg);
	}
	fprintf(f, "option\t-h\thelp\tbool\t\t%s\n", help_help);
}

static int usage_error(const struct option *opts, const char *const *usage,
		       const char *fmt, const char *what)
{
	fprintf(stderr, "benchpost: ");
	fprintf(stderr, fmt, what);
	fputc('\n', stderr);
	opt_usage(stderr, opts, usage);
	return OPT_USAGE_ERROR;
}

static int set_value(const struct option *o, const char *arg, const char *name,
		     const struct option *opts, const char *const *usage)
{
	char *end;
	size_t i;

	switch (o->type) {
	case OPT_STRING_:
		*(const char **)o->value = arg;
		return 0;
	case OPT_LIST_: {
		struct opt_list *l = o->value;

		if (l->nr + 1 > l->alloc) {
			l->alloc = l->alloc ? l->alloc * 2 : 8;
			l->v = xrealloc(l->v, (size_t)l->alloc * sizeof(*l->v));
		}
		l->v[l->nr++] = arg;
		return 0;
	}
	case OPT_INT_: {
		long v;

		errno = 0;
		v = strtol(arg, &end, 10);
		if (errno || *end || end == arg || v > 0x7fffffffL || v < -0x7fffffffL)
			return usage_error(opts, usage, "option '%s' expects a whole number", name);
		*(int *)o->value = (int)v;
		return 0;
	}
	case OPT_DOUBLE_: {
		double v;

		errno = 0;
		v = strtod(arg, &end);
		if (errno || *end || end == arg || !isfinite(v))
			return usage_error(opts, usage, "option '%s' expects a number", name);
		*(double *)o->value = v;
		return 0;
	}
	case OPT_CHOICE_:
		for (i = 0; o->choices[i]; i++) {
			if (!strcmp(o->choices[i], arg)) {
				*(const char **)o->value = o->choices[i];
				return 0;
			}
		}
		{
			struct strbuf sb = STRBUF_INIT;
			int ret;

			strbuf_addf(&sb, "%s' expects one of: ", name);
			for (i = 0; o->choices[i]; i++)
				strbuf_addf(&sb, "%s%s", i ? ", " : "", o->choices[i]);
			ret = usage_error(opts, usage, "option '%s", sb.buf);
			strbuf_release(&sb);
			return ret;
		}
	default:
		return 0;
	}
}

static const struct option *find_long(const struct option *opts, const char *name,
				      size_t len, int *negated)
{
	const struct option *o;

	*negated = 0;
	for (o = opts; o->type != OPT_END_; o++)
		if (o->long_name && strlen(o->long_name) == len && !strncmp(o->long_name, name, len))
			return o;
	if (len > 3 && !strncmp(name, "no-", 3)) {
		for (o = opts; o->type != OPT_END_; o++) {
			if (o->type == OPT_BOOL_ && o->long_name &&
			    strlen(o->long_name) == len - 3 && !strncmp(o->long_name, name + 3, len - 3)) {
				*negated = 1;
				return o;
			}
		}
	}
	return NULL;
}

int opt_parse(int argc, const char **argv, const struct option *opts,
	      const char *const *usage)
{
	int i, nargs = 0, only_args = 0;

	for (i = 1; i < argc; i++) {
		const char *arg = argv[i];
		const struct option *o = NULL;
		const char *value = NULL;
		int negated = 0, ret;
		char name[64];

		if (only_args || arg[0] != '-' || !arg[1]) {
			argv[nargs++] = arg;
			continue;
		}
		if (!strcmp(arg, "--")) {
			only_args = 1;
			continue;
		}
		if (!strcmp(arg, "-h") || !strcmp(arg, "--help")) {
			opt_usage(stdout, opts, usage);
			return OPT_HELP_SHOWN;
		}
		if (!strcmp(arg, "--list-options")) {
			opt_list_options(stdout, opts, usage);
			return OPT_HELP_SHOWN;
		}
		if (arg[1] == '-') {
			const char *eq = strchr(arg + 2, '=');
			size_t len = eq ? (size_t)(eq - arg - 2) : strlen(arg + 2);

			o = find_long(opts, arg + 2, len, &negated);
			if (!o)
				return usage_error(opts, usage, "unknown option '%s'", arg);
			if (eq)
				value = eq + 1;
			snprintf(name, sizeof(name), "--%s", o->long_name);
		} else {
			for (o = opts; o->type != OPT_END_; o++)
				if (o->short_name == arg[1])
					break;
			if (o->type == OPT_END_)
				return usage_error(opts, usage, "unknown switch '%s'", arg);
			if (arg[2])
				value = arg + 2;
			snprintf(name, sizeof(name), "-%c", o->short_name);
		}
		if (o->type == OPT_BOOL_) {
			if (value)
				return usage_error(opts, usage, "option '%s' takes no value", name);
			*(int *)o->value = !negated;
			continue;
		}
		if (!value) {
			if (i + 1 >= argc)
				return usage_error(opts, usage, "option '%s' requires a value", name);
			value = argv[++i];
		}
		ret = set_value(o, value, name, opts, usage);
		if (ret)
			return ret;
	}
	argv[nargs] = NULL;
	return nargs;
}

void opt_list_release(struct opt_list *l)
{
	free(l->v);
	l->v = NULL;
	l->nr = l->alloc = 0;
}
