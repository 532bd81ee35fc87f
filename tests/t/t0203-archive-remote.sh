#!/bin/sh
# push and pull: two archives share runs through one bare remote.
. "$(dirname "$0")/archive-lib.sh"

F=$ARCHIVE_FIXTURES

test_expect_success 'setup: a bare remote and two lab machines' '
	git init -q --bare hub.git &&
	bp_commit --archive lab1 --when 1000000000 "$F/a-2.5.44-mm3.bench" >/dev/null &&
	benchpost push --archive lab1 "$PWD/hub.git" >out &&
	grep -q "^pushed [a-z]* to " out &&
	benchpost pull --archive lab2 "$PWD/hub.git" >out &&
	grep -q "^1 run from " out &&
	test "$(git_in lab2 rev-parse HEAD)" = "$(git_in lab1 rev-parse HEAD)"
'

test_expect_success 'both commit while apart: histories diverge' '
	bp_commit --archive lab1 --when 1100000000 "$F/b-2.4.15.bench" "$F/c-6.1.0-28-amd64.bench" >/dev/null &&
	bp_commit --archive lab2 --when 1200000000 "$F/d-2.4.15-pre4.bench" >/dev/null &&
	benchpost push --archive lab1 "$PWD/hub.git" &&
	test_expect_code 1 benchpost push --archive lab2 "$PWD/hub.git" 2>err &&
	grep -q "has runs this archive does not; run .benchpost pull. first$" err
'

test_expect_success 'pull merges the divergent histories by itself' '
	benchpost pull --archive lab2 "$PWD/hub.git" >out &&
	grep -q "^2 runs from .*, histories merged$" out &&
	test "$(git_in lab2 rev-list --count --merges HEAD)" = 1 &&
	test "$(git_in lab2 ls-tree -r --name-only HEAD runs | wc -l)" = 4 &&
	git_in lab2 fsck --strict &&
	test -z "$(git_in lab2 status --porcelain)"
'

test_expect_success 'log attributes merged runs to the commits that made them' '
	benchpost log --archive lab2 --kernel 6.1.0-28-amd64 --format bench >out &&
	c=$(git_in lab1 log --format=%H -1 -- runs/6.1.0-28-amd64) &&
	grep -q "^commit: $c$" out
'

test_expect_success 'a configured remote by name; the other side pulls the merge' '
	git_in lab2 remote add origin "$PWD/hub.git" &&
	benchpost push --archive lab2 >out &&
	git_in lab1 remote add hub "$PWD/hub.git" &&
	benchpost pull --archive lab1 hub >out &&
	grep -q "^1 run from .hub.$" out &&
	test "$(git_in lab1 rev-parse HEAD)" = "$(git_in lab2 rev-parse HEAD)" &&
	benchpost pull --archive lab1 hub >out &&
	grep -q "^already up to date" out &&
	benchpost log --archive lab1 --sort version >out &&
	awk "{print \$4}" out >kernels &&
	printf "%s\n" 2.4.15-pre4 2.4.15 2.5.44-mm3 6.1.0-28-amd64 >want &&
	test_cmp want kernels &&
	git_in hub.git fsck --strict
'

test_expect_success 'hardware details edited on both sides keep both texts' '
	echo "disk: ST340016A" >d1 && echo "disk: ST340016A (replaced)" >d2 &&
	bp_commit --archive lab1 --details d1 --when 1300000000 "$F/e-2.6.16-rc5.bench" >/dev/null &&
	bp_commit --archive lab2 --details d2 --when 1400000000 "$F/f-2.5.44.bench" >/dev/null &&
	benchpost push --archive lab1 hub &&
	benchpost pull --archive lab2 >out &&
	grep -q "histories merged" out &&
	git_in lab2 show HEAD:hardware/p4-2c-1g-wd800.txt >both &&
	grep -q "^disk: ST340016A$" both && grep -q "(replaced)" both
'

test_expect_success 'without a remote, push says how to name one' '
	bp_commit --archive lone --when 1 "$F/a-2.5.44-mm3.bench" >/dev/null &&
	test_expect_code 1 benchpost push --archive lone 2>err &&
	grep -q "^benchpost: no remote .origin. in .lone.; name a remote, a URL or a path$" err &&
	test_expect_code 1 benchpost pull --archive lone "$PWD/nowhere.git" 2>err &&
	grep -q "^benchpost: cannot reach" err
'

test_done
