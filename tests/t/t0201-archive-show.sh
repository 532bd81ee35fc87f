#!/bin/sh
# benchpost show RUN: by path, by file-name prefix, by commit id.
. "$(dirname "$0")/archive-lib.sh"

test_expect_success 'setup' '
	fixture_archive arch &&
	git_in arch ls-tree -r --name-only HEAD runs >paths &&
	test $(wc -l <paths) = 6
'

test_expect_success 'show by path prints a header and the samples' '
	path=$(grep 2.6.16-rc5 paths) &&
	benchpost show --archive arch "$path" >out &&
	grep -q "^run       $path$" out &&
	grep -q "^commit    $(git_in arch rev-parse HEAD~1)$" out &&
	grep -q "^date      1998-07-09 16:00:05 UTC$" out &&
	grep -q "^kernel    2.6.16-rc5$" out &&
	grep -q "^hardware  p4-2c-1g-wd800$" out &&
	grep -q "^fs        ext3$" out &&
	grep -q "^BenchmarkDbench 1 8.12 sec/op$" out &&
	grep -q "^BenchmarkDbench 1 8.40 sec/op$" out &&
	! grep -q "^run: \|^commit: " out
'

test_expect_success 'show by a unique prefix of the file name' '
	benchpost show --archive arch 1998 >out &&
	grep -q "^kernel    2.6.16-rc5$" out
'

test_expect_success 'an ambiguous prefix lists the candidates' '
	test_expect_code 1 benchpost show --archive arch 20 >out 2>err &&
	grep -q "^benchpost: run .20. is ambiguous: 5 runs match$" err &&
	test $(grep -c "^  runs/" err) = 5 &&
	test ! -s out
'

test_expect_success 'show by commit id gives the run it added' '
	id=$(git_in arch rev-parse --short=8 HEAD~3) &&
	benchpost show --archive arch "$id" >out &&
	grep -q "^kernel    6.1.0-28-amd64$" out &&
	grep -q "^commit    $(git_in arch rev-parse HEAD~3)$" out
'

test_expect_success 'show --format bench is the file plus run and commit' '
	path=$(grep 2.5.44-mm3 paths) &&
	benchpost show --archive arch --format bench "$path" >out &&
	git_in arch show "HEAD:$path" >file &&
	grep -v "^run: \|^commit: " out >stripped &&
	test_cmp file stripped
'

test_expect_success 'show --format json' '
	benchpost show --archive arch --format json 1998 >out &&
	python3 -c "
import json
rows = [json.loads(l) for l in open(\"out\")]
assert [r[\"value\"] for r in rows] == [8.12, 8.40], rows
assert {r[\"kernel\"] for r in rows} == {\"2.6.16-rc5\"}
assert [r[\"iteration\"] for r in rows] == [1, 2]
"
'

test_expect_success 'an unknown run fails and says what RUN may be' '
	test_expect_code 1 benchpost show --archive arch nosuchrun 2>err &&
	grep -q "^benchpost: no run .nosuchrun. in .arch. (a path, a file-name prefix or a commit id)$" err &&
	test_expect_code 1 benchpost show --archive arch runs/x/y/z.bench 2>err &&
	test_expect_code 2 benchpost show --archive arch 2>err
'

test_done
