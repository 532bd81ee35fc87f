#!/bin/sh
# benchpost report: the templates rendered as text, as an RFC 5322 email a
# strict mail parser accepts, and as one self-contained HTML page.
. "$(dirname "$0")/lib.sh"
. "$SRCDIR/tests/t/lib-render.sh"
R="$FIXTURES/render"

# Goldens checked by hand: the numbers are those of t0500's diff (medians
# 10.1 s, 100 MB/s, 2.2 s, their relative spreads 2%, 2%, 7%); seed 004's
# table as posted, its legend the poster's.
test_expect_success 'single-run template' '
	benchpost report --template single-run "$R/old.bench" >out &&
	test_cmp "$R/report-single-run.txt" out &&
	postable out
'

test_expect_success 'one kernel, one file system: the run layout by default' '
	benchpost report "$R/old.bench" >out &&
	test_cmp "$R/report-run.txt" out &&
	grep "^elapsed (s)       ext4$" out &&
	grep "^dd (MB/s)  100 +-2%$" out
'

test_expect_success 'fs-compare template (seed 004: a legend across the columns)' '
	benchpost report --template fs-compare "$R/seed004.bench" >out &&
	test_cmp "$R/report-fs-compare.txt" out &&
	postable out
'

test_expect_success 'kernel-diff template, and two kernels by default' '
	benchpost report --template kernel-diff "$R/old.bench" "$R/new.bench" >out &&
	test_cmp "$R/report-kernel-diff.txt" out &&
	postable out &&
	benchpost report "$R/old.bench" "$R/new.bench" >out &&
	test_cmp "$R/report-compare.txt" out
'

# Eight kernels of one configuration: a series, kernels as columns in
# version order (medians checked in test_render_table.c).
test_expect_success 'three kernels or more: the series layout' '
	benchpost report "$R/wide.bench" >out &&
	grep "^2.4.15-pre4 to 6.1.0-28-amd64 (8 kernels): xfs on wide-box$" out &&
	grep "^ *2.4.15-pre4 *2.4.15 *2.5.44-ac2 *2.5.44-mm3$" out &&
	grep "^ *2.6.16-rc5 *2.6.16-rc5-mm3 *2.6.16 *6.1.0-28-amd64$" out &&
	grep "^The columns share every fact recorded besides the kernel.$" out &&
	postable out
'

test_expect_success 'graphs in text only when asked: --graphs' '
	benchpost report --template fs-compare "$R/seed004.bench" >out &&
	! grep "kuntar: value" out &&
	if command -v gnuplot >/dev/null; then
		benchpost report --graphs --template fs-compare "$R/seed004.bench" >out &&
		grep "kuntar: value" out &&
		postable out
	fi
'

test_expect_success 'every report states its method, even when the template does not' '
	printf "# Only a table\n\n{{table}}\n" >bare.md &&
	benchpost report --template bare.md "$R/seed004.bench" >out &&
	grep "^Method$" out &&
	tr "\n" " " <out >flat &&
	grep "Each number is a single run: its noise is unknown." flat &&
	grep "Whether caches were dropped between iterations is not recorded." flat
'

test_expect_success 'paragraphs are wrapped at 72 columns, words kept whole' '
	{
		printf "# Wrapping\n\n"
		for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do
			printf "word%s " "$i"
		done
		printf "\n\n- a list item that is long enough to need wrapping at seventy-two columns for sure\n"
	} >wrap.md &&
	benchpost report --template wrap.md "$R/old.bench" >out &&
	postable out &&
	grep "^word1 word2 " out &&
	grep "^- a list item that is long enough to need wrapping at seventy-two$" out &&
	grep "^  columns for sure$" out
'

test_expect_success '{{benchmarks}} names the benchmarks; placeholders come from one table' '
	printf "# B\n\nRan {{benchmarks}} with {{test}} at {{alpha}}.\n" >b.md &&
	benchpost report --template b.md "$R/old.bench" >out &&
	grep "^Ran untar, dd, rm with Mann-Whitney U at 0.05.$" out
'

