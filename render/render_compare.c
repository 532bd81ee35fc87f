#include "render_compare.h"
#include "render_differ.h"
#include "render_series.h"
#include "render_text.h"
#include "../core/util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* A heading wider than this becomes "old" or "new", its name said under the table. */
#define NAME_MAX_WIDTH 12

static int same(const char *a, const char *b)
{
	return !strcmp(a ? a : "", b ? b : "");
}

/* The one value of a key on a side, or NULL when it has none or several. */
static const char *only(const struct recset *set, enum render_key k)
{
	const char *v = NULL;
	size_t i;
	int seen = 0;

	for (i = 0; i < set->nr; i++) {
		const char *x = render_record_key(&set->v[i], k);

		if (set->v[i].quoted)
			continue;
		if (seen && !same(v, x))
			return NULL;
		v = x;
		seen = 1;
	}
	return v;
}

static const struct record *first_of(const struct recset *set)
{
	size_t i;

	for (i = 0; i < set->nr; i++)
		if (!set->v[i].quoted)
			return &set->v[i];
	return set->nr ? &set->v[0] : NULL;
}

/* When a run ran: its date fact, else its source, else what was typed. */
static void run_name(struct strbuf *out, const struct recset *set, const char *arg)
{
	const struct record *r = first_of(set);
	const char *date = r && r->facts ? facts_get(r->facts, "date") : NULL;
	const char *slash = arg ? strrchr(arg, '/') : NULL;

	if (date && strlen(date) >= 16)
		strbuf_addf(out, "run %.10s %.5s", date, date + 11);
	else if (r && r->source)
		strbuf_addstr(out, r->source);
	else
		strbuf_addstr(out, slash && slash[1] ? slash + 1 : arg ? arg : "?");
}

static void config_name(struct strbuf *out, const struct record *r, const struct record *other)
{
	/* one file system: the options say it ("data=writeback"), or that there are none */
	if (same(r->fs, other->fs))
		strbuf_addstr(out, r->options && *r->options ? r->options : "defaults");
	else
		render_config_words(out, r);
}

void render_compare_init(struct render_compare *c, const struct recset *old_set,
			 const struct recset *new_set, const char *old_arg, const char *new_arg)
{
	const struct record *o = first_of(old_set), *n = first_of(new_set);
	const char *ko = only(old_set, RENDER_KERNEL), *kn = only(new_set, RENDER_KERNEL);
	const char *hw = only(old_set, RENDER_HARDWARE);

	memset(c, 0, sizeof(*c));
	strbuf_init(&c->old_name, 0);
	strbuf_init(&c->new_name, 0);
	strbuf_init(&c->what, 0);
	strbuf_init(&c->common, 0);
	if (!same(ko, kn)) {
		c->kind = RENDER_COMPARE_KERNELS;
		c->vary = RENDER_FACT_KERNEL;
		strbuf_addstr(&c->old_name, ko ? ko : "kernel not stated");
		strbuf_addstr(&c->new_name, kn ? kn : "kernel not stated");
	} else if (o && n && !render_record_match(o, n, RENDER_KEY(FS) | RENDER_KEY(OPTIONS))) {
		c->kind = RENDER_COMPARE_CONFIGS;
		c->vary = RENDER_FACT_CONFIG;
		config_name(&c->old_name, o, n);
		config_name(&c->new_name, n, o);
	} else if (o && n && !render_record_match(o, n, RENDER_KEY(DEVICE))) {
		/* one fs entry on two disks (seed 001): the devices are what is compared */
		c->kind = RENDER_COMPARE_DEVICES;
		c->vary = RENDER_FACT_DEVICE;
		strbuf_addstr(&c->old_name, o->device ? o->device : "device not stated");
		strbuf_addstr(&c->new_name, n->device ? n->device : "device not stated");
	} else {
		c->kind = RENDER_COMPARE_RUNS;
		run_name(&c->old_name, old_set, old_arg);
		run_name(&c->new_name, new_set, new_arg);
	}
	if (c->kind == RENDER_COMPARE_CONFIGS && same(o->fs, n->fs) && o->options && *o->options &&
	    n->options && *n->options) {
		/* "ext3 data=ordered vs data=writeback" */
		strbuf_addf(&c->what, "%s %s vs %s", o->fs ? o->fs : "?", c->old_name.buf, c->new_name.buf);
	} else if (c->kind == RENDER_COMPARE_DEVICES) {
		/* "ext2: /dev/sda5 vs /dev/sdb1" */
		render_config_words(&c->what, o);
		strbuf_addf(&c->what, ": %s vs %s", c->old_name.buf, c->new_name.buf);
	} else if (c->kind == RENDER_COMPARE_CONFIGS) {
		/* "ext3 vs ext3 data=writeback", "ext4 vs xfs" */
		render_config_words(&c->what, o);
		strbuf_addstr(&c->what, " vs ");
		render_config_words(&c->what, n);
	} else {
		strbuf_addf(&c->what, "%s vs %s", c->old_name.buf, c->new_name.buf);
	}
	/* what both sides share, said once in the title */
	if (c->kind != RENDER_COMPARE_CONFIGS && c->kind != RENDER_COMPARE_DEVICES && o) {
		render_config_words(&c->common, o);
		strbuf_addch(&c->common, ' ');
	}
	if (hw || (o && !o->hardware))
		strbuf_addf(&c->common, "on %s", hw ? hw : "unknown hardware");
	if (c->kind != RENDER_COMPARE_KERNELS && ko)
		strbuf_addf(&c->common, "%skernel %s", c->common.len ? ", " : "", ko);
}

