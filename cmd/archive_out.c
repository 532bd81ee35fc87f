#include "archive_out.h"
#include "builtin.h"
#include "../core/bench.h"
#include "../core/error.h"
#include "../core/escape.h"
#include "../core/json.h"
#include "../core/strbuf.h"
#include "../core/util.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

int archive_out_open(struct archive **out, const char *path)
{
	if (archive_open(out, path, 0) < 0)
		return cmd_error_last();
	archive_set_warn(*out, &cmd_warn);
	return 0;
}

/* A column of log: keys come from emails, so inert, one line and not a page wide. */
#define CELL_MAX 96
/* A row of show's header: as long as a header line, folded to fit a terminal. */
#define ROW_MAX 998
#define ROW_WIDTH 78

static void add_shown(struct strbuf *out, const char *s)
{
	s = s ? s : "-";
	esc_add_bounded(out, s, strlen(s), CELL_MAX, 0);
}

/* A path is bounded by its keys (archive_key) and must stay whole to be copied. */
static void add_path(struct strbuf *out, const char *path)
{
	esc_addstr(out, path, 0);
}

static void add_row(struct strbuf *out, const char *name, const char *value)
{
	struct strbuf v = STRBUF_INIT;
	size_t from = out->len;

	value = value ? value : "-";
	esc_add_bounded(&v, value, strlen(value), ROW_MAX, 0);
	strbuf_addf(out, "%-9s ", name);
	esc_fold(out, v.buf, out->len - from, ROW_WIDTH, 10);
	strbuf_addch(out, '\n');
	strbuf_release(&v);
}

static int emit(struct strbuf *out)
{
	int ret = 0;

	if (fwrite(out->buf, 1, out->len, stdout) != out->len || fflush(stdout))
		ret = cmd_error("cannot write output: %s", strerror(errno));
	strbuf_release(out);
	return ret;
}

/* A summary names remotes and paths from a remote's history: inert. */
static int emit_inert(struct strbuf *text)
{
	struct strbuf out = STRBUF_INIT;

	esc_add(&out, text->buf, text->len, ESC_KEEP_TAB | ESC_KEEP_NEWLINE);
	strbuf_addch(&out, '\n');
	strbuf_release(text);
	return emit(&out);
}

static void all_records(struct recset *set, const struct archive_list *list)
{
	size_t i, j;

	for (i = 0; i < list->nr; i++)
		for (j = 0; j < list->v[i].records.nr; j++)
			recset_add(set, &list->v[i].records.v[j]);
}

static int records_out(const struct archive_list *list, const char *format)
{
	struct recset set = RECSET_INIT;
	int ret;

	all_records(&set, list);
	ret = cmd_write_records(&set, format);
	recset_release(&set);
	return ret;
}

static void pad(struct strbuf *out, size_t from, size_t width)
{
	size_t used = out->len - from;

	strbuf_addchars(out, ' ', used < width ? width - used + 1 : 1);
}

/* One line a run, the columns aligned: commit, date, kernel, hardware, fs, suite, path. */
int archive_out_list(const struct archive_list *list, const char *format)
{
	struct strbuf out = STRBUF_INIT, cell = STRBUF_INIT;
	size_t w[4] = { 0 }, i, c;

	if (strcmp(format, "text"))
		return records_out(list, format);
	for (i = 0; i < list->nr; i++) {
		const char *cols[4] = { list->v[i].kernel, list->v[i].hardware,
					list->v[i].fs, list->v[i].suite };

		for (c = 0; c < 4; c++) {
			strbuf_reset(&cell);
			add_shown(&cell, cols[c]);
			if (cell.len > w[c])
				w[c] = cell.len;
		}
	}
	for (i = 0; i < list->nr; i++) {
		const struct archive_entry *e = &list->v[i];
		const char *cols[4] = { e->kernel, e->hardware, e->fs, e->suite };

		strbuf_addf(&out, "%.7s ", e->commit);
		archive_format_time(&out, e->when, "%Y-%m-%d %H:%M ");
		for (c = 0; c < 4; c++) {
			size_t from = out.len;

			add_shown(&out, cols[c]);
			pad(&out, from, w[c]);
		}
		add_path(&out, e->path);
		strbuf_addch(&out, '\n');
	}
	strbuf_release(&cell);
	return emit(&out);
}

/* The file's text without the run and commit lines, which the header already gave. */
static void add_samples(struct strbuf *out, const struct recset *records)
{
	struct strbuf text = STRBUF_INIT;
	const char *line, *end;

	bench_write(&text, records);
	for (line = text.buf; *line; line = end) {
		end = strchrnul(line, '\n');
		if (*end)
			end++;
		if (!strncmp(line, "run: ", 5) || !strncmp(line, "commit: ", 8))
			continue;
		strbuf_add(out, line, end - line);
	}
	strbuf_release(&text);
}

/* A header a person reads, then the samples as the archive keeps them. */
int archive_out_runs(const struct archive_list *list, const char *format)
{
	struct strbuf out = STRBUF_INIT;
	size_t i;

	if (strcmp(format, "text"))
		return records_out(list, format);
	for (i = 0; i < list->nr; i++) {
		const struct archive_entry *e = &list->v[i];
		const struct { const char *name, *value; } rows[] = {
			{ "run", e->path }, { "commit", e->commit }, { "kernel", e->kernel },
			{ "hardware", e->hardware }, { "fs", e->fs }, { "suite", e->suite },
		};
		size_t r;

		if (i)
			strbuf_addch(&out, '\n');
		for (r = 0; r < ARRAY_SIZE(rows); r++) {
			add_row(&out, rows[r].name, rows[r].value);
			if (r == 1) {
				strbuf_addf(&out, "%-9s ", "date");
				archive_format_time(&out, e->when, "%Y-%m-%d %H:%M:%S UTC\n");
			}
		}
		strbuf_addch(&out, '\n');
		add_samples(&out, &e->records);
	}
	return emit(&out);
}

int archive_out_remote(int (*fn)(struct archive *, const char *, struct strbuf *),
		       const char *path, int create, const char *remote)
{
	struct strbuf summary = STRBUF_INIT;
	struct archive *a = NULL;
	int ret = 0;

	if (archive_open(&a, path, create) < 0)
		return cmd_error_last();
	archive_set_warn(a, &cmd_warn);
	if (fn(a, remote, &summary) < 0)
		ret = cmd_error_last();
	else
		ret = emit_inert(&summary);
	archive_free(a);
	strbuf_release(&summary);
	return ret;
}
