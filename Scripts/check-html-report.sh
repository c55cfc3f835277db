#!/usr/bin/env bash
# The HTML pages of `assay test --report html:PATH` and `assay mutate --report html:PATH`,
# checked in a real browser (Debian's chromium, headless): a report of 10,000 tests with
# failures, and one of 5,000 mutants, each open, show the right counts and lists, filter,
# render within a second, and are not blank.
#
#   Scripts/check-html-report.sh            (installs chromium with apt-get when missing)
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v chromium >/dev/null; then
  echo "== installing chromium"
  apt-get update -q >/dev/null
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends chromium >/dev/null
fi

work=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] || rm -rf "$work"' EXIT

echo "== a report of 10,000 tests: 38 failed, 2 crashed, 1 timed out, 100 skipped"
python3 - "$work/big.json" <<'PY'
import json, sys
results = []
for i in range(10000):
    target, suite = f"Target{i % 5}", f"Suite{i % 200}"
    result = {"id": {"library": "Swift Testing", "target": target, "suite": suite, "test": f"test{i}()"},
              "outcome": "passed", "duration": (i % 97) / 1000, "issues": [],
              "location": {"file": f"/pkg/Tests/{target}/{suite}.swift", "line": 10 + i % 300}}
    if i % 270 == 1:
        result["outcome"] = "failed"
        result["issues"] = [{"message": f"Expectation failed: (value → {i}) == {i + 1}",
                             "isKnown": False,
                             "location": {"file": f"/pkg/Tests/{target}/{suite}.swift", "line": 12}}]
    elif i in (5, 6):
        result.update(outcome="crashed", reason="Fatal error: boom", output="about to crash\n<script>")
    elif i == 7:
        result.update(outcome="timedOut", reason="killed after 300 s")
    elif i % 100 == 50:
        result.update(outcome="skipped", reason="not here")
    results.append(result)
json.dump({"schemaVersion": 1, "started": 0, "duration": 12.5, "results": results}, open(sys.argv[1], "w"))
PY
swift build --product assay >/dev/null
# The report holds failures: the merge writes the page and exits with status 1, as a test run.
status=0
.build/debug/assay report merge "$work/big.json" --report "html:$work/big.html" || status=$?
if [ "$status" != 1 ]; then
  echo "error: assay report merge of a report with failures exited with $status, not 1" >&2
  exit 1
fi

browse() {  # the page's DOM after its scripts ran (they run as it loads; no timers)
  chromium --headless --no-sandbox --disable-gpu --dump-dom "file://$work/big.html$1" 2>/dev/null
}
fail() { echo "error: $*" >&2; exit 1; }

dom=$(browse "")
grep -q '38 failed' <<<"$dom" || fail "the counts do not show 38 failed"
grep -q '2 crashed' <<<"$dom" || fail "the counts do not show 2 crashed"
grep -q '10000 shown of 10000' <<<"$dom" || fail "not all 10,000 tests are shown"
grep -q '<h2>Failures (41)</h2>' <<<"$dom" || fail "the failure list does not hold the 41 failures"
grep -q 'Expectation failed: (value → 1) == 2' <<<"$dom" || fail "a failure's message is missing"
grep -q '&lt;script&gt;' <<<"$dom" || fail "a crash's output is not escaped"
grep -q 'timed out: killed after 300 s' <<<"$dom" || fail "a timeout's reason does not say 'timed out'"
! grep -q 'class="where">timedOut' <<<"$dom" || fail "a timeout's reason shows the outcome's code name timedOut"
rendered=$(sed -n 's/.*data-rendered-ms="\([0-9]*\)".*/\1/p' <<<"$dom")
[ -n "$rendered" ] || fail "the page did not finish its first render"
echo "first render after ${rendered} ms"
# A guard against a hang or a quadratic page, not the 1 s target: one render on a shared
# 2-core machine ranged 485 to 1063 ms, so the target is judged on the median of several
# (RENDERS=9 Scripts/check-html-report.sh; docs/benchmarks.md), never by one timed run in CI.
[ "$rendered" -le 10000 ] || fail "the page took ${rendered} ms to render (more than 10 s)"
for _ in $(seq 2 "${RENDERS:-1}"); do
  more=$(browse "" | sed -n 's/.*data-rendered-ms="\([0-9]*\)".*/\1/p')
  echo "first render after ${more} ms"
done

filtered=$(browse "?filter=Suite7.swift")
shown=$(sed -n 's/.*>\([0-9]*\) shown of 10000<.*/\1/p' <<<"$filtered")
[ "$shown" = 50 ] || fail "filtering by Suite7.swift shows $shown tests, not 50"

