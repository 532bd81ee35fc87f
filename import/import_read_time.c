#include "import_extract.h"
#include "import_script.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

/*
 * Time output and dd: a `time` line's command (what the block after it
 * measured), the blocks the parse layer's time forms read, and dd's
 * summary line, each a group of records with the benchmark the text gives.
 */

/*
 * "time tar xf linux.tar.gz", "# time ./test.sh": the command the output
 * after it measured, or, for a script whose timed steps the first pass
 * found, the start of their output.
 */
static int command_starts(const struct extract *x, size_t at)
{
	return (x->feat[at] & FEAT_TIME) != 0;
}

static size_t command_line(struct extract *x, size_t at)
{
	struct depth_ctx *d = &x->d[x->q->v[at].depth];
	const char *cmd = extract_time_command(x, at);

	if (!cmd)
		return 0;
	if (import_is_script(cmd) && x->nscript) {
		d->script_run = 1;
		d->script_pos = 0;
	} else {
		take_str(&d->pending, import_command_name(cmd, x->vars));
		d->pending_at = at;
	}
	return 1;
}

const struct import_reader import_read_time_command = { "time command", command_starts, command_line };

static char *benchmark_for(struct extract *x, struct depth_ctx *d, size_t at, const char *label,
			   int label_is_command, int inherit)
{
	char *b;

	if (d->pending && at - d->pending_at <= 3) {
		b = d->pending;
		d->pending = NULL;
		return b;
	}
	if (d->script_run) {
		if ((label && !strncasecmp(label, "total", 5)) || d->script_pos >= x->nscript) {
			d->script_run = 0;
			return xstrdup("total");
		}
		return import_command_name(x->script[d->script_pos++], x->vars);
	}
	if (d->step && at - d->step_at <= 4) {
		const char *cmd = facts_get(x->echo_cmd, d->step);

		b = cmd ? import_step_name(d->step, cmd, x->vars) : xstrdup(d->step);
		free(d->step);
		d->step = NULL;
		return b;
	}
	if (label && label_is_command)
		return import_command_name(label, x->vars);
	/* summary lines labelled by config restate what was just measured */
	if (inherit && d->benchmark)
		return xstrdup(d->benchmark);
	if (d->program)
		return xstrdup(d->program);
	return label ? xstrdup(label) : NULL;
}

struct tnum {
	const char *metric, *value, *unit;
	long line;
};

static void emit_time(struct extract *x, size_t at, const struct tnum *nums, size_t nr,
		      const char *label, int label_may_be_command)
{
	const struct qline *l = &x->q->v[at];
	struct depth_ctx *d = &x->d[l->depth];
	struct where w = extract_where(x, at, NULL);
	char *label_opts = NULL, *bench, *opts = NULL;
	const char *label_fs = label ? import_label_fs(label, &label_opts) : NULL;
	const struct import_mount *m = extract_mount_for(x, d->cwd, at, l->depth);
	struct pooled_where p;
	size_t i;

	if (label_fs) {
		w.fs = label_fs;
		w.options = label_opts;
	} else if (m) {
		w.fs = import_fs_name(m->fs, strlen(m->fs)) ?: m->fs;
		opts = extract_clean_options(m->options);
		w.options = opts;
		w.device = m->device;
	}
	bench = benchmark_for(x, d, at, label_fs ? NULL : label, label_may_be_command && !label_fs,
			      label_may_be_command);
	w.benchmark = bench;
	x->group++;
	pool_where(x, &w, &p);
	/* what was measured, for summary lines that restate it: the pool has its own copy */
	if (bench && !d->script_run)
		take_str(&d->benchmark, bench);
	else
		free(bench);
	for (i = 0; i < nr; i++)
		emit_pooled(x, &p, nums[i].metric, nums[i].value, nums[i].unit, nums[i].line);
	free(label_opts);
	free(opts);
}

static int output_starts(const struct extract *x, size_t at)
{
	return HAS_DIGIT(x, at);
}

/* A block the parse layer's time forms read at line at; lines it took. */
static size_t time_block(struct extract *x, size_t at)
{
	struct time_block b = { PENDING_INIT, NULL, 0, 0 };
	struct tnum *nums;
	size_t i, nr = 0, used;
	int line_form, r = import_time_at(&x->sc, at, &b, &line_form);

	if (r == 0) {
		pending_clear(&b.values);
		free(b.label);
		return 0;
	}
	used = b.lines ? b.lines : 1;
	ALLOC_GROW(x->scratch->nums, b.values.nr + 1, x->scratch->anums);
	nums = x->scratch->nums;
	for (i = 0; r > 0 && i < b.values.nr; i++) {
		const struct pending_value *v = &b.values.v[i];

		if (!import_time_metric(v->metric) || v->idx >= x->q->nr)
			continue;
		nums[nr].metric = v->metric;
		nums[nr].value = v->value;
		nums[nr].unit = v->unit;
		nums[nr].line = x->q->v[v->idx].lineno;
		nr++;
	}
	if (nr)
		emit_time(x, at, nums, nr, b.label, line_form);
	pending_clear(&b.values);
	free(b.label);
	return used;
}

const struct import_reader import_read_time_output = { "time output", output_starts, time_block };

/* "524288000 bytes (524 MB, 500 MiB) copied, 5.2 s, 101 MB/s" */
static int dd_starts(const struct extract *x, size_t at)
{
	return HAS_DIGIT(x, at) && (x->feat[at] & FEAT_COPIED);
}

static size_t dd_summary(struct extract *x, size_t at)
{
	struct import_dd dd;
	struct tnum nums[2];
	size_t nr = 0;
	long line = x->q->v[at].lineno;

	if (!import_dd_line(&dd, x->q->v[at].text))
		return 0;
	nums[nr++] = (struct tnum){ "elapsed", dd.seconds, "s", line };
	if (dd.rate)
		nums[nr++] = (struct tnum){ "throughput", dd.rate, dd.rate_unit, line };
	emit_time(x, at, nums, nr, NULL, 0);
	import_dd_release(&dd);
	return 1;
}

const struct import_reader import_read_dd = { "dd summary", dd_starts, dd_summary };
