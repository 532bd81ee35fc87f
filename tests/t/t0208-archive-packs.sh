#!/bin/sh
# Many batches: each batch's pack holds only its own objects, the packs
# are consolidated so that their number stays logarithmic, git fsck stays
# clean and every run stays readable.
. "$(dirname "$0")/archive-lib.sh"

test_expect_success 'a batch pack holds the batch, not the archive again' '
	gen_runs 0 64 8 6 && bp_commit --archive one --batch 64 --when 1000 in/*.bench >/dev/null &&
	ls one/.git/objects/pack/pack-*.idx >first &&
	gen_runs 64 80 8 6 && bp_commit --archive one --batch 16 --when 2000 in/*.bench >/dev/null &&
	ls one/.git/objects/pack/pack-*.idx | grep -v -F -f first >second &&
	test "$(wc -l <second)" = 1 &&
	git verify-pack -v "$(cat second)" >objects &&
	# 16 runs, 1 commit, the root, runs/, 2 kernel and 8 machine trees
	test "$(grep -c " blob " objects)" = 16 &&
	test "$(grep -c " commit " objects)" = 1 &&
	test "$(grep -c " tree " objects)" = 12
'

test_expect_success '80 batches of 16 runs: few packs, nothing lost, fsck clean' '
	: >saved &&
	for b in $(seq 0 79); do
		gen_runs $((b * 16)) $((b * 16 + 16)) 8 6 &&
		bp_commit --archive arch --batch 16 --when $((b * 100)) in/*.bench >>saved ||
		return 1
		# bounded after every batch, not only at the end
		n=$(pack_count arch) &&
		{ test "$n" -le 9 || { echo "$n packs after batch $b"; return 1; }; }
	done &&
	test "$(wc -l <saved)" = 1280 &&
	fsck_full_clean arch &&
	git_in arch ls-tree -r --name-only HEAD runs | sort >present &&
	sort saved >saved.sorted &&
	test_cmp saved.sorted present &&
	# each object stored about once, not once per batch
	git_in arch count-objects -v >count &&
	in_pack=$(sed -n "s/^in-pack: //p" count) &&
	reachable=$(git_in arch rev-list --objects --all | wc -l) &&
	echo "packs $(pack_count arch), in packs $in_pack, reachable $reachable" &&
	test "$in_pack" -le $((reachable + reachable / 10))
'

test_expect_success 'every run is readable after the consolidation' '
	benchpost log --archive arch --format bench >all.bench &&
	test "$(grep -c "^BenchmarkUntar" all.bench)" = 1280 &&
	for p in $(sed -n "1p;640p;1280p" saved); do
		benchpost show --archive arch "$p" >shown &&
		git_in arch show "HEAD:$p" >file &&
		grep -F "$(grep ^Benchmark file)" shown || return 1
	done
'

test_expect_success 'the packs left form a geometric progression' '
	packs_geometric arch
'

test_expect_success 'git clone reads the consolidated archive' '
	git clone -q arch copy 2>/dev/null &&
	git_in copy ls-tree -r --name-only HEAD runs | sort >cloned &&
	test_cmp present cloned
'

test_expect_success 'readers running while batches consolidate the packs never fail' '
	gen_runs 0 16 8 7 && bp_commit --archive busy --batch 16 --when 1 in/*.bench >/dev/null &&
	run=$(git_in busy ls-tree -r --name-only HEAD runs/7.0.0/m0 | head -1) &&
	: >done || return 1
	(
		while test ! -s done; do
			benchpost log --archive busy --kernel 7.0.0 --format bench >/dev/null &&
			benchpost show --archive busy "$run" >/dev/null &&
			benchpost diff --archive busy --hardware m0 7.0.0 7.1.0 >/dev/null ||
				echo "a reader failed" >>failed
		done
	) 2>>failed &
	readers=$! &&
	for b in $(seq 1 40); do
		gen_runs $((b * 16)) $((b * 16 + 16)) 8 7 &&
		bp_commit --archive busy --batch 16 --when $((b * 100)) in/*.bench >/dev/null ||
		{ echo 1 >done; wait $readers; return 1; }
	done &&
	echo 1 >done &&
	wait $readers &&
	{ test ! -s failed || { cat failed; false; }; } &&
	test "$(pack_count busy)" -le 9 &&
	fsck_full_clean busy
'

test_expect_success 'after git repack and a multi-pack index of git: still consolidated, still clean' '
	git_in arch repack -q -d &&
	git_in arch multi-pack-index write &&
	test -e arch/.git/objects/pack/multi-pack-index &&
	for b in $(seq 80 89); do
		gen_runs $((b * 16)) $((b * 16 + 16)) 8 6 &&
		bp_commit --archive arch --batch 16 --when $((b * 100)) in/*.bench >>saved ||
		return 1
	done &&
	test "$(pack_count arch)" -le 5 &&
	fsck_full_clean arch &&
	git_in arch multi-pack-index verify 2>/dev/null || test ! -e arch/.git/objects/pack/multi-pack-index &&
	git_in arch ls-tree -r --name-only HEAD runs | sort >present &&
	sort saved >saved.sorted &&
	test_cmp saved.sorted present &&
	benchpost log --archive arch --format bench | grep -c "^BenchmarkUntar" >n &&
	test "$(cat n)" = 1440
'

test_done
