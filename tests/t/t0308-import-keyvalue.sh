#!/bin/sh
# "key: value" lines: a label and one measured quantity (or a list of
# names and as many numbers), the label a benchmark, a kernel or a metric;
# lines of the machine and the set-up (Memory:, CPU:, Runtime:) give nothing.
. "$(dirname "$0")/lib.sh"

IMP="$FIXTURES/import"

test_expect_success 'key: value lines: rates, m:ss and ~m.ss times, lists, units in the label' '
	benchpost import --dry-run --format json "$IMP/keyvalue.txt" >out.json 2>err &&
	python3 "$IMP/score.py" --strict --min 1 "$IMP/keyvalue.tsv" keyvalue.txt=out.json >score ||
	{ cat score >&2; false; }
'

test_expect_success 'key: value lines: facts of the machine and the set-up are no results' '
	cat >facts.eml <<-\EOF &&
	From: Lou Tester <lou@example.org>
	Subject: the box
	Message-ID: <keyvalue-facts@example.org>

	Memory:   2048 MB
	CPU:      2.4 GHz
	Kernel:   v5.9
	Date:     10:15:02
	Runtime:  60s
	Timeout:  30 seconds
	Link speed: 6Gb/s
	EOF
	test_expect_code 1 benchpost import --dry-run --format json facts.eml >out 2>err &&
	! test -s out
'

test_expect_success 'key: value lines in a patch are no results' '
	cat >patch.eml <<-\EOF &&
	From: Lou Tester <lou@example.org>
	Subject: [PATCH] docs: example output
	Message-ID: <keyvalue-patch@example.org>

	---
	 Documentation/example.txt | 3 +++
	 1 file changed, 3 insertions(+)

	diff --git a/Documentation/example.txt b/Documentation/example.txt
	--- a/Documentation/example.txt
	+++ b/Documentation/example.txt
	@@ -1,2 +1,5 @@
	 Example:
	+tbench 8:        33Mb/sec
	+pagetest:        2m14s
	+Throughput: 52.5 MB/sec
	EOF
	test_expect_code 1 benchpost import --dry-run --format json patch.eml >out 2>err &&
	! test -s out
'

test_done
