#include "render_report.h"
#include "render_gnuplot.h"
#include "render_layout.h"
#include "render_facts.h"
#include "render_method.h"
#include "render_results.h"
#include "render_series.h"
#include "render_text.h"
#include "../core/error.h"
#include "../core/util.h"

#include <cmark.h>
#include <stdlib.h>
#include <string.h>

static const struct render_report_format formats[] = {
	{ "text", "dumb", 0, 0, render_report_write_text },
	{ "email", "dumb", 0, 0, render_report_write_email },
	{ "html", "svg", 1, 1, render_report_write_html },
	{ NULL, NULL, 0, 0, NULL },
};

void render_report_format_names(const char **out, size_t max)
{
	size_t i;

	for (i = 0; i + 1 < max && formats[i].name; i++)
		out[i] = formats[i].name;
	out[i] = NULL;
}

struct block {
	cmark_node *node;      /* the paragraph that holds only the placeholder */
	const struct placeholder *ph;
	char *arg;
	struct render_graph_set graphs;
	struct render_plot_job job;
};

struct report {
	const struct render_report_data *data;
	const struct render_report_format *fmt;
	const struct render_table_format *tf;
	const char *name;      /* of the template, for errors */
	struct block *blocks;
	size_t nblocks, alloc;
	int has_method;
	int draw_graphs;
	struct render_results results;
};

/* A placeholder: inline (text anywhere) or a block (alone in its paragraph). */
struct placeholder {
	const char *name;
	int block;
	int (*valid)(const char *arg);   /* NULL: takes no argument */
	void (*render)(struct strbuf *out, struct report *r, const char *arg);
	const char *fact;                /* the fact a fact placeholder shows */
};

static int median(const struct report *r)
{
	return !strcmp(r->data->test->centre, "median");
}

/* --- inline placeholders --- */

static void ph_title(struct strbuf *out, struct report *r, const char *arg)
{
	(void)arg;
	strbuf_addstr(out, r->results.title.buf);
}

static void ph_summary(struct strbuf *out, struct report *r, const char *arg)
{
	(void)arg;
	strbuf_addstr(out, r->results.summary.buf);
}

static void ph_kernels(struct strbuf *out, struct report *r, const char *arg)
{
	(void)arg;
	if (!render_fact_values(out, r->data->set, "kernel"))
		strbuf_addstr(out, "(not stated)");
}

static void side_name(struct strbuf *out, struct report *r, int old)
{
	struct render_compare c;

	if (r->results.kind != RENDER_RESULTS_COMPARE) {
		strbuf_addstr(out, "(no comparison)");
		return;
	}
	render_compare_init(&c, &r->results.old_set, &r->results.new_set, r->data->old_arg,
			    r->data->new_arg);
	strbuf_addstr(out, old ? c.old_name.buf : c.new_name.buf);
	render_compare_release(&c);
}

static void ph_old(struct strbuf *out, struct report *r, const char *arg)
{
	(void)arg;
	side_name(out, r, 1);
}

static void ph_new(struct strbuf *out, struct report *r, const char *arg)
{
	(void)arg;
	side_name(out, r, 0);
}

/* {{fs}}, {{hardware}}, {{cpu}}, {{memory}}: the distinct values the runs recorded. */
static void ph_fact(struct strbuf *out, struct report *r, const char *fact)
{
	if (!render_fact_values(out, r->data->set, fact))
		strbuf_addstr(out, "(not recorded)");
}

static void ph_benchmarks(struct strbuf *out, struct report *r, const char *arg)
{
	struct render_series_set ss = RENDER_SERIES_SET_INIT;
	struct render_strings b = { 0 };
	size_t i;

	(void)arg;
	render_series_group(&ss, r->data->set);
	render_distinct(&b, &ss, RENDER_BENCHMARK, NULL, 0);
	for (i = 0; i < b.nr; i++)
		strbuf_addf(out, "%s%s", i ? ", " : "", b.v[i] ? b.v[i] : "?");
	render_strings_release(&b);
	render_series_set_release(&ss);
}

