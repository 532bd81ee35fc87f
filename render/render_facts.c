#include "render_facts.h"
#include "render_method.h"
#include "render_text.h"
#include "../core/util.h"

#include <stdlib.h>
#include <string.h>

/* The facts shown, in this order. */
static const char *const keys[] = {
	"kernel", "hardware", "cpu", "memory", "disk", "rotational", "scheduler",
	"device", "fs", "options", "source",
};

/* Where the value column starts: after the longest key and its colon. */
#define VALUE_COLUMN 12

/*
 * Each side's values of key in vals[]; whether they differ between the
 * sides (a side that records none differs from one that does).
 */
static int sides_differ(struct strbuf *vals, const struct render_facts_side *sides, size_t n,
			const char *key)
{
	size_t i;
	int differ = 0;

	for (i = 0; i < n; i++) {
		strbuf_reset(&vals[i]);
		render_facts_side_values(&vals[i], &sides[i], key);
		if (i && strcmp(vals[i].buf, vals[0].buf))
			differ = 1;
	}
	return differ;
}

/* One wrapped line of the section: "key:" in its column, or blanks under the key above. */
static void fact_line(struct strbuf *out, const char *key, const char *value, size_t width, int utf8)
{
	struct strbuf lead = STRBUF_INIT, clean = STRBUF_INIT, hang = STRBUF_INIT;

	if (key)
		strbuf_addf(&lead, "%s:", key);
	strbuf_addchars(&lead, ' ', VALUE_COLUMN - lead.len);
	strbuf_addchars(&hang, ' ', VALUE_COLUMN);
	render_text_clean(&clean, value, utf8);
	render_text_wrap(out, clean.buf, width, lead.buf, hang.buf);
	strbuf_release(&lead);
	strbuf_release(&clean);
	strbuf_release(&hang);
}

void render_facts(struct strbuf *out, const struct recset *set,
		  const struct render_facts_side *sides, size_t nsides, size_t width, int utf8)
{
	struct strbuf *vals = xcalloc(nsides ? nsides : 1, sizeof(*vals));
	struct strbuf v = STRBUF_INIT, one = STRBUF_INIT;
	size_t k, i;

	for (i = 0; i < nsides; i++)
		strbuf_init(&vals[i], 0);
	for (k = 0; k < ARRAY_SIZE(keys); k++) {
		strbuf_reset(&v);
		if (!render_fact_values(&v, set, keys[k]))
			continue;
		if (nsides < 2 || !sides_differ(vals, sides, nsides, keys[k])) {
			fact_line(out, keys[k], v.buf, width, utf8);
			continue;
		}
		for (i = 0; i < nsides; i++) {
			strbuf_reset(&one);
			strbuf_addf(&one, "%s (%s)", vals[i].len ? vals[i].buf : "not recorded",
				    sides[i].name);
			fact_line(out, i ? NULL : keys[k], one.buf, width, utf8);
		}
	}
	for (i = 0; i < nsides; i++)
		strbuf_release(&vals[i]);
	free(vals);
	strbuf_release(&v);
	strbuf_release(&one);
}
