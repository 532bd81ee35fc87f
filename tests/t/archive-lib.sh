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

# gen_runs FROM TO PER_KERNEL MAJOR: runs FROM..TO-1 as in/NNNNNN.bench,
# kernel MAJOR.<i/PER_KERNEL>.0 on machine m<i%4>, one untar sample each.
gen_runs() {
	rm -rf in && mkdir in &&
	awk -v from="$1" -v to="$2" -v per="$3" -v major="$4" 'BEGIN {
		for (i = from; i < to; i++) {
			f = sprintf("in/%06d.bench", i)
			printf "kernel: %d.%d.0\nhardware: m%d\nfs: ext4\n", major, int(i / per), i % 4 > f
			printf "BenchmarkUntar 1 %d.%02d sec/op\n", 40 + i % 13, i % 100 > f
			close(f)
		}
	}'
}

# git fsck --full accepts the archive: nothing reported but dangling objects
# (what a killed commit leaves before its branch moves).
fsck_full_clean() {
	git_in "$1" fsck --strict --full >fsck.out 2>&1 || { cat fsck.out; return 1; }
	! grep -v "^dangling \|^Checking\|^notice: HEAD points to an unborn branch" fsck.out
}

# Each pack of archive $1 holds at least twice the objects of the next smaller.
packs_geometric() {
	for i in "$1"/.git/objects/pack/pack-*.idx; do
		git verify-pack -v "$i" | grep -c -E " (blob|tree|commit) "
	done | sort -n >counts &&
	cat counts &&
	awk "NR > 1 && \$1 < 2 * prev { bad = 1 } { prev = \$1 } END { exit bad }" counts
}

pack_count() {
	ls "$1"/.git/objects/pack/pack-*.pack 2>/dev/null | wc -l
}
