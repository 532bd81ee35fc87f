#include "import_patch.h"
#include "import_context.h"

#include <ctype.h>
#include <string.h>
#include <strings.h>

#include "../core/strbuf.h"

#define MAX_PATCHES 3

static int word_is(const char *p, const char *word)
{
	size_t n = strlen(word);

	return !strncasecmp(p, word, n) && !isalnum((unsigned char)p[n]);
}

static const char *const not_patches[] = {
	"a", "an", "all", "any", "changes", "everything", "fixes", "her", "his", "it", "its",
	"mine", "more", "my", "other", "others", "our", "several", "some", "that", "their",
	"them", "these", "this", "those", "tweaks", "various", "your", NULL,
};

static int ordinary_word(const char *p, size_t n)
{
	size_t i;

	for (i = 0; not_patches[i]; i++)
		if (strlen(not_patches[i]) == n && !strncasecmp(p, not_patches[i], n))
			return 1;
	return 0;
}

static int is_name_char(char c)
{
	return isalnum((unsigned char)c) || c == '.' || c == '_' || c == '-' || c == '/';
}

static int has_suffix(const char *p, size_t n, const char *suffix)
{
	size_t k = strlen(suffix);

	return n > k && !strncasecmp(p + n - k, suffix, k);
}

/* "ext3-reservations.patch" -> "ext3-reservations": the file's extension goes */
static size_t file_stem(const char *p, size_t n, int *is_file)
{
	static const char *const exts[] = { ".gz", ".bz2", ".xz", NULL };
	size_t i;

	for (i = 0; exts[i]; i++)
		if (has_suffix(p, n, exts[i]))
			n -= strlen(exts[i]);
	*is_file = has_suffix(p, n, ".patch") || has_suffix(p, n, ".diff");
	if (*is_file)
		n -= has_suffix(p, n, ".patch") ? 6 : 5;
	return n;
}

/* One "+ NAME", "plus the NAME patch", "with NAME.patch" at p; its end or NULL. */
static const char *one_patch(struct strbuf *out, const char *p)
{
	const char *name, *e, *next;
	int with = 0, the = 0, is_file, patch_word;
	size_t n;

	p = import_skip_space(p);
	if (*p == '+')
		p++;
	else if (word_is(p, "plus"))
		p += 4;
	else if (word_is(p, "with"))
		p += 4, with = 1;
	else
		return NULL;
	p = import_skip_space(p);
	if (word_is(p, "the")) {
		p = import_skip_space(p + 3);
		the = 1;
	}
	for (e = p; is_name_char(*e); e++)
		;
	while (e > p && strchr(".-/", e[-1]))
		e--;
	name = p;
	for (n = e - p; n && memchr(name, '/', n); ) {
		const char *slash = memchr(name, '/', n);

		n -= slash + 1 - name;
		name = slash + 1;
	}
	next = import_skip_space(e);
	patch_word = word_is(next, "patch") || word_is(next, "patches") || word_is(next, "patchset");
	n = file_stem(name, n, &is_file);
	if (!n || ordinary_word(name, n) || import_is_kernel(name, n) || strspn(name, "0123456789.") >= n)
		return NULL;
	if (!is_file && !patch_word &&
	    (with || the || (*next && !strchr(".,;:)!?", *next))))
		return NULL;
	strbuf_addch(out, '+');
	for (; n; n--, name++)
		strbuf_addch(out, is_name_char(*name) && *name != '/' ? *name : '-');
	if (patch_word)
		while (isalpha((unsigned char)*next))
			next++;
	return patch_word ? next : e;
}

char *import_patched_kernel(const char *s, size_t len)
{
	struct strbuf sb = STRBUF_INIT;
	const char *p = s + len;
	int i;

	strbuf_add(&sb, s, len);
	for (i = 0; i < MAX_PATCHES && p && (*p == ' ' || *p == '\t' || *p == '+'); i++)
		p = one_patch(&sb, p);
	return strbuf_detach(&sb, NULL);
}
