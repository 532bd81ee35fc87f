#!/bin/sh
# make install PREFIX=... DESTDIR=...: the installed binary reads the
# templates of the PREFIX it was built for and never the source tree;
# make uninstall removes exactly what install put there.
#
# The build happens in a copy of the source tree without .git (as from a
# tarball), so that its templates can be moved away without touching the
# tree under test; the copy's build directory is reused when there is one.
. "$(dirname "$0")/lib.sh"

if ! command -v make >/dev/null || ! command -v cc >/dev/null; then
	test_skip 'make install' 'make or cc is missing (scripts/deps installs them)'
	test_done
	exit
fi

SRC=$SCRATCH/src
PREFIX=$SCRATCH/prefix
DEST=$SCRATCH/dest
R=$FIXTURES/render

install_tree() {
	make -C "$SRC" -j2 install PREFIX="$1" DESTDIR="$2" >"$SCRATCH/make.log" 2>&1 ||
		{ cat "$SCRATCH/make.log"; return 1; }
}

test_expect_success 'a copy of the source tree without .git installs into DESTDIR' '
	mkdir "$SRC" &&
	(cd "$SRCDIR" && tar --exclude=./.git --exclude=./build/san --exclude=./build/fuzz \
		--exclude=./build/install -cf - .) | (cd "$SRC" && tar -xf -) &&
	test ! -e "$SRC/.git" &&
	mkdir "$DEST" &&
	install_tree "$PREFIX" "$DEST" &&
	test -x "$DEST$PREFIX/bin/benchpost" &&
	test -f "$DEST$PREFIX/share/man/man1/benchpost.1" &&
	test -f "$DEST$PREFIX/share/bash-completion/completions/benchpost" &&
	test -f "$DEST$PREFIX/share/zsh/site-functions/_benchpost" &&
	for t in "$SRC"/templates/*.md; do
		cmp "$t" "$DEST$PREFIX/share/benchpost/templates/${t##*/}" || exit 1
	done &&
	test ! -e "$PREFIX"
'

# What a package manager does with the staged tree: put it at PREFIX.
ln -s "$DEST$PREFIX" "$PREFIX"
BP=$PREFIX/bin/benchpost

test_expect_success 'the installed binary renders a report with the source templates gone' '
	mv "$SRC/templates" "$SCRATCH/templates-away" &&
	"$BENCHPOST" report --template single-run "$R/old.bench" >expect &&
	"$BP" report --template single-run "$R/old.bench" >out &&
	test_cmp expect out &&
	"$BENCHPOST" report "$R/old.bench" "$R/new.bench" >expect &&
	"$BP" report "$R/old.bench" "$R/new.bench" >out &&
	test_cmp expect out &&
	grep -q "^Method$" out
'

test_expect_success 'it reads only its own data directory, not the source tree' '
	mv "$SCRATCH/templates-away" "$SRC/templates" &&
	mv "$PREFIX/share/benchpost/templates" "$SCRATCH/installed-away" &&
	test_expect_code 1 "$BP" report --template single-run "$R/old.bench" 2>err &&
	grep -q "no template .single-run." err &&
	mv "$SCRATCH/installed-away" "$PREFIX/share/benchpost/templates"
'

test_expect_success 'no source directory is compiled into the installed binary' '
	strip -o stripped "$BP" &&
	! grep -qF "$SRC" stripped &&
	! grep -qF "$SRCDIR" stripped &&
	grep -qF "$PREFIX/share/benchpost/templates" stripped
'

test_expect_success 'BENCHPOST_TEMPLATES comes before the installed templates' '
	mkdir mine &&
	printf "# Mine\n\n{{table}}\n" >mine/single-run.md &&
	BENCHPOST_TEMPLATES="$SCRATCH/mine" "$BP" report --template single-run "$R/old.bench" >out &&
	grep -q "^Mine$" out
'

test_expect_success 'built from a tarball, --version says the commit is unknown' '
	"$BP" --version >out &&
	grep -Eq "^benchpost [0-9]+\.[0-9]+\.[0-9]+ \(commit unknown\)$" out
'

test_expect_success 'the installed man page and completions are the ones make builds' '
	man --warnings -l "$PREFIX/share/man/man1/benchpost.1" >page 2>warnings &&
	test ! -s warnings &&
	grep -q "$PREFIX/share/benchpost/templates" page &&
	cmp "$SRC/completion/benchpost.bash" "$PREFIX/share/bash-completion/completions/benchpost"
'

test_expect_success 'another PREFIX rebuilds the binary for that PREFIX' '
	install_tree /opt/elsewhere "$SCRATCH/dest2" &&
	strip -o stripped2 "$SCRATCH/dest2/opt/elsewhere/bin/benchpost" &&
	grep -qF /opt/elsewhere/share/benchpost/templates stripped2 &&
	! grep -qF "$PREFIX/share" stripped2 &&
	make -C "$SRC" uninstall PREFIX=/opt/elsewhere DESTDIR="$SCRATCH/dest2" &&
	test -z "$(ls -A "$SCRATCH/dest2")"
'

test_expect_success 'make uninstall leaves DESTDIR empty' '
	rm "$PREFIX" &&
	make -C "$SRC" uninstall PREFIX="$PREFIX" DESTDIR="$DEST" &&
	test -z "$(ls -A "$DEST")"
'

test_expect_success 'uninstall keeps what was there before install and what was added since' '
	mkdir -p "$DEST/usr/local/bin" &&
	echo mine >"$DEST/usr/local/bin/other-tool" &&
	install_tree /usr/local "$DEST" &&
	install_tree /usr/local "$DEST" &&
	echo notes >"$DEST/usr/local/share/benchpost/templates/my-own.md" &&
	make -C "$SRC" uninstall PREFIX=/usr/local DESTDIR="$DEST" 2>err &&
	grep -q "keeping .*templates.: not empty" err &&
	test "$(cat "$DEST/usr/local/bin/other-tool")" = mine &&
	test ! -e "$DEST/usr/local/bin/benchpost" &&
	test ! -e "$DEST/usr/local/share/man" &&
	test ! -e "$DEST/usr/local/share/benchpost/install-manifest" &&
	(cd "$DEST" && find . | sort) >left &&
	printf "%s\n" . ./usr ./usr/local ./usr/local/bin ./usr/local/bin/other-tool \
		./usr/local/share ./usr/local/share/benchpost \
		./usr/local/share/benchpost/templates \
		./usr/local/share/benchpost/templates/my-own.md >expect &&
	test_cmp expect left
'

test_expect_success 'uninstall without a manifest says so and removes nothing' '
	mkdir -p empty &&
	test_expect_code 2 make -s -C "$SRC" uninstall PREFIX=/opt/none DESTDIR="$SCRATCH/empty" 2>err &&
	grep -q "nothing installed under ./opt/none." err
'

test_done
