#!/bin/sh
# The commit fits but the working tree does not: the runs are saved (the
# branch moved), the user is warned, and the next writer repairs the tree.
. "$(dirname "$0")/archive-lib.sh"

if [ "$(id -u)" != 0 ]; then
	test_skip 'a full disk while writing the working tree' 'needs root to mount a tmpfs'
	test_done
	exit
fi
mkdir small
if ! mount -t tmpfs -o size=8m,mode=0755 bp-worktree-full small 2>mount.err; then
	test_skip 'a full disk while writing the working tree' "cannot mount a tmpfs: $(cat mount.err)"
	test_done
	exit
fi
trap 'umount "$SCRATCH/small" 2>/dev/null; rm -rf "$SCRATCH"' EXIT

test_expect_success 'the batch is saved, the tree lags, a warning says so' '
	bp_commit --archive small/arch --when 1 "$ARCHIVE_FIXTURES/a-2.5.44-mm3.bench" >/dev/null &&
	set -- &&
	for i in $(seq 200); do set -- "$@" "$ARCHIVE_FIXTURES/b-2.4.15.bench"; done &&
	free=$(df -k --output=avail small | tail -1) &&
	# a packed batch of 200 runs needs a few KiB; 200 files in the tree need 800
	dd if=/dev/zero of=small/fill bs=1k count=$((free - 120)) 2>/dev/null &&
	bp_commit --archive small/arch --batch 200 --when 1000 "$@" >saved 2>err &&
	test $(wc -l <saved) = 200 &&
	grep -q "^benchpost: warning: the archive.s working tree in .small/arch. was not updated: .*No space left on device$" err &&
	test $(git_in small/arch ls-tree -r --name-only HEAD runs | wc -l) = 201
'

test_expect_success 'with space again, the next writer brings the tree up to date' '
	rm -f small/fill &&
	bp_commit --archive small/arch --when 5000 "$ARCHIVE_FIXTURES/c-6.1.0-28-amd64.bench" >/dev/null 2>err &&
	{ test ! -s err || { cat err; false; }; } &&
	git_in small/arch status --porcelain >status &&
	{ test ! -s status || { head status; false; }; } &&
	test $(find small/arch/runs -name "*.bench" | wc -l) = 202 &&
	git_in small/arch fsck --strict
'

test_done
