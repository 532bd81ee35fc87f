#!/bin/sh
# benchpost log: every filter, each format, both orders, the layout in git.
. "$(dirname "$0")/archive-lib.sh"

test_expect_success 'setup: six runs in an archive' '
	fixture_archive arch &&
	test "$(git_in arch rev-list --count HEAD)" = 6
'

test_expect_success 'log lists runs newest first' '
	benchpost log --archive arch >out &&
	awk "{print \$4}" out >kernels &&
	printf "%s\n" 2.4.15-pre4 2.4.15 2.5.44-mm3 6.1.0-28-amd64 2.5.44 2.6.16-rc5 >want &&
	test_cmp want kernels
'

test_expect_success 'log --sort version orders kernels as developers read them' '
	benchpost log --archive arch --sort version >out &&
	awk "{print \$4}" out >kernels &&
	printf "%s\n" 2.4.15-pre4 2.4.15 2.5.44 2.5.44-mm3 2.6.16-rc5 6.1.0-28-amd64 >want &&
	test_cmp want kernels
'

test_expect_success 'a text line names commit, date, kernel, hardware, fs, suite, path' '
	benchpost log --archive arch --kernel 2.5.44-mm3 >out &&
	test $(wc -l <out) = 1 &&
	commit=$(git_in arch log --format=%h -1 --abbrev=7 -- "runs/2.5.44-mm3") &&
	set -- $(cat out) &&
	test "$1" = "$commit" && test "$2 $3" = "2004-11-09 11:33" &&
	test "$5" = piii-1c-256m-st340016a && test "$6" = ext3 && test "$7" = run &&
	git_in arch cat-file -e "HEAD:$8"
'

test_expect_success '--kernel: exact match is preferred over prefix' '
	benchpost log --archive arch --kernel 2.5.44 >out &&
	awk "{print \$4}" out >kernels &&
	echo 2.5.44 >want && test_cmp want kernels
'

test_expect_success '--kernel: a prefix when nothing matches exactly' '
	benchpost log --archive arch --kernel 2.4 --sort version >out &&
	awk "{print \$4}" out >kernels &&
	printf "%s\n" 2.4.15-pre4 2.4.15 >want && test_cmp want kernels
'

test_expect_success '--kernel: a glob' '
	benchpost log --archive arch --kernel "2.*-*" --sort version >out &&
	awk "{print \$4}" out >kernels &&
	printf "%s\n" 2.4.15-pre4 2.5.44-mm3 2.6.16-rc5 >want && test_cmp want kernels
'

test_expect_success '--hardware, --fs and --benchmark filter' '
	benchpost log --archive arch --hardware p4 --sort version >out &&
	awk "{print \$4}" out >kernels &&
	printf "%s\n" 2.5.44 2.6.16-rc5 >want && test_cmp want kernels &&
	benchpost log --archive arch --fs xfs --sort version >out &&
	awk "{print \$4}" out >kernels &&
	printf "%s\n" 2.5.44 6.1.0-28-amd64 >want && test_cmp want kernels &&
	benchpost log --archive arch --benchmark dbench --sort version >out &&
	awk "{print \$4}" out >kernels &&
	printf "%s\n" 2.6.16-rc5 6.1.0-28-amd64 >want && test_cmp want kernels &&
	benchpost log --archive arch --hardware piii --fs ext3 --benchmark untar >out &&
	awk "{print \$4}" out >kernels &&
	echo 2.5.44-mm3 >want && test_cmp want kernels
'

test_expect_success 'a filter that matches nothing prints nothing and succeeds' '
	benchpost log --archive arch --kernel 3.0 >out &&
	test ! -s out
'

test_expect_success '--format bench reads back, with run and commit' '
	benchpost log --archive arch --kernel 2.6.16-rc5 --format bench >out &&
	benchpost parse --type bench out >again &&
	test_cmp out again &&
	grep -q "^run: runs/2.6.16-rc5/p4-2c-1g-wd800/1998-07-09T[0-9]*Z-[0-9a-f]\{8\}-ext3-run.bench$" out &&
	grep -q "^commit: $(git_in arch rev-parse HEAD~1)$" out &&
	grep -q "^BenchmarkDbench 1 8.12 sec/op$" out
