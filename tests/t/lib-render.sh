# Helpers of the render tests (t05NN), sourced after lib.sh.

# Every line of a post: ASCII, no tab, at most 72 columns.
postable() {
	! LC_ALL=C grep -n "$(printf '\t')" "$1" &&
	! LC_ALL=C grep -n '[^ -~]' "$1" &&
	awk 'length > 72 { print FILENAME ":" NR ": " length " columns"; bad = 1 } END { exit bad }' "$1"
}
