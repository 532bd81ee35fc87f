#!/bin/sh
# Another user's archive, or one this user cannot write, is found when the
# command starts, with the reason: "owned by uid N", "permission denied".
. "$(dirname "$0")/archive-lib.sh"

F=$ARCHIVE_FIXTURES

if [ "$(id -u)" != 0 ] || ! command -v setpriv >/dev/null; then
	test_skip 'archives of other users and read-only ones' 'needs root and setpriv to act as two users'
	test_done
	exit
fi

# as_nobody CMD...: runs CMD as uid 65534 (which must be able to reach the scratch directory).
as_nobody() {
	HOME="$SCRATCH/nobody" setpriv --reuid=65534 --regid=65534 --clear-groups "$@"
}
chmod 755 "$SCRATCH"
mkdir nobody && chown 65534:65534 nobody

test_expect_success 'setup: an archive of uid 65534' '
	bp_commit --archive theirs --when 1000 "$F/a-2.5.44-mm3.bench" >/dev/null &&
	chown -R 65534:65534 theirs
'

test_expect_success 'another user'"'"'s archive: writers and readers say whose it is' '
	test_expect_code 1 bp_commit --archive theirs "$F/b-2.4.15.bench" 2>err &&
	grep -qx "bp-commit: archive .theirs. is owned by uid 65534, not by you (uid 0): benchpost, like git, does not use another user.s repository (git.s safe.directory setting allows it)" err &&
	test_expect_code 1 benchpost import --archive theirs "$FIXTURES/import/postmark.eml" 2>err &&
	grep -q "^benchpost: archive .theirs. is owned by uid 65534" err &&
	test_expect_code 1 benchpost log --archive theirs 2>err &&
	grep -q "^benchpost: archive .theirs. is owned by uid 65534" err &&
	test "$(git_in theirs rev-list --count HEAD)" = 1
'

test_expect_success 'allowed by safe.directory, as git allows it' '
	git config --global --add safe.directory "$PWD/theirs" &&
	benchpost log --archive "$PWD/theirs" >out &&
	test $(wc -l <out) = 1 &&
	git config --global --unset-all safe.directory
'

test_expect_success 'a read-only archive of uid 65534, as uid 65534: writers refuse at once, readers read' '
	chmod -R a-w theirs &&
	test_expect_code 1 as_nobody "$BP_HELPERS/bp-commit" --archive "$PWD/theirs" "$F/b-2.4.15.bench" 2>err &&
	grep -qx "bp-commit: archive .$PWD/theirs. is not writable: permission denied (.$PWD/theirs/.git/.)" err &&
	test_expect_code 1 as_nobody "$BENCHPOST" import --archive "$PWD/theirs" "$FIXTURES/import/postmark.eml" 2>err &&
	grep -q "is not writable: permission denied" err &&
	as_nobody "$BENCHPOST" log --archive "$PWD/theirs" >out &&
	test $(wc -l <out) = 1 &&
	chmod -R u+w theirs
'

test_expect_success 'only the objects read-only: still found before any work' '
	chmod a-w theirs/.git/objects &&
	test_expect_code 1 as_nobody "$BP_HELPERS/bp-commit" --archive "$PWD/theirs" "$F/b-2.4.15.bench" 2>err &&
	grep -q "is not writable: permission denied (.$PWD/theirs/.git/objects.)" err &&
	chmod u+w theirs/.git/objects &&
	as_nobody "$BP_HELPERS/bp-commit" --archive "$PWD/theirs" --when 2000 "$F/b-2.4.15.bench" >/dev/null &&
	test "$(git_in theirs rev-list --count HEAD)" = 2
'

test_done
