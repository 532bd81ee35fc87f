#!/bin/sh
# A tool's own report pasted into a mail (kernbench, tiobench, bonnie,
# and every other parser flagged PARSER_IN_MAIL) is read by that tool's
# parser; the run's parameters and a device's counters printed beside the
# results (tiobench's file and block sizes, fio's disk stats) are no
# results; the kernel a report names on its rows beats the text's.
# fio's text, grep lines and JSON and fs_mark's table as mail pastes them.
. "$(dirname "$0")/lib.sh"

mbox="$FIXTURES/import/tools/reports.mbox"

test_expect_success 'a mail with three pasted tool reports gives every result' '
	benchpost import --dry-run --format json "$mbox" >out &&
	test $(grep -c "\"benchmark\":\"kernbench Half load -j 4\"" out) = 12 &&
	test $(grep -c "\"benchmark\":\"tiobench [12] threads seq write\"" out) = 14 &&
	test $(grep -c "\"benchmark\":\"bonnie -s 200\"" out) = 36 &&
	test $(wc -l <out) = 62
'

test_expect_success 'values keep their digits, units and the context of the text' '
	grep -q "\"kernel\":\"6.8.0-rc6\",.*\"fs\":\"ext4\",.*\"metric\":\"elapsed\",\"value\":61.4133,\"unit\":\"s\"" out &&
	grep -q "\"metric\":\"throughput\",\"value\":77.45,\"unit\":\"MB/s\"" out &&
	grep -q "\"metric\":\"random-seeks\",\"value\":598.8,\"unit\":\"seeks/s\",\"iteration\":3" out
'

test_expect_success 'a blank line between groups of bonnie rows does not end the table' '
	grep -q "\"metric\":\"seq-output-char\",\"value\":42402" out
'

test_expect_success 'tiobench sizes are parameters, not results' '
	! grep -q "file-size\|block-size" out &&
	benchpost parse --type tiobench --format json "$mbox" >parsed &&
	test $(grep -c "\"metric\":\"file-size\"" parsed) = 2
'

test_expect_success 'the kernel on tiobench rows wins over the text around it' '
	sed "s/^6.8.0-rc6    /6.9.0-rc1    /" "$mbox" >other.mbox &&
	benchpost import --dry-run --format json other.mbox >out2 &&
	test $(grep -c "\"kernel\":\"6.9.0-rc1\",.*tiobench" out2) = 14 &&
	test $(grep -c "\"kernel\":\"6.8.0-rc6\",.*kernbench" out2) = 12
'

# fio as mail pastes it: a group report indented with no-break spaces and
# hard-wrapped after commas, grep's two lone lines, fio 2's line alone, the
# JSON quoted in a reply; and fs_mark's verbose table.  Every result once, the numbers
# beside them (bytes, runtime, samples, per=, FSUse%, Count, Size) none.
fio_mbox="$FIXTURES/import/tools/fio-pastes.mbox"

test_expect_success 'fio and fs_mark pasted in mail give every result once' '
	benchpost import --dry-run --format json "$fio_mbox" >fio.out &&
	test $(grep -c "\"benchmark\":\"bigw\"" fio.out) = 25 &&
	test $(grep -c "\"benchmark\":\"fio check.fio\"" fio.out) = 7 &&
	test $(grep -c "\"benchmark\":\"old\",.*\"quoted\":true" fio.out) = 2 &&
	test $(grep -c "\"benchmark\":\"fs_mark -d /mnt/array/fm -s 4096 -n 1000 -v\"" fio.out) = 8 &&
	grep -q "\"metric\":\"read-iops\",\"value\":10027,\"unit\":\"IO/s\"" fio.out &&
	test $(wc -l <fio.out) = 44
'

test_expect_success 'abbreviated counts written out, wrapped values on their own lines' '
	grep -q "\"metric\":\"write-iops\",\"value\":3210,\"unit\":\"IO/s\"" fio.out &&
	grep -q "\"metric\":\"write-iops\",\"value\":7750,\"unit\":\"IO/s\"" fio.out &&
	grep -q "\"metric\":\"write-lat-stdev\",\"value\":2212.66,.*\"line\":31" fio.out &&
	grep -q "\"metric\":\"creat-max\",\"value\":70,\"unit\":\"us\"" fio.out
'

test_expect_success 'a job'"'"'s bytes, runtime and sample counts are parameters, not results' '
	! grep -q "write-io\"\|write-runtime\|samples\|bw-per\|fsuse\|\"count\"\|\"size\"\|cpu-ctx" fio.out &&
	benchpost parse --type fio --format json "$fio_mbox" >fio.parsed &&
	grep -q "\"metric\":\"write-runtime\",\"value\":30623" fio.parsed
'

# A tool's own titles ("Throughput:", postmark's "Data:", fio's "clat
# percentiles (usec):") head the report's numbers: the config stays the
# writer's heading above the report, and no other reader reads the
# report's lines again.
titles="$FIXTURES/import/tools/titles.mbox"

