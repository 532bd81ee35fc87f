#!/bin/sh
# benchpost diff: benchstat's side-by-side shape with named significance
# tests, the facts compared first, from .bench files and from an archive.
. "$(dirname "$0")/lib.sh"
. "$SRCDIR/tests/t/lib-render.sh"
R="$FIXTURES/render"

# The golden files were checked by hand: medians 10.1 -> 11.1, 100 -> 120
# MB/s, 2.2 -> 1.2 s; every new untar is an old one plus 1.0 s, so the
# Hodges-Lehmann shift is 1.0 s, +9.9% of 10.1 (dd: +20, +20.0%; rm: -1.0,
# -45.5%); the sd of five samples 0.1 apart is sqrt(0.1/4) = 0.16, 1.6% of
# 10.1 (shown +-2%) and 13% of 1.2; its two significant digits (0.16) ask
# for two decimals, the samples have one, so the centres keep one; every
# new untar slower than every old: U = 0, exact two-sided p = 2/C(10,5) =
# 2/252 = 0.008; geometric means sqrt(10.1*2.2) = 4.714 and sqrt(11.1*1.2)
# = 3.650, -22.6%.
test_expect_success 'diff of two .bench files matches the golden table' '
	benchpost diff "$R/old.bench" "$R/new.bench" >out &&
	test_cmp "$R/diff-utest.txt" out &&
	postable out
'

test_expect_success 'one line a metric: both centres, the change, (p=... n=...)' '
	benchpost diff "$R/old.bench" "$R/new.bench" >out &&
	grep "^  elapsed (s)   10.1 +-2%   11.1  +-1%   +9.9% worse   (p=0.008 n=5+5)$" out &&
	grep "^  elapsed (s)    2.2 +-7%    1.2 +-13%  -45.5% better  (p=0.008 n=5+5)$" out &&
	grep "^geomean (s)    4.714       3.650        -22.6%$" out &&
	grep "^median +- relative sample standard deviation; change: the Hodges-Lehmann$" out
'

test_expect_success 'throughput higher is better; not significant is ~ with its p' '
	benchpost diff --detail "$R/old.bench" "$R/new.bench" >out &&
	grep "^ *100 +-2%    120  +-1%  +20.0% better  (p=0.008 n=5+5)$" out &&
	grep "^  user (s) *1.00 +-2% *1.00  +-2% *~ *(p=1.000 n=5+5)$" out &&
	! grep "more metric" out &&
	benchpost diff "$R/old.bench" "$R/new.bench" >out &&
	grep "^1 more metric (user) with --detail$" out
'

test_expect_success 'Welch t-test on means (t = -10, df = 8: p < 0.001)' '
	benchpost diff --test welch "$R/old.bench" "$R/new.bench" >out &&
	test_cmp "$R/diff-welch.txt" out &&
	postable out
'

# Seven samples a side, medians 5.0 both: U counts 4.5 of 49 pairs for the
# old side, exact p = 0.041 (checked against an enumeration of the 3432
# splits); every difference new - old has median 4.0 s: +80% of 5.0, worse.
test_expect_success 'equal medians, significant shift: the measured shift decides' '
	benchpost diff --detail "$R/shift-old.bench" "$R/shift-new.bench" >out &&
	grep "^  elapsed (s)   5.0 +-42%   5.0 +-44%  +80.0% worse   (p=0.041 n=7+7)$" out &&
	grep "^  ops (ops/s)  1000  +-5%  1000  +-5%  +10.0% better  (p=0.041 n=7+7)$" out &&
	! grep "[^0-9]0.0%" out
'

test_expect_success '--utf8 allows the plus-minus sign, still 72 characters a line' '
	benchpost diff --utf8 "$R/old.bench" "$R/new.bench" >out &&
	grep "10.1 ±2%" out &&
	python3 -c "