echo "== a screenshot that is not blank"
chromium --headless --no-sandbox --disable-gpu --window-size=1200,900 \
  --virtual-time-budget=5000 --screenshot="$work/page.png" "file://$work/big.html" 2>/dev/null
python3 - "$work/page.png" <<'PY'
import struct, sys, zlib
data = open(sys.argv[1], "rb").read()
assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
width, height = struct.unpack(">II", data[16:24])
idat, offset = b"", 8
while offset < len(data):
    length, kind = struct.unpack(">I4s", data[offset:offset + 8])
    if kind == b"IDAT":
        idat += data[offset + 8:offset + 8 + length]
    offset += 12 + length
raw = zlib.decompress(idat)
# Rows start with a filter byte; a blank page compresses to rows of one repeated value.
distinct = len(set(raw))
print(f"screenshot {width}x{height}, {distinct} distinct byte values")
sys.exit(0 if distinct > 20 else "error: the screenshot is blank")
PY
echo "== a mutation report of 5,000 mutants in 50 files, as two shards merged"
python3 - "$work" <<'PY'
import json, sys
statuses = ["Killed", "Killed", "Killed", "Survived", "NoCoverage", "Timeout", "CompileError", "Killed"]
for shard in (1, 2):
    files = {}
    for f in range(50):
        source = "\n".join(f"let value{i} = {i} + 1 // line {i + 1} <script>" for i in range(200))
        mutants = []
        for m in range(100):
            mid = f * 100 + m + 1
            if mid % 2 != shard - 1:
                continue
            line = m * 2 + 1
            mutant = {"id": str(mid), "mutatorName": "arithmetic", "replacement": "-",
                      "location": {"start": {"line": line, "column": 14 + 2 * len(str(line - 1))},
                                   "end": {"line": line, "column": 15 + 2 * len(str(line - 1))}},
                      "status": statuses[mid % len(statuses)]}
            if mutant["status"] not in ("NoCoverage", "CompileError"):
                mutant["coveredBy"] = [f"T.Suite{f}/test{m}()"]
            files[f"Sources/M/File{f}.swift"] = files.get(f"Sources/M/File{f}.swift", {"language": "swift", "source": source, "mutants": []})
            files[f"Sources/M/File{f}.swift"]["mutants"].append(mutant)
    json.dump({"schemaVersion": "2", "thresholds": {"high": 80, "low": 60}, "projectRoot": "/pkg",
               "files": files, "config": {"shard": f"{shard}/2"}}, open(f"{sys.argv[1]}/shard{shard}.json", "w"))
PY
.build/debug/assay mutate merge "$work/shard1.json" "$work/shard2.json" \
  --report "html:$work/mutants.html" >"$work/merge.txt"
grep -q '^5000 mutants: 2500 killed, 625 survived, 625 timed out, 625 not covered, 625 unviable.' \
  "$work/merge.txt" || fail "the merged summary is wrong: $(tail -1 "$work/merge.txt")"
page() { chromium --headless --no-sandbox --disable-gpu --dump-dom "file://$work/mutants.html$1" 2>/dev/null; }
dom=$(page "")
grep -q 'Mutation score 71.4% of 5000 mutants' <<<"$dom" || fail "the score is not shown"
grep -q '625 survived' <<<"$dom" || fail "the counts do not show 625 survived"
grep -q '<h2>Survived (625)</h2>' <<<"$dom" || fail "the survivors are not listed first"
grep -q 'Sources/M/File0.swift:5:16' <<<"$dom" || fail "a survivor's file:line:column is missing"
grep -q '&lt;script&gt;' <<<"$dom" || fail "the code is not escaped"
rendered=$(sed -n 's/.*data-rendered-ms="\([0-9]*\)".*/\1/p' <<<"$dom")
[ -n "$rendered" ] || fail "the mutation page did not finish its first render"
echo "first render after ${rendered} ms"
[ "$rendered" -le 10000 ] || fail "the mutation page took ${rendered} ms to render (more than 10 s)"
for _ in $(seq 2 "${RENDERS:-1}"); do
  more=$(page "" | sed -n 's/.*data-rendered-ms="\([0-9]*\)".*/\1/p')
  echo "first render after ${more} ms (mutation page)"
done
filtered=$(page "?filter=file7.swift")
grep -q '>100 shown of 5000<' <<<"$filtered" || fail "filtering by File7.swift does not show its 100 mutants"
opened=$(page "?open=Sources/M/File3.swift")
grep -q 'data-filled="yes"' <<<"$opened" || fail "a file's source does not open"
grep -q 'survived (arithmetic, column 18)' <<<"$opened" || fail "an opened file does not show its mutants under their lines"

echo "HTML reports: ok"
