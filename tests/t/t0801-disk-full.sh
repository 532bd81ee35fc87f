#!/bin/sh
# Disk full during a commit: the archive sits on a 16 MiB tmpfs, filled up
# so that an import's batch fails at its first write, then when its pack
# is half written.  Each time: one clear error and exit 1, nothing printed
# as saved, HEAD where it was, git fsck clean, no temporary object, pack or
# lock left, the earlier runs all there.  With room for the pack but not
# for the working tree's files the batch is saved, says so and warns.
# With the space back the same import goes in whole and the working tree
# is repaired.
. "$(dirname "$0")/archive-lib.sh"

if [ "$(id -u)" != 0 ]; then
	test_skip 'disk full during a commit' 'needs root to mount a tmpfs'
	test_done
	exit
fi
mkdir small
if ! mount -t tmpfs -o size=16m,mode=0755 bp-disk-full small 2>mount.err; then
	test_skip 'disk full during a commit' "cannot mount a tmpfs: $(cat mount.err)"
	test_done
	exit
fi
trap 'umount "$SCRATCH/small" 2>/dev/null; rm -rf "$SCRATCH"' EXIT


# About 650 messages of benchmark mail: a batch of some hundred runs.
python3 "$SRCDIR/bench/import-mbox.py" 1 >mail.mbox

fsck_clean() {
	git_in small/arch fsck --strict >fsck.out 2>&1 || { cat fsck.out; return 1; }
	! grep -v "^dangling \|^Checking\|^notice:" fsck.out
}

# Nothing of a failed batch may stay: no libgit2 temporary object or pack,
# no lock, and no object that does not read back whole.
nothing_half_written() {
	# benchpost.lock is the writers' flock, there for good by design
	find small/arch/.git \( -name "*tmp*" -o -name "pack_git2_*" -o -name "*.lock" -o -name "*.lock.*" \) \
		! -name benchpost.lock >left
	{ test ! -s left || { echo "left behind:"; cat left; false; }; } &&
	# git status would write its index: give it room
	rm -f small/fill &&
	fsck_clean &&
	git_in small/arch status --porcelain >status &&
	{ test ! -s status || { echo "git status:"; head status; false; }; }
}

# Leaves $1 KiB free on the tmpfs (0: none at all).
fill_leaving() {
	rm -f small/fill
	free=$(df -k --output=avail small | tail -1)
	if [ "$1" = 0 ]; then
		dd if=/dev/zero of=small/fill bs=4k 2>/dev/null || :
	else
		dd if=/dev/zero of=small/fill bs=1k count=$((free - $1)) 2>/dev/null
	fi
}

test_expect_success 'an archive with earlier runs on the small file system' '
	fixture_archive small/arch &&
	git_in small/arch ls-tree -r --name-only HEAD runs | sort >earlier &&
	test $(wc -l <earlier) = 6
'

# 0 and 60 KiB: the batch's pack (about 190 KiB) cannot be written
for free in 0 60; do
	test_expect_success "import with ${free} KiB free: clear error, archive intact" '
		head_before=$(git_in small/arch rev-parse HEAD) &&
		fill_leaving '"$free"' &&
		test_expect_code 1 "$BENCHPOST" import --archive small/arch mail.mbox >out 2>err &&
		cat err &&
		grep -q "^benchpost: .*No space left on device$" err &&
		test $(wc -l <err) = 1 &&
		test ! -s out &&
		test "$(git_in small/arch rev-parse HEAD)" = "$head_before" &&
		nothing_half_written &&
		git_in small/arch ls-tree -r --name-only HEAD runs | sort >now &&
		test_cmp earlier now
	'
done

# 400 KiB: the pack fits, the files of the working tree do not.  The
# commit is saved and said so; the working tree is only a convenience.
test_expect_success 'import with 400 KiB free: saved, the working tree warned about' '
	fill_leaving 400 &&
	"$BENCHPOST" import --archive small/arch mail.mbox >saved 2>err &&
	cat err &&
	grep -q "^benchpost: warning: the archive.s working tree in .small/arch. was not updated" err &&
	grep -q "^benchpost: imported .* runs into" err &&
	test -s saved &&
	git_in small/arch ls-tree -r --name-only HEAD runs | sort >now &&
	sort saved earlier | comm -23 - now >lost &&
	{ test ! -s lost || { echo "saved but missing:"; cat lost; false; }; } &&
	rm -f small/fill &&
	fsck_clean
'

test_expect_success 'with the space back the same import goes in whole' '
	rm -f small/fill &&
	git_in small/arch ls-tree -r --name-only HEAD runs | sort >before &&
	{ "$BENCHPOST" import --archive small/arch mail.mbox >saved 2>err || { cat err; false; }; } &&
	test -s saved && test $(wc -l <err) = 1 && grep -q "^benchpost: imported .* runs into" err &&
	git_in small/arch ls-tree -r --name-only HEAD runs | sort >now &&
	sort saved before >want &&
	test_cmp want now &&
	# and the working tree the full disk left behind is repaired
	nothing_half_written
'

test_done
