#include "builtin.h"
#include "../core/error.h"
#include "../core/strbuf.h"
#include "../core/util.h"
#include "../parse/parse.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

static const char *const parse_usage[] = {
	"benchpost parse [--type TYPE] [--format bench|json] [FILE...|-]",
	NULL,
};

/* "auto" and every parser's name, from parse_table: choices[] has room for them. */
static void list_types(const char **choices, size_t room)
{
	size_t n = 0, i;

	choices[n++] = "auto";
	for (i = 0; parse_table[i] && n + 1 < room; i++)
		choices[n++] = parse_table[i]->name;
	choices[n] = NULL;
}

/* After --help: what each --type reads, from the parsers' own summaries. */
static void list_type_summaries(void)
{
	size_t i;

	printf("\ntypes:\n  %-10s  %s\n", "auto", "a .bench file whole, else the others on their own blocks");
	for (i = 0; parse_table[i]; i++)
		printf("  %-10s  %s\n", parse_table[i]->name, parse_table[i]->summary);
}

/* Damaged blocks were skipped: each is said where it stands, and fails the run. */
static void say_problem(void *payload, const char *msg)
{
	int *ret = payload;

	*ret = cmd_error("%s", msg);
}

static int read_input(struct strbuf *sb, const char *path)
{
	if (!strcmp(path, "-")) {
		if (strbuf_read_fd(sb, STDIN_FILENO) < 0)
			return err_set_errno("cannot read standard input");
		return 0;
	}
	if (strbuf_read_file(sb, path) < 0)
		return err_set_errno("cannot open '%s'", path);
	return 0;
}

int cmd_parse(int argc, const char **argv)
{
	const char *type = "auto", *format = "bench";
	const char *type_choices[32];
	struct option opts[] = {
		OPT_CHOICE('t', "type", &type, type_choices, "what the input is (default: auto)"),
		OPT_CHOICE('f', "format", &format, format_choices, "output format (default: bench)"),
		OPT_END(),
	};
	const char *stdin_only[] = { "-", NULL };
	struct recset set = RECSET_INIT;
	int nargs, i, ret = 0;

	list_types(type_choices, ARRAY_SIZE(type_choices));
	nargs = opt_parse(argc, argv, opts, parse_usage);
	if (nargs == OPT_HELP_SHOWN)
		list_type_summaries();
	if (nargs < 0)
		return cmd_opt_exit(nargs);
	if (!nargs) {
		argv = stdin_only;
		nargs = 1;
	}
	for (i = 0; i < nargs; i++) {
		struct strbuf text = STRBUF_INIT;
		int damaged = 0;
		struct bp_warn warn = { say_problem, &damaged };
		struct parse_ctx ctx = {
			.name = strcmp(argv[i], "-") ? argv[i] : "<stdin>",
			.warn = &warn,
		};
		int r;

		if (read_input(&text, argv[i]) < 0) {
			ret = cmd_error_last();
			strbuf_release(&text);
			continue;
		}
		r = parse_text(&set, type, text.buf, text.len, &ctx);
		if (damaged)
			ret = damaged;
		if (r == BP_ENOTFOUND)
			ret = cmd_error("%s: nothing recognisable as %s output", ctx.name, type);
		else if (r < 0 && !damaged)
			ret = cmd_error_last();
		strbuf_release(&text);
	}
	if (set.nr && cmd_write_records(&set, format))
		ret = 1;
	recset_release(&set);
	return ret;
}
