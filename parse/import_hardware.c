#include "import_hardware.h"
#include "import_context.h"
#include "../core/hwkey.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

void import_hw_init(struct import_hw *hw)
{
	memset(hw, 0, sizeof(*hw));
	hw->disks = facts_new();
}

void import_hw_release(struct import_hw *hw)
{
	free(hw->cpu);
	facts_unref(hw->disks);
	memset(hw, 0, sizeof(*hw));
}

/* Names that start a CPU model; the model runs to the next ',' or '('. */
static const char *const cpu_words[] = {
	"AMD ", "Intel ", "Athlon", "Pentium", "PIII", "PII ", "P4 ", "Xeon", "Opteron",
	"Celeron", "Duron", "Core 2", "Core i", "EPYC", "Ryzen", "POWER", "UltraSPARC", NULL,
};

/* the first letters of cpu_words */
#define CPU_FIRST "AIPXOCDERU"

static const struct { const char *word; int cpus; } counts[] = {
	{ "single ", 1 }, { "dual ", 2 }, { "quad ", 4 }, { "uniprocessor", 1 }, { NULL, 0 },
};

static void learn_cpu(struct import_hw *hw, const char *s)
{
	const char *hit = NULL, *e, *p;
	size_t i;

	if (hw->cpu)
		return;
	/* only where a CPU word's first letter starts a word (strpbrk is vectorised) */
	for (p = strpbrk(s, CPU_FIRST); p && !hit; p = strpbrk(p + 1, CPU_FIRST)) {
		if (p > s && isalnum((unsigned char)p[-1]))
			continue;
		for (i = 0; cpu_words[i]; i++)
			if (cpu_words[i][0] == *p && !strncmp(p, cpu_words[i], strlen(cpu_words[i])))
				hit = p;
	}
	if (!hit)
		return;
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

/* "512M ram", "256 MB of memory", "2GB RAM" */
static void learn_memory(struct import_hw *hw, const char *s)
{
	const char *p;

	/* the first size named is the one kept */
	if (hw->mem_bytes)
		return;
	for (p = s; *p; p++) {
		unsigned long long v, mult = 0;
		const char *q = p;

		if (!isdigit((unsigned char)*p) || (p > s && (isalnum((unsigned char)p[-1]) || p[-1] == '.')))
			continue;
		while (isdigit((unsigned char)*q))
			q++;
		while (*q == ' ')
			q++;
		if (*q == 'M' || *q == 'm')
			mult = 1ULL << 20;
		else if (*q == 'G' || *q == 'g')
			mult = 1ULL << 30;
		/* strtoull only for a number with a unit: most numbers have none */
		if (!mult || !(v = strtoull(p, NULL, 10)))
			continue;
		q++;
		while (isalpha((unsigned char)*q) && q[0] != ' ')
			q++;
		while (*q == ' ')
			q++;
		if (!strncmp(q, "of ", 3))
			q += 3;
		if (!strncasecmp(q, "ram", 3) || !strncasecmp(q, "memory", 6) || !strncasecmp(q, "mem ", 4)) {
			if (!hw->mem_bytes)
				hw->mem_bytes = v * mult;
			return;
		}
	}
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
		if (model && !facts_get(hw->disks, name))
			facts_set(hw->disks, name, model);
		free(model);
		return;
	}
	/* Seagate's model numbers say what they are anywhere in prose */
	for (p = strstr(s, "ST"); p; p = strstr(p + 2, "ST")) {
		size_t digits = strspn(p + 2, "0123456789");

		if (digits >= 5 && (p == s || !isalnum((unsigned char)p[-1]))) {
			size_t n = 2 + digits + strspn(p + 2 + digits, "ABCDEFGHIJKLMNOPQRSTUVWXYZ");

			model = strndup(p, n);
			if (!facts_get(hw->disks, ""))
				facts_set(hw->disks, "", model);
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

char *import_hw_key(const struct import_hw *hw, const char *device, struct facts *facts)
{
	struct hwinfo info = { hw->cpu, hw->cpus, hw->mem_bytes, disk_for(hw, device) };

	if (!info.cpu_model && !info.mem_bytes && !info.disk_model)
		return NULL;
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
