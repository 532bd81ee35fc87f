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

test_done
