#!/bin/sh
# benchpost parse on what people capture: terminal sessions (script(1)
# with colour prompts and bracketed paste, tmux capture-pane), CRLF, mail
# quoting, shell loops, progress lines and interim reports.  Every
# capture here was made with the real tools on the development machine.
. "$(dirname "$0")/lib.sh"
P="$FIXTURES/parse"

# count FILE METRIC: records of that metric that are results (not interim)
count() {
	benchpost parse --format json "$1" 2>/dev/null | grep -v '"interim":true' |
		grep -c "\"metric\":\"$2\""
}

test_expect_success 'a typescript with colour prompts keeps dd, time -p and df -T' '
	test $(count "$P/auto/script-typescript.txt" records-in) = 1 &&
	test $(count "$P/auto/script-typescript.txt" elapsed) = 1 &&
	test $(count "$P/auto/script-typescript.txt" size) = 1 &&
	benchpost parse --format json "$P/auto/script-typescript.txt" >out &&
	grep -q "\"benchmark\":\"sync\",\"metric\":\"elapsed\",\"value\":0.36," out &&
	grep -q "\"fs\":\"ext4\".*\"metric\":\"size\",\"value\":264212084,\"unit\":\"KiB\"" out
'

test_expect_success 'a loop in a typescript: every run, each named by the loop' '
	test $(count "$P/auto/capture-loop.txt" throughput) = 3 &&
	test $(count "$P/auto/capture-loop.txt" elapsed) = 2 &&
	test $(benchpost parse --format json "$P/auto/capture-loop.txt" | grep -c "\"benchmark\":null") = 0
'

test_expect_success 'CRLF, a BOM and trailing blanks change nothing' '
	benchpost parse --format json "$P/dbench/dbench-2.txt" >plain &&
	sed "s/\$/\r/" "$P/dbench/dbench-2.txt" >crlf.txt &&
	benchpost parse --format json crlf.txt >crlf &&
	test_cmp plain crlf &&
	printf "\357\273\277" >bom.txt && sed "s/\$/  /" "$P/dbench/dbench-2.txt" >>bom.txt &&
	benchpost parse --format json bom.txt >bom &&
	test_cmp plain bom
'

test_expect_success 'status=progress leftovers are never the result' '
	for f in progress-script progress-2file; do
		benchpost parse --format json "$P/dd/$f.txt" >out &&
		test $(grep -c "\"metric\":\"throughput\"" out) = 1 &&
		grep -q "\"metric\":\"throughput\".*\"line\":[0-9]*}" out &&
		! grep -q "\"line\":1}" out || exit 1
	done
'

test_expect_success 'interim reports are marked, the last is the result' '
	test $(count "$P/dd/usr1.txt" throughput) = 1 &&
	test $(count "$P/fio/json-interim.txt" read-iops) = 1 &&
	test $(count "$P/fio/text-interim.txt" read-iops) = 1 &&
	test $(benchpost parse --format json "$P/fio/json-interim.txt" | grep -c "\"metric\":\"read-iops\".*\"interim\":true") = 3
'

test_expect_success 'mail-quoted fio text keeps every number' '
	test $(benchpost parse --format json "$P/auto/capture-fio-quoted.txt" | grep -c "\"quoted\":true") = 43
'

test_expect_success 'a truncated block of every kind fails the run with file:line' '
	for f in postmark/truncated dbench/truncated time/verbose-truncated sysbench/truncated; do
		test_expect_code 1 benchpost parse "$P/$f.txt" >out 2>err &&
		test -s out &&
		grep -q "^benchpost: .*$f.txt:[0-9][0-9]*: expected" err || exit 1
	done
'

test_done
