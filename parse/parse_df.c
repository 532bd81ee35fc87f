#include "parse_scan.h"
#include "../core/util.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/*
 * df's table, anywhere in a text: the header names the columns (df, -T,
 * -h, -H, -k, -P, -i, -B), each row becomes one record per number, with
 * device and fs set and the mount point as benchmark.  A row whose device
 * name was too long is wrapped by df onto the next line; it is joined.
 */
enum df_col { COL_DEVICE, COL_TYPE, COL_NUMBER, COL_PERCENT, COL_MOUNT };

struct df_column {
	enum df_col kind;
	const char *metric;
	char *unit;        /* NULL: df -h style, the unit is the number's suffix */
};

static const struct {
	const char *header, *metric;
	enum df_col kind;
} df_headers[] = {
	{ "Filesystem", NULL, COL_DEVICE },
	{ "Type", NULL, COL_TYPE },
	{ "Size", "size", COL_NUMBER },
	{ "Used", "used", COL_NUMBER },
	{ "Available", "available", COL_NUMBER },
	{ "Avail", "available", COL_NUMBER },
	{ "Use%", "use", COL_PERCENT },
	{ "Capacity", "use", COL_PERCENT },
	{ "Inodes", "inodes", COL_NUMBER },
	{ "IUsed", "iused", COL_NUMBER },
	{ "IFree", "ifree", COL_NUMBER },
	{ "IUse%", "iuse", COL_PERCENT },
};

struct df_table {
	struct df_column *v;
	size_t nr, alloc;
	char *block_unit;   /* from "1K-blocks": the unit of Size, Used, Available */
	int human;          /* -h/-H: "Size" and suffixed numbers */
};

static void table_release(struct df_table *tb)
{
	free(tb->v);
	free(tb->block_unit);
	memset(tb, 0, sizeof(*tb));
}

/* "1K-blocks" -> KiB, "1024-blocks" -> KiB, "1M-blocks" -> MiB, others as printed. */
static char *block_unit(const struct scan_tok *t)
{
	static const struct { const char *header, *unit; } known[] = {
		{ "1K-blocks", "KiB" }, { "1k-blocks", "KiB" }, { "1024-blocks", "KiB" },
		{ "1M-blocks", "MiB" }, { "1G-blocks", "GiB" }, { "512-blocks", "512B" },
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(known); i++)
		if (tok_is(t, known[i].header))
			return xstrdup(known[i].unit);
	return xstrndup(t->s, t->len);
}

static int read_header(struct df_table *tb, const struct scan_toks *t)
{
	size_t k, h;

	if (t->nr < 4 || !tok_is(&t->v[0], "Filesystem") ||
	    !tok_is(&t->v[t->nr - 2], "Mounted") || !tok_is(&t->v[t->nr - 1], "on"))
		return 0;
	for (k = 0; k < t->nr - 2; k++) {
		struct df_column c = { COL_NUMBER, NULL, NULL };

		for (h = 0; h < ARRAY_SIZE(df_headers); h++)
			if (tok_is(&t->v[k], df_headers[h].header))
				break;
		if (h < ARRAY_SIZE(df_headers)) {
			/* only the first column names the device, and one the type */
			if ((df_headers[h].kind == COL_DEVICE && k) ||
			    (df_headers[h].kind == COL_TYPE && (k != 1)))
				return 0;
			c.kind = df_headers[h].kind;
			c.metric = df_headers[h].metric;
			tb->human |= tok_is(&t->v[k], "Size");
		} else if (tok_ends(&t->v[k], "-blocks") && !tb->block_unit) {
			c.metric = "size";
			tb->block_unit = block_unit(&t->v[k]);
		} else {
			return 0;
		}
		ALLOC_GROW(tb->v, tb->nr + 1, tb->alloc);
		tb->v[tb->nr++] = c;
	}
	ALLOC_GROW(tb->v, tb->nr + 1, tb->alloc);
	tb->v[tb->nr].kind = COL_MOUNT;
	tb->v[tb->nr].metric = NULL;
	tb->nr++;
	return 1;
}

