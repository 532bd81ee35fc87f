#!/bin/sh
# benchpost run --fs: loop images on one backing file, made, used, removed.
. "$(dirname "$0")/lib.sh"
. "$SRCDIR/tests/t/lib-run.sh"

# A small real tree keeps these runs short; t0401 covers the generated one.
tar -C "$SRCDIR" -czf "$SCRATCH/small.tar.gz" core collect parse

if [ "$(id -u)" != 0 ]; then
	test_skip 'ext2, ext3:data=writeback and ext4 on loop devices' 'needs root for loop devices and mount'
	test_done
	exit
fi
if [ ! -e /dev/loop-control ]; then
	test_skip 'ext2, ext3:data=writeback and ext4 on loop devices' 'no /dev/loop-control'
	test_done
	exit
fi

test_expect_success 'ext2, ext3:data=writeback and ext4 on loop devices' '
	benchpost run --suite quick --tarball "$SCRATCH/small.tar.gz" --fs ext2,ext3:data=writeback,ext4 -n 2 -q \
		--scratch "$SCRATCH" --archive "$SCRATCH/arch" --test untar,rm-tree,writer \
		--param writer.writes=64 >out 2>err &&
	grep -Eq "^ext2: caches dropped, on /dev/loop[0-9]+ on [a-z0-9]+ /" out &&
	grep -Eq "^ext3:data=writeback: caches dropped, on /dev/loop[0-9]+ on " out &&
	grep -Eq "^ext4: caches dropped, on /dev/loop[0-9]+ on " out &&
	grep -q "^sync timed after each step, 2 iterations, suite quick$" out &&
	grep -q "^Each test ran 2 times, every sample kept. Caches were dropped" out &&
	awk "length > 72 { exit 1 }" out &&
	grep -Eq "^ +ext2 +ext3 +ext4$" out &&
	grep -q "^ext3: ext3: data=writeback$" out &&
	grep -q "^untar small.tar.gz$" out &&
	grep -q "^rm-tree small.tar.gz$" out &&
	grep -q "^writer 64 x 1024 bytes$" out &&
	for m in elapsed user sys sync total; do
		test $(grep -Ec "^  $m \(s\)( +[0-9]+\.[0-9]{3} \+-[0-9]+\.[0-9]{3}){3}$" out) = 3 || exit 1
	done &&
	test $(grep -c "^benchpost: stored runs/" err) = 3
'

test_expect_success 'no mount, loop device or image is left behind' '
	nothing_left
'

test_expect_success 'each file system has its own .bench file with its facts' '
	benchpost log --archive "$SCRATCH/arch" >log &&
	test $(wc -l <log) = 3 &&
	benchpost log --archive "$SCRATCH/arch" --fs ext3 --format bench >ext3.bench &&
	f=ext3.bench &&
	grep -q "^fs: ext3$" "$f" &&
	grep -q "^options: data=writeback$" "$f" &&
	grep -q "^mount-options: .*data=writeback" "$f" &&
	grep -Eq "^device: /dev/loop[0-9]+ on " "$f" &&
	grep -q "^backing: same file$" "$f" &&
	grep -q "^caches: dropped$" "$f" &&
	grep -q "^mkfs.ext3-version: mke2fs" "$f" &&
	grep -q "^image: $SCRATCH/benchpost-run\.[A-Za-z0-9]*/image$" "$f" &&
	for fs in ext2 ext3 ext4; do
		benchpost log --archive "$SCRATCH/arch" --fs $fs --format bench | grep "^image: " || exit 1
	done >images &&
	test $(wc -l <images) = 3 &&
	test $(sort -u images | wc -l) = 1
'

test_expect_success 'all nine tests on one loop file system' '
	benchpost run --suite quick --tarball "$SCRATCH/small.tar.gz" --fs ext4 -n 1 -q --no-commit \
		--scratch "$SCRATCH" --param dd.mib=8 --param writer.writes=64 \
		--param postmark.numbers=50 --param postmark.transactions=50 \
		--param dbench.time=1 --param dbench.clients=1 \
		--param tiobench.threads=2 --param tiobench.mib=4 --param tiobench.random_ios=16 \
		>out 2>err &&
	for t in "cp small.tar.gz" "untar small.tar.gz" "kuntar small.tar" "rm-tree small.tar.gz" \
		 "dd write 8 MiB" "dd read 8 MiB" "writer 64 x 1024 bytes" \
		 "postmark numbers=50 transactions=50" "dbench 1 clients 1 s" "tiobench 2 threads 4 MiB"; do
		grep -qx "$t" out || { echo "missing: $t"; exit 1; }
	done &&
	test $(grep -Ec "^  elapsed \(s\) +[0-9]+\.[0-9]{3}$" out) = 10 &&
	test $(grep -Ec "^  sync \(s\) +[0-9]+\.[0-9]{3}$" out) = 9 &&
	nothing_left
'

test_expect_success 'mkfs options after the second colon reach mkfs' '
	benchpost run --suite quick --tarball "$SCRATCH/small.tar.gz" --fs "ext4::-b 1024 -O ^has_journal" -n 1 -q --no-commit \
		--scratch "$SCRATCH" --test writer --param writer.writes=16 >out 2>err &&
	grep -q "^ext4::-b 1024 -O ^has_journal: caches dropped" out &&
	grep -q "^  on /dev/loop[0-9]* on " out &&
	! test -d "$HOME/.local/share/benchpost/archive" &&
	nothing_left
'

test_expect_success 'a failing mkfs is reported and cleaned up' '
	test_expect_code 1 benchpost run --suite quick --tarball "$SCRATCH/small.tar.gz" --fs "ext4::-O nosuchfeature" -n 1 -q --no-commit \
		--scratch "$SCRATCH" --test writer 2>err &&
	grep -q "^benchpost: run: ext4::-O nosuchfeature: '"'"'mkfs.ext4'"'"' exited with status" err &&
	nothing_left
'

test_done
