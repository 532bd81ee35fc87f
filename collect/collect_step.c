#include "collect_internal.h"
#include "../core/error.h"
#include "../parse/parse.h"
#include "../core/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>

static double tv_seconds(const struct timeval *tv)
{
	return (double)tv->tv_sec + (double)tv->tv_usec / 1e6;
}

void collect_add_metric(struct recset *out, const struct record *proto, const char *benchmark,
			int iteration, const char *metric, const char *unit, const char *fmt,
			double value)
{
	struct record *r = recset_add(out, proto);
	char buf[64];

	snprintf(buf, sizeof(buf), fmt, value);
	record_set(&r->benchmark, benchmark);
	record_set(&r->metric, metric);
	record_set(&r->unit, unit);
	record_set(&r->value, buf);
	r->iteration = iteration;
}

/*
 * What /usr/bin/time reports, from the child's own rusage: seconds to the
 * millisecond, CPU percent as (user + sys) / elapsed.
 */
void collect_add_rusage(struct recset *out, const struct record *proto, const char *benchmark,
			int iteration, const struct proc_result *res)
{
	double user = tv_seconds(&res->ru.ru_utime), sys = tv_seconds(&res->ru.ru_stime);
	double cpu = res->elapsed > 0 ? (user + sys) / res->elapsed * 100 : 0;

	collect_add_metric(out, proto, benchmark, iteration, "elapsed", "s", "%.3f", res->elapsed);
	collect_add_metric(out, proto, benchmark, iteration, "user", "s", "%.3f", user);
	collect_add_metric(out, proto, benchmark, iteration, "sys", "s", "%.3f", sys);
	collect_add_metric(out, proto, benchmark, iteration, "cpu", "%", "%.0f", cpu);
	collect_add_metric(out, proto, benchmark, iteration, "maxrss", "KiB", "%.0f",
			   (double)res->ru.ru_maxrss);
	collect_add_metric(out, proto, benchmark, iteration, "inblock", "blocks", "%.0f",
			   (double)res->ru.ru_inblock);
	collect_add_metric(out, proto, benchmark, iteration, "oublock", "blocks", "%.0f",
			   (double)res->ru.ru_oublock);
	collect_add_metric(out, proto, benchmark, iteration, "majflt", "faults", "%.0f",
			   (double)res->ru.ru_majflt);
	collect_add_metric(out, proto, benchmark, iteration, "minflt", "faults", "%.0f",
			   (double)res->ru.ru_minflt);
}

static int check_exit(const char *const argv[], struct proc_result *res)
{
	struct strbuf why = STRBUF_INIT;
	int ret;

	if (collect_interrupted())
		return err_set("interrupted while running '%s'", argv[0]);
	if (proc_exited_ok(res))
		return 0;
	proc_describe_status(&why, res->status);
	strbuf_trim(&res->err);
	if (res->err.len > 300)
		strbuf_setlen(&res->err, 300);
	ret = err_set("'%s' %s%s%s", argv[0], why.buf, res->err.len ? ": " : "", res->err.buf);
	strbuf_release(&why);
	return ret;
}

/* Ours: a tool's metric of the same name gets the tool's name in front. */
static const char *const rusage_metrics[] = {
	"elapsed", "user", "sys", "cpu", "maxrss", "inblock", "oublock", "majflt", "minflt",
	"sync", "total", "disk-read", "disk-write", "disk-busy", "pgpgout", "dirty",
	"writeback", "self-cpu", "load-1m", NULL,
};

static int is_rusage_metric(const char *m)
{
	size_t i;

	for (i = 0; rusage_metrics[i]; i++)
		if (!strcmp(m, rusage_metrics[i]))
			return 1;
	return 0;
}

/*
 * The tool's own report becomes extra metrics of the same sample.  A
 * tool's own "elapsed" (postmark's whole seconds) must not pass for ours,
 * so a clash gets the tool's name in front.  fio's jobs (write, randread)
 * name their metrics: job "randread", metric "read-bw" is "randread-bw".
 */
/*
 * dd picks its unit per run (kB/s, MB/s, GB/s); samples of one metric must
 * share a unit to be compared, so rates become MB/s (or MiB/s).
 */
