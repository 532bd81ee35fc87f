#!/bin/sh
# benchpost import without --dry-run: one batch commit into the archive,
# one run per (message, kernel, fs config, hardware); then the records
# serve diff (the issue's done-when: seed 002's ext3 comparison).
. "$(dirname "$0")/lib.sh"

IMP="$FIXTURES/import"
SEEDS="$CORPUS/seeds"

test_expect_success 'an import is one commit with one run per message and fs config' '
	benchpost import --archive arch "$IMP/thread.mbox" >paths 2>err &&
	test $(wc -l <paths) = 3 &&
	test $(git -C arch rev-list --count HEAD) = 1 &&
	grep -q "^runs/2.6.25-rc3/.*-ext4-import.bench$" paths &&
	grep -q "imported 11 records in 3 runs" err
'

test_expect_success 'the archived run keeps the provenance and the email date' '
	f=$(grep ext4 paths) &&
	git -C arch show "HEAD:$f" >run &&
	grep -q "^source: email <alice-1@example.org>$" run &&
	grep -q "^options: data=journal$" run &&
	case "$f" in *2008-03-03T100000Z*) ;; *) false ;; esac
'

test_expect_success 'log lists what the import archived' '
	benchpost log --archive arch --fs xfs --format json >log &&
	test $(grep -c "\"value\":35.12" log) = 1
'

if [ -f "$SEEDS/EXPECTED.tsv" ]; then
	test_expect_success 'corpus imported, diff prints 002 ext3 comparison' '
		benchpost import --archive corpus "$SEEDS"/[0-9]*.txt >/dev/null 2>&1 &&
		benchpost diff --archive corpus 2.5.44-mm3 2.5.44-ac2 --fs ext3 >diff &&
		cat diff >&2 &&
		grep -q "tar zxf linux-2.5.44.tar.gz" diff &&
		grep -q "rm -rf linux-2.5.44" diff &&
		grep "elapsed" diff | grep -q "53.17 *34.05" &&
		grep "elapsed" diff | grep -q "19.73 *14.13" &&
		! grep -q reiserfs diff
	'
else
	test_skip 'corpus imported, diff prints 002 ext3 comparison' "no corpus at $CORPUS (set BENCHPOST_CORPUS)"
fi

test_expect_success 'a dry run writes no archive' '
	benchpost import --dry-run --archive none "$IMP/table.txt" >/dev/null &&
	test ! -e none
'

test_done
