#!/bin/sh
# import extracts messages on several threads (--jobs, default one per
# CPU it may run on): the records, the warnings and their order, and the
# exit status must be those of one thread, for every kind of message the
# fixtures hold, archived or printed.
. "$(dirname "$0")/lib.sh"

kinds="$SRCDIR/tests/fixtures/import/kinds"

test_expect_success 'an mbox of every kind the readers know, with bad messages among them' '
	for f in "$kinds"/*.txt; do
		printf "From tester@example.org Mon Jan  1 00:00:00 2001\n" &&
		cat "$f" && printf "\n"
	done >kinds.mbox &&
	# a raw NUL (the message is skipped) and a decoded one (read as ?)
	printf "From a@b Mon Jan  1 00:00:00 2001\nFrom: a@b\nDate: Mon, 1 Jan 2001 00:00:00 +0000\nSubject: x\n\nreal 0m1.0s\000\n\n" >>kinds.mbox &&
	printf "From a@b Mon Jan  1 00:00:00 2001\nFrom: a@b\nDate: Mon, 1 Jan 2001 00:00:00 +0000\nSubject: y\nMIME-Version: 1.0\nContent-Transfer-Encoding: quoted-printable\n\nkernel 2.6.9=00\n\nreal 0m2.5s\nuser 0m1.0s\nsys 0m0.5s\n\n" >>kinds.mbox &&
	test $(grep -c "^From " kinds.mbox) -gt 100
'

test_expect_success 'one thread and several give the same records and warnings' '
	benchpost import -j 1 --dry-run --format json kinds.mbox >one.json 2>one.err &&
	test $(wc -l <one.json) -gt 1000 &&
	grep -q "skipped" one.err &&
	grep -q "NUL byte" one.err &&
	for j in 2 5; do
		benchpost import --jobs $j --dry-run --format json kinds.mbox >many.json 2>many.err &&
		test_cmp one.json many.json &&
		test_cmp one.err many.err || return 1
	done &&
	benchpost import --dry-run --format json kinds.mbox >default.json 2>default.err &&
	test_cmp one.json default.json &&
	test_cmp one.err default.err
'

test_expect_success 'several files, one missing: its error comes after the warnings of the file before' '
	test_expect_code 1 benchpost import -j 1 --dry-run kinds.mbox missing.mbox kinds.mbox >one.out 2>one.err &&
	test_expect_code 1 benchpost import -j 3 --dry-run kinds.mbox missing.mbox kinds.mbox >many.out 2>many.err &&
	test_cmp one.out many.out &&
	test_cmp one.err many.err &&
	grep -n "missing.mbox" many.err | cut -d: -f1 >at &&
	test $(cat at) -gt 1
'

test_expect_success 'archived on several threads: the runs one thread archives' '
	benchpost import -j 1 --archive one.git kinds.mbox >one.runs 2>one.err &&
	benchpost import -j 2 --archive many.git kinds.mbox >many.runs 2>many.err &&
	test $(wc -l <one.runs) -gt 50 &&
	test_cmp one.runs many.runs &&
	sed "s/one.git/ARCHIVE/" one.err >a && sed "s/many.git/ARCHIVE/" many.err >b &&
	test_cmp a b &&
	# the commits differ in their dates: the runs listed do not
	benchpost log --archive one.git | cut -d" " -f2- >one.log &&
	benchpost log --archive many.git | cut -d" " -f2- >many.log &&
	test_cmp one.log many.log
'

test_expect_success 'a number of threads that is none is refused' '
	test_expect_code 2 benchpost import -j -1 --dry-run kinds.mbox 2>err &&
	grep -q "jobs" err
'

test_done
