#!/bin/sh
# SIGINT or SIGTERM in the middle of a run: everything it made goes away,
# and the exit status says which signal (130, 143) as a shell's would.
. "$(dirname "$0")/lib.sh"
. "$SRCDIR/tests/t/lib-run.sh"

# A small real tree keeps these runs short; t0401 covers the generated one.
tar -C "$SRCDIR" -czf "$SCRATCH/small.tar.gz" core collect parse

if [ "$(id -u)" = 0 ] && [ -e /dev/loop-control ]; then
	test_expect_success 'SIGINT while mounted: no mount, loop device or file left' '
		"$BENCHPOST" run --suite quick --tarball "$SCRATCH/small.tar.gz" --fs ext2,ext4 -n 100 -q --no-commit \
			--scratch "$SCRATCH" --test untar,rm-tree >out 2>err &
		pid=$! &&
		wait_for "grep -q \"$SCRATCH/benchpost-run.*/mnt\" /proc/mounts" &&
		sleep 1 &&
		kill -INT $pid &&
		set +e && wait $pid; rc=$? && set -e &&
		test $rc = 130 &&
		grep -q "^benchpost: run: interrupted by SIGINT; removed" err &&
		! grep -q "$SCRATCH" /proc/mounts &&
		! losetup -a | grep -q "$SCRATCH" &&
		test -z "$(ls -A "$SCRATCH" | grep benchpost-run)"
	'
else
	test_skip 'SIGINT while mounted: no mount, loop device or file left' 'needs root and /dev/loop-control'
fi

test_expect_success 'SIGTERM in a --dir run: the directory is left as it was' '
	mkdir target && : >target/mine &&
	"$BENCHPOST" run --suite quick --tarball "$SCRATCH/small.tar.gz" --dir "$SCRATCH/target" -n 100 -q --no-commit \
		--test untar,rm-tree >out 2>err &
	pid=$! &&
	wait_for "test -d target/benchpost-run.*/work/ 2>/dev/null" &&
	sleep 1 &&
	kill -TERM $pid &&
	set +e && wait $pid; rc=$? && set -e &&
	test $rc = 143 &&
	grep -q "interrupted by SIGTERM" err &&
	test "$(ls -A target)" = mine
'

test_done
