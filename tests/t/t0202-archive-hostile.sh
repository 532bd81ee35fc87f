#!/bin/sh
# Keys from untrusted text never reach a path outside runs/.
. "$(dirname "$0")/archive-lib.sh"

long=$(printf "%04096d" 0 | tr 0 k)

test_expect_success 'hostile kernel, hardware and fs stay under runs/' '
	mkdir -p deep/er && cd deep/er &&
	printf "kernel: ../../etc\nhardware: /abs\nfs: %s\nBenchmarkUntar 1 1.00 sec/op\n" "$long" >h1.bench &&
	printf "kernel: ..\nhardware: .git\nfs: \nBenchmarkUntar 1 2.00 sec/op\n" >h2.bench &&
	printf "kernel: a\001b\033[31m\nhardware: x/../../y\nBenchmarkUntar 1 3.00 sec/op\n" >h3.bench &&
	bp_commit --archive arch h1.bench h2.bench h3.bench >saved &&
	test $(wc -l <saved) = 3 &&
	! grep -v "^runs/[A-Za-z0-9._+-]*/[A-Za-z0-9._+-]*/[A-Za-z0-9._+-]*\.bench$" saved &&
	! grep "/\.\.\?/\|/\.git/\|^runs/\.\|/\./" saved &&
	git_in arch ls-tree -r --name-only HEAD >all &&
	test_cmp saved all &&
	find .. -newer h1.bench -type f | grep -v "^../er/arch/\|^../er/saved$\|^../er/all$" >outside || true &&
	test ! -s outside &&
	git_in arch fsck --strict
'

test_expect_success 'every path component is short enough for any file system' '
	cd deep/er &&
	tr / "\n" <saved | awk "length > 255 { bad = 1 } END { exit bad }"
'

test_expect_success 'the originals are kept inside the files and found by log' '
	cd deep/er &&
	benchpost log --archive arch --kernel ../../etc --format json >out &&
	python3 -c "
import json
rows = [json.loads(l) for l in open(\"out\")]
assert len(rows) == 1 and rows[0][\"hardware\"] == \"/abs\"
# a header-sized value at most, cut with a mark (core/escape.h)
fs = rows[0][\"fs\"]
assert len(fs) <= 998 and fs == \"k\" * 977 + \" [... 3119 bytes cut]\", fs[970:]
" &&
	benchpost log --archive arch --kernel .. >out &&
	test $(wc -l <out) = 1
'

test_expect_success 'control characters never reach the terminal' '
	cd deep/er &&
	benchpost log --archive arch >out &&
	! grep -q "$(printf "\033")" out &&
	# the paths stay whole, however long the keys made them
	while read -r p; do grep -q " $p$" out || return 1; done <saved &&
	grep -q "a\\\\x01b\\\\x1b\[31m" out
'

test_expect_success 'commit messages stay one short line without control characters' '
	cd deep/er &&
	git_in arch log --format=%B >msgs &&
	test $(grep -c . msgs) = 3 &&
	! grep -q "$(printf "[\001\033]")" msgs &&
	awk "length > 72 { bad = 1 } END { exit bad }" msgs &&
	grep -q "^\.\./\.\./etc /abs: kkkk" msgs
'

test_done
