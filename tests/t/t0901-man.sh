#!/bin/sh
# benchpost(1): made by scripts/gen-man from the binary's own tables, it
# has the sections a man page has, renders without a warning, and names
# every command and option that --help does, each under its command.
. "$(dirname "$0")/lib.sh"

if ! command -v man >/dev/null || ! command -v lexgrog >/dev/null; then
	test_skip 'benchpost(1)' 'man or lexgrog is missing (Debian package man-db)'
	test_done
	exit
fi

gen_man() {
	"$SRCDIR/scripts/gen-man" "$@" "$SRCDIR/docs/benchpost.1.in" /usr/share/benchpost
}
# Wide, so that a check does not depend on where a line breaks.
render() {
	MANWIDTH=250 man -E ascii -l "$1" 2>/dev/null | col -bx
}
# Prints section $2 ("COMMANDS", ...) of rendered page $1.
section() {
	awk -v want="$2" '/^[A-Z]/ { on = ($0 == want); next } on' "$1"
}

test_expect_success 'the page is made from the binary' '
	gen_man "$BENCHPOST" >benchpost.1 &&
	render benchpost.1 >page &&
	test -s page
'

test_expect_success '.TH names the page, a date and the version of --version' '
	version=$(benchpost --version | sed -n "s/^benchpost \([^ ]*\) .*/\1/p") &&
	test -n "$version" &&
	grep -Eq "^\.TH BENCHPOST 1 \"[0-9]{4}-[0-9]{2}-[0-9]{2}\" \"benchpost $version\" \"User Commands\"$" benchpost.1
'

test_expect_success 'man --warnings and lexgrog have nothing to say against it' '
	man --warnings -E UTF-8 -l benchpost.1 >/dev/null 2>warnings &&
	test ! -s warnings &&
	lexgrog benchpost.1 >whatis &&
	grep -q "\"benchpost - run, keep, compare and post file-system benchmarks\"$" whatis
'

test_expect_success 'the sections, in the usual order' '
	grep -E "^[A-Z][A-Z ]+$" page >sections &&
	printf "%s\n" NAME SYNOPSIS DESCRIPTION OPTIONS COMMANDS "EXIT STATUS" ENVIRONMENT \
		FILES EXAMPLES "SEE ALSO" >expect &&
	test_cmp expect sections
'

test_expect_success 'every command of --help has its subsection, in the same order' '
	benchpost --help | sed -n "s/^   \([a-z][a-z-]*\) .*/\1/p" >commands &&
	test $(wc -l <commands) -ge 10 &&
	section page COMMANDS | sed -n "s/^   benchpost \([a-z-]*\)$/\1/p" >subsections &&
	test_cmp commands subsections
'

test_expect_success 'every option of a command'\''s --help is in its subsection' '
	section page COMMANDS >commands-text &&
	while read -r cmd; do
		awk -v want="   benchpost $cmd" "/^   benchpost / { on = (\$0 == want); next } on" \
			commands-text >sub &&
		test -s sub || { echo "no subsection for $cmd"; exit 1; }
		benchpost "$cmd" --help >help &&
		grep -Eo "^    (-[A-Za-z0-9], )?--?[A-Za-z0-9][-A-Za-z0-9]*" help |
			sed "s/^ *//; s/, / /" | tr " " "\n" >options &&
		test -s options &&
		while read -r opt; do
			case $opt in -h | --help) continue ;; esac
			grep -Eq -- "(^|[ ,])$opt( |,|$)" sub ||
				{ echo "$cmd: $opt is not in the page"; exit 1; }
		done <options
	done <commands &&
	section page COMMANDS | grep -q "Every command takes -h and --help"
'

test_expect_success 'every choice of an option is shown' '
	benchpost run --help | grep -q "quick|standard" &&
	grep -q "^       --suite quick|standard$" page &&
	grep -q "^       -f, --format text|email|html$" page
'

