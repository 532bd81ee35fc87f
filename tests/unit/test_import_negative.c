#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "../../import/import_negative.h"
#include "../../core/util.h"

/*
 * The kinds of text whose numbers are no results, each line by line:
 * every line of a sample is marked with its kind, and results next to
 * them (time output, dd, tool summaries, prose, tables) are not.
 */

/* The kinds as import_negatives numbers them (import_negative.c's table). */
enum { PATCH = 1, LOG, SYSINFO, TRACE, PROGRESS, COMMAND, SETUP, URL, SIGNATURE };

/* Splits text and marks it; *nr lines, the caller frees. */
static unsigned char *mark(const char *text, size_t *nr, struct qtext *q)
{
	unsigned char *k;

	mail_quote_split(q, text, strlen(text), 1, NULL);
	*nr = q->nr;
	k = xcalloc(q->nr + 1, 1);
	import_negatives(k, q->v, q->nr);
	return k;
}

/* Every non-blank line of text is of kind want (0: none is negative). */
static void all_of(const char *text, unsigned char want)
{
	struct qtext q = QTEXT_INIT;
	size_t nr, i;
	unsigned char *k = mark(text, &nr, &q);

	for (i = 0; i < nr; i++) {
		if (q.v[i].blank)
			continue;
		if (k[i] != want)
			fail_msg("line %zu '%s': kind %d, not %d", i + 1, q.v[i].text, k[i], want);
	}
	free(k);
	mail_quote_release(&q);
}

static void test_patch(void **state)
{
	(void)state;
	all_of(" mm/readahead.c | 41 +++++++++++++++++++++++++++++++++++++++--\n"
	       " 2 files changed, 63 insertions(+), 2 deletions(-)\n",
	       PATCH);
	all_of("--- a/mm/readahead.c\n+++ b/mm/readahead.c\n@@ -18,6 +18,26 @@\n #include <x.h>\n"
	       "+#define INITIAL 32 /* pages */\n+ *   window (in KB):  16   16   32   32\n"
	       "-\tra->size = 4;\n",
	       PATCH);
	all_of("diff --git a/Documentation/x.txt b/Documentation/x.txt\nnew file mode 100644\n"
	       "index 000000000000..4a2b9c1d0e77\n--- /dev/null\n+++ b/Documentation/x.txt\n"
	       "@@ -0,0 +1,3 @@\n+    4096 bytes (4.1 kB, 4.0 KiB) copied, 0.000512 s, 8.0 MB/s\n",
	       PATCH);
}

static void test_log(void **state)
{
	(void)state;
	all_of("Linux version 2.6.9 (root@box) (gcc version 3.4.2) #1 SMP Mon Oct 4 2004\n"
	       "BIOS-provided physical RAM map:\n BIOS-e820: 0000000000000000 - 000000000009fc00 (usable)\n"
	       "Some line the log printed that no pattern knows 1234\n",
	       LOG);
	all_of("[   12.402117] BUG: unable to handle kernel NULL pointer dereference\n"
	       "<4>[    3.100000] sd 0:0:0:0: [sda] 976773168 512-byte logical blocks\n"
	       "Oct  3 11:20:31 box kernel: hda: 156301488 sectors (80026 MB)\n"
	       "Calibrating delay loop... 4803.12 BogoMIPS\n"
	       "Detected 2400.102 MHz processor.\n"
	       "Adding 1048568k swap on /dev/hda2.  Priority:-1\n"
	       " [<c01a2b41>] ext3_get_block+0x41/0x120\n",
	       LOG);
	/* a file system's messages without the timestamp, as pasted from dmesg -t */
	all_of("BTRFS info (device nvme0n1): space_info DATA has 0 free, is full\n"
	       "BTRFS warning (device sdb1): 12 errors on device, 4096 bytes lost\n"
	       "F2FS-fs (sdc1): Mounted with checkpoint version = 3b5a1c2d\n"
	       "bcachefs (sdd): recovering from clean shutdown, journal seq 1204\n",
	       LOG);
	all_of("+-----------------+------+------+\n|                 | aaaa | bbbb |\n"
	       "| boot_successes  | 20   | 2    |\n| boot_failures   | 0    | 18   |\n"
	       "+-----------------+------+------+\n",
	       LOG);
}

