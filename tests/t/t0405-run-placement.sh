#!/bin/sh
# benchpost run --fs: every file system sits on the same blocks (checked
# while the run goes on), caches are cold for real (the disk sees the
# reads), the monitors are kept, and the report says how each file system
# was made and mounted.
. "$(dirname "$0")/lib.sh"
. "$SRCDIR/tests/t/lib-run.sh"

why=$(loop_skip_reason mkfs.xfs mkfs.btrfs)
if [ -n "$why" ]; then
	test_skip 'the image stays fully allocated while each file system runs' "$why"
	test_done
	exit
fi

tar -C "$SRCDIR" -czf "$SCRATCH/small.tar.gz" core parse

# The type of the file system mounted on our own run's mount point, if any.
mounted_type() {
	awk -v p="$SCRATCH/benchpost-run." 'index($2, p) == 1 && $2 ~ /\/mnt$/ { print $3 }' /proc/mounts
}

# Allocated bytes >= size of our run's image (stat: blocks of %B bytes).
image_full() {
	for img in "$SCRATCH"/benchpost-run.*/image; do
		[ -f "$img" ] || return 0
		set -- $(stat -c '%b %B %s' "$img")
		if [ $(($1 * $2)) -lt "$3" ]; then
			echo "$img: $(($1 * $2)) of $3 bytes allocated"
			return 1
		fi
	done
}

# metric of benchmark, iteration 1, from JSON Lines
value() {
	grep "\"benchmark\":\"$1\",\"metric\":\"$2\"," "$3" | sed -n 's/.*"value":\([0-9.]*\),.*/\1/p' | head -1
}

test_expect_success 'the image stays fully allocated while each file system runs' '
	benchpost run --suite quick --tarball "$SCRATCH/small.tar.gz" --fs ext2,ext3,ext4,xfs,btrfs \
		-n 3 -q --scratch "$SCRATCH" --archive "$SCRATCH/arch" --test dbench,rm-tree \
		--param dbench.time=1 --param dbench.clients=1 >out 2>err &
	pid=$! &&
	: >seen &&
	while kill -0 $pid 2>/dev/null; do
		t=$(mounted_type)
		if [ -n "$t" ]; then
			image_full || { kill $pid; wait $pid; exit 1; }
			echo "$t" >>seen
		fi
		sleep 0.1
	done &&
	wait $pid &&
	for t in ext2 ext3 ext4 xfs btrfs; do
		grep -qx $t seen || { echo "never saw $t mounted"; exit 1; }
	done &&
	! grep -q "same blocks" err &&
	nothing_left
'

test_expect_success 'each run says placement held and how its file system was made, read back' '
	for fs in ext2 ext3 ext4 xfs btrfs; do
		benchpost log --archive "$SCRATCH/arch" --fs $fs --format bench >$fs.bench &&
		grep -q "^placement: held: the 640 MiB image was fully allocated before and after mkfs (mkfs and mount without discard)$" $fs.bench &&
		grep -Eq "^fs-size: [0-9]+\.[0-9] MiB$" $fs.bench &&
		grep -q "^mount-options: rw," $fs.bench || { echo "$fs"; exit 1; }
	done &&
	grep -q "^mkfs-command: mkfs.ext4 -F -q -E nodiscard$" ext4.bench &&
	grep -q "^mkfs-command: mkfs.ext2 -F -q -E nodiscard$" ext2.bench &&
	grep -q "^mkfs-command: mkfs.xfs -f -q -K$" xfs.bench &&
	grep -q "^mkfs-command: mkfs.btrfs -f -q -K$" btrfs.bench &&
	# ext4 lists every option in force, defaults included
	grep -q "^fs-options: rw,.*nodiscard.*data=ordered" ext4.bench &&
	grep -q "^fs-features: has_journal .*extent" ext4.bench &&
	! grep -q "^fs-features: .*has_journal" ext2.bench &&
	grep -q "^fs-layout: .*isize=" xfs.bench &&
	grep -q "^fs-layout: .*sectorsize 4096" btrfs.bench &&
	# btrfs turns discard on by itself where it can: we turn it off
	grep -q "^mount-given: nodiscard$" btrfs.bench &&
	# ext4 would zero its inode tables in the background during the steps
	grep -q "^mount-given: noinit_itable$" ext4.bench &&
	grep -q "^fs-options: .*noinit_itable" ext4.bench &&
	! grep -q "^mount-options: .*discard" btrfs.bench &&
	grep -q "^mkfs.xfs-version: mkfs.xfs version" xfs.bench &&
	grep -q "^load-before: 1-min load average " ext4.bench
