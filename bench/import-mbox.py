#!/usr/bin/env python3
"""Writes a deterministic mbox of varied benchmark mail, at least MB
megabytes (argv[1], default 128), to stdout: the input of
bench/import-speed (and of tests/t/t0801-disk-full.sh).  Every message
carries numbers.  Same seed, same bytes, on every machine."""
import base64
import quopri
import random
import sys

KERNELS = ["2.4.7", "2.4.15-pre4", "2.5.44-mm3", "2.5.44-ac2", "2.6.16-rc5-mm3",
           "2.6.25-rc3", "3.2.0", "4.19.0-6-amd64", "6.1.0-28-amd64"]
FS = ["ext2", "ext3", "ext4", "xfs", "jfs", "reiserfs", "btrfs"]
MODES = ["", " data=ordered", " data=writeback", " data=journal"]
PROSE = ("The numbers below are from the first of four runs. There was some "
         "variation between runs, but not as much as between kernel versions. "
         "Caches were dropped before each run and the partition was remounted. ").split()


def t(rng):
    return rng.uniform(0.01, 90.0)


def bash_block(rng, label=""):
    r, u, s = t(rng), t(rng) / 3, t(rng) / 4
    return "real\t%dm%.3fs\nuser\t%dm%.3fs%s\nsys\t%dm%.3fs\n" % (
        r // 60, r % 60, u // 60, u % 60, label, s // 60, s % 60)


def gnu_line(rng):
    return ("%.2fuser %.2fsystem %d:%05.2felapsed %d%%CPU (0avgtext+0avgdata 0maxresident)k\n"
            "0inputs+0outputs (120major+20minor)pagefaults 0swaps\n") % (
        t(rng) / 5, t(rng) / 4, rng.randint(0, 3), t(rng) % 60, rng.randint(1, 99))


def zsh_line(rng, label):
    return "%-16s%.2fs user %.2fs system %d%% cpu %.3f total\n" % (
        label, t(rng) / 5, t(rng) / 4, rng.randint(1, 99), t(rng))


def table(rng):
    k1, k2 = rng.sample(KERNELS, 2)
    rows = "".join("%s\t\t\t\t%.2f\t\t%.2f\n" % (m, t(rng), t(rng)) for m in ("user", "system"))
    rows += "elapsed\t\t\t\t%02d:%05.2f\t%02d:%05.2f\n" % (
        rng.randint(0, 9), t(rng) % 60, rng.randint(0, 9), t(rng) % 60)
    return "%s\n\ntar zxf linux-2.5.44.tar.gz\t%s\t%s\n%s" % (rng.choice(FS), k1, k2, rows)


def prose(rng, n):
    words = [rng.choice(PROSE) for _ in range(n)]
    return "\n".join(" ".join(words[i:i + 11]) for i in range(0, n, 11)) + "\n"


def body(rng):
    k, fs, mode = rng.choice(KERNELS), rng.choice(FS), rng.choice(MODES)
    parts = ["Hi all,\n\n", prose(rng, rng.randint(20, 120)),
             "\nKernel is %s, %s mounted with defaults%s.\n\n" % (k, fs, mode)]
    kind = rng.randrange(6)
    if kind == 0:
        parts.append("$ time tar xf linux.tar\n\n" + bash_block(rng) + "\n")
    elif kind == 1:
        parts.append("write:\n500+0 records in\n500+0 records out\n" + gnu_line(rng))
    elif kind == 2:
        parts.append("".join(zsh_line(rng, f + ":") for f in rng.sample(FS, 3)))
    elif kind == 3:
        parts.append(table(rng))
    elif kind == 4:
        parts.append("524288000 bytes (524 MB, 500 MiB) copied, %.1f s, %.0f MB/s\n" % (t(rng), t(rng) * 10))
    else:
        # POSIX time -p, after some prose: every message carries numbers,
        # so an import of this mbox warns about none
        parts.append(prose(rng, 60) + "\n$ time -p sync\nreal %.2f\nuser %.2f\nsys %.2f\n" % (
            t(rng), t(rng) / 9, t(rng) / 5))
    parts.append("\n" + prose(rng, rng.randint(10, 60)) + "\n-- \nSomebody\n")
    return "".join(parts)


def quote(text):
    return "".join("> " + line + "\n" for line in text.splitlines())


def message(rng, n, prev):
    text = body(rng)
    if prev and rng.random() < 0.3:
        text = "Someone Else wrote:\n" + quote(prev) + "\n" + text
    headers = ["From: Tester %d <t%d@example.org>" % (n % 97, n % 97),
               "Subject: Re: benchmark results %d" % (n // 3),
               "Date: Mon, %02d Mar 2008 %02d:%02d:00 +0000" % (1 + n % 28, n % 24, n % 60),
               "Message-ID: <bench-%d@example.org>" % n]
    enc = rng.random()
    if enc < 0.15:
        headers += ["MIME-Version: 1.0", "Content-Type: text/plain; charset=utf-8",
                    "Content-Transfer-Encoding: quoted-printable"]
        payload = quopri.encodestring(text.encode()).decode()
    elif enc < 0.25:
        headers += ["MIME-Version: 1.0", "Content-Type: text/plain; charset=utf-8",
                    "Content-Transfer-Encoding: base64"]
        payload = base64.encodebytes(text.encode()).decode()
    else:
        payload = text
    payload = "".join(">" + l if l.startswith("From ") else l for l in payload.splitlines(True))
    return "From t%d@example.org Mon Mar  3 10:00:00 2008\n%s\n\n%s\n" % (
        n % 97, "\n".join(headers), payload), text


def main():
    target = int(sys.argv[1] if len(sys.argv) > 1 else 128) * 1000 * 1000
    rng = random.Random(20021023)
    out = sys.stdout
    size, n, prev = 0, 0, None
    while size < target:
        msg, prev = message(rng, n, prev)
        out.write(msg)
        size += len(msg.encode())
        n += 1


if __name__ == "__main__":
    main()
