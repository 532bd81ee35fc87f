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

test_expect_success 'an unknown test or setting is named, nothing is made' '
	mkdir d &&
	test_expect_code 1 benchpost run --dir d --test cp,bonnie 2>err &&
	grep -q "unknown test '"'"'bonnie'"'"'" err &&
	test_expect_code 1 benchpost run --dir d --param postmark.files=3 2>err &&
	grep -q "postmark has no setting '"'"'files'"'"'" err &&
	test -z "$(ls -A d)"
'

test_expect_success '-n must be at least 1' '
	mkdir -p d &&
	test_expect_code 1 benchpost run --dir d -n 0 2>err &&
	grep -q "at least one iteration" err
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
