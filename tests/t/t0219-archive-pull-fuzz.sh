#!/bin/sh
# The script harness for pull of hostile histories (tests/fuzz/pull-hostile,
# which `make fuzz` runs for as long as it is given) on fixed seeds: every
# history pulled or refused with a message, never a crash, a write outside
# the archive, a link in its working tree or a run log cannot read.
. "$(dirname "$0")/archive-lib.sh"

test_expect_success 'forty hostile histories from fixed seeds' '
	PULL_HOSTILE_SEED=1000 PULL_HOSTILE_OUT="$SCRATCH/kept" \
		"$SRCDIR/tests/fuzz/pull-hostile" 40 >out 2>&1 || { cat out; false; } &&
	cat out &&
	grep -q "^pull-hostile: 40 hostile histories pulled ([1-9][0-9]* accepted, the others refused)" out
'

test_done
