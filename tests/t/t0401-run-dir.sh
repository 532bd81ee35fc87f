#!/bin/sh
# benchpost run --dir: the tests on an existing directory, no root needed.
. "$(dirname "$0")/lib.sh"

mkdir target
run_small() {
	benchpost run --suite quick --dir "$SCRATCH/target" -q --archive "$SCRATCH/arch" \
		--param dd.mib=4 --param writer.writes=64 "$@"
}

test_expect_success 'untar, rm-tree, dd and writer run twice each and are printed' '
	run_small -n 2 --test untar,rm-tree,dd,writer >out 2>err &&
	grep -Eq "^[a-z0-9]+ \(--dir\): caches (not )?dropped, on /" out &&
	grep -q "^sync timed after each step, 2 iterations, suite quick$" out &&
	grep -q "^untar ktree-quick-seed1.tar.gz$" out &&
	grep -q "^rm-tree ktree-quick-seed1.tar.gz$" out &&
	grep -q "^dd write 4 MiB$" out &&
	grep -q "^dd read 4 MiB$" out &&
	grep -q "^writer 64 x 1024 bytes$" out &&
	for m in elapsed user sys sync total; do
		test $(grep -Ec "^  $m \(s\) +[0-9]+\.[0-9]{3} +\+-[0-9]+\.[0-9]{3}$" out) -ge 4 || exit 1
	done &&
	grep -q "n=2 runs" out &&
	awk "length > 72 { exit 1 }" out &&
	benchpost log --archive "$SCRATCH/arch" >log &&
	test $(wc -l <log) = 1 &&
	benchpost log --archive "$SCRATCH/arch" --format bench >run.bench
'

test_expect_success 'nothing is left in the directory' '
	test -z "$(ls -A target)"
'

test_expect_success 'the .bench file holds every sample with the machine facts' '
	f=run.bench &&
	benchpost parse --type bench --format json "$f" >all.json &&
	grep -q "^kernel: $(uname -r)$" "$f" &&
	grep -q "^iterations: 2$" "$f" &&
	grep -q "^sync: timed$" "$f" &&
	grep -q "^backing: directory$" "$f" &&
	grep -q "^suite: quick$" "$f" &&
	grep -q "^dataset: generated (seed 1, 4000 files" "$f" &&
	grep -q "^dataset-vs-memory: " "$f" &&
	grep -q "^tar-version: tar (GNU tar)" "$f" &&
	grep -q "^df: " "$f" &&
	grep -q "^cpus: $(nproc)$" "$f" &&
	test $(grep -c "^BenchmarkUntar_ktree-quick-seed1.tar.gz 1 " "$f") = 2 &&
	grep "\"benchmark\":\"untar ktree-quick-seed1.tar.gz\",\"metric\":\"sync\"" all.json >sync.json &&
	test $(wc -l <sync.json) = 2 &&
	grep -q "\"iteration\":1," sync.json && grep -q "\"iteration\":2," sync.json &&
	# dd says kB/s, MB/s or GB/s as it likes; the samples share one unit
	grep "\"benchmark\":\"dd write 4 MiB\",\"metric\":\"throughput\"" all.json >dd.json &&
	test $(grep -c "\"unit\":\"MB/s\"" dd.json) = 2
'

test_expect_success 'untar total is its elapsed plus its sync' '
	f=run.bench &&
	test $(grep -c "^BenchmarkUntar_" "$f") = 2 &&
	grep "^BenchmarkUntar_" "$f" | while read -r name n el _ u _ s _ rest; do
		sync=$(echo "$rest" | sed -n "s/.* \([0-9.]*\) sync-sec\/op.*/\1/p") &&
		total=$(echo "$rest" | sed -n "s/.* \([0-9.]*\) total-sec\/op.*/\1/p") &&
		awk -v e="$el" -v s="$sync" -v t="$total" \
			"BEGIN { d = e + s - t; exit !(d < 0.0015 && d > -0.0015) }" || exit 1
	done
'