/* A number of a row: "-" says nothing, "12G" (df -h) carries its unit. */
static int read_number(struct pending *p, size_t idx, const struct df_table *tb,
		       const struct df_column *c, const struct scan_tok *t)
{
	struct scan_tok num = *t;
	char unit[2] = { 0, 0 };

	if (tok_is(t, "-"))
		return 0;
	if (c->kind == COL_PERCENT) {
		if (!tok_ends(t, "%"))
			return -1;
		return pending_number(p, idx, c->metric, "%", t, 1, 0);
	}
	if (!tb->human || (strcmp(c->metric, "size") && strcmp(c->metric, "used") &&
			   strcmp(c->metric, "available")))
		return pending_number(p, idx, c->metric, tb->block_unit ? tb->block_unit : NULL,
				      &num, 0, 0);
	if (num.len && isalpha((unsigned char)num.s[num.len - 1])) {
		unit[0] = num.s[num.len - 1];
		if (!strchr("KMGTPEZY", unit[0]))
			return -1;
		num.len--;
	}
	/* df -h prints a bare 0 for nothing at all */
	return pending_number(p, idx, c->metric, unit[0] ? unit : "B", &num, 0, 1);
}

/*
 * One row: 1 read, 0 not a row (the table ended), -1 damaged.  *mount gets
 * the mount point, *device and *type their columns.
 */
static int read_row(struct scan *sc, size_t idx, const struct df_table *tb,
		    const struct scan_toks *t, struct pending *p, char **device, char **type,
		    char **mount)
{
	size_t k;

	if (t->nr < tb->nr)
		return 0;
	for (k = 0; k < tb->nr; k++) {
		const struct df_column *c = &tb->v[k];
		const struct scan_tok *w = &t->v[k];

		switch (c->kind) {
		case COL_DEVICE:
			free(*device);
			*device = xstrndup(w->s, w->len);
			break;
		case COL_TYPE:
			free(*type);
			*type = xstrndup(w->s, w->len);
			break;
		case COL_NUMBER:
		case COL_PERCENT:
			if (!tok_digit(w) && !tok_is(w, "-"))
				return 0;
			if (read_number(p, idx, tb, c, w) < 0) {
				scan_damaged(sc, idx, "expected a number in df's '%s' column", c->metric);
				return -1;
			}
			break;
		case COL_MOUNT:
			free(*mount);
			*mount = scan_label(w->s, strlen(w->s));
			break;
		}
	}
	return 1;
}

static void emit_row(struct scan *sc, struct pending *p, const char *device, const char *type,
		     const char *mount)
{
	size_t first = sc->out->nr, i;

	pending_commit(sc, p, mount);
	for (i = first; i < sc->out->nr; i++) {
		record_set(&sc->out->v[i].device, device);
		record_set(&sc->out->v[i].fs, type);
	}
}

/* Reads the rows under a header at line h; returns the last line of the table. */
static size_t read_table(struct scan *sc, size_t h, const struct df_table *tb)
{
	struct scan_toks t = SCAN_TOKS_INIT;
	struct strbuf joined = STRBUF_INIT;
	size_t i = h + 1, last = h;

	while (i < sc->nr && !sc->v[i].used && !scan_blank(&sc->v[i])) {
		struct pending p = PENDING_INIT;
		char *device = NULL, *type = NULL, *mount = NULL;
		size_t next = i + 1;
		int r;

		scan_split(&t, sc->v[i].s);
		/* a long device name alone, the rest indented on the next line */
		if (t.nr == 1 && next < sc->nr && isspace((unsigned char)sc->v[next].s[0])) {
			strbuf_reset(&joined);
			strbuf_addf(&joined, "%s %s", sc->v[i].s, sc->v[next].s);
			scan_split(&t, joined.buf);
			next++;
		}
		r = read_row(sc, next - 1, tb, &t, &p, &device, &type, &mount);
		if (r > 0)
			emit_row(sc, &p, device, type, mount);
		pending_clear(&p);
		free(device);
		free(type);
		free(mount);
		if (!r)
			break;
		last = next - 1;
		i = next;
	}
	scan_toks_release(&t);
	strbuf_release(&joined);
	return last;
}

static int df_starts(struct scan *sc, size_t i)
{
	return scan_begins(&sc->v[i], "Filesystem");
}

static size_t df_read_block(struct scan *sc, size_t i)
{
	struct scan_toks t = SCAN_TOKS_INIT;
	struct df_table tb = { NULL, 0, 0, NULL, 0 };
	size_t lines = 0;

	scan_split(&t, sc->v[i].s);
	if (read_header(&tb, &t))
		lines = read_table(sc, i, &tb) - i + 1;
	table_release(&tb);
	scan_toks_release(&t);
	return lines;
}

const struct parser parser_df = {
	.name = "df",
	.summary = "df's table: df, -T, -h, -H, -k, -P, -i, wrapped rows",
	.starts = df_starts,
	.read_block = df_read_block,
};
