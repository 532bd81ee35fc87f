#include "import_formats.h"
#include "import_thread.h"
#include "../core/bench.h"
#include "../core/strbuf.h"
#include "../core/util.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

const struct import_format import_formats[] = {
	{ "fio", "fio --output-format=json", import_fio_detect, import_fio_read },
	{ "hyperfine", "hyperfine --export-json", import_hyperfine_detect, import_hyperfine_read },
	{ "jsonl", "JSON Lines as --format json prints them", import_jsonl_detect,
	  import_jsonl_read },
	{ "bench", "the Go benchmark data format (the archive's own)", import_bench_detect,
	  import_bench_read },
	{ NULL, NULL, NULL, NULL },
};

void import_format_source(struct record *r, const char *format,
			  const struct import_format_ctx *ctx)
{
	struct strbuf sb = STRBUF_INIT;

	if (r->source)
		return;
	strbuf_addf(&sb, "%s %s", format, ctx->base);
	r->source = strbuf_detach(&sb, NULL);
}

static int ends_with(const char *s, const char *suffix)
{
	size_t ls = strlen(s), lx = strlen(suffix);

	return ls >= lx && !strcmp(s + ls - lx, suffix);
}

/*
 * A file named .bench is one, and its errors are reported; any other
 * text is one only when all of it reads as the format (the reader
 * rejects every line it does not know, so mail never passes).
 */
int import_bench_detect(const char *text, size_t len, const char *name)
{
	struct recset trial = RECSET_INIT;
	int yes;

	if (ends_with(name, ".bench"))
		return 1;
	yes = bench_parse(&trial, text, len, name) == 0 && trial.nr > 0;
	recset_release(&trial);
	if (!yes)
		err_clear();
	return yes;
}

int import_bench_read(struct recset *out, const char *text, size_t len,
		      const struct import_format_ctx *ctx)
{
	size_t before = out->nr, i;
	int ret = bench_parse(out, text, len, ctx->name);

	for (i = before; !ret && i < out->nr; i++)
		import_format_source(&out->v[i], "file", ctx);
	return ret;
}

const struct import_format *import_format_detect(const char *text, size_t len,
						 const char *name, int *json)
{
	const struct import_format *f;
	size_t i = 0;

	while (i < len && isspace((unsigned char)text[i]))
		i++;
	*json = i < len && (text[i] == '{' || text[i] == '[');
	for (f = import_formats; f->name; f++)
		if (f->detect(text, len, name))
			return f;
	return NULL;
}

static const char *base_name(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash && slash[1] ? slash + 1 : path;
}

int import_format_read(struct recset *out, time_t *when, const char *text, size_t len,
		       const char *name, const struct bp_warn *warn)
{
	struct import_format_ctx ctx = { name, base_name(name), warn };
	const struct import_format *f;
	size_t before = out->nr, i;
	int json, ret;

	*when = 0;
	if (!(f = import_format_detect(text, len, name, &json))) {
		if (json)
			return err_set("%s: JSON, but not JSON Lines records, fio's report or "
				       "hyperfine's export", name);
		return err_set("%s: not a format import reads besides mail", name), BP_ENOTFOUND;
	}
	if ((ret = f->read(out, text, len, &ctx)) < 0)
		return ret;
	/* when it ran, if the results say: the archive names the run by it */
	for (i = before; i < out->nr && !*when; i++)
		*when = facts_get_date(out->v[i].facts);
	return 0;
}

/* Maps path; *map NULL for an empty file.  Only regular files are asked for. */
static int map_file(const char **map, size_t *len, const char *path)
{
	struct stat st;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	*map = NULL;
	*len = 0;
	if (fd < 0 || fstat(fd, &st) < 0) {
		err_set_errno("cannot open '%s'", path);
		if (fd >= 0)
			close(fd);
		return BP_ERROR;
	}
	if (st.st_size > 0) {
		void *m = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);

		if (m == MAP_FAILED) {
			close(fd);
			return err_set_errno("cannot read '%s'", path);
		}
		*map = m;
		*len = (size_t)st.st_size;
	}
	close(fd);
	return 0;
}

int import_format_read_file(struct recset *out, const char *path, const struct bp_warn *warn)
{
	const char *map;
	size_t len;
	time_t when;
	int ret;

	if ((ret = map_file(&map, &len, path)) < 0)
		return ret;
	ret = import_format_read(out, &when, map ? map : "", len, path, warn);
	if (map)
		munmap((void *)map, len);
	return ret;
}

