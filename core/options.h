#ifndef OPTIONS_H
#define OPTIONS_H

/*
 * Command-line options from a table (after git's parse-options): the same
 * table drives parsing and the generated --help.
 */
enum opt_type {
	OPT_END_ = 0,
	OPT_BOOL_,    /* int *, set to 1 (--no-NAME sets 0) */
	OPT_STRING_,  /* const char **, the argument */
	OPT_INT_,     /* int *, a whole number */
	OPT_DOUBLE_,  /* double * */
	OPT_CHOICE_,  /* const char **, one of choices */
	OPT_LIST_,    /* struct opt_list *, every occurrence appended */
};

struct opt_list {
	const char **v;
	int nr, alloc;
};

struct option {
	enum opt_type type;
	int short_name;
	const char *long_name;
	void *value;
	const char *argh;               /* argument name in --help */
	const char *help;
	const char *const *choices;     /* OPT_CHOICE_: NULL-terminated */
};

#define OPT_BOOL(s, l, v, h)       { OPT_BOOL_, (s), (l), (v), NULL, (h), NULL }
#define OPT_STRING(s, l, v, a, h)  { OPT_STRING_, (s), (l), (v), (a), (h), NULL }
#define OPT_INT(s, l, v, a, h)     { OPT_INT_, (s), (l), (v), (a), (h), NULL }
#define OPT_DOUBLE(s, l, v, a, h)  { OPT_DOUBLE_, (s), (l), (v), (a), (h), NULL }
#define OPT_CHOICE(s, l, v, c, h)  { OPT_CHOICE_, (s), (l), (v), NULL, (h), (c) }
#define OPT_LIST(s, l, v, a, h)    { OPT_LIST_, (s), (l), (v), (a), (h), NULL }
#define OPT_END()                  { OPT_END_, 0, NULL, NULL, NULL, NULL, NULL }

#define OPT_HELP_SHOWN  -100   /* --help was printed: exit 0 */
#define OPT_USAGE_ERROR -101   /* a usage error was printed: exit 2 */

/*
 * Parses argv[1..argc-1] (argv[0] is the command name) against opts.
 * Non-option arguments are compacted to the front of argv and their count
 * returned.  usage is the lines of the synopsis, NULL-terminated.
 * "--" ends options.  Errors and --help are printed here, since this is
 * only ever called from the command layer.
 */
int opt_parse(int argc, const char **argv, const struct option *opts,
	      const char *const *usage);
void opt_usage(void *file, const struct option *opts, const char *const *usage);
void opt_list_release(struct opt_list *l);

/*
 * The hidden --list-options (any command, like --help): the table in a
 * form for programs, one line each, fields separated by tabs:
 *   usage   LINE
 *   option  -S  LONG  bool|string|int|double|choice|list  ARG  HELP
 * where -S and LONG may be empty and ARG is the argument's name, or the
 * choices joined by '|'.  The man page and the shell completions are made
 * from it, so that neither can drift from --help.
 */
void opt_list_options(void *file, const struct option *opts, const char *const *usage);

#endif
