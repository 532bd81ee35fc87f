#!/bin/sh
# The command table: help, version, usage errors, every command's --help.
. "$(dirname "$0")/lib.sh"

COMMANDS="run parse import log show diff report plot push pull"

test_expect_success '--help lists every command' '
	benchpost --help >out &&
	for c in $COMMANDS; do grep -q "^   $c " out || { echo "missing $c"; exit 1; }; done
'

test_expect_success '--version prints a version' '
	benchpost --version >out &&
	grep -Eq "^benchpost [0-9]+\.[0-9]+\.[0-9]+ \(commit ([0-9a-f]{12}(-dirty)?|unknown)\)$" out
'

test_expect_success 'no command is a usage error' '
	test_expect_code 2 benchpost 2>err &&
	grep -q "^usage: benchpost" err
'

test_expect_success 'an unknown command is a usage error naming it' '
	test_expect_code 2 benchpost frobnicate 2>err &&
	grep -q "^benchpost: '"'"'frobnicate'"'"' is not a benchpost command" err
'

test_expect_success 'every command has --help with its usage' '
	for c in $COMMANDS; do
		benchpost $c --help >out &&
		grep -q "^usage: benchpost $c" out &&
		grep -q -- "--help" out || { echo "bad help for $c"; exit 1; }
	done
'

test_expect_success 'help COMMAND is COMMAND --help' '
	benchpost help diff >a &&
	benchpost diff --help >b &&
	test_cmp a b
'

test_expect_success 'an unknown option is a usage error' '
	test_expect_code 2 benchpost parse --frob 2>err &&
	grep -q "^benchpost: unknown option '"'"'--frob'"'"'" err
'

test_expect_success 'a bad choice lists the choices' '
	test_expect_code 2 benchpost parse --format xml 2>err &&
	grep -q "expects one of: bench, json" err
'

test_done
