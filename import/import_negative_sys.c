#include "import_context.h"
#include "import_negative.h"
#include "import_negative_sys.words.h"  /* build/gen: the indexes of the lists below */
#include "../core/util.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/*
 * Two families of text whose numbers are no results: the kernel's log
 * (boot messages, dmesg with its timestamps, syslog lines, oopses) and
 * the facts of a system (hdparm settings, /proc/cpuinfo and meminfo,
 * lspci, free, vmstat, df, ps and top, mkfs and xfs_info output, mdstat
 * and raidtab, ver_linux, uname -a, fstab and mount tables).  Each is
 * known by its own line shapes, so that prose and results around them are
 * left alone.  The first pass still reads them for context (the kernel of
 * a "Linux version" line, a disk model, mount options).
 */

static int is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/* Whether s starts with one of the keys followed by blanks and then c (':' or '='). */
static int key_then(const struct neg_line *l, const struct neg_words *keys, char c)
{
	const char *s = l->s;
	size_t i;

	for (i = 0; (i = neg_line_prefix(keys, l, i)) < keys->n; i++) {
		size_t n = keys->len[i];
		const char *p = s + n;

		while (*p == ' ' || *p == '\t')
			p++;
		if (*p == c && (p > s + n || c == ':'))
			return 1;
	}
	return 0;
}

/* ---- the kernel's log ---- */

/* "[   12.402117] ", "<4>[    1.0] " */
static int dmesg_stamp(const char *s)
{
	if (s[0] == '<' && is_digit(s[1]) && s[2] == '>')
		s += 3;
	if (*s++ != '[')
		return 0;
	while (*s == ' ')
		s++;
	if (!is_digit(*s))
		return 0;
	while (is_digit(*s))
		s++;
	if (*s++ != '.' || !is_digit(*s))
		return 0;
	while (is_digit(*s))
		s++;
	return *s == ']';
}

/* "Jul 17 10:12:03 host kernel: ..." */
static const char *const months[] = {
	"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
};
static const struct neg_words month_words = NEG_WORDS(months);

static int syslog_line(const struct neg_line *l)
{
	const char *s = l->s;

	if (!neg_line_starts_any(&month_words, l) || s[3] != ' ' || (s[4] != ' ' && !is_digit(s[4])) || !is_digit(s[5]) || s[6] != ' ')
		return 0;
	s += 7;
	return is_digit(s[0]) && is_digit(s[1]) && s[2] == ':' && is_digit(s[3]) && is_digit(s[4]) &&
	       s[5] == ':' && is_digit(s[6]) && is_digit(s[7]) && s[8] == ' ';
}

/* The words a log line holds anywhere. */
#define LOG_HOLDS                                                                            \
	(NEG_BIT(BOGOMIPS) | NEG_BIT(LOWMEM) | NEG_BIT(HIGHMEM) | NEG_BIT(MHZ_PROCESSOR) |   \
	 NEG_BIT(ATA_DISK) | NEG_BIT(REPEATED) | NEG_BIT(OOM_KILLER) | NEG_BIT(SECTORS) |    \
	 NEG_BIT(SWAP_ON) | NEG_BIT(ACTIVATED))

/* "Linux version 2.6.24 (root@host) (gcc ...)", "BIOS-provided physical RAM map:": a log starts */
static int log_opener(const char *s)
{
	return (neg_begins(s, "Linux version ") && strstr(s, "(gcc")) ||
	       neg_begins(s, "BIOS-provided physical RAM map");
}

static const char *const log_starts[] = {
	"BIOS-e820:", "BIOS-provided", "Calibrating delay", "Memory: ", "CPU: ",
	"CPU0: ", "Kernel command line:", "Console: ", "Dentry cache hash table",
	"Inode-cache hash table", "Inode cache hash table", "Mount-cache hash table",
	"Checking 'hlt'", "POSIX conformance testing", "Freeing unused kernel memory",
	"EXT2-fs", "EXT3-fs", "EXT4-fs", "XFS (", "XFS mounting", "ReiserFS:", "JBD:", "JBD2:",
	"BTRFS info (", "BTRFS warning (", "BTRFS error (", "BTRFS critical (", "BTRFS notice (",
	"F2FS-fs (", "bcachefs (",
	"kjournald", "Oops:", "BUG: ", "Unable to handle kernel", "Call Trace:", "EIP:", "RIP:",
	"Code: ", "Stack: ", "general protection fault", "Kernel panic", "Out of Memory:",
	"Out of memory:", "INFO: task ", "Brought up ", "Partition check:",
	"Uniform Multi-Platform E-IDE", "Journalled Block Device", "Initializing CPU#",
	"Built 1 zonelists", "VFS: Mounted root", "SCSI subsystem", "PCI: ", "ACPI: ",
	"last message repeated ", "Linux version ",
};
static const struct neg_words log_start_words = NEG_WORDS(log_starts);

