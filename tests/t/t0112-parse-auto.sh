#!/bin/sh
# benchpost parse --type auto: several tools' blocks in one text.
. "$(dirname "$0")/lib.sh"
P="$FIXTURES/parse"

test_expect_success 'auto is the default and reads every kind of a session' '
	benchpost parse --format json "$P/auto/session.txt" >out &&
	test_cmp "$P/auto/session.json" out &&
	for m in records-in elapsed use transactions-rate ntcreatex-count throughput; do
		grep -q "\"metric\":\"$m\"" out || { echo "no $m"; exit 1; }
	done
'

test_expect_success 'auto finds what each parser finds on its own, in line order' '
	for t in time dd df postmark dbench; do
		benchpost parse --type $t --format json "$P/auto/session.txt" || exit 1
	done | sort -t: -k14 >each &&
	benchpost parse --type auto --format json "$P/auto/session.txt" | sort -t: -k14 >all &&
	test_cmp each all &&
	benchpost parse --format json "$P/auto/session.txt" |
		sed "s/.*\"line\":\([0-9]*\)}/\1/" >lines &&
	sort -n lines | test_cmp - lines
'

test_expect_success 'a .bench file is read as one' '
	benchpost parse "$FIXTURES/bench/design-example.bench" >out &&
	test_cmp "$FIXTURES/bench/design-example.bench" out
'

test_expect_success 'an email: every GNU time and dd number, none invented' '
	benchpost parse --format json "$P/auto/email-lookalike.txt" >out &&
	test_cmp "$P/auto/email-lookalike.json" out &&
	# six GNU time blocks of 12 numbers, two dd records pairs of 4
	test $(wc -l <out) = 80 &&
	test $(grep -c "\"metric\":\"elapsed\"" out) = 6 &&
	test $(grep -c "\"metric\":\"records-in\"" out) = 2 &&
	grep -q "\"metric\":\"elapsed\",\"value\":62.41,\"unit\":\"s\".*\"line\":55}" out
'

if test -f "$CORPUS/seeds/001_f8bd05202d2ba28c.txt"; then
	test_expect_success 'corpus 001: GNU time and dd records, none invented' '
		benchpost parse --format json "$CORPUS/seeds/001_f8bd05202d2ba28c.txt" >out &&
		test $(grep -c "\"metric\":\"elapsed\"" out) = 12 &&
		test $(grep -c "\"metric\":\"records-in\"" out) = 4 &&
		grep -q "\"metric\":\"elapsed\",\"value\":65.17,\"unit\":\"s\".*\"line\":93}" out
	'
else
	test_skip 'corpus 001: GNU time and dd records' "no corpus at $CORPUS"
fi

test_expect_success 'nothing recognisable: exit 1, nothing printed' '
	printf "Dear list,\nthe numbers follow tomorrow.\n" >mail.txt &&
	test_expect_code 1 benchpost parse mail.txt >out 2>err &&
	test ! -s out &&
	grep -q "^benchpost: mail.txt: nothing recognisable as auto output$" err
'

test_expect_success 'damaged blocks of several kinds are all reported, the rest printed' '
	printf "real 0m1.0s\n\n5x+0 records in\n5+0 records out\n\nzsh: 0.01s user 0.02s system 50%% cpu 0.060 total\n" >mixed.txt &&
	test_expect_code 1 benchpost parse --format json mixed.txt >out 2>err &&
	test $(wc -l <out) = 4 &&
	grep -q "^benchpost: mixed.txt:2: expected .user. after .real.$" err &&
	grep -q "^benchpost: mixed.txt:3: expected .N+N records in.$" err
'

test_done