int import_fill_parse(struct import_fill *fill, const char *spec)
{
	const char *eq = strchr(spec, '=');
	const struct record_field *f;
	char *name;

	if (!eq || eq == spec)
		return err_set("--set '%s': expected FIELD=VALUE", spec);
	name = xstrndup(spec, (size_t)(eq - spec));
	f = record_field_by_name(name);
	free(name);
	/* the source says where the numbers came from: never made up */
	if (!f || !strcmp(f->name, "source"))
		return err_set("--set '%s': the field is one of kernel, hardware, fs, options, "
			       "device", spec);
	record_set(record_field(&fill->r, f), eq + 1);
	/* "fs:options", as everywhere on the command line */
	if (!strcmp(f->name, "fs") && strchr(eq + 1, ':')) {
		char *colon = strchr(fill->r.fs, ':');

		record_set(&fill->r.options, colon + 1);
		*colon = '\0';
	}
	return 0;
}

void import_fill_release(struct import_fill *fill)
{
	record_release(&fill->r);
}

static void apply_fill(struct recset *set, const struct import_fill *fill)
{
	size_t i, k;

	for (i = 0; fill && i < set->nr; i++)
		for (k = 0; k < record_config_fields_nr; k++) {
			char **field = record_field(&set->v[i], &record_config_fields[k]);
			const char *v = record_field_get(&fill->r, &record_config_fields[k]);

			if (v && !*field)
				record_set(field, v);
		}
}

/* Returns the message's source, the pool's, for its records. */
static char *add_msg(struct import *imp, const char *name, const char *source, time_t when)
{
	static const struct mail_message no_headers;
	struct import_result *out = &imp->result;
	struct import_msg *im;

	ALLOC_GROW(out->msgs, out->nmsgs + 1, out->amsgs);
	im = &out->msgs[out->nmsgs++];
	im->name = import_keep(imp, name);
	im->source = import_intern(imp, source);
	im->date = when;
	/* no headers: a thread of its own, so nothing mail says is taken for a repeat of it */
	im->thread = import_threads_add(imp->threads, &no_headers);
	return (char *)im->source;
}

/*
 * The records of one file join the import as messages, one for each run
 * of records with the same source (a JSON Lines export of many emails is
 * as many messages again), each record a group of its own: import_finish
 * then neither takes them for a restatement nor drops them as quoted, and
 * numbers their iterations as a .bench file and the export did.  Group
 * numbers go on from the last message's (extraction counts up before it
 * adds), so the first record never joins a group of the mail before it.
 */
static void take_records(struct import *imp, struct recset *got, const char *name,
			 time_t when)
{
	struct import_result *out = &imp->result;
	char *source = NULL;
	size_t i;

	out->messages++;
	if (!got->nr) {
		if (out->empty < IMPORT_EMPTY_NAMED) {
			out->empty_names[out->empty] = xstrdup(name);
			out->empty_why[out->empty] = xstrdup("no results in the file");
		}
		out->empty++;
		return;
	}
	for (i = 0; i < got->nr; i++) {
		const struct record *s = &got->v[i];
		struct record *r;

		if (!i || strcmp(s->source, got->v[i - 1].source))
			source = add_msg(imp, name, s->source, when);
		r = import_add(out, ++out->groups, 0);
		r->kernel = import_intern(imp, s->kernel);
		r->hardware = import_intern(imp, s->hardware);
		r->fs = import_intern(imp, s->fs);
		r->options = import_intern(imp, s->options);
		r->device = import_intern(imp, s->device);
		r->benchmark = import_intern(imp, s->benchmark);
		r->metric = import_intern(imp, s->metric);
		r->unit = import_intern(imp, s->unit);
		r->source = source;
		r->value = import_keep(imp, s->value);
		r->count = s->count;
		r->iteration = s->iteration;
		r->quoted = s->quoted;
		r->line = s->line;
		r->facts = facts_ref(s->facts);
	}
}

/*
 * Text of one input: records when it is one of the formats (1), mail's
 * when it is not (0), an error naming it otherwise.
 */
static int read_text(struct import *imp, const char *text, size_t len, const char *name,
		     time_t mtime, const struct import_fill *fill, const struct bp_warn *warn)
{
	struct recset got = RECSET_INIT;
	time_t when;
	int ret = import_format_read(&got, &when, text, len, name, warn);

	if (ret == BP_ENOTFOUND) {
		err_clear();
		return 0;
	}
	if (ret == 0) {
		apply_fill(&got, fill);
		/* results that do not say when they ran ran when they were written */
		take_records(imp, &got, name, when ? when : mtime);
		ret = 1;
	}
	recset_release(&got);
	return ret;
}

