#include "render_series.h"
#include "render_stats.h"
#include "render_text.h"
#include "../core/kver.h"
#include "../core/util.h"

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

const char *render_record_key(const struct record *r, enum render_key k)
{
	switch (k) {
	case RENDER_KERNEL: return r->kernel;
	case RENDER_HARDWARE: return r->hardware;
	case RENDER_FS: return r->fs;
	case RENDER_OPTIONS: return r->options;
	case RENDER_DEVICE: return r->device;
	case RENDER_BENCHMARK: return r->benchmark;
	case RENDER_METRIC: return r->metric;
	case RENDER_UNIT: return r->unit;
	case RENDER_RUN: return r->source;
	default: return NULL;
	}
}

const char *render_series_key(const struct render_series *s, enum render_key k)
{
	return render_record_key(s->first, k);
}

static int same(const char *a, const char *b)
{
	return !strcmp(a ? a : "", b ? b : "");
}

void render_device_key(struct strbuf *out, const char *device)
{
	const char *p = device ? device : "";

	/* the loop device a run happened to get says nothing about the storage */
	while (*p) {
		if (!strncmp(p, "/dev/loop", 9)) {
			strbuf_addstr(out, "/dev/loop");
			for (p += 9; isdigit((unsigned char)*p); p++)
				;
			continue;
		}
		strbuf_addch(out, *p++);
	}
}

static int same_device(const char *a, const char *b)
{
	struct strbuf x = STRBUF_INIT, y = STRBUF_INIT;
	int ok;

	if (same(a, b))
		return 1;
	render_device_key(&x, a);
	render_device_key(&y, b);
	ok = !strcmp(x.buf, y.buf);
	strbuf_release(&x);
	strbuf_release(&y);
	return ok;
}

int render_record_match(const struct record *a, const struct record *b, unsigned mask)
{
	int k;

	for (k = 0; k < RENDER_KEYS_NR; k++) {
		const char *x = render_record_key(a, k), *y = render_record_key(b, k);

		if (!(mask & (1u << k)))
			continue;
		if (k == RENDER_DEVICE ? !same_device(x, y) : !same(x, y))
			return 0;
	}
	return 1;
}

int render_series_match(const struct render_series *a, const struct render_series *b,
			unsigned mask)
{
	return render_record_match(a->first, b->first, mask);
}

void render_series_group(struct render_series_set *out, const struct recset *set)
{
	size_t i, j;

	for (i = 0; i < set->nr; i++) {
		const struct record *r = &set->v[i];
		struct render_series *s = NULL;
		int d;

		if (r->quoted || !r->value || !value_is_number(r->value))
			continue;
		/* runs are small: a linear search keeps the order of appearance */
		for (j = 0; j < out->nr; j++)
			if (render_record_match(out->v[j].first, r, RENDER_SERIES_KEYS)) {
				s = &out->v[j];
				break;
			}
		if (!s) {
			ALLOC_GROW(out->v, out->nr + 1, out->alloc);
			s = &out->v[out->nr++];
			memset(s, 0, sizeof(*s));
			s->first = r;
		}
		/* a run's samples stand together: a new source is a new run */
		if (!s->last || !same(s->last->source, r->source))
			s->runs++;
		s->last = r;
		ALLOC_GROW(s->v, s->n + 1, s->alloc);
		s->v[s->n++] = record_number(r);
		d = render_decimals(r->value);
		if (d > s->decimals)
			s->decimals = d;
	}
}

void render_series_set_release(struct render_series_set *s)
{
	size_t i;

	for (i = 0; i < s->nr; i++)
		free(s->v[i].v);
	free(s->v);
	memset(s, 0, sizeof(*s));
}

static int cmp_kver(const void *a, const void *b)
{
	return kver_cmp(*(const char *const *)a, *(const char *const *)b);
}

void render_distinct(struct render_strings *out, const struct render_series_set *s,
		     enum render_key k, const struct render_series *like, unsigned mask)
{
	size_t i, j;

	for (i = 0; i < s->nr; i++) {
		const char *v = render_series_key(&s->v[i], k);

		if (like && !render_series_match(&s->v[i], like, mask))
			continue;
		for (j = 0; j < out->nr; j++)
			if (same(out->v[j], v))
				break;
		if (j < out->nr)
			continue;
		ALLOC_GROW(out->v, out->nr + 1, out->alloc);
		out->v[out->nr++] = v;
	}
	/* qsort's pointer must not be NULL, even for nothing to sort */
	if (k == RENDER_KERNEL && out->nr)
		qsort(out->v, out->nr, sizeof(*out->v), cmp_kver);
}

