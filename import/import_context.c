#include "import_context.h"
#include "../core/util.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/*
 * The file systems a text may name, under their first letter: a word of
 * prose is compared with the few names that start like it.
 */
static const char *const fs_names[26][6] = {
	['b' - 'a'] = { "btrfs", "bcachefs" },
	['c' - 'a'] = { "cifs" },
	['e' - 'a'] = { "ext2", "ext3", "ext4", "ext4dev", "ext3cow" },
	['f' - 'a'] = { "f2fs" },
	['g' - 'a'] = { "gfs2" },
	['h' - 'a'] = { "hfsplus" },
	['j' - 'a'] = { "jfs", "jffs2" },
	['l' - 'a'] = { "logfs" },
	['m' - 'a'] = { "msdos", "minix" },
	['n' - 'a'] = { "nilfs2", "ntfs", "nfs", "nfs4" },
	['o' - 'a'] = { "ocfs2" },
	['r' - 'a'] = { "reiserfs", "reiser4", "ramfs" },
	['s' - 'a'] = { "shmfs", "squashfs" },
	['t' - 'a'] = { "tmpfs" },
	['u' - 'a'] = { "udf", "ufs", "ubifs" },
	['v' - 'a'] = { "vfat" },
	['x' - 'a'] = { "xfs" },
	['z' - 'a'] = { "zfs" },
};

/* A byte of a word: isalnum in the C locale, or '_'. */
static int word_char(int c)
{
	unsigned char u = (unsigned char)c;

	return (u >= 'a' && u <= 'z') || (u >= 'A' && u <= 'Z') || (u >= '0' && u <= '9') || u == '_';
}

/* The canonical name of the file system the len bytes at w name, in either case, or NULL. */
static const char *fs_lookup(const char *w, size_t len)
{
	unsigned first = (unsigned)(w[0] | 0x20) - 'a';
	const char *const *name;

	if (first >= 26)
		return NULL;
	for (name = fs_names[first]; name < fs_names[first] + ARRAY_SIZE(fs_names[0]) && *name; name++)
		if (!strncasecmp(*name, w, len) && !(*name)[len])
			return *name;
	return NULL;
}

const char *import_fs_name_nth(size_t i)
{
	size_t letter, k;

	for (letter = 0; letter < ARRAY_SIZE(fs_names); letter++)
		for (k = 0; k < ARRAY_SIZE(fs_names[0]) && fs_names[letter][k]; k++)
			if (!i--)
				return fs_names[letter][k];
	return NULL;
}

const char *import_fs_name(const char *word, size_t len)
{
	/* most words of prose are not file systems: decide those at once */
	if (len < 3 || len > 8)
		return NULL;
	return fs_lookup(word, len);
}

static const char *const modes[] = { "writeback", "ordered", "journal", NULL };

static const char *mode_word(const char *w, size_t n)
{
	const char *const *m;

	for (m = modes; *m; m++)
		if (strlen(*m) == n && !strncasecmp(*m, w, n))
			return *m;
	return NULL;
}

static char *data_mode(const char *mode)
{
	size_t n = strlen("data=") + strlen(mode) + 1;
	char *s = xmalloc(n);

	strcpy(s, "data=");
	strcat(s, mode);
	return s;
}

char *import_mode_heading(const char *t, size_t n)
{
	const char *m;
	size_t w;

	while (n && strchr(" \t\r:", t[n - 1]))
		n--;
	w = strcspn(t, " \t");
	if (w > n)
		w = n;
	/* "Writeback:", "Ordered mode:" */
	if (w < n && (n - w != 5 || strncasecmp(t + w, " mode", 5)))
		return NULL;
	return (m = mode_word(t, w)) ? data_mode(m) : NULL;
}

/*
 * The bytes a file-system name or "data=" holds: every name has an 'x', a
 * '4', "fs", "vf", "df" or "sd" in either case (test_import.c holds the
 * names to it), and "data" an '=' after it.  Few bytes of prose are such,
 * so a word is looked at only where one stands.  Per byte: 1 when it is
 * enough, '=' for the '=' after a word, else the byte (lowercase) that
 * must follow it.
 */
const unsigned char import_fs_keys[256] = {
	['x'] = 1, ['X'] = 1, ['4'] = 1, ['f'] = 's', ['F'] = 's', ['v'] = 'f', ['V'] = 'f',
	['d'] = 'f', ['D'] = 'f', ['s'] = 'd', ['S'] = 'd', ['='] = '=',
};

/*
 * The start of the first word at or after p that holds such a byte, or
 * NULL; s is where the text began, p that or a byte that is no word byte.
 */
static const char *next_fs_word(const char *s, const char *p, const char *end)
{
	const char *from = p, *hit;

	for (; p < end; p++) {
		/* most bytes are none of them: one look */
		if (!import_fs_key((unsigned char)p[0], (unsigned char)p[1]))
			continue;
		hit = import_fs_keys[(unsigned char)*p] == '=' ? p - 1 : p;
		if (hit < from || !word_char(*hit))
			continue;
		while (hit > s && word_char(hit[-1]))
			hit--;
		return hit;
	}
	return NULL;
}

const char *import_find_fs(const char *s, const char **fs, char **mode)
{
	return import_find_fs_n(s, strlen(s), fs, mode);
}

/*
 * "-D /btrfs", "-d /mnt/xfs", "--directory=/mnt/ext4", "cd /ext3": the
 * fs word at [w, e) ends a directory's path that a command is given
 * after an option or cd, the mount point named after the file system
 * under test.  A path in a listing (df's "/fs/ext2" beside others) or
 * of the kernel's own trees (/sys/fs/btrfs) names none.
 */