static void ph_method(struct strbuf *out, struct report *r, const char *arg)
{
	(void)arg;
	r->has_method = 1;
	render_method(out, r->data->set);
}

static void ph_test(struct strbuf *out, struct report *r, const char *arg)
{
	(void)arg;
	strbuf_addstr(out, r->data->test->title);
}

static void ph_alpha(struct strbuf *out, struct report *r, const char *arg)
{
	(void)arg;
	strbuf_addf(out, "%g", r->data->alpha);
}

/* --- block placeholders --- */

static int valid_layout(const char *arg)
{
	return render_layout_by_name(arg) != NULL;
}

static int valid_kind(const char *arg)
{
	const char *const *k;

	for (k = render_graph_kinds; *k; k++)
		if (!strcmp(*k, arg))
			return 1;
	return 0;
}

static void ph_results(struct strbuf *out, struct report *r, const char *arg)
{
	(void)arg;
	render_results_write(out, &r->results, r->tf);
}

static void ph_table(struct strbuf *out, struct report *r, const char *arg)
{
	const struct render_layout_opts lo = { median(r), r->data->detail, 0 };

	render_layout_by_name(*arg ? arg : "auto")->render(out, r->data->set, r->tf, &lo);
}

static void ph_diff(struct strbuf *out, struct report *r, const char *arg)
{
	(void)arg;
	render_results_diff(out, &r->results, r->tf);
}

static void ph_differ(struct strbuf *out, struct report *r, const char *arg)
{
	(void)arg;
	render_results_differ(out, &r->results, r->tf);
}

static void ph_facts(struct strbuf *out, struct report *r, const char *arg)
{
	struct strbuf text = STRBUF_INIT;

	/* a comparison's sides are "(old)" and "(new)" in its summary too */
	const struct render_facts_side sides[2] = {
		{ &r->results.old_set, NULL, 0, "old" }, { &r->results.new_set, NULL, 0, "new" },
	};
	int compare = r->results.kind == RENDER_RESULTS_COMPARE;

	(void)arg;
	render_facts(&text, r->data->set, compare ? sides : NULL, compare ? 2 : 0, RENDER_WIDTH,
		     r->data->utf8);
	render_table_write_lines(out, text.buf, r->tf);
	strbuf_release(&text);
}

/* The graph block's own drawing is done beforehand, all graphs in one gnuplot run. */
static void ph_graph(struct strbuf *out, struct report *r, const char *arg)
{
	(void)out;
	(void)r;
	(void)arg;
}

static const struct placeholder placeholders[] = {
	{ "title", 0, NULL, ph_title, NULL },
	{ "summary", 0, NULL, ph_summary, NULL },
	{ "kernels", 0, NULL, ph_kernels, NULL },
	{ "kernel", 0, NULL, ph_kernels, NULL },
	{ "old", 0, NULL, ph_old, NULL },
	{ "new", 0, NULL, ph_new, NULL },
	{ "fs", 0, NULL, ph_fact, "fs" },
	{ "hardware", 0, NULL, ph_fact, "hardware" },
	{ "cpu", 0, NULL, ph_fact, "cpu" },
	{ "memory", 0, NULL, ph_fact, "memory" },
	{ "benchmarks", 0, NULL, ph_benchmarks, NULL },
	{ "method", 0, NULL, ph_method, NULL },
	{ "test", 0, NULL, ph_test, NULL },
	{ "alpha", 0, NULL, ph_alpha, NULL },
	{ "results", 1, NULL, ph_results, NULL },
	{ "table", 1, valid_layout, ph_table, NULL },
	{ "diff", 1, NULL, ph_diff, NULL },
	{ "differ", 1, NULL, ph_differ, NULL },
	{ "graph", 1, valid_kind, ph_graph, NULL },
	{ "facts", 1, NULL, ph_facts, NULL },
	{ NULL, 0, NULL, NULL, NULL },
};

void render_report_placeholder_names(const char **out, size_t max)
{
	size_t i;

	for (i = 0; i + 1 < max && placeholders[i].name; i++)
		out[i] = placeholders[i].name;
	out[i] = NULL;
}

