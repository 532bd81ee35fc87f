#include "import_context.h"
#include "../core/util.h"

#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif
#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#endif

static const char *const fs_names[] = {
	"ext2", "ext3", "ext4", "ext4dev", "xfs", "jfs", "reiserfs", "reiser4",
	"btrfs", "f2fs", "bcachefs", "nilfs2", "ocfs2", "gfs2", "tmpfs", "ramfs",
	"vfat", "msdos", "ntfs", "hfsplus", "udf", "minix", "ufs", "zfs", "nfs",
	"nfs4", "cifs", "ext3cow", "logfs", "ubifs", "jffs2", NULL,
};

/* Character classes the scanners below test on every byte of prose. */
enum { C_WORD = 1, C_DIGIT = 2, C_ALPHA = 4, C_FS_FIRST = 8 };
static unsigned char cclass[256], lower[256];

static void cclass_init(void)
{
	int c;

	if (cclass['a'])
		return;
	for (c = 0; c < 256; c++)
		lower[c] = (unsigned char)tolower(c);
	for (c = 0; c < 256; c++)
		cclass[c] = (isalnum(c) || c == '_' ? C_WORD : 0) | (isdigit(c) ? C_DIGIT : 0) |
			    (isalpha(c) ? C_ALPHA : 0);
}

static int word_char(int c)
{
	return cclass[(unsigned char)c] & C_WORD;
}

/*
 * The names as 64-bit words of their lowercase bytes, in a small open
 * hash: one lookup a word of prose instead of a comparison with each name.
 */
#define FS_SLOTS 128
static unsigned char fs_slot[FS_SLOTS];   /* index + 1 into fs_names, 0: empty */
static uint64_t fs_packed[ARRAY_SIZE(fs_names)];

/* The first two letters of a name (or "data"), lowercase, as a bit of a small set. */
static unsigned char fs_pairs[1024 / 8];

static unsigned pair_hash(const char *w)
{
	return (((unsigned)lower[(unsigned char)w[0]] << 5) ^ lower[(unsigned char)w[1]]) & 1023;
}

static void fs_first_init(void)
{
	size_t i;

	/* what a file-system name or "data=" can start with, in either case */
	for (i = 0; fs_names[i]; i++) {
		cclass[(unsigned char)fs_names[i][0]] |= C_FS_FIRST;
		cclass[toupper((unsigned char)fs_names[i][0])] |= C_FS_FIRST;
		fs_pairs[pair_hash(fs_names[i]) / 8] |= 1 << (pair_hash(fs_names[i]) % 8);
	}
	cclass['d'] |= C_FS_FIRST;
	cclass['D'] |= C_FS_FIRST;
	fs_pairs[pair_hash("data") / 8] |= 1 << (pair_hash("data") % 8);
}

/* Whether word w (3 to 8 bytes) can be a name or "data": most words fail here. */
static inline int may_be_fs(const char *w)
{
	unsigned h = pair_hash(w);

	return (cclass[(unsigned char)*w] & C_FS_FIRST) && (fs_pairs[h / 8] & (1 << (h % 8)));
}

static uint64_t pack_lower(const char *w, size_t len)
{
	uint64_t v = 0;
	size_t i;

	for (i = 0; i < len; i++)
		v |= (uint64_t)lower[(unsigned char)w[i]] << (8 * i);
	return v;
}

static unsigned fs_hash(uint64_t v)
{
	return (unsigned)((v * 0x9e3779b97f4a7c15ull) >> 57) & (FS_SLOTS - 1);
}

static void fs_table_init(void)
{
	size_t i;

	if (fs_packed[0])
		return;
	cclass_init();
	fs_first_init();
	for (i = 0; fs_names[i]; i++) {
		unsigned h;

		fs_packed[i] = pack_lower(fs_names[i], strlen(fs_names[i]));
		for (h = fs_hash(fs_packed[i]); fs_slot[h]; h = (h + 1) & (FS_SLOTS - 1))
			;
		fs_slot[h] = (unsigned char)(i + 1);
	}
}

static const char *fs_lookup(uint64_t v)
{
	unsigned h;

	for (h = fs_hash(v); fs_slot[h]; h = (h + 1) & (FS_SLOTS - 1))
		if (fs_packed[fs_slot[h] - 1] == v)
			return fs_names[fs_slot[h] - 1];
	return NULL;
}

