#include "import_hardware.h"
#include "import_context.h"
#include "../core/hwkey.h"
#include "../core/util.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <stdint.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif
#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#endif

void import_hw_init(struct import_hw *hw)
{
	/* disks are made when one is named: most messages name none */
	memset(hw, 0, sizeof(*hw));
}

void import_hw_release(struct import_hw *hw)
{
	free(hw->cpu);
	facts_unref(hw->disks);
	memset(hw, 0, sizeof(*hw));
}

/* Names that start a CPU model; the model runs to the next ',' or '('. */
static const struct { const char *word; size_t len; } cpu_words[] = {
#define W(s) { s, sizeof(s) - 1 }
	W("AMD "), W("Intel "), W("Athlon"), W("Pentium"), W("PIII"), W("PII "), W("P4 "), W("Xeon"),
	W("Opteron"), W("Celeron"), W("Duron"), W("Core 2"), W("Core i"), W("EPYC"), W("Ryzen"),
	W("POWER"), W("UltraSPARC"),
#undef W
};

static const struct { const char *word; int cpus; } counts[] = {
	{ "single ", 1 }, { "dual ", 2 }, { "quad ", 4 }, { "uniprocessor", 1 }, { NULL, 0 },
};

/* the first letters of cpu_words */
#define CPU_FIRST "AIPXOCDERU"

/* Whether a CPU word starts at p, one of CPU_FIRST in line s. */
static int cpu_word_at(const char *s, const char *p)
{
	size_t i;

	if (p > s && isalnum((unsigned char)p[-1]))
		return 0;
	/* two bytes first: most capitals start other words ("Caches" is not "Core") */
	for (i = 0; i < ARRAY_SIZE(cpu_words); i++)
		if (cpu_words[i].word[0] == p[0] && cpu_words[i].word[1] == p[1] &&
		    !strncmp(p, cpu_words[i].word, cpu_words[i].len))
			return 1;
	return 0;
}

/* The CPU model that starts at hit, and the count of CPUs the words before it say. */
static void take_cpu(struct import_hw *hw, const char *s, const char *hit)
{
	const char *e;
	size_t i;

	for (i = 0; counts[i].word; i++) {
		size_t n = strlen(counts[i].word);

		if ((size_t)(hit - s) >= n && !strncasecmp(hit - n, counts[i].word, n))
			hw->cpus = counts[i].cpus;
	}
	e = hit + strcspn(hit, ",(;:");
	while (e > hit && (isspace((unsigned char)e[-1]) || e[-1] == '.'))
		e--;
	if (e - hit > 40)
		e = hit + 40;
	if (e > hit)
		hw->cpu = strndup(hit, e - hit);
}

/*
 * "512M ram", "256 MB of memory", "2GB RAM": whether the size unit at u
 * ('M' or 'G' in either case) of line s ends a size of memory, which is
 * then taken.  Its number is the digits before u, blanks between.
 */
static int memory_at(struct import_hw *hw, const char *s, const char *u)
{
	unsigned long long v, mult = (*u | 0x20) == 'm' ? 1ULL << 20 : 1ULL << 30;
	const char *p = u, *q;

	while (p > s && p[-1] == ' ')
		p--;
	if (p == s || !isdigit((unsigned char)p[-1]))
		return 0;
	/* the word after first: most sizes are of something else ("101 MB/s") */
	q = u + 1;
	while (isalpha((unsigned char)*q) && q[0] != ' ')
		q++;
	while (*q == ' ')
		q++;
	if (!strncmp(q, "of ", 3))
		q += 3;
	if (((q[0] | 0x20) != 'r' && (q[0] | 0x20) != 'm') ||
	    (strncasecmp(q, "ram", 3) && strncasecmp(q, "memory", 6) && strncasecmp(q, "mem ", 4)))
		return 0;
	while (p > s && isdigit((unsigned char)p[-1]))
		p--;
	if ((p > s && (isalnum((unsigned char)p[-1]) || p[-1] == '.')) || !(v = strtoull(p, NULL, 10)))
		return 0;
	hw->mem_bytes = v * mult;
	return 1;
}

static void learn_cpu(struct import_hw *hw, const char *s)
{
	const char *p;

	if (hw->cpu)
		return;
	/* only where a CPU word's first letter is (strpbrk is vectorised) */
	for (p = strpbrk(s, CPU_FIRST); p; p = strpbrk(p + 1, CPU_FIRST))
		if (cpu_word_at(s, p)) {
			take_cpu(hw, s, p);
			return;
		}
}

