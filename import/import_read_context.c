#include "import_extract.h"
#include "import_patch.h"
#include "import_script.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/*
 * Attribution and context: what the text says around the numbers.  The
 * first pass (before the walk) gathers what holds for the whole message:
 * its kernel, legends, shell variables, the mount options a script gives,
 * mount output, the timed commands of a script and the labels echoed
 * before them.  In the walk, the readers below learn what holds from a
 * line on: a shell prompt's directory, a line that is only a label (a file
 * system, a step, a device), the file system a paragraph names, a device
 * named in prose or by df, the program prose says was used.  None of them
 * takes a line from the readers after it.
 */

/*
 * The command a `time` line runs, read once a line (freed with the
 * message's lines): the first pass, its look ahead at the lines after a
 * `time` line and the walk all ask.
 */
const char *extract_time_command(struct extract *x, size_t i)
{
	if (!(x->feat[i] & FEAT_TIME))
		return NULL;
	if (!(x->feat[i] & FEAT_CMD)) {
		x->feat[i] |= FEAT_CMD;
		x->cmd[i] = import_time_command(x->q->v[i].text);
	}
	return x->cmd[i];
}

/* ---- the first pass: what holds for the whole message ---- */

static int is_output_line(struct extract *x, size_t i)
{
	struct import_dd dd = { NULL, NULL, NULL };
	const char *s = x->q->v[i].text;
	int is = HAS_DIGIT(x, i) && (import_time_starts(&x->sc, i) ||
				     ((x->feat[i] & FEAT_COPIED) && import_dd_line(&dd, s)));

	import_dd_release(&dd);
	if (is)
		return 1;
	for (s = strstr(s, " records "); s; s = strstr(s + 1, " records "))
		if (!strncmp(s + 9, "in", 2) || !strncmp(s + 9, "out", 3))
			return 1;
	return 0;
}

/* A `time` line runs what follows it when its output comes right after. */
static int is_invocation(struct extract *x, size_t i)
{
	size_t j;
	int seen = 0;

	for (j = i + 1; j < x->q->nr && seen < 3; j++) {
		if (x->q->v[j].depth != x->q->v[i].depth)
			return 0;
		if (x->q->v[j].blank)
			continue;
		seen++;
		if (is_output_line(x, j))
			return 1;
		if (extract_time_command(x, j))
			return 0;
		if (seen == 1) {
			const char *cmd = extract_time_command(x, i);

			if (!cmd || !import_is_script(cmd))
				return 0;
		}
	}
	return 0;
}

/* "ext3wb: ext3: 4k blocks, 256m journal, noatime, data=writeback"; p is past the indent */
static void remember_legend(struct extract *x, const char *p)
{
	const char *colon = p + strcspn(p, ": \t");
	char *key;

	if (*colon != ':' || colon == p || colon - p > 24 || (colon[1] != ' ' && colon[1] != '\t'))
		return;
	key = xstrndup(p, colon - p);
	if (!facts_get(x->legend, key))
		facts_set(x->legend, key, import_skip_space(colon + 1));
	free(key);
}

/*
 * "ext3)" ... "mount -t $fs -o data=writeback ..." in a case statement; p
 * is past the indent, rest bytes long
 */
static void remember_mount_options(struct extract *x, const char *p, size_t rest, const char **case_fs)
{
	/* a case label is short */
	const char *o, *paren = memchr(p, ')', rest < 16 ? rest : 16);

	if (paren && !*import_skip_space(paren + 1)) {
		*case_fs = import_fs_name(p, (size_t)(paren - p));
		return;
	}
	if ((p[0] == ';' && p[1] == ';') || (p[0] == 'e' && !strncmp(p, "esac", 4))) {
		*case_fs = NULL;
		return;
	}
	if (p[0] != 'm' || strncmp(p, "mount ", 6) || !(o = strstr(p, " -o ")))
		return;
	o = import_skip_space(o + 4);
	{
		char *opts = xstrndup(o, strcspn(o, " \t"));
		const char *t = strstr(p, " -t "), *fs = *case_fs;

		if (t) {
			t = import_skip_space(t + 4);
			fs = import_fs_name(t, strcspn(t, " \t")) ?: fs;
		}
		if (fs && !facts_get(x->fs_options, fs))
			facts_set(x->fs_options, fs, opts);
		free(opts);
	}
}