static void test_sysinfo(void **state)
{
	(void)state;
	all_of("processor\t: 0\ncpu MHz\t\t: 1802.414\ncache size\t: 512 KB\nbogomips\t: 3591.37\n"
	       "MemTotal:      1034004 kB\n multcount    = 16 (on)\n IO_support   =  1 (32-bit)\n"
	       " Model=ST340016A, FwRev=3.19, SerialNo=3HS1WXYZ\n PIO modes:  pio0 pio1 pio2\n",
	       SYSINFO);
	all_of("             total       used       free     shared    buffers     cached\n"
	       "Mem:          1011        980         31          0         41        612\n"
	       "Swap:         2047         12       2035\n",
	       SYSINFO);
	all_of(" procs                      memory      swap          io     system      cpu\n"
	       " r  b   swpd   free   buff  cache   si   so    bi    bo   in    cs us sy id\n"
	       " 1  0  12304  31220  41872 626610    0    0    12    30  104    77  2  1 97\n",
	       SYSINFO);
	all_of("Filesystem            Size  Used Avail Use% Mounted on\n/dev/hda3              72G   41G   28G  60% /home\n",
	       SYSINFO);
	all_of("    Device size:                  12.73TiB\n    Device allocated:             11.11TiB\n"
	       "    Free (estimated):              1.63TiB      (min: 841.44GiB)\n"
	       "    Free (statfs, df):             1.63TiB\n    Data ratio:                       1.00\n"
	       "    Metadata ratio:                   2.00\n"
	       "    Global reserve:              512.00MiB      (used: 16.00KiB)\n",
	       SYSINFO);
	all_of("00:1f.2 IDE interface: Example Corp. 82801 IDE Controller (rev 02)\n\tFlags: bus master, latency 0\n"
	       "\tI/O ports at f000 [size=16]\n",
	       SYSINFO);
	all_of("mke2fs 1.42.13 (17-May-2015)\nCreating filesystem with 976754176 4k blocks and 61054976 inodes\n"
	       "Superblock backups stored on blocks:\n\t32768, 98304, 163840, 229376\n",
	       SYSINFO);
	all_of("meta-data=/dev/md1      isize=512    agcount=32, agsize=30523648 blks\n"
	       "         =              sectsz=512   attr=2\n"
	       "data     =              bsize=4096   blocks=976756736, imaxpct=5\n",
	       SYSINFO);
	all_of("/dev/hda1   /       ext3    defaults,errors=remount-ro  0  1\n"
	       "none        /shm    shmfs   defaults   0  0\n"
	       "/dev/sda1 on /mnt/t type ext4 (rw,noatime,commit=5)\n"
	       "Linux box 2.6.9-1.667 #1 SMP Tue Nov 2 14:41:25 EST 2004 i686 GNU/Linux\n"
	       "Gnu C                  3.3.5\n",
	       SYSINFO);
}

static void test_trace(void **state)
{
	(void)state;
	all_of(" 2)               |  vfs_read() {\n 2)   0.412 us    |      security_file_permission();\n"
	       " 2) ! 136.698 us  |    ext4_file_read_iter();\n 2) + 140.011 us  |  }\n",
	       TRACE);
	all_of("  Range:  0.000 - 9012.000; Mean: 18.402; Median: 12.000\n     0.000 -    4.102:       811 |\n",
	       TRACE);
	all_of("     0.000 -    4.102:       811 |\n    30.220 - 9012.000:      4011 #\n", TRACE);
	all_of("Worst 5 latency times of 3311 measured in this period.\n  usec      cause     mask\n"
	       "  7102  spin_lock        1   381/memory.c\n",
	       TRACE);
	all_of("# Samples: 412K of event 'cycles'\n    18.42%  rm  [kernel.kallsyms]  [k] ext4_free_inode\n"
	       "     3.12%  rm  libc-2.23.so       [.] __unlinkat\n",
	       TRACE);
}

static void test_progress(void **state)
{
	(void)state;
	all_of("Jobs: 4 (f=4): [W(4)][12.5%][w=388MiB/s][w=388 IOPS][eta 01m:02s]\n"
	       "w: Laying out IO file (1 file / 8192MiB)\nStarting 4 processes\nfio-3.32\n"
	       "w: (g=0): rw=write, bs=(R) 1024KiB-1024KiB, ioengine=psync, iodepth=1\n",
	       PROGRESS);
	all_of("16 clients started\n  16     10011   402.11 MB/sec  warmup   1 sec  latency 12.402 ms\n"
	       "..........+++++\n",
	       PROGRESS);
	all_of("  CC      arch/x86/boot/version.o\n  LD [M]  fs/ext4/ext4.ko\nSetup is 17116 bytes (padded).\n"
	       "System is 8432 kB\nKernel: arch/x86/boot/bzImage is ready  (#12)\n",
	       PROGRESS);
	/* the 0-day robot's build status: the time its builds took */
	all_of("elapsed time: 782m\n\nconfigs tested: 146\nconfigs skipped: 9\n", PROGRESS);
}