test_expect_success 'diff compares the monitors like any metric, with --detail' '
	benchpost run --suite quick --dir "$SCRATCH/target" -q --archive "$SCRATCH/arch-m" \
		--param dd.mib=4 -n 2 --test dd >/dev/null &&
	benchpost log --archive "$SCRATCH/arch-m" --format bench >m.bench &&
	benchpost diff --detail run.bench m.bench >diff.out &&
	sed -n "/^dd write 4 MiB$/,/^dd read/p" diff.out >ddw.out &&
	# each metric heads its row, its old and new values beside it or, for a
	# long name, on the next line
	for m in "pgpgout (KiB)" "dirty (KiB)" "writeback (KiB)" "self-cpu (s)" "sync-pgpgout (KiB)" \
		 "sync-self-cpu (s)" "load-1m"; do
		awk -v m="  $m" "\$0 == m { getline; print; exit }
			index(\$0, m \" \") == 1 { print substr(\$0, length(m) + 1); exit }" ddw.out |
			grep -Eq "^ +[0-9.]+ .* [0-9.]+ " ||
			{ echo "no $m in the diff"; cat ddw.out; exit 1; }
	done &&
	# without --detail the times and rates only
	benchpost diff run.bench m.bench >short.out &&
	grep -q "^  total (s) " short.out &&
	! grep -q "self-cpu" short.out
'

test_expect_success 'the caches line says what was done' '
	f=run.bench &&
	if [ "$(id -u)" = 0 ]; then grep -q "^caches: dropped$" "$f"
	else grep -q "^caches: not dropped$" "$f"; fi
'

test_expect_success '--tarball: an xz tarball of our own is untarred and named' '
	mkdir -p src/tree/sub && echo hello >src/tree/sub/a.c && echo x >src/tree/b.h &&
	tar -C src -cJf mine.tar.xz tree &&
	run_small -n 1 --test untar,kuntar --tarball mine.tar.xz --no-commit >out &&
	grep -q "^untar mine.tar.xz$" out &&
	grep -q "^kuntar mine.tar$" out &&
	# 2 files, a 10 KiB plain tar: sized in KiB, not "0.0 MiB"
	tr "\n" " " <out | grep -q "(--tarball), mine.tar.xz, 2 files, [0-9.]* KiB packed, 10.0 KiB unpacked\." &&
	benchpost log --archive "$SCRATCH/arch" >log &&
	test $(wc -l <log) = 1 &&
	test -z "$(ls -A target)" &&
	test -f mine.tar.xz
'

test_expect_success 'postmark, dbench and tiobench run; their own reports become metrics' '
	benchpost run --suite quick --dir "$SCRATCH/target" -q --archive "$SCRATCH/tools" \
		-n 1 --tarball mine.tar.xz --test dd,postmark,dbench,tiobench --param dd.mib=4 \
		--param postmark.numbers=50 --param postmark.transactions=50 \
		--param dbench.time=1 --param dbench.clients=1 \
		--param tiobench.threads=2 --param tiobench.mib=4 --param tiobench.random_ios=16 >out 2>err &&
	grep -q "^postmark numbers=50 transactions=50$" out &&
	grep -q "^dbench 1 clients 1 s$" out &&
	grep -q "^tiobench 2 threads 4 MiB$" out &&
	grep -Eq "^  wall-transactions-rate \(transactions/s\) +[0-9]" out &&
	! grep -q "cannot read its report" err &&
	test -z "$(ls -A target)" &&
	benchpost log --archive "$SCRATCH/tools" --format json >tools.json &&
	for m in "postmark numbers=50 transactions=50\",\"metric\":\"wall-transactions-rate" \
		 "postmark numbers=50 transactions=50\",\"metric\":\"postmark-elapsed" \
		 "dbench 1 clients 1 s\",\"metric\":\"throughput" \
		 "dd write 4 MiB\",\"metric\":\"throughput" \
		 "dd write 4 MiB\",\"metric\":\"dd-throughput" \
		 "dd read 4 MiB\",\"metric\":\"throughput"; do
		grep -qF "\"benchmark\":\"$m\"" tools.json || { echo "missing $m"; exit 1; }
	done &&
	test $(grep -c "\"metric\":\"elapsed\"" tools.json) = 5
'

test_expect_success 'dd write throughput is ours and counts the sync after it' '
	grep "\"benchmark\":\"dd write 4 MiB\"" tools.json |
		sed -n "s/.*\"metric\":\"\([a-z-]*\)\",\"value\":\([0-9.]*\),.*/\1 \2/p" >dd.txt &&
	# elapsed and sync are kept to the millisecond: the rate lies between the bounds they give
	awk "
		\$1 == \"elapsed\" { e = \$2 } \$1 == \"sync\" { s = \$2 } \$1 == \"throughput\" { t = \$2 }
		END {
			mb = 4 * 1048576 / 1e6
			lo = mb / (e + s + 0.001) - 0.05; hi = mb / (e + s - 0.001) + 0.05
			if (!(t >= lo && t <= hi)) { print \"throughput \" t \" not in \" lo \"..\" hi; exit 1 }
		}" dd.txt
'

test_expect_success 'rates from a too-coarse clock or a job under a second are flagged and explained' '
	# postmark with 50 transactions runs well under its 10 s, fio 4 MiB well under 1 s
	grep -Eq "^  transactions-rate-flagged \(transactions/s\) +[0-9]" out &&
	grep -Eq "^  randread-bw-flagged \(KiB/s\) +[0-9]" out &&
	! grep -q "^  randread-bw (" out &&
	for m in transactions-rate-flagged write-bw-flagged read-bw-flagged randwrite-bw-flagged \
		 randread-bw-flagged randread-iops-flagged; do
		grep -q "\"metric\":\"$m\"" tools.json || { echo "missing $m"; exit 1; }
	done &&
	! grep -q "\"metric\":\"transactions-rate\"" tools.json &&
	benchpost log --archive "$SCRATCH/tools" --format bench >tools.bench &&
	grep -q "^flagged: postmark numbers=50 transactions=50: transactions-rate, created-mixed-rate, deleted-mixed-rate: postmark.s clock counts whole seconds (by that clock its transactions took [01] s; 1 of 1 samples)" tools.bench &&
	grep -Eq "tiobench 2 threads 4 MiB: write-bw, write-iops, read-bw, read-iops, randwrite-bw, randwrite-iops, randread-bw, randread-iops: the fio job ran under a second \(it ran [0-9.]+-[0-9.]+ ms; 1 of 1 samples\)" tools.bench &&
	tr "\n" " " <out | grep -q "Flagged rates, kept as METRIC-flagged: transactions-rate," &&
	tr "\n" " " <out | grep -q "the fio job ran under a second\."
'

test_expect_success 'no progress line when stdout is not a terminal' '
	run_small -n 1 --tarball mine.tar.xz --test writer --no-commit >out &&
	! grep -q "fs 1/1" out &&
	! grep -q "$(printf "\r")" out
'

test_expect_success 'a relative --dir works' '
	mkdir -p rel &&
	benchpost run --suite quick --dir rel -n 1 -q --no-commit --tarball mine.tar.xz \
		--test untar,kuntar,rm-tree >out &&
	grep -q "^untar mine.tar.xz$" out &&
	test -z "$(ls -A rel)"
'

if command -v script >/dev/null; then
	test_expect_success 'one updating progress line on a terminal, none with -q' '
		script -qec "$BENCHPOST run --suite quick --dir $SCRATCH/target -n 2 \
			--tarball mine.tar.xz --test writer,cp --no-commit" /dev/null >tty 2>&1 &&
		tr "\r" "\n" <tty >lines &&
		grep -Eq "^fs 1/1 [a-z0-9]+ \(--dir\)  writer 2/2  0:[0-9]{2} in it, 0:[0-9]{2} elapsed, ~0:[0-9]{2} left" lines &&
		grep -Eq "^fs 1/1 .*  cp 1/2  " lines &&
		script -qec "$BENCHPOST run --suite quick --dir $SCRATCH/target -n 1 -q \
			--tarball mine.tar.xz --test writer --no-commit" /dev/null >tty 2>&1 &&
		! grep -q "fs 1/1" tty
	'
	# dbench runs 6 s and 3 distinct seconds are asked for: the ticker
	# must move while the step runs, and a loaded machine (CI under
	# AddressSanitizer) may start the step late or skip a tick, which a
	# 3 s run asked for 3 seconds did not survive.
	test_expect_success 'progress from the first second: the data set, then each step, every second' '
		XDG_CACHE_HOME="$SCRATCH/fresh-cache" script -qfec "$BENCHPOST run --suite quick \
			--dir $SCRATCH/target -n 1 --test dbench --param dbench.time=6 \
			--param dbench.clients=1 --no-commit" /dev/null >tty 2>&1 &&
		tr "\r" "\n" <tty | grep -v "^ *$" >lines &&
		head -1 lines | grep -q "^looking for scratch left by dead runs in " &&
		grep -Eq "^data set: generating files [0-9]+/4000  0:[0-9]{2}" lines &&
		grep -q "^data set: packing 4000 files" lines &&
		# the step line moves while dbench runs: a new second at least every second
		grep -Eo "^fs 1/1 [a-z0-9]+ \(--dir\)  dbench 1/1  0:0[0-9] in it" lines | sort -u >secs &&
		test $(wc -l <secs) -ge 3
	'
else
	test_skip 'one updating progress line on a terminal, none with -q' 'no script(1) to make a terminal'
	test_skip 'progress from the first second: the data set, then each step, every second' 'no script(1) to make a terminal'
fi

test_done
