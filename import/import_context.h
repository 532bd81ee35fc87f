#ifndef IMPORT_CONTEXT_H
#define IMPORT_CONTEXT_H

#include "../core/strbuf.h"

#include <stddef.h>

/*
 * Recognisers for the context prose gives a number: kernel versions, file
 * systems and their modes, devices, mount output, shell prompts.  Each
 * looks at one line and says where in it the thing stands.
 */

/* A file-system name standing alone as a word ("ext3", "ReiserFS"). */
const char *import_fs_name(const char *word, size_t len);
/* The i-th file system import_fs_name knows (from 0), NULL past the last: for tests. */
const char *import_fs_name_nth(size_t i);

/*
 * The first file system or data= mode named in s as a word.  *fs is the
 * canonical name (NULL when only a mode was named), *mode the mount option
 * ("data=writeback") or NULL.  Returns the position after it, NULL if none.
 */
const char *import_find_fs(const char *s, const char **fs, char **mode);
/* The same for the len bytes at s (s[len] is still a NUL), when the caller knows len. */
const char *import_find_fs_n(const char *s, size_t len, const char **fs, char **mode);
/*
 * The bytes a file-system name or "data=" holds (import_context.c says
 * which), per byte: 1 when it is enough, '=' for the '=' after a word,
 * else the byte (lowercase) that must follow it; 0 for the others.
 */
extern const unsigned char import_fs_keys[256];

/*
 * Whether byte c, with next after it, is one where import_find_fs_n looks
 * closer (a byte of a name's key): a line without one names no file
 * system and no data= mode.  Asked of most bytes of a text: inline.
 */
static inline int import_fs_key(unsigned char c, unsigned char next)
{
	unsigned char k = import_fs_keys[c];

	return k && (k == 1 || k == '=' || (next | 0x20) == k);
}
/*
 * A config label as tables and summaries use: "ext3/ordered",
 * "ext3 writeback", "ext3-wb".  Returns the fs (or NULL) and sets
 * *options to the mode the label names (caller frees) or NULL.
 */
const char *import_label_fs(const char *label, char **options);
/* "Ordered:", "Writeback mode:" heading a block: the data= mode it names ("data=ordered"), or NULL. */
char *import_mode_heading(const char *t, size_t n);

/*
 * Kernel versions: 2.4.7, 2.5.44-mm3, 2.6.16-rc5-mm3, 6.1.0-28-amd64.
 * Names of source trees and tarballs (linux-2.5.44.tar.gz) are not kernels
 * under test.  Finds the next one at or after *pos; returns its strength
 * (2 when prose says it is the kernel: "Kernel is", "using", "against"),
 * 0 when there is none.
 */
int import_find_kernel(const char *s, size_t *pos, size_t *len);
/*
 * As import_find_kernel, the kernel a comparison is made against too
 * ("slower than 2.6.9 on 2.6.10" names both): for a Subject, where every
 * kernel named counts.
 */
int import_find_kernel_named(const char *s, size_t *pos, size_t *len);
/*
 * "2.5.44-[mm3, ac2]": the trees listed after the version that ends at
 * s + end, each a kernel of its own (2.5.44-mm3, 2.5.44-ac2).  Their
 * places in starts and lens (at most max), the end of the list in *past;
 * how many, 0 when no such list follows.
 */
size_t import_kernel_choices(const char *s, size_t end, size_t *starts, size_t *lens, size_t max, size_t *past);
int import_is_kernel(const char *word, size_t len);

/*
 * Commit ids that name the kernel of a run ("one run for 4edee232ed"):
 * 7 to 40 hex digits, with a word before that says the run was of it.
 * Finds the next at or after *pos; returns 2 (a cue's strength) or 0.
 */
int import_is_commit(const char *word, size_t len);

/*
 * What an attachment's file name says: the file system it names as a
 * word ("results-ext4.txt", "ext2_tiobench.txt"), or NULL; the kernel
 * version in it ("tiobench-2.6.6-hackedup"), the caller's, or NULL.
 */
const char *import_name_fs(const char *name);
char *import_name_kernel(const char *name);
int import_find_commit(const char *s, size_t *pos, size_t *len);
/*
 * The commit a comparison is of ("regression caused by commit X",
 * "bisected to X", "\"bad\" is commit X"): its tested kernel against the
 * parent.  The next at or after *pos; 2 or 0 as above.
 */
int import_find_compared_commit(const char *s, size_t *pos, size_t *len);
/*
 * A tree's name standing for the kernel ("-mm plus both patches", "On
 * -aa3 this takes"): at the line's start (1) or after a cue (2); the
 * next at or after *pos, or 0.
 */
int import_find_tree(const char *s, size_t *pos, size_t *len);

/*
 * "/dev/hdc2": the device token at the start of s, or 0.  Inline for the
 * first byte, as most lines tried start otherwise; the rest is in
 * import_device_after_slash.
 */
size_t import_device_after_slash(const char *s);
static inline size_t import_device_at(const char *s)
{
	return *s == '/' ? import_device_after_slash(s) : 0;
}

/* "/dev/hde2 on /tmp type ext3 (rw,data=writeback)" */
struct import_mount {
	char *device, *dir, *fs, *options;
};
int import_parse_mount(struct import_mount *out, const char *s);
void import_mount_release(struct import_mount *m);

/* "{atlas} [/mnt]# cmd", "user@host:/mnt$ cmd": the directory, or NULL. */
char *import_prompt_dir(const char *s);

/* Skips leading blanks (inline: the recognisers call it on most lines). */
static inline const char *import_skip_space(const char *s)
{
	while (*s == ' ' || *s == '\t')
		s++;
	return s;
}

#endif
