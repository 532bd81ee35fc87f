#!/bin/sh
# Each number's kernel, file system and config from the section it
# stands in (import_section.c, docs/import.md "Sections"): several
# kernels in one message, a heading's config held to the next rule,
# decoy versions (a tarball, the mailer's) left alone, and the archive
# filing each kernel's numbers as its own run.  The fixtures are our own
# look-alikes (tests/fixtures/import/attr).
. "$(dirname "$0")/lib.sh"

ATTR="$FIXTURES/import/attr"

# the JSON record of the value v (as printed) in file f
record() {
	grep "\"value\":$2," "$1"
}

test_expect_success 'prose names the kernel of the time blocks under it, one per paragraph' '
	benchpost import --dry-run --format json "$ATTR/two-kernels.txt" >out &&
	record out 31.40 | grep -q "\"kernel\":\"2.6.16\",.*\"fs\":\"ext3\",\"options\":\"data=ordered\"" &&
	record out 27.85 | grep -q "\"kernel\":\"2.6.17\"" &&
	record out 130.33 | grep -q "\"kernel\":\"2.6.17\",.*\"benchmark\":\"dbench 48\""
'

test_expect_success 'a tarball, the Subject and X-Mailer name no kernel of these numbers' '
	benchpost import --dry-run --format json "$ATTR/two-kernels.txt" >out &&
	test $(wc -l <out) = 9 &&
	! grep -q "\"kernel\":\"2.6.2[78]" out
'

test_expect_success 'a config heading holds to the next rule, over the fs headings under it' '
	benchpost import --dry-run --format json "$ATTR/sections.txt" >out &&
	record out 14.02 | grep -q "\"kernel\":\"2.6.12-rc3\",.*\"fs\":\"ext3\",\"options\":\"elevator=deadline\"" &&
	record out 4.77 | grep -q "\"fs\":\"xfs\",\"options\":\"elevator=deadline\"" &&
	record out 16.40 | grep -q "\"fs\":\"ext3\",\"options\":\"elevator=cfq\"" &&
	record out 12.51 | grep -q "\"kernel\":\"2.6.12-rc3-mm1\",.*\"fs\":\"ext3\",\"options\":null"
'

test_expect_success 'the archive files each kernel of one message as a run of its own' '
	benchpost import --archive arch "$ATTR/two-kernels.txt" >paths 2>err &&
	grep -q "^runs/2.6.16/" paths &&
	grep -q "^runs/2.6.17/" paths &&
	! grep -q "^runs/2.6.2[78]" paths
'

# "The output on the stock kernel was:" over a block: the config of it,
# also when the line goes on with a wrapped sentence ("...prints the" /
# "mean.  The output ..."); the writer's "I wrote a loop ..." names no
# benchmark, and a two-space gap after a full stop is still prose.
test_expect_success 'a line leading in to a block names its config' '
	benchpost import --dry-run --format json "$ATTR/lead-in.txt" >out &&
	test $(wc -l <out) = 6 &&
	record out 3.104000 | grep -q "\"options\":\"stock kernel\",.*\"benchmark\":null" &&
	record out 2.850000 | grep -q "\"options\":\"stock kernel\"" &&
	record out 2.551000 | grep -q "\"options\":\"with the series applied\",.*\"benchmark\":null" &&
	record out 2.301000 | grep -q "\"options\":\"with the series applied\"" &&
	! grep -q "I wrote\|mean\." out
'

test_expect_success 'a heading leading in to results names their config' '
	benchpost import --dry-run --format json "$ATTR/lead-in-headings.txt" >out &&
	test $(grep -c "\"fs\":\"xfs\",\"options\":\"before this patch\",.*\"metric\":\"throughput\"" out) = 3 &&
	test $(grep -c "\"fs\":\"xfs\",\"options\":\"after this patch\",.*\"metric\":\"throughput\"" out) = 3 &&
	! grep -q "following" out
'

# The dashes under a table's header belong to the table: the label line
# over it still names the kernel, over a version the prose after it names
# with a cue ("first seen on 6.8.0-rc1").
test_expect_success 'a header underline does not cut a table from its heading' '
	benchpost import --dry-run --format json "$ATTR/underline.txt" >out &&
	test $(wc -l <out) = 22 &&
	test $(grep -c "\"kernel\":\"6.6.9\"" out) = 11 &&
	test $(grep -c "\"kernel\":\"6.7.2\"" out) = 11 &&
	record out 204.18 | grep -q "\"kernel\":\"6.7.2\",.*\"fs\":\"btrfs\""
'

# "Without <commit> (...)" set off by "==" lines: the run lacked the
# commit, so neither the heading nor the Subject's id is its kernel; the
# heading is its config, and the "With <commit>" run has the commit.
test_expect_success 'a run without a commit is not given that commit' '
	benchpost import --dry-run --format json "$ATTR/without.txt" >out &&
	test $(wc -l <out) = 4 &&
	record out 812.4 | grep -q "\"kernel\":null,.*\"options\":\"Without 1a2b3c4d5e\"" &&
	record out 714.0 | grep -q "\"kernel\":\"1a2b3c4d5e\""
'

test_done
