#include "builtin.h"
#include "../collect/collect.h"
#include "../core/strbuf.h"
#include "../core/util.h"
#include "../core/version.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * The hidden "benchpost --list-values KIND": the values an option takes
 * that no choice table holds, one a line, for the shell completions
 * (completion/), which ask the binary rather than keep their own copies.
 */

static void list_tests(struct strbuf *out)
{
	const char *name;
	size_t i;

	for (i = 0; (name = collect_test_name(i)); i++)
		strbuf_addf(out, "%s\n", name);
}

static void list_params(struct strbuf *out)
{
	const char *name;
	size_t i, k;

	for (i = 0; (name = collect_test_name(i)); i++) {
		const char *const *params = collect_test_params(i);

		for (k = 0; params && params[k]; k++)
			strbuf_addf(out, "%s.%s\n", name, params[k]);
	}
}

static void list_fs(struct strbuf *out)
{
	const char *name;
	size_t i;

	for (i = 0; (name = collect_fs_type_name(i)); i++)
		strbuf_addf(out, "%s\n", name);
}

static int compare_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* A name a shell can be handed on one line: no control characters. */
static int printable_name(const char *s)
{
	for (; *s; s++)
		if ((unsigned char)*s < 0x20 || *s == 0x7f)
			return 0;
	return 1;
}

/* What "report --template NAME" finds: NAME.md in the template directories. */
void cmd_list_templates(struct strbuf *out)
{
	const char *dirs[BP_TEMPLATE_DIRS_MAX];
	size_t ndirs = bp_template_dirs(dirs), nr = 0, alloc = 0, i;
	char **names = NULL;

	for (i = 0; i < ndirs; i++) {
		DIR *d = opendir(dirs[i]);
		struct dirent *de;

		if (!d)
			continue;   /* a directory that is not there offers nothing */
		while ((de = readdir(d))) {
			size_t len = strlen(de->d_name);

			if (len <= 3 || strcmp(de->d_name + len - 3, ".md") ||
			    de->d_name[0] == '.' || !printable_name(de->d_name))
				continue;
			if (nr == alloc) {
				alloc = alloc ? 2 * alloc : 16;
				names = xrealloc(names, alloc * sizeof(*names));
			}
			names[nr++] = xstrndup(de->d_name, len - 3);
		}
		closedir(d);
	}
	if (nr)
		qsort(names, nr, sizeof(*names), compare_names);
	for (i = 0; i < nr; i++) {
		if (!i || strcmp(names[i], names[i - 1]))
			strbuf_addf(out, "%s\n", names[i]);
	}
	for (i = 0; i < nr; i++)
		free(names[i]);
	free(names);
}

static const struct value_kind {
	const char *name;
	void (*list)(struct strbuf *out);
} value_kinds[] = {
	{ .name = "fs", .list = list_fs },
	{ .name = "test", .list = list_tests },
	{ .name = "param", .list = list_params },
	{ .name = "template", .list = cmd_list_templates },
};

int cmd_list_values(int argc, const char **argv)
{
	struct strbuf out = STRBUF_INIT;
	size_t i;
	int ret = 0;

	if (argc != 2) {
		fprintf(stderr, "usage: benchpost --list-values KIND\n");
		return EXIT_USAGE;
	}
	for (i = 0; i < ARRAY_SIZE(value_kinds); i++)
		if (!strcmp(value_kinds[i].name, argv[1]))
			break;
	if (i == ARRAY_SIZE(value_kinds)) {
		for (i = 0; i < ARRAY_SIZE(value_kinds); i++)
			strbuf_addf(&out, "%s%s", i ? ", " : "", value_kinds[i].name);
		cmd_error("--list-values: no kind '%s' (kinds: %s)", argv[1], out.buf);
		strbuf_release(&out);
		return EXIT_USAGE;
	}
	value_kinds[i].list(&out);
	if (fwrite(out.buf, 1, out.len, stdout) != out.len || fflush(stdout))
		ret = cmd_error("cannot write output: %s", strerror(errno));
	strbuf_release(&out);
	return ret;
}
