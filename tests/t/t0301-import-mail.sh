#!/bin/sh
# benchpost import on mail forms the corpus lacks: a threaded mbox with
# quoting, MIME (quoted-printable, base64, attachments), HTML-only mail, a
# maildir, a table with kernels as rows, stdin.  Each fixture has its
# expected records, written by hand, in tests/fixtures/import/*.tsv.
. "$(dirname "$0")/lib.sh"

IMP="$FIXTURES/import"

check_fixture() {
	benchpost import --dry-run --format json "$IMP/$1" >out.json &&
	python3 "$IMP/score.py" --strict --min 1 "$IMP/$2" "$1=out.json" >score ||
	{ cat score >&2; return 1; }
}

test_expect_success 'mbox thread: own numbers, repeats dropped, absent quotes kept' '
	check_fixture thread.mbox thread.tsv
'

test_expect_success 'mbox thread: X-Mailer is not the kernel under test' '
	benchpost import --dry-run --format json "$IMP/thread.mbox" >out &&
	! grep -q 2.6.18 out
'

test_expect_success 'mbox thread: quoted numbers are attributed to their author' '
	benchpost import --dry-run --format json "$IMP/thread.mbox" >out &&
	test $(grep -c "\"source\":\"email <carol-1@example.org>, quoting Dave Tester\"" out) = 4
'

test_expect_success 'mbox: line is where the number stands in the file' '
	benchpost import --dry-run --format json "$IMP/thread.mbox" >out &&
	grep "\"value\":41.512," out | grep -q "\"line\":16}" &&
	sed -n 16p "$IMP/thread.mbox" | grep -q "0m41.512s"
'

test_expect_success 'MIME: quoted-printable body, base64 text attachment, binary part ignored' '
	check_fixture mime.eml mime.tsv
'

test_expect_success 'MIME: line is the input line where a decoded line starts' '
	benchpost import --dry-run --format json "$IMP/mime.eml" >out &&
	grep "\"value\":12.345," out | grep -q "\"line\":20}" &&
	sed -n 20p "$IMP/mime.eml" | grep -q "^real=090m12.345s$" &&
	grep "\"value\":2.500," out | grep -q "\"line\":22}" &&
	grep "\"value\":3.20," out | grep -q "\"line\":29}"
'

test_expect_success 'MIME: base64 lines map to the encoded line holding the decoded line' '
	{
		printf "From a@b Mon Mar  3 10:00:00 2008\nMessage-ID: <one@b>\n\nnothing here\n\n" &&
		printf "From a@b Mon Mar  3 10:00:00 2008\nMessage-ID: <b64@b>\nMIME-Version: 1.0\n" &&
		printf "Content-Type: text/plain\nContent-Transfer-Encoding: base64\n\n" &&
		printf "On 2.6.20, ext2:\n\nreal 0m1.5s\nuser 0m0.5s\nsys 0m0.2s\n" | base64 -w 20
	} >b64.mbox &&
	benchpost import --dry-run --format json b64.mbox >out 2>err &&
	test $(wc -l <out) = 3 &&
	grep "\"value\":1.5," out | grep -q "\"line\":13}" &&
	grep "\"value\":0.5," out | grep -q "\"line\":14}" &&
	grep "\"value\":0.2," out | grep -q "\"line\":14}"
'

test_expect_success 'uuencoded text is decoded and read, a binary one is not' '
	check_fixture uuencode.eml uuencode.tsv
'

test_expect_success 'a tool report inside uuencoded text is read, with the prose around it' '
	check_fixture uuencode-report.eml uuencode-report.tsv
'

test_expect_success 'uuencoded text: line counts in the decoded file' '
	benchpost import --dry-run --format json "$IMP/uuencode.eml" >out &&
	test $(grep -c "\"fs\":\"ext2\".*\"line\":4}" out) = 4 &&
	test $(grep -c "\"fs\":\"ext3\".*\"line\":5}" out) = 4
'

test_expect_success 'HTML-only mail is read as text' '
	check_fixture html.eml html.tsv
'

test_expect_success 'maildir: cur/ and new/ are read, tmp/ is not' '
	printf "From: x@y\nSubject: t\nMessage-ID: <tmp@x>\n\nKernel 3.2.0, ext2:\n1.0 real 2.0 user 3.0 sys\n" \
		>"$SCRATCH/tmpmsg" &&
	cp -r "$IMP/maildir" md && mkdir -p md/tmp && cp "$SCRATCH/tmpmsg" md/tmp/1 &&
	benchpost import --dry-run --format json md >out.json &&
	python3 "$IMP/score.py" --strict --min 1 "$IMP/maildir.tsv" "maildir=out.json"
'

