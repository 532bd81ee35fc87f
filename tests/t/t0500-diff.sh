#!/bin/sh
# benchpost diff: before/after with named significance tests, from .bench
# files and from an archive holding runs of two kernels.
. "$(dirname "$0")/lib.sh"
. "$SRCDIR/tests/t/lib-render.sh"
R="$FIXTURES/render"

# The golden files were checked by hand: medians 10.1 -> 11.1 (+9.9%),
# 100 -> 120 MB/s (+20.0%), 2.2 -> 1.2 s (-45.5%); sd of five samples
# 0.1 apart sqrt(0.1/4) = 0.16; every new untar slower than every old:
# U = 0, exact two-sided p = 2/C(10,5) = 2/252 = 0.008; geometric means
# sqrt(10.1*2.2) = 4.7 and sqrt(11.1*1.2) = 3.6, -22.6%.
test_expect_success 'diff of two .bench files matches the golden table' '
	benchpost diff "$R/old.bench" "$R/new.bench" >out &&
	test_cmp "$R/diff-utest.txt" out &&
	postable out
'

test_expect_success 'times slower are worse, throughput higher is better' '
	benchpost diff "$R/old.bench" "$R/new.bench" >out &&
	grep "^  elapsed (s) .*+9.9%  0.008 worse$" out &&
	grep "^  throughput (MB/s) .*+20.0%  0.008 better$" out &&
	grep "^  user (s) .* 0.0%  1.000 ~$" out &&
	grep "^geomean elapsed (s) .*-22.6%$" out
'

test_expect_success 'Welch t-test on means (t = -10, df = 8: p < 0.001)' '
	benchpost diff --test welch "$R/old.bench" "$R/new.bench" >out &&
	test_cmp "$R/diff-welch.txt" out &&
	postable out
'

test_expect_success '--utf8 allows the plus-minus sign, still 72 characters a line' '
	benchpost diff --utf8 "$R/old.bench" "$R/new.bench" >out &&
	grep "10.1  ±0.2" out &&
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

test_expect_success 'too few samples to ever be significant is said' '
	benchpost diff "$R/old3.bench" "$R/new3.bench" >out &&
	grep "0.100 ~\*$" out &&
	grep "^~\*: too few samples for the Mann-Whitney U test to ever reach p < 0.05;" out &&
	postable out
'

test_expect_success 'alpha changes the verdict' '
	benchpost diff --alpha 0.001 "$R/old.bench" "$R/new.bench" >out &&
	grep "0.008 ~\*$" out &&
	grep "alpha 0.001" out
'

test_expect_success 'bad alpha and wrong argument counts are usage errors' '
	test_expect_code 2 benchpost diff --alpha 2 "$R/old.bench" "$R/new.bench" 2>err &&
	grep "^benchpost: --alpha must be between 0 and 1, not 2$" err &&
	test_expect_code 2 benchpost diff "$R/old.bench" 2>err
'

test_expect_success 'nothing in common is an error' '
	printf "kernel: 6.2.0\nfs: ext4\nBenchmarkOther 1 1.5 sec/op\n" >other.bench &&
	test_expect_code 1 benchpost diff "$R/old.bench" other.bench 2>err &&
	grep "^benchpost: nothing to compare" err
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

test_expect_success 'several file systems: asks for --fs and lists them' '
	test_expect_code 1 benchpost diff --archive arch 2.5.44-ac2 2.5.44-mm3 2>err &&
	grep "^benchpost: 2.5.44-ac2: several file systems, choose one with --fs: ext3, reiserfs$" err &&
	benchpost diff --archive arch --fs reiserfs 2.5.44-ac2 2.5.44-mm3 >out &&
	grep "^reiserfs on piii-1c-st340016a: 2.5.44-ac2 -> 2.5.44-mm3$" out &&
	grep "^  elapsed (s) *14.09 *15.58 *+10.6%  1.000 ~\*$" out &&
	postable out
'

test_expect_success 'an unknown kernel is named' '
	test_expect_code 1 benchpost diff --archive arch 6.1.0 9.9 2>err &&
	grep "9.9" err
'

test_done
