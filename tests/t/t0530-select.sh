#!/bin/sh
# Selections mean the same in log, diff, plot and report; without one,
# report and plot pick something sensible, say what, and never compare
# machines silently.
. "$(dirname "$0")/lib.sh"
. "$SRCDIR/tests/t/lib-render.sh"
R="$FIXTURES/render"

# bench KERNEL HARDWARE FS OPTIONS DEVICE BENCHMARK VALUE...: a .bench file on stdout.
bench() {
	k=$1 hw=$2 fs=$3 opts=$4 dev=$5 name=$6
	shift 6
	printf "kernel: %s\n" "$k"
	[ "$hw" = - ] || printf "hardware: %s\n" "$hw"
	printf "fs: %s\n" "$fs"
	[ "$opts" = - ] || printf "options: %s\n" "$opts"
	[ "$dev" = - ] || printf "device: %s\n" "$dev"
	for v in "$@"; do
		printf "Benchmark%s 1 %s sec/op\n" "$name" "$v"
	done
}

test_expect_success 'an archive of two machines, kernels 6.1 and 6.10, two ext3 entries' '
	bench 6.1.0 box-a ext3 - /dev/sda1 Untar_linux.tar 10 11 12 10 11 >a1.bench &&
	bench 6.1.0 box-a ext3 data=writeback /dev/sda1 Untar_linux.tar 8 9 8 9 8 >a2.bench &&
	bench 6.1.0 box-a ext3 - /dev/sda1 Kuntar_linux.tar 5 5 5 5 5 >a3.bench &&
	bench 6.10.0 box-a ext3 - /dev/sda1 Untar_linux.tar 12 13 12 13 12 >a4.bench &&
	bench 6.10.0 box-b ext3 - /dev/nvme0n1 Untar_linux.tar 4 4 5 4 4 >b1.bench &&
	bench 6.1.0 - ext2 - - Untar_linux.tar 20 >u1.bench &&
	"$BP_HELPERS/bp-commit" --archive arch --when 1764496800 --batch 3 a1.bench a2.bench a3.bench >/dev/null &&
	"$BP_HELPERS/bp-commit" --archive arch --when 1764500400 u1.bench >/dev/null &&
	"$BP_HELPERS/bp-commit" --archive arch --when 1764504000 b1.bench >/dev/null &&
	"$BP_HELPERS/bp-commit" --archive arch --when 1764507600 a4.bench >/dev/null
'

test_expect_success '--benchmark: the first word or the whole name, never part of a word' '
	benchpost log --archive arch --benchmark untar >out &&
	test $(wc -l <out) -eq 5 &&
	benchpost log --archive arch --benchmark "untar linux.tar" >out &&
	test $(wc -l <out) -eq 5 &&
	benchpost log --archive arch --benchmark kuntar >out &&
	test $(wc -l <out) -eq 1 &&
	benchpost report --archive arch --benchmark untar 6.1.0 >out 2>/dev/null &&
	! grep kuntar out &&
	benchpost report --archive arch --benchmark kuntar 6.1.0 >out 2>/dev/null &&
	grep "^kuntar" out &&
	! grep "^untar" out
'

test_expect_success '--fs with options: the entry itself, in log and report alike' '
	benchpost log --archive arch --fs ext3:data=writeback >out &&
	test $(wc -l <out) -eq 1 &&
	benchpost log --archive arch --fs ext3:data=writeback --format json >out &&
	grep "\"options\":\"data=writeback\"" out &&
	! grep "\"options\":null" out &&
	benchpost report --archive arch --fs ext3:data=writeback 6.1.0 >out 2>/dev/null &&
	grep "^ext3: 6.1.0 on box-a$" out &&
	grep "^ext3: data=writeback$" out &&
	benchpost log --archive arch --fs "ext3:*" --kernel 6.1.0 >out &&
	test $(wc -l <out) -eq 3
'

# "ext3" is the plain ext3 entry where there is one: 6.1.0 on box-a has
# both, so diff against 6.10.0 pairs plain with plain.
test_expect_success '--fs ext3 means the plain entry beside ext3:data=writeback' '
	benchpost diff --archive arch --hardware box-a --fs ext3 --benchmark untar 6.1.0 6.10.0 >out &&
	grep "^6.1.0 vs 6.10.0: ext3 on box-a$" out &&
	grep "^  elapsed (s)  11 +-8%  12 +-5%  +18.2% worse  (p=0.032 n=5+5)$" out &&
	! grep "data=writeback" out
'