test_expect_success 'a table with kernels as rows, m:ss, "-" and N/A cells' '
	check_fixture table.txt table.tsv
'

test_expect_success 'two-line table headers: kernels over configs, configs over units' '
	check_fixture two-line-header.txt two-line-header.tsv
'

test_expect_success 'two-line header: a second line that misses a column is not a header' '
	printf "Kernel 2.6.20:\n\n        ext2    ext3\n        MB/s\ndd      30.2    29.9\n" >miss.txt &&
	test_expect_code 1 benchpost import --dry-run --format json miss.txt >out 2>err &&
	test ! -s out && grep -q "no benchmark numbers found" err
'

test_expect_success 'before/after a patch with no kernel known gives nothing' '
	printf "Subject: x\nMessage-ID: <ba@x>\n\nMB/s, before/after the foo patch:\n\n        ext2       ext3\ndbench  90.3/90.1  81.2/88.7\n" >ba.eml &&
	test_expect_code 1 benchpost import --dry-run --format json ba.eml >out 2>err &&
	test ! -s out
'

test_expect_success 'patch names go into the kernel, vague ones do not' '
	check_fixture patch.mbox patch.tsv
'

test_expect_success 'a patched kernel is its own kernel in the archive' '
	benchpost import --archive arch "$IMP/patch.mbox" >paths &&
	grep -q "^runs/2.6.16-rc5+foo/" paths &&
	benchpost log --archive arch --kernel 2.5.44-mm3+xyz --format json >log &&
	test $(wc -l <log) = 4
'

test_expect_success 'cells of two numbers: user/sys, write/read, before/after a patch' '
	check_fixture pair-cells.txt pair-cells.tsv &&
	benchpost import --dry-run --format json "$IMP/pair-cells.txt" >out &&
	! grep -q "\"value\":1[123][05]," out
'

test_expect_success 'numbers in prose: the sentences that state a result are read, the others are not' '
	check_fixture prose.txt prose.tsv
'

test_expect_success 'a message whose only numbers are in prose is read' '
	printf "Subject: x\nMessage-ID: <p@x>\n\nOn 2.6.20, dbench 16 gave 123.4 MB/s on ext4.\n" >p.eml &&
	benchpost import --dry-run --format json p.eml >out &&
	grep -q "\"kernel\":\"2.6.20\",\"hardware\":null,\"fs\":\"ext4\",.*\"benchmark\":\"dbench 16\",\"metric\":\"throughput\",\"value\":123.4,\"unit\":\"MB/s\"" out
'

test_expect_success 'GNU time -v and time -p: the command after time'"'"'s own options' '
	check_fixture gnu-verbose.eml gnu-verbose.tsv
'

test_expect_success 'ASCII-art tables: | separators, +---+ and |---| rules, N/A' '
	check_fixture ascii-table.txt ascii-table.tsv
'

test_expect_success 'a postmark report in a message gets the prose context' '
	benchpost import --dry-run --format json "$IMP/postmark.eml" >out &&
	grep "\"metric\":\"transactions-rate\"" out |
		grep -q "\"kernel\":\"2.6.16\",\"hardware\":null,\"fs\":\"ext3\",\"options\":\"data=writeback\",\"device\":null,\"benchmark\":\"postmark\",\"metric\":\"transactions-rate\",\"value\":2222," &&
	grep "\"metric\":\"elapsed\"" out | grep -q "\"value\":11,\"unit\":\"s\",.*\"line\":12}" &&
	sed -n 12p "$IMP/postmark.eml" | grep -q "11 seconds total"
'

test_expect_success 'standard input is read with -' '
	benchpost import --dry-run --format json - <"$IMP/thread.mbox" >stdin.json &&
	benchpost import --dry-run --format json "$IMP/thread.mbox" >file.json &&
	test_cmp file.json stdin.json
'

test_expect_success 'mboxrd: >From lines lose one > and do not split messages' '
	printf "From a@b Mon Mar  3 10:00:00 2008\nMessage-ID: <a@b>\nSubject: x\n\nOn 2.6.20, ext2:\n>From here:\n>>From there:\nreal 0m1.5s\nuser 0m0.5s\nsys 0m0.2s\n" >rd.mbox &&
	benchpost import --dry-run --format json rd.mbox >out &&
	test $(wc -l <out) = 3 &&
	grep -q "\"kernel\":\"2.6.20\",\"hardware\":null,\"fs\":\"ext2\"" out
'

test_expect_success 'bench output by default, the archive format' '
	benchpost import --dry-run "$IMP/table.txt" >out.bench &&
	grep -q "^kernel: 2.6.27$" out.bench &&
	benchpost parse --type bench out.bench >again &&
	test_cmp out.bench again
'

test_done
