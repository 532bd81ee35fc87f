#!/bin/sh
# benchpost plot: PNG, SVG and dumb graphs through gnuplot, and labels from
# untrusted data that gnuplot must draw, never run.
. "$(dirname "$0")/lib.sh"
R="$FIXTURES/render"

if ! command -v gnuplot >/dev/null 2>&1; then
	test_skip 'plot tests' 'gnuplot is not installed (Debian package gnuplot-nox)'
	test_done
	exit 0
fi

test_expect_success 'png: a PNG file by its signature' '
	benchpost plot --terminal png -o g.png "$R/seed004.bench" &&
	python3 -c "
import sys
d = open(\"g.png\", \"rb\").read()
assert d[:8] == b\"\\x89PNG\\r\\n\\x1a\\n\", d[:8]
assert d[12:16] == b\"IHDR\"
"
'

test_expect_success 'svg: well-formed XML with the labels as text' '
	benchpost plot --terminal svg -o g.svg "$R/seed004.bench" &&
	python3 -c "
import xml.etree.ElementTree as ET
root = ET.parse(\"g.svg\").getroot()
assert root.tag.endswith(\"svg\"), root.tag
text = \" \".join(t for t in root.itertext())
for label in (\"ext2r\", \"ext3wb\", \"postmark: value\"):
    assert label in text, label
"
'

test_expect_success 'dumb: ASCII art within 72 columns, no tabs' '
	benchpost plot "$R/seed004.bench" --benchmark kuntar >g.txt &&
	grep "kuntar: value" g.txt &&
	grep "ext2fw" g.txt &&
	! LC_ALL=C grep -n "[^ -~]" g.txt &&
	awk "length > 72 { exit 1 }" g.txt
'

test_expect_success 'a metric across kernel versions, in version order' '
	benchpost plot --kind lines "$R/wide.bench" >g.txt &&
	awk "length > 72 { exit 1 }" g.txt &&
	tr "\n" " " <g.txt >flat &&
	grep "kernel: 1=2.4.15-pre4 2=2.4.15 3=2.5.44-ac2 *4=2.5.44-mm3 5=2.6.16-rc5 6=2.6.16-rc5-mm3 7=2.6.16 8=6.1.0-28-amd64" flat
'

# The label would create files if gnuplot ran any part of it: backticks
# (command substitution), system(), a macro, quotes to end the string,
# a newline to start a command of its own.
evil() {
	printf "kernel: 6.1.0\nfs: ext4\n"
	printf "Benchmark%%60touch_%s/pwned1%%60_system(%%22touch_%s/pwned2%%22)_%%27_%%40x_%%0Asystem(%%22touch_%s/pwned3%%22)_%%5C 1 1.5 sec/op\n" \
		"$PWD" "$PWD" "$PWD"
	printf "BenchmarkOther 1 2.5 sec/op\n"
}

test_expect_success 'the injection test is real: unescaped, gnuplot runs the label' '
	printf "set terminal dumb\nset output \"/dev/null\"\nset title \"\`touch %s/control\`\"\nplot 1\n" "$PWD" | gnuplot &&
	test -f control
'

test_expect_success 'labels with backticks, system(), quotes, @ and newlines run nothing' '
	evil >evil.bench &&
	benchpost parse --type bench --format json evil.bench | grep -F "system(" &&
	for t in dumb svg png; do
		benchpost plot --terminal $t -o "evil.$t" evil.bench || return 1
	done &&
	! ls pwned* 2>/dev/null &&
	python3 -c "
import xml.etree.ElementTree as ET
text = \" \".join(ET.parse(\"evil.svg\").getroot().itertext())
assert \"system(\\\"touch\" in text, text
"
'

image_size() {
	python3 - "$1" <<-\EOF
	import struct, sys, xml.etree.ElementTree as ET
	data = open(sys.argv[1], "rb").read()
	if data[:8] == b"\x89PNG\r\n\x1a\n":
	    w, h = struct.unpack(">II", data[16:24])
	else:
	    root = ET.fromstring(data)
	    w, h = int(root.get("width")), int(root.get("height"))
	print(w, h)
	EOF
}

# 40 benchmarks: a page of small multiples, five across, never past 2400.
test_expect_success 'many graphs: one page, at most 2400 x 2400' '
	{
		printf "kernel: 6.1.0\nfs: ext4\n"
		for i in $(seq 1 40); do printf "BenchmarkStep%s 1 %s sec/op\n" $i $i; done
	} >forty.bench &&
	benchpost plot --terminal png -o forty.png forty.bench &&
	test "$(image_size forty.png)" = "2400 2400" &&
	benchpost plot --terminal svg -o forty.svg forty.bench &&
	test "$(image_size forty.svg)" = "2400 2400" &&
	benchpost plot --terminal png -o one.png --benchmark step7 forty.bench &&
	test "$(image_size one.png)" = "480 360"
'

test_expect_success 'more than a page holds: refused with the way out, or a file each' '
	{
		printf "kernel: 6.1.0\nfs: ext4\n"
		for i in $(seq 1 90); do printf "BenchmarkStep%s 1 %s sec/op\n" $i $i; done
	} >ninety.bench &&
	test_expect_code 1 benchpost plot --terminal png -o x.png ninety.bench 2>err &&
	grep "^benchpost: 90 graphs do not fit one 2400x2400 png image: draw a file each with -o DIR/, or select fewer$" err &&
	test ! -e x.png &&
	benchpost plot --terminal svg -o each/ ninety.bench >list &&
	test $(wc -l <list) -eq 90 &&
	grep -x "each/step1-elapsed.svg" list &&
	grep -x "each/step90-elapsed.svg" list &&
	test "$(image_size each/step42-elapsed.svg)" = "480 360" &&
	test $(ls each | wc -l) -eq 90
'

test_expect_success 'file names from labels are safe and unique' '
	printf "kernel: 6.1.0\nfs: ext4\nBenchmark%%2E%%2E%%2Fetc%%2Fpasswd 1 1 sec/op\nBenchmark%%2E%%2E 1 2 sec/op\nBenchmarkA%%20b 1 3 sec/op\nBenchmarkA-b 1 4 sec/op\n" >names.bench &&
	benchpost plot -o names/ names.bench >list &&
	cat list &&
	test $(wc -l <list) -eq 4 &&
	test $(grep -c "^names/[A-Za-z0-9_-]*\.txt$" list) -eq 4 &&
	test $(sort -u list | wc -l) -eq 4 &&
	test $(ls names | wc -l) -eq 4
'

# In gnuplot a tic label is a format: "ext3%d" would stop every plot
# with "Bad format character" unless the % is doubled.
test_expect_success 'a % in a tic label is drawn as it is' '
	printf "kernel: 6.1.0\nfs: ext3\noptions: type=ext3%%d\nBenchmarkUntar 1 5 sec/op\n\nfs: ext3\noptions: commit=5%%\nBenchmarkUntar 1 6 sec/op\n" >pct.bench &&
	for t in dumb svg png; do
		benchpost plot --terminal $t -o "pct.$t" pct.bench || return 1
	done &&
	grep -F "ext3 type=ext3%d" pct.dumb &&
	grep -F "ext3 commit=5%" pct.dumb &&
	python3 -c "
import xml.etree.ElementTree as ET
text = \" \".join(ET.parse(\"pct.svg\").getroot().itertext())
assert \"ext3 type=ext3%d\" in text, text
"
'

test_expect_success 'bars: kernels in version order, file systems as they ran, legend below' '
	for k in 6.10.0 6.1.0 6.2.0; do
		printf "kernel: %s\nfs: xfs\nBenchmarkRm 1 2 sec/op\n\nfs: ext4\nBenchmarkRm 1 3 sec/op\n\n" $k
	done >three.bench &&
	benchpost plot --kind bars three.bench >g.txt &&
	grep "^ *6.1.0 \*\{3,\}6.2.0 #\{3,\}6.10.0 \$\{3,\}$\|6.1.0.*6.2.0.*6.10.0" g.txt &&
	tail -n 3 g.txt | grep "6.1.0" &&
	awk "/xfs/ && /ext4/ { if (index(\$0, \"xfs\") > index(\$0, \"ext4\")) exit 1; found = 1 } END { exit !found }" g.txt
'

test_expect_success 'the temporary directory is removed' '
	mkdir tmp &&
	TMPDIR="$PWD/tmp" benchpost plot "$R/seed004.bench" >/dev/null &&
	test -z "$(ls tmp)"
'

test_expect_success 'missing gnuplot names the Debian package' '
	mkdir bin &&
	test_expect_code 1 env PATH="$PWD/bin" "$BENCHPOST" plot "$R/seed004.bench" 2>err &&
	grep "^benchpost: cannot run .gnuplot.: not found; install the Debian package gnuplot-nox$" err
'

test_expect_success 'nothing selected is an error' '
	printf "kernel: 1\n" >empty.bench &&
	test_expect_code 1 benchpost plot empty.bench 2>err &&
	grep "^benchpost: " err
'

test_done
