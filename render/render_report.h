#ifndef RENDER_REPORT_H
#define RENDER_REPORT_H

#include "render_stats.h"
#include "../core/record.h"
#include "../core/strbuf.h"

#include <time.h>

/*
 * Reports from Markdown templates (the templates folder, docs/render.md):
 * parsed with cmark; placeholders {{name}} stand inline in text, or alone
 * in a paragraph for a block (a table, a comparison, graphs, the facts),
 * each an entry of one table.  Formats are a table too
 * (render_report_formats): text wrapped at 72 columns, an RFC 5322 email
 * of that text, one self-contained HTML page.
 */
struct render_email_headers {
	const char *from, *to, *cc, *subject, *in_reply_to;
	time_t date;              /* 0: now */
	const char *message_id;   /* NULL: generated */
};

struct render_report_data {
	const struct recset *set;         /* everything selected */
	const struct recset *old_set;     /* the two sides given; NULL: decided from set */
	const struct recset *new_set;
	const char *old_arg, *new_arg;    /* what was typed for them */
	const struct stats_test *test;
	double alpha;
	int utf8;
	int detail;                       /* every metric: user, sys, sync, tool internals */
	int graphs;                       /* draw {{graph}}: 1, 0, or -1 by format (html only) */
	struct render_email_headers email;
};

/* The formats' and placeholders' names, NULL-terminated lists in out[max]. */
void render_report_format_names(const char **out, size_t max);
void render_report_placeholder_names(const char **out, size_t max);

/*
 * Renders the template text (name labels errors: "name:line: unknown
 * placeholder '{{x}}'").  Runs gnuplot once when the template has graphs.
 */
int render_report(struct strbuf *out, const char *text, size_t len, const char *name,
		  const char *format, const struct render_report_data *data);

/* Shared by the format writers (render_report_*.c). */
struct cmark_node;
struct render_report_format {
	const char *name;
	const char *terminal;                 /* graphs: "dumb" or "svg" */
	int html;                             /* blocks as HTML, tables as <table> */
	int graphs;                           /* draws {{graph}} unless told otherwise */
	/* subject: what the report compares and found, for an email */
	int (*write)(struct strbuf *out, struct cmark_node *doc,
		     const struct render_report_data *data, const char *subject);
};
int render_report_write_text(struct strbuf *out, struct cmark_node *doc,
			     const struct render_report_data *data, const char *subject);
int render_report_write_email(struct strbuf *out, struct cmark_node *doc,
			      const struct render_report_data *data, const char *subject);
int render_report_write_html(struct strbuf *out, struct cmark_node *doc,
			     const struct render_report_data *data, const char *subject);
/* The text of a heading or paragraph's inlines, cleaned (ASCII unless utf8). */
void render_report_inline_text(struct strbuf *out, struct cmark_node *n, int utf8);

#endif