static const struct placeholder *placeholder(const char *name)
{
	const struct placeholder *p;

	for (p = placeholders; p->name; p++)
		if (!strcmp(p->name, name))
			return p;
	return NULL;
}

/* Placeholder words: lowercase letters only, so Markdown never splits one. */
static int parse_placeholder(const char *p, size_t *len, struct strbuf *name, struct strbuf *arg)
{
	const char *end = strstr(p, "}}"), *q;

	if (strncmp(p, "{{", 2) || !end)
		return 0;
	*len = end + 2 - p;
	strbuf_reset(name);
	strbuf_reset(arg);
	for (q = p + 2; *q == ' '; q++)
		;
	while (q < end && *q >= 'a' && *q <= 'z')
		strbuf_addch(name, *q++);
	while (q < end && *q == ' ')
		q++;
	while (q < end && *q != ' ')
		strbuf_addch(arg, *q++);
	while (q < end && *q == ' ')
		q++;
	return q == end && name->len;
}

/* cmark splits text at characters that might start markup: glue it back. */
static void merge_text(cmark_node *parent)
{
	cmark_node *c = cmark_node_first_child(parent), *next;

	while (c) {
		next = cmark_node_next(c);
		if (next && cmark_node_get_type(c) == CMARK_NODE_TEXT &&
		    cmark_node_get_type(next) == CMARK_NODE_TEXT) {
			struct strbuf sb = STRBUF_INIT;

			strbuf_addstr(&sb, cmark_node_get_literal(c));
			strbuf_addstr(&sb, cmark_node_get_literal(next));
			cmark_node_set_literal(c, sb.buf);
			strbuf_release(&sb);
			cmark_node_free(next);
			continue;
		}
		c = next;
	}
}

static int line_of(cmark_node *n)
{
	while (n && !cmark_node_get_start_line(n))
		n = cmark_node_parent(n);
	return n ? cmark_node_get_start_line(n) : 0;
}

static int substitute_text(struct report *r, cmark_node *text)
{
	struct strbuf out = STRBUF_INIT, name = STRBUF_INIT, arg = STRBUF_INIT;
	const char *p = cmark_node_get_literal(text);
	int ret = 0;

	if (!p || !strstr(p, "{{"))
		return 0;
	while (*p) {
		const struct placeholder *ph;
		size_t len;

		if (!parse_placeholder(p, &len, &name, &arg)) {
			strbuf_addch(&out, *p++);
			continue;
		}
		ph = placeholder(name.buf);
		if (!ph || ph->block) {
			ret = err_set("%s:%d: %s '{{%s}}'", r->name, line_of(text),
				      ph ? "a block placeholder must stand alone in its paragraph" :
				      "unknown placeholder", name.buf);
			break;
		}
		/* a fact placeholder is given its fact as its argument */
		ph->render(&out, r, ph->fact ? ph->fact : arg.buf);
		p += len;
	}
	if (!ret)
		cmark_node_set_literal(text, out.buf);
	strbuf_release(&out);
	strbuf_release(&name);
	strbuf_release(&arg);
	return ret;
}

/* A paragraph that is only "{{name arg}}" is a block placeholder. */
static int find_block(struct report *r, cmark_node *para)
{
	cmark_node *only = cmark_node_first_child(para);
	struct strbuf name = STRBUF_INIT, arg = STRBUF_INIT, text = STRBUF_INIT;
	const struct placeholder *ph;
	struct block *b;
	size_t len;
	int ret = 0;

	if (!only || cmark_node_next(only) || cmark_node_get_type(only) != CMARK_NODE_TEXT)
		return 0;
	strbuf_addstr(&text, cmark_node_get_literal(only));
	strbuf_trim(&text);
	if (!parse_placeholder(text.buf, &len, &name, &arg) || len != text.len ||
	    !(ph = placeholder(name.buf)) || !ph->block)
		goto done;
	if (arg.len && (!ph->valid || !ph->valid(arg.buf))) {
		ret = err_set("%s:%d: unknown argument '%s' of '{{%s}}'", r->name,
			      cmark_node_get_start_line(para), arg.buf, name.buf);
		goto done;
	}
	ALLOC_GROW(r->blocks, r->nblocks + 1, r->alloc);
	b = &r->blocks[r->nblocks++];
	memset(b, 0, sizeof(*b));
	b->node = para;
	b->ph = ph;
	b->arg = strbuf_detach(&arg, NULL);
	ret = 1;
done:
	strbuf_release(&name);
	strbuf_release(&arg);
	strbuf_release(&text);
	return ret;
}

