# Helpers of the run tests (t04NN), sourced after lib.sh.  Every test
# makes its loop devices, mounts and scratch below its own $SCRATCH, and
# these helpers look only there: other runs on the machine are not ours.

# Waits (up to 60 s) until the condition holds.
wait_for() {
	i=0
	while ! eval "$1"; do
		i=$((i + 1))
		[ $i -lt 600 ] || { echo "timed out waiting for: $1"; return 1; }
		sleep 0.1
	done
}

# No mount, loop device or scratch directory of ours is left.
nothing_left() {
	! grep -q "$SCRATCH/benchpost-run" /proc/mounts &&
	! losetup -a 2>/dev/null | grep -q "$SCRATCH/benchpost-run" &&
	test -z "$(ls -d "$SCRATCH"/benchpost-run.* 2>/dev/null)"
}

# Why loop-device tests cannot run here (empty when they can); the
# arguments are the mkfs programs they need beyond e2fsprogs.
loop_skip_reason() {
	if [ "$(id -u)" != 0 ]; then
		echo 'needs root for loop devices and mount'
	elif [ ! -e /dev/loop-control ]; then
		echo 'no /dev/loop-control'
	else
		for prog in "$@"; do
			command -v "$prog" >/dev/null || { echo "$prog missing"; return; }
		done
	fi
}