test_expect_success 'unknown placeholders are errors with file and line' '
	printf "# T\n\ntext\n\n{{nonsense}}\n" >bad.md &&
	test_expect_code 1 benchpost report --template bad.md "$R/old.bench" 2>err &&
	grep "^benchpost: bad.md:5: unknown placeholder .{{nonsense}}.$" err &&
	printf "# T\n\n{{table sideways}}\n" >bad2.md &&
	test_expect_code 1 benchpost report --template bad2.md "$R/old.bench" 2>err &&
	grep "^benchpost: bad2.md:3: unknown argument .sideways. of .{{table}}.$" err &&
	printf "# T\n\nsee {{diff}} here\n" >bad3.md &&
	test_expect_code 1 benchpost report --template bad3.md "$R/old.bench" 2>err &&
	grep "^benchpost: bad3.md:3: a block placeholder must stand alone in its paragraph" err
'

test_expect_success 'an unknown template is named with the ones there are' '
	test_expect_code 1 benchpost report --template nope "$R/old.bench" 2>err &&
	grep "^benchpost: no template .nope. (the templates: fs-compare, kernel-diff, report, single-run)$" err
'

test_expect_success 'email: a strict parser reads it, headers as asked, Subject names the comparison' '
	benchpost report --format email --from "Tester <t@example.org>" \
		--to "linux-fsdevel@vger.kernel.org" --cc "a@example.org, b@example.org" \
		--in-reply-to "3DB6FF5B.5060004@zip.com.au" \
		"$R/old.bench" "$R/new.bench" >mail &&
	python3 - mail <<-\EOF
	import email, email.policy, email.utils, sys
	raw = open(sys.argv[1], "rb").read()
	m = email.message_from_bytes(raw, policy=email.policy.strict)
	assert m["From"] == "Tester <t@example.org>", m["From"]
	assert m["To"] == "linux-fsdevel@vger.kernel.org", m["To"]
	assert m["Cc"] == "a@example.org, b@example.org", m["Cc"]
	assert m["Subject"] == "6.1.0 vs 6.2.0: rm -45.5%", m["Subject"]
	assert email.utils.parsedate_to_datetime(m["Date"]) is not None
	mid = m["Message-ID"]
	assert mid.startswith("<") and mid.endswith(">") and "@" in mid, mid
	assert m["In-Reply-To"] == "<3DB6FF5B.5060004@zip.com.au>"
	assert m["References"] == "<3DB6FF5B.5060004@zip.com.au>"
	assert m["MIME-Version"] == "1.0"
	assert m.get_content_type() == "text/plain"
	assert m.get_content_charset() == "us-ascii"
	assert m["Content-Transfer-Encoding"] == "7bit"
	body = m.get_content()
	assert "+9.9% worse   (p=0.008 n=5+5)" in body and "Method" in body
	for n, line in enumerate(body.split("\n")):
	    assert len(line) <= 72, (n, line)
	    assert all(32 <= ord(c) < 127 for c in line), (n, line)
	for line in raw.split(b"\n"):
	    assert len(line) <= 78, line
	EOF
'

test_expect_success 'email body is the text report' '
	benchpost report "$R/old.bench" "$R/new.bench" >text &&
	sed "1,/^\$/d" mail >body &&
	test_cmp text body &&
	postable body
'

test_expect_success 'email: subject from --subject, folded; two messages differ in id' '
	benchpost report --format email --subject "$(printf "word%.0s " $(seq 1 30))" "$R/old.bench" >m1 &&
	benchpost report --format email "$R/old.bench" >m2 &&
	awk "/^\$/ { exit } length > 78 { exit 1 }" m1 &&
	python3 -c "
