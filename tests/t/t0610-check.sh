#!/bin/sh
# benchpost check: 0 when no metric got worse, 1 when one did, 125 when
# it cannot tell, as git bisect run reads them; text, KTAP and JUnit.
. "$(dirname "$0")/lib.sh"
. "$SRCDIR/tests/t/lib-render.sh"
GEN="python3 $FIXTURES/series/gen-series.py"

# The archive of the series tests: a 20% step in elapsed at 6.5, user flat.
$GEN 1 gen 6.1 6.2 6.3 6.4 6.5:1.2 6.6:1.2 6.7:1.2 6.8:1.2
benchpost import --archive arch gen/*.bench >/dev/null 2>&1

test_expect_success 'no step between 6.1 and 6.4: exit 0' '
	test_expect_code 0 benchpost check --archive arch 6.1 6.4 >out &&
	cat out &&
	grep "^6.1 -> 6.4 (test-2c-4g-vda, ext4): fine\. " out &&
	postable out
'

test_expect_success 'the step at 6.5: exit 1, the metric and its change named' '
	test_expect_code 1 benchpost check --archive arch 6.4 6.5 >out &&
	cat out &&
	grep "^6.4 -> 6.5 (test-2c-4g-vda, ext4): worse\. untar elapsed (s): +2" out &&
	test $(wc -l <out) -le 6 &&
	postable out
'

test_expect_success 'a step smaller than --threshold is not worse' '
	test_expect_code 0 benchpost check --archive arch --threshold 25 6.4 6.5 >out &&
	grep "more than 25% the wrong way" out
'

test_expect_success 'getting faster is fine, and so is a higher throughput' '
	test_expect_code 0 benchpost check --archive arch 6.5 6.4 &&
	METRIC_UNIT=throughput:MB/s $GEN 2 gen-tp 6.1 6.2:0.8 6.3:1.2 &&
	test_expect_code 1 benchpost check gen-tp/k6.1.bench gen-tp/k6.2.bench --metric throughput &&
	test_expect_code 0 benchpost check gen-tp/k6.1.bench gen-tp/k6.3.bench --metric throughput
'

test_expect_success 'too few samples to ever reach alpha: 125' '
	$GEN 3 gen-few 6.1:1:0.01:2 6.2:1.2:0.01:3 &&
	test_expect_code 125 benchpost check gen-few/k6.1.bench gen-few/k6.2.bench >out &&
	cat out &&
	tr "\n" " " <out | grep "cannot tell\. untar elapsed (s): cannot tell: 2 and 3 samples, too few" &&
	benchpost import --archive few gen-few/*.bench >/dev/null 2>&1 &&
	test_expect_code 125 benchpost check --archive few 6.1 6.2
'

test_expect_success 'a metric missing on a side: 125' '
	sed "s/ [0-9.]* user-sec\/op//" gen/k6.4.bench >no-user.bench &&
	test_expect_code 125 benchpost check gen/k6.4.bench no-user.bench >out &&
	cat out &&
	tr "\n" " " <out | grep "untar user (s): cannot tell: only in k6.4.bench\."
'

test_expect_success 'a kernel the archive has no results for: 125, and why' '
	test_expect_code 125 benchpost check --archive arch 6.4 6.9 >out 2>err &&
	grep "no results for .6.9." err &&
	grep "cannot tell" out
'

test_expect_success 'which way is better not known: not judged, not worse' '
	printf "kernel: 6.1\nBenchmarkX 1 10 widgets:furlongs\nBenchmarkX 1 11 widgets:furlongs\nBenchmarkX 1 12 widgets:furlongs\nBenchmarkX 1 13 widgets:furlongs\nBenchmarkX 1 14 widgets:furlongs\n" >a.bench &&
	sed "s/ 1\([0-9]\) / 3\1 /; s/kernel: 6.1/kernel: 6.2/" a.bench >b.bench &&
	test_expect_code 125 benchpost check --format ktap a.bench b.bench >out &&
	grep "^ok 1 x widgets (furlongs) # SKIP not judged: which way is better is not known$" out
'

# KTAP as Documentation/dev-tools/ktap.rst has it: a version line, a plan,
# one result line a test numbered from 1, "# " diagnostic lines, a
# description without '#', directives after " # ".
cat >ktap.py <<'EOF'
import re, sys
lines = open(sys.argv[1]).read().split("\n")
assert lines[-1] == "", "no newline at the end"
lines = lines[:-1]
assert lines[0] == "KTAP version 1", lines[0]
plan, results = None, []
for line in lines[1:]:
    if line.startswith("# "):
        continue
    m = re.fullmatch(r"1\.\.(\d+)", line)
    if m:
        assert plan is None and not results, "one plan, before the results"
        plan = int(m.group(1))
        continue
    m = re.fullmatch(r"(ok|not ok) (\d+) ([^#]*?)(?: # (.*))?", line)
    assert m, "not a KTAP line: %r" % line
    assert int(m.group(2)) == len(results) + 1, "numbered in order: %r" % line
    results.append((m.group(1), m.group(3), m.group(4) or ""))
assert plan == len(results), (plan, len(results))
for r in results:
    print("%s|%s|%s" % r)
EOF

test_expect_success 'KTAP output is valid KTAP, one test point per benchmark and metric' '
	test_expect_code 1 benchpost check --archive arch --format ktap 6.4 6.5 >out &&
	cat out &&
	python3 ktap.py out >points &&
	test $(wc -l <points) = 2 &&
	grep "^not ok|untar elapsed (s)|+2" points &&
	grep "^ok|untar user (s)|" points &&
	test_expect_code 0 benchpost check --archive arch --format ktap 6.1 6.4 >out &&
	python3 ktap.py out >points &&
	! grep "^not ok" points &&
	test_expect_code 125 benchpost check --format ktap gen-few/k6.1.bench gen-few/k6.2.bench >out &&
	python3 ktap.py out >points &&
	grep "^ok|untar elapsed (s)|SKIP cannot tell" points
'

test_expect_success 'a hostile name cannot break the KTAP lines' '
	printf "kernel: 6.1\nBenchmarkA%%23b%%0Anot_ok_9 1 1 sec/op\n" >h1.bench &&
	cp h1.bench h2.bench &&
	test_expect_code 125 benchpost check --format ktap h1.bench h2.bench >out &&
	python3 ktap.py out >points &&
	test $(wc -l <points) = 1
'

test_expect_success 'JUnit XML: a failure for the worse metric, parsed by a strict reader' '
	test_expect_code 1 benchpost check --archive arch --format junit 6.4 6.5 >out.xml &&
	python3 - out.xml <<-\EOF
	import sys, xml.etree.ElementTree as E
	root = E.parse(sys.argv[1]).getroot()
	assert root.tag == "testsuites" and root.get("failures") == "1", root.attrib
	cases = root.findall("./testsuite/testcase")
	assert [c.get("name") for c in cases] == ["elapsed (s)", "user (s)"], cases
	assert cases[0].find("failure") is not None and cases[1].find("failure") is None
	assert cases[0].get("classname") == "untar"
	EOF
'

test_expect_success 'errors are 128, which stops git bisect run' '
	test_expect_code 128 benchpost check --archive nowhere 6.4 6.5 2>err &&
	grep "^benchpost: " err &&
	test_expect_code 128 benchpost check 6.4 2>err &&
	test_expect_code 128 benchpost check --alpha 3 6.4 6.5 2>err &&
	printf "kernel: 6.1\nBenchmarkX 1 fast sec/op\n" >bad.bench &&
	test_expect_code 128 benchpost check bad.bench gen/k6.1.bench 2>err &&
	grep "^benchpost: bad.bench:2: " err &&
	benchpost check --help >help &&
	grep "125 when it" help
'

# The kernels 6.1 .. 6.8 as commits; the test script of each "builds"
# the kernel (reads its version) and checks its results against 6.1's.
if command -v git >/dev/null 2>&1; then
	test_expect_success 'git bisect run finds the first bad kernel by the exit codes' '
		git init -q repo &&
		for k in 6.1 6.2 6.3 6.4 6.5 6.6 6.7 6.8; do
			echo "$k" >repo/VERSION &&
			git -C repo add VERSION &&
			git -C repo -c user.name=t -c user.email=t@example.org commit -q -m "$k" ||
				return 1
		done &&
		cat >bisect-test <<-EOF &&
		#!/bin/sh
		exec "$BENCHPOST" check --archive "$PWD/arch" --metric elapsed 6.1 "\$(cat VERSION)"
		EOF
		chmod +x bisect-test &&
		cd repo &&
		git bisect start HEAD HEAD~7 >/dev/null &&
		git bisect run ../bisect-test >../bisect.log 2>&1 &&
		grep "is the first bad commit" ../bisect.log &&
		test "$(git log -1 --format=%s refs/bisect/bad)" = 6.5
	'
else
	test_skip 'git bisect run finds the first bad kernel' 'git is not installed'
fi

test_done
