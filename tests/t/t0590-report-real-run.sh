#!/bin/sh
# What issue 15's author did, for real: the quick suite on ext2, ext3 and
# ext4 loop images as `make run` does it, a second run of ext3 against
# ext3:data=writeback, then report, email, plot and diff of what they
# stored.  Root and loop devices only (CI runs it); t0540 checks the same
# on runs stored as fixtures.
. "$(dirname "$0")/lib.sh"
. "$SRCDIR/tests/t/lib-render.sh"

if [ "$(id -u)" != 0 ] || [ ! -e /dev/loop-control ]; then
	test_skip 'make run, a second run, and their report' 'needs root and /dev/loop-control for loop images'
	test_done
	exit
fi

test_expect_success 'the quick suite on ext2, ext3, ext4, then ext3 against data=writeback' '
	benchpost run --suite quick --fs ext2,ext3,ext4 -n 5 -q --scratch "$SCRATCH" \
		--archive "$SCRATCH/arch" >run1 2>&1 &&
	benchpost run --suite quick --fs ext3,ext3:data=writeback -n 5 -q --scratch "$SCRATCH" \
		--archive "$SCRATCH/arch" >run2 2>&1 &&
	test $(benchpost log --archive arch | wc -l) -eq 5
'

test_expect_success 'report --format email: at most 120 lines, a strict parse, postable' '
	benchpost report --archive arch --format email >mail 2>err &&
	grep "^benchpost: no selection given: the latest run" err &&
	report_email_checks mail 120 &&
	grep "^Subject: ext3 vs ext3 data=writeback" mail &&
	# rates the run flagged are named in the method, not compared as results
	! grep "^  [a-z-]*-flagged (" mail &&
	tr "\n" " " <mail | grep -q "Flagged rates, kept as METRIC-flagged" &&
	first=$(benchpost log --archive arch --fs ext2 | awk "{ print \$1 }") &&
	benchpost report --archive arch --format email "$first" >mail1 &&
	report_email_checks mail1 120 &&
	grep "^total (s) *ext2 *ext3 *ext4$" mail1
'

test_expect_success 'report and plot accept --benchmark untar' '
	benchpost report --archive arch --benchmark untar >out 2>/dev/null &&
	grep "^untar " out &&
	! grep "^kuntar" out &&
	if command -v gnuplot >/dev/null; then
		benchpost plot --archive arch --benchmark untar >g.txt 2>/dev/null &&
		grep "untar .*: total (s)" g.txt
	fi
'

if command -v gnuplot >/dev/null 2>&1; then
	test_expect_success 'png and svg valid and at most 2400 x 2400, dumb at most 72 columns' '
		benchpost plot --archive arch --terminal png -o g.png 2>/dev/null &&
		benchpost plot --archive arch --terminal svg -o g.svg 2>/dev/null &&
		benchpost plot --archive arch >g.txt 2>/dev/null &&
		postable g.txt &&
		python3 - g.png g.svg <<-\EOF
		import struct, sys, xml.etree.ElementTree as ET
		png = open(sys.argv[1], "rb").read()
		assert png[:8] == b"\x89PNG\r\n\x1a\n" and png[12:16] == b"IHDR"
		w, h = struct.unpack(">II", png[16:24])
		assert 0 < w <= 2400 and 0 < h <= 2400, (w, h)
		svg = ET.parse(sys.argv[2]).getroot()
		assert svg.tag.endswith("svg")
		assert 0 < int(svg.get("width")) <= 2400 and 0 < int(svg.get("height")) <= 2400
		EOF
	'
else
	test_skip 'png, svg and dumb sizes' 'gnuplot is not installed (Debian package gnuplot-nox)'
fi

test_expect_success 'diff of the two entries: one line a metric, both option sets named' '
	second=$(benchpost log --archive arch --fs ext3:data=writeback | awk "{ print \$1 }") &&
	benchpost diff --archive arch "$second" >out &&
	head -n 1 out | grep "^ext3 vs ext3 data=writeback on " &&
	# a label too long for its line stands above its values
	grep -A1 "^  total (s)" out | grep "(p[=<][0-9.]* n=5+5)$" &&
	grep "^new: data=writeback$" out &&
	postable out
'

test_done