import sys
for line in open(\"out\", encoding=\"utf-8\"):
    assert len(line.rstrip(\"\\n\")) <= 72, line
"
'

test_expect_success 'a malformed .bench file is reported with file and line' '
	printf "kernel: 6.2.0\nBenchmarkX 1 fast sec/op\n" >bad.bench &&
	test_expect_code 1 benchpost diff "$R/old.bench" bad.bench 2>err &&
	grep "^benchpost: bad.bench:2: " err
'

test_expect_success 'too few samples to ever be significant is said, the change kept' '
	benchpost diff "$R/old3.bench" "$R/new3.bench" >out &&
	grep "^  elapsed (s)  2.1 +-5%  1.1 +-9%  -47.6% ~\*  (p=0.100 n=3+3)$" out &&
	grep "^~\*: too few samples for the Mann-Whitney U test to ever reach p < 0.05:$" out &&
	postable out
'

test_expect_success 'alpha changes the verdict' '
	benchpost diff --alpha 0.001 "$R/old.bench" "$R/new.bench" >out &&
	grep "+9.9% ~\*  (p=0.008 n=5+5)$" out &&
	grep "alpha 0.001" out
'

test_expect_success 'bad alpha and wrong argument counts are usage errors' '
	test_expect_code 2 benchpost diff --alpha 2 "$R/old.bench" "$R/new.bench" 2>err &&
	grep "^benchpost: --alpha must be between 0 and 1, not 2$" err &&
	test_expect_code 2 benchpost diff "$R/old.bench" a b 2>err &&
	test_expect_code 2 benchpost diff 2>err
'

test_expect_success 'nothing in common is an error' '
	printf "kernel: 6.2.0\nhardware: qemu-2c-4g-vda\nfs: ext4\noptions: noatime\nBenchmarkOther 1 1.5 sec/op\n" >other.bench &&
	benchpost diff "$R/old.bench" other.bench >out &&
	grep "(only new)$" out &&
	grep "(only old)$" out &&
	printf "kernel: 6.2.0\nfs: ext4\n" >empty.bench &&
	test_expect_code 1 benchpost diff "$R/old.bench" empty.bench 2>err &&
	grep "^benchpost: " err
'

# Two entries of one run: the comparison names both option sets, lists
# the metric on one side only and warns about the scheduler, which
# changed too; the loop device's number is no difference of devices.
test_expect_success 'ext3 data=ordered against data=writeback from two .bench files' '
	benchpost diff "$R/ext3-ordered.bench" "$R/ext3-writeback.bench" >out &&
	head -n 2 out >head &&
	printf "%s\n" "ext3 data=ordered vs data=writeback on box-2c-8g-sda, kernel 6.1.0" \
		"also differs: scheduler mq-deadline vs none" >want &&
	test_cmp want head &&
	grep "^  total (s)     12.5 +-1%   10.3 +-2%  -17.6% better  (p=0.008 n=5+5)$" out &&
	grep "^ *255 +-3% *(only new)$" out &&
	grep "^old: data=ordered$" out &&
	grep "^new: data=writeback$" out &&
	! grep "device" out &&
	postable out
'

# One run against another: the same kernel, machine and configuration,
# named by what was typed.  The exact p of the rank sums (ties at
# mid-ranks) is 70/126 = 0.556 by enumeration of the 252 splits.
test_expect_success 'one run against another of the same thing' '
	benchpost diff "$R/old.bench" "$R/again.bench" >out &&
	head -n 1 out | grep "^old.bench vs again.bench: ext4 noatime on qemu-2c-4g-vda, kernel 6.1.0$" &&
	grep "^  elapsed (s) *10.1 +-2% *10.2 +-2% *~  (p=0.556 n=5+5)$" out &&
	! grep "also differs" out
'

test_expect_success 'a fact on one side only is said, never taken for the same' '
	grep -v "^scheduler" "$R/ext3-writeback.bench" >nosched.bench &&
	benchpost diff "$R/ext3-ordered.bench" nosched.bench >out &&
	grep "^not recorded on both sides, so not compared: scheduler$" out
'

test_expect_success 'an archive with runs of two kernels' '
	"$BP_HELPERS/bp-commit" --archive arch --when 1764496800 "$R/old.bench" &&
	"$BP_HELPERS/bp-commit" --archive arch --when 1764500400 "$R/new.bench" &&
	for k in 2.5.44-mm3:53.17:15.58 2.5.44-ac2:34.05:14.09; do
		IFS=: read kernel ext3 reiserfs <<-EOF
		$k
		EOF
		for fs in ext3 reiserfs; do
			eval v=\$$fs
			printf "kernel: %s\nhardware: piii-1c-st340016a\nfs: %s\nBenchmarkTar 1 %s sec/op\n" \
				"$kernel" "$fs" "$v" >"$kernel-$fs.bench" &&
			"$BP_HELPERS/bp-commit" --archive arch "$kernel-$fs.bench" || return 1
		done
	done
'

test_expect_success 'diff K1 K2 reads the archive' '
	benchpost diff --archive arch 6.1.0 6.2.0 >out &&
	test_cmp "$R/diff-utest.txt" out
'

test_expect_success 'BENCHPOST_ARCHIVE is the default archive' '
	BENCHPOST_ARCHIVE="$PWD/arch" benchpost diff 6.1.0 6.2.0 >out &&
	test_cmp "$R/diff-utest.txt" out
'

test_expect_success 'a run path and a kernel can be mixed' '
	run=$(benchpost log --archive arch --kernel 6.1.0 | awk "{ print \$NF }") &&
	benchpost diff --archive arch "$run" 6.2.0 >out &&
	test_cmp "$R/diff-utest.txt" out
'

# Seed 002's shape: two kernels, each on two file systems of one machine.
# 53.17 -> 34.05 is -36.0%, 15.58 -> 14.09 -9.6% (and back: +56.2%, +10.6%).
test_expect_success 'two kernels on several file systems: a comparison per file system' '
	benchpost diff --archive arch 2.5.44-mm3 2.5.44-ac2 >out &&
	grep "^2.5.44-mm3 vs 2.5.44-ac2: ext3 on piii-1c-st340016a$" out &&
	grep "^2.5.44-mm3 vs 2.5.44-ac2: reiserfs on piii-1c-st340016a$" out &&
	grep "^  elapsed (s) *53.17 *34.05 *-36.0% ~\*  (n=1+1)$" out &&
	grep "^  elapsed (s) *15.58 *14.09 *-9.6% ~\*  (n=1+1)$" out &&
	test $(grep -c "^median +- relative sample standard deviation" out) = 1 &&
	grep -B1 "^median +- relative" out | head -n 1 | grep "^$" &&
	benchpost diff --archive arch 2.5.44-ac2 2.5.44-mm3 >two &&
	benchpost diff --archive arch "2.5.44-*" >one &&
	test_cmp two one &&
	postable out
'

test_expect_success 'a file system on one side only is named; one against several asks for --fs' '
	printf "kernel: 2.5.44-ac2\nhardware: piii-1c-st340016a\nfs: xfs\nBenchmarkTar 1 40.26 sec/op\n" >xfs.bench &&
	"$BP_HELPERS/bp-commit" --archive arch xfs.bench &&
	benchpost diff --archive arch 2.5.44-mm3 2.5.44-ac2 >out &&
	grep "^Measured on one side only, so not compared:$" out &&
	grep "^xfs (new only)$" out &&
	benchpost diff --archive arch --fs ext3 2.5.44-mm3 2.5.44-ac2 >out &&
	! grep "reiserfs\|xfs" out &&
	test_expect_code 1 benchpost diff --archive arch "$R/old.bench" 2.5.44-ac2 2>err &&
	grep "^benchpost: 2.5.44-ac2: several file systems, choose one with --fs: ext3, reiserfs, xfs$" err
'

test_expect_success 'several file systems narrowed by --fs' '
	benchpost diff --archive arch --fs reiserfs 2.5.44-ac2 2.5.44-mm3 >out &&
	grep "^2.5.44-ac2 vs 2.5.44-mm3: reiserfs on piii-1c-st340016a$" out &&
	grep "^  elapsed (s) *14.09 *15.58 *+10.6% ~\*  (n=1+1)$" out &&
	postable out
'

test_expect_success 'two entries of one run: RUN --fs OLD --fs NEW, or the run alone' '
	"$BP_HELPERS/bp-commit" --archive run --batch 2 "$R/ext3-ordered.bench" "$R/ext3-writeback.bench" >paths &&
	commit=$(git -C run rev-parse --short HEAD) &&
	benchpost diff --archive run --fs ext3:data=ordered --fs ext3:data=writeback "$commit" >out &&
	benchpost diff "$R/ext3-ordered.bench" "$R/ext3-writeback.bench" >want &&
	test_cmp want out &&
	benchpost diff --archive run "$commit" >out &&
	test_cmp want out &&
	benchpost diff --archive run --fs ext3:data=writeback --fs ext3:data=ordered 6.1.0 >out &&
	grep "^ext3 data=writeback vs data=ordered" out
'

test_expect_success 'a run of three entries asks which two' '
	sed "s/^options: data=ordered/options: data=journal/" "$R/ext3-ordered.bench" >journal.bench &&
	"$BP_HELPERS/bp-commit" --archive three --batch 3 "$R/ext3-ordered.bench" \
		"$R/ext3-writeback.bench" journal.bench &&
	test_expect_code 1 benchpost diff --archive three 6.1.0 2>err &&
	grep "^benchpost: 6.1.0 holds 1 kernel and 3 file-system entries (.*): compare two with --fs OLD --fs NEW" err
'

test_expect_success 'an unknown kernel is named' '
	test_expect_code 1 benchpost diff --archive arch 6.1.0 9.9 2>err &&
	grep "9.9" err
'

test_done
