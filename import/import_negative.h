#ifndef IMPORT_NEGATIVE_H
#define IMPORT_NEGATIVE_H

#include "../mail/mail_quote.h"

#include "../core/util.h"

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/*
 * The kinds of text whose numbers are no results: a patch's diff, a
 * kernel log, system facts (hdparm settings, cpuinfo, lspci, free,
 * vmstat, df, mkfs output, fstab and mount tables), traces and profiles,
 * progress output, commands and job files, facts of the machine or the
 * set-up as "key: value" lines, lines that are only a URL, a signature.  Found once a message, before the readers run, so that every
 * reader that takes numbers passes them by (import_negative.c); readers
 * that only learn context (a df line's device) still see them.
 *
 * Each kind is a finder in the table of import_negative.c: a new kind is
 * a finder and a line there.
 */

/*
 * A list of words the finders compare lines with, indexed by a hash of
 * each word's first two characters: a line, or a place in it, is compared
 * only with the few words that can start there, not with the whole list.
 * At most NEG_WORDS_MAX words, each of two characters or more.
 *
 * The index is made when benchpost is built (scripts/gen-words.c reads
 * the lists from the source, writes build/gen/<source>.words.h): const
 * data, no state a first look-up writes.  A finder's file includes its
 * .words.h and writes, beside its list,
 *	static const struct neg_words x_words = NEG_WORDS(x);
 */
#define NEG_WORDS_MAX 64
#define NEG_BUCKETS 256

struct neg_words {
	const char *const *v;
	size_t n;
	unsigned char len[NEG_WORDS_MAX];   /* strlen(v[k]) */
	unsigned char head[NEG_BUCKETS];    /* 1 + the first word of each bucket; 0: none */
	unsigned char next[NEG_WORDS_MAX];  /* 1 + the next word in v[k]'s bucket; 0: none */
};

