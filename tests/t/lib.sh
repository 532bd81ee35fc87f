# Test library for end-to-end scripts (after git's t/test-lib.sh).
# Each script sources this, gets a fresh scratch directory as its working
# directory, and calls test_expect_success / test_skip; output is TAP.

: "${BENCHPOST:?set BENCHPOST to the binary under test}"
SRCDIR=${BENCHPOST_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}
FIXTURES="$SRCDIR/tests/fixtures"
CORPUS="${BENCHPOST_CORPUS:-$SRCDIR/../shared/corpus}"
SCRATCH=$(mktemp -d "${TMPDIR:-/tmp}/benchpost-t.XXXXXX")
test_count=0
test_failed=0
trap 'rm -rf "$SCRATCH"' EXIT
cd "$SCRATCH" || exit 1
export HOME="$SCRATCH/home"
mkdir -p "$HOME"
unset BENCHPOST_ARCHIVE XDG_DATA_HOME

benchpost() {
	"$BENCHPOST" "$@"
}

# test_expect_success "description" 'commands'
test_expect_success() {
	test_count=$((test_count + 1))
	# Not inside "if": a condition context would switch set -e off.
	(set -e; eval "$2") >"$SCRATCH/.out" 2>&1
	if [ $? -eq 0 ]; then
		echo "ok $test_count - $1"
	else
		echo "not ok $test_count - $1"
		sed 's/^/#   /' "$SCRATCH/.out"
		test_failed=$((test_failed + 1))
	fi
}

# test_skip "description" "why it cannot run here"
test_skip() {
	test_count=$((test_count + 1))
	echo "ok $test_count # skip $1 ($2)"
}

# Fails unless "$1" exits with status $2 (the rest is the command).
test_expect_code() {
	want=$1; shift
	set +e
	"$@"
	got=$?
	set -e
	if [ "$got" != "$want" ]; then
		echo "expected exit $want, got $got: $*" >&2
		return 1
	fi
}

test_cmp() {
	diff -u "$1" "$2"
}

test_done() {
	echo "1..$test_count"
	[ "$test_failed" -eq 0 ]
}
