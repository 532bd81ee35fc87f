#!/bin/sh
# Writers never overwrite local changes in the working tree without saying
# so: a pull, a commit and the repair after a crash leave an edited file as
# it is and report it in the manner of git status.
. "$(dirname "$0")/archive-lib.sh"

F=$ARCHIVE_FIXTURES

test_expect_success 'setup: one run shared through a bare remote' '
	git init -q --bare hub.git &&
	bp_commit --archive arch --when 1000 "$F/a-2.5.44-mm3.bench" >run &&
	benchpost push --archive arch "$PWD/hub.git" &&
	git clone -q hub.git other
'

test_expect_success 'a pull that changes a locally edited run keeps the edit and says so' '
	r=$(cat run) &&
	sed -i "s/ 53.17 sec\/op/ 53.00 sec\/op/" "other/$r" &&
	git_in other -c user.name=o -c user.email=o@x commit -q -am "fix a sample by hand" &&
	git_in other push -q origin HEAD &&
	echo "# checked by hand" >>"arch/$r" &&
	cp "arch/$r" edited &&
	benchpost pull --archive arch "$PWD/hub.git" >out 2>err &&
	grep -q "^benchpost: warning: local changes in the working tree of .arch. were kept, not overwritten; the archive.s version of each is committed (.git -C arch diff. shows the changes, .git -C arch checkout -- PATH. takes the archive.s version):$" err &&
	grep -qx "	$r" err &&
	test_cmp edited "arch/$r" &&
	git_in arch show "HEAD:$r" | grep -q " 53.00 sec/op" &&
	git_in arch status --porcelain >status &&
	printf " M %s\n" "$r" >want && test_cmp want status
'

test_expect_success 'the next writer leaves the edit alone too' '
	bp_commit --archive arch --when 2000 "$F/b-2.4.15.bench" >/dev/null 2>err &&
	test ! -s err &&
	test_cmp edited "arch/$(cat run)" &&
	git_in arch status --porcelain >status && test_cmp want status
'

test_expect_success 'a commit that updates locally edited hardware details keeps the edit' '
	printf "cpu: Pentium III\n" >d1 && printf "cpu: Pentium III (Coppermine)\n" >d2 &&
	bp_commit --archive hw --details d1 --when 1000 "$F/a-2.5.44-mm3.bench" >/dev/null &&
	h=hardware/piii-1c-256m-st340016a.txt &&
	echo "disk: replaced in 2003" >>"hw/$h" && cp "hw/$h" mine &&
	bp_commit --archive hw --details d2 --when 2000 "$F/a-2.5.44-mm3.bench" >/dev/null 2>err &&
	grep -qx "	$h" err &&
	test_cmp mine "hw/$h" &&
	git_in hw show "HEAD:$h" >committed && test_cmp d2 committed
'

test_expect_success 'the repair after a crash rewrites only what the dead writer wrote' '
	# a dead writer that was bringing the tree to HEAD when it died: the record it left
	old=$(git_in hw rev-parse HEAD~1) new=$(git_in hw rev-parse HEAD) &&
	r=$(git_in hw diff --name-only HEAD~1 HEAD -- runs) &&
	sleep 1.1 &&
	t=$(date +%s.%N) &&
	printf "benchpost-lock pid=4242 step=advance t=%s ref=refs/heads/master old=%s new=%s\n" \
		"$t" "$old" "$new" >hw/.git/benchpost.lock &&
	echo "half a fi" >"hw/$r" &&
	bp_commit --archive hw --when 3000 "$F/b-2.4.15.bench" >/dev/null 2>err &&
	# the run it was writing is whole again; the hardware file edited before it began stays
	git_in hw show "HEAD:$r" >whole && test_cmp whole "hw/$r" &&
	test_cmp mine "hw/hardware/piii-1c-256m-st340016a.txt" &&
	grep -qx "	hardware/piii-1c-256m-st340016a.txt" err &&
	git_in hw status --porcelain >status &&
	printf " M hardware/piii-1c-256m-st340016a.txt\n" >want && test_cmp want status
'

test_done
