#!/bin/sh
# benchpost import of results files beside mail: .bench, JSON Lines as
# --format json prints them, fio --output-format=json, hyperfine
# --export-json.  The fixtures were written by Debian's fio 3.33 and
# hyperfine 1.15 on our own jobs; each value is checked against the JSON
# as Python reads it, not against benchpost's own output.
. "$(dirname "$0")/lib.sh"
S="$FIXTURES/series"

# records FILE: import --dry-run --format json of FILE
records() {
	benchpost import --dry-run --format json "$@"
}

# The hyperfine checker: every run of every command is an elapsed sample
# in seconds with the digits hyperfine wrote, in order, and nothing else.
cat >hyperfine.py <<'EOF'
import json, re, sys
export = open(sys.argv[1]).read()
want = []
for res in json.loads(export)["results"]:
    codes = res.get("exit_codes") or [0] * len(res["times"])
    for t, code in zip(res["times"], codes):
        if code == 0:
            want.append((res["command"], t))
# the digits as written: the JSON's own text of each time
digits = re.findall(r'"times": \[([^\]]*)\]', export)
assert digits
lines = open(sys.argv[2]).read().splitlines()
got = [json.loads(line) for line in lines]
assert len(got) == len(want), (len(got), len(want))
texts = [t.strip() for block in digits for t in block.split(",")]
codes = [c for res in json.loads(export)["results"]
         for c in (res.get("exit_codes") or [0] * len(res["times"]))]
texts = [t for t, c in zip(texts, codes) if c == 0]
for line, r, (cmd, t), text in zip(lines, got, want, texts):
    assert r["benchmark"] == cmd and r["metric"] == "elapsed" and r["unit"] == "s", r
    assert r["value"] == t, (r, t)
    assert re.search(r'"value":([^,]*)', line).group(1) == text, (line, text)
    assert r["source"] == "hyperfine " + sys.argv[3], r
for cmd in set(c for c, _ in want):
    its = [r["iteration"] for r in got if r["benchmark"] == cmd]
    assert its == list(range(1, len(its) + 1)), its
print(len(got))
EOF

test_expect_success 'hyperfine JSON: each run an elapsed sample in seconds' '
	records "$S/hyperfine.json" >out.json &&
	test "$(python3 hyperfine.py "$S/hyperfine.json" out.json hyperfine.json)" = 10 &&
	grep -F "\"value\":0.0" out.json | head -1 | grep -F "\"benchmark\":\"sleep 0.02\""
'

test_expect_success 'hyperfine: the means of user and system time are facts, not samples' '
	benchpost import --dry-run "$S/hyperfine.json" >out.bench &&
	grep "^tool: hyperfine$" out.bench &&
	grep "^user-mean: " out.bench &&
	grep "^sys-mean: " out.bench &&
	! grep "user-sec/op" out.bench
'

test_expect_success 'hyperfine: runs that failed are left out, and said so' '
	python3 - "$S/hyperfine.json" <<-\EOF >failed.json &&
	import json, sys
	d = json.load(open(sys.argv[1]))
	d["results"][0]["exit_codes"][1] = 1
	print(json.dumps(d, indent=2))
	EOF
	records failed.json >out.json 2>err &&
	grep "1 run with a non-zero exit status left out" err &&
	test "$(python3 hyperfine.py failed.json out.json failed.json)" = 9
'

if command -v hyperfine >/dev/null 2>&1; then
	test_expect_success 'hyperfine as it runs here' '
		hyperfine --runs 3 --export-json live.json "true" "sleep 0.01" >/dev/null 2>&1 &&
		records live.json >out.json &&
		test "$(python3 hyperfine.py live.json out.json live.json)" = 6
	'
else
	test_skip 'hyperfine as it runs here' 'hyperfine is not installed'
fi

# The fio checker: per job and direction that moved bytes, bandwidth in
# KiB/s, IOPS, bytes, runtime in ms, the bw and iops sample statistics,
# every measured latency's statistics and percentiles in ns and the job's
# cpu use, with fio's digits, and the job's options as a fact.
cat >fio.py <<'EOF'
import json, re, sys
# with --status-interval the file holds a report an interval: the last is the result
text, reports, at = open(sys.argv[1]).read(), [], 0
while text[at:].strip():
    report, end = json.JSONDecoder().raw_decode(text, len(text) - len(text[at:].lstrip()))
    reports.append(report)
    at = end
report = reports[-1]
got = [json.loads(line) for line in open(sys.argv[2])]
def find(job, metric):
    m = [r for r in got if r["benchmark"] == job and r["metric"] == metric]
    assert len(m) == 1, (job, metric, m)
    return m[0]
def same(job, metric, unit, want):
    r = find(job["jobname"], metric)
    assert r["unit"] == unit and abs(r["value"] - want) <= 1e-6 * abs(want), (r, want)
