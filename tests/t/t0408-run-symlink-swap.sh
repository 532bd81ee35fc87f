#!/bin/sh
# The scratch directory of a --dir run renamed away mid-run and a symlink
# to somewhere else put in its place (root runs in a directory others can
# write to): the run's teardowns, its rm -rf and its final cleanup go on
# in the directory it made, and nothing outside it is deleted.
. "$(dirname "$0")/lib.sh"
. "$SRCDIR/tests/t/lib-run.sh"

tar -C "$SRCDIR" -czf "$SCRATCH/small.tar.gz" core collect

# Files the run would delete if it followed the link: its own names.
make_outside() {
	mkdir -p outside/work/tree/sub &&
	echo keep >outside/keep &&
	echo a >outside/work/tree/sub/a.c &&
	echo w >outside/work/writer.out &&
	echo d >outside/work/dd.out
}

check_outside() {
	test "$(cat outside/keep)" = keep &&
	test "$(cat outside/work/tree/sub/a.c)" = a &&
	test "$(cat outside/work/writer.out)" = w &&
	test "$(cat outside/work/dd.out)" = d
}

test_expect_success 'a symlink swapped in for the scratch directory leads nowhere' '
	make_outside &&
	mkdir target &&
	"$BENCHPOST" run --suite quick --tarball "$SCRATCH/small.tar.gz" --dir "$SCRATCH/target" -n 1000 \
		-q --no-commit --test writer,rm-tree --param writer.writes=64 >out 2>err &
	pid=$! &&
	wait_for "test -d target/benchpost-run.*/work 2>/dev/null" &&
	scratch=$(ls -d "$SCRATCH"/target/benchpost-run.*) &&
	mv "$scratch" target/moved &&
	ln -s "$SCRATCH/outside" "$scratch" &&
	# iterations go on: each one empties the work directory and rm -rf a tree
	sleep 3 &&
	kill -0 $pid &&
	check_outside &&
	kill -TERM $pid &&
	set +e && wait $pid; rc=$?; set -e &&
	test $rc = 143 &&
	check_outside &&
	grep -q "was moved or replaced during the run; emptied the directory it made, left the name alone" err &&
	# the directory it made is empty; the link is left as it was
	test -z "$(ls -A target/moved)" &&
	test -L "$scratch"
'

test_done
