#!/bin/sh
# benchpost series: one metric across kernels in version order, with the
# change points of binary segmentation under a false-discovery rate.
# The archives are made by importing .bench files generated with fixed
# seeds (tests/fixtures/series/gen-series.py): five samples a kernel,
# 1% noise, 10 s of untar.
. "$(dirname "$0")/lib.sh"
. "$SRCDIR/tests/t/lib-render.sh"
GEN="python3 $FIXTURES/series/gen-series.py"
K8="6.1 6.2 6.3 6.4 6.5 6.6 6.7 6.8"

# archive NAME SEED KERNEL-SPEC...: imports the generated files into NAME
archive() {
	name=$1 seed=$2
	shift 2
	$GEN "$seed" "gen-$name" "$@" &&
	benchpost import --archive "$name" gen-"$name"/*.bench >/dev/null 2>&1
}

SQ="'"

# unwrapped FILE: the notes under a table, each on one line again
unwrapped() {
	sed -e ':a' -e 'N' -e '$!ba' -e 's/\n    / /g' "$1"
}

# json_field FILE KEY: the KEY of every JSON line, one a line
json_field() {
	python3 -c 'import json, sys
for line in open(sys.argv[1]):
    print(json.loads(line)[sys.argv[2]])' "$1" "$2"
}

test_expect_success 'a 20% step at 6.5: last good 6.4, first bad 6.5' '
	archive step 1 6.1 6.2 6.3 6.4 6.5:1.2 6.6:1.2 6.7:1.2 6.8:1.2 &&
	benchpost series --archive step >out &&
	cat out &&
	grep "^untar: elapsed (s) on test-2c-4g-vda, ext4$" out &&
	grep "^change point: last good 6.4, first bad 6.5: +" out &&
	test $(grep -c "^change point:" out) = 1 &&
	grep "^6.5 .* <- worse$" out &&
	postable out
'

# Checked by hand against the generated files: the segment medians are
# the medians of the twenty samples either side (10.020 and 12.004 for
# seed 1), a step of +19.8%; no permutation of 9999 reaches the observed
# split, so p is at the floor 1/10000.
test_expect_success 'the step as JSON: kernels, size, p' '
	benchpost series --archive step --format json >out.json &&
	test $(wc -l <out.json) = 1 &&
	test "$(json_field out.json last_good)" = 6.4 &&
	test "$(json_field out.json first_bad)" = 6.5 &&
	test "$(json_field out.json direction)" = worse &&
	python3 - out.json gen-step <<-\EOF
	import glob, json, re, statistics, sys
	cp = json.loads(open(sys.argv[1]).read())
	def samples(kernels):
	    v = []
	    for k in kernels:
	        for line in open("%s/k%s.bench" % (sys.argv[2], k)):
	            if line.startswith("Benchmark"):
	                v.append(float(line.split()[2]))
	    return v
	before = statistics.median(samples(["6.1", "6.2", "6.3", "6.4"]))
	after = statistics.median(samples(["6.5", "6.6", "6.7", "6.8"]))
	assert abs(cp["before"] - before) < 1e-3, (cp, before)
	assert abs(cp["after"] - after) < 1e-3, (cp, after)
	assert abs(cp["change"] - (after - before) / before * 100) < 0.01, cp
	assert 18 < cp["change"] < 22, cp
	assert cp["p"] == 0.0001, cp
	assert cp["metric"] == "elapsed" and cp["unit"] == "s", cp
	EOF
'

test_expect_success 'the same series without a step has no change point' '
	archive flat 2 $K8 &&
	benchpost series --archive flat >out &&
	grep "^no change point at a false-discovery rate of 0.05$" out &&
	! grep "<- " out &&
	benchpost series --archive flat --format json >out.json &&
	test ! -s out.json
'

test_expect_success 'one noisy kernel (10% noise on 6.4) invents no change point' '
	for seed in 3 4 5; do
		archive noisy$seed $seed 6.1 6.2 6.3 6.4:1:0.10 6.5 6.6 6.7 6.8 &&
		benchpost series --archive noisy$seed --format json >out.json &&
		test ! -s out.json || return 1
	done &&
	benchpost series --archive noisy3 >out &&
	grep "^no change point" out
'

# 2.6.16-rc5 < 2.6.16-rc5-mm3 < 2.6.16 and 6.5-rc1 < 6.5-rc2 < 6.5 <
# 6.5.0-28-amd64 < 6.6-rc1 < 6.6-rc1-mm1, as kernel developers read them.
test_expect_success 'kernels in version order: -rc, -mm, distribution suffixes' '
	archive order 6 6.6-rc1-mm1:1.1 6.5.0-28-amd64:1.1 6.5-rc1 6.5:1.1 6.6-rc1:1.1 \
		6.5-rc2:1.1 6.4 6.5-rc3:1.1 2.6.16 2.6.16-rc5-mm3 2.6.16-rc5 &&
	benchpost series --archive order >out &&
	cat out &&
	sed -n "3,13s/ .*//p" out >got &&
	printf "%s\n" 2.6.16-rc5 2.6.16-rc5-mm3 2.6.16 6.4 6.5-rc1 6.5-rc2 6.5-rc3 6.5 \
		6.5.0-28-amd64 6.6-rc1 6.6-rc1-mm1 >want &&
	test_cmp want got &&
	grep "^change point: last good 6.5-rc1, first bad 6.5-rc2: +" out
'

test_expect_success 'kernels without samples or with too few are shown, not interpolated' '
	$GEN 7 gen-gaps 6.1 6.2 6.4 6.5 6.6:1.2:0.01:2 6.7:1.2 6.8:1.2 &&
	BENCHMARK=Dd $GEN 8 gen-dd 6.3 &&
	benchpost import --archive gaps gen-gaps/*.bench gen-dd/*.bench >/dev/null 2>&1 &&
	benchpost series --archive gaps --benchmark untar >out &&
	cat out &&
	grep "^6.3  *0  *- .*no samples$" out &&
	grep "^6.6  *2 .*too few$" out &&
	unwrapped out | grep "^change point: last good 6.5, first bad 6.7: .*; between them 6.6 (too few samples)$" &&
	grep "^kernels with no samples or fewer than 3 are shown" out &&
	benchpost series --archive gaps --benchmark untar --format json >out.json &&
	test "$(json_field out.json last_good) $(json_field out.json first_bad)" = "6.5 6.7" &&
	test "$(json_field out.json between)" = "[${SQ}6.6${SQ}]" &&
	postable out
'

test_expect_success 'several benchmarks or metrics: the choices are named' '
	test_expect_code 1 benchpost series --archive gaps 2>err &&
	grep "^benchpost: series: several benchmarks, choose one with --benchmark: " err &&
	benchpost series --archive gaps --benchmark untar --metric user >out &&
	grep "^untar: user (s) on " out &&
	test_expect_code 1 benchpost series --archive gaps --benchmark untar --metric nosuch 2>err &&
	grep "^benchpost: series: no metric .nosuch.$" err
'

test_expect_success '.bench files as the selection, without an archive' '
	benchpost series gen-step/*.bench --format json >out.json &&
	test "$(json_field out.json first_bad)" = 6.5
'

test_expect_success 'an archive that is not there is an error' '
	test_expect_code 1 benchpost series --archive nowhere 2>err &&
	grep "^benchpost: " err
'

if command -v gnuplot >/dev/null 2>&1; then
	test_expect_success 'the series as a dumb graph: every kernel on the axis, the step named' '
		benchpost series --archive gaps --benchmark untar --terminal dumb >plot &&
		cat plot &&
		grep "6.3" plot && grep "6.8" plot &&
		grep "change 6.5 -> 6.7 +" plot &&
		postable plot
	'

	test_expect_success 'png and svg graphs are written' '
		benchpost series --archive step --terminal png -o s.png &&
		python3 -c "import sys; d = open(\"s.png\", \"rb\").read(8); sys.exit(d != b\"\\x89PNG\\r\\n\\x1a\\n\")" &&
		benchpost series --archive step --terminal svg -o s.svg &&
		python3 -c "import xml.etree.ElementTree as E; E.parse(\"s.svg\")" &&
		grep "6.5" s.svg
	'

	# gnuplot runs shell commands from backticks and expands @macros: the
	# names of a hostile import reach it only as escaped text.
	test_expect_success 'labels from the data are escaped for gnuplot' '
		BENCHMARK="Evil\`touch\${IFS}pwned\`@x%25s\"q" HARDWARE="hw\`touch\${IFS}pwned2\`" \
			$GEN 9 gen-evil 6.1 6.2 6.3 &&
		benchpost import --archive evil gen-evil/*.bench >/dev/null 2>&1 &&
		benchpost series --archive evil --terminal svg -o evil.svg &&
		test ! -e pwned && test ! -e pwned2 &&
		grep -F "evil\`touch\${IFS}pwned\`@x%s\"q: elapsed (s) on hw\`touch" evil.svg
	'
else
	test_skip 'the series as a dumb graph' 'gnuplot is not installed'
	test_skip 'png and svg graphs are written' 'gnuplot is not installed'
	test_skip 'labels from the data are escaped for gnuplot' 'gnuplot is not installed'
fi

test_done
