#include "import_extract.h"

#include <stdlib.h>
#include <string.h>

/*
 * How a number becomes a record: its context strings pooled (each kept
 * once, import_strings.c), the hardware its message names, its source.
 */

void take_str(char **dst, char *v)
{
	free(*dst);
	*dst = v;
}

static int same_str(const char *a, const char *b)
{
	return a == b || (a && b && !strcmp(a, b));
}

/*
 * The context of line at.  The kernel is the line's (import_section.c);
 * the file system the one the walk last learnt when that was in the
 * line's section, else the one the section's own text names (also after
 * the line), else the one learnt before the section, else the one the
 * depth's text (or the Subject) names when it names one.
 */
struct where extract_where(const struct extract *x, size_t at, const char *benchmark)
{
	const struct qline *l = &x->q->v[at];
	const struct depth_ctx *d = &x->d[l->depth];
	const struct section *s = extract_section_at(x, at);
	struct where w = { x->kernel[l->depth], d->fs, d->options, d->device, benchmark,
			   l->depth, l->author, NULL };

	if (!s)
		return w;
	w.kernel = x->sec->kernel[at];
	w.config = s->config;
	if (d->fs && d->fs_at >= s->first)
		return w;
	if (s->fs) {
		w.fs = s->fs;
		w.options = s->fs_mode;
	} else if (!d->fs) {
		w.fs = extract_depth_fs(x, at);
	}
	return w;
}

/*
 * The pooled string of s.  Kernel, file system, benchmark and the like
 * mostly repeat what the record before had, and a comparison with that is
 * cheaper than a lookup.
 */
static char *pooled(struct extract *x, enum field f, const char *s)
{
	char **last = &x->scratch->last[f];

	if (!s)
		return NULL;
	if (!*last || strcmp(*last, s))
		*last = import_intern(x->imp, s);
	return *last;
}

/*
 * A time block's metrics (user, sys, elapsed) take turns, so the last one
 * alone seldom matches: the pooled strings of the last few are compared
 * first.
 */
static char *pooled_metric(struct extract *x, const char *s)
{
	char **metrics = x->scratch->metrics, *p;
	size_t i;

	if (!s)
		return NULL;
	for (i = 0; i < METRICS_KEPT && (p = metrics[i]); i++)
		if (!strcmp(p, s))
			return p;
	p = import_intern(x->imp, s);
	memmove(metrics + 1, metrics, (METRICS_KEPT - 1) * sizeof(*metrics));
	metrics[0] = p;
	return p;
}

/*
 * "<source>, quoting <author>", made and pooled only when the author
 * differs from the last one's: last[F_SOURCE] holds only these, and is
 * cleared for each message, whose source is the same for all of x.
 */
static char *quoting_source(struct extract *x, const char *source, const char *author)
{
	static const char between[] = ", quoting ";
	char **last = &x->scratch->last[F_SOURCE];
	struct strbuf sb = STRBUF_INIT;
	size_t n = strlen(source) + sizeof(between) - 1;

	if (*last && !strcmp(*last + n, author))
		return *last;
	strbuf_grow(&sb, n + strlen(author));
	strbuf_addstr(&sb, source);
	strbuf_add(&sb, between, sizeof(between) - 1);
	strbuf_addstr(&sb, author);
	*last = import_intern(x->imp, sb.buf);
	strbuf_release(&sb);
	return *last;
}

void pool_where(struct extract *x, const struct where *w, struct pooled_where *p)
{
	const struct import_result *r = &x->imp->result;
	/* the pool holds the message's source: records point to it, one copy */
	char *source = (char *)r->msgs[r->nmsgs - 1].source;

	p->kernel = pooled(x, F_KERNEL, sections_full_kernel(x, w->kernel, w->depth));
	p->hardware = NULL;
	p->facts = NULL;
	if (!w->depth) {
		if (!x->hw_cached || !same_str(x->hw_device, w->device)) {
			facts_unref(x->hw_facts);
			free(x->hw_key);
			take_str(&x->hw_device, w->device ? xstrdup(w->device) : NULL);
			x->hw_key = import_hw_key(&x->hw, w->device, &x->hw_facts);
			x->hw_cached = 1;
			x->scratch->last[F_HARDWARE] = import_intern(x->imp, x->hw_key);
		}
		p->facts = x->hw_facts;
		p->hardware = x->scratch->last[F_HARDWARE];
	}
	p->fs = pooled(x, F_FS, w->fs);
	if (w->config && (!w->options || !strstr(w->options, w->config))) {
		struct strbuf sb = STRBUF_INIT;

		if (w->options) {
			strbuf_addstr(&sb, w->options);
			strbuf_addstr(&sb, ", ");
		}
		strbuf_addstr(&sb, w->config);
		p->options = pooled(x, F_OPTIONS, sb.buf);
		strbuf_release(&sb);
	} else {
		p->options = pooled(x, F_OPTIONS, w->options);
	}
	p->device = pooled(x, F_DEVICE, w->device);
	p->benchmark = pooled(x, F_BENCHMARK, w->benchmark);
	p->source = w->depth && w->author ? quoting_source(x, source, w->author) : source;
	p->depth = w->depth;
}

void emit_pooled(struct extract *x, const struct pooled_where *p, const char *metric,
		 const char *value, const char *unit, long lineno)
{
	struct record *r = import_add(&x->imp->result, x->group, p->depth);

	r->kernel = p->kernel;
	r->hardware = p->hardware;
	r->facts = facts_ref(p->facts);
	r->fs = p->fs;
	r->options = p->options;
	r->device = p->device;
	r->benchmark = p->benchmark;
	r->metric = pooled_metric(x, metric);
	r->value = import_keep(x->imp, value);
	r->unit = pooled(x, F_UNIT, unit);
	r->line = lineno;
	r->quoted = p->depth > 0;
	r->source = p->source;
	x->found = 1;
}

void where_own(struct where *w, const char *kernel, const char *fs, const char *options)
{
	if (kernel)
		w->kernel = kernel;
	if (fs && (!w->fs || strcmp(fs, w->fs))) {
		w->fs = fs;
		w->options = NULL;
	}
	if (options)
		w->options = options;
}

void emit(struct extract *x, const struct where *w, const char *metric, const char *value,
	  const char *unit, long lineno)
{
	struct pooled_where p;

	pool_where(x, w, &p);
	emit_pooled(x, &p, metric, value, unit, lineno);
}
