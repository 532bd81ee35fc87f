#!/bin/sh
# The generated data set is built once per generator version and seed,
# kept in $XDG_CACHE_HOME/benchpost (else ~/.cache/benchpost), checked by
# sha256 at each use and built again when it fails.
. "$(dirname "$0")/lib.sh"

entry="$HOME/.cache/benchpost/datasets/ktree-quick-seed1-gen1"
mkdir target

run_kuntar() {
	benchpost run --suite quick --dir "$SCRATCH/target" -n 1 -q --no-commit --test kuntar "$@"
}

# The MANIFEST's sums against sha256sum's own, file by file.
manifest_matches() {
	sed -n "s/^sha256 \([0-9a-f]*\) \(.*\)$/\1  \2/p" "$1/MANIFEST" >sums &&
	test $(wc -l <sums) = 2 &&
	(cd "$1" && sha256sum -c --quiet "$SCRATCH/sums")
}

test_expect_success 'the first run builds the data set into the cache' '
	run_kuntar >out 2>err &&
	test -f "$entry/ktree-quick-seed1.tar.gz" &&
	test -f "$entry/ktree-quick-seed1.tar" &&
	grep -q "^benchpost-dataset 1$" "$entry/MANIFEST" &&
	grep -q "^origin generated (seed 1, 4000 files, [0-9]* directories, depth [0-9], generator 1)$" "$entry/MANIFEST" &&
	grep -q "^files 4000$" "$entry/MANIFEST" &&
	manifest_matches "$entry" &&
	# the tar holds what the MANIFEST says
	test $(tar -tf "$entry/ktree-quick-seed1.tar" | grep -vc "/$") = 4000 &&
	test -z "$(ls -A target)" &&
	ls -i "$entry/ktree-quick-seed1.tar" "$entry/ktree-quick-seed1.tar.gz" >inodes &&
	sha256sum "$entry/ktree-quick-seed1.tar.gz" >first.sum
'

test_expect_success 'the next run uses it as it is and says where it came from' '
	benchpost run --suite quick --dir "$SCRATCH/target" -n 1 -q --archive "$SCRATCH/arch" \
		--test kuntar >out 2>err &&
	ls -i "$entry/ktree-quick-seed1.tar" "$entry/ktree-quick-seed1.tar.gz" >inodes2 &&
	test_cmp inodes inodes2 &&
	! grep -q "building it again" err &&
	benchpost log --archive "$SCRATCH/arch" --format bench >run.bench &&
	grep -q "^dataset-cache: $entry$" run.bench &&
	grep -q "^dataset-files: 4000$" run.bench
'

test_expect_success 'a damaged cached file is found by its checksum and built again, the same' '
	echo x >>"$entry/ktree-quick-seed1.tar" &&
	run_kuntar >out 2>err &&
	grep -q "^benchpost: warning: cached data set '"'"'$entry'"'"': '"'"'ktree-quick-seed1.tar'"'"' does not match its sha256; building it again$" err &&
	manifest_matches "$entry" &&
	# generated from its seed: the same bytes as the first time
	sha256sum -c --quiet first.sum
'

test_expect_success 'XDG_CACHE_HOME moves the cache; the same seed gives the same bytes' '
	XDG_CACHE_HOME="$SCRATCH/xdg" run_kuntar >out 2>err &&
	other="$SCRATCH/xdg/benchpost/datasets/ktree-quick-seed1-gen1" &&
	manifest_matches "$other" &&
	cmp "$entry/ktree-quick-seed1.tar.gz" "$other/ktree-quick-seed1.tar.gz"
'

test_expect_success 'a build a killed run left half way is swept; a live one is not' '
	ds="$HOME/.cache/benchpost/datasets" &&
	mkdir "$ds/.build-ktree-quick-seed1-gen1-dead01" "$ds/.build-ktree-quick-seed1-gen1-live01" &&
	: >"$ds/.build-ktree-quick-seed1-gen1-dead01/half.tar" &&
	printf "benchpost-scratch 1\npid 2147483646\nstart 5\nboot %s\npidns %s\n" \
		"$(cat /proc/sys/kernel/random/boot_id)" "$(stat -L -c %i /proc/self/ns/pid)" \
		>"$ds/.build-ktree-quick-seed1-gen1-dead01/owner" &&
	# ours, and alive: this shell
	printf "benchpost-scratch 1\npid %s\nstart %s\nboot %s\npidns %s\n" $$ \
		"$(cut -d")" -f2 /proc/$$/stat | cut -d" " -f21)" \
		"$(cat /proc/sys/kernel/random/boot_id)" "$(stat -L -c %i /proc/self/ns/pid)" \
		>"$ds/.build-ktree-quick-seed1-gen1-live01/owner" &&
	run_kuntar >out 2>err &&
	grep -q "^benchpost: warning: cleaned up '"'"'$ds/.build-ktree-quick-seed1-gen1-dead01'"'"' of a run that died (pid 2147483646)" err &&
	! test -e "$ds/.build-ktree-quick-seed1-gen1-dead01" &&
	test -f "$ds/.build-ktree-quick-seed1-gen1-live01/owner" &&
	rm -r "$ds/.build-ktree-quick-seed1-gen1-live01"
'

test_expect_success 'a cache that cannot be written: a warning, and the run goes on without it' '
	: >notadir &&
	XDG_CACHE_HOME="$SCRATCH/notadir" run_kuntar >out 2>err &&
	grep -q "^benchpost: warning: cannot create '"'"'$SCRATCH/notadir/benchpost'"'"': Not a directory; building the data set for this run only$" err &&
	grep -q "^kuntar ktree-quick-seed1.tar$" out &&
	test -z "$(ls -A target)"
'

test_done
