#!/bin/sh
# debian/ agrees with the rest of the tree: Build-Depends are what
# scripts/deps installs to build, the package version is the program's,
# and the packaged file list is the one make install writes.  Building,
# lintian, installing and purging the .deb is scripts/deb-test, which CI
# runs as root (.ci/run).
. "$(dirname "$0")/lib.sh"

D=$SRCDIR/debian

test_expect_success 'Build-Depends: debhelper-compat 13 and what scripts/deps installs to build' '
	sed -n "/^Build-Depends:/,/^[A-Z]/p" "$D/control" | sed "\$d; s/^Build-Depends://" |
		tr "," "\n" | sed "s/^ *//; s/ *$//; /^$/d" | sort >build-depends &&
	grep -qx "debhelper-compat (= 13)" build-depends &&
	grep -v "^debhelper-compat" build-depends >listed &&
	sed -n "/^BUILD_PACKAGES=\"/,/^\"/p" "$SRCDIR/scripts/deps" | sed "1d; \$d" |
		tr " " "\n" | grep -v "^build-essential$" | sed "/^$/d" | sort >expect &&
	test -s expect &&
	test_cmp expect listed
'

test_expect_success 'the changelog names the version benchpost --version says' '
	version=$(benchpost --version | sed -n "s/^benchpost \([^ ]*\) .*/\1/p") &&
	head -1 "$D/changelog" >first &&
	grep -q "^benchpost ($version) unstable; urgency=" first &&
	grep -qx "3.0 (native)" "$D/source/format"
'

test_expect_success 'debian/rules builds and installs for /usr, without a manifest' '
	test -x "$D/rules" &&
	grep -q "dh_auto_build -- PREFIX=/usr" "$D/rules" &&
	grep -q "dh_auto_install -- PREFIX=/usr INSTALL_MANIFEST=" "$D/rules"
'

if command -v dpkg-parsechangelog >/dev/null; then
	test_expect_success 'dpkg-parsechangelog reads the changelog' '
		(cd "$SRCDIR" && dpkg-parsechangelog -S Version) >v &&
		test "$(cat v)" = "$(benchpost --version | sed -n "s/^benchpost \([^ ]*\) .*/\1/p")"
	'
else
	test_skip 'dpkg-parsechangelog' 'dpkg-dev is not installed'
fi

test_done
