/*
 * The selection made when none is given (docs/render.md, "Selection"):
 * the latest run, or the two latest kernels on one machine.
 */
#include "select.h"
#include "../archive/archive.h"
#include "../core/error.h"
#include "../core/strbuf.h"
#include "../render/render_series.h"

#include <stdlib.h>
#include <string.h>

static int same_str(const char *a, const char *b)
{
	return !strcmp(a ? a : "", b ? b : "");
}

static int all_quoted(const struct archive_entry *e)
{
	size_t i;

	for (i = 0; i < e->records.nr; i++)
		if (!e->records.v[i].quoted)
			return 0;
	return 1;
}

static const struct record *first_record(const struct archive_entry *e)
{
	return e->records.nr ? &e->records.v[0] : NULL;
}

/*
 * One run: what one `benchpost run` stored (a commit, a kernel, a
 * machine), or one message of an import batch when the machine is not
 * known (a machine nobody named is not evidence of the same machine).
 */
static int same_run(const struct archive_entry *a, const struct archive_entry *b)
{
	const struct record *ra = first_record(a), *rb = first_record(b);

	if (!same_str(a->commit, b->commit) || !same_str(a->kernel, b->kernel) ||
	    !same_str(ra ? ra->hardware : NULL, rb ? rb->hardware : NULL))
		return 0;
	return (ra && ra->hardware) || same_str(ra ? ra->source : NULL, rb ? rb->source : NULL);
}

static int same_config(const struct archive_entry *a, const struct archive_entry *b)
{
	const struct record *ra = first_record(a), *rb = first_record(b);

	return ra && rb && same_str(ra->fs, rb->fs) && same_str(ra->options, rb->options);
}

static int config_in(const struct archive_list *l, const char *keep, const struct archive_entry *e)
{
	size_t i;

	for (i = 0; i < l->nr; i++)
		if (keep[i] && same_config(&l->v[i], e))
			return 1;
	return 0;
}

static void describe_run(struct strbuf *out, const struct archive_list *l, const char *keep)
{
	const struct archive_entry *e = NULL;
	struct recset records = RECSET_INIT;
	struct render_series_set ss = RENDER_SERIES_SET_INIT;
	size_t i, j;

	/* the listing is newest first: the run's entries are said in the order they ran */
	for (i = l->nr; i-- > 0;) {
		if (!keep[i])
			continue;
		if (!e) {
			e = &l->v[i];
			strbuf_addf(out, "%s on %s, ", e->kernel ? e->kernel : "kernel not stated",
				    e->hardware ? e->hardware : "unknown hardware");
		}
		/* a file may hold several configurations (an import of a poster's table) */
		for (j = 0; j < l->v[i].records.nr; j++)
			recset_add(&records, &l->v[i].records.v[j]);
	}
	/* as --fs takes them, or by the columns' names ("ext3wb"), not a poster's whole option list */
	render_series_group(&ss, &records);
	render_config_list(out, &ss, 1);
	render_series_set_release(&ss);
	recset_release(&records);
	if (e) {
		strbuf_addf(out, " (commit %.7s, ", e->commit ? e->commit : "?");
		archive_format_time(out, e->when, "%Y-%m-%d %H:%M UTC)");
	}
}

int select_default(struct recset *out, struct strbuf *picked, struct select_opts *o)
{
	struct archive_list list = ARCHIVE_LIST_INIT;
	char *mine = NULL, *theirs = NULL;
	size_t i, first, other, left = 0;
	int ret;

	if ((ret = select_list_runs(&list, o)) < 0)
		return ret;
	for (first = 0; first < list.nr && all_quoted(&list.v[first]); first++)
		;
	if (first == list.nr) {
		ret = err_set("no results in the archive match");
		goto done;
	}
	mine = xcalloc(list.nr, 1);
	theirs = xcalloc(list.nr, 1);
	for (i = 0; i < list.nr; i++)
		mine[i] = same_run(&list.v[first], &list.v[i]);
	/* an earlier run of another kernel on this machine, on a configuration both have */
	for (other = 0; other < list.nr; other++) {
		const struct archive_entry *e = &list.v[other];

		if (!mine[other] && !all_quoted(e) && list.v[first].hardware && e->hardware &&
		    !strcmp(e->hardware, list.v[first].hardware) &&
		    !same_str(e->kernel, list.v[first].kernel) && config_in(&list, mine, e))
			break;
	}
	if (other < list.nr) {
		for (i = 0; i < list.nr; i++)
			theirs[i] = same_run(&list.v[other], &list.v[i]) && config_in(&list, mine, &list.v[i]);
		for (i = 0; i < list.nr; i++)
			mine[i] = mine[i] && config_in(&list, theirs, &list.v[i]);
		strbuf_addstr(picked, "the two latest kernels on one machine: ");
		describe_run(picked, &list, theirs);
		strbuf_addstr(picked, " against ");
		describe_run(picked, &list, mine);
	} else {
		strbuf_addstr(picked, "the latest run: ");
		describe_run(picked, &list, mine);
	}
	for (i = 0; i < list.nr; i++) {
		if (!mine[i] && !theirs[i]) {
			left++;
			/* what is not picked is not taken */
			recset_release(&list.v[i].records);
		}
	}
	select_take_runs(out, &list);
	if (left)
		strbuf_addf(picked, "; %zu other run%s in the archive: name runs or kernels, or filter, to choose",
			    left, left == 1 ? "" : "s");
done:
	free(mine);
	free(theirs);
	archive_list_release(&list);
	return ret;
}