void extract_first_pass(struct extract *x)
{
	const char *case_fs = NULL;
	char *echo = NULL;
	size_t i;

	for (i = 0; i < x->q->nr; i++) {
		const struct qline *l = &x->q->v[i];
		const char *lead;   /* the line past its indent, as the readers below start */
		struct import_mount m;
		const char *cmd;
		char *label;

		if (l->blank)
			continue;
		lead = import_skip_space(l->text);
		if (!l->depth)
			import_hw_line(&x->hw, l->text, HAS_DIGIT(x, i));
		remember_legend(x, lead);
		import_shell_assignment(x->vars, lead);
		remember_mount_options(x, lead, l->len - (size_t)(lead - l->text), &case_fs);
		if ((x->words & WORDS_MOUNT) && !import_parse_mount(&m, l->text)) {
			x->mounts = xrealloc(x->mounts, (x->nmounts + 1) * sizeof(*x->mounts));
			x->mounts[x->nmounts].at = i;
			x->mounts[x->nmounts].depth = l->depth;
			x->mounts[x->nmounts].m = m;
			x->nmounts++;
		}
		if (*lead == 'e' && (label = import_echo_label(lead))) {
			free(echo);
			echo = label;
			continue;
		}
		cmd = extract_time_command(x, i);
		if (!cmd || is_invocation(x, i))
			continue;
		x->script = xrealloc(x->script, (x->nscript + 1) * sizeof(*x->script));
		x->script[x->nscript++] = xstrdup(cmd);
		if (echo && !facts_get(x->echo_cmd, echo))
			facts_set(x->echo_cmd, echo, cmd);
		free(echo);
		echo = NULL;
	}
	free(echo);
}

static void set_str(char **dst, const char *v)
{
	char *old = *dst;

	*dst = v ? xstrdup(v) : NULL;
	free(old);
}

/* Mount options as a record keeps them: without the ones every mount has. */
char *extract_clean_options(const char *opts)
{
	struct strbuf sb = STRBUF_INIT;
	const char *p = opts;

	while (p && *p) {
		size_t n = strcspn(p, ",");

		if (!(n == 2 && (!strncmp(p, "rw", 2) || !strncmp(p, "ro", 2))) &&
		    !(n == 8 && !strncmp(p, "defaults", 8)) && n) {
			if (sb.len)
				strbuf_addch(&sb, ',');
			strbuf_add(&sb, p, n);
		}
		p += n + (p[n] == ',');
	}
	if (!sb.len) {
		strbuf_release(&sb);
		return NULL;
	}
	return strbuf_detach(&sb, NULL);
}

/* The mount output nearest to line at that tells what dir is. */
const struct import_mount *extract_mount_for(const struct extract *x, const char *dir, size_t at, int depth)
{
	const struct import_mount *best = NULL;
	size_t i, best_dist = (size_t)-1;

	for (i = 0; dir && i < x->nmounts; i++) {
		size_t dist = x->mounts[i].at > at ? x->mounts[i].at - at : at - x->mounts[i].at;

		if (x->mounts[i].depth != depth || strcmp(x->mounts[i].m.dir, dir))
			continue;
		if (dist < best_dist) {
			best = &x->mounts[i].m;
			best_dist = dist;
		}
	}
	return best;
}

/* ---- the walk: what holds from a line on ---- */

static void set_fs(struct extract *x, struct depth_ctx *d, size_t at, const char *fs, char *mode)
{
	const char *opts = fs ? facts_get(x->fs_options, fs) : NULL;

	if (!fs) {
		/* a data= mode alone keeps a journaling fs, else it means ext3 */
		fs = d->fs && (!strcmp(d->fs, "ext3") || !strcmp(d->fs, "ext4")) ? d->fs : "ext3";
	}
	d->fs = fs;
	d->fs_at = at;
	if (mode)
		take_str(&d->options, mode);
	else
		set_str(&d->options, opts);
}

/*
 * Whether a label's first word is a file-system name, as import_label_fs
 * wants before anything else: most short lines are not, and need no copy.
 */
static int label_may_name_fs(const char *p)
{
	const char *e = p;

	while (isalnum((unsigned char)*e) || *e == '_')
		e++;
	return import_fs_name(p, (size_t)(e - p)) != NULL;
}

/* A line that is only a label: "ext3", "write:", "fs=ext2", "/dev/sda5 (...):" */
static int label_line(struct extract *x, struct depth_ctx *d, size_t at, const char *s)
{
	const char *p = import_skip_space(s), *fs;
	char *opts = NULL;
	size_t n = x->q->v[at].len - (size_t)(p - s), dev;

	while (n && (p[n - 1] == ' ' || p[n - 1] == '\t' || p[n - 1] == '\r'))
		n--;
	if (!n)
		return 0;
	/* a label is short or starts with "fs" or a device: most lines are neither */
	if (n >= 32 && p[0] != '/' && (p[0] | 0x20) != 'f')
		return 0;
	if ((p[0] | 0x20) == 'f' && (!strncmp(p, "fs=", 3) || !strncasecmp(p, "fs: ", 4)) &&
	    (fs = import_fs_name(import_skip_space(p + 3), strcspn(import_skip_space(p + 3), " \t")))) {
		set_fs(x, d, at, fs, NULL);
		return 1;
	}
	if ((dev = import_device_at(p)) && dev < n && (p[dev] == ' ' || p[dev] == ':') &&
	    (p[n - 1] == ':' || p[dev] == ':')) {
		take_str(&d->device, xstrndup(p, dev));
		return 1;
	}
	/* "ext3:" names the file system of what follows, "write:" its step */
	if (p[n - 1] == ':' && n < 24 && !strchr(p, ' ') && !label_may_name_fs(p) &&
	    !import_is_kernel(p, n - 1)) {
		take_str(&d->step, xstrndup(p, n - 1));
		d->step_at = at;
		return 1;
	}
	if (n < 32 && label_may_name_fs(p)) {
		char *label = xstrndup(p, n - (p[n - 1] == ':'));

		fs = import_label_fs(label, &opts);
		if (fs && strlen(label) <= strlen(fs) + 12 && !strchr(label, '(')) {
			free(label);
			set_fs(x, d, at, fs, opts);
			return 1;
		}
		free(label);
		free(opts);
	}
	return 0;
}

