#!/usr/bin/env bash
# Compile cost of assertions: builds the same generated suite of 2000 equality assertions in
# 20 files (100 tests a file, one assertion a test) four ways, one after the other:
#   xctest         XCTAssertEqual      in XCTestCase methods
#   assay-xctest   Assay's assertEqual in XCTestCase methods
#   expect         #expect(a == b)     in Swift Testing @Test functions
#   assay-testing  Assay's assertEqual in Swift Testing @Test functions
# For each, dependencies are built first; then the suite alone is rebuilt from clean and timed
# (best of RUNS). Prints seconds and ratios to the XCTest suite.
#
# Usage: Benchmarks/compile-cost/run.sh [work-dir]   (RUNS=3 by default)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
work=${1:-$(mktemp -d)}
runs=${RUNS:-3}
files=20
tests_per_file=100
variants=(xctest assay-xctest expect assay-testing)

generate() {
  local variant=$1 dir=$2
  mkdir -p "$dir/Tests/Suite"
  local dependency="" product=""
  if [[ $variant == assay-* ]]; then
    dependency=".package(path: \"$root\")"
    product=".product(name: \"Assay\", package: \"$(basename "$root")\")"
  fi
  cat >"$dir/Package.swift" <<MANIFEST
// swift-tools-version: 6.0
import PackageDescription
let package = Package(
  name: "CompileCost",
  platforms: [.macOS(.v13)],
  dependencies: [$dependency],
  targets: [.testTarget(name: "Suite", dependencies: [$product])]
)
MANIFEST
  for ((f = 0; f < files; f++)); do
    {
      case $variant in
        xctest) echo "import XCTest"; echo "final class Suite$f: XCTestCase {" ;;
        assay-xctest) echo "import Assay"; echo "import XCTest"; echo "final class Suite$f: XCTestCase {" ;;
        expect) echo "import Testing"; echo "@Suite struct Suite$f {" ;;
        assay-testing) echo "import Assay"; echo "import Testing"; echo "@Suite struct Suite$f {" ;;
      esac
      for ((t = 0; t < tests_per_file; t++)); do
        local n=$((f * tests_per_file + t))
        case $variant in
          xctest) echo "  func test$t() { let value = $n; XCTAssertEqual(value * 2, $((n * 2))) }" ;;
          assay-xctest) echo "  func test$t() { let value = $n; assertEqual(value * 2, $((n * 2))) }" ;;
          expect) echo "  @Test func test$t() { let value = $n; #expect(value * 2 == $((n * 2))) }" ;;
          assay-testing) echo "  @Test func test$t() { let value = $n; assertEqual(value * 2, $((n * 2))) }" ;;
        esac
      done
      echo "}"
    } >"$dir/Tests/Suite/Suite$f.swift"
  done
}

declare -A seconds
for variant in "${variants[@]}"; do
  dir="$work/$variant"
  rm -rf "$dir"
  generate "$variant" "$dir"
  (cd "$dir" && swift build --build-tests >/dev/null 2>&1) # dependencies and a first build
  best=""
  for ((r = 0; r < runs; r++)); do
    rm -rf "$dir"/.build/debug/Suite.build "$dir"/.build/debug/CompileCostPackageTests*
    start=$(date +%s.%N)
    (cd "$dir" && swift build --build-tests >/dev/null 2>&1)
    end=$(date +%s.%N)
    elapsed=$(echo "$end - $start" | bc)
    if [[ -z $best ]] || (($(echo "$elapsed < $best" | bc))); then best=$elapsed; fi
  done
  seconds[$variant]=$best
  printf '%-14s %8.1f s\n' "$variant" "$best"
done

echo
printf 'assay-xctest / xctest   = %.2fx\n' "$(echo "${seconds[assay-xctest]} / ${seconds[xctest]}" | bc -l)"
printf 'assay-testing / xctest  = %.2fx\n' "$(echo "${seconds[assay-testing]} / ${seconds[xctest]}" | bc -l)"
printf 'expect / assay-testing  = %.2fx\n' "$(echo "${seconds[expect]} / ${seconds[assay-testing]}" | bc -l)"
printf 'expect / assay-xctest   = %.2fx\n' "$(echo "${seconds[expect]} / ${seconds[assay-xctest]}" | bc -l)"