test_expect_success 'tool titles are no configs: the heading over the report is' '
	benchpost import --dry-run --format json "$titles" >titles.out &&
	test $(grep -c "\"options\":\"Without the patch\",.*\"benchmark\":\"sysbench" titles.out) = 16 &&
	test $(grep -c "\"options\":\"With the patch\",.*\"benchmark\":\"sysbench" titles.out) = 16 &&
	test $(grep -c "\"options\":\"Old allocator\",.*\"benchmark\":\"postmark" titles.out) = 7 &&
	test $(grep -c "\"options\":\"New allocator\",.*\"benchmark\":\"randread" titles.out) = 15 &&
	! grep -q "\"options\":\"\(File operations\|Throughput\|Latency\|Threads\|General\|Time\|Files\|Data\|clat\)" titles.out
'

test_expect_success 'a tool report'"'"'s lines are read once, by its parser' '
	test $(wc -l <titles.out) = 54 &&
	! grep -q "\"benchmark\":\"\(Read,\|Written,\|[0-9.]*_megabytes\)" titles.out &&
	for t in sysbench postmark fio; do
		benchpost parse --type $t --format json "$titles" || return 1
	done >titles.parsed &&
	test $(wc -l <titles.parsed) = 60
'

# bonnie's Machine cell as people fill it: the run's config when the rows
# of one table name different things, the file system when it names one
# (even alone), the host's name (no config) when all rows share it; a
# table under an underlined "tree-name<tab>machine" heading has that
# heading's kernel, and the next heading's not.
kinds="$FIXTURES/import/kinds"

test_expect_success 'bonnie rows named by their runs give each row its config' '
	benchpost import --dry-run --format json "$kinds/bonnie--units-line-cut.txt" >named.out &&
	test $(grep -c "\"fs\":\"ext3\",\"options\":\"ordered\"" named.out) = 10 &&
	test $(grep -c "\"fs\":\"ext3\",\"options\":\"writeback\"" named.out) = 10 &&
	test $(wc -l <named.out) = 20 &&
	# two runs of each, the groups a blank line apart: still one table
	sed -e "/^ordered /p" -e "/^ordered /a\\
" -e "/^writeback /p" "$kinds/bonnie--units-line-cut.txt" >groups.txt &&
	test $(grep -c "^ordered " groups.txt) = 2 &&
	benchpost import --dry-run --format json groups.txt >groups.out &&
	test $(grep -c "\"options\":\"ordered\"" groups.out) = 20 &&
	test $(grep -c "\"options\":\"writeback\"" groups.out) = 20
'

test_expect_success 'a Machine cell that names a file system gives the fs, one that names the host nothing' '
	printf "From: a@example.org\nSubject: bonnie on 2.4.9\nDate: Mon, 1 Jan 2001 00:00:00 +0000\n\n" >fs.eml &&
	for fs in ext3 ext2; do
		printf "Version  1.03       ------Sequential Output------ --Sequential Input- --Random-\n" &&
		printf "                    -Per Chr- --Block-- -Rewrite- -Per Chr- --Block-- --Seeks--\n" &&
		printf "Machine        Size K/sec %%CP K/sec %%CP K/sec %%CP K/sec %%CP K/sec %%CP  /sec %%CP\n" &&
		printf "%-14s 512M  6020  98 41022  57  6673   8  4619  77 21834  14 237.1   2\n\n" $fs || return 1
	done >>fs.eml &&
	benchpost import --dry-run --format json fs.eml >fs.out &&
	test $(grep -c "\"fs\":\"ext3\",\"options\":null" fs.out) = 12 &&
	test $(grep -c "\"fs\":\"ext2\",\"options\":null" fs.out) = 12 &&
	sed "s/^ext[23]  /myhost/" fs.eml >host.eml &&
	benchpost import --dry-run --format json host.eml >host.out &&
	test $(wc -l <host.out) = 24 &&
	! grep -q "myhost" host.out
'

test_expect_success 'each table under an underlined tree-name heading has that heading kernel' '
	benchpost import --dry-run --format json "$kinds/bonnie--tree-headings.txt" >tree.out &&
	test $(grep -c "\"kernel\":\"2.6.11\"" tree.out) = 12 &&
	test $(grep -c "\"kernel\":\"2.6.12-rc1\"" tree.out) = 12
'

test_expect_success 'fio direction lines behind the writer'"'"'s labels are each a run' '
	benchpost import --dry-run --format json "$kinds/fio--labelled-lines.txt" >labelled.out &&
	test $(grep -c "\"metric\":\"write-iops\"" labelled.out) = 6 &&
	test $(grep -c "\"options\":\"Unpatched\",.*\"metric\":\"write-iops\"" labelled.out) = 3 &&
	grep -q "\"metric\":\"write-iops\",\"value\":24100,\"unit\":\"IO/s\",\"iteration\":2" labelled.out
'

test_done
