#!/bin/sh
# benchpost run: what it refuses, and how it says so.
. "$(dirname "$0")/lib.sh"

test_expect_success '--fs and --dir together are a usage error' '
	test_expect_code 2 benchpost run --fs ext2 --dir . 2>err &&
	grep -q "^benchpost: run: --fs and --dir cannot be used together$" err
'

test_expect_success 'neither --fs nor --dir is a usage error' '
	test_expect_code 2 benchpost run 2>err &&
	grep -q "give --fs LIST (as root) or --dir DIR" err
'

test_expect_success 'an unknown file system is named' '
	test_expect_code 2 benchpost run --fs ext2,reiserfs 2>err &&
	grep -q "unknown file system '"'"'reiserfs'"'"'" err
'

test_expect_success '--dir must exist' '
	test_expect_code 1 benchpost run --dir "$SCRATCH/nope" 2>err &&
	grep -q "^benchpost: run: --dir '"'"'.*/nope'"'"': No such file or directory$" err
'

test_expect_success '--dir must be a directory' '
	: >file &&
	test_expect_code 1 benchpost run --dir file 2>err &&
	grep -q "not a directory" err
'

test_expect_success 'an unknown test or setting is a usage error naming it, nothing is made' '
	mkdir d &&
	test_expect_code 2 benchpost run --dir d --test cp,bonnie 2>err &&
	grep -q "^benchpost: run: unknown test '"'"'bonnie'"'"'; known: cp, untar, kuntar, rm-tree, dd, writer, postmark, dbench, tiobench$" err &&
	test_expect_code 2 benchpost run --dir d --param postmark.files=3 2>err &&
	grep -q "postmark has no setting '"'"'files'"'"'; it has: numbers, transactions, min, max$" err &&
	test_expect_code 2 benchpost run --dir d --param dd.mib=lots 2>err &&
	grep -q "^benchpost: run: --param '"'"'dd.mib=lots'"'"': expected a positive whole number$" err &&
	test -z "$(ls -A d)"
'

test_expect_success 'an empty --test is a usage error, not a run of nothing' '
	mkdir -p d &&
	test_expect_code 2 benchpost run --suite quick --dir d --test "" 2>err &&
	grep -q "^benchpost: run: --test: an empty test name; expected some of: cp, untar" err &&
	test_expect_code 2 benchpost run --suite quick --dir d --test untar, 2>err &&
	grep -q "an empty test name" err &&
	test -z "$(ls -A d)"
'

test_expect_success '-n takes a count of at least 1 or auto; anything else is a usage error' '
	mkdir -p d &&
	test_expect_code 2 benchpost run --dir d -n 0 2>err &&
	grep -q "^benchpost: run: -n: expected a number of iterations (at least 1) or '"'"'auto'"'"', got '"'"'0'"'"'$" err &&
	test_expect_code 2 benchpost run --dir d -n abc 2>err &&
	grep -q "got '"'"'abc'"'"'" err &&
	test_expect_code 2 benchpost run --dir d -n auto --detect 0 2>err &&
	grep -q "^benchpost: run: --detect: expected a change between" err &&
	test_expect_code 2 benchpost run --dir d -n auto --max-iterations 2 2>err &&
	grep -q "at least 3 (the pilot)" err &&
	test_expect_code 2 benchpost run --dir d -n auto --sig-test bogus 2>err &&
	test -z "$(ls -A d)"
'

test_expect_success '--help lists the tests, the file systems and every setting from the tables' '
	benchpost run --help >help &&
	grep -q "run only these tests: cp,untar,kuntar,rm-tree,dd,writer,postmark,dbench,tiobench" help &&
	grep -q "(ext2, ext3, ext4, xfs, btrfs)" help &&
	grep -q "dd.mib=64/1024" help &&
	grep -q "postmark.numbers=1000/10000" help &&
	grep -q "tiobench.block=4k " help &&
	grep -q "utest|welch" help
'

if [ "$(id -u)" != 0 ]; then
	test_expect_success '--fs without root says to use --dir' '
		test_expect_code 1 benchpost run --fs ext2 2>err &&
		grep -q "needs root" err
	'
	test_skip 'a missing mkfs names its Debian package' 'needs root'
else
	test_skip '--fs without root says to use --dir' 'running as root'
	test_expect_success 'a missing mkfs names its Debian package' '
		mkdir -p bin &&
		for p in sh tar gzip mount df sync; do ln -sf "$(command -v $p)" bin/$p; done &&
		test_expect_code 1 env PATH="$SCRATCH/bin" "$BENCHPOST" run --fs xfs --scratch "$SCRATCH" 2>err &&
		grep -q "cannot find '"'"'mkfs.xfs'"'"' for '"'"'xfs'"'"': install the Debian package '"'"'xfsprogs'"'"'" err &&
		test -z "$(ls -d "$SCRATCH"/benchpost-run.* 2>/dev/null)"
	'
fi

test_done
