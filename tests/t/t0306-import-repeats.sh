#!/bin/sh
# A number counts once in its thread, never across threads: a group of
# numbers equal to one of an unrelated message (another file, another
# thread of one mbox) is a measurement of its own and is kept; within a
# thread (by In-Reply-To/References, in either order, or by Subject
# without "Re:") a restatement is merged and a quote of known numbers is
# dropped.
. "$(dirname "$0")/lib.sh"

# mail ID SUBJECT KERNEL FS [HEADER]: one message timing a sync
mail() {
	printf "From a@x Mon Mar  3 10:00:00 2008\nMessage-ID: <%s@x>\nSubject: %s\n%s\n\n" "$1" "$2" "${5:-X-Note: none}"
	printf "Kernel is %s.  On %s:\n\n\$ time sync\nreal 0m0.004s\nuser 0m0.000s\nsys 0m0.000s\n\n" "$3" "$4"
}

count() {
	benchpost import --dry-run --format json "$@" >out 2>err &&
	wc -l <out
}

test_expect_success 'two unrelated files with equal numbers keep both' '
	mail a "sync on ext3" 2.6.9 ext3 | sed 1d >one.eml &&
	mail b "sync on xfs" 2.6.10 xfs | sed 1d >two.eml &&
	test $(count one.eml two.eml) = 6 &&
	test $(grep -c "\"kernel\":\"2.6.9\",.*\"fs\":\"ext3\"" out) = 3 &&
	test $(grep -c "\"kernel\":\"2.6.10\",.*\"fs\":\"xfs\"" out) = 3
'

test_expect_success 'two unrelated messages of one mbox with equal numbers keep both' '
	{ mail a "sync on ext3" 2.6.9 ext3 && mail b "sync on xfs" 2.6.10 xfs; } >two.mbox &&
	test $(count two.mbox) = 6
'

test_expect_success 'a 1,000-message mbox after an unrelated file loses nothing' '
	i=0 &&
	while [ $i -lt 1000 ]; do
		mail "k$i" "untar on 3.$i" "3.$i.0" ext4 || return 1
		i=$((i + 1))
	done >many.mbox &&
	test $(count one.eml many.mbox) = 3003 &&
	test $(grep -c "\"kernel\":\"3.999.0\",.*\"fs\":\"ext4\"" out) = 3 &&
	test $(grep -c "\"fs\":\"ext4\"" out) = 3000
'

test_expect_success 'a reply restating its thread'"'"'s numbers adds nothing' '
	{ mail a "sync on ext3" 2.6.9 ext3 &&
	  mail r "Re: sync on ext3" 2.6.9 ext3 "In-Reply-To: <a@x>"; } >thread.mbox &&
	test $(count thread.mbox) = 3
'

test_expect_success 'a thread by References alone, the reply first, and by Subject alone' '
	{ mail r "other words" 2.6.9 ext3 "References: <z@x> <a@x>" &&
	  mail a "sync on ext3" 2.6.9 ext3; } >refs.mbox &&
	test $(count refs.mbox) = 3 &&
	{ mail a "sync on  ext3" 2.6.9 ext3 &&
	  mail s "RE: Re[2]: Sync on ext3" 2.6.9 ext3; } >subj.mbox &&
	test $(count subj.mbox) = 3
'

test_expect_success 'quoted numbers of another thread are kept, as quoted' '
	mail a "sync on ext3" 2.6.9 ext3 >q.mbox &&
	printf "From q@x Mon Mar  3 10:00:00 2008\nMessage-ID: <q@x>\nSubject: elsewhere\n\n" >>q.mbox &&
	printf "Bob wrote:\n> real 0m0.004s\n> user 0m0.000s\n> sys 0m0.000s\n\nHm.\n\n" >>q.mbox &&
	test $(count q.mbox) = 6 &&
	test $(grep -c "\"quoted\":true" out) = 3 &&
	sed "s/Subject: elsewhere/Subject: Re: sync on ext3/" q.mbox >q2.mbox &&
	test $(count q2.mbox) = 3
'

test_done
