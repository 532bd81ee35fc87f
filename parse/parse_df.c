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
enum df_col { COL_DEVICE, COL_TYPE, COL_NUMBER, COL_PERCENT, COL_MOUNT, COL_TEXT };

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
	{ "File", NULL, COL_TEXT },        /* --output=file: the argument df was given */
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

/*
 * A block size as the unit it is: "1K-blocks" (and "1024-blocks") KiB,
 * "1M-blocks" MiB ... "1B-blocks" B, "1kB-blocks" (-BKB) kB, "1MB-blocks"
 * MB ..., "512-blocks" 512B; any other as printed.
 */
static char *block_unit(const struct scan_tok *t)
{
	static const struct { const char *size, *unit; } known[] = {
		{ "1K", "KiB" }, { "1k", "KiB" }, { "1024", "KiB" }, { "1M", "MiB" },
		{ "1G", "GiB" }, { "1T", "TiB" }, { "1P", "PiB" }, { "1E", "EiB" },
		{ "1B", "B" }, { "1", "B" }, { "1kB", "kB" }, { "1KB", "kB" }, { "1MB", "MB" },
		{ "1GB", "GB" }, { "1TB", "TB" }, { "1PB", "PB" }, { "512", "512B" },
	};
	size_t n = t->len - strlen("-blocks"), i;

	for (i = 0; i < ARRAY_SIZE(known); i++)
		if (strlen(known[i].size) == n && !memcmp(t->s, known[i].size, n))
			return xstrdup(known[i].unit);
	return xstrndup(t->s, t->len);
}

/* The unit a -B size letter names, as block_unit writes it ("M" -> "MiB"). */
static const char *letter_unit(char c)
{
	static const char *const units[] = { "KiB", "MiB", "GiB", "TiB", "PiB", "EiB", "ZiB", "YiB" };
	const char *at = strchr("KMGTPEZY", c);

	return at && c ? units[at - "KMGTPEZY"] : NULL;
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
	char unit[2] = { 0, 0 }, unit_buf[2] = { 0, 0 };

	if (tok_is(t, "-"))
		return 0;
	if (c->kind == COL_PERCENT) {
		if (!tok_ends(t, "%"))
			return -1;
		return pending_number(p, idx, c->metric, "%", t, 1, 0);
	}
	if (!tb->human || (strcmp(c->metric, "size") && strcmp(c->metric, "used") &&
			   strcmp(c->metric, "available"))) {
		int blocks = !strcmp(c->metric, "size") || !strcmp(c->metric, "used") ||
			     !strcmp(c->metric, "available");
		const char *bu = blocks ? tb->block_unit : NULL;
		char letter = num.len > 1 ? num.s[num.len - 1] : 0;

		if (letter && isalpha((unsigned char)letter)) {
			/* -BM prints "258020M" in a 1M-blocks column, -ih "16M" inodes */
			if (!strchr("KMGTPEZY", letter))
				return -1;
			num.len--;
			if (!bu) {
				unit_buf[0] = letter;
				bu = unit_buf;
			} else if (!letter_unit(letter) || strcmp(bu, letter_unit(letter))) {
				return -1;
			}
		}
		return pending_number(p, idx, c->metric, bu, &num, 0, 0);
	}
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
		case COL_TEXT:
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
		/* "/dev/vda 264212084 17516328": a row cut short, not the table's end */
		if (!r && t.nr >= 3 && t.nr < tb->nr && tok_digit(&t.v[t.nr - 1]) &&
		    tok_digit(&t.v[t.nr - 2])) {
			scan_damaged(sc, next - 1, "expected df's %zu columns, not %zu (the row is cut short)",
				     tb->nr, t.nr);
			r = -1;
		}
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
	.summary = "df's table in every -B, -h, -H, -i, -k, -P, -T and --output form",
	.starts = df_starts,
	.read_block = df_read_block,
};
