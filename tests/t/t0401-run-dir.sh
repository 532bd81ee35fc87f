#!/bin/sh
# benchpost run --dir: the tests on an existing directory, no root needed.
. "$(dirname "$0")/lib.sh"

mkdir target
run_small() {
	benchpost run --suite quick --dir "$SCRATCH/target" -q \
		--param dd.mib=4 --param writer.writes=64 "$@"
}

test_expect_success 'untar, rm-tree, dd and writer run twice each and are printed' '
	run_small -n 2 --test untar,rm-tree,dd,writer >out 2>err &&
	grep -q "^test (seconds) *n *elapsed" out &&
	grep -Eq "^untar ktree-quick-seed1.tar.gz *$" out &&
	grep -Eq "^ +2 +[0-9]+\.[0-9]{2} +[0-9]+% +[0-9.]+ +[0-9.]+ +[0-9.]+ +[0-9.]+$" out &&
	grep -Eq "^dd write 4 MiB +2 " out &&
	grep -Eq "^dd read 4 MiB +2 " out &&
	grep -Eq "^writer 64 x 1024 bytes +2 " out &&
	test $(ls *.bench | wc -l) = 1
'

test_expect_success 'nothing is left in the directory' '
	test -z "$(ls -A target)"
'

test_expect_success 'the .bench file holds every sample with the machine facts' '
	f=$(ls *.bench) &&
	benchpost parse --type bench --format json "$f" >all.json &&
	grep -q "^kernel: $(uname -r)$" "$f" &&
	grep -q "^iterations: 2$" "$f" &&
	grep -q "^sync: timed$" "$f" &&
	grep -q "^backing: directory$" "$f" &&
	grep -q "^suite: quick$" "$f" &&
	grep -q "^dataset: generated (seed 1, 1500 files" "$f" &&
	grep -q "^dataset-vs-memory: " "$f" &&
	grep -q "^tar-version: tar (GNU tar)" "$f" &&
	grep -q "^df: " "$f" &&
	grep -q "^cpus: $(nproc)$" "$f" &&
	test $(grep -c "^BenchmarkUntar_ktree-quick-seed1.tar.gz 1 " "$f") = 2 &&
	grep "\"benchmark\":\"untar ktree-quick-seed1.tar.gz\",\"metric\":\"sync\"" all.json >sync.json &&
	test $(wc -l <sync.json) = 2 &&
	grep -q "\"iteration\":1," sync.json && grep -q "\"iteration\":2," sync.json
'

test_expect_success 'untar total is its elapsed plus its sync' '
	f=$(ls *.bench) &&
	grep "^BenchmarkUntar_" "$f" | while read -r name n el _ u _ s _ rest; do
		sync=$(echo "$rest" | sed -n "s/.* \([0-9.]*\) sync-sec\/op.*/\1/p") &&
		total=$(echo "$rest" | sed -n "s/.* \([0-9.]*\) total-sec\/op.*/\1/p") &&
		awk -v e="$el" -v s="$sync" -v t="$total" \
			"BEGIN { d = e + s - t; exit !(d < 0.0015 && d > -0.0015) }" || exit 1
	done
'

test_expect_success 'the caches line says what was done' '
	f=$(ls *.bench) &&
	if [ "$(id -u)" = 0 ]; then grep -q "^caches: dropped$" "$f"
	else grep -q "^caches: not dropped$" "$f"; fi
'

test_expect_success '--tarball: an xz tarball of our own is untarred and named' '
	rm -f *.bench &&
	mkdir -p src/tree/sub && echo hello >src/tree/sub/a.c && echo x >src/tree/b.h &&
	tar -C src -cJf mine.tar.xz tree &&
	run_small -n 1 --test untar,kuntar --tarball mine.tar.xz --no-commit >out &&
	grep -q "^untar mine.tar.xz " out &&
	grep -q "^kuntar mine.tar " out &&
	test -z "$(ls *.bench 2>/dev/null)" &&
	test -z "$(ls -A target)" &&
	test -f mine.tar.xz
'

test_expect_success 'postmark, dbench and tiobench run with small settings' '
	run_small -n 1 --test postmark,dbench,tiobench --no-commit \
		--param postmark.numbers=50 --param postmark.transactions=50 \
		--param dbench.time=1 --param dbench.clients=1 \
		--param tiobench.threads=2 --param tiobench.mib=4 --param tiobench.random_ios=16 >out &&
	grep -q "^postmark numbers=50 transactions=50$" out &&
	grep -q "^dbench 1 clients 1 s " out &&
	grep -q "^tiobench 2 threads 4 MiB" out &&
	test -z "$(ls -A target)"
'

test_expect_success 'no progress line when stdout is not a terminal' '
	run_small -n 1 --test writer --no-commit >out &&
	! grep -q "elapsed," out &&
	! grep -q "$(printf "\r")" out
'

test_done
