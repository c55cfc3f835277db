#!/usr/bin/env bash
# `assay mock` speed, end to end (reading, parsing, generating, writing), on 1000 protocols in
# 100 files; each has 7 members (properties, a subscript, async throwing, generic and closure
# methods), and every other one inherits from the one before it. Release build.
#   Benchmarks/mock-generator/run.sh
#   CHAIN=10 Benchmarks/mock-generator/run.sh   # chains of 10: each mock has 38 members on average
set -euo pipefail
cd "$(dirname "$0")/../.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

python3 Benchmarks/mock-generator/make-fixtures.py "$work/Sources" 1000
swift build -c release --product assay >/dev/null
assay="$(swift build -c release --show-bin-path)/assay"

echo "protocols: $(grep -c '^public protocol' "$work"/Sources/*.swift | awk -F: '{s+=$2} END {print s}')"
"$assay" mock "$work/Sources" --output "$work/Mocks.swift"
echo "generated: $(grep -c '^public final class Mock' "$work/Mocks.swift") mocks, $(wc -l < "$work/Mocks.swift") lines"
for run in 1 2 3 4 5; do
  rm -f "$work/Mocks.swift"
  start=$(date +%s.%N)
  "$assay" mock "$work/Sources" --output "$work/Mocks.swift"
  end=$(date +%s.%N)
  echo "run $run: $(echo "$end - $start" | bc) s, $(echo "1000 / ($end - $start)" | bc) protocols/s"
done
echo "one protocol, reading to writing, 5 runs:"
for run in 1 2 3 4 5; do
  /usr/bin/time -f "%e s, %M KB peak" "$assay" mock "$work/Sources/Services0.swift" --protocol Service0 \
    --output "$work/One.swift"
done
