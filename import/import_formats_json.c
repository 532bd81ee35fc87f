#include "import_formats.h"
#include "../core/strbuf.h"
#include "../core/util.h"
#include "../parse/parse.h"
#include "../parse/parse_json.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/*
 * The JSON formats.  parse/'s JSON reader is used rather than jansson
 * because it keeps the digits of every number as written ("53.170" stays
 * that) and the line of every value, for messages.
 */

static size_t skip_blanks(const char *text, size_t len, size_t i)
{
	while (i < len && isspace((unsigned char)text[i]))
		i++;
	return i;
}

/* Reads the one JSON value that text holds; "name:line: expected ..." when it does not. */
static int read_whole(struct jval *root, const char *text, size_t len, const char *name,
		      long line0)
{
	size_t used;
	long errline;
	const char *what;

	if (jval_read(root, text, len, &used, &errline, &what) < 0)
		return err_set("%s:%ld: expected %s", name, line0 + errline, what);
	if (skip_blanks(text, len, used) < len) {
		long line = line0 + 1;
		size_t i;

		for (i = 0; i < used; i++)
			line += text[i] == '\n';
		jval_release(root);
		return err_set("%s:%ld: expected nothing after the JSON value", name, line);
	}
	return 0;
}

/* --- JSON Lines: one record an object, the keys --format json writes --- */

int import_jsonl_detect(const char *text, size_t len, const char *name)
{
	const char *nl;
	struct jval v;
	size_t used, i = skip_blanks(text, len, 0);
	long errline;
	const char *what;
	int yes;

	(void)name;
	if (i == len || text[i] != '{')
		return 0;
	/* the first record decides: an object on one line with a value */
	nl = memchr(text + i, '\n', len - i);
	if (jval_read(&v, text + i, nl ? (size_t)(nl - text - i) : len - i, &used, &errline,
		      &what) < 0)
		return 0;
	yes = v.type == J_OBJECT && jval_get(&v, "value");
	jval_release(&v);
	return yes;
}

static const char *const string_keys[] = {
	"kernel", "hardware", "fs", "options", "device", "benchmark", "metric", "unit", "source",
};

static char **string_field(struct record *r, const char *key)
{
	char **fields[] = {
		&r->kernel, &r->hardware, &r->fs, &r->options, &r->device, &r->benchmark,
		&r->metric, &r->unit, &r->source,
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(string_keys); i++)
		if (!strcmp(string_keys[i], key))
			return fields[i];
	return NULL;
}

static int whole_number(const struct jval *v, long *out)
{
	char *end;

	if (v->type != J_NUMBER)
		return -1;
	*out = strtol(v->text, &end, 10);
	return *end || *out < 0 ? -1 : 0;
}

/* One line's object into r; the message names what was expected. */
static const char *jsonl_record(struct record *r, const struct jval *obj)
{
	size_t i;

	if (obj->type != J_OBJECT)
		return "a JSON object";
	for (i = 0; i < obj->nr; i++) {
		const char *key = obj->keys[i];
		const struct jval *v = &obj->kids[i];
		char **field = string_field(r, key);
		long n;

		if (v->type == J_NULL)
			continue;
		if (field) {
			if (v->type != J_STRING)
				return "a string or null";
			record_set(field, v->text);
		} else if (!strcmp(key, "value")) {
			if ((v->type != J_NUMBER && v->type != J_STRING) || !value_is_number(v->text))
				return "a number as \"value\"";
			record_set(&r->value, v->text);
		} else if (!strcmp(key, "iteration") || !strcmp(key, "line")) {
			if (whole_number(v, &n) < 0 || n > 1000000000)
				return "a whole number or null";
			if (key[0] == 'i')
				r->iteration = (int)n;
			else
				r->line = n;
		} else if (!strcmp(key, "quoted")) {
			if (v->type != J_BOOL)
				return "true, false or null as \"quoted\"";
			r->quoted = !strcmp(v->text, "true");
		}
		/* other keys may be added to the export: they say nothing we keep */
	}
	if (!r->value)
		return "a \"value\"";
	/* every reader names what it measured; the archive's format needs it */
	if (!r->metric || !*r->metric)
		return "a \"metric\"";
	return NULL;
}

int import_jsonl_read(struct recset *out, const char *text, size_t len,
		      const struct import_format_ctx *ctx)
{
	struct recset got = RECSET_INIT;
	size_t pos = 0, i;
	long line = 0;
	int ret = 0;

	while (pos < len && !ret) {
		const char *nl = memchr(text + pos, '\n', len - pos);
		size_t end = nl ? (size_t)(nl - text) : len;
		struct jval v;
		const char *what;

		line++;
		if (skip_blanks(text, end, pos) < end) {
			if (!(ret = read_whole(&v, text + pos, end - pos, ctx->name, line - 1))) {
				struct record *r = recset_add(&got, NULL);

				what = jsonl_record(r, &v);
				if (what)
					ret = err_set("%s:%ld: expected %s", ctx->name, line, what);
				/*
				 * a line says where the number stood in its source: kept
				 * with the export's source, else where it is in this file
				 */
				if (!r->source) {
					r->line = line;
					import_format_source(r, "file", ctx);
				}
				jval_release(&v);
			}
		}
		pos = end + 1;
	}
	if (ret) {
		recset_release(&got);
		return ret;
	}
	for (i = 0; i < got.nr; i++)
		recset_take(out, &got.v[i]);
	recset_release(&got);
	return 0;
}