void render_strings_release(struct render_strings *l)
{
	free(l->v);
	memset(l, 0, sizeof(*l));
}

size_t render_series_distinct(const struct render_series ***out, const struct render_series_set *ss,
			      const struct render_series *like, unsigned like_mask, unsigned mask)
{
	size_t i, j, nr = 0, alloc = 0;

	*out = NULL;
	for (i = 0; i < ss->nr; i++) {
		if (like && !render_series_match(&ss->v[i], like, like_mask))
			continue;
		for (j = 0; j < nr; j++)
			if (render_series_match((*out)[j], &ss->v[i], mask))
				break;
		if (j < nr)
			continue;
		ALLOC_GROW(*out, nr + 1, alloc);
		(*out)[nr++] = &ss->v[i];
	}
	return nr;
}

enum render_role render_series_role(const struct render_series_set *ss, const struct render_series *s)
{
	const unsigned mask = RENDER_SERIES_KEYS & ~(RENDER_KEY(METRIC) | RENDER_KEY(UNIT));
	struct render_strings metrics = { 0 };
	enum render_role role;

	render_distinct(&metrics, ss, RENDER_METRIC, s, mask);
	role = render_metric_role(render_series_key(s, RENDER_METRIC), render_series_key(s, RENDER_UNIT),
				  metrics.v, metrics.nr);
	render_strings_release(&metrics);
	return role;
}

void render_config_name(struct strbuf *out, const struct record *r)
{
	strbuf_addstr(out, r->fs ? r->fs : "?");
	if (r->options && *r->options)
		strbuf_addf(out, ":%s", r->options);
}

void render_config_words(struct strbuf *out, const struct record *r)
{
	strbuf_addstr(out, r->fs ? r->fs : "?");
	if (r->options && *r->options)
		strbuf_addf(out, " %s", r->options);
}

double render_series_centre(const struct render_series *s, int median)
{
	struct stats_summary sum;

	stats_summarize(&sum, s->v, s->n);
	return median ? sum.median : sum.mean;
}

double render_series_sd(const struct render_series *s)
{
	struct stats_summary sum;

	stats_summarize(&sum, s->v, s->n);
	return sum.sd;
}

void render_series_cell(struct strbuf *value, struct strbuf *spread,
			const struct render_series *s, int median)
{
	double c, sd;

	if (s->n == 1) {
		/* one sample: the digits exactly as measured or posted */
		strbuf_addstr(value, s->first->value);
		return;
	}
	c = render_series_centre(s, median);
	sd = render_series_sd(s);
	render_number(value, c, render_spread_decimals(sd, s->decimals));
	render_relative_spread(spread, sd, c);
}

void render_series_cell_absolute(struct strbuf *value, struct strbuf *spread,
				 const struct render_series *s)
{
	if (s->n == 1) {
		strbuf_addstr(value, s->first->value);
		return;
	}
	render_number(value, render_series_centre(s, 0), s->decimals);
	render_number(spread, render_series_sd(s), s->decimals);
}

/* The last path part of a device: "/dev/sdb1" names itself as "sdb1". */
static const char *device_tail(const char *dev)
{
	const char *slash = dev ? strrchr(dev, '/') : NULL;

	return slash && slash[1] ? slash + 1 : dev ? dev : "?";
}

/* Options up to this long are a configuration's name as they are. */
#define SHORT_OPTIONS 20

/*
 * Short names for configurations: the name the poster gave ("ext3wb:
 * 4k blocks, ..." in options), else the file system, numbered when it
 * appears with several option sets, with its device when only the device
 * tells two apart.
 */
