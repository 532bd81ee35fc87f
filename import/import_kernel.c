#include "import_context.h"
#include "import_kernel.h"
#include "../core/util.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/*
 * Kernel versions in text (import_context.h): where a version stands,
 * how strongly the words around it say it is the kernel under test, and
 * the versions that name a workload, a tool or a kernel only tried;
 * and what an attachment's file name says.  A kernel named otherwise (a
 * commit id, a tree's "-mm", a choice "-[a,b]") is import_kernel_ref.c's.
 */

static const char *version_end(const char *s, const char *dot, int two_parts);

int import_is_kernel(const char *w, size_t len)
{
	size_t pos = 0, n = 0;
	char *s;
	int ok;

	/* "v6.8" as a table's label */
	if (len > 3 && w[0] == 'v' && isdigit((unsigned char)w[1]) && w[2] == '.') {
		const char *e = version_end(w, w + 2, 0);

		return e && (size_t)(e - w) == len;
	}
	/* a version that starts the word starts with its major and a '.': most names do not */
	if (len < 3 || !isdigit((unsigned char)w[0]) || w[1] != '.')
		return 0;
	/*
	 * the version must end the word: a word that is a string of its own
	 * needs no copy, and only the version at its first '.' can start it
	 * (what import_find_kernel would find there, without its strength)
	 */
	if (!w[len]) {
		const char *e = version_end(w, w + 1, 0);

		return e && (size_t)(e - w) == len;
	}
	s = xstrndup(w, len);
	ok = import_find_kernel(s, &pos, &n) && pos == 0 && n == len;

	free(s);
	return ok;
}

#define CUE(w) { w, sizeof(w) - 1 }
static const struct cue kernel_cues[] = {
	CUE("kernel is"), CUE("kernel version"), CUE("kernel"), CUE("kernels"), CUE("using plain"), CUE("using"),
	CUE("against"), CUE("running"), CUE("linux"), CUE("booted"), CUE("on"), CUE("tested"),
	CUE("under"), CUE("with"),
};

int kernel_cued(const char *s, const char *before)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(kernel_cues); i++)
		if (kernel_cue_ends(s, before, &kernel_cues[i]))
			return 1;
	return 0;
}

/* "v6.8", "v5.4-rc2": a 'v' right before the major, starting a word. */
static int v_prefixed(const char *s, const char *p)
{
	return p > s && p[-1] == 'v' && (p - 1 == s || !isalnum((unsigned char)p[-2]));
}

/* "aa1", "pre6aa2": runs of at most five lowercase letters, each with its number. */
static const char *attached_suffixes(const char *e)
{
	for (;;) {
		const char *f = e;

		while (f - e < 6 && islower((unsigned char)*f))
			f++;
		if (f == e || f - e > 5 || !isdigit((unsigned char)*f))
			return e;
		while (isdigit((unsigned char)*f))
			f++;
		e = f;
	}
}

/*
 * A distribution's build after its number, as uname -r prints it:
 * ".40.1.el9_5.x86_64" (5.14.0-503.40.1.el9_5.x86_64), ".fc42.x86_64"
 * (6.14.5-300.fc42.x86_64), ".197.148-default" (SUSE's
 * 4.12.14-150100.197.148-default).  Where it ends; NULL when it ends in a
 * file's extension (kernel-5.14.0-503.el9.src.rpm names a package).
 */
static const char *distro_release(const char *e)
{
	static const char *const files[] = {
		"tar", "gz", "tgz", "bz2", "xz", "zst", "rpm", "deb", "patch", "diff", "config",
		"txt", "log", "img", "iso", "zip",
	};

	while ((*e == '.' || *e == '-') && (isalnum((unsigned char)e[1]))) {
		const char *f = e + 1;
		size_t k;

		while (isalnum((unsigned char)*f) || *f == '_')
			f++;
		for (k = 0; *e == '.' && k < ARRAY_SIZE(files); k++)
			if (strlen(files[k]) == (size_t)(f - e - 1) && !strncasecmp(e + 1, files[k], f - e - 1))
				return NULL;
		e = f;
	}
	return e;
}

/*
 * The end of the kernel version whose one-digit major stands right before
 * the '.' at dot of line s, or NULL when there is none (two_parts: a
 * two-part "5.10" may be one, the words around it say so).
 */
