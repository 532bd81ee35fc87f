#!/bin/sh
# The README's accuracy claim on a fresh clone: look-alikes of the five
# seed threads (tests/fixtures/import/lookalike, our own words and numbers
# with the seeds' structure: a script's timed steps, GNU time and dd per
# device, kernel-column tables in a quoting thread, zsh time with mount
# output, a config table with a legend) scored against the records a
# careful reader takes from them (EXPECTED.tsv, written from the mails).
# t0300 scores the real seeds when ../shared/corpus is there.
. "$(dirname "$0")/lib.sh"

LOOK="$FIXTURES/import/lookalike"
SCORE="$FIXTURES/import/score.py"

import_all() {
	args=
	for f in "$LOOK"/*.txt "$LOOK"/*.eml; do
		b=$(basename "$f")
		benchpost import --dry-run --format json "$f" >"$b.json" 2>"$b.err" || return 1
		args="$args $b=$b.json"
	done
}

test_expect_success 'every look-alike scores precision and recall >= 0.95' '
	import_all &&
	python3 "$SCORE" --min 0.95 "$LOOK/EXPECTED.tsv" $args >score &&
	cat score >&2 &&
	grep -q "^overall: precision" score
'
[ -f "$SCRATCH/score" ] && sed 's/^/# /' "$SCRATCH/score"

# Options, benchmark, unit and quoting too, over all of them (a label's
# option word that is no data= mode, "jfs noatime", is not read yet).
test_expect_success 'scored strictly, precision and recall >= 0.95 over all' '
	import_all &&
	{ python3 "$SCORE" --strict "$LOOK/EXPECTED.tsv" $args >strict; true; } &&
	cat strict >&2 &&
	awk "/^overall:/ { ok = \$3 >= 0.95 && \$5 >= 0.95 } END { exit !ok }" strict
'

test_expect_success 'the quoting replies of the table thread add nothing' '
	benchpost import --dry-run --format json "$LOOK/c-tables-thread.txt" >out &&
	test $(wc -l <out) = 32 &&
	test $(grep -c "\"quoted\":true" out) = 0 &&
	test $(grep -c "\"value\":67.44," out) = 1
'

test_expect_success 'mount output decides each directory'"'"'s file system and options' '
	benchpost import --dry-run --format json "$LOOK/d-mount-modes.eml" >out &&
	grep "\"value\":4.529," out | grep -q "\"fs\":\"jfs\",\"options\":\"noatime\",\"device\":\"/dev/hdg5\"" &&
	grep "\"value\":2.174," out | grep -q "\"fs\":\"ext2\",\"options\":null,\"device\":\"/dev/hdg6\""
'

test_done
