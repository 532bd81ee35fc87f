# Helpers of the render tests (t05NN), sourced after lib.sh.

# Every line of a post: ASCII, no tab, at most 72 columns.
postable() {
	! LC_ALL=C grep -n "$(printf '\t')" "$1" &&
	! LC_ALL=C grep -n '[^ -~]' "$1" &&
	awk 'length > 72 { print FILENAME ":" NR ": " length " columns"; bad = 1 } END { exit bad }' "$1"
}

# A post ready to send: a strict RFC 5322 parse, ASCII headers within 78
# columns, a body that is postable, and at most $2 lines in all.
report_email_checks() {
	python3 - "$1" "$2" <<-\EOF
	import email, email.policy, sys
	raw = open(sys.argv[1], "rb").read()
	lines = raw.split(b"\n")
	if lines and lines[-1] == b"":
	    lines.pop()
	assert len(lines) <= int(sys.argv[2]), "%d lines" % len(lines)
	m = email.message_from_bytes(raw, policy=email.policy.strict)
	assert m["From"] and m["Subject"] and m["Date"] and m["Message-ID"], dict(m)
	head, body = raw.split(b"\n\n", 1)
	for line in head.split(b"\n"):
	    assert len(line) <= 78 and all(b < 128 for b in line), line
	assert m.get_content_type() == "text/plain"
	text = m.get_content()
	for n, line in enumerate(text.split("\n")):
	    assert len(line) <= 72, (n, line)
	    assert "\t" not in line, (n, line)
	    assert all(32 <= ord(c) < 127 for c in line), (n, line)
	EOF
}
