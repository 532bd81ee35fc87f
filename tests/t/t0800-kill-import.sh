#!/bin/sh
# SIGKILL at 20 moments spread over the batch commit of `benchpost import`
# (the user command; t0205-archive-crash.sh kills the library's commit
# helper between and inside 30-run batches).  The moments are fractions of
# an unkilled import's time measured here, so they land inside the commit
# on a fast build and under the sanitizers alike.  After each kill: git
# fsck clean, the earlier runs all present, and the batch either whole or
# absent (one commit); what import printed as saved is there.
. "$(dirname "$0")/archive-lib.sh"

# 100 messages of generated benchmark mail: some 130 runs in one batch.
python3 "$SRCDIR/bench/import-mbox.py" 1 >all.mbox
awk '/^From / && ++n > 100 { exit } { print }' all.mbox >mail.mbox

fsck_clean() {
	git_in "$1" fsck --strict >fsck.out 2>&1 || { cat fsck.out; return 1; }
	! grep -v "^dangling \|^Checking\|^notice:" fsck.out
}

runs_in() {
	git_in "$1" ls-tree -r --name-only HEAD runs | sort
}

now() { date +%s.%N; }

test_expect_success 'an unkilled import: how long it takes and how many runs' '
	t0=$(now) &&
	benchpost import --dry-run mail.mbox >/dev/null &&
	t1=$(now) &&
	benchpost import --archive whole mail.mbox >whole.saved 2>/dev/null &&
	t2=$(now) &&
	echo "$t0 $t1 $t2" | awk "{ print \$2 - \$1, \$3 - \$1 }" >times &&
	test $(wc -l <whole.saved) -gt 100 &&
	echo "$(wc -l <whole.saved) runs; parse, whole import (s): $(cat times)"
'

test_expect_success 'SIGKILL at 20 moments of the commit: fsck clean, nothing lost, no half batch' '
	fixture_archive arch &&
	runs_in arch >earlier &&
	batch=$(wc -l <whole.saved) &&
	read parse whole <times &&
	k=0 &&
	while [ $k -lt 20 ]; do
		k=$((k + 1))
		delay=$(awk -v p="$parse" -v w="$whole" -v k=$k "BEGIN { printf \"%.3f\", p + (w - p) * k / 21 }")
		runs_in arch >before
		# the binary itself: $! of the shell function would be a subshell
		"$BENCHPOST" import --archive arch mail.mbox >saved 2>err &
		pid=$!
		sleep "$delay"
		kill -9 $pid 2>/dev/null || :
		wait $pid 2>/dev/null || :
		fsck_clean arch || { echo "after a kill at $delay s"; return 1; }
		runs_in arch >after
		comm -23 earlier after >lost
		{ test ! -s lost || { echo "kill at $delay s lost:"; cat lost; return 1; }; }
		comm -23 before after >lost
		{ test ! -s lost || { echo "kill at $delay s lost:"; cat lost; return 1; }; }
		# a line cut short by the kill names no run: whole paths only
		{ grep "\.bench$" saved || :; } | sort | comm -23 - after >lost
		{ test ! -s lost || { echo "kill at $delay s: printed as saved, missing:"; cat lost; return 1; }; }
		added=$(($(wc -l <after) - $(wc -l <before)))
		{ test $added = 0 || test $added = $batch; } ||
			{ echo "kill at $delay s left $added of $batch runs"; return 1; }
		echo "kill at $delay s: $added runs added"
	done &&
	test $k = 20
'

test_expect_success 'after the kills: stale locks gone, the archive takes the batch again' '
	benchpost import --archive arch mail.mbox >saved 2>err &&
	test $(wc -l <saved) = $(wc -l <whole.saved) &&
	runs_in arch >after &&
	sort saved | comm -23 - after >lost &&
	test ! -s lost &&
	fsck_clean arch &&
	for f in arch/.git/refs/heads/*.lock arch/.git/index.lock; do
		test ! -e "$f" || { echo "left behind: $f"; false; }
	done &&
	git_in arch status --porcelain >status &&
	{ test ! -s status || { echo "git status:"; head status; false; }; }
'

test_done
