#include "builtin.h"
#include "select.h"
#include "../core/error.h"
#include "../core/strbuf.h"
#include "../core/util.h"
#include "../render/render_gnuplot.h"
#include "../render/render_stats.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *const plot_usage[] = {
	"benchpost plot [SELECTION...] [SELECTION OPTIONS] [--kind K] [--terminal T] [--detail] [-o FILE|DIR/]",
	NULL,
};

/* Shared by plot and report: SELECTION arguments, or the default selection (said on stderr). */
int cmd_select_records(struct recset *out, struct select_opts *sel, int nargs, const char **args)
{
	int i;

	if (!nargs) {
		struct strbuf picked = STRBUF_INIT;
		int ret = select_default(out, &picked, sel);

		if (ret < 0) {
			strbuf_release(&picked);
			return cmd_error_last();
		}
		fprintf(stderr, "benchpost: no selection given: %s\n", picked.buf);
		strbuf_release(&picked);
		return 0;
	}
	for (i = 0; i < nargs; i++)
		if (select_arg(out, sel, args[i]) < 0)
			return cmd_error_last();
	return 0;
}

int cmd_write_output(const char *path, const char *data, size_t len)
{
	FILE *f = path ? fopen(path, "wb") : stdout;
	int ret = 0;

	if (!f)
		return cmd_error("cannot create '%s': %s", path, strerror(errno));
	if (fwrite(data, 1, len, f) != len || fflush(f))
		ret = cmd_error("cannot write '%s': %s", path ? path : "standard output",
				strerror(errno));
	if (path && fclose(f) && !ret)
		ret = cmd_error("cannot write '%s': %s", path, strerror(errno));
	return ret;
}

/* "-o DIR/" (or an existing directory): a file a graph, named after its benchmark and metric. */
static int is_dir_output(const char *path)
{
	struct stat st;
	size_t len = path ? strlen(path) : 0;

	return len && (path[len - 1] == '/' || (!stat(path, &st) && S_ISDIR(st.st_mode)));
}

static int write_each(const char *dir, const struct render_graph_set *graphs,
		      const struct render_plot_job *jobs, const struct render_plot_terminal *term)
{
	struct strbuf path = STRBUF_INIT;
	size_t i;
	int ret = 0;

	if (mkdir(dir, 0777) && errno != EEXIST)
		return cmd_error("cannot create '%s': %s", dir, strerror(errno));
	for (i = 0; i < graphs->nr && !ret; i++) {
		strbuf_reset(&path);
		strbuf_addf(&path, "%s%s%s.%s", dir, dir[strlen(dir) - 1] == '/' ? "" : "/",
			    graphs->v[i].file, term->extension);
		ret = cmd_write_output(path.buf, jobs[i].image.buf, jobs[i].image.len);
		if (!ret)
			printf("%s\n", path.buf);
	}
	strbuf_release(&path);
	return ret;
}

int cmd_plot(int argc, const char **argv)
{
	const char *terminals[8], *tests[8];
	const char *terminal = "dumb", *output = NULL, *test = "utest";
	struct render_graph_opts gopts = { "auto", 1, 0 };
	const struct render_plot_terminal *term;
	struct select_opts sel = { 0 };
	struct recset set = RECSET_INIT;
	struct render_graph_set graphs = RENDER_GRAPH_SET_INIT;
	struct render_plot_job *jobs = NULL;
	size_t njobs = 0, i;
	int utf8 = 0, ret, nargs, each;
	struct option opts[] = {
		SELECT_FILTER_OPTIONS(sel),
		OPT_CHOICE(0, "terminal", &terminal, terminals, "graph format (default: dumb)"),
		OPT_STRING('o', "output", &output, "FILE|DIR/", "write here (DIR/: a file a graph)"),
		OPT_CHOICE(0, "kind", &gopts.kind, render_graph_kinds,
			   "bars across file systems, lines across kernel versions (default: auto)"),
		OPT_CHOICE(0, "test", &test, tests, "the tables' centre: median for utest, mean for welch"),
		OPT_BOOL(0, "detail", &gopts.detail, "every metric, tool internals included"),
		OPT_BOOL(0, "utf8", &utf8, "allow UTF-8 in labels (default: ASCII)"),
		OPT_END(),
	};

	render_plot_terminal_names(terminals, ARRAY_SIZE(terminals));
	stats_test_names(tests, ARRAY_SIZE(tests));
	nargs = opt_parse(argc, argv, opts, plot_usage);
	if (nargs < 0)
		return cmd_opt_exit(nargs);
	term = render_plot_terminal(terminal);
	gopts.median = !strcmp(stats_test_by_name(test)->centre, "median");
	each = is_dir_output(output);
	if ((ret = cmd_select_records(&set, &sel, nargs, argv)))
		goto done;
	if (render_graphs_build(&graphs, &set, &gopts) < 0) {
		ret = cmd_error_last();
		goto done;
	}
	/* one page of small multiples, or one image a graph: one gnuplot run either way */
	njobs = each ? graphs.nr : 1;
	jobs = xcalloc(njobs, sizeof(*jobs));
	for (i = 0; i < njobs; i++) {
		jobs[i].graphs = each ? &graphs.v[i] : graphs.v;
		jobs[i].nr = each ? 1 : graphs.nr;
		strbuf_init(&jobs[i].image, 0);
	}
	if (render_plot_run(jobs, njobs, term, utf8) < 0)
		ret = cmd_error_last();
	else if (each)
		ret = write_each(output, &graphs, jobs, term);
	else
		ret = cmd_write_output(output, jobs[0].image.buf, jobs[0].image.len);
done:
	for (i = 0; i < njobs; i++)
		strbuf_release(&jobs[i].image);
	free(jobs);
	render_graph_set_release(&graphs);
	recset_release(&set);
	select_release(&sel);
	return ret;
}
