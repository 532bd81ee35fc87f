#!/bin/sh
# The archive never follows a link: a symlinked runs/ or runs/<kernel> in
# the working tree makes writers refuse before anything is written, a
# pulled history carrying links, submodules or shapes benchpost never
# writes is refused whole, and readers refuse links in the trees.
. "$(dirname "$0")/archive-lib.sh"

F=$ARCHIVE_FIXTURES

# Fails when anything under outside/ is newer than the stamp.
nothing_outside() {
	find outside -mindepth 1 -newer stamp >new
	{ test ! -s new || { echo "written outside the archive:"; cat new; false; }; }
}

test_expect_success 'setup: an archive with two kernels, a place outside it' '
	bp_commit --archive arch --when 1000 "$F/a-2.5.44-mm3.bench" "$F/b-2.4.15.bench" >/dev/null &&
	mkdir outside &&
	git_in arch rev-parse HEAD >head.before
'

test_expect_success 'a symlinked runs/ in the working tree: the writer refuses, nothing written' '
	mv arch/runs outside/runs && ln -s "$PWD/outside/runs" arch/runs &&
	sleep 0.01 && touch stamp &&
	test_expect_code 1 bp_commit --archive arch --when 2000 "$F/c-6.1.0-28-amd64.bench" 2>err &&
	grep -q "^bp-commit: .arch/runs. in the archive.s working tree is a symbolic link: benchpost does not write through it (move it away, then .git -C arch checkout -- runs. writes the archive.s files back)$" err &&
	test_expect_code 1 benchpost import --archive arch "$FIXTURES/import/postmark.eml" 2>err &&
	grep -q "^benchpost: .arch/runs. in the archive.s working tree is a symbolic link" err &&
	nothing_outside &&
	git_in arch rev-parse HEAD >head.after && test_cmp head.before head.after &&
	rm arch/runs && mv outside/runs arch/runs
'

