#!/bin/sh
# Numbers in running prose: durations and rates a measuring word states,
# in every spelling, sentences broken over lines, "respectively" lists;
# and the numbers prose holds that are no results (percentages of change,
# bounds, settings, versions, dates), which give nothing and say why.
. "$(dirname "$0")/lib.sh"

IMP="$FIXTURES/import"

test_expect_success 'prose: minutes and hours in words, m:ss, rates, changes, respectively' '
	benchpost import --dry-run --format json "$IMP/prose-forms.mbox" >out.json 2>err &&
	python3 "$IMP/score.py" --strict --min 1 "$IMP/prose-forms.tsv" prose-forms.mbox=out.json >score ||
	{ cat score >&2; false; }
'

test_expect_success 'prose: a number on the second line of its sentence keeps its own line' '
	benchpost import --dry-run --format json "$IMP/prose-forms.mbox" >out 2>err &&
	grep "\"value\":95," out | grep -q "\"line\":12}" &&
	sed -n 12p "$IMP/prose-forms.mbox" | grep -q "^at about 95 MB/s" &&
	grep "\"value\":18," out | grep -q "\"line\":13}" &&
	sed -n 13p "$IMP/prose-forms.mbox" | grep -q "^52 to 18 MB/s"
'

test_expect_success 'prose: a message whose only number is a percentage of change says so' '
	benchpost import --dry-run --format json "$IMP/prose-forms.mbox" >out 2>err &&
	grep -q "message 3: skipped: line 38: a relative change (a percentage), not a value" err &&
	sed -n 38p "$IMP/prose-forms.mbox" | grep -q "12% faster" &&
	! grep -q "prose-forms-3" out
'

test_expect_success 'prose: versions, dates, counts, settings and comparisons give nothing' '
	cat >neg.eml <<-\EOF &&
	From: Dee Tester <dee@example.org>
	Subject: notes on 2.6.32
	Message-ID: <prose-neg@example.org>

	I moved the box to 2.6.32 on 2010-01-04 and ran 3 passes of the suite
	with a 45 second pause between passes, bs=64k and -j4.  The new code is
	about 7% faster, the sync took 2 seconds longer, and a rerun took over
	90 seconds.  Logs are at http://www.example.org/runs/45MB/s/ for now.
	EOF
	test_expect_code 1 benchpost import --dry-run --format json neg.eml >out 2>err &&
	! test -s out &&
	grep -q "neg.eml: skipped: line 6: a size or setting" err
'

test_expect_success 'prose: the same numbers with a measured quantity are read' '
	cat >pos.eml <<-\EOF &&
	From: Dee Tester <dee@example.org>
	Subject: notes on 2.6.32
	Message-ID: <prose-pos@example.org>

	On 2.6.32 with ext3 a pass of the suite took about 45 seconds, and
	the untar completed in 1m12s.
	EOF
	benchpost import --dry-run --format json pos.eml >out 2>err &&
	test $(wc -l <out) = 2 &&
	grep "\"value\":45," out | grep -q "\"kernel\":\"2.6.32\",\"hardware\":null,\"fs\":\"ext3\"" &&
	grep "\"value\":72," out | grep -q "\"metric\":\"elapsed\""
'

# A script's result lines one under another ("dir fsync took 6120 ms
# after adding 500000 files"): each line its own sentence, "after" what
# was timed rather than a setting; the file system the Subject's tag
# names ("btrfs: ...") when the text names none.
test_expect_success 'prose: lines of results one under another are each read' '
	benchpost import --dry-run --format json "$IMP/prose-list.txt" >out 2>err &&
	test $(wc -l <out) = 4 &&
	test $(grep -c "\"benchmark\":\"dir fsync\",\"metric\":\"elapsed\"" out) = 4 &&
	test $(grep -c "\"fs\":\"btrfs\"" out) = 4 &&
	grep -q "\"value\":0.221,\"unit\":\"s\"" out &&
	! grep -q "after adding 500000 files dir" out
'

test_done
