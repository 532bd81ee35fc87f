#!/bin/sh
# A batch commit (packed through a second repository handle) keeps the
# archive's history: its parent is the commit before it, never dropped.
. "$(dirname "$0")/archive-lib.sh"

make_runs() {
	i=0
	while [ $i -lt "$2" ]; do
		i=$((i + 1))
		printf "kernel: 6.1.%d\nfs: ext4\nBenchmarkUntar 1 %d.5 sec/op\n" "$i" "$i" >"$1-$i.bench"
	done
}

test_expect_success 'two batches of 20 and a single run make three commits in a line' '
	make_runs a 20 && make_runs b 20 && make_runs c 1 &&
	bp_commit --archive arch --batch 20 a-*.bench >/dev/null &&
	bp_commit --archive arch --batch 20 b-*.bench >/dev/null &&
	bp_commit --archive arch c-1.bench >/dev/null &&
	test "$(git_in arch rev-list --count HEAD)" = 3 &&
	test "$(git_in arch ls-tree -r --name-only HEAD runs | wc -l)" = 41
'

test_expect_success 'every commit of the line adds its own runs' '
	git_in arch log --format=%H >commits &&
	for c in $(cat commits); do
		git_in arch diff-tree --no-commit-id --root -r --name-only "$c" | grep -c "^runs/" ||
			exit 1
	done >counts &&
	printf "1\n20\n20\n" >want &&
	test_cmp want counts
'

test_expect_success 'git fsck accepts the archive' '
	git_in arch fsck --strict
'

test_done