/* "Using http://.../writer.c": the program the numbers below measure. */
static void program_used(struct depth_ctx *d, const char *s)
{
	const char *u = strstr(s, "sing "), *e, *base;

	if (!u || u == s || (u[-1] != 'U' && u[-1] != 'u'))
		return;
	u = import_skip_space(u + 5);
	e = u + strcspn(u, " \t,;)");
	if (e - u < 3 || strncmp(e - 2, ".c", 2))
		return;
	for (base = e; base > u && base[-1] != '/'; base--)
		;
	if (e - 2 > base)
		take_str(&d->program, xstrndup(base, e - 2 - base));
}

/* "ext4 on /dev/nvme0n1p2": the device prose says the fs is on */
static void device_named(struct depth_ctx *d, const char *s)
{
	const char *p = strchr(s, '/') ? strstr(s, " on /dev/") : NULL;
	size_t n;

	if (!p || (n = import_device_at(p + 4)) == 0)
		return;
	p += 4;
	while (n && strchr(".,:;", p[n - 1]))
		n--;
	take_str(&d->device, xstrndup(p, n));
}

/* "/dev/hdc2  3842408  738176  2909044  21% /usr/local" */
static int df_line(const char *s, size_t *dev)
{
	const char *p;
	int nums = 0;

	if (!(*dev = import_device_at(s)))
		return 0;
	for (p = s + *dev; *p;) {
		p = import_skip_space(p);
		if (!isdigit((unsigned char)*p))
			break;
		while (isdigit((unsigned char)*p) || *p == '%' || *p == '.')
			p++;
		nums++;
	}
	return nums >= 3 && *p == '/';
}

static void prose(struct extract *x, struct depth_ctx *d, size_t at, const struct qline *l)
{
	const char *fs, *p = l->text;
	char *mode;
	size_t dev;

	if (df_line(l->text, &dev)) {
		int alone = (at == 0 || x->q->v[at - 1].blank) &&
			    (at + 1 >= x->q->nr || x->q->v[at + 1].blank);

		if (alone && !d->df_device) {
			take_str(&d->device, xstrndup(l->text, dev));
			d->df_device = 1;
		}
		return;
	}
	if (x->words & WORDS_USING)
		program_used(d, l->text);
	if (x->words & WORDS_ON_DEV)
		device_named(d, l->text);
	/* the feature pass saw no byte of a name's key: the line names none */
	if (!(x->feat[at] & FEAT_FS))
		return;
	/*
	 * A paragraph is about the first file system it names; a mode named
	 * before another fs belongs to it ("ext3 mounted with default
	 * parameters, i.e. data=ordered"), later ones are comparisons.
	 */
	while (d->para_fs < 2 && p && (p = import_find_fs_n(p, (size_t)(l->text + l->len - p), &fs, &mode))) {
		if (!d->para_fs) {
			set_fs(x, d, at, fs, mode);
			d->para_fs = fs && !mode ? 1 : 2;
			continue;
		}
		if (!fs && mode)
			take_str(&d->options, mode);
		else
			free(mode);
		d->para_fs = 2;
	}
}

/* "{atlas} [/mnt]# time ...": the directory later mount output is looked up for. */
static int prompt_starts(const struct extract *x, size_t at)
{
	(void)at;
	return (x->words & WORDS_PROMPT_DIR) != 0;
}

static size_t prompt_line(struct extract *x, size_t at)
{
	const struct qline *l = &x->q->v[at];
	char *dir = import_prompt_dir(l->text);

	if (dir)
		take_str(&x->d[l->depth].cwd, dir);
	return 0;
}

const struct import_reader import_read_prompt = { "shell prompt", prompt_starts, prompt_line };

/* A line no reader before took: a label, else prose that may name a file system or device. */
static size_t context_line(struct extract *x, size_t at)
{
	const struct qline *l = &x->q->v[at];
	struct depth_ctx *d = &x->d[l->depth];

	if (!label_line(x, d, at, l->text))
		prose(x, d, at, l);
	return 0;
}

const struct import_reader import_read_context = { "context", NULL, context_line };