void render_compare_name_device(struct render_compare *c, const struct record *r)
{
	struct strbuf words = STRBUF_INIT;
	char *rest;

	if ((c->kind != RENDER_COMPARE_KERNELS && c->kind != RENDER_COMPARE_RUNS) ||
	    !r->device || !*r->device)
		return;
	/* the title's common part opens with the configuration's words: the device follows them */
	render_config_words(&words, r);
	if (strncmp(c->common.buf, words.buf, words.len)) {
		strbuf_release(&words);
		return;
	}
	rest = xstrdup(c->common.buf + words.len);
	strbuf_reset(&c->common);
	strbuf_addf(&c->common, "%s %s%s", words.buf, r->device, rest);
	free(rest);
	strbuf_release(&words);
}

void render_compare_release(struct render_compare *c)
{
	strbuf_release(&c->old_name);
	strbuf_release(&c->new_name);
	strbuf_release(&c->what);
	strbuf_release(&c->common);
}

void render_compare_title(struct strbuf *out, const struct render_compare *c)
{
	strbuf_addstr(out, c->what.buf);
	if (c->common.len)
		strbuf_addf(out, "%s%s", c->kind == RENDER_COMPARE_CONFIGS ||
			    c->kind == RENDER_COMPARE_DEVICES ? " " : ": ", c->common.buf);
}

/* A benchmark by its first word ("untar"), as people name it in a Subject. */
static void first_word(struct strbuf *out, const char *s)
{
	const char *sp = strchr(s, ' ');

	strbuf_add(out, s, sp ? (size_t)(sp - s) : strlen(s));
}

void render_compare_subject(struct strbuf *out, const struct render_compare *c,
			    const struct render_diff_summary *found)
{
	strbuf_addstr(out, c->what.buf);
	if (found->headline) {
		strbuf_addstr(out, ": ");
		first_word(out, found->headline);
		strbuf_addch(out, ' ');
		render_change(out, found->headline_change);
	} else if (found->tested) {
		strbuf_addstr(out, ": no significant change");
	}
}

/* The footnotes of t go to notes, each said once however many tables share it. */
static void move_notes(struct render_table *notes, struct render_table *t)
{
	size_t i, j;

	for (i = 0; i < t->nnotes; i++) {
		for (j = 0; j < notes->nnotes && strcmp(notes->notes[j], t->notes[i]); j++)
			;
		if (j == notes->nnotes)
			render_table_add_note(notes, "%s", t->notes[i]);
		free(t->notes[i]);
	}
	t->nnotes = 0;
}

size_t render_compare_write(struct strbuf *out, struct render_diff_summary *found,
			    const struct recset *old_set, const struct recset *new_set,
			    const struct render_compare *c, const struct render_diff_opts *opts,
			    const struct render_table_format *fmt)
{
	struct render_facts_side sides[2] = {
		{ old_set, NULL, 0, c->old_name.buf }, { new_set, NULL, 0, c->new_name.buf },
	};
	struct render_table t = RENDER_TABLE_INIT;
	struct render_diff_opts o = *opts;
	struct strbuf title = STRBUF_INIT, warn = STRBUF_INIT;
	int short_names = render_text_width(c->old_name.buf) > NAME_MAX_WIDTH ||
			  render_text_width(c->new_name.buf) > NAME_MAX_WIDTH;
	size_t compared;

	render_compare_title(&title, c);
	/* the title, then what else differs, then the numbers */
	o.title = "";
	o.old_name = short_names ? "old" : c->old_name.buf;
	o.new_name = short_names ? "new" : c->new_name.buf;
	render_facts_differ(&warn, sides, 2, c->vary, "also differs: ", fmt->width ? fmt->width : 1000);
	compared = render_diff(&t, found, old_set, new_set, &o);
	if (short_names) {
		render_table_add_note(&t, "old: %s", c->old_name.buf);
		render_table_add_note(&t, "new: %s", c->new_name.buf);
	}
	if (opts->notes)
		move_notes(opts->notes, &t);
	if (compared || found->one_sided) {
		const char *head = opts->title ? opts->title : title.buf;

		if (*head)
			render_table_write_heading(out, head, fmt);
		if (warn.len)
			render_table_write_lines(out, warn.buf, fmt);
		if (*head || warn.len)
			strbuf_addch(out, '\n');
		render_table_write(out, &t, fmt);
	}
	render_table_release(&t);
	strbuf_release(&title);
	strbuf_release(&warn);
	return compared;
}
