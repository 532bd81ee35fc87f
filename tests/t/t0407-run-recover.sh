#!/bin/sh
# A run killed with SIGKILL leaves its scratch (and, with --fs, a mounted
# file system) behind; the next run in the same place cleans it up and
# says so, and never touches the scratch of a run that is still going.
. "$(dirname "$0")/lib.sh"
. "$SRCDIR/tests/t/lib-run.sh"

tar -C "$SRCDIR" -czf "$SCRATCH/small.tar.gz" core collect

# A writer of a few seconds, mounted nearly all the time; exec, so that
# $! of "long_run &" is benchpost's own pid.
long_run() {
	exec "$BENCHPOST" run --suite quick --tarball "$SCRATCH/small.tar.gz" -n 1000 -q --no-commit \
		--test writer --param writer.writes=200000 "$@"
}

# SIGKILL for the run and the tool it runs, as a crash or the OOM killer would.
kill_all() {
	kids=$(ps -o pid= --ppid "$1") || kids=
	kill -KILL "$1" $kids
}

short_run() {
	benchpost run --suite quick --tarball "$SCRATCH/small.tar.gz" -n 1 -q --no-commit \
		--test writer --param writer.writes=16 "$@"
}

if [ "$(id -u)" = 0 ] && [ -e /dev/loop-control ]; then
	test_expect_success 'after SIGKILL the next --fs run unmounts, detaches, removes and says so' '
		mkdir -p s1 &&
		long_run --fs ext4 --scratch "$SCRATCH/s1" >/dev/null 2>&1 &
		pid=$! &&
		wait_for "grep -q \"$SCRATCH/s1/benchpost-run.*/mnt\" /proc/mounts" &&
		dead=$(ls -d "$SCRATCH"/s1/benchpost-run.*) &&
		# the first mount may be the check of the mount options, unmounted
		# again at once: kill while the writer is writing, its file there
		wait_for "grep -q \"$dead/mnt\" /proc/mounts && ls -A \"$dead/mnt\" | grep -qv lost+found" &&
		kill_all $pid &&
		set +e && wait $pid; set -e &&
		# what SIGKILL leaves
		grep -q "$dead/mnt" /proc/mounts &&
		test -d "$dead" &&
		short_run --fs ext2 --scratch "$SCRATCH/s1" >out 2>err &&
		grep -q "^benchpost: warning: cleaned up '"'"'$dead'"'"' of a run that died (pid $pid, started [0-9-]* [0-9:]*), unmounted 1 file system.*, removed [0-9]* files ([0-9.]* MiB)$" err &&
		! grep -q "$SCRATCH/s1" /proc/mounts &&
		! losetup -a | grep -q "$SCRATCH/s1" &&
		test -z "$(ls -A s1)"
	'
else
	test_skip 'after SIGKILL the next --fs run unmounts, detaches, removes and says so' 'needs root and /dev/loop-control'
fi

test_expect_success 'after SIGKILL the next --dir run removes what the dead one left' '
	mkdir d1 &&
	long_run --dir "$SCRATCH/d1" >/dev/null 2>&1 &
	pid=$! &&
	wait_for "test -d d1/benchpost-run.*/work 2>/dev/null" &&
	sleep 0.5 &&
	dead=$(ls -d "$SCRATCH"/d1/benchpost-run.*) &&
	kill_all $pid &&
	set +e && wait $pid; set -e &&
	test -f "$dead/owner" &&
	short_run --dir "$SCRATCH/d1" >out 2>err &&
	grep -q "^benchpost: warning: cleaned up '"'"'$dead'"'"' of a run that died (pid $pid" err &&
	test -z "$(ls -A d1)"
'

test_expect_success 'a live run and scratch without an owner record are left alone' '
	mkdir d2 && mkdir d2/benchpost-run.notours && : >d2/benchpost-run.notours/file &&
	long_run --dir "$SCRATCH/d2" >/dev/null 2>err.live &
	pid=$! &&
	wait_for "test -f d2/benchpost-run.*/owner 2>/dev/null" &&
	live=$(grep -l "^pid $pid$" d2/benchpost-run.*/owner) &&
	short_run --dir "$SCRATCH/d2" >out 2>err &&
	! grep -q "cleaned up" err &&
	test -f "$live" &&
	kill -0 $pid &&
	test -f d2/benchpost-run.notours/file &&
	kill -TERM $pid &&
	set +e && wait $pid; rc=$?; set -e &&
	test $rc = 143 &&
	test "$(ls -A d2)" = benchpost-run.notours
'

# Should a test above fail half way, nothing of ours stays mounted.
grep " $SCRATCH/" /proc/mounts | while read -r _ dir _; do umount -l "$dir"; done

test_done
