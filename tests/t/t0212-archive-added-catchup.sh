#!/bin/sh
# A clone, or an archive after a pull, lacks the added-by lines of the
# commits it did not write (<gitdir>/benchpost/added/, not part of the
# history).  The first read that misses one walks once and records every
# kernel; after a pull only the commits it brought are walked; and the
# answers are those of the original archive and of a fresh walk.
. "$(dirname "$0")/archive-lib.sh"

# Every line of the files against git: the commit that added the path.
check_against_git() {
	cat "$1"/.git/benchpost/added/* | sort -u -k3 >lines &&
	test -s lines &&
	git_in "$1" log --format="C %H %ct" --diff-filter=A --name-only -- runs |
		awk "/^C /{ c = \$2 \" \" \$3; next } NF { print c, \$0 }" | sort -k3 >want &&
	sort -k3 lines >got &&
	test_cmp want got
}

no_duplicate_lines() {
	cat "$1"/.git/benchpost/added/* | sort | uniq -d >dups &&
	{ test ! -s dups || { echo "recorded twice:"; head dups; return 1; }; }
}

test_expect_success 'setup: 240 single-run commits over 60 kernels' '
	gen_runs 0 240 4 4 &&
	bp_commit --archive arch --when 1000 in/*.bench >saved &&
	test "$(git_in arch rev-list --count HEAD)" = 240 &&
	test "$(cat arch/.git/benchpost/added/.walked)" = "$(git_in arch rev-parse HEAD)" &&
	benchpost log --archive arch --format bench >orig.all &&
	for k in 4.0.0 4.31.0 4.59.0; do
		benchpost log --archive arch --kernel $k --format bench >orig.$k || return 1
	done
'

test_expect_success 'a clone: the first log --kernel K records every kernel in one walk' '
	git clone -q arch copy 2>/dev/null &&
	test ! -e copy/.git/benchpost &&
	benchpost log --archive copy --kernel 4.31.0 --format bench >clone.4.31.0 &&
	test_cmp orig.4.31.0 clone.4.31.0 &&
	test "$(ls copy/.git/benchpost/added | wc -l)" = 60 &&
	test "$(cat copy/.git/benchpost/added/* | wc -l)" = 240 &&
	test "$(cat copy/.git/benchpost/added/.walked)" = "$(git_in copy rev-parse HEAD)" &&
	check_against_git copy &&
	for k in 4.0.0 4.59.0; do
		benchpost log --archive copy --kernel $k --format bench >clone.$k &&
		test_cmp orig.$k clone.$k || return 1
	done &&
	benchpost log --archive copy --format bench >clone.all &&
	test_cmp orig.all clone.all &&
	no_duplicate_lines copy
'

test_expect_success 'a commit moves the marker on' '
	gen_runs 1000 1001 4 4 &&
	bp_commit --archive copy --when 3000 in/*.bench >/dev/null &&
	test "$(cat copy/.git/benchpost/added/.walked)" = "$(git_in copy rev-parse HEAD)" &&
	check_against_git copy
'

test_expect_success 'pull: only the commits pulled are walked, answers as a fresh walk' '
	git init -q --bare hub.git &&
	benchpost push --archive arch "$PWD/hub.git" &&
	git clone -q hub.git lab 2>/dev/null &&
	benchpost log --archive lab --kernel 4.0.0 >/dev/null &&
	test "$(cat lab/.git/benchpost/added/* | wc -l)" = 240 &&
	gen_runs 240 280 4 4 &&
	bp_commit --archive arch --when 2000 in/*.bench >/dev/null &&
	benchpost push --archive arch "$PWD/hub.git" &&
	benchpost pull --archive lab "$PWD/hub.git" >/dev/null &&
	# 40 lines more, none twice: the 240 commits already recorded were not walked
	test "$(cat lab/.git/benchpost/added/* | wc -l)" = 280 &&
	no_duplicate_lines lab &&
	test "$(cat lab/.git/benchpost/added/.walked)" = "$(git_in lab rev-parse HEAD)" &&
	check_against_git lab &&
	benchpost log --archive lab --format bench >pulled.warm &&
	rm -rf lab/.git/benchpost &&
	benchpost log --archive lab --format bench >pulled.cold &&
	test_cmp pulled.cold pulled.warm &&
	benchpost log --archive arch --format bench >orig.all &&
	test_cmp orig.all pulled.warm
'

test_expect_success 'pull of diverged histories: the merge and what it brought' '
	gen_runs 2000 2003 4 4 &&
	bp_commit --archive lab --when 4000 in/*.bench >/dev/null &&
	gen_runs 3000 3005 4 4 &&
	bp_commit --archive arch --when 5000 in/*.bench >/dev/null &&
	benchpost push --archive arch "$PWD/hub.git" &&
	benchpost pull --archive lab "$PWD/hub.git" >out &&
	grep -q "histories merged" out &&
	test "$(cat lab/.git/benchpost/added/* | wc -l)" = 288 &&
	no_duplicate_lines lab &&
	check_against_git lab &&
	benchpost log --archive lab --format bench >merged.warm &&
	rm -rf lab/.git/benchpost &&
	benchpost log --archive lab --format bench >merged.cold &&
	test_cmp merged.cold merged.warm
'

test_expect_success 'a marker that lies (files deleted by hand) changes no answer' '
	benchpost log --archive copy --format bench >before &&
	rm copy/.git/benchpost/added/4.7.0 &&
	echo 0123456789012345678901234567890123456789 >>copy/.git/benchpost/added/4.8.0 &&
	benchpost log --archive copy --format bench >after &&
	test_cmp before after &&
	echo garbage >copy/.git/benchpost/added/.walked &&
	rm copy/.git/benchpost/added/4.9.0 &&
	benchpost log --archive copy --format bench >after &&
	test_cmp before after &&
	test -s copy/.git/benchpost/added/4.7.0 &&
	test -s copy/.git/benchpost/added/4.9.0
'

test_done