import email, email.policy
a = email.message_from_bytes(open(\"m1\", \"rb\").read(), policy=email.policy.strict)
b = email.message_from_bytes(open(\"m2\", \"rb\").read(), policy=email.policy.strict)
assert a[\"Subject\"].split() == [\"word\"] * 30, a[\"Subject\"]
assert a[\"Message-ID\"] != b[\"Message-ID\"]
assert b[\"Subject\"] == \"ext4: 6.1.0 on qemu-2c-4g-vda\", b[\"Subject\"]
"
'

test_expect_success 'email: a line break in a header value, or a bad message id, is refused' '
	test_expect_code 1 benchpost report --format email --to "$(printf "a@b\nBcc: x@y")" "$R/old.bench" 2>err &&
	grep "^benchpost: a header value cannot hold a line break" err &&
	test_expect_code 1 benchpost report --format email --in-reply-to "not an id" "$R/old.bench" 2>err &&
	grep "^benchpost: not a message id: .not an id.$" err
'

# RFC 2047 only where it is needed: the display names and the Subject words
# outside ASCII, never the addresses (sendmail would be handed an encoded
# word for a recipient); every header line within 78 columns.
test_expect_success 'email with --utf8: encoded words on display names and words only' '
	benchpost report --format email --utf8 \
		--from "$(printf "Ren\303\251e M\303\274ller <rm@example.org>")" \
		--to "$(printf "Jos\303\251 <j@example.org>, plain@example.org, \"Doe, J.\" <d@example.org>")" \
		--subject "$(printf "r\303\251sultats for ext3 on a long line that needs folding somewhere around here, na\303\257ve")" \
		"$R/old.bench" >mail8 &&
	python3 - mail8 <<-\EOF
	import email, email.policy, sys
	raw = open(sys.argv[1], "rb").read()
	head = raw.split(b"\n\n", 1)[0]
	assert all(b < 128 for b in head), "headers must stay ASCII"
	for line in head.split(b"\n"):
	    assert len(line) <= 78, line
	assert b"rm@example.org" in head and b"j@example.org" in head
	assert b"plain@example.org" in head and b"=?UTF-8?B?" in head
	assert b"for ext3 on a long line" in head, "ASCII words stay as they are"
	m = email.message_from_bytes(raw, policy=email.policy.strict)
	assert m["From"] == "Ren\u00e9e M\u00fcller <rm@example.org>", m["From"]
	assert m["From"].addresses[0].addr_spec == "rm@example.org"
	to = m["To"].addresses
	assert [a.addr_spec for a in to] == ["j@example.org", "plain@example.org", "d@example.org"], to
	assert to[0].display_name == "Jos\u00e9" and to[2].display_name == "Doe, J.", to
	assert m["Subject"] == "r\u00e9sultats for ext3 on a long line that needs folding somewhere around here, na\u00efve", m["Subject"]
	assert m.get_content_charset() == "utf-8"
	assert m["Content-Transfer-Encoding"] == "8bit"
	EOF
'

test_expect_success 'email: a non-ASCII address is refused, not encoded' '
	test_expect_code 1 benchpost report --format email --to "$(printf "j\303\251@example.org")" "$R/old.bench" 2>err &&
	grep "^benchpost: an address must be ASCII" err
'

test_expect_success 'html: one page, SVG inline, the template'"'"'s raw HTML dropped' '
	printf "# Page <b>x</b>\n\n<script>alert(1)</script>\n\n[x](javascript:alert(2))\n\n{{table}}\n\n{{graph}}\n" >page.md &&
	benchpost report --format html --template page.md -o page.html "$R/seed004.bench" &&
	python3 - page.html <<-\EOF
	import sys, html.parser, xml.etree.ElementTree as ET
	doc = open(sys.argv[1]).read()
	assert doc.startswith("<!DOCTYPE html>")
	assert "<script" not in doc and "javascript:" not in doc
	assert "<table>" in doc and "ext3wb" in doc
	# self-contained: nothing fetched from elsewhere
	assert "src=" not in doc and "href=\"http" not in doc
	html.parser.HTMLParser().feed(doc)
	start = doc.index("<svg"); end = doc.index("</svg>") + 6
	root = ET.fromstring(doc[start:end])
	assert root.tag.endswith("svg")
	EOF
'

# A kernel name with bytes that are not UTF-8 (0xff, a lone continuation
# byte): the page, its <title> and <h1> included, is valid UTF-8.
test_expect_success 'html: invalid UTF-8 from mail never reaches the page' '
	printf "kernel: 2.6.16-\377rc5\200x\nfs: ext3\nBenchmarkUntar 1 5 sec/op\n" >bad8.bench &&
	benchpost report --format html -o bad8.html bad8.bench &&
	python3 - bad8.html <<-\EOF
	import sys
	raw = open(sys.argv[1], "rb").read()
	text = raw.decode("utf-8")
	h1 = text[text.index("<h1>"):text.index("</h1>")]
	assert "2.6.16-" in h1 and "rc5" in h1, h1
	title = text[text.index("<title>"):text.index("</title>")]
	assert "rc5" in title, title
	EOF
'

test_expect_success 'report from the archive: the default selection is said, filters narrow it' '
	"$BP_HELPERS/bp-commit" --archive arch --when 1764496800 "$R/old.bench" &&
	"$BP_HELPERS/bp-commit" --archive arch --when 1764500400 "$R/new.bench" &&
	benchpost report --archive arch >out 2>err &&
	test_cmp "$R/report-compare.txt" out &&
	grep "^benchpost: no selection given: the two latest kernels on one machine: 6.1.0 on qemu-2c-4g-vda, ext4:noatime (commit [0-9a-f]*, 2025-11-30 10:00 UTC) against 6.2.0" err &&
	benchpost report --archive arch --kernel 6.1.0 >out 2>err &&
	test_cmp "$R/report-run.txt" out &&
	grep "^benchpost: no selection given: the latest run: 6.1.0 on qemu-2c-4g-vda" err
'

# The largest significant change of a main number over both file
# systems: rm 2.2 -> 1.2 s, -45.5% (untar +9.9%); the Subject keeps its own
# copy of the benchmark's name, the records of each table being freed.
test_expect_success 'two kernels on two file systems: a table each, the Subject names the largest change' '
	sed "s/^fs: ext4/fs: xfs/" "$R/old.bench" >old-xfs.bench &&
	sed "s/^fs: ext4/fs: xfs/" "$R/new.bench" >new-xfs.bench &&
	"$BP_HELPERS/bp-commit" --archive two --when 1764496800 --batch 2 "$R/old.bench" old-xfs.bench &&
	"$BP_HELPERS/bp-commit" --archive two --when 1764500400 --batch 2 "$R/new.bench" new-xfs.bench &&
	benchpost report --archive two --format email >mail 2>err &&
	grep "^benchpost: no selection given: the two latest kernels on one machine: 6.1.0 on qemu-2c-4g-vda, ext4:noatime, xfs:noatime (commit" err &&
	report_email_checks mail 120 &&
	grep "^Subject: 6.1.0 vs 6.2.0: rm -45.5%$" mail &&
	grep "^6.1.0 vs 6.2.0: ext4 noatime on qemu-2c-4g-vda$" mail &&
	grep "^6.1.0 vs 6.2.0: xfs noatime on qemu-2c-4g-vda$" mail &&
	test $(grep -c "^  elapsed (s)    2.2 +-7%    1.2 +-13%  -45.5% better  (p=0.008 n=5+5)$" mail) = 2 &&
	# untar'"'"'s user time, left out of each table: counted once for both
	grep "^2 more metrics in these tables with --detail$" mail &&
	test $(grep -c "more metric" mail) = 1
'

test_expect_success 'no selection over a poster'"'"'s configurations: named as the columns are' '
	"$BP_HELPERS/bp-commit" --archive s4 "$R/seed004.bench" &&
	benchpost report --archive s4 >out 2>err &&
	grep "^benchpost: no selection given: the latest run: 2.6.16-rc5-mm3 on unknown hardware, ext2, ext2r, ext2fw, ext3, ext3wb (commit" err
'

test_expect_success '-o writes the file' '
	benchpost report -o r.txt "$R/old.bench" &&
	test_cmp "$R/report-run.txt" r.txt
'

test_expect_success 'a mail with %, backticks and quotes in its labels imports, plots and reports' '
	benchpost import --archive labels "$R/labels.eml" &&
	benchpost report --archive labels >out 2>/dev/null &&
	postable out &&
	grep "^untar_.id._50%$" out &&
	grep "^rm \"-rf\" 100%d$" out &&
	benchpost report --archive labels --format email >mail 2>/dev/null &&
	python3 -c "
import email, email.policy
email.message_from_bytes(open(\"mail\", \"rb\").read(), policy=email.policy.strict)
" &&
	if command -v gnuplot >/dev/null; then
		for t in dumb svg png; do
			benchpost plot --archive labels --terminal $t -o "g.$t" 2>/dev/null || return 1
		done &&
		grep -F "untar_\`id\`_50%" g.dumb &&
		benchpost report --archive labels --format html -o page.html 2>/dev/null &&
		grep -F "rm &quot;-rf&quot; 100%d" page.html
	fi
'

# Only kernel-less records: every list of kernels is empty, and sorting an
# empty list is where UBSan caught qsort(NULL, 0) (make check SANITIZE=1).
test_expect_success 'an archive of kernel-less records reports, plots and diffs' '
	printf "fs: ext3\noptions: data=ordered\nBenchmarkWriter 1 2.5 sec/op\n" >k1.bench &&
	printf "fs: ext3\noptions: data=writeback\nBenchmarkWriter 1 2.4 sec/op\n" >k2.bench &&
	"$BP_HELPERS/bp-commit" --archive nok k1.bench k2.bench &&
	benchpost report --archive nok >out 2>err &&
	grep "kernel not stated" out &&
	benchpost diff --archive nok $(benchpost log --archive nok --fs ext3:data=ordered | awk "{ print \$NF }") \
		$(benchpost log --archive nok --fs ext3:data=writeback | awk "{ print \$NF }") >out &&
	grep "^ext3 data=ordered vs data=writeback on unknown hardware$" out &&
	benchpost log --archive nok --hardware - >out &&
	test $(wc -l <out) -eq 2 &&
	printf "fs: ext3\nquoted: true\nBenchmarkWriter 1 2.5 sec/op\n" >quoted.bench &&
	"$BP_HELPERS/bp-commit" --archive quoted quoted.bench &&
	test_expect_code 1 benchpost report --archive quoted 2>err &&
	grep "^benchpost: no results in the archive match$\|^benchpost: nothing to report" err &&
	test_expect_code 1 benchpost report quoted.bench 2>err &&
	grep "^benchpost: nothing to report: no number in the selection but those only quoted in replies$" err &&
	test_expect_code 1 benchpost diff quoted.bench quoted.bench 2>err &&
	grep "^benchpost: nothing to compare" err &&
	if command -v gnuplot >/dev/null; then
		benchpost plot --archive nok >out 2>/dev/null
	fi
'

# A comparison's Machine section names the side of each fact that
# differs between them (the summary calls them old and new); a fact both
# share stays one line.
test_expect_success 'machine facts that differ between the sides say which side' '
	benchpost report "$R/ext3-ordered.bench" "$R/ext3-writeback.bench" >out &&
	sed -n "/^Machine/,\$p" out >machine &&
	grep "^options:    data=ordered (old)$" machine &&
	grep "^            data=writeback (new)$" machine &&
	grep "^scheduler:  mq-deadline (old)$" machine &&
	grep "^            none (new)$" machine &&
	grep "^fs:         ext3$" machine &&
	grep "^kernel:     6.1.0$" machine &&
	postable out
'

# seed 002: a comparison per file system, each under a heading of its own
# on an HTML page (not a note paragraph).
test_expect_success 'html: each comparison of several has its own heading' '
	benchpost report --format html -o seed002.html "$R/seed002.bench" &&
	grep -c "^<h2>2.5.44-ac2 vs 2.5.44-mm3: [a-z0-9]* on piii-1c-st340016a</h2>$" seed002.html >n &&
	test "$(cat n)" = 2 &&
	! grep "<p class=\"note\">2.5.44-ac2 vs" seed002.html &&
	benchpost report "$R/seed002.bench" >text &&
	grep "^2.5.44-ac2 vs 2.5.44-mm3: ext3 on piii-1c-st340016a$" text
'

test_done
