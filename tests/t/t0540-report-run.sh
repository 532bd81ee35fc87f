#!/bin/sh
# The report of what `make run` stores: the quick suite on ext2, ext3 and
# ext4 (five iterations), then a second run of ext3 against
# ext3:data=writeback.  The .bench files are what `benchpost run` wrote
# on this project's test machine (tests/fixtures/render/run/); t0590 does
# the same on runs it makes itself, where root and loop devices allow.
. "$(dirname "$0")/lib.sh"
. "$SRCDIR/tests/t/lib-render.sh"
RUN="$FIXTURES/render/run"

test_expect_success 'an archive of two runs, as make run and a second run leave it' '
	"$BP_HELPERS/bp-commit" --archive arch --suite quick --when 1764620650 --batch 3 \
		"$RUN/2026-12-01T202410Z-ext2-quick.bench" "$RUN/2026-12-01T202651Z-ext3-quick.bench" \
		"$RUN/2026-12-01T202840Z-ext4-quick.bench" >/dev/null &&
	"$BP_HELPERS/bp-commit" --archive arch --suite quick --when 1764621030 --batch 2 \
		"$RUN/2026-12-01T203030Z-ext3-quick.bench" "$RUN/2026-12-01T203205Z-ext3-quick.bench" >/dev/null &&
	test $(benchpost log --archive arch | wc -l) -eq 5
'

test_expect_success 'report --format email of the latest run: a post of at most 120 lines' '
	benchpost report --archive arch --format email >mail 2>err &&
	grep "^benchpost: no selection given: the latest run: 6.18.44-fc-v1045 on epyc-2c-24g, ext3, ext3:data=writeback" err &&
	report_email_checks mail 120 &&
	grep "^Subject: ext3 vs ext3 data=writeback" mail &&
	grep "^ext3 (old) against ext3 data=writeback (new)" mail
'

test_expect_success 'the first run: a times table, a rates table with caveats, within 120 lines' '
	first=$(benchpost log --archive arch --fs ext2 | awk "{ print \$1 }") &&
	benchpost report --archive arch --format email "$first" >mail &&
	report_email_checks mail 120 &&
	sed "1,/^\$/d" mail >body &&
	grep "^total (s) *ext2 *ext3 *ext4$" body &&
	grep "^untar  " body &&
	grep "^dd read elapsed (s)  " body &&
	grep -E "^(postmark|\[1\]) " body &&
	tr "\n" " " <body | tr -s " " >flat &&
	grep "the tool.s clock counts whole seconds" flat &&
	grep "postmark transactions-rate 1 s (transactions-time), good to +-100% at best" flat &&
	grep "too short a time for a rate to mean much: dd write throughput" flat &&
	grep "The columns share every fact recorded besides the file system and its options." flat &&
	! grep -i "maxrss\|clat\|avglat\|records-in" body
'