static int mount_dir(const char *s, const char *w, const char *e)
{
	const char *start = w, *opt;

	if (*e && *e != ' ' && *e != '\t' && *e != ')' && *e != '\'' && *e != ';')
		return 0;
	while (start > s && !isspace((unsigned char)start[-1]) && start[-1] != '=' && start[-1] != '\'')
		start--;
	if (*start != '/' || !strncmp(start, "/sys/", 5) || !strncmp(start, "/proc/", 6) ||
	    !strncmp(start, "/dev/", 5))
		return 0;
	/* the word before the path, or the one it is glued to by '=': an option ("-D", "--directory=") or cd */
	for (opt = start; opt > s && (opt[-1] == ' ' || opt[-1] == '\t' || opt[-1] == '\''); opt--)
		;
	while (opt > s && !isspace((unsigned char)opt[-1]))
		opt--;
	return *opt == '-' || (!strncmp(opt, "cd", 2) && (opt[2] == ' ' || opt[2] == '\t'));
}

const char *import_find_fs_n(const char *s, size_t len, const char **fs, char **mode)
{
	const char *p = s, *end = s + len, *w;

	*fs = NULL;
	*mode = NULL;
	while ((w = next_fs_word(s, p, end))) {
		const char *m;
		size_t n;

		for (p = w; word_char(*p); p++)
			;
		n = p - w;
		if (n < 3 || n > 8)
			continue;
		if (w > s && (w[-1] == '-' || w[-1] == '.' || w[-1] == '~' || (w[-1] == '/' && !mount_dir(s, w, p))))
			continue;
		if (n == 4 && *p == '=' && !memcmp(w, "data", 4)) {
			const char *v = p + 1, *e = v;

			while (isalpha((unsigned char)*e))
				e++;
			if ((m = mode_word(v, e - v))) {
				*mode = data_mode(m);
				return e;
			}
			continue;
		}
		/* "ext3-2.4-0.9.4" is a patch, "ext2.c" a file */
		if ((*p == '-' && isdigit((unsigned char)p[1])) || (*p == '.' && isalpha((unsigned char)p[1])))
			continue;
		if ((*fs = fs_lookup(w, n)))
			return p;
	}
	return NULL;
}

const char *import_label_fs(const char *label, char **options)
{
	const char *p = import_skip_space(label), *w = p, *fs, *m;
	size_t n;

	*options = NULL;
	while (word_char((unsigned char)*p))
		p++;
	fs = import_fs_name(w, p - w);
	if (!fs)
		return NULL;
	while (*p == '/' || *p == ' ' || *p == '-' || *p == '+' || *p == '(' || *p == ',')
		p++;
	w = p;
	while (isalpha((unsigned char)*p))
		p++;
	n = p - w;
	if ((m = mode_word(w, n)))
		*options = data_mode(m);
	else if (n == 4 && !strncmp(w, "data", 4) && *p == '=' && (m = mode_word(p + 1, strcspn(p + 1, " ):,"))))
		*options = data_mode(m);
	return fs;
}

size_t import_device_after_slash(const char *s)
{
	size_t n;

	if (strncmp(s, "/dev/", 5))
		return 0;
	n = 5;
	while (isalnum((unsigned char)s[n]) || s[n] == '/' || s[n] == '_' || s[n] == '-' || s[n] == '.')
		n++;
	return n > 5 ? n : 0;
}

static char *word_at(const char **p)
{
	const char *s = import_skip_space(*p), *e = s;

	while (*e && *e != ' ' && *e != '\t')
		e++;
	*p = e;
	return e > s ? xstrndup(s, e - s) : NULL;
}

int import_parse_mount(struct import_mount *out, const char *s)
{
	const char *p = import_skip_space(s), *open, *close;
	char *on = NULL, *type = NULL;

	memset(out, 0, sizeof(*out));
	/* " type " is the rarer of the two in prose: it is looked for first */
	if (!strstr(p, " type ") || !strstr(p, " on "))
		return -1;
	out->device = word_at(&p);
	on = word_at(&p);
	out->dir = word_at(&p);
	type = word_at(&p);
	out->fs = word_at(&p);
	if (!out->device || !on || strcmp(on, "on") || !out->dir || out->dir[0] != '/' ||
	    !type || strcmp(type, "type") || !out->fs)
		goto fail;
	open = import_skip_space(p);
	if (*open == '(' && (close = strchr(open, ')')))
		out->options = xstrndup(open + 1, close - open - 1);
	free(on);
	free(type);
	return 0;
fail:
	free(on);
	free(type);
	import_mount_release(out);
	return -1;
}

void import_mount_release(struct import_mount *m)
{
	free(m->device);
	free(m->dir);
	free(m->fs);
	free(m->options);
	memset(m, 0, sizeof(*m));
}

char *import_prompt_dir(const char *s)
{
	const char *open = strchr(s, '['), *close, *colon;

	if (open && open[1] == '/' && (close = strchr(open, ']')) &&
	    (close[1] == '#' || close[1] == '$' || close[1] == '%' || close[1] == '>'))
		return xstrndup(open + 1, close - open - 1);
	if (open && open[1] == '~' && (close = strchr(open, ']')) && close[1] == '#')
		return NULL;
	colon = strstr(s, ":/");
	if (colon) {
		const char *e = colon + 1;

		while (*e && *e != ' ' && *e != '$' && *e != '#')
			e++;
		if ((*e == '$' || *e == '#') && e[1] == ' ')
			return xstrndup(colon + 1, e - colon - 1);
	}
	return NULL;
}
