#include "render_report.h"
#include "render_diff.h"
#include "render_gnuplot.h"
#include "render_layout.h"
#include "render_method.h"
#include "render_series.h"
#include "render_text.h"
#include "../core/error.h"
#include "../core/kver.h"
#include "../core/util.h"

#include <cmark.h>
#include <stdlib.h>
#include <string.h>

static const struct render_report_format formats[] = {
	{ "text", "dumb", 0, render_report_write_text },
	{ "email", "dumb", 0, render_report_write_email },
	{ "html", "svg", 1, render_report_write_html },
	{ NULL, NULL, 0, NULL },
};

const char *const render_report_format_names[] = { "text", "email", "html", NULL };

struct block {
	cmark_node *node;      /* the paragraph that holds only the placeholder */
	char *name, *arg;
	struct render_graph_set graphs;
	struct render_plot_job job;
};

struct report {
	const struct render_report_data *data;
	const struct render_report_format *fmt;
	const char *name;      /* of the template, for errors */
	struct block *blocks;
	size_t nblocks, alloc;
	int has_method;
};

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

static void join_kernels(struct strbuf *out, const struct recset *set)
{
	struct render_series_set ss = RENDER_SERIES_SET_INIT;
	struct render_strings k = { 0 };
	size_t i;

	render_series_group(&ss, set);
	render_distinct(&k, &ss, RENDER_KERNEL, NULL, 0);
	for (i = 0; i < k.nr; i++)
		strbuf_addf(out, "%s%s", i ? ", " : "", k.v[i] ? k.v[i] : "?");
	render_strings_release(&k);
	render_series_set_release(&ss);
}

/* The two sides of {{diff}} when the caller gave none: oldest and newest kernel. */
struct sides {
	struct recset old_set, new_set;
	const char *old_name, *new_name;
};

static void split_sides(struct sides *s, const struct render_report_data *d)
{
	const char *lo = NULL, *hi = NULL;
	size_t i;

	memset(s, 0, sizeof(*s));
	if (d->old_set && d->new_set) {
		for (i = 0; i < d->old_set->nr; i++)
			recset_add(&s->old_set, &d->old_set->v[i]);
		for (i = 0; i < d->new_set->nr; i++)
			recset_add(&s->new_set, &d->new_set->v[i]);
		s->old_name = d->old_name;
		s->new_name = d->new_name;
		return;
	}
	for (i = 0; i < d->set->nr; i++)
		kver_widen(&lo, &hi, d->set->v[i].kernel);
	s->old_name = lo;
	s->new_name = hi;
	if (!lo || !strcmp(lo, hi))
		return;
	for (i = 0; i < d->set->nr; i++) {
		const char *k = d->set->v[i].kernel;

		if (k && !strcmp(k, lo))
			recset_add(&s->old_set, &d->set->v[i]);
		else if (k && !strcmp(k, hi))
			recset_add(&s->new_set, &d->set->v[i]);
	}
}

static void sides_release(struct sides *s)
{
	recset_release(&s->old_set);
	recset_release(&s->new_set);
}

static int inline_value(struct strbuf *out, const struct report *r, const char *name);

/* Each value on its own: the fact lists look for duplicates in what they append to. */
static int inline_value_append(struct strbuf *out, const struct report *r, const char *name)
{
	struct strbuf v = STRBUF_INIT;
	int ret = inline_value(&v, r, name);

	strbuf_addstr(out, v.buf);
	strbuf_release(&v);
	return ret;
}

static int inline_value(struct strbuf *out, const struct report *r, const char *name)
{
	const struct render_report_data *d = r->data;

	if (!strcmp(name, "kernels") || !strcmp(name, "kernel")) {
		join_kernels(out, d->set);
	} else if (!strcmp(name, "old") || !strcmp(name, "new")) {
		struct sides s;

		split_sides(&s, d);
		strbuf_addstr(out, (!strcmp(name, "old") ? s.old_name : s.new_name) ?
				   (!strcmp(name, "old") ? s.old_name : s.new_name) : "?");
		sides_release(&s);
	} else if (!strcmp(name, "fs") || !strcmp(name, "hardware") || !strcmp(name, "cpu") ||
		   !strcmp(name, "memory")) {
		if (!render_fact_values(out, d->set, name))
			strbuf_addstr(out, "(not recorded)");
	} else if (!strcmp(name, "benchmarks")) {
		render_fact_values(out, d->set, "benchmark");
	} else if (!strcmp(name, "method")) {
		render_method(out, d->set);
	} else if (!strcmp(name, "test")) {
		strbuf_addstr(out, d->test->title);
	} else if (!strcmp(name, "alpha")) {
		strbuf_addf(out, "%g", d->alpha);
	} else {
		return -1;
	}
	return 0;
}

