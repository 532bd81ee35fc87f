# Shared by the archive's end-to-end scripts (t02NN-*.sh): the commit
# helper and an archive holding the six fixture runs.
. "$(dirname "$0")/lib.sh"

BP_HELPERS=${BP_HELPERS:-$SRCDIR/build/default/tests/helpers}
ARCHIVE_FIXTURES="$FIXTURES/archive"

# Full stacks, so that the suppression names libgit2's own leak and no other.
export ASAN_OPTIONS="fast_unwind_on_malloc=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
export LSAN_OPTIONS="suppressions=$ARCHIVE_FIXTURES/lsan.supp:print_suppressions=0${LSAN_OPTIONS:+:$LSAN_OPTIONS}"

bp_commit() {
	"$BP_HELPERS/bp-commit" "$@"
}

# Commit times chosen so that time order (d b a c f e) differs from both
# the commit order and the kernel-version order (d b f a e c).
fixture_archive() {
	dir=$1
	for spec in a:1100000000 b:1200000000 c:1050000000 d:1700000000 \
		    e:900000000 f:1000000000; do
		name=${spec%%:*}
		bp_commit --archive "$dir" --when "${spec#*:}" "$ARCHIVE_FIXTURES/$name"-*.bench \
			>/dev/null || return 1
	done
}

# git is used here only to check what benchpost wrote, never by benchpost.
git_in() {
	dir=$1; shift
	git -C "$dir" -c safe.directory='*' "$@"
}