static int read_file(struct import *imp, struct mail_list *list, const char *path,
		     time_t mtime, const struct import_fill *fill, const struct bp_warn *warn)
{
	const char *map;
	size_t len;
	int ret;

	if ((ret = map_file(&map, &len, path)) < 0)
		return ret;
	ret = map ? read_text(imp, map, len, path, mtime, fill, warn) : 0;
	if (map)
		munmap((void *)map, len);
	if (ret == 0)
		ret = mail_read_path(list, path);
	return ret < 0 ? ret : 0;
}

/*
 * Standard input: the first bytes decide, looked at without taking them
 * (tee(2) on a pipe, pread on a file), so that an mbox still reaches the
 * mail reader as a stream.  Anything else the mail reader reads whole
 * too: it is read here, and handed over when it is none of the formats.
 * A terminal or socket is mail's alone.
 */
static int peek_stdin(char *buf, size_t want, size_t *got)
{
	struct stat st;
	int p[2];

	*got = 0;
	if (fstat(0, &st) < 0)
		return -1;
	if (S_ISREG(st.st_mode)) {
		off_t at = lseek(0, 0, SEEK_CUR);
		ssize_t n = at < 0 ? -1 : pread(0, buf, want, at);

		*got = n > 0 ? (size_t)n : 0;
		return n < 0 ? -1 : 0;
	}
	if (!S_ISFIFO(st.st_mode) || pipe(p) < 0)
		return -1;
	for (;;) {
		ssize_t n = tee(0, p[1], want, 0);
		struct pollfd pf = { 0, POLLIN, 0 };
		size_t k = 0;

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			break;
		while (k < (size_t)n) {
			ssize_t r = read(p[0], buf + k, (size_t)n - k);

			if (r <= 0)
				break;
			k += (size_t)r;
		}
		*got = k;
		/* fewer bytes than asked: more may come, unless no one writes any more */
		if (n == 0 || (size_t)n >= want || poll(&pf, 1, 0) < 0 || (pf.revents & POLLHUP))
			break;
		usleep(1000);
	}
	close(p[0]);
	close(p[1]);
	return 0;
}

static int read_stdin(struct import *imp, struct mail_list *list,
		      const struct import_fill *fill, const struct bp_warn *warn)
{
	struct strbuf text = STRBUF_INIT;
	char head[5];
	size_t got;
	int ret;

	if (peek_stdin(head, sizeof(head), &got) < 0 ||
	    (got == sizeof(head) && !memcmp(head, "From ", 5)))
		return mail_read_path(list, "-");
	if (strbuf_read_fd(&text, 0) < 0) {
		strbuf_release(&text);
		return err_set_errno("cannot read standard input");
	}
	ret = read_text(imp, text.buf, text.len, "stdin", time(NULL), fill, warn);
	if (ret == 0)
		mail_read_buffer(list, "stdin", text.buf, text.len);
	strbuf_release(&text);
	return ret < 0 ? ret : 0;
}

static int read_path(struct import *imp, struct mail_list *list, const char *path,
		     const struct import_fill *fill, const struct bp_warn *warn)
{
	struct stat st;

	if (!strcmp(path, "-"))
		return read_stdin(imp, list, fill, warn);
	if (stat(path, &st) < 0)
		return err_set_errno("cannot open '%s'", path);
	/* a directory is a maildir or a folder of messages: mail's */
	if (!S_ISREG(st.st_mode))
		return mail_read_path(list, path);
	return read_file(imp, list, path, st.st_mtime, fill, warn);
}

int import_read_path(struct import *imp, struct mail_list *list, const char *path,
		     const struct import_fill *fill, const struct bp_warn *warn)
{
	char *error = NULL;
	int ret;

	/*
	 * The path's messages are extracted before it returns, so that what
	 * the caller shows next (its error, the next path's warnings) comes
	 * after what they warn; extraction may set an error of its own.
	 */
	import_flush(imp);
	ret = read_path(imp, list, path, fill, warn);
	if (ret < 0)
		error = xstrdup(err_last());
	import_flush(imp);
	if (error) {
		err_set("%s", error);
		free(error);
	}
	return ret;
}