test_expect_success 'a symlinked runs/<kernel>: that kernel refused, the others written' '
	mkdir outside/k && mv arch/runs/2.4.15/* outside/k/ && rmdir arch/runs/2.4.15 &&
	ln -s "$PWD/outside/k" arch/runs/2.4.15 &&
	sleep 0.01 && touch stamp &&
	test_expect_code 1 bp_commit --archive arch --when 3000 "$F/b-2.4.15.bench" 2>err &&
	grep -q "^bp-commit: .arch/runs/2.4.15. in the archive.s working tree is a symbolic link" err &&
	nothing_outside &&
	bp_commit --archive arch --when 3000 "$F/c-6.1.0-28-amd64.bench" >saved &&
	test -f "arch/$(cat saved)" &&
	rm arch/runs/2.4.15 && mkdir arch/runs/2.4.15 && mv outside/k/* arch/runs/2.4.15/ &&
	test -z "$(git_in arch status --porcelain)"
'

test_expect_success 'a file where a directory belongs: refused, named' '
	mv arch/runs/2.5.44-mm3 held && echo junk >arch/runs/2.5.44-mm3 &&
	test_expect_code 1 bp_commit --archive arch --when 4000 "$F/a-2.5.44-mm3.bench" 2>err &&
	grep -q "^bp-commit: .arch/runs/2.5.44-mm3. in the archive.s working tree is not a directory" err &&
	rm arch/runs/2.5.44-mm3 && mv held arch/runs/2.5.44-mm3
'

test_expect_success 'pull into a symlinked working tree: refused before the branch moves' '
	git init -q --bare hub.git &&
	benchpost push --archive arch "$PWD/hub.git" &&
	git clone -q hub.git lab && bp_commit --archive lab --when 5000 "$F/d-2.4.15-pre4.bench" >/dev/null &&
	benchpost push --archive lab "$PWD/hub.git" &&
	git_in arch rev-parse HEAD >head.before &&
	mv arch/runs outside/runs && ln -s "$PWD/outside/runs" arch/runs &&
	sleep 0.01 && touch stamp &&
	test_expect_code 1 benchpost pull --archive arch "$PWD/hub.git" 2>err &&
	grep -q "^benchpost: .arch/runs. in the archive.s working tree is a symbolic link" err &&
	nothing_outside &&
	git_in arch rev-parse HEAD >head.after && test_cmp head.before head.after &&
	rm arch/runs && mv outside/runs arch/runs &&
	benchpost pull --archive arch "$PWD/hub.git" >out &&
	grep -q "^1 run from" out
'

# hostile NAME 'commands run in a clone of hub.git': a remote whose last commit they made.
hostile() {
	rm -rf "$1.git" "$1.work" &&
	git clone -q --bare hub.git "$1.git" &&
	git clone -q "$1.git" "$1.work" &&
	(cd "$1.work" && eval "$2" &&
	 git -c user.name=m -c user.email=m@example.invalid commit -q -m "$1" &&
	 git push -q origin HEAD) >/dev/null 2>&1
}

# Pulling the remote NAME into arch is refused with a message matching $2, and changes nothing.
refused() {
	git_in arch rev-parse HEAD >head.before && sleep 0.01 && touch stamp &&
	test_expect_code 1 benchpost pull --archive arch "$PWD/$1.git" 2>err &&
	cat err &&
	grep -q "$2" err &&
	git_in arch rev-parse HEAD >head.after && test_cmp head.before head.after &&
	! git_in arch rev-parse -q --verify refs/benchpost/fetched &&
	test -z "$(git_in arch status --porcelain)" &&
	! find arch -type l | grep . &&
	nothing_outside
}

test_expect_success 'a pulled history with a symlinked runs/<kernel> is refused whole' '
	hostile k "ln -s $PWD/outside runs/6.6.6 && git add runs" &&
	refused k "^benchpost: .runs/6.6.6. in the history of .*k.git. (commit [0-9a-f]*) is a symbolic link: benchpost pulled nothing$" &&
	benchpost log --archive arch --kernel 6.6.6 >out && test ! -s out &&
	bp_commit --archive arch --when 6000 "$F/e-2.6.16-rc5.bench" >/dev/null
'

test_expect_success 'a symlink under an earlier commit of the history is refused too' '
	hostile early "ln -s /etc runs/2.4.15/evil && git add runs && git -c user.name=m -c user.email=m@x commit -q -m one && git rm -q runs/2.4.15/evil" &&
	refused early "^benchpost: .runs/2.4.15/evil. in the history of .*early.git. (commit [0-9a-f]*) is a symbolic link"
'

test_expect_success 'links and submodules anywhere, and shapes benchpost never writes' '
	hostile runs "git rm -rq runs && ln -s $PWD/outside runs && git add runs" &&
	refused runs "^benchpost: .runs. in the history of .* is a symbolic link" &&
	hostile top "ln -s /etc notes && git add notes" &&
	refused top "^benchpost: .notes. in the history of .* is a symbolic link" &&
	hostile hw "mkdir -p hardware && ln -s /etc/passwd hardware/box.txt && git add hardware" &&
	refused hw "^benchpost: .hardware/box.txt. in the history of .* is a symbolic link" &&
	hostile sub "git update-index --add --cacheinfo 160000,$(git_in arch rev-parse HEAD),runs/2.4.15/m" &&
	refused sub "^benchpost: .runs/2.4.15/m. in the history of .* is a submodule (gitlink)" &&
	hostile df "echo x >runs/9.9.9 && git add runs" &&
	refused df "^benchpost: .runs/9.9.9. in the history of .* is a file where benchpost keeps directories" &&
	hostile dot "mkdir -p runs/.hidden/h && echo x >runs/.hidden/h/r.bench && git add runs" &&
	refused dot "^benchpost: .runs/.hidden. in the history of .* has a name benchpost never writes there" &&
	hostile bad "mkdir -p runs/1.0/h && echo nonsense >runs/1.0/h/r.bench && git add runs" &&
	refused bad "^benchpost: a run in the history of .*bad.git. (commit [0-9a-f]*) does not read: benchpost pulled nothing: runs/1.0/h/r.bench:1: expected"
'

test_expect_success 'readers refuse a link that plain git committed, naming it' '
	git clone -q hub.git local &&
	ln -s /etc/passwd local/runs/2.4.15/passwd.bench && git_in local add runs &&
	git_in local -c user.name=m -c user.email=m@x commit -q -m link &&
	test_expect_code 1 benchpost log --archive local 2>err &&
	grep -q "^benchpost: .runs/2.4.15/passwd.bench. in the archive is a symbolic link: benchpost reads no links or submodules in runs/ and hardware/ (remove it with git)$" err &&
	test_expect_code 1 benchpost show --archive local passwd 2>err &&
	grep -q "is a symbolic link" err &&
	test_expect_code 1 benchpost show --archive local runs/2.4.15/passwd.bench 2>err &&
	grep -q "is a symbolic link" err
'

test_done