/* Bit i: byte i of the sixteen at p is 'M' or 'G' in either case, a size's unit. */
static unsigned units16(const char *p)
{
#ifdef __SSE2__
	__m128i lo = _mm_or_si128(_mm_loadu_si128((const __m128i *)p), _mm_set1_epi8(0x20));

	return (unsigned)_mm_movemask_epi8(_mm_or_si128(_mm_cmpeq_epi8(lo, _mm_set1_epi8('m')),
							_mm_cmpeq_epi8(lo, _mm_set1_epi8('g'))));
#else
	unsigned bits = 0;
	int i;

	for (i = 0; i < 16; i++)
		bits |= (unsigned)((p[i] | 0x20) == 'm' || (p[i] | 0x20) == 'g') << i;
	return bits;
#endif
}

/*
 * The first memory size the line names, while none is known: sixteen bytes
 * a step, looking closer only at size units.
 */
static void learn_memory(struct import_hw *hw, const char *s, size_t len)
{
	size_t at;

	if (hw->mem_bytes)
		return;
	for (at = 0; at < len; at += 16) {
		unsigned unit;

		if (len - at >= 16) {
			unit = units16(s + at);
		} else if (len >= 16) {
			/* the last bytes as the end of a block that overlaps the one before */
			unit = units16(s + len - 16) >> (16 - (len - at));
		} else {
			char block[16] = { 0 };

			memcpy(block, s + at, len - at);
			unit = units16(block);
		}
		for (; unit; unit &= unit - 1)
			if (memory_at(hw, s, s + at + __builtin_ctz(unit)))
				return;
	}
}

/* The first model named for a disk ("" for one not tied to a name) is kept. */
static void add_disk(struct import_hw *hw, const char *name, const char *model)
{
	if (!hw->disks)
		hw->disks = facts_new();
	if (!facts_get(hw->disks, name))
		facts_set(hw->disks, name, model);
}

static char *model_text(const char *p)
{
	const char *e = p + strcspn(p, ",(");

	while (e > p && isspace((unsigned char)e[-1]))
		e--;
	return e > p && e - p < 48 ? strndup(p, e - p) : NULL;
}

/* "hda: QUANTUM FIREBALLP LM20.5, ATA DISK drive"; "sda is a IBM DDYS-T09170N (" */
static void learn_disk(struct import_hw *hw, const char *s)
{
	const char *p = import_skip_space(s);
	char name[4], *model = NULL;

	if ((p[0] == 'h' || p[0] == 's') && p[1] == 'd' && islower((unsigned char)p[2])) {
		memcpy(name, p, 3);
		name[3] = '\0';
		if (p[3] == ':' && strstr(p, "DISK drive"))
			model = model_text(import_skip_space(p + 4));
		else if (!strncmp(p + 3, " is a ", 6))
			model = model_text(p + 9);
		else if (!strncmp(p + 3, " is an ", 7))
			model = model_text(p + 10);
		if (model)
			add_disk(hw, name, model);
		free(model);
		return;
	}
	/* Seagate's model numbers say what they are anywhere in prose */
	for (p = strstr(s, "ST"); p; p = strstr(p + 2, "ST")) {
		size_t digits = strspn(p + 2, "0123456789");

		if (digits >= 5 && (p == s || !isalnum((unsigned char)p[-1]))) {
			size_t n = 2 + digits + strspn(p + 2 + digits, "ABCDEFGHIJKLMNOPQRSTUVWXYZ");

			model = strndup(p, n);
			add_disk(hw, "", model);
			free(model);
			return;
		}
	}
}

void import_hw_line(struct import_hw *hw, const char *line, size_t len, int has_digit, int may_name_cpu)
{
	if (may_name_cpu)
		learn_cpu(hw, line);
	if (has_digit) {
		learn_memory(hw, line, len);
		learn_disk(hw, line);
	}
}

#if defined(__x86_64__) && defined(__GNUC__)
/*
 * A set of ASCII bytes as two sixteen-byte tables, for AVX2's byte
 * shuffle: lo[c & 15] has bit (c >> 4) set for each member c, hi[h] is
 * bit h; c is a member when the two entries it picks share a bit.
 */
struct nibble_set {
	unsigned char lo[16], hi[16];
};

static void nibble_set_add(struct nibble_set *set, unsigned char c)
{
	set->lo[c & 15] |= (unsigned char)(1u << (c >> 4));
	set->hi[c >> 4] = (unsigned char)(1u << (c >> 4));
}

/* The first and second bytes of the CPU words. */
static struct nibble_set cpu_first_set, cpu_second_set;

static void cpu_sets_init(void)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(cpu_words); i++) {
		nibble_set_add(&cpu_first_set, (unsigned char)cpu_words[i].word[0]);
		nibble_set_add(&cpu_second_set, (unsigned char)cpu_words[i].word[1]);
	}
}

