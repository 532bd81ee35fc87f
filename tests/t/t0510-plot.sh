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