def pct(p):
    return p.rstrip("0").rstrip(".") if "." in p else p
n = 0
for job in report["jobs"]:
    for d in ("read", "write", "trim", "sync"):
        sec = job.get(d, {})
        if sec.get("io_bytes", None) == 0:
            assert not [r for r in got if r["benchmark"] == job["jobname"] and r["metric"].startswith(d + "-")]
            continue
        fields = [("bw", "bw", "KiB/s"), ("bw_bytes", "bw-bytes", "B/s"), ("iops", "iops", "IO/s"),
                  ("io_bytes", "bytes", "B"), ("runtime", "runtime", "ms")]
        # fio writes zeros for statistics of no samples; its text report prints none of them
        if sec.get("bw_samples", 1):
            fields += [("bw_min", "bw-min", "KiB/s"), ("bw_max", "bw-max", "KiB/s"), ("bw_agg", "bw-per", "%"),
                       ("bw_mean", "bw-avg", "KiB/s"), ("bw_dev", "bw-stdev", "KiB/s"), ("bw_samples", "bw-samples", None)]
        if sec.get("iops_samples", 1):
            fields += [("iops_min", "iops-min", "IO/s"), ("iops_max", "iops-max", "IO/s"), ("iops_mean", "iops-avg", "IO/s"),
                       ("iops_stddev", "iops-stdev", "IO/s"), ("iops_samples", "iops-samples", None)]
        for key, metric, unit in fields:
            if key in sec:
                same(job, "%s-%s" % (d, metric), unit, sec[key])
                n += 1
        # latencies fio measured (N above 0), in ns, with their percentiles
        for key, lat in (("slat_ns", "slat"), ("clat_ns", "clat"), ("lat_ns", "lat")):
            l = sec.get(key)
            if not l or l.get("N", 1) == 0:
                continue
            for k, stat in (("min", "min"), ("max", "max"), ("mean", "mean"), ("stddev", "stdev")):
                same(job, "%s-%s-%s" % (d, lat, stat), "ns", l[k])
                n += 1
            for p, v in l.get("percentile", {}).items():
                assert find(job["jobname"], "%s-%s-p%s" % (d, lat, pct(p)))["value"] == v
                n += 1
    for key, metric, unit in (("usr_cpu", "cpu-usr", "%"), ("sys_cpu", "cpu-sys", "%"), ("ctx", "cpu-ctx", None),
                              ("majf", "cpu-majf", None), ("minf", "cpu-minf", None),
                              ("job_runtime", "job-runtime", "ms"), ("elapsed", "elapsed", "s")):
        if key in job:
            same(job, metric, unit, job[key])
            n += 1
assert n == len(got), (n, len(got))
assert all(r["source"] == "fio " + sys.argv[3] for r in got)
print(n)
EOF

test_expect_success 'fio JSON (two jobs): the right values and units' '
	records "$S/fio-two-jobs.json" >out.json &&
	python3 fio.py "$S/fio-two-jobs.json" out.json fio-two-jobs.json &&
	grep -F "\"metric\":\"write-bw\",\"value\":2048000,\"unit\":\"KiB/s\"" out.json &&
	grep -F "\"metric\":\"read-iops\",\"value\":2632.390746,\"unit\":\"IO/s\"" out.json
'

test_expect_success 'fio: the version, the date and each job options as facts' '
	benchpost import --dry-run "$S/fio-two-jobs.json" >out.bench &&
	grep "^tool: fio-3.33$" out.bench &&
	grep "^date: 2026-12-01T20:16:54Z$" out.bench &&
	grep "^fio-options: directory=/tmp/fio-fx size=4m ioengine=psync rw=write bs=64k$" out.bench &&
	grep "^fio-options: directory=/tmp/fio-fx size=4m ioengine=psync rw=randread bs=4k$" out.bench
'

test_expect_success 'fio --status-interval: the last report is the result' '
	records "$S/fio-status-interval.json" >out.json 2>err &&
	test $(grep -c "\"fio version\"" "$S/fio-status-interval.json") = 3 &&
	python3 fio.py "$S/fio-status-interval.json" out.json fio-status-interval.json &&
	grep "fio-status-interval.json: [0-9]* numbers of reports before the last left out" err &&
	test $(grep -c "\"metric\":\"write-bw\"" out.json) = 1
'

if command -v fio >/dev/null 2>&1; then
	test_expect_success 'fio as it runs here' '
		mkdir fio-dir &&
		fio --name=w --rw=write --bs=64k --size=2m --directory=fio-dir \
			--output-format=json --output=live.json >/dev/null 2>&1 &&
		records live.json >out.json &&
		python3 fio.py live.json out.json live.json
	'
