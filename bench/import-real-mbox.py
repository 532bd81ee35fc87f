#!/usr/bin/env python3
"""Writes an mbox of real list mail, at least MB megabytes (argv[1],
default 32), to stdout: the messages of the corpus directory argv[2]
(default ../shared/corpus/lists beside the project), each file one
message, repeated in name order until the size is reached.  The input of
bench/import-speed's real-mail figure: the synthetic mbox
(import-mbox.py) holds the forms the importer was built for, this one
what people really posted.  Nothing of it goes into the project.

Each message gets an envelope line; body lines starting with "From "
(any number of '>' before it) get one more '>', as mboxrd writes them."""
import os
import re
import sys

here = os.path.dirname(os.path.abspath(__file__))
mb = int(sys.argv[1]) if len(sys.argv) > 1 else 32
corpus = sys.argv[2] if len(sys.argv) > 2 else os.path.join(here, "..", "..", "shared", "corpus", "lists")
files = sorted(f for f in os.listdir(corpus) if f.endswith(".txt"))
if not files:
    sys.exit("import-real-mbox: no .txt messages in %s" % corpus)
messages = []
for name in files:
    with open(os.path.join(corpus, name), "rb") as f:
        text = f.read()
    text = re.sub(rb"(?m)^(>*From )", rb">\1", text)
    if not text.endswith(b"\n"):
        text += b"\n"
    messages.append(b"From benchpost@example.invalid Mon Jan  1 00:00:00 2001\n" + text + b"\n")

out = sys.stdout.buffer
written = 0
while written < mb * 1000 * 1000:
    for m in messages:
        out.write(m)
        written += len(m)