/* gen-words counted the list it indexed: a list changed since stops the build */
#define NEG_WORDS(list) \
	{ .v = (list), .n = CHECKED_SIZE(ARRAY_SIZE(list), NEG_N_##list), NEG_INDEX_##list }

/*
 * const unsigned char [256], 1 for each byte a word of the lists starts
 * with and for each byte of the strings: NEG_FIRST(name, list, "<[").
 * gen-words reads the arguments after name; the compiler only name.
 */
#define NEG_FIRST(name, ...) NEG_FIRST_##name

/* const uint8_t [(1 << 16) / 8], bit (c0 << 8 | c1) set for each word's first two bytes. */
#define NEG_PAIRS(name, ...) NEG_PAIRS_##name

/*
 * Words some finder looks for anywhere in a line's text after its blanks:
 * the pass finds them all in one scan of the line (struct neg_line), where
 * each finder asked strstr for its own.  NEG_W_x is a word's bit.
 */
#define NEG_ANYWHERE(X) \
	X(CHANGED, "changed") \
	X(BOGOMIPS, "BogoMIPS") X(LOWMEM, "LOWMEM available") X(HIGHMEM, "HIGHMEM available") \
	X(MHZ_PROCESSOR, " MHz processor") X(ATA_DISK, "ATA DISK drive") \
	X(REPEATED, "last message repeated ") X(OOM_KILLER, "invoked oom-killer") \
	X(SECTORS, " sectors (") X(SWAP_ON, "k swap on ") X(ACTIVATED, "processors activated") \
	X(CALL_ADDRESS, "[<") \
	X(TOTAL, "total") X(USED, "used") X(FREE, "free") X(SWPD, "swpd") X(PROCS, "procs") \
	X(MEMORY, "memory") X(PID, "PID") \
	X(FWREV, " FwRev=") X(INODES_COMMA, " inodes, ") X(RESERVED, "reserved for the super user") \
	X(BLOCK_GROUPS, " block groups") X(BLOCKS_PER_GROUP, " blocks per group") \
	X(INODES_PER_GROUP, " inodes per group") X(BLOCKS, " blocks ") X(ON_ROOT, " on /") \
	X(RANGE, "Range:") X(COUNT, " : count") \
	X(LAYING_OUT, ": Laying out IO file") X(GROUP, ": (g=") \
	X(COLON_SPACE, ": ") X(COLON_TAB, ":\t") X(SPACE_EQUALS, " =") X(TAB_EQUALS, "\t=")

enum neg_anywhere {
#define NEG_ENUM(name, word) NEG_W_##name,
	NEG_ANYWHERE(NEG_ENUM)
#undef NEG_ENUM
	NEG_ANYWHERE_NR
};

_Static_assert(NEG_ANYWHERE_NR <= 64, "NEG_ANYWHERE holds more words than a mask has bits");

#define NEG_BIT(name) ((uint64_t)1 << NEG_W_##name)

/* What the finders ask of the line they are at, found once for all of them. */
struct neg_line {
	const char *s;   /* the text after its leading blanks */
	unsigned start;  /* neg_bucket(s), for every list asked at s (0 when s is empty) */
	uint64_t words;  /* NEG_BIT(x): x of NEG_ANYWHERE occurs in s */
};

/* Whether any of the words of bits (NEG_BIT()s) occurs in the line. */
static inline int neg_has(const struct neg_line *l, uint64_t bits)
{
	return (l->words & bits) != 0;
}

/*
 * What a finder recognises at line i of v[0, nr), l being what was found
 * of that line: how many lines from i on are of its kind (0: none).
 */
typedef size_t import_negative_find(const struct neg_line *l, const struct qline *v, size_t nr,
				    size_t i);

/* The finders of import_negative_sys.c, import_negative_cmd.c and import_keyvalue.c. */
import_negative_find import_negative_log, import_negative_sysinfo, import_negative_trace,
	import_negative_progress, import_negative_command, import_negative_setup;

/*
 * Sets kind[k] for each line k of v[0, nr) to the kind of text it is
 * (1 + the finder's place in the table), 0 where its numbers may be
 * results.
 */
void import_negatives(unsigned char *kind, const struct qline *v, size_t nr);

/* What kind k (> 0, as import_negatives set it) is, for a message: "a patch's diff". */
const char *import_negative_name(unsigned char k);
/*
 * Whether lines of kind k still state context (a "Linux version" line,
 * uname -a, "Kernel:"): no results, but the kernel and machine they name
 * hold for the numbers around them.
 */
int import_negative_is_context(unsigned char k);

/* Helpers the finders share. */
int import_neg_starts(const struct qline *l, const char *prefix);
/*
 * Whether s starts with prefix: unlike strncmp, inline and done at the
 * first byte that differs, which for most lines is the first.
 */
static inline int neg_begins(const char *s, const char *prefix)
{
	while (*prefix && *s == *prefix) {
		s++;
		prefix++;
	}
	return !*prefix;
}

/*
 * The two characters at s as one number, the first the low byte: the
 * index of NEG_ANYWHERE's words (made by gen-words) and the scan of a line
 * share it.  The scan asks it at every byte of every line, so on a
 * little-endian machine it is one 16-bit load (composing the two bytes
 * cost a third more of the scan's instructions); the number is the same
 * on every machine, so an index made on one holds on another.
 */
static inline unsigned neg_pair(const char *s)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	uint16_t pair;

	memcpy(&pair, s, sizeof(pair));
	return pair;
#else
	return (unsigned char)s[0] | (unsigned)(unsigned char)s[1] << 8;
#endif
}

/* The bucket of a word, or of a place in a line, by its first two characters. */
static inline unsigned neg_bucket(const char *s)
{
	return ((unsigned char)s[0] * 31u + (unsigned char)s[1]) & (NEG_BUCKETS - 1);
}

/*
 * The first of t's words from index from on that s starts with: its
 * index, or t->n when none does.  Inline: the finders ask a dozen lists
 * at every line, and most lines are in no bucket of most lists.  bucket
 * is neg_bucket(s), for a caller that knows it.
 */
static inline size_t neg_prefix_in(const struct neg_words *t, const char *s, unsigned bucket,
				   size_t from)
{
	unsigned k;

	for (k = t->head[bucket]; k; k = t->next[k - 1])
		if (k - 1 >= from && neg_begins(s, t->v[k - 1]))
			return k - 1;
	return t->n;
}

static inline size_t import_neg_prefix(const struct neg_words *t, const char *s, size_t from)
{
	return s[0] ? neg_prefix_in(t, s, neg_bucket(s), from) : t->n;
}

/* Whether s starts with one of t's words. */
static inline int import_neg_starts_any(const struct neg_words *t, const char *s)
{
	return import_neg_prefix(t, s, 0) < t->n;
}

/* import_neg_prefix and import_neg_starts_any at the line's text after its blanks, l->s. */
static inline size_t neg_line_prefix(const struct neg_words *t, const struct neg_line *l, size_t from)
{
	/* an empty s is in bucket 0, and no word (of two characters or more) starts it */
	return neg_prefix_in(t, l->s, l->start, from);
}

static inline int neg_line_starts_any(const struct neg_words *t, const struct neg_line *l)
{
	return neg_line_prefix(t, l, 0) < t->n;
}

/* The lines from i on at its depth until a blank one (at most max). */
size_t import_neg_block(const struct qline *v, size_t nr, size_t i, size_t max);

#endif
