#!/bin/sh
# Bad input: a message that cannot be read is skipped with a warning that
# names it and says why; the rest is imported; nothing crashes.
. "$(dirname "$0")/lib.sh"

good_message() {
	printf "From g@x Mon Mar  3 10:00:00 2008\nMessage-ID: <%s@x>\nSubject: ok\n\n" "$1"
	printf "Kernel 2.6.20 on ext2:\nreal 0m%s.5s\nuser 0m0.5s\nsys 0m0.2s\n\n" "$2"
}

test_expect_success 'usage without inputs' '
	test_expect_code 2 benchpost import --dry-run 2>err &&
	grep -q "usage: benchpost import" err
'

test_expect_success 'a missing file is named in the error' '
	test_expect_code 1 benchpost import --dry-run nope.mbox 2>err &&
	grep -q "^benchpost: cannot open .nope.mbox.: No such file or directory$" err
'

test_expect_success 'binary junk alone: skipped with a warning, exit 1' '
	head -c 4096 /dev/urandom >junk.bin && printf "\0\0\0" >>junk.bin &&
	test_expect_code 1 benchpost import --dry-run junk.bin >out 2>err &&
	grep -q "junk.bin.*skipped: binary data" err &&
	test ! -s out
'

test_expect_success 'a message with no numbers: exit 1 with a reason' '
	printf "Subject: hi\nFrom: a@b\n\nNothing measured here.\n" >none.eml &&
	test_expect_code 1 benchpost import --dry-run none.eml 2>err &&
	grep -q "^benchpost: warning: none.eml: skipped: no benchmark numbers found$" err &&
	grep -q "^benchpost: no benchmark numbers found in 1 message$" err
'

test_expect_success 'an mbox of bad messages: each skipped and named, the good ones imported' '
	{
		good_message one 1 &&
		printf "From b@x Mon Mar  3 10:00:00 2008\nMessage-ID: <bin@x>\n\n" &&
		printf "real 0m9.9s\0user 0m1s\nsys 0m1s\n\n" &&
		printf "From l@x Mon Mar  3 10:00:00 2008\nMessage-ID: <long@x>\n\n" &&
		head -c 10485760 /dev/zero | tr "\0" "x" && printf "\n\n" &&
		printf "From t@x Mon Mar  3 10:00:00 2008\nMessage-ID: <trunc@x>\nMIME-Version: 1.0\n" &&
		printf "Content-Type: multipart/mixed; boundary=\"B\"\n\n--B\nContent-Type: text/plain\n\n" &&
		printf "On 2.6.21 with xfs:\nreal 0m2.5s\nuser 0m0.5s\nsys 0m0.2s\n\n" &&
		printf "From u@x Mon Mar  3 10:00:00 2008\nMessage-ID: <utf@x>\n\n" &&
		printf "On 2.6.22 with jfs \377\376 caf\303:\nreal 0m3.5s\nuser 0m0.5s\nsys 0m0.2s\n\n" &&
		good_message two 7
	} >bad.mbox &&
	benchpost import --dry-run --format json bad.mbox >out 2>err &&
	grep -q "bad.mbox: message 2: skipped: binary data" err &&
	grep -q "bad.mbox: message 3: skipped: line 19 is longer than 1048576 bytes" err &&
	test $(grep -c "\"value\":1.5," out) = 1 &&
	test $(grep -c "\"value\":7.5," out) = 1 &&
	test $(wc -l <out) = 12 &&
	grep -q "\"kernel\":\"2.6.21\",\"hardware\":null,\"fs\":\"xfs\"" out &&
	grep -q "\"kernel\":\"2.6.22\",\"hardware\":null,\"fs\":\"jfs\"" out &&
	python3 -c "import json,sys; [json.loads(l) for l in open(\"out\")]"
'

test_expect_success 'a message that gives nothing says why and where: no results, or a form not read yet' '
	test_expect_code 1 benchpost import --dry-run "$FIXTURES/import/not-read.mbox" >out 2>err &&
	sed "s/^benchpost: warning: .*not-read.mbox: //" err >why &&
	cat >want <<-EOF &&
	message 1: skipped: line 8: a row of numbers that makes no table (one row, under no header naming its columns)
	message 2: skipped: line 17: a time command, but no time block read after it
	message 3: skipped: line 24: a bound (over, under, up to, nearly), not a value
	message 4: skipped: no benchmark numbers found
	message 5: skipped: a dbench report with no number read
	benchpost: no benchmark numbers found in 5 messages
	EOF
	test_cmp want why
'

test_expect_success 'past ten messages without numbers, the rest are counted, not named' '
	for i in 1 2 3 4 5 6 7 8 9 10 11 12; do
		printf "From a@b Mon Mar  3 10:00:00 2008\nMessage-ID: <e%s@x>\n\nnothing\n\n" $i
	done >empty.mbox &&
	good_message last 3 >>empty.mbox &&
	benchpost import --dry-run --format json empty.mbox >out 2>err &&
	test $(wc -l <out) = 3 &&
	test $(grep -c "skipped: no benchmark numbers found" err) = 10 &&
	grep -q "^benchpost: warning: 2 more messages without benchmark numbers skipped$" err
'