static int log_line(const struct neg_line *l)
{
	const char *p;

	if (neg_line_starts_any(&log_start_words, l))
		return 1;
	if (neg_has(l, LOG_HOLDS))
		return 1;
	/* a call trace's "[<c01a2b41>] func+0x12/0x30" */
	if (!neg_has(l, NEG_BIT(CALL_ADDRESS)))
		return 0;
	p = strstr(l->s, "[<");
	return isxdigit((unsigned char)p[2]) && strchr(p, '>');
}

/* Whether a word of log_starts[] or months[] starts with c, or a stamp ('<', '['). */
static int log_first_char(char c)
{
	static const unsigned char first[256] = NEG_FIRST(log_first, log_starts, months, "<[");

	return first[(unsigned char)c];
}

/* A robot's table of boot outcomes: its rows count boots, they time nothing. */
static size_t boot_table(const struct qline *v, size_t nr, size_t i)
{
	size_t n, k;

	if ((v[i].text[0] != '+' && v[i].text[0] != '|') || (i && !v[i - 1].blank && v[i - 1].depth == v[i].depth))
		return 0;
	n = import_neg_block(v, nr, i, 200);
	for (k = i; k < i + n; k++)
		if (strstr(v[k].text, "boot_successes") || strstr(v[k].text, "boot_failures"))
			return n;
	return 0;
}

size_t import_negative_log(const struct neg_line *l, const struct qline *v, size_t nr, size_t i)
{
	const char *s = l->s;
	size_t n;

	/*
	 * each shape below needs one of these: the first character of a word
	 * of log_line's (the opener's are among them) or a month, a stamp's
	 * '[' or '<', a table's border, a word a log line holds
	 */
	if (!log_first_char(*s) && v[i].text[0] != '+' && v[i].text[0] != '|' &&
	    !neg_has(l, LOG_HOLDS | NEG_BIT(CALL_ADDRESS)))
		return 0;
	if (log_opener(s))
		return import_neg_block(v, nr, i, 400);
	/* once: a table's block is read through for its words */
	if ((n = boot_table(v, nr, i)))
		return n;
	if (dmesg_stamp(s) || syslog_line(l) || log_line(l))
		return 1;
	return 0;
}

/* ---- the facts of a system ---- */

static const char *const cpuinfo_keys[] = {
	"processor", "vendor_id", "cpu family", "model name", "model", "stepping", "microcode",
	"cpu MHz", "cache size", "physical id", "siblings", "core id", "cpu cores", "apicid",
	"initial apicid", "fdiv_bug", "hlt_bug", "f00f_bug", "coma_bug", "fpu_exception", "fpu",
	"cpuid level", "wp", "flags", "bogomips", "clflush size", "cache_alignment", "address sizes",
	"power management", "TLB size", "BogoMIPS", "Features", "CPU implementer",
	"CPU architecture", "CPU variant", "CPU part", "CPU revision", "bugs",
};
static const struct neg_words cpuinfo_keys_words = NEG_WORDS(cpuinfo_keys);

static const char *const meminfo_keys[] = {
	"MemTotal", "MemFree", "MemAvailable", "Buffers", "Cached", "SwapCached", "Active",
	"Inactive", "HighTotal", "HighFree", "LowTotal", "LowFree", "SwapTotal", "SwapFree", "Dirty",
	"Writeback", "AnonPages", "Mapped", "Shmem", "Slab", "SReclaimable", "SUnreclaim",
	"KernelStack", "PageTables", "NFS_Unstable", "Bounce", "WritebackTmp", "CommitLimit",
	"Committed_AS", "VmallocTotal", "VmallocUsed", "VmallocChunk", "HugePages_Total",
	"HugePages_Free", "Hugepagesize",
};
static const struct neg_words meminfo_keys_words = NEG_WORDS(meminfo_keys);