static int walk(struct report *r, cmark_node *doc)
{
	cmark_iter *it = cmark_iter_new(doc);
	cmark_event_type ev;
	int ret = 0;

	/* blocks first, so that their text is not taken for inline placeholders */
	while (!ret && (ev = cmark_iter_next(it)) != CMARK_EVENT_DONE) {
		cmark_node *n = cmark_iter_get_node(it);

		if (ev != CMARK_EVENT_ENTER)
			continue;
		if (cmark_node_first_child(n))
			merge_text(n);
		if (cmark_node_get_type(n) == CMARK_NODE_PARAGRAPH)
			ret = find_block(r, n) < 0 ? -1 : 0;
	}
	cmark_iter_free(it);
	if (ret)
		return ret;
	it = cmark_iter_new(doc);
	while (!ret && (ev = cmark_iter_next(it)) != CMARK_EVENT_DONE) {
		cmark_node *n = cmark_iter_get_node(it);
		size_t i;

		if (ev != CMARK_EVENT_ENTER || cmark_node_get_type(n) != CMARK_NODE_TEXT)
			continue;
		for (i = 0; i < r->nblocks; i++)
			if (cmark_node_parent(n) == r->blocks[i].node)
				break;
		if (i == r->nblocks)
			ret = substitute_text(r, n);
	}
	cmark_iter_free(it);
	return ret;
}

/* Every report states its method: added at the end when the template does not. */
static void append_method(struct report *r, cmark_node *doc)
{
	cmark_node *h = cmark_node_new(CMARK_NODE_HEADING);
	cmark_node *t = cmark_node_new(CMARK_NODE_TEXT);
	cmark_node *p = cmark_node_new(CMARK_NODE_PARAGRAPH);
	cmark_node *pt = cmark_node_new(CMARK_NODE_TEXT);
	struct strbuf sb = STRBUF_INIT;

	cmark_node_set_heading_level(h, 2);
	cmark_node_set_literal(t, "Method");
	cmark_node_append_child(h, t);
	render_method(&sb, r->data->set);
	cmark_node_set_literal(pt, sb.buf);
	cmark_node_append_child(p, pt);
	cmark_node_append_child(doc, h);
	cmark_node_append_child(doc, p);
	strbuf_release(&sb);
}

static void graph_text(struct strbuf *text, const struct report *r, const struct block *b)
{
	if (!r->draw_graphs)
		return;
	if (r->fmt->html) {
		const char *svg = strstr(b->job.image.buf, "<svg");

		/* inline SVG: the XML prologue belongs to files, not pages */
		strbuf_addstr(text, "<div class=\"graph\">");
		strbuf_addstr(text, svg ? svg : "");
		strbuf_addstr(text, "</div>\n");
	} else {
		strbuf_addstr(text, b->job.image.buf);
	}
}

static void fill_block(struct report *r, struct block *b)
{
	struct strbuf text = STRBUF_INIT, html = STRBUF_INIT;
	cmark_node *custom;

	if (!strcmp(b->ph->name, "graph"))
		graph_text(&text, r, b);
	else
		b->ph->render(&text, r, b->arg);
	/* an empty block leaves no trace, not even a blank line */
	if (!text.len) {
		cmark_node_free(b->node);
		b->node = NULL;
		strbuf_release(&text);
		return;
	}
	if (!r->fmt->html) {
		custom = cmark_node_new(CMARK_NODE_CUSTOM_BLOCK);
		cmark_node_set_on_enter(custom, text.buf);
	} else {
		/* tables come as <table>; the rest is text to keep as it is laid out */
		int markup = text.buf[0] == '<';

		custom = cmark_node_new(CMARK_NODE_CUSTOM_BLOCK);
		if (!markup) {
			strbuf_addstr(&html, "<pre>");
			render_html_escape(&html, text.buf);
			strbuf_addstr(&html, "</pre>\n");
		}
		cmark_node_set_on_enter(custom, markup ? text.buf : html.buf);
	}
	cmark_node_replace(b->node, custom);
	cmark_node_free(b->node);
	b->node = custom;
	strbuf_release(&text);
	strbuf_release(&html);
}

