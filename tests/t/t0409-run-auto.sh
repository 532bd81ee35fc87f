#!/bin/sh
# -n auto: a pilot, then as many iterations as the spread needs, within a
# cap, the reason in the report; --interleave goes round the file systems.
. "$(dirname "$0")/lib.sh"

tar -C "$SRCDIR" -czf "$SCRATCH/small.tar.gz" core

mkdir target

# samples of a benchmark's elapsed in a .bench file
samples() {
	grep -c "^Benchmark$1 " "$2"
}

test_expect_success '-n auto runs the pilot, then what the spread asks, and says why it stopped' '
	benchpost run --suite quick --tarball "$SCRATCH/small.tar.gz" --dir "$SCRATCH/target" -q \
		--archive "$SCRATCH/a1" -n auto --max-iterations 8 --test writer,dd \
		--param writer.writes=64 --param dd.mib=2 >out 2>err &&
	benchpost log --archive "$SCRATCH/a1" --format bench >a1.bench &&
	grep -q "^iterations: auto$" a1.bench &&
	grep -q "^sampling: pilot of 3, then what the spread needs to detect 5% with Mann-Whitney U at alpha 0.05 and power 80%, at most 8$" a1.bench &&
	stopped=$(sed -n "s/^stopped: //p" a1.bench) &&
	# one entry a test, in the order they ran
	echo "$stopped" | grep -Eq "^dd: [0-9]+ \(CV [0-9.]+% of dd (write|read) 2 MiB (total|elapsed)(; the cap: it would need [0-9]+)?\); writer: [0-9]+ \(CV [0-9.]+% of writer 64 x 1024 bytes total(; the cap: it would need [0-9]+)?\)$" &&
	nw=$(echo "$stopped" | sed -n "s/.*writer: \([0-9]*\) .*/\1/p") &&
	nd=$(echo "$stopped" | sed -n "s/^dd: \([0-9]*\) .*/\1/p") &&
	# never fewer than the test needs to reach alpha, never more than the cap
	test "$nw" -ge 5 && test "$nw" -le 8 && test "$nd" -ge 5 && test "$nd" -le 8 &&
	test $(samples Writer_64_x_1024_bytes a1.bench) = "$nw" &&
	test $(samples Dd_write_2_MiB a1.bench) = "$nd" &&
	test $(samples Dd_read_2_MiB a1.bench) = "$nd" &&
	tr "\n" " " <out | grep -q "Each test stopped at: dd: $nd (CV .*; writer: $nw (CV" &&
	test -z "$(ls -A target)"
'

test_expect_success 'a change too small for the cap stops at the cap and says what it would need' '
	benchpost run --suite quick --tarball "$SCRATCH/small.tar.gz" --dir "$SCRATCH/target" -q \
		--archive "$SCRATCH/a2" -n auto --detect 0.1% --max-iterations 6 --sig-test welch \
		--test writer --param writer.writes=64 >out 2>err &&
	benchpost log --archive "$SCRATCH/a2" --format bench >a2.bench &&
	grep -q "^sampling: .*detect 0.1% with Welch.s t at alpha 0.05 and power 80%, at most 6$" a2.bench &&
	grep -Eq "^stopped: writer: 6 \(CV [0-9.]+% of writer 64 x 1024 bytes total; the cap: it would need [0-9]+\)$" a2.bench &&
	test $(samples Writer_64_x_1024_bytes a2.bench) = 6
'

if [ "$(id -u)" = 0 ] && [ -e /dev/loop-control ] && command -v script >/dev/null; then
	test_expect_success '--interleave goes A B, then B A' '
		script -qfec "$BENCHPOST run --suite quick --tarball $SCRATCH/small.tar.gz --fs ext2,ext4 \
			--interleave -n 4 --test writer --param writer.writes=64 --no-commit \
			--scratch $SCRATCH" /dev/null >tty 2>&1 &&
		tr "\r" "\n" <tty | grep -Eo "^fs [12]/2 ext[24]  writer [1-4]/4" | uniq >order &&
		printf "%s\n" "fs 1/2 ext2  writer 1/4" "fs 2/2 ext4  writer 1/4" \
			"fs 2/2 ext4  writer 2/4" "fs 1/2 ext2  writer 2/4" \
			"fs 1/2 ext2  writer 3/4" "fs 2/2 ext4  writer 3/4" \
			"fs 2/2 ext4  writer 4/4" "fs 1/2 ext2  writer 4/4" >expect &&
		test_cmp expect order &&
		tr -d "\r" <tty | tr "\n" " " | grep -q "Iterations went round the file systems in turn"
	'
else
	test_skip '--interleave goes A B, then B A' 'needs root, /dev/loop-control and script(1)'
fi

test_done
