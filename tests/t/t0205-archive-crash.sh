#!/bin/sh
# kill -9 in the middle of batch commits, at different moments: git fsck
# stays clean and every run reported as saved is present.
. "$(dirname "$0")/archive-lib.sh"

F=$ARCHIVE_FIXTURES/b-2.4.15.bench

# git fsck must accept the repository: exit 0 and nothing but dangling
# objects (what a killed batch leaves before its ref moves) reported.
fsck_clean() {
	git_in "$1" fsck --strict >fsck.out 2>&1 || { cat fsck.out; return 1; }
	! grep -v "^dangling \|^Checking\|^notice: HEAD points to an unborn branch" fsck.out
}

# One round: batch commits, killed $1 seconds after $2 batches were
# reported saved (so the kill lands at different moments of a batch
# whatever the speed of the build); then the checks.
kill_round() {
	delay=$1 batches=$2 when=$3
	shift 3
	"$BP_HELPERS/bp-commit" --archive arch --batch 30 --when "$when" "$@" >saved 2>/dev/null &
	pid=$!
	waited=0
	while [ "$(wc -l <saved)" -lt $((batches * 30)) ] && [ $waited -lt 3000 ] &&
	      kill -0 $pid 2>/dev/null; do
		sleep 0.01
		waited=$((waited + 1))
	done
	sleep "$delay"
	kill -9 $pid 2>/dev/null || :
	wait $pid 2>/dev/null || :
	# the kill can cut a write of paths at a page of the file: a last line
	# without its newline was never reported whole
	if [ -n "$(tail -c1 saved)" ]; then sed '$d' saved; else cat saved; fi >>saved.all
	test -d arch/.git || return 0
	fsck_clean arch || return 1
	git_in arch ls-tree -r --name-only HEAD runs >present 2>/dev/null || : >present
	sort -u present >present.sorted
	sort -u saved.all >saved.sorted
	comm -23 saved.sorted present.sorted >lost
	if test -s lost; then
		echo "killed after $delay s, reported saved but missing:"
		cat lost
		return 1
	fi
}

test_expect_success 'SIGKILL during batch commits, repeated at different moments' '
	files= &&
	for i in $(seq 300); do files="$files $F"; done &&
	: >saved.all &&
	round=0 &&
	for delay in 0 0.001 0.003 0.005 0.01 0.02 0.03 0.05 0.08 0.13; do
		round=$((round + 1))
		kill_round $delay $((round % 3)) $((round * 100000)) $files
	done &&
	echo "$(wc -l <saved.all) runs reported saved over $round kills" &&
	test -s saved.all
'

test_expect_success 'after the kills the archive still takes runs and is clean' '
	bp_commit --archive arch --when 99 "$F" >last &&
	git_in arch cat-file -e "HEAD:$(cat last)" &&
	fsck_clean arch &&
	git_in arch status --porcelain >status &&
	{ test ! -s status || { echo "git status:"; head status; false; }; } &&
	for f in arch/.git/refs/heads/*.lock arch/.git/index.lock; do
		test ! -e "$f" || { echo "left behind: $f"; false; }
	done &&
	# batches of 30 went in as packs, single runs as loose objects
	ls arch/.git/objects/pack/pack-*.idx >/dev/null
'

test_done