static const char *version_end(const char *s, const char *dot, int two_parts)
{
	const char *p = dot - 1, *q, *e;
	int parts = 1, major, v = v_prefixed(s, p), build = 0;

	if (!isdigit((unsigned char)*p) || (p > s && !v && (isalnum((unsigned char)p[-1]) ||
	    p[-1] == '.' || p[-1] == '-' || p[-1] == '_' || p[-1] == '/')))
		return NULL;
	major = *p - '0';
	if (major < 2 || isdigit((unsigned char)p[1]))
		return NULL;
	q = p + 1;
	while (*q == '.' && isdigit((unsigned char)q[1])) {
		q++;
		while (isdigit((unsigned char)*q))
			q++;
		parts++;
	}
	/*
	 * "3.10-rc4" is a kernel, "3.10-rc kernels" a series of them; "v6.8"
	 * and "Linux 6.8" are kernels, a bare "6.8" may be any number
	 */
	if (parts < 3 && !(major >= 3 && parts == 2 &&
			   ((q[0] == '-' && q[1] == 'r' && q[2] == 'c' && isdigit((unsigned char)q[3])) ||
			    v || two_parts)))
		return NULL;
	if (parts > 4)
		return NULL;
	e = q;
	/*
	 * suffixes written on without a dash, as 2.4 and 2.5 trees named
	 * theirs: 2.4.20aa1, 2.4.22pre6aa2 (letters, then the number)
	 */
	if (parts >= 3)
		e = attached_suffixes(e);
	/* suffixes: -pre4, -rc5, -mm3, -ac2, -28-amd64 */
	while (*e == '-' && isalnum((unsigned char)e[1])) {
		const char *f = e + 1;

		while (isalnum((unsigned char)*f) || *f == '_')
			f++;
		/* "-rc" without its number: a series ("3.10-rc kernels") */
		if (f - e == 3 && !strncmp(e, "-rc", 3))
			return NULL;
		build = strspn(e + 1, "0123456789") == (size_t)(f - e - 1);
		e = f;
	}
	if (build && *e == '.' && isalnum((unsigned char)e[1]) && !(e = distro_release(e)))
		return NULL;
	/*
	 * "4.13.0-rc5+": uname's mark of a tree with changes on top, a kernel
	 * of its own; "2.4.8-pre1+MRA": a patch on top, named
	 */
	if (*e == '+' && e[1] != '+') {
		for (e++; isalnum((unsigned char)*e) || *e == '_' || *e == '-'; e++)
			;
	}
	/* a file or tarball name, not a kernel under test */
	if (*e == '.' && isalpha((unsigned char)e[1]))
		return NULL;
	if (isalnum((unsigned char)*e) || *e == '_')
		return NULL;
	/* "5.10.0" fine, "6.8." ends a sentence, "6.8.x" a series */
	return e;
}

/*
 * Words after a version that make it the workload, not the kernel under
 * test: "the 2.6.1 tree", "Untar the Linux 2.6.8.1 tarball", "2.6.12
 * sources".
 */
static const struct cue workload_words[] = {
	CUE("tree"), CUE("trees"), CUE("tarball"), CUE("tarballs"), CUE("source"), CUE("sources"),
	CUE("src"), CUE("tar"), CUE("kernel tree"), CUE("source tree"), CUE("sourcetree"),
};

/* Tools whose version is no kernel: "gcc version 7.2.0", "binutils 2.17.50". */
static const struct cue tool_words[] = {
	CUE("gcc"), CUE("gcc version"), CUE("glibc"), CUE("libc"), CUE("binutils"), CUE("compiler"),
	CUE("util-linux"), CUE("e2fsprogs"), CUE("xfsprogs"), CUE("btrfs-progs"),
	/* the banners benchmarks print: "sysbench 1.1.0 (using bundled LuaJIT 2.1.0-beta3)" */
	CUE("luajit"), CUE("lua"), CUE("sysbench"), CUE("fio"), CUE("python"), CUE("perl"),
	CUE("bash"), CUE("clang"), CUE("llvm"), CUE("qemu"),
};
#undef CUE

static int starts_with_word(const char *at, const struct cue *cue)
{
	/* the first letter first (the cues are in lower case): most words after a version are no cue */
	return (at[0] | 0x20) == cue->word[0] && !strncasecmp(at, cue->word, cue->n) &&
	       !isalnum((unsigned char)at[cue->n]) && at[cue->n] != '-';
}