'

test_expect_success 'the report names the data set, how each was made, the tools and the load' '
	tr "\n" " " <out >para &&
	grep -q "The data set is the tarball given (--tarball), small.tar.gz, [0-9]* files" para &&
	grep -q "Made and mounted as read back from the mounted file system: ext2 by mkfs.ext2 -F -q -E nodiscard, mounted rw,relatime, [0-9.]* MiB; ext3 by" para &&
	grep -q "xfs by mkfs.xfs -f -q -K, mounted rw," para &&
	grep -q "Every file system sat on the same blocks: the 640 MiB image was fully allocated" para &&
	grep -q "I/O scheduler of the disk: " para &&
	grep -q "Tools: tar (GNU tar) [0-9.]*, gzip [0-9.]*, .*mke2fs [0-9.]*, .*benchpost " para &&
	grep -q "Before the iterations: 1-min load average [0-9.]* to [0-9.]*" para &&
	awk "length > 72 { exit 1 }" out
'

test_expect_success 'mkfs options given with -E keep nodiscard; a discard mount breaks placement and says so' '
	benchpost run --suite quick --tarball "$SCRATCH/small.tar.gz" --fs "ext4::-E stride=4" -n 1 -q \
		--scratch "$SCRATCH" --archive "$SCRATCH/arch2" --test writer --param writer.writes=16 >out2 2>err2 &&
	benchpost log --archive "$SCRATCH/arch2" --format bench >e.bench &&
	grep -q "^mkfs-command: mkfs.ext4 -F -q -E stride=4,nodiscard$" e.bench &&
	# online discard of what rm-tree frees punches holes in the image
	benchpost run --suite quick --tarball "$SCRATCH/small.tar.gz" --fs ext4:discard -n 3 -q \
		--scratch "$SCRATCH" --archive "$SCRATCH/arch3" --test rm-tree >out3 2>err3 &&
	grep -q "only [0-9.]* of the 640 MiB image stayed allocated: the file systems may not sit on the same blocks" err3 &&
	benchpost log --archive "$SCRATCH/arch3" --format bench >d.bench &&
	grep -q "^placement: not held: only [0-9.]* of the 640 MiB image stayed allocated after mkfs$" d.bench &&
	nothing_left
'

test_expect_success 'caches are cold for real and the disk traffic is kept beside the times' '
	benchpost run --suite quick --tarball "$SCRATCH/small.tar.gz" --fs ext4 -n 1 -q \
		--scratch "$SCRATCH" --archive "$SCRATCH/arch4" --test dd --param dd.mib=16 >out4 2>err4 &&
	benchpost log --archive "$SCRATCH/arch4" --format json >dd.json &&
	# what dd read back came from the backing disk, not a cache
	r=$(value "dd read 16 MiB" disk-read dd.json) &&
	test "$r" -ge 16384 &&
	# what dd wrote reached the disk by the end of its sync
	w=$(value "dd write 16 MiB" disk-write dd.json) &&
	sw=$(value "dd write 16 MiB" sync-disk-write dd.json) &&
	test $((w + sw)) -ge 16384 &&
	for m in disk-busy pgpgout dirty writeback self-cpu sync-disk-busy sync-pgpgout sync-dirty \
		 load-1m; do
		grep -q "\"benchmark\":\"dd write 16 MiB\",\"metric\":\"$m\"," dd.json ||
			{ echo "missing $m"; exit 1; }
	done &&
	if [ -r /proc/pressure/io ]; then
		grep -q "\"metric\":\"psi-io-some\",\"value\":[0-9.]*,\"unit\":\"%\"" dd.json
	fi
'

test_done