/* hdparm's settings (-v and the like): " multcount    = 16 (on)" */
static const char *const hdparm_keys[] = {
	"multcount", "IO_support", "io_support", "unmaskirq", "using_dma", "keepsettings",
	"readonly", "readahead", "geometry", "nowerr", "busstate", "acoustic", "write-caching",
	"look-ahead", "wcache", "standby",
};
static const struct neg_words hdparm_keys_words = NEG_WORDS(hdparm_keys);

/* hdparm -i and -I: drive identification */
static const char *const hdparm_id[] = {
	"Model=", "Config={", "RawCHS=", "BuffType=", "CurCHS=", "IORDY=", "PIO modes:", "DMA modes:",
	"UDMA modes:", "AdvancedPM=", "Drive conforms to", "* signifies", "Recommended acoustic",
	"Model Number:", "Serial Number:", "Firmware Revision:", "LBA    user addressable",
	"LBA48  user addressable", "device size with M =",
};
static const struct neg_words hdparm_id_words = NEG_WORDS(hdparm_id);

static const char *const mkfs_starts[] = {
	"mke2fs ", "mkfs.", "mke4fs ", "Creating filesystem with", "Superblock backups stored",
	"Allocating group tables", "Writing inode tables", "Creating journal",
	"Writing superblocks and", "Filesystem UUID", "Filesystem label=", "OS type:", "Block size=",
	"Fragment size=", "Stride=", "First data block=", "Maximum filesystem blocks=",
	"This filesystem will be automatically", "Discarding device blocks", "btrfs-progs v",
	"Node size:", "Sector size:", "Filesystem size:", "Block group profiles:", "SSD detected:",
	"Incompat features:", "Runtime features:", "Number of devices:",
};
static const struct neg_words mkfs_starts_words = NEG_WORDS(mkfs_starts);

/* ver_linux's versions of the tools */
static const char *const tool_versions[] = {
	"Gnu C ", "Gnu make ", "binutils ", "util-linux ", "mount ", "module-init-tools ",
	"modutils ", "e2fsprogs ", "jfsutils ", "reiserfsprogs ", "reiser4progs ", "xfsprogs ",
	"quota-tools ", "nfs-utils ", "Linux C Library ", "Dynamic linker ", "Procps ", "Net-tools ",
	"Kbd ", "Sh-utils ", "Console-tools ", "Modules Loaded ", "udev ", "Linux C++ Library ",
};
static const struct neg_words tool_versions_words = NEG_WORDS(tool_versions);

/* "00:1f.2 IDE interface: ...", "0000:00:1f.2 ..." */
static int lspci_line(const char *s)
{
	if (isxdigit((unsigned char)s[0]) && isxdigit((unsigned char)s[1]) && isxdigit((unsigned char)s[2]) &&
	    isxdigit((unsigned char)s[3]) && s[4] == ':')
		s += 5;
	return isxdigit((unsigned char)s[0]) && isxdigit((unsigned char)s[1]) && s[2] == ':' &&
	       isxdigit((unsigned char)s[3]) && isxdigit((unsigned char)s[4]) && s[5] == '.' &&
	       isxdigit((unsigned char)s[6]) && s[7] == ' ';
}

/* Six fields, the last two single digits: fstab and /proc/mounts. */
static int fstab_line(const char *s, const struct qline *l)
{
	const char *f[7], *end = l->text + l->len;
	size_t n = 0, len[7];

	/* the last field, one digit after a blank, ends the line: most lines end otherwise */
	while (end > s && (end[-1] == ' ' || end[-1] == '\t'))
		end--;
	if (end - s < 2 || !is_digit(end[-1]) || (end[-2] != ' ' && end[-2] != '\t'))
		return 0;

	while (*s && n < 7) {
		s = import_skip_space(s);
		if (!*s)
			break;
		f[n] = s;
		s += strcspn(s, " \t");
		len[n] = (size_t)(s - f[n]);
		n++;
	}
	if (n != 6 || *import_skip_space(s))
		return 0;
	if (len[4] != 1 || !is_digit(*f[4]) || len[5] != 1 || !is_digit(*f[5]))
		return 0;
	return *f[1] == '/' || neg_begins(f[1], "none") || neg_begins(f[1], "swap");
}

/*
 * xfs_info and mkfs.xfs: "meta-data=/dev/md1  isize=512", "data     =
 * bsize=4096", "         =  sectsz=512": a section, blanks, '=', and more
 * settings after it.
 */
