#include "import_hardware.h"
#include "import_context.h"
#include "../core/hwkey.h"
#include "../core/util.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

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

/* The first memory size the line names, while none is known: a closer look only at size units. */
static void learn_memory(struct import_hw *hw, const char *s)
{
	const char *u;

	if (hw->mem_bytes)
		return;
	for (u = strpbrk(s, "MmGg"); u; u = strpbrk(u + 1, "MmGg"))
		if (memory_at(hw, s, u))
			return;
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

void import_hw_line(struct import_hw *hw, const char *line, int has_digit)
{
	learn_cpu(hw, line);
	if (has_digit) {
		learn_memory(hw, line);
		learn_disk(hw, line);
	}
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