test_expect_success 'a NUL byte in base64 text: a warning with the line, the rest of the part read' '
	benchpost import --dry-run --format json "$FIXTURES/import/nul-base64.eml" >out 2>err &&
	grep -q "^benchpost: warning: .*nul-base64.eml: line 14: 1 NUL byte in its decoded text, read as .?.$" err &&
	test $(wc -l <out) = 6 &&
	grep "\"value\":9.207," out | grep -q "\"benchmark\":\"rm -rf linux-2.6.23\"" &&
	grep "\"value\":1.610," out | grep -q "\"line\":16"
'

test_expect_success 'a table cell garbled in the typing: named in a warning, the rest of its row kept' '
	benchpost import --dry-run --format json \
		"$FIXTURES/import/kinds/table-cells--unit-letter-damaged.txt" >out 2>err &&
	grep -q "^benchpost: warning: .*unit-letter-damaged.txt: line 14: .6:2O.5m. read as no value: the rest of its row is kept$" err &&
	test $(wc -l <out) = 15 &&
	grep "\"value\":124.9," out | grep -q "\"line\":14" &&
	grep "\"value\":371.8," out | grep -q "\"metric\":\"elapsed\""
'

test_expect_success 'the same in a single-part base64 message and in quoted-printable' '
	printf "From: a@b\nMessage-ID: <n@x>\nMIME-Version: 1.0\nContent-Type: text/plain\n" >one.eml &&
	printf "Content-Transfer-Encoding: base64\n\n" >>one.eml &&
	printf "On ext2:\nreal 0m1.5s\nuser 0m0.5s\nsys 0m0.2s\n\nnoise \0 here\n\nreal 0m2.5s\nuser 0m0.7s\nsys 0m0.3s\n" |
		base64 >>one.eml &&
	benchpost import --dry-run --format json one.eml >out 2>err &&
	test $(wc -l <out) = 6 &&
	grep -q "one.eml: line 7: 1 NUL byte" err &&
	printf "From: a@b\nMessage-ID: <q@x>\nMIME-Version: 1.0\nContent-Type: text/plain\n" >qp.eml &&
	printf "Content-Transfer-Encoding: quoted-printable\n\nOn ext2:\nreal 0m1.5s\nuser 0m0.5s\n" >>qp.eml &&
	printf "sys 0m0.2s\n\nnoise =00=00 here\n\nreal 0m2.5s\nuser 0m0.7s\nsys 0m0.3s\n" >>qp.eml &&
	benchpost import --dry-run --format json qp.eml >out 2>err &&
	test $(wc -l <out) = 6 &&
	grep -q "qp.eml: line 12: 2 NUL bytes in its decoded text" err
'

test_expect_success 'symbolic link loops in a maildir: each refused with a warning, every message read once' '
	mkdir -p loops/cur loops/new &&
	printf "Subject: a\nMessage-ID: <l1@x>\n\nno numbers\n" >loops/cur/1.host &&
	printf "Subject: b\nMessage-ID: <l2@x>\n\nnone here\n" >loops/new/2.host &&
	ln -s . loops/cur/self && ln -s .. loops/cur/up && ln -s ../cur loops/new/side &&
	test_expect_code 1 benchpost import --dry-run loops >out 2>err &&
	grep -q "^benchpost: no benchmark numbers found in 2 messages$" err &&
	grep -q "^benchpost: warning: .loops/cur/self.: a symbolic link loop back to .loops/cur.: skipped$" err &&
	grep -q "^benchpost: warning: .loops/cur/up.: a symbolic link loop back to .loops.: skipped$" err &&
	grep -q "^benchpost: warning: .loops/new/side.: the directory .loops/cur. again: skipped$" err &&
	test $(grep -c "skipped$" err) = 3
'

test_expect_success 'directories deeper than eight are named, not dropped unseen' '
	mkdir -p deep/1/2/3/4/5/6/7/8/9 &&
	good_message d1 1 >deep/1/2/3/4/5/6/7/8/m.mbox &&
	good_message d2 2 >deep/1/2/3/4/5/6/7/8/9/m.mbox &&
	benchpost import --dry-run --format json deep >out 2>err &&
	test $(wc -l <out) = 3 &&
	grep -q "^benchpost: warning: .deep/1/2/3/4/5/6/7/8/9.: more than 8 directories deep: skipped$" err
'

test_expect_success 'a 1000-deep multipart is skipped with a reason' '
	python3 - >deep.eml <<-PY &&
	print("From: d@x\nMessage-ID: <deep@x>\nMIME-Version: 1.0")
	print("Content-Type: multipart/mixed; boundary=\"b0\"\n")
	for i in range(1000):
	    print("--b%d\nContent-Type: multipart/mixed; boundary=\"b%d\"\n" % (i, i + 1))
	print("--b1000\nContent-Type: text/plain\n\nOn 2.6.20, ext2:\nreal 0m1.5s\nuser 0m0.5s\nsys 0m0.2s\n")
	for i in range(1000, -1, -1):
	    print("--b%d--" % i)
	PY
	test_expect_code 1 benchpost import --dry-run deep.eml >out 2>err &&
	grep -q "deep.eml: skipped: MIME parts nested too deep" err
'

test_done