/* --- hyperfine --export-json: a "results" array, one entry a command --- */

int import_hyperfine_detect(const char *text, size_t len, const char *name)
{
	size_t i = skip_blanks(text, len, 0);

	(void)name;
	/* hyperfine writes "results" first; no other key comes before it */
	if (i == len || text[i] != '{')
		return 0;
	i = skip_blanks(text, len, i + 1);
	return len - i >= 9 && !memcmp(text + i, "\"results\"", 9);
}

static int hyperfine_command(struct recset *out, const struct jval *res,
			     const struct import_format_ctx *ctx)
{
	const struct jval *cmd = jval_get(res, "command"), *times = jval_get(res, "times");
	const struct jval *codes = jval_get(res, "exit_codes");
	struct facts *facts = facts_new();
	size_t i, failed = 0;
	int n = 0;

	if (!cmd || cmd->type != J_STRING || !times || times->type != J_ARRAY) {
		facts_unref(facts);
		return err_set("%s:%ld: expected a \"command\" and its \"times\" in hyperfine's JSON",
			       ctx->name, res->line);
	}
	facts_set(facts, "tool", "hyperfine");
	/* hyperfine keeps only the means of user and system time: facts, not samples */
	if (jval_get(res, "user") && jval_get(res, "user")->type == J_NUMBER)
		facts_set(facts, "user-mean", jval_get(res, "user")->text);
	if (jval_get(res, "system") && jval_get(res, "system")->type == J_NUMBER)
		facts_set(facts, "sys-mean", jval_get(res, "system")->text);
	for (i = 0; i < times->nr; i++) {
		const struct jval *t = &times->kids[i];
		const struct jval *code = codes && codes->type == J_ARRAY && i < codes->nr ?
					  &codes->kids[i] : NULL;
		struct record *r;

		if (t->type != J_NUMBER || !value_is_number(t->text)) {
			facts_unref(facts);
			return err_set("%s:%ld: expected a number of seconds in \"times\"",
				       ctx->name, t->line);
		}
		/* a run that failed timed something else than the command */
		if (code && code->type == J_NUMBER && strcmp(code->text, "0")) {
			failed++;
			continue;
		}
		r = recset_add(out, NULL);
		record_set(&r->benchmark, cmd->text);
		record_set(&r->metric, "elapsed");
		record_set(&r->value, t->text);
		record_set(&r->unit, "s");
		r->iteration = ++n;
		r->line = t->line;
		r->facts = facts_ref(facts);
		import_format_source(r, "hyperfine", ctx);
	}
	if (failed)
		bp_warnf(ctx->warn, "%s: '%s': %zu run%s with a non-zero exit status left out",
			 ctx->name, cmd->text, failed, failed == 1 ? "" : "s");
	facts_unref(facts);
	return 0;
}

int import_hyperfine_read(struct recset *out, const char *text, size_t len,
			  const struct import_format_ctx *ctx)
{
	struct recset got = RECSET_INIT;
	const struct jval *results;
	struct jval root;
	size_t i;
	int ret;

	if ((ret = read_whole(&root, text, len, ctx->name, 0)) < 0)
		return ret;
	results = jval_get(&root, "results");
	if (!results || results->type != J_ARRAY)
		ret = err_set("%s:%ld: expected a \"results\" array in hyperfine's JSON", ctx->name,
			      root.line);
	for (i = 0; !ret && i < results->nr; i++)
		ret = hyperfine_command(&got, &results->kids[i], ctx);
	for (i = 0; !ret && i < got.nr; i++)
		recset_take(out, &got.v[i]);
	recset_release(&got);
	jval_release(&root);
	return ret;
}

/* --- fio --output-format=json: parse/'s fio reader, with the report's facts --- */

int import_fio_detect(const char *text, size_t len, const char *name)
{
	size_t i = skip_blanks(text, len, 0);
	size_t window = len - i < 4096 ? len - i : 4096;

	(void)name;
	return i < len && text[i] == '{' && memmem(text + i, window, "\"fio version\"", 13);
}

/*
 * A job's facts: fio's version, when it ran, and its options as one fact
 * ("rw=write bs=64k size=4m"; its name is the benchmark).
 */
static struct facts *fio_facts(const struct jval *root, const struct jval *job)
{
	const struct jval *version = jval_get(root, "fio version");
	const struct jval *stamp = jval_get(root, "timestamp");
	const struct jval *groups[] = { jval_get(root, "global options"),
					jval_get(job, "job options") };
	struct facts *f = facts_new();
	struct strbuf sb = STRBUF_INIT;
	size_t g, i;
	long t;