const char *import_fs_name(const char *word, size_t len)
{
	/* most words of prose are not file systems: decide those at once */
	if (len < 3 || len > 8)
		return NULL;
	fs_table_init();
	return fs_lookup(pack_lower(word, len));
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

/*
 * The word starts at or after p (s: where the text began, a start too) whose
 * first two letters may begin a name: byte by byte.
 */
static const char *next_fs_word_bytes(const char *s, const char *p, const char *end)
{
	int prev = p > s && word_char(p[-1]);

	for (; p < end; p++) {
		int wc = word_char(*p);

		if (wc && !prev && may_be_fs(p))
			return p;
		prev = wc;
	}
	return NULL;
}

#ifdef __SSE2__
/*
 * Whether the SSE2 scan below, which knows ASCII only, sees every name the
 * byte scan would: when the word bytes are ASCII letters, digits and '_',
 * as in the C locale this runs in, and every name holds what it looks for.
 */
static int sse_scan_ok = -1;

static int ascii_word(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

/* What name_pairs16 finds, in a name: one without it is left to the byte scan. */
static int has_name_pair(const char *name)
{
	return strstr(name, "fs") || strchr(name, 'x') || strchr(name, '4') || strstr(name, "vf") ||
	       strstr(name, "sd") || strstr(name, "df");
}

#define BYTE_IS(v, c) _mm_cmpeq_epi8(v, _mm_set1_epi8(c))

/*
 * Bit i: the byte at p + i may be in a name, by what it and the byte after
 * it are, lowercased: every name holds "fs", 'x' or '4', else "vf" (vfat),
 * "sd" (msdos) or "df" (udf), and "data" has '=' after it; few bytes of
 * prose are such.  Reads p[0] to p[16].
 */
static inline __attribute__((always_inline)) unsigned name_pairs16(const char *p)
{
	__m128i a = _mm_or_si128(_mm_loadu_si128((const __m128i *)p), _mm_set1_epi8(0x20));
	__m128i b = _mm_or_si128(_mm_loadu_si128((const __m128i *)(p + 1)), _mm_set1_epi8(0x20));
	__m128i hit = _mm_and_si128(BYTE_IS(a, 'f'), BYTE_IS(b, 's'));

	hit = _mm_or_si128(hit, _mm_or_si128(BYTE_IS(a, 'x'), BYTE_IS(a, '4')));
	hit = _mm_or_si128(hit, _mm_and_si128(_mm_or_si128(BYTE_IS(a, 'v'), BYTE_IS(a, 'd')), BYTE_IS(b, 'f')));
	hit = _mm_or_si128(hit, _mm_and_si128(BYTE_IS(a, 's'), BYTE_IS(b, 'd')));
	hit = _mm_or_si128(hit, BYTE_IS(b, '='));
	return (unsigned)_mm_movemask_epi8(hit);
}

/*
 * The start of the word that holds the first of the bytes at p that hits
 * marks and that is a word byte, or NULL (s: where the text began).
 */
static const char *hit_word(const char *s, const char *p, unsigned hits)
{
	for (; hits; hits &= hits - 1) {
		const char *w = p + __builtin_ctz(hits);

		if (!word_char(*w))
			continue;
		while (w > s && word_char(w[-1]))
			w--;
		return w;
	}
	return NULL;
}

/*
 * The same sixteen bytes a step, by the bytes a name holds rather than by
 * word starts: most text is passed over without looking at its words.  p
 * is where the text began or a byte that is not a word byte, so the word
 * found starts at or after p.
 */
static int sse_scan_usable(void)
{
	if (sse_scan_ok < 0) {
		int c;

		sse_scan_ok = 1;
		for (c = 0; c < 256; c++)
			if (!word_char(c) != !ascii_word(c))
				sse_scan_ok = 0;
		for (c = 0; fs_names[c]; c++)
			if (!has_name_pair(fs_names[c]))
				sse_scan_ok = 0;
	}
	return sse_scan_ok;
}

static const char *next_fs_word(const char *s, const char *p, const char *end)
{
	const char *w;
	unsigned hits;

	if (!sse_scan_usable())
		return next_fs_word_bytes(s, p, end);
	/* p[16] is at most end, the NUL */
	for (; end - p >= 16; p += 16)
		if ((hits = name_pairs16(p)) && (w = hit_word(s, p, hits)))
			return w;
	if (p == end)
		return NULL;
	if (end - s < 16) {
		/* a short text in a block of its own: nothing is read past its NUL */
		char block[17] = { 0 };

		memcpy(block, p, (size_t)(end - p));
		hits = name_pairs16(block);
	} else {
		/* the last bytes as the end of a block that overlaps the one before */
		hits = name_pairs16(end - 16) >> (16 - (end - p));
	}
	return hits ? hit_word(s, p, hits) : NULL;
}

/*
 * Marks the line of the byte at pos (not before line *k) and returns
 * where the line after it starts, the next place worth a look.
 */
static inline size_t mark_line(unsigned char *marks, unsigned char bit, const size_t *starts, size_t *k, size_t pos)
{
	while (starts[*k + 1] <= pos)
		++*k;
	marks[*k] |= bit;
	return starts[*k + 1];
}

#if defined(__x86_64__) && defined(__GNUC__)
#define HAVE_AVX2_PATH 1
#define BYTE_IS32(v, c) _mm256_cmpeq_epi8(v, _mm256_set1_epi8(c))

/* name_pairs16 for thirty-two bytes, where the CPU has AVX2 (checked at run time).  Reads p[0] to p[32]. */
__attribute__((target("avx2"))) static inline uint32_t name_pairs32(const char *p)
{
	__m256i a = _mm256_or_si256(_mm256_loadu_si256((const __m256i *)p), _mm256_set1_epi8(0x20));
	__m256i b = _mm256_or_si256(_mm256_loadu_si256((const __m256i *)(p + 1)), _mm256_set1_epi8(0x20));
	__m256i hit = _mm256_and_si256(BYTE_IS32(a, 'f'), BYTE_IS32(b, 's'));

	hit = _mm256_or_si256(hit, _mm256_or_si256(BYTE_IS32(a, 'x'), BYTE_IS32(a, '4')));
	hit = _mm256_or_si256(hit, _mm256_and_si256(_mm256_or_si256(BYTE_IS32(a, 'v'), BYTE_IS32(a, 'd')),
						    BYTE_IS32(b, 'f')));
	hit = _mm256_or_si256(hit, _mm256_and_si256(BYTE_IS32(a, 's'), BYTE_IS32(b, 'd')));
	hit = _mm256_or_si256(hit, BYTE_IS32(b, '='));
	return (uint32_t)_mm256_movemask_epi8(hit);
}

__attribute__((target("avx2"))) static void fs_lines_avx2(unsigned char *marks, unsigned char bit, const char *text,
							    const size_t *starts, size_t nr)
{
	size_t k = 0, at = 0, end = starts[nr];
	uint32_t hits;

	while (at < end) {
		if (!(hits = name_pairs32(text + at)))
			at += 32;
		else if (at + __builtin_ctz(hits) >= end)
			return;
		else
			at = mark_line(marks, bit, starts, &k, at + __builtin_ctz(hits));
	}
}
#endif

/*
 * The same bytes as next_fs_word marks, so a line without one gives
 * import_find_fs_n nothing; a line's '\n' stands where the call sees its
 * NUL, and neither is a byte a mark needs after it.  Without the SSE2
 * scan's tables every line is marked.
 */
static int fs_lines_mark_all(unsigned char *marks, unsigned char bit, size_t nr)
{
	size_t k;

	fs_table_init();
	if (sse_scan_usable())
		return 0;
	for (k = 0; k < nr; k++)
		marks[k] |= bit;
	return 1;
}

void import_fs_lines(unsigned char *marks, unsigned char bit, const char *text, const size_t *starts, size_t nr)
{
#ifdef HAVE_AVX2_PATH
	if (__builtin_cpu_supports("avx2")) {
		if (!fs_lines_mark_all(marks, bit, nr))
			fs_lines_avx2(marks, bit, text, starts, nr);
		return;
	}
#endif
	import_fs_lines_sse2(marks, bit, text, starts, nr);
}

void import_fs_lines_sse2(unsigned char *marks, unsigned char bit, const char *text, const size_t *starts,
			  size_t nr)
{
	size_t k = 0, at = 0, end = starts[nr];
	unsigned hits;

	if (fs_lines_mark_all(marks, bit, nr))
		return;
	while (at < end) {
		if (!(hits = name_pairs16(text + at)))
			at += 16;
		else if (at + __builtin_ctz(hits) >= end)
			return;
		else
			at = mark_line(marks, bit, starts, &k, at + __builtin_ctz(hits));
	}
}
#else
#define next_fs_word next_fs_word_bytes

void import_fs_lines(unsigned char *marks, unsigned char bit, const char *text, const size_t *starts, size_t nr)
{
	size_t k;

	(void)text;
	(void)starts;
	for (k = 0; k < nr; k++)
		marks[k] |= bit;
}

void import_fs_lines_sse2(unsigned char *marks, unsigned char bit, const char *text, const size_t *starts,
			  size_t nr)
{
	import_fs_lines(marks, bit, text, starts, nr);
}
#endif

const char *import_find_fs(const char *s, const char **fs, char **mode)
{
	return import_find_fs_n(s, strlen(s), fs, mode);
}

const char *import_find_fs_n(const char *s, size_t len, const char **fs, char **mode)
{
	const char *p = s, *end = s + len, *w;

	fs_table_init();
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
		if (w > s && (w[-1] == '-' || w[-1] == '/' || w[-1] == '.' || w[-1] == '~'))
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
		if ((*fs = fs_lookup(pack_lower(w, n))))
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

static inline const char *version_end(const char *s, const char *dot);

int import_is_kernel(const char *w, size_t len)
{
	size_t pos = 0, n = 0;
	char *s;
	int ok;

	/* a version that starts the word starts with its major and a '.': most names do not */
	if (len < 3 || !isdigit((unsigned char)w[0]) || w[1] != '.')
		return 0;
	/*
	 * the version must end the word: a word that is a string of its own
	 * needs no copy, and only the version at its first '.' can start it
	 * (what import_find_kernel would find there, without its strength)
	 */
	if (!w[len]) {
		const char *e = version_end(w, w + 1);

		return e && (size_t)(e - w) == len;
	}
	s = xstrndup(w, len);
	ok = import_find_kernel(s, &pos, &n) && pos == 0 && n == len;

	free(s);
	return ok;
}

/* A word before a version that says it is the kernel under test; n: its length. */
struct cue {
	const char *word;
	size_t n;
};

static int ends_with_word(const char *s, const char *at, const struct cue *cue)
{
	size_t n = cue->n;

	if ((size_t)(at - s) < n)
		return 0;
	at -= n;
	/* the last letters first: most words before a version are no cue */
	return (at[n - 1] | 0x20) == cue->word[n - 1] && !strncasecmp(at, cue->word, n) &&
	       (at == s || !isalnum((unsigned char)at[-1]));
}

#define CUE(w) { w, sizeof(w) - 1 }
static const struct cue kernel_cues[] = {
	CUE("kernel is"), CUE("kernel"), CUE("kernels"), CUE("using plain"), CUE("using"),
	CUE("against"), CUE("running"), CUE("linux"), CUE("booted"), CUE("on"), CUE("tested"),
};
#undef CUE

/*
 * The end of the kernel version whose one-digit major stands right before
 * the '.' at dot of line s, or NULL when there is none.
 */
static inline __attribute__((always_inline)) const char *version_end(const char *s, const char *dot)
{
	const char *p = dot - 1, *q, *e;
	int parts = 1, major;

	if (!isdigit((unsigned char)*p) || (p > s && (isalnum((unsigned char)p[-1]) ||
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
	if (parts < 3 && !(major >= 3 && parts == 2 && q[0] == '-' && q[1] == 'r' && q[2] == 'c'))
		return NULL;
	if (parts > 4)
		return NULL;
	e = q;
	/* suffixes: -pre4, -rc5, -mm3, -ac2, -28-amd64 */
	while (*e == '-' && isalnum((unsigned char)e[1])) {
		const char *f = e + 1;

		while (isalnum((unsigned char)*f) || *f == '_')
			f++;
		e = f;
	}
	/* a file or tarball name, not a kernel under test */
	if (*e == '.' && isalpha((unsigned char)e[1]))
		return NULL;
	if (isalnum((unsigned char)*e) || *e == '_')
		return NULL;
	return e;
}

int import_find_kernel(const char *s, size_t *pos, size_t *len)
{
	const char *start = s + *pos, *dot;

	/* a version's one-digit major stands right before a '.': look only there */
	for (dot = *start ? strchr(start + 1, '.') : NULL; dot; dot = strchr(dot + 1, '.')) {
		const char *p = dot - 1, *e, *before;
		size_t i;

		if (!(e = version_end(s, dot)))
			continue;
		*pos = p - s;
		*len = e - p;
		for (before = p; before > s && (before[-1] == ' ' || before[-1] == '\t' || before[-1] == ':'); before--)
			;
		for (i = 0; i < ARRAY_SIZE(kernel_cues); i++)
			if (ends_with_word(s, before, &kernel_cues[i]))
				return 2;
		if (!strncasecmp(import_skip_space(e), "kernel", 6))
			return 2;
		return 1;
	}
	return 0;
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
