#!/usr/bin/env bash
# Regenerates the mocks that `assay mock` writes for this repository: the fixture protocols'
# and the birthdays example's, and the generator's own list of the standard library's protocols
# (from the toolchain's symbol graphs and interfaces). With --check, writes nothing and fails if
# one is out of date (CI runs that).
set -euo pipefail
cd "$(dirname "$0")/.."

swift build --product assay
assay() { "$(swift build --show-bin-path)/assay" "$@"; }

assay mock --standard-protocols \
  --output Sources/AssayMockGenerator/StandardProtocols+Toolchain.swift "$@"
swift build --product assay
assay mock Tests/MockFixtures --import MockFixtures \
  --output Tests/GeneratedMockTests/Mocks.swift "$@"
assay mock Examples/Birthdays/Sources/Dependencies.swift --import Birthdays \
  --output Examples/Birthdays/Tests/Mocks.swift "$@"
assay mock Benchmarks/CallCost/Sources/CallCost/Thermometer.swift \
  --output Benchmarks/CallCost/Sources/CallCost/MockThermometer.swift "$@"