static int is_block_name(const char *name)
{
	return !strcmp(name, "table") || !strcmp(name, "diff") || !strcmp(name, "graph") ||
	       !strcmp(name, "facts");
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

static int substitute_text(struct report *r, cmark_node *text)
{
	struct strbuf out = STRBUF_INIT, name = STRBUF_INIT, arg = STRBUF_INIT;
	const char *p = cmark_node_get_literal(text);
	int ret = 0;

	if (!p || !strstr(p, "{{"))
		return 0;
	while (*p) {
		size_t len;

		if (parse_placeholder(p, &len, &name, &arg)) {
			if (!strcmp(name.buf, "method"))
				r->has_method = 1;
			if (inline_value_append(&out, r, name.buf) < 0) {
				ret = err_set("%s:%d: %s '{{%s}}'", r->name,
					      cmark_node_get_start_line(cmark_node_parent(text)),
					      is_block_name(name.buf) ?
					      "a block placeholder must stand alone in its paragraph" :
					      "unknown placeholder", name.buf);
				break;
			}
			p += len;
		} else {
			strbuf_addch(&out, *p++);
		}
	}
	if (!ret)
		cmark_node_set_literal(text, out.buf);
	strbuf_release(&out);
	strbuf_release(&name);
	strbuf_release(&arg);
	return ret;
}

static int check_arg(const struct report *r, cmark_node *n, const char *name, const char *arg,
		     const char *const *allowed)
{
	for (; *allowed; allowed++)
		if (!strcmp(*allowed, arg))
			return 0;
	return err_set("%s:%d: unknown argument '%s' of '{{%s}}'", r->name,
		       cmark_node_get_start_line(n), arg, name);
}

/* A paragraph that is only "{{name arg}}" is a block placeholder. */
static int find_block(struct report *r, cmark_node *para)
{
	static const char *const none[] = { "", NULL };
	cmark_node *only = cmark_node_first_child(para);
	struct strbuf name = STRBUF_INIT, arg = STRBUF_INIT, text = STRBUF_INIT;
	struct block *b;
	size_t len;
	int ret = 0;

	if (!only || cmark_node_next(only) || cmark_node_get_type(only) != CMARK_NODE_TEXT)
		return 0;
	strbuf_addstr(&text, cmark_node_get_literal(only));
	strbuf_trim(&text);
	if (!parse_placeholder(text.buf, &len, &name, &arg) || len != text.len ||
	    !is_block_name(name.buf))
		goto done;
	if (!strcmp(name.buf, "table"))
		ret = arg.len ? check_arg(r, para, name.buf, arg.buf, render_layout_names) : 0;
	else if (!strcmp(name.buf, "graph"))
		ret = arg.len ? check_arg(r, para, name.buf, arg.buf, render_graph_kinds) : 0;
	else
		ret = check_arg(r, para, name.buf, arg.buf, none);
	if (ret < 0)
		goto done;
	ALLOC_GROW(r->blocks, r->nblocks + 1, r->alloc);
	b = &r->blocks[r->nblocks++];
	memset(b, 0, sizeof(*b));
	b->node = para;
	b->name = strbuf_detach(&name, NULL);
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

static int same_config(const struct record *a, const struct record *b)
{
	static const enum render_key keys[] = { RENDER_HARDWARE, RENDER_FS, RENDER_OPTIONS };
	size_t i;

	for (i = 0; i < ARRAY_SIZE(keys); i++) {
		const char *x = render_record_key(a, keys[i]), *y = render_record_key(b, keys[i]);

		if (strcmp(x ? x : "", y ? y : ""))
			return 0;
	}
	return 1;
}

static void diff_blocks(struct strbuf *out, const struct report *r,
			const struct render_table_format *tf)
{
	const struct render_report_data *d = r->data;
	struct render_series_set ss = RENDER_SERIES_SET_INIT;
	struct sides s;
	size_t i, j, done = 0;

	split_sides(&s, d);
	render_series_group(&ss, &s.old_set);
	/* one comparison per hardware and file-system configuration */
	for (i = 0; i < ss.nr; i++) {
		const unsigned cfg = (1u << RENDER_HARDWARE) | (1u << RENDER_FS) | (1u << RENDER_OPTIONS);
		struct recset o = RECSET_INIT, n = RECSET_INIT;
		struct render_table t = RENDER_TABLE_INIT;
		struct render_diff_opts opts = { d->test, d->alpha, s.old_name, s.new_name, NULL };
		struct strbuf title = STRBUF_INIT;

		for (j = 0; j < i; j++)
			if (render_series_match(&ss.v[j], &ss.v[i], cfg))
				break;
		if (j < i)
			continue;
		for (j = 0; j < s.old_set.nr; j++)
			if (same_config(ss.v[i].first, &s.old_set.v[j]))
				recset_add(&o, &s.old_set.v[j]);
		for (j = 0; j < s.new_set.nr; j++)
			if (same_config(ss.v[i].first, &s.new_set.v[j]))
				recset_add(&n, &s.new_set.v[j]);
		render_config_name(&title, ss.v[i].first);
		if (ss.v[i].first->hardware)
			strbuf_addf(&title, " on %s", ss.v[i].first->hardware);
		opts.title = title.buf;
		if (render_diff(&t, &o, &n, &opts)) {
			if (done++)
				strbuf_addch(out, '\n');
			render_table_write(out, &t, tf);
		}
		render_table_release(&t);
		recset_release(&o);
		recset_release(&n);
		strbuf_release(&title);
	}
	if (!done)
		strbuf_addstr(out, "Nothing to compare: the selection needs two kernels with a benchmark in common.\n");
	render_series_set_release(&ss);
	sides_release(&s);
}

static void fill_block(struct report *r, struct block *b)
{
	const struct render_report_data *d = r->data;
	const struct render_table_format *tf =
		render_table_format(r->fmt->html ? "html" : d->utf8 ? "utf8" : "text");
	struct strbuf text = STRBUF_INIT, html = STRBUF_INIT;
	cmark_node *custom = cmark_node_new(CMARK_NODE_CUSTOM_BLOCK);
	int preformatted = !r->fmt->html;

	if (!strcmp(b->name, "table")) {
		render_layout_by_name(b->arg[0] ? b->arg : "auto")->write(&text, d->set, tf);
	} else if (!strcmp(b->name, "diff")) {
		diff_blocks(&text, r, tf);
	} else if (!strcmp(b->name, "graph")) {
		if (r->fmt->html) {
			const char *svg = strstr(b->job.image.buf, "<svg");

			/* inline SVG: the XML prologue belongs to files, not pages */
			strbuf_addstr(&text, "<div class=\"graph\">");
			strbuf_addstr(&text, svg ? svg : "");
			strbuf_addstr(&text, "</div>\n");
		} else {
			strbuf_addstr(&text, b->job.image.buf);
		}
	} else if (!strcmp(b->name, "facts")) {
		render_facts(&text, d->set, RENDER_WIDTH, d->utf8);
		preformatted = 1;
	}
	if (r->fmt->html && preformatted) {
		strbuf_addstr(&html, "<pre>");
		render_html_escape(&html, text.buf);
		strbuf_addstr(&html, "</pre>\n");
		strbuf_reset(&text);
		strbuf_addstr(&text, html.buf);
	}
	cmark_node_set_on_enter(custom, text.buf);
	cmark_node_replace(b->node, custom);
	cmark_node_free(b->node);
	b->node = custom;
	strbuf_release(&text);
	strbuf_release(&html);
}

/* All graphs of the report from one gnuplot process. */
static int draw_graphs(struct report *r)
{
	struct render_plot_job *jobs = NULL;
	size_t i, nr = 0, alloc = 0;
	int ret = 0;

	for (i = 0; i < r->nblocks; i++) {
		struct block *b = &r->blocks[i];

		if (strcmp(b->name, "graph"))
			continue;
		if ((ret = render_graphs_build(&b->graphs, r->data->set,
					       b->arg[0] ? b->arg : "auto")) < 0)
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
		if (!strcmp(r->blocks[i].name, "graph"))
			r->blocks[i].job = jobs[nr++];
	free(jobs);
	return 0;
done:
	for (i = 0; i < nr; i++)
		strbuf_release(&jobs[i].image);
	free(jobs);
	return ret;
}

int render_report(struct strbuf *out, const char *text, size_t len, const char *name,
		  const char *format, const struct render_report_data *data)
{
	struct report r = { data, NULL, name, NULL, 0, 0, 0 };
	cmark_node *doc;
	size_t i;
	int ret;

	for (r.fmt = formats; r.fmt->name && strcmp(r.fmt->name, format); r.fmt++)
		;
	if (!r.fmt->name)
		return err_set("unknown report format '%s'", format);
	doc = cmark_parse_document(text, len, CMARK_OPT_DEFAULT);
	if ((ret = walk(&r, doc)) < 0 || (ret = draw_graphs(&r)) < 0)
		goto done;
	for (i = 0; i < r.nblocks; i++)
		fill_block(&r, &r.blocks[i]);
	if (!r.has_method)
		append_method(&r, doc);
	ret = r.fmt->write(out, doc, data);
done:
	for (i = 0; i < r.nblocks; i++) {
		free(r.blocks[i].name);
		free(r.blocks[i].arg);
		render_graph_set_release(&r.blocks[i].graphs);
		strbuf_release(&r.blocks[i].job.image);
	}
	free(r.blocks);
	cmark_node_free(doc);
	return ret;
}
