#!/bin/sh
# The writers' lock: its timeout is validated, and after a writer died the
# next one repairs only what the dead one's lock record names, never the
# lock files or packs a plain git working in the same repository owns.
. "$(dirname "$0")/archive-lib.sh"

F=$ARCHIVE_FIXTURES
G=arch/.git

test_expect_success 'setup' '
	bp_commit --archive arch --when 1000 "$F/a-2.5.44-mm3.bench" >/dev/null
'

test_expect_success 'BENCHPOST_LOCK_TIMEOUT must be a finite number of seconds, 0 or more' '
	for bad in nan -1 junk inf 5s 1e999 " "; do
		BENCHPOST_LOCK_TIMEOUT=$bad test_expect_code 1 bp_commit --archive arch "$F/b-2.4.15.bench" 2>err &&
		grep -qx "bp-commit: BENCHPOST_LOCK_TIMEOUT=.$bad. is not a number of seconds (finite, 0 or more)" err &&
		BENCHPOST_LOCK_TIMEOUT=$bad test_expect_code 1 benchpost log --archive arch 2>err ||
		{ echo "accepted: $bad"; return 1; }
	done &&
	test "$(git_in arch rev-list --count HEAD)" = 1 &&
	for good in 0 0.5 120 1e3; do
		BENCHPOST_LOCK_TIMEOUT=$good bp_commit --archive arch --when 2000 "$F/b-2.4.15.bench" >/dev/null ||
		{ echo "refused: $good"; return 1; }
	done
'

# What a plain git may be doing meanwhile: its own locks and a pack it is receiving.
plain_git_files() {
	echo "$(git_in arch rev-parse HEAD)" >$G/refs/heads/master.lock &&
	echo index >$G/index.lock &&
	echo pack >$G/objects/pack/tmp_pack_Ab12Cd &&
	echo pack >$G/objects/pack/pack-1111111111111111111111111111111111111111.pack
}

all_there() {
	for f in refs/heads/master.lock index.lock objects/pack/tmp_pack_Ab12Cd \
		 objects/pack/pack-1111111111111111111111111111111111111111.pack; do
		test -e "$G/$f" || { echo "removed: $f"; return 1; }
	done
}

remove_them() {
	rm -f $G/refs/heads/master.lock $G/index.lock $G/objects/pack/tmp_pack_Ab12Cd \
	      $G/objects/pack/pack-1111111111111111111111111111111111111111.pack
}

test_expect_success 'a dead writer whose record names nothing: a plain git'"'"'s files stay' '
	for record in "benchpost-lock pid=4242" 4242; do
		plain_git_files &&
		echo "$record" >$G/benchpost.lock &&
		test_expect_code 1 bp_commit --archive arch --when 3000 "$F/c-6.1.0-28-amd64.bench" 2>err &&
		grep -q "a git is changing the archive .arch., or one died while doing so (remove its lock file if no git runs)" err &&
		all_there && remove_them || return 1
	done
'

test_expect_success 'a dead writer moving the branch: only a ref lock holding its id, written since' '
	new=$(git_in arch rev-parse HEAD) &&
	t=$(date +%s.%N) &&
	record="benchpost-lock pid=4242 step=advance t=$t ref=refs/heads/master old=- new=$new" &&
	# another id in the ref lock: not the dead writer'"'"'s
	plain_git_files && echo 1234567890123456789012345678901234567890 >$G/refs/heads/master.lock &&
	echo "$record" >$G/benchpost.lock &&
	test_expect_code 1 bp_commit --archive arch --when 3000 "$F/c-6.1.0-28-amd64.bench" 2>/dev/null &&
	test -e $G/refs/heads/master.lock && remove_them &&
	# written before the step began: not the dead writer'"'"'s either
	plain_git_files && touch -d "@$(( ${t%.*} - 60 ))" $G/refs/heads/master.lock $G/index.lock &&
	echo "$record" >$G/benchpost.lock &&
	test_expect_code 1 bp_commit --archive arch --when 3000 "$F/c-6.1.0-28-amd64.bench" 2>/dev/null &&
	all_there && remove_them &&
	# its own: removed, said so, and the commit goes in; the other files stay
	plain_git_files && echo "$record" >$G/benchpost.lock &&
	bp_commit --archive arch --when 3000 "$F/c-6.1.0-28-amd64.bench" >/dev/null 2>err &&
	grep -q "removed .*/refs/heads/master.lock. left by a benchpost that died" err &&
	grep -q "removed .*/index.lock. left by a benchpost that died" err &&
	test -e $G/objects/pack/tmp_pack_Ab12Cd &&
	test -e $G/objects/pack/pack-1111111111111111111111111111111111111111.pack &&
	remove_them
'

test_expect_success 'a dead writer writing a pack: only the indexer'"'"'s files written since' '
	t=$(date +%s.%N) &&
	old=$(( ${t%.*} - 60 )) &&
	echo old >$G/objects/pack/pack_git2_Old123 && touch -d "@$old" $G/objects/pack/pack_git2_Old123 &&
	echo new >$G/objects/pack/pack_git2_New456 &&
	echo pack >$G/objects/pack/tmp_pack_Ab12Cd &&
	echo "benchpost-lock pid=4242 step=pack t=$t" >$G/benchpost.lock &&
	bp_commit --archive arch --when 4000 "$F/d-2.4.15-pre4.bench" >/dev/null 2>err &&
	grep -q "removed .*pack_git2_New456. left by a benchpost that died" err &&
	test ! -e $G/objects/pack/pack_git2_New456 &&
	test -e $G/objects/pack/pack_git2_Old123 &&
	test -e $G/objects/pack/tmp_pack_Ab12Cd &&
	rm $G/objects/pack/pack_git2_Old123 $G/objects/pack/tmp_pack_Ab12Cd &&
	test ! -s $G/benchpost.lock &&
	fsck_full_clean arch
'

test_done
