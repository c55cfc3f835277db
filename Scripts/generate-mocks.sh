#!/usr/bin/env bash
# Regenerates the mocks that `assay mock` writes for this repository: the fixture protocols'
# and the birthdays example's. With --check, writes nothing and fails if one is out of date
# (CI runs that).
set -euo pipefail
cd "$(dirname "$0")/.."

swift build --product assay
assay() { "$(swift build --show-bin-path)/assay" "$@"; }

assay mock Tests/MockFixtures --import MockFixtures \
  --output Tests/GeneratedMockTests/Mocks.swift "$@"
assay mock Examples/Birthdays/Sources/Dependencies.swift --import Birthdays \
  --output Examples/Birthdays/Tests/Mocks.swift "$@"
assay mock Benchmarks/CallCost/Sources/CallCost/Thermometer.swift \
  --output Benchmarks/CallCost/Sources/CallCost/MockThermometer.swift "$@"
