#!/bin/sh
# benchpost run --fs xfs,btrfs: the other two file systems of the matrix,
# with their own mkfs tools and options, made and removed like ext*.
. "$(dirname "$0")/lib.sh"
. "$SRCDIR/tests/t/lib-run.sh"

tar -C "$SRCDIR" -czf "$SCRATCH/small.tar.gz" core parse

why=$(loop_skip_reason mkfs.xfs mkfs.btrfs)
if [ -n "$why" ]; then
	test_skip 'xfs and btrfs on loop devices' "$why"
	test_done
	exit
fi

test_expect_success 'xfs and btrfs (with a mount option) on loop devices' '
	benchpost run --suite quick --tarball "$SCRATCH/small.tar.gz" --fs xfs,btrfs:noatime -n 1 -q \
		--scratch "$SCRATCH" --archive "$SCRATCH/arch" --test untar,rm-tree >out 2>err &&
	grep -Eq "^xfs: caches dropped, on /dev/loop[0-9]+ on " out &&
	grep -Eq "^btrfs:noatime: caches dropped, on /dev/loop[0-9]+ on " out &&
	grep -q "^untar small.tar.gz$" out &&
	awk "length > 72 { exit 1 }" out &&
	benchpost log --archive "$SCRATCH/arch" --fs xfs --format bench >xfs.bench &&
	grep -q "^fs: xfs$" xfs.bench &&
	grep -q "^BenchmarkUntar_small.tar.gz 1 " xfs.bench &&
	benchpost log --archive "$SCRATCH/arch" --fs btrfs --format bench >btrfs.bench &&
	grep -q "^fs: btrfs$" btrfs.bench &&
	grep -Eq "^options: .*noatime" btrfs.bench
'

test_expect_success 'no mount, loop device or image is left behind' '
	nothing_left
'

test_done