else
	test_skip 'fio as it runs here' 'fio is not installed'
fi

test_expect_success '--set gives the kernel and the like that the file does not say' '
	records --set kernel=6.5.0-28-amd64 --set fs=ext4:noatime "$S/hyperfine.json" >out.json &&
	python3 -c "
import json
for line in open(\"out.json\"):
    r = json.loads(line)
    assert r[\"kernel\"] == \"6.5.0-28-amd64\" and r[\"fs\"] == \"ext4\", r
    assert r[\"options\"] == \"noatime\", r
" &&
	test_expect_code 2 benchpost import --set source=x "$S/hyperfine.json" 2>err &&
	grep "^benchpost: --set .source=x.: the field is one of" err &&
	test_expect_code 2 benchpost import --set kernel "$S/hyperfine.json" 2>err
'

test_expect_success 'a .bench file into the archive keeps its own source and facts' '
	benchpost import --archive arch "$FIXTURES/bench/design-example.bench" >paths &&
	grep "^runs/2.5.44-mm3/piii-1c-256m-st340016a/" paths &&
	benchpost show --archive arch "$(cat paths)" >shown &&
	grep "^source: email <3DB6FF5B.5060004@zip.com.au>$" shown &&
	grep "^cpu: Pentium III (Coppermine) 1 x 866 MHz$" shown &&
	grep "^BenchmarkUntar/tarball=linux-2.5.44.tar.gz 1 53.17 sec/op 4.42 user-sec/op" shown
'

test_expect_success 'JSON Lines as import prints them come back the same' '
	records "$FIXTURES/import/thread.mbox" >a.jsonl &&
	records a.jsonl >b.jsonl &&
	test_cmp a.jsonl b.jsonl &&
	test -s a.jsonl
'

# A results file is a thread of its own: the numbers of a mail beside it
# are neither dropped as its repeats nor it as theirs, in either order.
test_expect_success 'mail and a results file in one import: both kept whole' '
	records "$FIXTURES/import/thread.mbox" a.jsonl >both.json &&
	test $(wc -l <both.json) = $(($(wc -l <a.jsonl) * 2)) &&
	records a.jsonl "$FIXTURES/import/thread.mbox" >both2.json &&
	sort both.json >x && sort both2.json >y &&
	test_cmp x y &&
	sort a.jsonl a.jsonl >z &&
	test_cmp z x
'

test_expect_success 'JSON Lines from parse, through a pipe' '
	benchpost parse --format json "$FIXTURES/bench/design-example.bench" >p.jsonl &&
	cat p.jsonl | records - >out.json &&
	test $(wc -l <out.json) = $(wc -l <p.jsonl) &&
	grep -F "\"value\":53.17,\"unit\":\"s\"" out.json
'

test_expect_success 'an mbox on a pipe is still mail' '
	cat "$FIXTURES/import/thread.mbox" | records - >pipe.json &&
	records "$FIXTURES/import/thread.mbox" >file.json &&
	sed "s/\"line\":[0-9]*//" pipe.json >a && sed "s/\"line\":[0-9]*//" file.json >b &&
	test_cmp b a
'

test_expect_success 'a damaged file: its name and line, nothing imported' '
	head -c 300 "$S/hyperfine.json" >cut.json &&
	test_expect_code 1 benchpost import --archive arch2 cut.json 2>err &&
	grep "^benchpost: cut.json:[0-9]*: expected " err &&
	test ! -d arch2/.git -o -z "$(ls arch2/runs 2>/dev/null)" &&
	printf "%s\n" "{\"metric\":\"elapsed\",\"value\":1.5}" "{\"metric\":\"elapsed\",\"value\":1.6}" \
		"{\"metric\":\"elapsed\",\"value\":\"fast\"}" >bad.jsonl &&
	test_expect_code 1 records bad.jsonl >out 2>err &&
	grep "^benchpost: bad.jsonl:3: expected a number as \"value\"$" err &&
	test ! -s out &&
	printf "{\"results\": 3}\n" >odd.json &&
	test_expect_code 1 records odd.json 2>err &&
	grep "^benchpost: odd.json:1: expected a \"results\" array in hyperfine" err &&
	printf "{\"something\": \"else\"}\n" >other.json &&
	test_expect_code 1 records other.json 2>err &&
	grep "^benchpost: other.json: JSON, but not JSON Lines records, fio" err
'

test_expect_success 'a damaged .bench file is named, a good one beside it still imported' '
	printf "kernel: 6.1\nBenchmarkX 1 fast sec/op\n" >bad.bench &&
	test_expect_code 1 records bad.bench "$FIXTURES/bench/design-example.bench" >out 2>err &&
	grep "^benchpost: bad.bench:2: expected a number as value$" err &&
	test $(wc -l <out) = 8
'

test_done
