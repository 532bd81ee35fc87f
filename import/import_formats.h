#ifndef IMPORT_FORMATS_H
#define IMPORT_FORMATS_H

#include "import.h"
#include "../core/error.h"
#include "../core/record.h"
#include "../core/strbuf.h"

#include <time.h>

/*
 * Results other tools write, imported beside mail so that numbers from
 * machines without an archive and from other tools enter the same records
 * (docs/import-formats.md): the archive's own .bench files and what
 * Go-format tools write, JSON Lines as --format json prints them, fio
 * --output-format=json and hyperfine --export-json.  Each is an entry of
 * import_formats[]; adding one touches its reader and that table.
 */
struct import_format_ctx {
	const char *name;          /* the input as messages name it: "x.json", "stdin" */
	const char *base;          /* its last path component, for the source */
	const struct bp_warn *warn;
};

struct import_format {
	const char *name;          /* "bench", "jsonl", "fio", "hyperfine" */
	const char *summary;
	/* whether text is this format; only the first bytes where they decide */
	int (*detect)(const char *text, size_t len, const char *name);
	/*
	 * Appends the records of text to out, every one with a source (the
	 * file's own, else "<format> <base>"); on error appends nothing and
	 * returns a negative code with "name:line: what was expected".
	 */
	int (*read)(struct recset *out, const char *text, size_t len,
		    const struct import_format_ctx *ctx);
};

extern const struct import_format import_formats[];

/*
 * The format of text, or NULL when it is none of them (then it is mail).
 * Text that starts as JSON is never mail: when no JSON format takes it,
 * returns NULL with *json set.
 */
const struct import_format *import_format_detect(const char *text, size_t len,
						 const char *name, int *json);

/*
 * Reads text of one of the formats; BP_ENOTFOUND (with a message) when it
 * is none of them.  *when gets the time the results say they were
 * measured, 0 when they do not.
 */
int import_format_read(struct recset *out, time_t *when, const char *text, size_t len,
		       const char *name, const struct bp_warn *warn);
/* The same for a file; BP_ENOTFOUND when it is none of the formats. */
int import_format_read_file(struct recset *out, const char *path, const struct bp_warn *warn);

/*
 * What --set FIELD=VALUE gives the records of a file in one of these
 * formats where the file does not say (kernel, hardware, fs, options,
 * device): fio and hyperfine do not know the kernel they ran on.
 */
struct import_fill {
	struct record r;
};

#define IMPORT_FILL_INIT { RECORD_INIT }

int import_fill_parse(struct import_fill *fill, const char *spec);
void import_fill_release(struct import_fill *fill);

/*
 * The import entry point's hook: path (a file or "-") read as one of the
 * formats into out where it is one of them, as mail into list where it
 * is not (a directory too: a maildir or a folder of messages).
 */
int import_read_path(struct import *imp, struct mail_list *list, const char *path,
		     const struct import_fill *fill, const struct bp_warn *warn);

/* For the readers: "<format> <base>" as r's source unless it has one. */
void import_format_source(struct record *r, const char *format,
			  const struct import_format_ctx *ctx);

/* The readers (import_formats.c, import_formats_json.c), entries of the table. */
int import_bench_detect(const char *text, size_t len, const char *name);
int import_bench_read(struct recset *out, const char *text, size_t len,
		      const struct import_format_ctx *ctx);
int import_jsonl_detect(const char *text, size_t len, const char *name);
int import_jsonl_read(struct recset *out, const char *text, size_t len,
		      const struct import_format_ctx *ctx);
int import_fio_detect(const char *text, size_t len, const char *name);
int import_fio_read(struct recset *out, const char *text, size_t len,
		    const struct import_format_ctx *ctx);
int import_hyperfine_detect(const char *text, size_t len, const char *name);
int import_hyperfine_read(struct recset *out, const char *text, size_t len,
			  const struct import_format_ctx *ctx);

#endif
