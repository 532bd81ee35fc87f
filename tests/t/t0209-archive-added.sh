#!/bin/sh
# Which commit added each run is kept in <gitdir>/benchpost/added/<kernel>
# so that reading one kernel does not walk the history: what it says must
# be what a walk (and git itself) says, and losing or damaging it must
# never change an answer.
. "$(dirname "$0")/archive-lib.sh"

F=$ARCHIVE_FIXTURES

# Every line of the files against git: the commit that added the path.
check_against_git() {
	cat "$1"/.git/benchpost/added/* | sort -u -k3 >lines &&
	test -s lines &&
	while read -r commit when path; do
		want=$(git_in "$1" log --format="%H %ct" --diff-filter=A -- "$path") &&
		test "$commit $when" = "$want" ||
		{ echo "$path: cache says $commit $when, git says $want"; return 1; }
	done <lines
}

test_expect_success 'setup: batches and single runs, each kernel over several commits' '
	for b in 0 1 2; do
		gen_runs $((b * 40)) $((b * 40 + 40)) 10 5 &&
		bp_commit --archive arch --batch 20 --when $((b * 1000)) in/*.bench >/dev/null || return 1
	done &&
	bp_commit --archive arch --when 5000 "$F/a-2.5.44-mm3.bench" >/dev/null &&
	bp_commit --archive arch --when 6000 "$F/a-2.5.44-mm3.bench" >/dev/null &&
	test "$(git_in arch rev-list --count HEAD)" = 8
'

test_expect_success 'each commit writes the commit of every run it added' '
	ls arch/.git/benchpost/added >kernels &&
	test "$(wc -l <kernels)" = 13 &&
	test "$(cat arch/.git/benchpost/added/* | wc -l)" = 122 &&
	check_against_git arch
'

test_expect_success 'log with the files equals log without them (a walk)' '
	for k in 5.0.0 5.7.0 5.11.0 2.5.44-mm3; do
		benchpost log --archive arch --kernel $k --format bench >warm.$k || return 1
	done &&
	benchpost log --archive arch --format bench >warm.all &&
	grep -q "^commit: [0-9a-f]\{40\}$" warm.5.0.0 &&
	rm -rf arch/.git/benchpost &&
	for k in 5.0.0 5.7.0 5.11.0 2.5.44-mm3; do
		benchpost log --archive arch --kernel $k --format bench >cold.$k &&
		test_cmp warm.$k cold.$k || return 1
	done &&
	benchpost log --archive arch --format bench >cold.all &&
	test_cmp warm.all cold.all
'

test_expect_success 'a reader that walked leaves what it found, for every kernel, for the next' '
	rm -rf arch/.git/benchpost &&
	benchpost log --archive arch --kernel 5.3.0 >/dev/null &&
	test "$(wc -l <arch/.git/benchpost/added/5.3.0)" = 10 &&
	test "$(ls arch/.git/benchpost/added | wc -l)" = 13 &&
	test "$(cat arch/.git/benchpost/added/* | wc -l)" = 122 &&
	test "$(cat arch/.git/benchpost/added/.walked)" = "$(git_in arch rev-parse HEAD)" &&
	benchpost show --archive arch "$(git_in arch ls-tree -r --name-only HEAD runs/5.4.0 | head -1)" >/dev/null &&
	test "$(cat arch/.git/benchpost/added/* | wc -l)" = 122 &&
	check_against_git arch
'

test_expect_success 'cut, malformed and unknown lines are ignored' '
	benchpost log --archive arch --format bench >warm.all &&
	f=arch/.git/benchpost/added/5.7.0 &&
	p=$(sed -n "3s/.* //p" $f) &&
	{
		printf "0123456789012345678901234567890123456789 1 %s\n" "$p"
		printf "garbage\n\n%s 12 runs/5.7.0/x y\n" "$(sed -n "1s/ .*//p" $f)"
		cat $f
		sed -n "1s/\(.\{50\}\).*/\1/p" $f
	} >new && mv new $f &&
	benchpost log --archive arch --format bench >damaged.all &&
	test_cmp warm.all damaged.all &&
	printf "%s" "$(head -c 30 arch/.git/benchpost/added/5.8.0)" >arch/.git/benchpost/added/5.9.0 &&
	benchpost log --archive arch --format bench >damaged.all &&
	test_cmp warm.all damaged.all
'

test_expect_success 'a clone has no files and gives the same answers' '
	git clone -q arch copy 2>/dev/null &&
	test ! -e copy/.git/benchpost &&
	benchpost log --archive copy --format bench >clone.all &&
	test_cmp warm.all clone.all
'

test_expect_success 'runs merged by pull are attributed to the commits that made them' '
	git init -q --bare hub.git &&
	benchpost push --archive arch "$PWD/hub.git" &&
	benchpost pull --archive lab "$PWD/hub.git" >/dev/null &&
	bp_commit --archive arch --when 7000 "$F/b-2.4.15.bench" >/dev/null &&
	benchpost push --archive arch "$PWD/hub.git" &&
	bp_commit --archive lab --when 8000 "$F/c-6.1.0-28-amd64.bench" >/dev/null &&
	benchpost pull --archive lab "$PWD/hub.git" >out &&
	grep -q "histories merged" out &&
	benchpost log --archive lab --format bench >merged.warm &&
	rm -rf lab/.git/benchpost &&
	benchpost log --archive lab --format bench >merged.cold &&
	test_cmp merged.cold merged.warm &&
	c=$(git_in arch log --format=%H -1 -- runs/2.4.15) &&
	benchpost log --archive lab --kernel 2.4.15 --format bench >out &&
	grep -q "^commit: $c$" out &&
	check_against_git lab
'

# The path of a run is kernel/hardware/time-fs-suite: after a reset by
# hand, or on two machines, another commit can add the same path.
run_file() {
	printf "kernel: 4.1.0\nhardware: m0\nfs: ext4\nBenchmarkUntar 1 %s sec/op\n" "$1"
}

test_expect_success 'a line whose commit left the branch (reset by hand) is not believed' '
	run_file 40.00 >r40.bench && run_file 41.00 >r41.bench && run_file 42.00 >r42.bench &&
	bp_commit --archive reset --when 1000 r40.bench >/dev/null &&
	bp_commit --archive reset --when 2000 r41.bench >/dev/null &&
	benchpost log --archive reset --kernel 4.1.0 --format json >/dev/null &&
	git_in reset reset -q --hard HEAD~1 &&
	bp_commit --archive reset --when 2000 r42.bench >/dev/null &&
	benchpost log --archive reset --kernel 4.1.0 >cached &&
	rm -rf reset/.git/benchpost &&
	benchpost log --archive reset --kernel 4.1.0 >walked &&
	test_cmp walked cached &&
	grep -q "$(git_in reset rev-parse --short HEAD)" cached
'

test_expect_success 'the same run added on two machines and merged: the cache answers as a walk' '
	bp_commit --archive one --when 1000 r40.bench >/dev/null &&
	git clone -q one two &&
	bp_commit --archive one --when 2000 r41.bench >/dev/null &&
	bp_commit --archive two --when 3000 r42.bench >/dev/null &&
	bp_commit --archive two --when 2000 r41.bench >/dev/null &&
	benchpost pull --archive one "$PWD/two" >/dev/null 2>&1 &&
	benchpost log --archive one --kernel 4.1.0 >cached &&
	benchpost log --archive one --kernel 4.1.0 >cached.again &&
	rm -rf one/.git/benchpost &&
	benchpost log --archive one --kernel 4.1.0 >walked &&
	test_cmp walked cached &&
	test_cmp walked cached.again
'

test_done
