#!/bin/sh
# benchpost parse --type bench: the archive format read and written back.
. "$(dirname "$0")/lib.sh"

test_expect_success 'a canonical bench file round-trips byte-exact' '
	benchpost parse --type bench "$FIXTURES/bench/design-example.bench" >out &&
	test_cmp "$FIXTURES/bench/design-example.bench" out
'

test_expect_success 'bench converts to JSON Lines' '
	benchpost parse --type bench --format json "$FIXTURES/bench/design-example.bench" >out &&
	test_cmp "$FIXTURES/bench/design-example.json" out
'

test_expect_success 'JSON output is valid JSON, one object a line' '
	benchpost parse --type bench --format json "$FIXTURES/bench/design-example.bench" >out &&
	python3 -c "
import json, sys
n = 0
for line in open(\"out\"):
    r = json.loads(line); n += 1
    assert set(r) >= {\"kernel\",\"hardware\",\"fs\",\"options\",\"device\",\"benchmark\",\"metric\",\"value\",\"unit\",\"iteration\",\"source\",\"quoted\",\"line\"}
assert n == 8, n
"
'

test_expect_success 'standard input is read with -' '
	benchpost parse --type bench - <"$FIXTURES/bench/design-example.bench" >out &&
	test_cmp "$FIXTURES/bench/design-example.bench" out
'

test_expect_success 'a malformed line is reported with file and line' '
	printf "kernel: 2.6.16\nBenchmarkX 1 1.5 sec/op\nBenchmarkY 1 fast sec/op\n" >bad.bench &&
	test_expect_code 1 benchpost parse --type bench bad.bench >out 2>err &&
	grep -q "^benchpost: bad.bench:3: expected a number as value$" err &&
	test ! -s out
'

test_expect_success 'a missing file is named in the error' '
	test_expect_code 1 benchpost parse --type bench nope.bench 2>err &&
	grep -q "^benchpost: cannot open '"'"'nope.bench'"'"': No such file or directory$" err
'

test_done