void render_config_short(struct strbuf *name, struct strbuf *legend,
			 const struct render_series *const *configs, size_t nr, size_t which)
{
	const struct render_series *cfg = configs[which];
	const char *fs = render_series_key(cfg, RENDER_FS);
	const char *opt = render_series_key(cfg, RENDER_OPTIONS);
	const char *dev = render_series_key(cfg, RENDER_DEVICE);
	const char *colon = opt ? strstr(opt, ": ") : NULL;
	const unsigned fs_opts = RENDER_KEY(FS) | RENDER_KEY(OPTIONS);
	size_t idx = 0, count = 0, same_opts = 0, k;

	for (k = 0; k < nr; k++) {
		if (render_series_match(configs[k], cfg, RENDER_KEY(FS))) {
			idx += k < which;
			count++;
		}
		same_opts += render_series_match(configs[k], cfg, fs_opts);
	}
	fs = fs ? fs : "?";
	if (colon && !memchr(opt, ' ', colon - opt) && !memchr(opt, ',', colon - opt)) {
		strbuf_add(name, opt, colon - opt);
		opt = colon + 2;
	} else if (same_opts > 1 && count == same_opts) {
		/* one fs entry on several devices: the device is the name */
		strbuf_addf(name, "%s %s", fs, device_tail(dev));
	} else if (count > 1 && (!opt || strlen(opt) <= SHORT_OPTIONS)) {
		/* short options name themselves: "ext3 data=writeback" beside "ext3" */
		render_config_words(name, cfg->first);
	} else if (count > 1) {
		strbuf_addf(name, "%s-%zu", fs, idx + 1);
	} else {
		strbuf_addstr(name, fs);
	}
	/* the legend says what the name does not: the fs when the name is not it, the options */
	if (strcmp(name->buf, fs))
		strbuf_addf(legend, "%s, ", fs);
	strbuf_addstr(legend, opt && *opt ? opt : "default options");
	if (same_opts > 1)
		strbuf_addf(legend, ", on %s", dev ? dev : "an unknown device");
}

/* The length of the first k words of s (all of s when it has fewer). */
static size_t words(const char *s, size_t k)
{
	const char *p = s;

	while (k-- && *p) {
		p += strcspn(p, " ");
		if (k && *p)
			p++;
	}
	while (p > s && p[-1] == ' ')
		p--;
	return p - s;
}

static size_t short_len(const struct render_series *const *benches, size_t nr, size_t which)
{
	const char *name = render_series_key(benches[which], RENDER_BENCHMARK);
	size_t k, j, len;

	name = name ? name : "?";
	for (k = 1;; k++) {
		len = words(name, k);
		if (!name[len])
			return len;
		for (j = 0; j < nr; j++) {
			const char *other = render_series_key(benches[j], RENDER_BENCHMARK);

			if (j != which && other && words(other, k) == len && !strncmp(other, name, len))
				break;
		}
		if (j == nr)
			return len;
	}
}

void render_bench_short(struct strbuf *out, const struct render_series *const *benches, size_t nr,
			size_t which)
{
	const char *name = render_series_key(benches[which], RENDER_BENCHMARK);

	strbuf_add(out, name ? name : "?", short_len(benches, nr, which));
}

void render_bench_legend(struct strbuf *out, const struct render_series *const *benches, size_t nr)
{
	char *done = xcalloc(nr + 1, 1);
	size_t i, j;

	for (i = 0; i < nr; i++) {
		const char *name = render_series_key(benches[i], RENDER_BENCHMARK);
		const char *rest;

		if (done[i] || !name)
			continue;
		rest = name + short_len(benches, nr, i);
		rest += strspn(rest, " ");
		if (!*rest)
			continue;
		strbuf_addstr(out, out->len ? "; " : "");
		/* the benchmarks that share the rest are named together */
		for (j = i; j < nr; j++) {
			const char *other = render_series_key(benches[j], RENDER_BENCHMARK), *orest;

			if (done[j] || !other)
				continue;
			orest = other + short_len(benches, nr, j);
			orest += strspn(orest, " ");
			if (strcmp(orest, rest))
				continue;
			if (j > i)
				strbuf_addstr(out, ", ");
			render_bench_short(out, benches, nr, j);
			done[j] = 1;
		}
		strbuf_addf(out, ": %s", rest);
	}
	free(done);
}

void render_config_list(struct strbuf *out, const struct render_series_set *ss, int as_option)
{
	const struct render_series **entries;
	size_t i, n = render_series_distinct(&entries, ss, NULL, 0, RENDER_KEY(FS) | RENDER_KEY(OPTIONS));

	for (i = 0; i < n; i++) {
		struct strbuf name = STRBUF_INIT, legend = STRBUF_INIT;
		const char *opt = render_series_key(entries[i], RENDER_OPTIONS);

		if (as_option && (!opt || (strlen(opt) <= SHORT_OPTIONS && !strchr(opt, ' '))))
			render_config_name(&name, entries[i]->first);
		else
			render_config_short(&name, &legend, entries, n, i);
		strbuf_addf(out, "%s%s", i ? ", " : "", name.buf);
		strbuf_release(&name);
		strbuf_release(&legend);
	}
	free(entries);
}