/* A nibble_set's two tables, in both lanes, loaded once for a whole pass. */
struct nibble_tables {
	__m256i lo, hi;
};

__attribute__((target("avx2"))) static inline struct nibble_tables nibble_tables(const struct nibble_set *set)
{
	struct nibble_tables t;

	t.lo = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)set->lo));
	t.hi = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)set->hi));
	return t;
}

/* 0xff for each byte of v that is not in the set. */
__attribute__((target("avx2"))) static inline __m256i not_in_set32(__m256i v, struct nibble_tables t)
{
	__m256i lo = _mm256_and_si256(v, _mm256_set1_epi8(15));
	__m256i hi = _mm256_and_si256(_mm256_srli_epi16(v, 4), _mm256_set1_epi8(15));
	__m256i both = _mm256_and_si256(_mm256_shuffle_epi8(t.lo, lo), _mm256_shuffle_epi8(t.hi, hi));

	/* bytes from 0x80 up pick hi[8..15], which are 0: no member */
	return _mm256_cmpeq_epi8(both, _mm256_setzero_si256());
}

/*
 * Bit i: a CPU word may start at p[i], by its first byte and its second
 * (testing too that a word starts there, as cpu_word_at does, marked no
 * fewer lines of the bench mbox).  Reads p[0] to p[32].
 */
__attribute__((target("avx2"))) static inline uint32_t cpu_starts32(const char *p, struct nibble_tables first,
								    struct nibble_tables second)
{
	__m256i not_first = not_in_set32(_mm256_loadu_si256((const __m256i *)p), first);
	__m256i not_second = not_in_set32(_mm256_loadu_si256((const __m256i *)(p + 1)), second);

	return ~(uint32_t)_mm256_movemask_epi8(_mm256_or_si256(not_first, not_second));
}

__attribute__((target("avx2"))) static void cpu_lines_avx2(unsigned char *marks, unsigned char bit, const char *text,
							     const size_t *starts, size_t nr)
{
	struct nibble_tables first = nibble_tables(&cpu_first_set), second = nibble_tables(&cpu_second_set);
	size_t k = 0, at = 0, end = starts[nr];

	while (at < end) {
		uint32_t hits = cpu_starts32(text + at, first, second);
		size_t pos;

		if (!hits) {
			at += 32;
			continue;
		}
		if ((pos = at + __builtin_ctz(hits)) >= end)
			return;
		while (starts[k + 1] <= pos)
			k++;
		marks[k] |= bit;
		at = starts[k + 1];
	}
}
#endif

void import_hw_cpu_lines(unsigned char *marks, unsigned char bit, const char *text, const size_t *starts, size_t nr)
{
	size_t k;

#if defined(__x86_64__) && defined(__GNUC__)
	if (__builtin_cpu_supports("avx2")) {
		if (!cpu_first_set.hi['A' >> 4])
			cpu_sets_init();
		cpu_lines_avx2(marks, bit, text, starts, nr);
		return;
	}
#endif
	(void)text;
	(void)starts;
	/* without AVX2's byte shuffle every line is looked at, as before the pass */
	for (k = 0; k < nr; k++)
		marks[k] |= bit;
}

/* The disk a device is on: /dev/hdc2 is on hdc. */
static const char *disk_for(const struct import_hw *hw, const char *device)
{
	if (!hw->disks)
		return NULL;
	if (device && !strncmp(device, "/dev/", 5) && strlen(device) >= 8) {
		char name[4];
		const char *model;

		memcpy(name, device + 5, 3);
		name[3] = '\0';
		if ((model = facts_get(hw->disks, name)))
			return model;
	}
	if (hw->disks->nr == 1)
		return hw->disks->v[0].value;
	return NULL;
}

char *import_hw_key(const struct import_hw *hw, const char *device, struct facts **out)
{
	struct hwinfo info = { hw->cpu, hw->cpus, hw->mem_bytes, disk_for(hw, device) };
	struct facts *facts;

	*out = NULL;
	if (!info.cpu_model && !info.mem_bytes && !info.disk_model)
		return NULL;
	facts = *out = facts_new();
	if (info.cpu_model)
		facts_set(facts, "cpu", info.cpu_model);
	if (info.mem_bytes) {
		char buf[32];

		snprintf(buf, sizeof(buf), "%llu MiB", info.mem_bytes >> 20);
		facts_set(facts, "memory", buf);
	}
	if (info.disk_model)
		facts_set(facts, "disk", info.disk_model);
	return hwkey_make(&info);
}