# Tool internals appear with --detail, shown generically: a metric no
# code knows (as a collector's new monitor would add) appears there too.
test_expect_success '--detail: user, sys, sync and every tool internal, known or not' '
	for f in "$RUN"/*.bench; do
		sed "s/ sec\/op / sec\/op 4242 dirty-pages:pages /" "$f" >"$(basename "$f")" || return 1
	done &&
	"$BP_HELPERS/bp-commit" --archive more --suite quick --when 1764620650 --batch 3 \
		2026-12-01T202410Z-ext2-quick.bench 2026-12-01T202651Z-ext3-quick.bench \
		2026-12-01T202840Z-ext4-quick.bench >/dev/null &&
	benchpost report --archive more >plain 2>/dev/null &&
	! grep "dirty-pages" plain &&
	benchpost report --archive more --detail >detail 2>/dev/null &&
	postable detail &&
	grep "^untar (s)$" detail &&
	grep "^  user  " detail &&
	grep "^  sync  " detail &&
	grep -E "^(  dirty-pages \(pages\)|\[[0-9]+\]) +4242 +\+-0% +4242 +\+-0% +4242 +\+-0%$" detail &&
	grep -E "^(\[[0-9]+\] | +)dirty-pages \(pages\)" detail &&
	grep "write-clat-p99" detail &&
	grep "ntcreatex-avglat" detail
'

# What collect/collect_flags.c stores for a rate the run cannot vouch
# for: the metric renamed METRIC-flagged, the reason in the "flagged" fact.
test_expect_success 'a rate the run flagged itself is marked with the run'"'"'s reason' '
	for f in 2026-12-01T202410Z-ext2-quick 2026-12-01T202651Z-ext3-quick; do
		sed -e "s/ transactions-rate:transactions\/s/ transactions-rate-flagged:transactions\/s/" \
		    -e "s/^caches: dropped$/caches: dropped\nflagged: postmark numbers=1000 transactions=1000: transactions-rate: postmark clock counts whole seconds (1 s; 5 of 5 samples)/" \
		    "$RUN/$f.bench" >"flag-$f.bench" || return 1
	done &&
	grep -q "^flagged: " flag-2026-12-01T202410Z-ext2-quick.bench &&
	benchpost report flag-2026-12-01T202410Z-ext2-quick.bench flag-2026-12-01T202651Z-ext3-quick.bench \
		--template single-run >out &&
	postable out &&
	tr "\n" " " <out | tr -s " " >flat &&
	grep "c: flagged by the run itself, kept as METRIC-flagged: postmark transactions-rate: postmark clock counts whole seconds (1 s; 5 of 5 samples)" flat &&
	grep -E "^(postmark \(transactions/s\)|\[[0-9]\]) +1000 +\+-0% c +1000 +\+-0% c$" out
'

test_expect_success 'report and plot accept --benchmark untar (its first word)' '
	benchpost report --archive arch --benchmark untar >out 2>/dev/null &&
	grep "^untar ktree-quick-seed1.tar.gz$" out &&
	! grep "kuntar" out &&
	if command -v gnuplot >/dev/null; then
		benchpost plot --archive arch --benchmark untar >g.txt 2>/dev/null &&
		grep "untar ktree-quick-seed1.tar.gz: total (s)" g.txt &&
		! grep "kuntar" g.txt
	fi
'

image_size() {
	python3 - "$1" <<-\EOF
	import struct, sys, xml.etree.ElementTree as ET
	path = sys.argv[1]
	data = open(path, "rb").read()
	if data[:8] == b"\x89PNG\r\n\x1a\n":
	    assert data[12:16] == b"IHDR"
	    w, h = struct.unpack(">II", data[16:24])
	else:
	    root = ET.fromstring(data)
	    assert root.tag.endswith("svg"), root.tag
	    w, h = int(root.get("width")), int(root.get("height"))
	print(w, h)
	assert 0 < w <= 2400 and 0 < h <= 2400, (w, h)
	EOF
}

if command -v gnuplot >/dev/null 2>&1; then
	test_expect_success 'plot: png and svg valid and at most 2400 x 2400, dumb at most 72 columns' '
		for run in "" "$(benchpost log --archive arch --fs ext2 | awk "{ print \$1 }")"; do
			benchpost plot --archive arch --terminal png -o g.png $run 2>/dev/null &&
			image_size g.png &&
			benchpost plot --archive arch --terminal svg -o g.svg $run 2>/dev/null &&
			image_size g.svg &&
			benchpost plot --archive arch $run >g.txt 2>/dev/null &&
			postable g.txt || return 1
		done &&
		# every metric of every run is more than one page holds: said, never drawn too big
		if benchpost plot --archive arch --detail --terminal png -o all.png 6.18.44-fc-v1045 2>err; then
			image_size all.png
		else
			grep "graphs do not fit one 2400x2400 png image: draw a file each with -o DIR/" err
		fi
	'
else
	test_skip 'plot sizes' 'gnuplot is not installed (Debian package gnuplot-nox)'
fi

test_expect_success 'diff of the second run: both option sets named, side by side' '
	second=$(benchpost log --archive arch --fs ext3:data=writeback | awk "{ print \$1 }") &&
	benchpost diff --archive arch "$second" >out &&
	head -n 1 out | grep "^ext3 vs ext3 data=writeback on epyc-2c-24g, kernel 6.18.44-fc-v1045$" &&
	# a label too long for its line stands above its values
	grep -A1 "^  total (s)" out | grep "(p[=<][0-9.]* n=5+5)$" &&
	grep "^new: data=writeback$" out &&
	postable out
'

test_expect_success 'with n=3 the report says the test can never reach alpha' '
	for f in "$RUN"/*.bench; do
		awk "/^Benchmark/ { seen[\$1]++; if (seen[\$1] > 3) next } { print }" "$f" >"n3-$(basename "$f")" || return 1
	done &&
	benchpost report n3-2026-12-01T202410Z-ext2-quick.bench n3-2026-12-01T202651Z-ext3-quick.bench \
		n3-2026-12-01T202840Z-ext4-quick.bench >out &&
	tr "\n" " " <out | tr -s " " >flat &&
	grep "With n=3 a column, no comparison of these columns can reach p < 0.05: the Mann-Whitney U test needs 4 samples a side." flat
'

test_done