static int xfs_info_line(const char *s)
{
	static const char *const sections[] = { "data", "naming", "log", "realtime" };
	const char *eq = NULL;
	size_t i;

	/* "meta-data=", '=' or a section's first letter */
	switch (*s) {
	case 'm': case '=': case 'd': case 'n': case 'l': case 'r':
		break;
	default:
		return 0;
	}
	if (neg_begins(s, "meta-data="))
		eq = s + 9;
	else if (*s == '=' && (s[1] == ' ' || s[1] == '\t'))
		eq = s;
	for (i = 0; !eq && i < ARRAY_SIZE(sections); i++) {
		size_t n = neg_begins(s, sections[i]) ? strlen(sections[i]) : 0;

		if (n && s[n] == ' ' && *import_skip_space(s + n) == '=')
			eq = import_skip_space(s + n);
	}
	/* and another setting after it */
	return eq && strchr(eq + 1, '=') != NULL;
}

/* Whether the line's words are all numbers (vmstat's, iostat-like rows under a facts header). */
static int all_numbers(const char *s)
{
	int any = 0;

	for (s = import_skip_space(s); *s; s = import_skip_space(s)) {
		if (!is_digit(*s) && !(*s == '-' && is_digit(s[1])))
			return 0;
		s++;
		while (is_digit(*s) || *s == '.')
			s++;
		if (*s && *s != ' ' && *s != '\t')
			return 0;
		any = 1;
	}
	return any;
}

static int has_word(const char *s, const char *w)
{
	size_t n = strlen(w);
	const char *p;

	for (p = strstr(s, w); p; p = strstr(p + 1, w))
		if ((p == s || !isalnum((unsigned char)p[-1])) && !isalnum((unsigned char)p[n]))
			return 1;
	return 0;
}

/*
 * A header of a facts table: free's, vmstat's, df's, ps's; its rows follow.
 * Each header's words must occur in the line before they are asked whole.
 */
static int facts_header(const struct neg_line *l)
{
	const uint64_t free_words = NEG_BIT(TOTAL) | NEG_BIT(USED) | NEG_BIT(FREE);
	const char *s = l->s;

	if ((l->words & free_words) == free_words && has_word(s, "total") && has_word(s, "used") &&
	    has_word(s, "free") &&
	    (has_word(s, "shared") || has_word(s, "available") || has_word(s, "buffers")))
		return 1;
	if (neg_has(l, NEG_BIT(SWPD)) && has_word(s, "swpd") && has_word(s, "buff"))
		return 1;
	if ((l->words & (NEG_BIT(PROCS) | NEG_BIT(MEMORY))) == (NEG_BIT(PROCS) | NEG_BIT(MEMORY)) &&
	    has_word(s, "procs") && has_word(s, "memory") && (has_word(s, "swap") || has_word(s, "cpu")))
		return 1;
	if (neg_begins(s, "Filesystem") && strstr(s, "Mounted on"))
		return 1;
	return neg_has(l, NEG_BIT(PID)) && has_word(s, "PID") && (has_word(s, "TTY") || strstr(s, "%CPU") || has_word(s, "STAT") ||
				      has_word(s, "COMMAND") || has_word(s, "CMD"));
}

/* The rows under a facts header: to a blank line or a prompt. */
static size_t facts_table(const struct qline *v, size_t nr, size_t i)
{
	size_t k;

	for (k = i + 1; k < nr && !v[k].blank && v[k].depth == v[i].depth; k++) {
		const char *s = import_skip_space(v[k].text);
		char *dir;
		int prompt;

		if (*s == '$' || *s == '#')
			break;
		dir = import_prompt_dir(s);
		prompt = dir != NULL;
		free(dir);
		if (prompt)
			break;
	}
	return k - i;
}

static const char *const other[] = {
	"Personalities :", "unused devices:", "raiddev ", "load average:", "Mem:", "Swap:",
	"-/+ buffers", "top - ", "Tasks:", "Cpu(s):", "%Cpu(s):", "KiB Mem", "KiB Swap",
	"MiB Mem", "MiB Swap",
	/* btrfs filesystem usage: the space of the file system, not a result */
	"Device size:", "Device allocated:", "Device unallocated:", "Device missing:",
	"Device slack:", "Device zone unusable:", "Device zone size:", "Free (estimated):",
	"Free (statfs, df):", "Data ratio:", "Metadata ratio:", "Global reserve:",
	"Multiple profiles:",
};
static const struct neg_words other_words = NEG_WORDS(other);

