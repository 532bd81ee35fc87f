#!/bin/sh
# Commits of a few runs (one `benchpost run` each) write loose objects;
# when they pile up they are folded into a pack, so that an archive of
# many tiny commits keeps its loose objects and its packs few, git fsck
# clean and every run readable, even when killed in the middle of a fold.
. "$(dirname "$0")/archive-lib.sh"

loose_count() {
	git_in "$1" count-objects -v | sed -n "s/^count: //p"
}

# Everything reported saved is in HEAD and readable through benchpost.
all_saved_present() {
	git_in "$1" ls-tree -r --name-only HEAD runs | sort >present &&
	sort "$2" >want &&
	comm -23 want present >lost &&
	{ test ! -s lost || { echo "lost:"; cat lost; return 1; }; } &&
	benchpost log --archive "$1" --format bench >all.bench &&
	test "$(grep -c ^BenchmarkUntar all.bench)" = "$(wc -l <present)"
}

test_expect_success '600 single-run commits: few loose objects, few packs' '
	gen_runs 0 600 4 3 &&
	: >saved &&
	i=0 &&
	for f in in/*.bench; do
		# one process per commit, as benchpost run does, checked every 100
		bp_commit --archive arch --when $((1000 + i)) "$f" >>saved || return 1
		i=$((i + 1))
		test $((i % 100)) = 0 || continue
		echo "$i commits: $(loose_count arch) loose, $(pack_count arch) packs"
	done &&
	test "$(wc -l <saved)" = 600 &&
	test "$(git_in arch rev-list --count HEAD)" = 600 &&
	# 6 objects a commit (blob, 3 trees, commit, hardware): 3,600 without a fold
	reachable=$(git_in arch rev-list --objects --all | wc -l) &&
	echo "$(loose_count arch) loose, $(pack_count arch) packs, $reachable objects" &&
	test "$(loose_count arch)" -le 2048 &&
	test "$(pack_count arch)" -ge 1 &&
	test "$(pack_count arch)" -le 12
'

test_expect_success 'fsck clean and every run readable' '
	fsck_full_clean arch &&
	all_saved_present arch saved &&
	for p in $(sed -n "1p;300p;600p" saved); do
		git_in arch show "HEAD:$p" >file &&
		benchpost show --archive arch "$p" >shown &&
		grep -F "$(grep ^Benchmark file)" shown || return 1
	done
'

test_expect_success 'the packs left form a geometric progression' '
	packs_geometric arch
'

test_expect_success 'a damaged loose file is left alone, the rest folded' '
	cp -a arch bad &&
	mkdir -p bad/.git/objects/17 &&
	for n in 1 2 3 4 5 6; do
		echo junk >bad/.git/objects/17/0123456789abcdef0123456789abcdef01234$n ||
		return 1
	done &&
	gen_runs 600 610 4 3 &&
	bp_commit --archive bad --when 5000 in/*.bench >bad.saved &&
	test "$(ls bad/.git/objects/17 | wc -l)" -ge 6 &&
	for n in 1 2 3 4 5 6; do
		test -e bad/.git/objects/17/0123456789abcdef0123456789abcdef01234$n || return 1
	done &&
	rm -f bad/.git/objects/17/0123456789abcdef* &&
	cat saved bad.saved >bad.all &&
	all_saved_present bad bad.all
'

# Killed at step 10 (the fold's pack on disk, nothing removed) and 11 (half
# of the loose objects removed) of the first fold, then written again.
test_expect_success 'killed in the middle of a fold: nothing lost' '
	gen_runs 0 400 4 3 &&
	for step in 10 11; do
		rm -rf k &&
		BENCHPOST_TEST_KILL_REPACK=$step \
			"$BP_HELPERS/bp-commit" --archive k --when 1000 in/*.bench >k.saved 2>/dev/null &&
		{ echo "step $step: not killed"; return 1; }
		n=$(wc -l <k.saved) &&
		echo "step $step: killed after $n commits, $(loose_count k) loose, $(pack_count k) packs" &&
		test "$n" -gt 0 && test "$n" -lt 400 &&
		fsck_full_clean k &&
		all_saved_present k k.saved &&
		# the rest, folding again what the killed fold left
		sed "1,${n}d" k.saved >/dev/null &&
		ls in/*.bench | sed "1,${n}d" >rest &&
		"$BP_HELPERS/bp-commit" --archive k --when 5000 $(cat rest) >>k.saved &&
		test "$(wc -l <k.saved)" = 400 &&
		fsck_full_clean k &&
		all_saved_present k k.saved &&
		test "$(loose_count k)" -le 2048 || { echo "after step $step"; return 1; }
	done
'

# A fold comes at the commit after which objects/17 holds more than 4
# files. Dangling blobs planted there (whose ids start with 17) make the
# next commit fold whatever its own objects are; it is then killed at 20
# moments spread over it, the pack write and the removals included.
count_loose_files() {
	find "$1"/.git/objects -path "*/objects/[0-9a-f][0-9a-f]/*" -type f | wc -l
}

plant_blobs_17() {
	python3 -c "
import hashlib, sys
need, n = int(sys.argv[1]), 0
while need:
    body = b\"planted %d\\n\" % n
    n += 1
    if hashlib.sha1(b\"blob %d\\0\" % len(body) + body).hexdigest().startswith(\"17\"):
        sys.stdout.buffer.write(body)
        need -= 1
" "$2" | while read -r line; do
		echo "$line" | git_in "$1" hash-object -w --stdin >/dev/null || return 1
	done
}

test_expect_success 'killed at 20 moments spread over a folding commit' '
	rm -rf pre && gen_runs 0 101 4 3 &&
	: >pre.saved && i=0 &&
	for run in $(ls in/*.bench | head -n 100); do
		bp_commit --archive pre --when $((1000 + i)) "$run" >>pre.saved || return 1
		i=$((i + 1))
	done &&
	have=$(ls pre/.git/objects/17 2>/dev/null | wc -l) &&
	plant_blobs_17 pre $((5 - have)) &&
	test "$(ls pre/.git/objects/17 | wc -l)" = 5 &&
	before=$(count_loose_files pre) &&
	last=$(ls in/*.bench | tail -n 1) &&
	rm -rf k && cp -a pre k &&
	t0=$(date +%s%N) &&
	bp_commit --archive k --when 9000 "$last" >/dev/null &&
	whole=$(( ($(date +%s%N) - t0) / 1000 )) &&
	echo "one folding commit: $whole us, $before loose files before, $(count_loose_files k) after" &&
	test "$(count_loose_files k)" -lt "$before" &&
	for m in $(seq 0 19); do
		rm -rf k && cp -a pre k || return 1
		"$BP_HELPERS/bp-commit" --archive k --when 9000 "$last" >k.saved 2>/dev/null &
		pid=$! &&
		sleep "$(awk -v w=$whole -v m=$m "BEGIN { printf \"%.6f\", w * m / 19 / 1e6 }")" &&
		kill -9 $pid 2>/dev/null || :
		wait $pid 2>/dev/null || :
		echo "moment $m: $(wc -l <k.saved) saved, $(count_loose_files k) loose files, $(pack_count k) packs" &&
		fsck_full_clean k &&
		cat pre.saved k.saved >k.all &&
		all_saved_present k k.all &&
		"$BP_HELPERS/bp-commit" --archive k --when 9500 "$last" >>k.all &&
		fsck_full_clean k &&
		all_saved_present k k.all || { echo "after the kill at moment $m"; return 1; }
	done
'

test_done
