#!/bin/sh
# Text from outside is inert where it is shown and stored: terminal escapes
# from a hostile mail of our own (tests/fixtures/archive/make-hostile-mail.py)
# never reach stdout or stderr of import --dry-run, parse, log and show, nor
# the stored .bench files; header-sized values are cut with a mark.
. "$(dirname "$0")/archive-lib.sh"

# Fails naming the file when it holds a C0 control other than tab and
# newline, DEL, a C1 control (U+0080..U+009F) or bytes that are not UTF-8.
inert() {
	python3 - "$@" <<-'PY'
	import sys
	for name in sys.argv[1:]:
	    data = open(name, "rb").read()
	    for i, b in enumerate(data):
	        if (b < 0x20 and b not in (9, 10)) or b == 0x7F:
	            sys.exit("%s: control byte %#x at %d" % (name, b, i))
	    try:
	        text = data.decode("utf-8")
	    except UnicodeDecodeError as e:
	        sys.exit("%s: not UTF-8: %s" % (name, e))
	    for ch in text:
	        if 0x80 <= ord(ch) <= 0x9F:
	            sys.exit("%s: C1 control U+%04X" % (name, ord(ch)))
	PY
}

python3 "$ARCHIVE_FIXTURES/make-hostile-mail.py" hostile.eml

test_expect_success 'the fixture does carry the escapes' '
	! inert hostile.eml 2>/dev/null &&
	grep -q "$(printf "\033")\[2J" hostile.eml
'

test_expect_success 'import --dry-run: inert as bench and as json, the escapes spelled out' '
	benchpost import --dry-run hostile.eml >out 2>err &&
	inert out err &&
	grep -q "^source: email <bench\\\\x9b31m\\\\x1b\[2J\\\\x1b\]52;c;" out &&
	grep -q "^cpu: Pentium\\\\xc2\\\\x9b31m\\\\x1b" out &&
	benchpost import --dry-run --format json hostile.eml >out.json 2>err &&
	inert out.json err &&
	python3 -c "
import json
rows = [json.loads(l) for l in open(\"out.json\")]
assert len(rows) == 3, rows
# JSON keeps the text whole: the escape is only in its spelling
assert all(\"\x1b[2J\" in r[\"source\"] and \"\x1b]0;pwned\x07\" in r[\"benchmark\"] for r in rows)
"
'

test_expect_success 'parse: inert' '
	benchpost parse hostile.eml >out 2>err &&
	grep -q "^BenchmarkTar" out &&
	inert out err &&
	# a terminal escape is read as the screen showed it (parse_terminal.c)...
	printf "Filesystem 1K-blocks Used Available Use%% Mounted on\n/dev/sd\033]0;x\007a1 1000 200 800 20%% /mnt\n" >df.txt &&
	benchpost parse --type df df.txt >out 2>err &&
	grep -qx "device: /dev/sda1" out &&
	inert out err &&
	# ...and a control byte no terminal acts on is kept, spelled out
	printf "Filesystem 1K-blocks Used Available Use%% Mounted on\n/dev/sd\001\177a1 1000 200 800 20%% /mnt\n" >df.txt &&
	benchpost parse --type df df.txt >out 2>err &&
	grep -qx "device: /dev/sd\\\\x01\\\\x7fa1" out &&
	inert out err &&
	benchpost parse --format json hostile.eml >out 2>err &&
	inert out err
'

test_expect_success 'the stored file is inert and no line of it is a 10 kB header' '
	benchpost import --archive arch hostile.eml >paths 2>err &&
	inert paths err &&
	test $(wc -l <paths) = 1 &&
	git_in arch show "HEAD:$(cat paths)" >stored &&
	inert stored &&
	grep -q "^source: email <bench\\\\x9b31m\\\\x1b\[2J" stored &&
	grep -q "yyyy \[\.\.\. [0-9]* bytes cut\]$" stored &&
	awk "length > 1100 { bad = 1 } END { exit bad }" stored
'

test_expect_success 'log and show in every format: inert' '
	for f in text bench json; do
		benchpost log --archive arch --format $f >out 2>err &&
		inert out err &&
		test -s out &&
		benchpost show --archive arch --format $f "$(cat paths)" >out 2>err &&
		inert out err &&
		test -s out || return 1
	done &&
	benchpost show --archive arch "$(cat paths)" >out &&
	grep -q "^hardware  pentium-31m-0$" out
'

test_expect_success 'a long value is cut on storage and folded by show' '
	words=$(seq 400 | sed "s/^/w/" | tr "\n" " ") &&
	printf "kernel: 6.2.0\nhardware: box\nfs: xfs %s\nBenchmarkUntar 1 1.00 sec/op\n" "$words" >long.bench &&
	bp_commit --archive arch --when 1500000000 long.bench >saved &&
	git_in arch show "HEAD:$(cat saved)" >stored &&
	grep -q "^fs: xfs w1 w2 .* \[\.\.\. [0-9]* bytes cut\]$" stored &&
	benchpost show --archive arch "$(cat saved)" >out &&
	sed -n "/^fs /,/^suite /p" out >fsrow &&
	test $(wc -l <fsrow) -gt 10 &&
	awk "length > 78 { bad = 1 } END { exit bad }" fsrow &&
	sed -n 2p fsrow | grep -q "^          w[0-9]"
'

test_expect_success 'machine details are stored inert too' '
	printf "disk: ST340016A\033]0;x\007\tmodel\n" >details &&
	bp_commit --archive arch --details details --when 1600000000 long.bench >/dev/null &&
	git_in arch show HEAD:hardware/box.txt >stored &&
	inert stored &&
	printf "disk: ST340016A\\\\x1b]0;x\\\\x07\tmodel\n" >want &&
	test_cmp want stored
'

test_expect_success 'an error quoting hostile text is inert' '
	bad=$(printf "x\033[2J.bench") &&
	test_expect_code 1 benchpost parse "$bad" >out 2>err &&
	grep -q "x\\\\x1b\[2J.bench" err &&
	inert out err
'

test_done