/* All graphs of the report from one gnuplot process. */
static int draw_graphs(struct report *r)
{
	const struct render_graph_opts base = { "auto", median(r), r->data->detail };
	struct render_plot_job *jobs = NULL;
	size_t i, nr = 0, alloc = 0;
	int ret = 0;

	for (i = 0; i < r->nblocks && r->draw_graphs; i++) {
		struct render_graph_opts go = base;
		struct block *b = &r->blocks[i];

		if (strcmp(b->ph->name, "graph"))
			continue;
		if (b->arg[0])
			go.kind = b->arg;
		if ((ret = render_graphs_build(&b->graphs, r->data->set, &go)) < 0)
			goto done;
		ALLOC_GROW(jobs, nr + 1, alloc);
		jobs[nr].graphs = b->graphs.v;
		jobs[nr].nr = b->graphs.nr;
		strbuf_init(&jobs[nr].image, 0);
		nr++;
	}
	if (nr && (ret = render_plot_run(jobs, nr, render_plot_terminal(r->fmt->terminal),
					 r->data->utf8)) < 0)
		goto done;
	for (i = 0, nr = 0; i < r->nblocks; i++)
		if (!strcmp(r->blocks[i].ph->name, "graph") && r->draw_graphs)
			r->blocks[i].job = jobs[nr++];
	free(jobs);
	return 0;
done:
	for (i = 0; i < nr; i++)
		strbuf_release(&jobs[i].image);
	free(jobs);
	return ret;
}

static int has_numbers(const struct recset *set)
{
	struct render_series_set ss = RENDER_SERIES_SET_INIT;
	int any;

	render_series_group(&ss, set);
	any = ss.nr > 0;
	render_series_set_release(&ss);
	return any;
}

int render_report(struct strbuf *out, const char *text, size_t len, const char *name,
		  const char *format, const struct render_report_data *data)
{
	const struct render_results_opts ropts = { data->test, data->alpha, data->detail };
	struct report r;
	cmark_node *doc;
	size_t i;
	int ret;

	memset(&r, 0, sizeof(r));
	r.data = data;
	r.name = name;
	if (!has_numbers(data->set))
		return err_set("nothing to report: no number in the selection but those only quoted in replies");
	for (r.fmt = formats; r.fmt->name && strcmp(r.fmt->name, format); r.fmt++)
		;
	if (!r.fmt->name)
		return err_set("unknown report format '%s'", format);
	r.tf = render_table_format(r.fmt->html ? "html" : data->utf8 ? "utf8" : "text");
	r.draw_graphs = data->graphs < 0 ? r.fmt->graphs : data->graphs;
	render_results_init(&r.results, data->set, data->old_set, data->new_set, data->old_arg,
			    data->new_arg, &ropts);
	doc = cmark_parse_document(text, len, CMARK_OPT_DEFAULT);
	if ((ret = walk(&r, doc)) < 0 || (ret = draw_graphs(&r)) < 0)
		goto done;
	for (i = 0; i < r.nblocks; i++)
		fill_block(&r, &r.blocks[i]);
	if (!r.has_method)
		append_method(&r, doc);
	ret = r.fmt->write(out, doc, data, r.results.subject.buf);
done:
	for (i = 0; i < r.nblocks; i++) {
		free(r.blocks[i].arg);
		render_graph_set_release(&r.blocks[i].graphs);
		strbuf_release(&r.blocks[i].job.image);
	}
	free(r.blocks);
	cmark_node_free(doc);
	render_results_release(&r.results);
	return ret;
}
