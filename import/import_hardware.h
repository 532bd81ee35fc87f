#ifndef IMPORT_HARDWARE_H
#define IMPORT_HARDWARE_H

#include "../core/record.h"

/*
 * The machine a message's numbers were measured on, as its prose and boot
 * lines say: CPU ("AMD Athlon 1.2 GHz", "a single PIII"), memory ("512M
 * ram"), disks ("hdc: IBM-DJNA-371350, ATA DISK drive", "sda is a IBM
 * DDYS-T09170N", "a ST340016A ATA").  Unknown parts stay unknown.
 */
struct import_hw {
	char *cpu;
	int cpus;
	unsigned long long mem_bytes;
	struct facts *disks;   /* "hdc" -> model; "" -> a model not tied to a name; NULL: none */
};

void import_hw_init(struct import_hw *hw);
/* Learns from one line of the message's own text (has_digit: it has a digit). */
void import_hw_line(struct import_hw *hw, const char *line, int has_digit);
/*
 * The hardware key for numbers measured on device (NULL: unknown), or
 * NULL when nothing is known; details (cpu, memory, disk) go to *facts,
 * made only when something is known (else NULL: most mail says nothing).
 */
char *import_hw_key(const struct import_hw *hw, const char *device, struct facts **facts);
void import_hw_release(struct import_hw *hw);

#endif
