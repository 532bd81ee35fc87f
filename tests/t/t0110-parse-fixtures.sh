#!/bin/sh
# benchpost parse on every fixture: tests/fixtures/parse/<type>/<name>.txt is
# parsed with --type <type> --format json and must print <name>.json exactly;
# when <name>.err exists the run must exit 1 and print it on stderr (damaged
# blocks are reported with file:line and skipped), otherwise exit 0 quietly.
. "$(dirname "$0")/lib.sh"

for dir in "$FIXTURES"/parse/*/; do
	type=$(basename "$dir")
	for input in "$dir"*.txt; do
		[ -f "$input" ] || continue
		name=$(basename "$input" .txt)
		test_expect_success "parse --type $type $name" '
			want_code=0 &&
			if test -f "$dir$name.err"; then want_code=1; fi &&
			(cd "$dir" && test_expect_code $want_code "$BENCHPOST" parse --type "$type" \
				--format json "$name.txt") >out 2>err &&
			test_cmp "$dir$name.json" out &&
			if test -f "$dir$name.err"; then test_cmp "$dir$name.err" err; else test_cmp /dev/null err; fi
		'
	done
done

# Durations are converted to seconds; every other number must stand, with
# its digits, on the line the record names: nothing invented or rounded.
# A count fio abbreviated ("IOPS=13.3k") stands there with its k or M.
test_expect_success 'every number but a duration is on its line as printed' '
	for dir in "$FIXTURES"/parse/*/; do
		type=$(basename "$dir")
		for input in "$dir"*.txt; do
			"$BENCHPOST" parse --type "$type" --format json "$input" 2>/dev/null |
				sed "s|^|$input	|"
		done
	done >all &&
	python3 -c "
import json, re, sys
bad = 0
for row in open(\"all\", encoding=\"latin-1\"):
    path, line = row.split(\"\\t\", 1)
    r = json.loads(line)
    raw = line.split(\"\\\"value\\\":\")[1].split(\",\\\"unit\")[0]
    src = open(path, \"rb\").read().decode(\"latin-1\").split(\"\\n\")[r[\"line\"] - 1]
    scaled = [float(n) * (1e3 if k == \"k\" else 1e6)
              for n, k in re.findall(r\"([0-9]+(?:[.][0-9]+)?)([kM])\\b\", src)]
    if any(abs(float(raw) - v) <= 1e-9 * v for v in scaled):
        continue
    if r[\"unit\"] != \"s\" and raw not in src and raw.replace(\".\", \",\") not in src:
        print(path, r[\"metric\"], raw, src); bad += 1
sys.exit(bad)
"
'

# The tool's report is read by its parser alone: a "Data:" line's figures
# are postmark's data-read and data-read-rate, not a second record that
# prose makes of "81.20 megabytes read (1.56 megabytes per second)".
# the counts (files created, megabytes read) follow from the run's settings:
# parse keeps them, import leaves them out
test_expect_success "postmark's Data lines are read once on import, its rates" '
	"$BENCHPOST" import --dry-run --format json "$FIXTURES/parse/postmark/kernel-labels.txt" >out &&
	python3 -c "
import json, sys
rs = [json.loads(l) for l in open(\"out\")]
data = sorted(r[\"metric\"] for r in rs if r[\"line\"] in (18, 19, 36, 37))
want = sorted([\"data-read-rate\", \"data-written-rate\"] * 2)
others = [r for r in rs if r[\"benchmark\"] != \"postmark\"]
sys.exit(data != want or others or len(rs) != 26)
"
'

test_done
