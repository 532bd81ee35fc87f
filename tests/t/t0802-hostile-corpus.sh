#!/bin/sh
# A hostile mail corpus and hostile runs (tests/fixtures/hostile/make-corpus.py)
# through import, log, show, diff, report and plot: no crash, no payload
# runs (no canary file appears), and nothing is written anywhere but the
# archive and the output files asked for.
. "$(dirname "$0")/archive-lib.sh"

CANARY=$SCRATCH/canary
mkdir "$CANARY" res
python3 "$FIXTURES/hostile/make-corpus.py" "$CANARY" corpus
# Everything the commands below may write goes to arch/ or res/; the stamp
# tells what was written after the corpus.
sleep 0.01
touch stamp

# Exit 0 or 1 and a clean stderr: a crash, an abort or a sanitizer report
# fails the test (ASan reports with exit 1 too).
survives() {
	set +e
	"$@" >res/out 2>res/err
	rc=$?
	set -e
	if [ $rc -gt 1 ] || grep -q "Sanitizer\|runtime error\|Segmentation\|Aborted" res/err; then
		echo "exit $rc: $*"
		head -c 2000 res/err
		return 1
	fi
}

no_canary() {
	if [ -n "$(ls -A "$CANARY")" ]; then
		echo "a payload ran:"
		ls "$CANARY"
		return 1
	fi
}

test_expect_success 'import of the hostile mail: no crash, the bad messages named' '
	survives benchpost import --dry-run --format json corpus/hostile.mbox &&
	survives benchpost import --archive arch corpus/hostile.mbox &&
	grep -q "message .*: skipped: line .* is longer than" res/err &&
	grep -q "message .*: skipped: .*NUL" res/err &&
	grep -q "message .*: skipped: MIME parts nested too deep" res/err &&
	test -s res/out &&
	! grep -v "^runs/[A-Za-z0-9._+-]*/[A-Za-z0-9._+-]*/[A-Za-z0-9._+-]*\.bench$" res/out &&
	no_canary
'

test_expect_success 'hostile runs (as pulled from a hostile remote) go in under runs/' '
	bp_commit --archive arch --when 1300000000 corpus/run-*.bench >res/saved &&
	test $(wc -l <res/saved) = $(ls corpus/run-*.bench | wc -l) &&
	! grep -v "^runs/[A-Za-z0-9._+-]*/[A-Za-z0-9._+-]*/[A-Za-z0-9._+-]*\.bench$" res/saved &&
	git_in arch fsck --strict
'

test_expect_success 'log, show and diff on every hostile run' '
	for f in text bench json; do
		survives benchpost log --archive arch --format $f || return 1
		test -s res/out || return 1
	done &&
	survives benchpost log --archive arch --kernel "*touch*" &&
	survives benchpost log --archive arch --kernel "../../../../../../tmp/bphostile-k" &&
	survives benchpost log --archive arch --hardware "\$(touch $CANARY/arg)" &&
	while read -r run; do
		benchpost show --archive arch "$run" >res/out || return 1
		benchpost show --archive arch --format json "$run" >res/out || return 1
		grep -q "\"kernel\"" res/out || return 1
	done <res/saved &&
	set -- $(cat res/saved) &&
	test $# -gt 10 &&
	benchpost diff --archive arch "$1" "$2" >res/out &&
	grep -q "rmTree\|RmTree" res/out &&
	benchpost diff --archive arch "$3" "$4" >res/out &&
	benchpost diff --archive arch --test welch "$5" "$7" >res/out &&
	benchpost diff --archive arch --utf8 "$9" "${10}" >res/out &&
	survives benchpost diff --archive arch 2.6.0 2.6.1 &&
	no_canary
'

test_expect_success 'report and plot: every format, labels from the hostile runs' '
	set -- $(cat res/saved) &&
	for f in text email html; do
		benchpost report --archive arch --format $f -o res/report.$f "$1" "$2" "$3" || return 1
		test -s res/report.$f || return 1
	done &&
	survives benchpost report --archive arch --kernel "*" -o res/report.all &&
	for t in png svg dumb; do
		benchpost plot --archive arch --terminal $t -o res/plot.$t "$1" "$2" "$3" "$4" || return 1
		test -s res/plot.$t || return 1
	done &&
	survives benchpost plot --archive arch --kind lines --terminal dumb -o res/lines.dumb &&
	benchpost plot --terminal svg -o res/files.svg corpus/run-02.bench corpus/run-03.bench &&
	grep -q "system" res/files.svg &&
	no_canary
'

test_expect_success 'nothing written outside the archive and the output files' '
	no_canary &&
	find . -newer stamp ! -type d ! -path "./arch/*" ! -path "./res/*" ! -path "./.out" \
		! -path "./home/*" >res/outside &&
	{ test ! -s res/outside || { echo "written outside:"; cat res/outside; false; }; } &&
	find "$HOME" -newer stamp ! -type d >res/outside &&
	{ test ! -s res/outside || { echo "written in HOME:"; cat res/outside; false; }; } &&
	# where the traversal payloads point, outside the scratch directory
	for d in /tmp /var/tmp "$(dirname "$SCRATCH")" "$SRCDIR" /; do
		find "$d" -maxdepth 3 -xdev -name "*bphostile*" -newer stamp 2>/dev/null | grep -v "^$SCRATCH/" >>res/escaped || :
	done &&
	{ test ! -s res/escaped || { echo "escaped:"; cat res/escaped; false; }; }
'

test_done