/* ... and before it: "a tarball of 2.4.3", "the tree of 2.6.16" */
static const struct cue workload_before[] = {
	{ "tarball of", 10 }, { "tree of", 7 }, { "source of", 9 }, { "sources of", 10 },
	{ "untar", 5 }, { "untarred", 8 }, { "unpacked", 8 }, { "extract", 7 }, { "extracted", 9 },
};

static int names_workload(const char *s, const char *before, const char *e)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(workload_before); i++)
		if (kernel_cue_ends(s, before, &workload_before[i]))
			return 1;

	e = import_skip_space(e);
	for (i = 0; i < ARRAY_SIZE(workload_words); i++)
		if (starts_with_word(e, &workload_words[i]))
			return 1;
	return 0;
}

/*
 * Whether the version is the one compared against, not the one measured:
 * "iops is much higher than 4.4 kernel", "slower than with 2.6.18".
 */
static int compared_against(const char *s, const char *before)
{
	static const struct cue than = { "than", 4 }, words[] = { { "with", 4 }, { "on", 2 }, { "in", 2 } };
	size_t i;

	if (kernel_cue_ends(s, before, &than))
		return 1;
	for (i = 0; i < ARRAY_SIZE(words); i++) {
		const char *b = before;

		if (!kernel_cue_ends(s, b, &words[i]))
			continue;
		for (b -= words[i].n; b > s && b[-1] == ' '; b--)
			;
		return kernel_cue_ends(s, b, &than);
	}
	return 0;
}

/*
 * Whether a version listed after "tried" was only tried, not measured
 * ("i already tried 2.6.20-rc5 and 2.6.20-rc5-rt8 but"): the words
 * before it are looked at back over the versions listed with it.
 */
static int only_tried(const char *s, const char *before)
{
	static const struct cue tried = { "tried", 5 }, and = { "and", 3 }, or = { "or", 2 };
	int hops;

	for (hops = 0; hops < 8; hops++) {
		const char *b = before;

		if (kernel_cue_ends(s, b, &tried))
			return 1;
		if (kernel_cue_ends(s, b, &and))
			b -= 3;
		else if (kernel_cue_ends(s, b, &or))
			b -= 2;
		else if (b > s && b[-1] == ',')
			b--;
		else
			return 0;
		while (b > s && b[-1] == ' ')
			b--;
		/* over the version listed before: its digits, dots, letters and dashes */
		while (b > s && (isalnum((unsigned char)b[-1]) || b[-1] == '.' || b[-1] == '-'))
			b--;
		while (b > s && b[-1] == ' ')
			b--;
		before = b;
	}
	return 0;
}

/* "running plain 2.4.9", "on a vanilla 2.6.16": before the words between a cue and the version. */
static const char *past_adjective(const char *s, const char *before)
{
	static const struct cue adjectives[] = {
		{ "plain", 5 }, { "vanilla", 7 }, { "stock", 5 }, { "a", 1 }, { "the", 3 }, { "an", 2 },
		{ "mainline", 8 }, { "current", 7 }, { "latest", 6 },
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(adjectives); i++)
		if (kernel_cue_ends(s, before, &adjectives[i])) {
			before -= adjectives[i].n;
			while (before > s && (before[-1] == ' ' || before[-1] == '\t'))
				before--;
			return before;
		}
	return before;
}

/* "Linux version 2.6.3 (root@host) ...": the boot log's own line. */
static int after_linux_version(const char *s, const char *before)
{
	return kernel_cue_ends(s, before, &(const struct cue){ "linux version", 13 });
}

static int names_tool(const char *s, const char *before)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(tool_words); i++)
		if (kernel_cue_ends(s, before, &tool_words[i]))
			return 1;
	/* "version 3.3.5" of a tool, but "kernel version 2.6.3" */
	return kernel_cue_ends(s, before, &(const struct cue){ "version", 7 }) &&
	       !kernel_cue_ends(s, before, &(const struct cue){ "kernel version", 14 });
}

/*
 * "Linux host 2.6.3-1-686 #1 SMP Tue ...": uname -a, the kernel name,
 * the host name, the release, then '#' and the build number.
 */
