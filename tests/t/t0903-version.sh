#!/bin/sh
# benchpost --version: the version and the commit the binary was built
# from; "unknown" where there is no repository of the source tree's own.
. "$(dirname "$0")/lib.sh"

BUILD_INFO=$SRCDIR/scripts/build-info

test_expect_success '--version: the version and a commit' '
	benchpost --version >out &&
	test $(wc -l <out) = 1 &&
	grep -Eq "^benchpost [0-9]+\.[0-9]+\.[0-9]+ \(commit ([0-9a-f]{12}(-dirty)?|unknown)\)$" out
'

if command -v git >/dev/null && git -C "$SRCDIR" rev-parse --verify -q HEAD >/dev/null 2>&1 &&
	[ "$(cd "$(git -C "$SRCDIR" rev-parse --show-toplevel)" && pwd -P)" = "$(cd "$SRCDIR" && pwd -P)" ]; then
	test_expect_success 'built in a checkout, it names that checkout'\''s commit' '
		head=$(git -C "$SRCDIR" rev-parse --short=12 HEAD) &&
		grep -Eq "\(commit $head(-dirty)?\)$" out
	'
else
	test_skip 'the commit of the checkout' 'the source tree is not a git checkout'
fi

test_expect_success 'the version is the one the Debian package has' '
	version=$(sed -n "s/^benchpost \([^ ]*\) .*/\1/p" out) &&
	head -1 "$SRCDIR/debian/changelog" | grep -q "^benchpost ($version) "
'

test_expect_success 'build-info: a tree without .git says unknown' '
	mkdir -p tarball/scripts &&
	cp "$BUILD_INFO" tarball/scripts/ &&
	tarball/scripts/build-info info.h /usr/share/benchpost/templates &&
	printf "%s\n" "#define BP_BUILD_COMMIT \"unknown\"" \
		"#define BP_TEMPLATE_DIR \"/usr/share/benchpost/templates\"" >expect &&
	test_cmp expect info.h
'

if command -v git >/dev/null; then
	test_expect_success 'build-info: a tarball unpacked inside another checkout says unknown' '
		git init -q outer &&
		git -C outer -c user.name=t -c user.email=t@example.org commit -q --allow-empty -m x &&
		mkdir -p outer/benchpost-0.1.0/scripts &&
		cp "$BUILD_INFO" outer/benchpost-0.1.0/scripts/ &&
		outer/benchpost-0.1.0/scripts/build-info info.h /d &&
		grep -q "BP_BUILD_COMMIT \"unknown\"" info.h
	'

	test_expect_success 'build-info: a checkout, clean and then changed' '
		git init -q repo &&
		mkdir repo/scripts &&
		cp "$BUILD_INFO" repo/scripts/ &&
		git -C repo add scripts &&
		git -C repo -c user.name=t -c user.email=t@example.org commit -q -m x &&
		head=$(git -C repo rev-parse --short=12 HEAD) &&
		repo/scripts/build-info info.h /d &&
		grep -q "BP_BUILD_COMMIT \"$head\"" info.h &&
		echo "# changed" >>repo/scripts/build-info &&
		repo/scripts/build-info info.h /d &&
		grep -q "BP_BUILD_COMMIT \"$head-dirty\"" info.h
	'
else
	test_skip 'build-info in a checkout' 'git is missing'
fi

test_expect_success 'build-info: a packager'\''s commit wins; odd paths are C-escaped' '
	tarball/scripts/build-info info.h "/a \"b\" \\c" 0123abcd &&
	grep -qF "#define BP_BUILD_COMMIT \"0123abcd\"" info.h &&
	grep -qF "#define BP_TEMPLATE_DIR \"/a \\\"b\\\" \\\\c\"" info.h
'

test_expect_success 'build-info: an unchanged header is not rewritten' '
	tarball/scripts/build-info same.h /d &&
	touch -d "2001-01-01" same.h &&
	tarball/scripts/build-info same.h /d &&
	test "$(date -r same.h +%Y)" = 2001 &&
	tarball/scripts/build-info same.h /e &&
	test "$(date -r same.h +%Y)" != 2001
'

test_done
