#!/bin/sh
# benchpost report: the templates rendered as text, as an RFC 5322 email a
# mail parser accepts, and as one self-contained HTML page.
. "$(dirname "$0")/lib.sh"
. "$SRCDIR/tests/t/lib-render.sh"
R="$FIXTURES/render"

# Goldens checked by hand: the numbers are those of t0500's diff and the
# fixtures' means (10.1 s, 1.00 s, 100 MB/s, 2.2 s), seed 004's table as
# posted; the graphs' bars stand at those heights (gnuplot 5.4's dumb
# terminal draws them).
test_expect_success 'single-run template' '
	benchpost report --template single-run "$R/old.bench" >out &&
	test_cmp "$R/report-single-run.txt" out &&
	postable out
'

test_expect_success 'one kernel, one file system: single-run by default' '
	benchpost report "$R/old.bench" >out &&
	test_cmp "$R/report-single-run.txt" out
'

test_expect_success 'fs-compare template (seed 004, with bar charts)' '
	benchpost report "$R/seed004.bench" >out &&
	test_cmp "$R/report-fs-compare.txt" out &&
	postable out
'

test_expect_success 'kernel-diff template (two kernels, diff and graphs)' '
	benchpost report "$R/old.bench" "$R/new.bench" >out &&
	test_cmp "$R/report-kernel-diff.txt" out &&
	postable out
'

test_expect_success 'every report states its method, even when the template does not' '
	printf "# Only a table\n\n{{table}}\n" >bare.md &&
	benchpost report --template bare.md "$R/seed004.bench" >out &&
	grep "^Method$" out &&
	tr "\n" " " <out >flat &&
	grep "Each number is a single run: its noise is unknown." flat &&
	grep "Whether caches were dropped between iterations is not recorded." flat &&
	grep "Whether the time to sync is included is not recorded." flat &&
	grep "The data-set size against memory is not recorded." flat &&
	grep "Whether the file systems shared a backing store is not recorded." flat
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

test_expect_success 'unknown placeholders are errors with file and line' '
	printf "# T\n\ntext\n\n{{nonsense}}\n" >bad.md &&
	test_expect_code 1 benchpost report --template bad.md "$R/old.bench" 2>err &&
	grep "^benchpost: bad.md:5: unknown placeholder .{{nonsense}}.$" err &&
	printf "# T\n\n{{table sideways}}\n" >bad2.md &&
	test_expect_code 1 benchpost report --template bad2.md "$R/old.bench" 2>err &&
	grep "^benchpost: bad2.md:3: unknown argument .sideways. of .{{table}}.$" err
'

test_expect_success 'an unknown template is named' '
	test_expect_code 1 benchpost report --template nope "$R/old.bench" 2>err &&
	grep "^benchpost: no template .nope." err
'

test_expect_success 'email: a message Python'"'"'s email module reads, headers as asked' '
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
	assert m["Subject"] == "6.1.0 vs 6.2.0: ext4", m["Subject"]
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
	assert "0.008 worse" in body and "Method" in body
	for n, line in enumerate(body.split("\n")):
	    assert len(line) <= 72, (n, line)
	    assert all(32 <= ord(c) < 127 for c in line), (n, line)
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
a = email.message_from_bytes(open(\"m1\", \"rb\").read(), policy=email.policy.default)
b = email.message_from_bytes(open(\"m2\", \"rb\").read(), policy=email.policy.default)
assert a[\"Subject\"].split() == [\"word\"] * 30, a[\"Subject\"]
assert a[\"Message-ID\"] != b[\"Message-ID\"]
assert b[\"Subject\"] == \"ext4 on 6.1.0: benchmark results\"
"
'

test_expect_success 'email: a line break in a header value is refused' '
	test_expect_code 1 benchpost report --format email --to "$(printf "a@b\nBcc: x@y")" "$R/old.bench" 2>err &&
	grep "^benchpost: a header value cannot hold a line break" err
'

test_expect_success 'email with --utf8: 8bit UTF-8, encoded subject' '
	benchpost report --format email --utf8 --subject "$(printf "r\303\251sultats")" "$R/old.bench" >mail8 &&
	python3 -c "
import email, email.policy
m = email.message_from_bytes(open(\"mail8\", \"rb\").read(), policy=email.policy.default)
assert m[\"Subject\"] == \"r\u00e9sultats\", m[\"Subject\"]
assert m.get_content_charset() == \"utf-8\"
assert m[\"Content-Transfer-Encoding\"] == \"8bit\"
"
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

test_expect_success 'report from the archive by kernel filter' '
	"$BP_HELPERS/bp-commit" --archive arch "$R/old.bench" &&
	"$BP_HELPERS/bp-commit" --archive arch "$R/new.bench" &&
	benchpost report --archive arch >out &&
	test_cmp "$R/report-kernel-diff.txt" out &&
	benchpost report --archive arch --kernel 6.1.0 >out &&
	test_cmp "$R/report-single-run.txt" out
'

test_expect_success '-o writes the file' '
	benchpost report -o r.txt "$R/old.bench" &&
	test_cmp "$R/report-single-run.txt" r.txt
'

test_done