static int rate_to_mega(struct strbuf *value, const char **unit, const char *v, const char *u)
{
	static const struct {
		const char *unit, *to;
		double factor;
	} rates[] = {
		{ "B/s", "MB/s", 1e-6 }, { "kB/s", "MB/s", 1e-3 }, { "GB/s", "MB/s", 1e3 },
		{ "TB/s", "MB/s", 1e6 }, { "KiB/s", "MiB/s", 1.0 / 1024 },
		{ "GiB/s", "MiB/s", 1024 }, { "TiB/s", "MiB/s", 1024.0 * 1024 },
	};
	size_t i;

	for (i = 0; u && i < ARRAY_SIZE(rates); i++) {
		if (!strcmp(u, rates[i].unit)) {
			strbuf_addf(value, "%.6g", strtod(v, NULL) * rates[i].factor);
			*unit = rates[i].to;
			return 1;
		}
	}
	return 0;
}

static void job_metric(struct strbuf *out, const char *job, const char *metric)
{
	size_t dash = strcspn(metric, "-"), jl = strlen(job);

	if (metric[dash] && jl >= dash && !strncmp(job + jl - dash, metric, dash))
		strbuf_addf(out, "%s%s", job, metric + dash);
	else
		strbuf_addf(out, "%s-%s", job, metric);
}

static int is_rate_unit(const char *unit)
{
	size_t len = unit ? strlen(unit) : 0;

	return len > 2 && !strcmp(unit + len - 2, "/s");
}

static void add_parsed(struct collect_ctx *c, const char *benchmark, const struct collect_step *step,
		       const struct strbuf *text)
{
	const char *parser = step->parser;
	struct recset parsed = RECSET_INIT;
	struct parse_ctx pc = { .name = parser, .line0 = 0 };
	struct strbuf value = STRBUF_INIT;
	size_t i;

	if (parse_text(&parsed, parser, text->buf, text->len, &pc) < 0) {
		/* Once per tool: the same failure every iteration says nothing new. */
		if (!strstr(c->fss->warned.buf, parser)) {
			bp_warnf(c->warn, "%s: cannot read its report (%s); keeping the timing only",
				 parser, err_last());
			strbuf_addf(&c->fss->warned, "%s ", parser);
		}
		recset_release(&parsed);
		return;
	}
	for (i = 0; i < parsed.nr; i++) {
		const struct record *p = &parsed.v[i];
		struct strbuf metric = STRBUF_INIT;
		const char *unit;
		struct record *r;

		if (!p->metric || !p->value)
			continue;
		/* "dbench 2" names the tool's run, as "dbench" does; a fio job is its own */
		if (p->benchmark && strcmp(p->benchmark, parser) &&
		    !(!strncmp(p->benchmark, parser, strlen(parser)) &&
		      p->benchmark[strlen(parser)] == ' '))
			job_metric(&metric, p->benchmark, p->metric);
		else if (is_rusage_metric(p->metric) || (step->tool_rates && is_rate_unit(p->unit)))
			strbuf_addf(&metric, "%s-%s", parser, p->metric);
		else
			strbuf_addstr(&metric, p->metric);
		r = recset_add(c->out, c->proto);
		record_set(&r->benchmark, benchmark);
		record_set(&r->metric, metric.buf);
		strbuf_release(&metric);
		strbuf_reset(&value);
		if (!strcmp(parser, "dd") && rate_to_mega(&value, &unit, p->value, p->unit)) {
			record_set(&r->unit, unit);
			record_set(&r->value, value.buf);
		} else {
			record_set(&r->unit, p->unit);
			record_set(&r->value, p->value);
		}
		r->iteration = c->iteration;
	}
	strbuf_release(&value);
	recset_release(&parsed);
}

/* The key series -n auto plans on: total where a sync follows, else elapsed. */
static void note_sample(struct collect_ctx *c, const char *benchmark, const char *metric,
			double v)
{
	if (c->fss && c->fss->samples)
		collect_samples_add(&c->fss->samples[c->test_index], benchmark, metric, v);
}

