#include "builtin.h"
#include "select.h"
#include "../core/error.h"
#include "../core/strbuf.h"
#include "../render/render_gnuplot.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

static const char *const plot_usage[] = {
	"benchpost plot [SELECTION...] [--kernel K] [--hardware H] [--fs F] [--benchmark B] [--kind auto|bars|lines] [--terminal png|svg|dumb] [-o FILE]",
	NULL,
};

/* Shared by plot and report: SELECTION arguments, or the archive under the filters. */
int cmd_select_records(struct recset *out, struct select_opts *sel, int nargs, const char **args)
{
	int i;

	if (!nargs)
		return select_archive(out, sel) < 0 ? cmd_error_last() : 0;
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

int cmd_plot(int argc, const char **argv)
{
	const char *terminal = "dumb", *output = NULL, *kind = "auto";
	struct select_opts sel = { 0 };
	struct recset set = RECSET_INIT;
	struct render_graph_set graphs = RENDER_GRAPH_SET_INIT;
	struct render_plot_job job = { NULL, 0, STRBUF_INIT };
	int utf8 = 0, ret;
	struct option opts[] = {
		OPT_CHOICE(0, "terminal", &terminal, render_plot_terminals, "graph format (default: dumb)"),
		OPT_STRING('o', "output", &output, "FILE", "write here instead of standard output"),
		OPT_CHOICE(0, "kind", &kind, render_graph_kinds,
			   "bars across file systems, lines across kernel versions (default: auto)"),
		OPT_STRING(0, "kernel", &sel.kernel, "K", "only this kernel (exact, prefix or glob)"),
		OPT_STRING(0, "hardware", &sel.hardware, "H", "only this hardware key"),
		OPT_STRING(0, "fs", &sel.fs, "F", "only this file system (or fs:options)"),
		OPT_STRING(0, "benchmark", &sel.benchmark, "B", "only this benchmark"),
		OPT_BOOL(0, "utf8", &utf8, "allow UTF-8 in labels (default: ASCII)"),
		OPT_STRING(0, "archive", &sel.archive, "DIR", "archive location"),
		OPT_END(),
	};
	int nargs = opt_parse(argc, argv, opts, plot_usage);

	if (nargs < 0)
		return cmd_opt_exit(nargs);
	if ((ret = cmd_select_records(&set, &sel, nargs, argv)))
		goto done;
	if (render_graphs_build(&graphs, &set, kind) < 0) {
		ret = cmd_error_last();
		goto done;
	}
	job.graphs = graphs.v;
	job.nr = graphs.nr;
	if (render_plot_run(&job, 1, render_plot_terminal(terminal), utf8) < 0) {
		ret = cmd_error_last();
		goto done;
	}
	ret = cmd_write_output(output, job.image.buf, job.image.len);
done:
	strbuf_release(&job.image);
	render_graph_set_release(&graphs);
	recset_release(&set);
	select_release(&sel);
	return ret;
}