static void test_command(void **state)
{
	(void)state;
	all_of("[fsync-test]\nrw=randwrite\nbs=4k\nsize=2G\ntime_based\n", COMMAND);
	all_of("for i in 1 2 3 4 5; do\n\techo 3 > /proc/sys/vm/drop_caches\ndone\n", COMMAND);
	all_of("http://www.example.org/cachetool/1.4.2/\n[2] https://example.org/x/1.2\n", URL);
	all_of("-- \nTom Ives, Example Corp.\n+1 555 0142\n", SIGNATURE);
}

/*
 * A facts table ends at a shell prompt: the command after it and its
 * time output are no system facts (and the prompt's directory, asked for
 * only to see the prompt, is freed: ASan's leak check runs this).
 */
static void test_facts_end_at_prompt(void **state)
{
	struct qtext q = QTEXT_INIT;
	size_t nr;
	unsigned char *k = mark("Filesystem  1K-blocks  Used Available Use% Mounted on\n"
				"/dev/sda1   1000  500  500  50% /mnt\n"
				"[/mnt/test]# time dd if=/dev/zero of=x bs=1M count=100\n"
				"real    0m1.234s\n",
				&nr, &q);

	(void)state;
	assert_int_equal(nr, 4);
	assert_int_equal(k[0], SYSINFO);
	assert_int_equal(k[1], SYSINFO);
	assert_int_not_equal(k[2], SYSINFO);
	assert_int_equal(k[3], 0);
	free(k);
	mail_quote_release(&q);
}

/* Facts of the machine and the set-up as "key: value", not a table's header of such a key */
static void test_setup(void **state)
{
	static const char *const facts[] = {
		"Kernel: v5.9\n", "Date:     10:15:02\n", "Runtime:  60s\n", "Link speed: 6Gb/s\n",
		"File size = 4 GB\n", "Timeout: 30 seconds\n", "Disk:  250 GB SATA\n",
	};
	size_t i;

	(void)state;
	for (i = 0; i < ARRAY_SIZE(facts); i++)
		all_of(facts[i], SETUP);
	all_of("Kernel:\t\t2.6.5-rc2\t2.6.5-rc2-mm1\nHalf(-j4)\t211.4\t\t208.9\n", 0);
	all_of("Runs (noop):  1577.62 1596.15 1613.39\n", 0);
	all_of("Min throughput per process = 148110.22 kB/sec\n", 0);
}

/* Results and prose around them are left to the readers. */
static void test_results_left_alone(void **state)
{
	(void)state;
	all_of("real    0m53.134s\nuser    0m0.066s\nsys     0m3.292s\n", 0);
	all_of("0.00user 4.14system 0:15.76elapsed 26%CPU (0avgtext+0avgdata 0maxresident)k\n", 0);
	all_of("524288000 bytes (524 MB, 500 MiB) copied, 5.2 s, 101 MB/s\n", 0);
	all_of("Throughput 612.447 MB/sec  16 clients  16 procs  max_latency=212.455 ms\n"
	       "#Throughput 884.406 MB/sec (sync open)\n",
	       0);
	all_of("  write: IOPS=2431, BW=2432MiB/s (2550MB/s)(384GiB/161704msec)\n"
	       "    clat (usec): min=251, max=117777, avg=13006.54, stdev=23856.18\n",
	       0);
	all_of(" Timing cached reads:   8120 MB in  2.00 seconds = 4061.30 MB/sec\n/dev/sda:\n", 0);
	all_of("dbench 4:          41Mb/sec\nswaptest:  1m48s\nThroughput: 37.5 MB/sec\n", 0);
	all_of("kernel      untar    rm\n2.6.16      45.2     12.1\n2.6.17      44.0     11.8\n", 0);
	all_of("  XFS     45.2MB/s\n  EXT3    38.1MB/s\n", 0);
	all_of("Then the untar took about 22 minutes, done in one go.\nDone.  It took 45 seconds.\n"
	       "while the rm took 12 seconds\n",
	       0);
	all_of("[ext4]\ndbench 1   402.1\n", 0);
	all_of("Elapsed Time 120.808\nUser Time 802.428\n", 0);
	all_of("elapsed time: 782s\nand the rest\n", 0);
}

/* What a message says it held instead of results. */
static void test_names(void **state)
{
	unsigned char k;

	(void)state;
	for (k = PATCH; k <= SIGNATURE; k++)
		assert_non_null(import_negative_name(k));
	assert_null(import_negative_name(0));
	assert_null(import_negative_name(SIGNATURE + 1));
	assert_string_equal(import_negative_name(PATCH), "a patch's diff");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_patch),
		cmocka_unit_test(test_log),
		cmocka_unit_test(test_sysinfo),
		cmocka_unit_test(test_trace),
		cmocka_unit_test(test_progress),
		cmocka_unit_test(test_command),
		cmocka_unit_test(test_setup),
		cmocka_unit_test(test_facts_end_at_prompt),
		cmocka_unit_test(test_results_left_alone),
		cmocka_unit_test(test_names),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