test_expect_success 'ENVIRONMENT names every variable the program reads' '
	section page ENVIRONMENT >env &&
	grep -rhoE "getenv\(\"[A-Z_]+\"\)" "$SRCDIR"/core "$SRCDIR"/archive "$SRCDIR"/render \
		"$SRCDIR"/collect "$SRCDIR"/cmd "$SRCDIR"/import "$SRCDIR"/mail "$SRCDIR"/parse |
		sed "s/getenv(\"\(.*\)\")/\1/" | sort -u >vars &&
	test $(wc -l <vars) -ge 8 &&
	while read -r v; do
		case $v in BENCHPOST_TEST_* | GIT_EXEC_PATH | HOME) continue ;; esac
		grep -qw "$v" env || { echo "$v is not in ENVIRONMENT"; exit 1; }
	done <vars
'

test_expect_success 'FILES: the archive, its cache and the templates' '
	section page FILES >files &&
	grep -q "^       ~/.local/share/benchpost/archive/$" files &&
	grep -q "^       ARCHIVE/runs/KERNEL/HARDWARE/TIME-FS-SUITE.bench$" files &&
	grep -q "^       ARCHIVE/.git/benchpost/$" files &&
	grep -q "^       /usr/share/benchpost/templates/$" files &&
	for t in $(benchpost --list-values template); do
		grep -q "$t" files || exit 1
	done
'

test_expect_success 'EXAMPLES: the five workflows, with options their commands have' '
	section page EXAMPLES | awk "/\\\\\$/ { sub(/\\\\\$/, \"\"); printf \"%s\", \$0; next } 1" >examples &&
	grep -q "benchpost run --suite quick --fs ext2,ext3,ext4 -n 5" examples &&
	grep -q "benchpost diff 6.1.0-28-amd64 6.12.0-rc3" examples &&
	grep -q "benchpost run --fs ext3,ext3:data=writeback" examples &&
	grep -q "benchpost import .*thread.mbox" examples &&
	grep -q "benchpost report --format email .*--in-reply-to" examples &&
	grep -E "^ +benchpost [a-z]+ " examples | sed "s/\$([^)]*)/X/g" >lines &&
	while read -r _ cmd rest; do
		benchpost "$cmd" --help >help || exit 1
		for opt in $(printf "%s\n" "$rest" | grep -Eo -- "(^| )--?[a-z][-a-z]*"); do
			grep -q -- "$opt[ ,]" help || { echo "$cmd has no $opt"; exit 1; }
		done
	done <lines
'

# A stand-in binary with a command the real one does not have: the page
# follows the tables, whatever they hold.
cat >fakebp <<EOF
#!/bin/sh
case "\$1 \$2" in
"--version ") echo "benchpost 9.8.7 (commit unknown)" ;;
"--list-commands ") printf "run\tthe real run\nfrob\tfrob the archive\n" ;;
"run --list-options") "$BENCHPOST" run --list-options ;;
"frob --list-options")
	printf "usage\tbenchpost frob [--wibble N] .dotted\n"
	printf "option\t-w\twibble\tint\tN\t.dotted help with a \\\\\\\\ backslash\n" ;;
"--list-values template") echo single-run ;;
*) exit 1 ;;
esac
EOF
chmod +x fakebp

test_expect_success 'a command added to the table appears with its options' '
	gen_man ./fakebp >fake.1 &&
	man --warnings -E UTF-8 -l fake.1 >/dev/null 2>warnings &&
	test ! -s warnings &&
	render fake.1 >fake &&
	grep -q "^   benchpost frob$" fake &&
	grep -q "^       Frob the archive.$" fake &&
	grep -q "^       -w, --wibble N$" fake &&
	grep -qF ".dotted help with a \\ backslash" fake &&
	grep -q "benchpost 9.8.7" fake
'

test_expect_success 'a command that does not answer --list-options stops the page' '
	sed "s/^\"frob --list-options\")/\"frob --nothing\")/" fakebp >brokenbp &&
	chmod +x brokenbp &&
	test_expect_code 1 gen_man ./brokenbp >broken.1 2>err &&
	grep -q "frob --list-options. failed" err
'

test_done
