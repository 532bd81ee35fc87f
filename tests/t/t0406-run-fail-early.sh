#!/bin/sh
# benchpost run fails in seconds, before the data set is built, when what
# it needs is not there: a mount option the kernel refuses, an archive it
# cannot write.
. "$(dirname "$0")/lib.sh"
. "$SRCDIR/tests/t/lib-run.sh"

cache="$HOME/.cache/benchpost"

test_expect_success 'an archive that cannot be written is found before anything runs' '
	mkdir target && : >file &&
	start=$(date +%s) &&
	test_expect_code 1 benchpost run --suite quick --dir target --archive "$SCRATCH/file/arch" 2>err &&
	test $(($(date +%s) - start)) -lt 15 &&
	grep -q "^benchpost: run: cannot store results in the archive: " err &&
	test -z "$(ls -A target)" &&
	! test -e "$cache"
'

if [ "$(id -u)" = 0 ] && [ -e /dev/loop-control ]; then
	test_expect_success 'a mount option the kernel refuses fails in seconds with its words' '
		start=$(date +%s) &&
		test_expect_code 1 benchpost run --suite standard --fs ext4:bogusopt --scratch "$SCRATCH" \
			--no-commit -q 2>err &&
		test $(($(date +%s) - start)) -lt 15 &&
		grep -q "^benchpost: run: ext4:bogusopt: cannot mount /dev/loop[0-9]* with -o bogusopt[^:]*: the kernel says: .*bogusopt" err &&
		! grep -q "other processes" err &&
		! test -e "$cache" &&
		nothing_left
	'

	test_expect_success 'every entry is checked: the second one fails before any test runs' '
		test_expect_code 1 benchpost run --suite quick --fs ext2,ext4:nosuchopt --scratch "$SCRATCH" \
			--no-commit -q >out 2>err &&
		grep -q "^benchpost: run: ext4:nosuchopt: cannot mount " err &&
		test -z "$(cat out)" &&
		! test -e "$cache" &&
		nothing_left
	'
else
	test_skip 'a mount option the kernel refuses fails in seconds with its words' 'needs root and /dev/loop-control'
	test_skip 'every entry is checked: the second one fails before any test runs' 'needs root and /dev/loop-control'
fi

test_done
