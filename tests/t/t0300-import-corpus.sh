#!/bin/sh
# benchpost import on the corpus: scored against EXPECTED.tsv (a number
# counts when value, metric, kernel and fs match); precision and recall
# must both reach 0.95 on every seed.
. "$(dirname "$0")/lib.sh"

SEEDS="$CORPUS/seeds"
SCORE="$FIXTURES/import/score.py"

if [ ! -f "$SEEDS/EXPECTED.tsv" ]; then
	test_skip 'the corpus is scored against EXPECTED.tsv' "no corpus at $CORPUS (set BENCHPOST_CORPUS)"
	test_done
	exit
fi

test_expect_success 'every seed scores precision and recall >= 0.95' '
	args= &&
	for f in "$SEEDS"/[0-9]*.txt; do
		b=$(basename "$f") &&
		benchpost import --dry-run --format json "$f" >"$b.json" 2>"$b.err" &&
		args="$args $b=$b.json" || return 1
	done &&
	python3 "$SCORE" --min 0.95 "$SEEDS/EXPECTED.tsv" $args >score &&
	cat score >&2 &&
	grep "^overall: precision" score | sed "s/^/# /"
'
# the score, visible in the test log
[ -f "$SCRATCH/score" ] && sed 's/^/# /' "$SCRATCH/score"

test_expect_success 'numbers quoted again in replies of thread 002 count once' '
	benchpost import --dry-run --format json "$SEEDS"/002_*.txt >out &&
	test $(grep -c "\"metric\":\"elapsed\",\"value\":53.17," out) = 1 &&
	test $(grep -c "\"quoted\":true" out) = 0
'

test_expect_success 'quoted numbers whose message is absent are marked and attributed (003)' '
	benchpost import --dry-run --format json "$SEEDS"/003_*.txt >out &&
	test $(grep -c "\"quoted\":true" out) = 12 &&
	grep "\"value\":1.501," out | grep -q "quoting Andrew Morton" &&
	grep -q "\"source\":\"email <877krwch39.fsf@atlas.iskon.hr>\"" out
'

test_expect_success 'mount output decides the mode of each mount point (003)' '
	benchpost import --dry-run --format json "$SEEDS"/003_*.txt >out &&
	grep "\"value\":6.129," out | grep -q "\"fs\":\"ext3\",\"options\":\"data=writeback\",\"device\":\"/dev/hde2\"" &&
	grep "\"value\":3.594," out | grep -q "\"fs\":\"ext3\",\"options\":\"data=ordered\",\"device\":\"/dev/hde3\""
'

test_expect_success 'the script names each step; labels beside the block do not (000, 001)' '
	benchpost import --dry-run --format json "$SEEDS"/000_*.txt "$SEEDS"/001_*.txt >out &&
	grep "\"value\":2.129," out | grep -q "\"benchmark\":\"tar -zxf linux-2.2.17.tar.gz\"" &&
	grep "\"value\":10.916," out | grep -q "\"benchmark\":\"total\"" &&
	grep "\"value\":15.76," out | grep -q "\"benchmark\":\"write (dd 500 MB)\",\"metric\":\"elapsed\"" &&
	grep "\"value\":65.17," out | grep -q "\"device\":\"/dev/sdb1\",\"benchmark\":\"read (cat)\""
'

test_expect_success 'a legend expands the column names of a table (004)' '
	benchpost import --dry-run --format json "$SEEDS"/004_*.txt >out &&
	test $(wc -l <out) = 15 &&
	grep "\"value\":30.60," out |
		grep -q "\"kernel\":\"2.6.16-rc5-mm3\",\"hardware\":null,\"fs\":\"ext3\",\"options\":\"ext3wb: 4k blocks, 256m journal, noatime, data=writeback\""
'

test_expect_success 'the whole corpus in one run gives the same records as one seed at a time' '
	benchpost import --dry-run --format json "$SEEDS"/[0-9]*.txt >all &&
	for f in "$SEEDS"/[0-9]*.txt; do
		benchpost import --dry-run --format json "$f" || return 1
	done >each &&
	test_cmp each all
'

test_done
