#!/bin/sh
# SIGKILL while a commit consolidates the packs: at each step of the
# consolidation and at moments spread over a whole commit, git fsck stays
# clean, no object is lost, every run reported saved is present, and the
# archive takes runs again.
. "$(dirname "$0")/archive-lib.sh"

# After a kill: clean, the base intact, what was reported saved present,
# the runs readable through benchpost, and the archive writable again.
after_kill() {
	fsck_full_clean k || return 1
	git_in k ls-tree -r --name-only HEAD runs | sort >present &&
	sort base.saved saved >want &&
	comm -23 want present >lost &&
	{ test ! -s lost || { echo "lost:"; cat lost; return 1; }; } &&
	benchpost log --archive k --format bench >all.bench &&
	test "$(grep -c ^BenchmarkUntar all.bench)" = "$(wc -l <present)" &&
	bp_commit --archive k --batch 16 --when 900000 in/*.bench >again &&
	test "$(wc -l <again)" = 16 &&
	! ls k/.git/objects/pack | grep -v "^pack-[0-9a-f]*\.\(pack\|idx\)$" &&
	no_orphan_packs k &&
	fsck_full_clean k
}

# Every pack has its index: git cannot read a pack without one.
no_orphan_packs() {
	for p in "$1"/.git/objects/pack/pack-*.pack; do
		test -e "$p" || continue
		test -f "${p%.pack}.idx" || { echo "a pack without its index: $p"; return 1; }
	done
}

test_expect_success 'setup: three packs in a progression, one batch away from a rollup' '
	from=0 &&
	for n in 256 64 16; do
		gen_runs $from $((from + n)) 16 4 &&
		bp_commit --archive base --batch $n --when $((from * 10)) in/*.bench >>base.saved ||
		return 1
		from=$((from + n))
	done &&
	test "$(pack_count base)" = 3 &&
	gen_runs $from $((from + 16)) 16 4 &&
	cp -a base k &&
	bp_commit --archive k --batch 16 --when 500000 in/*.bench >saved &&
	# three packs and the batch'"'"'s fourth: the smallest three rolled into one
	test "$(pack_count k)" = 2 &&
	fsck_full_clean k
'

test_expect_success 'killed at each step of the consolidation' '
	for step in 1 2 3; do
		rm -rf k && cp -a base k &&
		BENCHPOST_TEST_KILL_REPACK=$step \
			"$BP_HELPERS/bp-commit" --archive k --batch 16 --when 500000 in/*.bench \
			>saved 2>/dev/null &&
		{ echo "step $step: not killed"; return 1; }
		# the batch itself was saved before the consolidation began
		test "$(git_in k ls-tree -r --name-only HEAD runs | wc -l)" = 352 &&
		echo "step $step: $(pack_count k) packs left" &&
		after_kill || { echo "after a kill at step $step"; return 1; }
	done
'

test_expect_success 'killed at 20 moments spread over a consolidating commit' '
	rm -rf k && cp -a base k &&
	t0=$(date +%s%N) &&
	bp_commit --archive k --batch 16 --when 500000 in/*.bench >/dev/null &&
	whole=$(( ($(date +%s%N) - t0) / 1000 )) &&
	echo "one consolidating commit: $whole us" &&
	for i in $(seq 0 19); do
		rm -rf k && cp -a base k || return 1
		"$BP_HELPERS/bp-commit" --archive k --batch 16 --when 500000 in/*.bench >saved 2>/dev/null &
		pid=$! &&
		sleep "$(awk -v w=$whole -v i=$i "BEGIN { printf \"%.6f\", w * i / 19 / 1e6 }")" &&
		kill -9 $pid 2>/dev/null || :
		wait $pid 2>/dev/null || :
		echo "moment $i: $(wc -l <saved) saved, $(pack_count k) packs" &&
		after_kill || { echo "after the kill at moment $i"; return 1; }
	done
'

test_expect_success 'the next writer removes a pack whose index a killed one had removed' '
	rm -rf k && cp -a base k &&
	BENCHPOST_TEST_KILL_REPACK=2 \
		"$BP_HELPERS/bp-commit" --archive k --batch 16 --when 500000 in/*.bench >saved 2>/dev/null &&
	{ echo "not killed"; return 1; }
	! no_orphan_packs k >/dev/null &&
	bp_commit --archive k --batch 16 --when 900000 in/*.bench >again 2>err &&
	grep -q "removed .*pack-[0-9a-f]*\.pack. left by a benchpost that died" err &&
	no_orphan_packs k &&
	fsck_full_clean k
'

test_expect_success 'the next writer removes the half-written pack of a killed one' '
	rm -rf k && cp -a base k &&
	BENCHPOST_TEST_KILL_REPACK=1 \
		"$BP_HELPERS/bp-commit" --archive k --batch 16 --when 500000 in/*.bench >saved 2>/dev/null &&
	{ echo "not killed"; return 1; }
	# what the indexer has open while it writes: a temporary pack and the index lock
	echo partial >k/.git/objects/pack/pack_git2_a1b2c3 &&
	echo partial >k/.git/objects/pack/pack-0123456789abcdef0123456789abcdef01234567.idx.lock &&
	bp_commit --archive k --batch 16 --when 900000 in/*.bench >again 2>err &&
	grep -q "removed .*pack_git2_a1b2c3. left by a benchpost that died" err &&
	! ls k/.git/objects/pack | grep -v "^pack-[0-9a-f]*\.\(pack\|idx\)$" &&
	fsck_full_clean k
'

test_done