int collect_time(struct collect_ctx *c, const char *benchmark, const char *const argv[],
		 const struct collect_step *step)
{
	static const struct collect_step none;
	struct proc_result res = PROC_RESULT_INIT;
	struct proc_opts po = { .running = &collect_child, .err = PROC_IO_CAPTURE };
	struct collect_snap before, after;
	int ret;

	if (!step)
		step = &none;
	if (collect_interrupted())
		return err_set("interrupted");
	if (!step->warm) {
		ret = collect_cold(c);
		if (ret < 0)
			return err_prefix("%s", benchmark);
	}
	po.dir = step->dir;
	if (step->in_data) {
		po.in = PROC_IO_BUFFER;
		po.in_data = step->in_data;
		po.in_len = strlen(step->in_data);
	}
	if (step->out_path) {
		po.out = PROC_IO_FILE;
		po.out_path = step->out_path;
	} else if (step->parser) {
		po.out = PROC_IO_CAPTURE;
	}
	collect_snap_take(&before, c->disk);
	ret = proc_run(&res, argv, &po);
	collect_snap_take(&after, c->disk);
	if (!ret)
		ret = check_exit(argv, &res);
	if (ret < 0) {
		err_prefix("%s", benchmark);
		goto done;
	}
	collect_add_rusage(c->out, c->proto, benchmark, c->iteration, &res);
	c->last_elapsed = res.elapsed;
	c->last_sync = 0;
	note_sample(c, benchmark, "elapsed", res.elapsed);
	collect_snap_metrics(c, benchmark, "", &before, &after);
	collect_load_metrics(c, benchmark);
	if (step->parser)
		add_parsed(c, benchmark, step, step->parse_stderr ? &res.err : &res.out);
done:
	proc_result_release(&res);
	return ret;
}

int collect_time_sync(struct collect_ctx *c, const char *benchmark)
{
	const char *argv[] = { "sync", "-f", ".", NULL };
	struct proc_result res = PROC_RESULT_INIT;
	struct proc_opts po = { .running = &collect_child, .err = PROC_IO_CAPTURE,
				.dir = c->target->cwd };
	struct collect_snap before, after;
	int ret;

	collect_snap_take(&before, c->disk);
	ret = proc_run(&res, argv, &po);
	collect_snap_take(&after, c->disk);
	if (!ret)
		ret = check_exit(argv, &res);
	if (ret < 0) {
		err_prefix("%s", benchmark);
		goto done;
	}
	c->last_sync = res.elapsed;
	collect_add_metric(c->out, c->proto, benchmark, c->iteration, "sync", "s", "%.3f",
			   res.elapsed);
	collect_add_metric(c->out, c->proto, benchmark, c->iteration, "total", "s", "%.3f",
			   c->last_elapsed + res.elapsed);
	note_sample(c, benchmark, "total", c->last_elapsed + res.elapsed);
	collect_snap_metrics(c, benchmark, "sync-", &before, &after);
done:
	proc_result_release(&res);
	return ret;
}

double collect_recorded(const struct collect_ctx *c, const char *benchmark, const char *metric)
{
	size_t i;

	/* the newest first: this iteration's are at the end */
	for (i = c->out->nr; i > 0; i--) {
		const struct record *r = &c->out->v[i - 1];

		if (r->iteration != c->iteration)
			break;
		if (r->benchmark && r->metric && !strcmp(r->benchmark, benchmark) &&
		    !strcmp(r->metric, metric) && r->value)
			return strtod(r->value, NULL);
	}
	return -1;
}

static int helper(const char *const argv[], const char *dir, const char *out_path,
		  struct strbuf *out)
{
	struct proc_result res = PROC_RESULT_INIT;
	struct proc_opts po = { .running = &collect_child, .dir = dir, .err = PROC_IO_CAPTURE };
	int ret;

	if (out_path) {
		po.out = PROC_IO_FILE;
		po.out_path = out_path;
	} else if (out) {
		po.out = PROC_IO_CAPTURE;
	}
	ret = proc_run(&res, argv, &po);
	if (!ret)
		ret = check_exit(argv, &res);
	if (!ret && out)
		strbuf_add(out, res.out.buf, res.out.len);
	proc_result_release(&res);
	return ret;
}

int collect_helper(const char *const argv[], const char *dir, const char *out_path)
{
	return helper(argv, dir, out_path, NULL);
}

int collect_capture(struct strbuf *out, const char *const argv[])
{
	return helper(argv, NULL, NULL, out);
}
