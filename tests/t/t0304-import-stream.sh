#!/bin/sh
# import reads a file through a mapping and a pipe in chunks, a message at
# a time: both must give the records, line numbers included, that the
# messages hold, however the messages fall across pages and chunks.
. "$(dirname "$0")/lib.sh"

# message N: a time block, after $2 lines of filler prose
message() {
	printf 'From tester@example.org Mon Jan  1 00:00:00 2001\n'
	printf 'From: Tester <tester@example.org>\nSubject: run %s\nMessage-ID: <run%s@example.org>\n\n' "$1" "$1"
	printf 'Kernel is 2.6.%s, the disk is ext3.\n\n' "$1"
	i=0
	while [ $i -lt "$2" ]; do
		echo "filler prose line $i that says nothing about any number worth keeping at all"
		i=$((i + 1))
	done
	[ -z "$3" ] || printf '>From the escaped envelope of an older mail\n'
	printf '\nreal\t0m%s.500s\nuser\t0m0.200s\nsys\t0m0.100s\n\n' "$1"
}

test_expect_success 'an mbox whose messages span pages and pipe chunks' '
	{ message 1 3 && message 2 4000 && message 3 10 x && message 4 2000; } >runs.mbox &&
	test $(wc -c <runs.mbox) -gt 200000
'

test_expect_success 'a mapped file gives each time on the line it stands' '
	benchpost import --dry-run --format json runs.mbox >file.json &&
	test $(grep -c "\"metric\":\"elapsed\"" file.json) = 4 &&
	grep -n "^real" runs.mbox | cut -d: -f1 >want &&
	sed -n "s/.*\"metric\":\"elapsed\".*\"line\":\([0-9]*\)}/\1/p" file.json >got &&
	test_cmp want got &&
	grep "\"value\":3.500," file.json | grep -q "\"kernel\":\"2.6.3\""
'

test_expect_success 'stdin, read in chunks, gives the same records' '
	cat runs.mbox | benchpost import --dry-run --format json - >pipe.json &&
	sed "s/\"source\":\"[^\"]*\"//" file.json >a &&
	sed "s/\"source\":\"[^\"]*\"//" pipe.json >b &&
	test_cmp a b &&
	benchpost import --dry-run --format json - <runs.mbox >redirect.json &&
	test_cmp file.json redirect.json
'

test_expect_success 'a ">From " line is the message'"'"'s own text, in a file and a pipe' '
	{ message 1 3 &&
	  printf "From x Mon Jan  1 00:00:00 2001\nSubject: esc\n\n>From kernel 2.6.66 on it is faster.\n\nreal\t0m6.500s\nuser\t0m0.200s\nsys\t0m0.100s\n\n"; } >esc.mbox &&
	benchpost import --dry-run --format json esc.mbox >esc.json &&
	grep "\"value\":6.500," esc.json | grep -q "\"kernel\":\"2.6.66\"" &&
	benchpost import --dry-run --format json - <esc.mbox >esc-pipe.json &&
	grep "\"value\":6.500," esc-pipe.json | grep -q "\"kernel\":\"2.6.66\""
'

test_expect_success 'a file of exactly two pages ending inside a header is read to its end only' '
	{ message 5 3 && printf "From x Mon Jan  1 00:00:00 2001\nSubject: cut\n  "; } >cut.mbox &&
	size=$(wc -c <cut.mbox) &&
	printf "%*s" $((8192 - size)) "" >>cut.mbox &&
	test $(wc -c <cut.mbox) = 8192 &&
	benchpost import --dry-run --format json cut.mbox >cut.json 2>cut.err &&
	grep -q "\"value\":5.500," cut.json
'

test_done