static int uname_release(const char *s, const char *p, const char *e)
{
	const char *l = import_skip_space(s), *h;

	if (strncmp(l, "Linux ", 6))
		return 0;
	h = import_skip_space(l + 6);
	h += strcspn(h, " \t");
	return import_skip_space(h) == p && import_skip_space(e)[0] == '#';
}

/* Cues that make a bare two-part number a kernel: "Linux 6.8", "kernel 5.10", "Kernel: 4.19". */
static const struct cue two_part_cues[] = {
	{ "linux", 5 }, { "kernel", 6 }, { "kernels", 7 }, { "kernel version", 14 },
};

/* "Linux 6.8", "a 5.10 kernel": a two-part version the words around it call a kernel. */
static const char *two_part_version(const char *s, const char *dot)
{
	const char *p = dot - 1, *e = version_end(s, dot, 1), *before;
	size_t i;

	if (!e)
		return NULL;
	if (!strncasecmp(import_skip_space(e), "kernel", 6))
		return e;
	for (before = p; before > s && (before[-1] == ' ' || before[-1] == ':'); before--)
		;
	for (i = 0; i < ARRAY_SIZE(two_part_cues); i++)
		if (kernel_cue_ends(s, before, &two_part_cues[i]))
			return e;
	return NULL;
}

static int find_kernel(const char *s, size_t *pos, size_t *len, int compared_too)
{
	const char *start = s + *pos, *dot;

	/* a version's one-digit major stands right before a '.': look only there */
	for (dot = *start ? strchr(start + 1, '.') : NULL; dot; dot = strchr(dot + 1, '.')) {
		const char *p = dot - 1, *e, *before;

		/* a version has a digit on both sides of its first '.': most dots end sentences */
		if (!isdigit((unsigned char)dot[-1]) || !isdigit((unsigned char)dot[1]))
			continue;
		if (!(e = version_end(s, dot, 0)) && !(e = two_part_version(s, dot)))
			continue;
		for (before = p - v_prefixed(s, p); before > s && (before[-1] == ' ' || before[-1] == '\t' || before[-1] == ':' ||
						 before[-1] == '('); before--)
			;
		if (after_linux_version(s, before) || uname_release(s, p, e)) {
			*pos = p - s;
			*len = e - p;
			return 3;
		}
		if (names_workload(s, before, e) || names_tool(s, before) || only_tried(s, before) ||
		    (!compared_too && compared_against(s, before))) {
			dot = e - 1;
			continue;
		}
		*pos = p - s;
		*len = e - p;
		before = past_adjective(s, before);
		if (kernel_cued(s, before))
			return 2;
		if (!strncasecmp(import_skip_space(e), "kernel", 6))
			return 2;
		return 1;
	}
	return 0;
}

int import_find_kernel(const char *s, size_t *pos, size_t *len)
{
	return find_kernel(s, pos, len, 0);
}

int import_find_kernel_named(const char *s, size_t *pos, size_t *len)
{
	return find_kernel(s, pos, len, 1);
}

const char *import_name_fs(const char *name)
{
	const char *p = name, *w, *fs;

	while (*p) {
		while (*p && !isalnum((unsigned char)*p))
			p++;
		for (w = p; isalnum((unsigned char)*p); p++)
			;
		if (p > w && (fs = import_fs_name(w, (size_t)(p - w))))
			return fs;
	}
	return NULL;
}

char *import_name_kernel(const char *name)
{
	char *s = xstrdup(name), *dot, *k = NULL;
	size_t i, pos = 0, len;
	int round;

	/* "results.txt.gz": its extensions off, so that a version may end the name */
	for (round = 0; round < 2 && (dot = strrchr(s, '.')); round++) {
		for (i = 1; isalpha((unsigned char)dot[i]); i++)
			;
		if (dot[i] || i < 2 || i > 5)
			break;
		*dot = '\0';
	}
	/* "tiobench-2.6.6", "run_2.6.9", "results.2.6.3-rc2": a version after a separator starts a word */
	for (i = 1; s[i]; i++)
		if ((s[i - 1] == '-' || s[i - 1] == '_' || (s[i - 1] == '.' && i > 1 && isalpha((unsigned char)s[i - 2]))) &&
		    isdigit((unsigned char)s[i]))
			s[i - 1] = ' ';
	if (import_find_kernel(s, &pos, &len))
		k = xstrndup(s + pos, len);
	free(s);
	return k;
}