'

test_expect_success '--format json gives every sample of the matching runs' '
	benchpost log --archive arch --fs xfs --format json >out &&
	python3 -c "
import json
rows = [json.loads(l) for l in open(\"out\")]
assert len(rows) == 4, rows
assert sorted({r[\"kernel\"] for r in rows}) == [\"2.5.44\", \"6.1.0-28-amd64\"]
assert sorted(r[\"value\"] for r in rows) == [4.10, 4.22, 41.00, 41.50]
"
'

test_expect_success 'git log --stat shows the layout of DESIGN.md' '
	printf "model: Pentium III\n" >details &&
	bp_commit --archive arch --details details --when 1300000000 \
		"$ARCHIVE_FIXTURES/a-2.5.44-mm3.bench" >saved &&
	git_in arch log --stat --format=%s -1 >stat &&
	grep -q "^2.5.44-mm3 piii-1c-256m-st340016a: ext3 untar 53.17s$" stat &&
	grep -q "^ hardware/piii-1c-256m-st340016a.txt " stat &&
	git_in arch show --name-only --format= HEAD >names &&
	head -1 names | grep -qx "hardware/piii-1c-256m-st340016a.txt" &&
	tail -1 names | grep -qx "runs/2.5.44-mm3/piii-1c-256m-st340016a/2011-03-13T0706[0-9][0-9]Z-[0-9a-f]\{8\}-ext3-run.bench" &&
	# the hash in the name begins the blob id of the file
	hash=$(tail -1 names | sed "s/.*Z-\([0-9a-f]*\)-ext3-run.bench/\1/") &&
	git_in arch rev-parse "HEAD:$(tail -1 names)" | grep -q "^$hash" &&
	test "$(cat saved)" = "$(tail -1 names)"
'

test_expect_success 'the archive is clean for git: fsck and status' '
	git_in arch fsck --strict 2>err &&
	test ! -s err &&
	test -z "$(git_in arch status --porcelain)"
'

test_expect_success 'location: $BENCHPOST_ARCHIVE, then $XDG_DATA_HOME' '
	BENCHPOST_ARCHIVE="$PWD/arch" benchpost log --kernel 2.4.15 >out &&
	test $(wc -l <out) = 1 &&
	mkdir -p xdg/benchpost && cp -r arch xdg/benchpost/archive &&
	XDG_DATA_HOME="$PWD/xdg" benchpost log --kernel 2.4.15 >out2 &&
	test_cmp out out2
'

test_expect_success 'a bare archive works the same' '
	git init -q --bare bare.git &&
	bp_commit --archive bare.git --when 1000 "$ARCHIVE_FIXTURES/c-6.1.0-28-amd64.bench" >/dev/null &&
	benchpost log --archive bare.git >out &&
	test "$(awk "{print \$4}" out)" = 6.1.0-28-amd64 &&
	git_in bare.git fsck
'

test_expect_success 'log --kernel reads only that kernel: a broken other run does not matter' '
	cp -r arch pruned &&
	blob=$(git_in pruned rev-parse "HEAD:runs/6.1.0-28-amd64/xeon-8c-16g-samsung-ssd") &&
	blob=$(git_in pruned ls-tree "$blob" | awk "{print \$3}") &&
	rm -f "pruned/.git/objects/$(echo $blob | cut -c1-2)/$(echo $blob | cut -c3-)" &&
	benchpost log --archive pruned --kernel 2.4.15 >out &&
	test $(wc -l <out) = 1 &&
	benchpost log --archive pruned --hardware p4 >out &&
	test $(wc -l <out) = 2 &&
	test_expect_code 1 benchpost log --archive pruned 2>err &&
	grep -q "^benchpost: cannot read .runs/6.1.0-28-amd64/" err
'

test_expect_success 'no archive yet: log says where it looked' '
	test_expect_code 1 benchpost log --archive nowhere 2>err &&
	grep -q "^benchpost: no archive at .nowhere.$" err &&
	test ! -e nowhere
'

test_done
