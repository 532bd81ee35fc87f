#include "render_check.h"
#include "render_text.h"
#include "../core/util.h"

#include <math.h>
#include <string.h>

/* What a verdict says about an item, one line, for every format. */
static void item_name(struct strbuf *out, const struct check_item *it)
{
	strbuf_addf(out, "%s ", it->key->benchmark ? it->key->benchmark : "?");
	render_metric_label(out, it->key->metric, it->key->unit);
}

static void add_p(struct strbuf *out, double p)
{
	strbuf_addstr(out, p < 0.001 ? "p<0.001" : "p=");
	if (p >= 0.001)
		render_number(out, p, 3);
}

static int decimals(const struct check_item *it)
{
	int a = it->old ? it->old->decimals : 0, b = it->new ? it->new->decimals : 0;

	return a > b ? a : b;
}

static void item_detail(struct strbuf *out, const struct check_item *it,
			const struct check_opts *o)
{
	switch (it->verdict) {
	case CHECK_UNJUDGED:
		strbuf_addstr(out, "not judged: which way is better is not known");
		return;
	case CHECK_UNSURE:
		if (!it->old || !it->new) {
			strbuf_addf(out, "cannot tell: only in %s", it->old ? o->old_name : o->new_name);
			return;
		}
		strbuf_addf(out, "cannot tell: %zu and %zu samples, too few for the %s test to "
			    "ever reach p < %g", it->old->n, it->new->n, o->test->title, o->alpha);
		return;
	default:
		break;
	}
	if (!isnan(it->change)) {
		if (it->change > 0)
			strbuf_addch(out, '+');
		render_number(out, it->change, 1);
		strbuf_addstr(out, "% ");
	}
	strbuf_addch(out, '(');
	render_number(out, it->old_centre, decimals(it));
	strbuf_addstr(out, " -> ");
	render_number(out, it->new_centre, decimals(it));
	strbuf_addstr(out, "), ");
	add_p(out, it->test.p);
}

static const char *const verdict_words[] = {
	[CHECK_FINE] = "fine", [CHECK_WORSE] = "worse", [CHECK_UNSURE] = "cannot tell",
	[CHECK_UNJUDGED] = "not judged",
};

static void method(struct strbuf *out, const struct check_opts *o)
{
	strbuf_addf(out, "Worse means p < %g in a two-sided %s test and a change of the %s "
		    "of more than %g%% the wrong way", o->alpha, o->test->title, o->test->centre,
		    o->threshold);
}

/* --- text: one paragraph --- */

static void write_text(struct strbuf *out, const struct check_result *r)
{
	const struct check_opts *o = r->opts;
	struct strbuf p = STRBUF_INIT, clean = STRBUF_INIT;
	size_t i;

	strbuf_addf(&p, "%s -> %s", o->old_name, o->new_name);
	if (o->where)
		strbuf_addf(&p, " (%s)", o->where);
	strbuf_addf(&p, ": %s.", verdict_words[r->overall]);
	if (r->refused) {
		strbuf_addf(&p, " %s: the numbers are not comparable.", r->refused);
	} else if (!r->nr) {
		strbuf_addstr(&p, " Nothing to compare.");
	}
	/* the worse and the uncertain are named; the fine are counted */
	for (i = 0; i < r->nr; i++) {
		const struct check_item *it = &r->v[i];

		if (it->verdict != CHECK_WORSE && it->verdict != CHECK_UNSURE)
			continue;
		strbuf_addch(&p, ' ');
		item_name(&p, it);
		strbuf_addstr(&p, ": ");
		item_detail(&p, it, o);
		strbuf_addch(&p, '.');
	}
	if (r->nr) {
		static const enum check_verdict order[] = { CHECK_WORSE, CHECK_UNSURE,
							    CHECK_FINE, CHECK_UNJUDGED };
		size_t k, said = 0;

		strbuf_addf(&p, " Of %zu metric%s:", r->nr, r->nr == 1 ? "" : "s");
		for (k = 0; k < ARRAY_SIZE(order); k++)
			if (r->count[order[k]])
				strbuf_addf(&p, "%s %zu %s", said++ ? "," : "", r->count[order[k]],
					    verdict_words[order[k]]);
		strbuf_addch(&p, '.');
	}
	strbuf_addch(&p, ' ');
	method(&p, o);
	strbuf_addch(&p, '.');
	/* names come from records: only printable ASCII reaches the terminal */
	render_text_clean(&clean, p.buf, 0);
	render_text_wrap(out, clean.buf, RENDER_WIDTH, "", "");
	strbuf_release(&p);
	strbuf_release(&clean);
}

/* --- KTAP (Documentation/dev-tools/ktap.rst): a test point per item --- */

/* One line of KTAP text: printable ASCII, and no '#' (it starts a directive). */
static void ktap_clean(struct strbuf *out, const char *s)
{
	size_t start = out->len, i;

	render_text_clean(out, s, 0);
	for (i = start; i < out->len; i++)
		if (out->buf[i] == '#')
			out->buf[i] = '?';
}