test_expect_success '--kernel 6.1 is 6.1.0, never 6.10.0; everywhere' '
	benchpost log --archive arch --kernel 6.1 >out &&
	! grep 6.10.0 out &&
	test $(wc -l <out) -eq 4 &&
	benchpost report --archive arch --kernel 6.1 --hardware box-a >out 2>err &&
	! grep 6.10 out err
'

# log prints an unknown machine as "-"; --hardware takes that, and the
# path's "unknown" too.
test_expect_success '--hardware as log prints it, the unknown-hardware key included' '
	benchpost log --archive arch --hardware - >out &&
	test $(wc -l <out) -eq 1 &&
	awk "{ print \$5 }" out | grep -x -- - &&
	benchpost log --archive arch --hardware unknown >out2 &&
	test_cmp out out2 &&
	benchpost report --archive arch --hardware - 6.1.0 >out 2>/dev/null &&
	grep "^ext2: 6.1.0 on unknown hardware$" out &&
	benchpost log --archive arch --hardware box >out &&
	test $(wc -l <out) -eq 5 &&
	benchpost log --archive arch --hardware box-b >out &&
	test $(wc -l <out) -eq 1
'

test_expect_success 'several machines in one side: diff names them as log does' '
	test_expect_code 1 benchpost diff --archive arch --benchmark untar --fs ext3 6.1.0 6.10.0 2>err &&
	grep "^benchpost: 6.10.0: several hardware keys, choose one with --hardware: box-a, box-b$" err
'

# Seed 001's shape: ext2 measured on two disks.  Pooled, the two would
# read 26.4 +-59%; kept apart they are two columns, or a comparison of
# the disks.
test_expect_success 'devices are never pooled: one fs entry on two disks is two columns' '
	bench 2.4.15 ide-box ext2 - /dev/sda5 Write 15.8 >d1.bench &&
	bench 2.4.15 ide-box ext2 - /dev/sdb1 Write 37.0 >d2.bench &&
	cat d1.bench d2.bench >both.bench &&
	benchpost report --template single-run both.bench >out &&
	grep "^elapsed (s)  ext2 sda5  ext2 sdb1$" out &&
	grep "^write  *15.8  *37.0$" out &&
	! grep "+-" out &&
	benchpost report both.bench >out &&
	grep "^ext2: /dev/sda5 vs /dev/sdb1 on ide-box, kernel 2.4.15$" out &&
	! grep "also differs: device" out &&
	benchpost diff both.bench both.bench >out &&
	grep "^both.bench vs both.bench: ext2 /dev/sda5 on ide-box, kernel 2.4.15$" out &&
	grep "^both.bench vs both.bench: ext2 /dev/sdb1 on ide-box, kernel 2.4.15$" out &&
	grep "^  elapsed (s) *37.0 *37.0 " out &&
	! grep "^  elapsed (s) *15.8 *37.0 " out &&
	test_expect_code 1 benchpost diff both.bench d1.bench 2>err &&
	grep "several devices, choose one with --device: /dev/sda5, /dev/sdb1" err &&
	benchpost diff --device /dev/sda5 both.bench both.bench >out &&
	grep "^  elapsed (s) *15.8 *15.8 " out
'

test_expect_success 'no selection: the latest run, said on stderr, one machine only' '
	benchpost report --archive arch >out 2>err &&
	grep "^benchpost: no selection given: " err &&
	# the latest run is 6.10.0 on box-a; box-a has 6.1.0 on ext3 too
	grep "the two latest kernels on one machine: 6.1.0 on box-a, ext3" err &&
	grep "against 6.10.0 on box-a, ext3" err &&
	grep "other runs in the archive" err &&
	! grep "box-b" out &&
	grep "^6.1.0 vs 6.10.0" out
'

test_expect_success 'no selection on a machine with one kernel: its latest run' '
	benchpost report --archive arch --hardware box-b >out 2>err &&
	grep "^benchpost: no selection given: the latest run: 6.10.0 on box-b, ext3" err &&
	grep "^ext3: 6.10.0 on box-b$" out
'

test_expect_success 'a selection over two machines is shown machine by machine, and says so' '
	benchpost report --archive arch --fs ext3 --benchmark untar 6.10.0 >out 2>/dev/null &&
	grep "^ext3: 6.10.0 on 2 machines$" out &&
	grep "^hardware box-b vs box-a$" out &&
	grep "^6.10.0 on box-a$" out &&
	grep "^6.10.0 on box-b$" out &&
	grep "^The columns differ in more than the file system and its options:$" out
'

test_expect_success 'plot without a selection draws the same default' '
	if command -v gnuplot >/dev/null; then
		benchpost plot --archive arch >g.txt 2>err &&
		grep "^benchpost: no selection given: the two latest kernels" err &&
		grep "untar linux.tar: elapsed (s)" g.txt
	fi
'

test_done
