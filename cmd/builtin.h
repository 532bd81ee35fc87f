#ifndef BUILTIN_H
#define BUILTIN_H

#include "../core/error.h"
#include "../core/options.h"
#include "../core/record.h"
#include "../core/strbuf.h"

/*
 * The command layer: one file per command, each "int cmd_<name>(argc,
 * argv)" returning the exit code (0 success, 1 failure, 2 usage).  Only
 * this layer prints errors and decides exit codes.
 */
#define EXIT_USAGE 2

int cmd_run(int argc, const char **argv);
int cmd_parse(int argc, const char **argv);
int cmd_import(int argc, const char **argv);
int cmd_log(int argc, const char **argv);
int cmd_show(int argc, const char **argv);
int cmd_diff(int argc, const char **argv);
int cmd_report(int argc, const char **argv);
int cmd_plot(int argc, const char **argv);
int cmd_push(int argc, const char **argv);
int cmd_pull(int argc, const char **argv);
/* The hidden "benchpost --list-values KIND" of the shell completions. */
int cmd_list_values(int argc, const char **argv);
/* The templates "report --template NAME" finds, a name a line, sorted (complete.c). */
void cmd_list_templates(struct strbuf *out);

/* Prints "benchpost: <message>" (or the last library error) and returns 1. */
int cmd_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
int cmd_error_last(void);
/* The sink commands hand the library: "benchpost: warning: ..." on stderr. */
extern const struct bp_warn cmd_warn;
/* Maps opt_parse's special returns to exit codes; -1 when parsing went on. */
int cmd_opt_exit(int parsed);
/* For commands whose issue has not landed yet. */

/* Writes records to stdout as "bench" or "json"; returns an exit code. */
int cmd_write_records(const struct recset *set, const char *format);

extern const char *const format_choices[];

#endif