static void write_ktap(struct strbuf *out, const struct check_result *r)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i;

	strbuf_addstr(out, "KTAP version 1\n");
	strbuf_addstr(&sb, "benchpost check ");
	strbuf_addf(&sb, "%s -> %s", r->opts->old_name, r->opts->new_name);
	if (r->opts->where)
		strbuf_addf(&sb, " (%s)", r->opts->where);
	strbuf_addstr(out, "# ");
	ktap_clean(out, sb.buf);
	strbuf_addstr(out, "\n# ");
	strbuf_reset(&sb);
	method(&sb, r->opts);
	ktap_clean(out, sb.buf);
	strbuf_addch(out, '\n');
	if (r->refused) {
		strbuf_addstr(out, "# ");
		ktap_clean(out, r->refused);
		strbuf_addch(out, '\n');
	}
	strbuf_addf(out, "1..%zu\n", r->nr);
	for (i = 0; i < r->nr; i++) {
		const struct check_item *it = &r->v[i];

		strbuf_addf(out, "%s %zu ", it->verdict == CHECK_WORSE ? "not ok" : "ok", i + 1);
		strbuf_reset(&sb);
		item_name(&sb, it);
		ktap_clean(out, sb.buf);
		strbuf_addstr(out, " # ");
		/* what cannot be judged is a skipped test, not a passed one */
		if (it->verdict == CHECK_UNSURE || it->verdict == CHECK_UNJUDGED)
			strbuf_addstr(out, "SKIP ");
		strbuf_reset(&sb);
		item_detail(&sb, it, r->opts);
		ktap_clean(out, sb.buf);
		strbuf_addch(out, '\n');
	}
	strbuf_release(&sb);
}

/* --- JUnit XML, as CI systems read it --- */

static void xml_text(struct strbuf *out, const char *s)
{
	struct strbuf clean = STRBUF_INIT;

	/* control characters are not allowed in XML 1.0 even escaped */
	render_text_clean(&clean, s, 1);
	render_html_escape(out, clean.buf);
	strbuf_release(&clean);
}

static void write_junit(struct strbuf *out, const struct check_result *r)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i, skipped = r->count[CHECK_UNSURE] + r->count[CHECK_UNJUDGED];

	strbuf_addstr(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
	strbuf_addf(out, "<testsuites tests=\"%zu\" failures=\"%zu\" skipped=\"%zu\">\n", r->nr,
		    r->count[CHECK_WORSE], skipped);
	strbuf_addf(&sb, "benchpost check %s -> %s", r->opts->old_name, r->opts->new_name);
	strbuf_addstr(out, "  <testsuite name=\"");
	xml_text(out, sb.buf);
	strbuf_addf(out, "\" tests=\"%zu\" failures=\"%zu\" skipped=\"%zu\">\n", r->nr,
		    r->count[CHECK_WORSE], skipped);
	strbuf_reset(&sb);
	method(&sb, r->opts);
	if (r->refused)
		strbuf_addf(&sb, "; %s", r->refused);
	strbuf_addstr(out, "    <properties><property name=\"method\" value=\"");
	xml_text(out, sb.buf);
	strbuf_addstr(out, "\"/></properties>\n");
	for (i = 0; i < r->nr; i++) {
		const struct check_item *it = &r->v[i];
		const char *tag = it->verdict == CHECK_WORSE ? "failure" :
				  it->verdict == CHECK_FINE ? "system-out" : "skipped";

		strbuf_reset(&sb);
		render_metric_label(&sb, it->key->metric, it->key->unit);
		strbuf_addstr(out, "    <testcase classname=\"");
		xml_text(out, it->key->benchmark ? it->key->benchmark : "?");
		strbuf_addstr(out, "\" name=\"");
		xml_text(out, sb.buf);
		strbuf_addstr(out, "\">");
		strbuf_reset(&sb);
		item_detail(&sb, it, r->opts);
		if (it->verdict == CHECK_FINE) {
			strbuf_addf(out, "<%s>", tag);
			xml_text(out, sb.buf);
			strbuf_addf(out, "</%s>", tag);
		} else {
			strbuf_addf(out, "<%s message=\"", tag);
			xml_text(out, sb.buf);
			strbuf_addstr(out, "\"/>");
		}
		strbuf_addstr(out, "</testcase>\n");
	}
	strbuf_addstr(out, "  </testsuite>\n</testsuites>\n");
	strbuf_release(&sb);
}

const struct check_format check_formats[] = {
	{ "text", write_text },
	{ "ktap", write_ktap },
	{ "junit", write_junit },
	{ NULL, NULL },
};

const struct check_format *check_format_by_name(const char *name)
{
	const struct check_format *f;

	for (f = check_formats; f->name; f++)
		if (!strcmp(f->name, name))
			return f;
	return NULL;
}
