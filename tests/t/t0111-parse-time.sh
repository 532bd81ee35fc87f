#!/bin/sh
# benchpost parse --type time beyond the fixtures: exit codes, bench output,
# huge lines, several files.
. "$(dirname "$0")/lib.sh"
T="$FIXTURES/parse/time"

test_expect_success 'nothing recognisable exits 1 and says so' '
	printf "just prose\nreal life\n" >prose.txt &&
	test_expect_code 1 benchpost parse --type time prose.txt >out 2>err &&
	test ! -s out &&
	grep -q "^benchpost: prose.txt: nothing recognisable as time output$" err
'

test_expect_success 'bench output of a labelled email block reads back the same' '
	benchpost parse --type time "$T/email-labels.txt" >out.bench &&
	grep -q "^BenchmarkDecompressing_and_writing 1 2.129 sec/op 1.420 user-sec/op 0.690 sys-sec/op$" out.bench &&
	benchpost parse --type bench out.bench >again &&
	test_cmp out.bench again
'

test_expect_success 'a huge line before a block neither crashes nor hides it' '
	python3 -c "print(\"x\" * 200000 + \" 1.5 real\"); print(\"real 0m1.250s\"); print(\"user 0m0.500s\"); print(\"sys 0m0.125s\")" >huge.txt &&
	benchpost parse --type time --format json huge.txt >out &&
	test $(wc -l <out) = 3 &&
	grep -q "\"metric\":\"elapsed\",\"value\":1.250,\"unit\":\"s\".*\"line\":2}" out
'

test_expect_success 'several files are read in turn, standard input as -' '
	benchpost parse --type time "$T/bash.txt" - <"$T/zsh.txt" --format json >out &&
	test $(wc -l <out) = 7
'

test_expect_success 'one good file and one without time output: records printed, exit 1' '
	test_expect_code 1 benchpost parse --type time --format json "$T/bash.txt" prose.txt >out 2>err &&
	test $(wc -l <out) = 3 &&
	grep -q "prose.txt: nothing recognisable" err
'

test_done
