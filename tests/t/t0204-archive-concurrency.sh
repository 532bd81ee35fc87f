#!/bin/sh
# Writers on one machine serialise on the lock; none loses another's runs.
. "$(dirname "$0")/archive-lib.sh"

F=$ARCHIVE_FIXTURES/a-2.5.44-mm3.bench

test_expect_success 'four processes commit 50 runs each: 200 runs, fsck clean' '
	set -- &&
	for i in $(seq 50); do set -- "$@" "$F"; done &&
	bp_commit --archive arch --when 1000 "$F" >first &&
	for p in 1 2 3 4; do
		# the same times in every process: their file names collide on purpose
		BENCHPOST_LOCK_TIMEOUT=120 bp_commit --archive arch --when 2000 "$@" >saved.$p 2>err.$p &
	done &&
	wait &&
	cat saved.1 saved.2 saved.3 saved.4 | sort >saved &&
	test $(wc -l <saved) = 200 &&
	test $(sort -u saved | wc -l) = 200 &&
	git_in arch ls-tree -r --name-only HEAD runs | grep -vxf first | sort >present &&
	test_cmp saved present &&
	test "$(git_in arch rev-list --count HEAD)" = 201 &&
	git_in arch fsck --strict &&
	test -z "$(git_in arch status --porcelain)" &&
	cat err.1 err.2 err.3 err.4 >err && test ! -s err
'

test_expect_success 'a writer that cannot get the lock in time says so and gives up' '
	python3 -c "
import fcntl, os, subprocess, sys
fd = os.open(\"arch/.git/benchpost.lock\", os.O_RDWR)
fcntl.flock(fd, fcntl.LOCK_EX)
os.ftruncate(fd, 0); os.write(fd, b\"4242\n\")
env = dict(os.environ, BENCHPOST_LOCK_TIMEOUT=\"0.3\")
r = subprocess.run([os.environ[\"BP_HELPERS\"] + \"/bp-commit\", \"--archive\", \"arch\", \"$F\"],
                   env=env, capture_output=True, text=True)
sys.stderr.write(r.stderr)
assert r.returncode == 1, r.returncode
assert \"is locked by another benchpost (pid 4242); gave up after 0.3 s\" in r.stderr, r.stderr
" &&
	test "$(git_in arch rev-list --count HEAD)" = 201
'

test_done