/*
 * Whether a word of any list above starts with the line's first two
 * characters: in most lines' none does, and the seven lists are then not
 * asked one by one.  Each word has two characters or more.
 */
static int some_list_starts(const struct neg_line *nl)
{
	static const uint8_t used[(1 << 16) / 8] = NEG_PAIRS(sysinfo_pairs, cpuinfo_keys, meminfo_keys,
		hdparm_keys, hdparm_id, mkfs_starts, tool_versions, other);
	unsigned pair;

	if (!nl->s[0])
		return 0;
	pair = (unsigned char)nl->s[0] << 8 | (unsigned char)nl->s[1];
	return used[pair >> 3] >> (pair & 7) & 1;
}

/* The lines the lists above know by their first words. */
static int sysinfo_listed(const struct neg_line *nl, const struct qline *l)
{
	const char *s = nl->s;
	size_t i;

	if (key_then(nl, &cpuinfo_keys_words, ':') && l->text[0] != ' ')
		return 1;
	if (key_then(nl, &meminfo_keys_words, ':') && strstr(s, " kB"))
		return 1;
	if (key_then(nl, &hdparm_keys_words, '='))
		return 1;
	if (neg_line_starts_any(&hdparm_id_words, nl))
		return 1;
	if (neg_line_starts_any(&mkfs_starts_words, nl))
		return 1;
	for (i = 0; (i = neg_line_prefix(&tool_versions_words, nl, i)) < tool_versions_words.n; i++) {
		size_t n = tool_versions_words.len[i];

		if ((s[n] == ' ' || s[n] == '\t') && is_digit(*import_skip_space(s + n)))
			return 1;
	}
	return neg_line_starts_any(&other_words, nl);
}

/* Each test here is on the line alone, and any one says yes: their order is free. */
static int sysinfo_line(const struct neg_line *nl, const struct qline *l)
{
	const uint64_t mkfs_holds = NEG_BIT(INODES_COMMA) | NEG_BIT(RESERVED) | NEG_BIT(BLOCK_GROUPS) |
				    NEG_BIT(BLOCKS_PER_GROUP) | NEG_BIT(INODES_PER_GROUP);
	const char *s = nl->s;

	if (some_list_starts(nl) && sysinfo_listed(nl, l))
		return 1;
	if (neg_has(nl, NEG_BIT(FWREV) | mkfs_holds))
		return 1;
	if (xfs_info_line(s))
		return 1;
	/* mdstat: "md0 : active raid5 ...", "   976767872 blocks level 5, 64k chunk ..." */
	if (neg_begins(s, "md") && is_digit(s[2]) && (strstr(s, " : active") || strstr(s, " : inactive")))
		return 1;
	if (neg_has(nl, NEG_BIT(BLOCKS)) && (strstr(s, " chunk") || strstr(s, "[U") || strstr(s, " super ")))
		return 1;
	/* mount output and uname -a */
	if (neg_has(nl, NEG_BIT(ON_ROOT)) && strstr(s, " type ") && strchr(s, '('))
		return 1;
	if (neg_begins(s, "Linux ") && strstr(s, " #") && (strstr(s, "GNU/Linux") || strstr(s, " SMP ")))
		return 1;
	return fstab_line(s, l);
}

size_t import_negative_sysinfo(const struct neg_line *l, const struct qline *v, size_t nr, size_t i)
{
	const char *s = l->s;
	size_t k;

	if (facts_header(l))
		return facts_table(v, nr, i);
	if (lspci_line(s)) {
		/* lspci -v: the device's indented lines under it */
		for (k = i + 1; k < nr && v[k].depth == v[i].depth && !v[k].blank &&
				(v[k].text[0] == '\t' || v[k].text[0] == ' ');
		     k++)
			;
		return k - i;
	}
	if (!sysinfo_line(l, &v[i]))
		return 0;
	/* a block of numbers under it: "Superblock backups stored on blocks:", raidtab, vmstat rows */
	for (k = i + 1; k < nr && v[k].depth == v[i].depth && !v[k].blank; k++) {
		const char *t = import_skip_space(v[k].text);

		if (!(all_numbers(t) || (is_digit(*t) && strspn(t, "0123456789, \t") == strlen(t))))
			break;
	}
	return k - i;
}
