#include "render_differ.h"
#include "render_series.h"
#include "render_text.h"
#include "../core/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * The facts compared, in the order they are said.  key is a record field
 * or a fact of the run (the .bench file's "key: value" lines); a fact a
 * collector adds later is compared as soon as it is named here.
 */
static const struct {
	const char *key, *label;
	enum render_fact_group group;
} facts[] = {
	{ "kernel", "kernel", RENDER_FACT_KERNEL },
	{ "hardware", "hardware", RENDER_FACT_MACHINE },
	{ "cpu", "cpu", RENDER_FACT_MACHINE },
	{ "memory", "memory", RENDER_FACT_MACHINE },
	{ "device", "device", RENDER_FACT_DEVICE },
	{ "disk", "disk", RENDER_FACT_DEVICE },
	{ "rotational", "rotational", RENDER_FACT_DEVICE },
	{ "fs", "fs", RENDER_FACT_CONFIG },
	{ "options", "options", RENDER_FACT_CONFIG },
	{ "mount-options", "mount options", RENDER_FACT_CONFIG },
	{ "mkfs-options", "mkfs options", RENDER_FACT_CONFIG },
	{ "fs-size", "fs size", RENDER_FACT_CONFIG },
	{ "scheduler", "scheduler", RENDER_FACT_RUN },
	{ "suite", "suite", RENDER_FACT_RUN },
	{ "dataset", "data set", RENDER_FACT_RUN },
	{ "tarball", "tarball", RENDER_FACT_RUN },
	{ "caches", "caches", RENDER_FACT_RUN },
	{ "sync", "sync", RENDER_FACT_RUN },
	{ "iterations", "iterations", RENDER_FACT_RUN },
};

static const char *value_of(const struct record *r, const char *key)
{
	const struct record_field *f = record_field_by_name(key);

	if (f)
		return record_field_get(r, f);
	return r->facts ? facts_get(r->facts, key) : NULL;
}

static int in_side(const struct render_facts_side *s, const struct record *r)
{
	return !r->quoted && (!s->like || render_record_match(r, s->like, s->mask));
}

/* The run's iteration count, else the sample counts it holds. */
static void iterations(struct strbuf *out, const struct render_facts_side *s)
{
	struct render_series_set ss = RENDER_SERIES_SET_INIT;
	struct recset mine = RECSET_INIT;
	size_t i;

	for (i = 0; i < s->set->nr; i++)
		if (in_side(s, &s->set->v[i]))
			*recset_add(&mine, NULL) = s->set->v[i];
	render_series_group(&ss, &mine);
	for (i = 0; i < ss.nr; i++) {
		char n[32];

		snprintf(n, sizeof(n), "%zu", ss.v[i].n);
		/* values never hold "; ", the separator */
		render_list_add(out, n, "; ");
	}
	render_series_set_release(&ss);
	/* the records were borrowed, not copied */
	free(mine.v);
}

void render_facts_side_values(struct strbuf *out, const struct render_facts_side *s,
			      const char *key)
{
	struct strbuf one = STRBUF_INIT, clean = STRBUF_INIT;
	size_t i;

	for (i = 0; i < s->set->nr; i++) {
		const struct record *r = &s->set->v[i];
		const char *v;

		if (!in_side(s, r) || !(v = value_of(r, key)) || !*v)
			continue;
		strbuf_reset(&one);
		strbuf_reset(&clean);
		if (!strcmp(key, "device"))
			render_device_key(&one, v);
		else
			strbuf_addstr(&one, v);
		render_text_clean(&clean, one.buf, 1);
		render_list_add(out, clean.buf, "; ");
	}
	if (!out->len && !strcmp(key, "iterations"))
		iterations(out, s);
	strbuf_release(&one);
	strbuf_release(&clean);
}

/* "a vs b" for two sides; "a (x, y); b (z)" for more, sides with one value grouped. */
static void describe(struct strbuf *out, const struct render_facts_side *sides, size_t n,
		     struct strbuf *vals)
{
	size_t i, j;

	if (n == 2) {
		strbuf_addf(out, "%s vs %s", vals[0].buf, vals[1].buf);
		return;
	}
	for (i = 0; i < n; i++) {
		for (j = 0; j < i && strcmp(vals[j].buf, vals[i].buf); j++)
			;
		if (j < i)
			continue;
		strbuf_addf(out, "%s%s (", i ? "; " : "", vals[i].len ? vals[i].buf : "not recorded");
		for (j = i; j < n; j++)
			if (!strcmp(vals[j].buf, vals[i].buf))
				strbuf_addf(out, "%s%s", j > i ? ", " : "", sides[j].name);
		strbuf_addch(out, ')');
	}
}

size_t render_facts_differ(struct strbuf *out, const struct render_facts_side *sides, size_t n,
			   unsigned vary, const char *prefix, size_t width)
{
	struct strbuf *vals = xcalloc(n ? n : 1, sizeof(*vals));
	struct strbuf line = STRBUF_INIT, partial = STRBUF_INIT, hang = STRBUF_INIT;
	size_t f, i, differ = 0;

	for (i = 0; i < n; i++)
		strbuf_init(&vals[i], 0);
	strbuf_addchars(&hang, ' ', 4);
	for (f = 0; f < ARRAY_SIZE(facts) && n > 1; f++) {
		size_t have = 0, same = 1;

		if (facts[f].group & vary)
			continue;
		for (i = 0; i < n; i++) {
			strbuf_reset(&vals[i]);
			render_facts_side_values(&vals[i], &sides[i], facts[f].key);
			have += vals[i].len > 0;
			if (i && strcmp(vals[i].buf, vals[0].buf))
				same = 0;
		}
		if (same || !have)
			continue;
		if (have < n && n == 2) {
			/* a side that does not say is not a difference, but it is not the same either */
			strbuf_addf(&partial, "%s%s", partial.len ? ", " : "", facts[f].label);
			continue;
		}
		strbuf_reset(&line);
		strbuf_addf(&line, "%s%s ", prefix, facts[f].label);
		describe(&line, sides, n, vals);
		render_text_wrap(out, line.buf, width, "", hang.buf);
		differ++;
	}
	if (partial.len) {
		strbuf_reset(&line);
		strbuf_addf(&line, "not recorded on both sides, so not compared: %s", partial.buf);
		render_text_wrap(out, line.buf, width, "", hang.buf);
	}
	for (i = 0; i < n; i++)
		strbuf_release(&vals[i]);
	free(vals);
	strbuf_release(&line);
	strbuf_release(&partial);
	strbuf_release(&hang);
	return differ;
}