	facts_set(f, "tool", version && version->type == J_STRING ? version->text : "fio");
	if (stamp && !whole_number(stamp, &t))
		facts_set_date(f, (time_t)t);
	for (g = 0; g < ARRAY_SIZE(groups); g++)
		for (i = 0; groups[g] && groups[g]->type == J_OBJECT && i < groups[g]->nr; i++) {
			const struct jval *v = &groups[g]->kids[i];

			if (!strcmp(groups[g]->keys[i], "name") || !v->text)
				continue;
			strbuf_addf(&sb, "%s%s=%s", sb.len ? " " : "", groups[g]->keys[i], v->text);
		}
	if (sb.len)
		facts_set(f, "fio-options", sb.buf);
	strbuf_release(&sb);
	return f;
}

/* Adds what the job's facts say to what parse/ set on the record ("interim"). */
static void give_facts(struct record *r, struct facts *job)
{
	struct facts *f;
	size_t i;

	if (!r->facts || !r->facts->nr) {
		facts_unref(r->facts);
		r->facts = facts_ref(job);
		return;
	}
	f = facts_new();
	for (i = 0; i < job->nr; i++)
		facts_set(f, job->v[i].key, job->v[i].value);
	for (i = 0; i < r->facts->nr; i++)
		facts_set(f, r->facts->v[i].key, r->facts->v[i].value);
	facts_unref(r->facts);
	r->facts = f;
}

/*
 * The line where the file's last report starts: with --status-interval
 * fio writes a report a second and the last one is the result.  0 when the
 * reports cannot be told apart (then every record is kept).
 */
static long last_report_line(const char *text, size_t len)
{
	size_t pos = skip_blanks(text, len, 0), used;
	long line = 1, last = 0, errline;
	const char *what;
	size_t i;

	while (pos < len && text[pos] == '{') {
		struct jval v;

		last = line;
		if (jval_read(&v, text + pos, len - pos, &used, &errline, &what) < 0)
			return 0;
		jval_release(&v);
		for (i = pos; i < pos + used; i++)
			line += text[i] == '\n';
		pos += used;
		for (; pos < len && isspace((unsigned char)text[pos]); pos++)
			line += text[pos] == '\n';
	}
	return pos < len ? 0 : last;
}

/*
 * The facts come from the first report, the records from parse/'s fio
 * reader, which reads every report of the file: only the last one's are
 * kept, since fio --status-interval writes the run so far every interval
 * and the final report is the result.  A damaged block fails the file,
 * as any damage in a results file does.
 */
int import_fio_read(struct recset *out, const char *text, size_t len,
		    const struct import_format_ctx *ctx)
{
	struct parse_problems problems = { NULL, 0, 0 };
	struct bp_warn collect = { parse_problems_warn, &problems };
	struct parse_ctx pctx = { ctx->name, 0, &collect };
	struct recset got = RECSET_INIT;
	const struct jval *jobs;
	struct facts **facts = NULL;
	struct jval root;
	size_t i, k, njobs = 0, used, interim = 0;
	long errline, last;
	const char *what;
	int ret;

	if (jval_read(&root, text, len, &used, &errline, &what) < 0)
		return err_set("%s:%ld: expected %s", ctx->name, errline, what);
	jobs = jval_get(&root, "jobs");
	njobs = jobs && jobs->type == J_ARRAY ? jobs->nr : 0;
	/* one more for records whose job is not found by its name */
	facts = xcalloc(njobs + 1, sizeof(*facts));
	ret = parse_text(&got, "fio", text, len, &pctx);
	if (!ret && problems.nr)
		ret = err_set("%s", problems.v[0]);
	if (ret < 0)
		goto done;
	last = last_report_line(text, len);
	for (i = 0; i < got.nr; i++) {
		struct record *r = &got.v[i];

		if (r->line < last) {
			interim++;
			continue;
		}
		/* parse/ names each record by its job's name: the facts go with it */
		for (k = 0; k < njobs; k++) {
			const struct jval *name = jval_get(&jobs->kids[k], "jobname");

			if (name && name->type == J_STRING && r->benchmark &&
			    !strcmp(name->text, r->benchmark))
				break;
		}
		if (!facts[k])
			facts[k] = fio_facts(&root, k < njobs ? &jobs->kids[k] : NULL);
		give_facts(r, facts[k]);
		import_format_source(r, "fio", ctx);
		recset_take(out, r);
	}
	if (interim)
		bp_warnf(ctx->warn, "%s: %zu numbers of reports before the last left out: the last "
			 "report is the result", ctx->name, interim);
done:
	for (k = 0; k <= njobs; k++)
		facts_unref(facts[k]);
	free(facts);
	recset_release(&got);
	parse_problems_release(&problems);
	jval_release(&root);
	return ret;
}
