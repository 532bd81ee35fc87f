#!/bin/sh
# Run paths are unique by construction: two different runs never share a
# path, so pull never merges one file out of two; the same run from two
# machines is one file; a path both sides changed (archives from before
# the content hash, runs edited by hand) keeps both versions.
. "$(dirname "$0")/archive-lib.sh"

# mail ID SECONDS...: a post of ours, always the same Date, kernel and fs.
mail() {
	id=$1; shift
	{
		printf "From: lab-%s@example.invalid\nSubject: untar timings\n" "$id"
		printf "Message-ID: <%s@example.invalid>\n" "$id"
		printf "Date: Tue, 4 Mar 2008 10:00:00 +0000\n\n"
		printf "Untar on 2.6.25-rc3 with ext3:\n\n"
		for s in "$@"; do
			printf "$ time tar xf linux.tar\nreal    0m%s.000s\nuser    0m1.000s\nsys     0m2.000s\n\n" "$s"
		done
	} >"$id.eml"
}

# records ARCHIVE: how many records log finds.
records() {
	benchpost log --archive "$1" --format json | wc -l
}

test_expect_success 'setup: two mails with one Date, kernel and fs, a bare remote' '
	mail one 10 11 && mail two 20 21 &&
	git init -q --bare hub.git &&
	benchpost import --archive lab1 one.eml >one.paths &&
	benchpost import --archive lab2 two.eml >two.paths &&
	test $(records lab1) = 6 && test $(records lab2) = 6 &&
	! test_cmp one.paths two.paths >/dev/null
'

test_expect_success 'pushed and pulled through the remote: both runs whole, and pull counts them' '
	benchpost push --archive lab1 "$PWD/hub.git" &&
	benchpost pull --archive lab2 "$PWD/hub.git" >out &&
	grep -qx "1 run from .*hub.git., histories merged" out &&
	test $(records lab2) = 12 &&
	git_in lab2 ls-tree -r --name-only HEAD runs >files &&
	test $(wc -l <files) = 2 &&
	benchpost log --archive lab2 --format json >log &&
	python3 -c "
import json
rows = [json.loads(l) for l in open(\"log\")]
el = sorted(r[\"value\"] for r in rows if r[\"metric\"] == \"elapsed\")
assert el == [10, 11, 20, 21], el
src = {r[\"value\"]: r[\"source\"] for r in rows if r[\"metric\"] == \"elapsed\"}
assert src[10] == src[11] == \"email <one@example.invalid>\", src
assert src[20] == src[21] == \"email <two@example.invalid>\", src
" &&
	benchpost push --archive lab2 "$PWD/hub.git" &&
	benchpost pull --archive lab1 "$PWD/hub.git" >out &&
	grep -qx "1 run from .*hub.git." out &&
	test $(records lab1) = 12 &&
	git_in lab2 fsck --strict && test -z "$(git_in lab2 status --porcelain)"
'

test_expect_success 'the same run imported on two machines is one file after the pull' '
	git init -q --bare hub2.git &&
	benchpost import --archive lab3 one.eml >three.paths &&
	GIT_AUTHOR_NAME="lab four" benchpost import --archive lab4 one.eml >four.paths &&
	test_cmp three.paths four.paths &&
	benchpost push --archive lab3 "$PWD/hub2.git" &&
	benchpost pull --archive lab4 "$PWD/hub2.git" >out &&
	grep -qx "0 runs from .*hub2.git., histories merged" out &&
	git_in lab4 ls-tree -r --name-only HEAD runs >files &&
	test_cmp four.paths files &&
	test $(records lab4) = 6
'

# An archive written before names carried the hash: one run at NAME, as git would make it.
legacy() {
	git init -q "$1" &&
	mkdir -p "$1/runs/2.6.25-rc3/unknown" &&
	cp "$2" "$1/runs/2.6.25-rc3/unknown/2008-03-04T100000Z-ext3-import.bench" &&
	git_in "$1" add runs &&
	git_in "$1" -c user.name=old -c user.email=old@example.invalid commit -q -m "$3"
}

test_expect_success 'one old name, two different runs: both kept, none merged line by line' '
	benchpost import --dry-run one.eml >one.bench &&
	benchpost import --dry-run two.eml >two.bench &&
	legacy old1 one.bench "old one" && legacy old2 two.bench "old two" &&
	git init -q --bare hub3.git &&
	git_in old1 push -q "$PWD/hub3.git" HEAD:refs/heads/master &&
	benchpost pull --archive old2 "$PWD/hub3.git" >out &&
	cat out &&
	grep -qx "1 run from .*hub3.git., histories merged" out &&
	grep -qx "both sides changed 1 run; both versions kept (ours, theirs):" out &&
	old=runs/2.6.25-rc3/unknown/2008-03-04T100000Z-ext3-import &&
	theirs=$(git_in old1 rev-parse HEAD:$old.bench | cut -c1-8) &&
	grep -qx "  $old.bench" out && grep -qx "  $old-$theirs.bench" out &&
	git_in old2 show HEAD:$old.bench >ours.kept && test_cmp two.bench ours.kept &&
	git_in old2 show HEAD:$old-$theirs.bench >theirs.kept && test_cmp one.bench theirs.kept &&
	test $(records old2) = 12 &&
	! grep -rq "^<<<<<<<\|^>>>>>>>" old2/runs &&
	git_in old2 fsck --strict && test -z "$(git_in old2 status --porcelain)"
'

test_expect_success 'a run edited by hand on both sides: both versions kept' '
	git clone -q hub3.git edit1 && git clone -q hub3.git edit2 &&
	f=runs/2.6.25-rc3/unknown/2008-03-04T100000Z-ext3-import.bench &&
	sed -i "s/^BenchmarkTar_xf_linux.tar 1 10.000 /BenchmarkTar_xf_linux.tar 1 10.500 /" edit1/$f &&
	sed -i "s/^BenchmarkTar_xf_linux.tar 1 11.000 /BenchmarkTar_xf_linux.tar 1 11.500 /" edit2/$f &&
	git_in edit1 -c user.name=a -c user.email=a@x commit -q -am "fix the first sample" &&
	git_in edit2 -c user.name=b -c user.email=b@x commit -q -am "fix the second sample" &&
	git_in edit1 push -q origin HEAD &&
	benchpost pull --archive edit2 >out &&
	grep -q "^both sides changed 1 run" out &&
	git_in edit2 show HEAD:$f >mine && grep -q " 11.500 sec/op" mine && ! grep -q " 10.500 " mine &&
	git_in edit2 ls-tree --name-only HEAD runs/2.6.25-rc3/unknown/ >names &&
	test $(wc -l <names) = 2 &&
	git_in edit2 show "HEAD:$(grep -v "^$f$" names)" >theirs && grep -q " 10.500 sec/op" theirs
'

test_done
