#!/usr/bin/env bash
# Clean and incremental debug build time of a test target whose 20 mocks come from the @Mock
# macro, against the same mocks written by `assay mock` (no swift-syntax in the build).
#   Benchmarks/mock-build-time/run.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
assay_root=$(pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

python3 Benchmarks/mock-generator/make-fixtures.py "$work/protocols" 20
swift build --product assay >/dev/null
assay="$(swift build --show-bin-path)/assay"

make_package() {  # name, app dependency (or ""), how the mocks are made
  local dir="$work/$1"
  mkdir -p "$dir/Sources/App" "$dir/Tests/AppTests"
  local app_deps="" test_deps='.product(name: "Assay", package: "'"$(basename "$assay_root")"'")'
  if [ "$2" = macro ]; then
    app_deps='.product(name: "AssayMock", package: "'"$(basename "$assay_root")"'")'
    for file in "$work"/protocols/*.swift; do
      sed 's/^public protocol/@Mock public protocol/; s/^import Foundation/import AssayMock\nimport Foundation/' \
        "$file" > "$dir/Sources/App/$(basename "$file")"
    done
  else
    cp "$work"/protocols/*.swift "$dir/Sources/App/"
    "$assay" mock "$dir/Sources/App" --import App --output "$dir/Tests/AppTests/Mocks.swift"
  fi
  cat > "$dir/Package.swift" <<MANIFEST
// swift-tools-version: 6.0
import PackageDescription
let package = Package(
  name: "$1", platforms: [.macOS(.v13)],
  dependencies: [.package(path: "$assay_root")],
  targets: [
    .target(name: "App", dependencies: [$app_deps]),
    .testTarget(name: "AppTests", dependencies: ["App", $test_deps]),
  ])
MANIFEST
  cat > "$dir/Tests/AppTests/AppTests.swift" <<'TESTS'
import App
import Assay
import Testing

@Test func usesAMock() {
  let service = MockService0()
  service.calls.name0.willReturn("x")
  #expect(service.name0 == "x")
}
TESTS
}

seconds() { local start=$(date +%s.%N); "$@" >/dev/null 2>&1; echo "$(date +%s.%N) - $start" | bc; }

for kind in macro command; do
  make_package "$kind" "$kind"
  (cd "$work/$kind" && swift package resolve >/dev/null 2>&1)
  clean=$(cd "$work/$kind" && seconds swift build --build-tests)
  touch "$work/$kind/Tests/AppTests/AppTests.swift"
  tests=$(cd "$work/$kind" && seconds swift build --build-tests)
  echo "// edited" >> "$work/$kind/Sources/App/Services0.swift"
  app=$(cd "$work/$kind" && seconds swift build --build-tests)
  echo "$kind: clean $clean s, after editing a test $tests s, after editing a protocol file $app s"
done
