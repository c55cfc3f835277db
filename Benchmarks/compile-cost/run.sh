#!/usr/bin/env bash
# Compile cost of assertions: builds the same generated suite of 2000 equality assertions in
# 20 files (100 tests a file, one assertion a test) four ways, one after the other:
#   xctest         XCTAssertEqual      in XCTestCase methods
#   assay-xctest   Assay's assertEqual in XCTestCase methods
#   expect         #expect(a == b)     in Swift Testing @Test functions
#   assay-testing  Assay's assertEqual in Swift Testing @Test functions
#   xctest-baseline, testing-baseline: the same tests with no assertion, so the cost of the
#                  assertions alone is the difference (the @Test macro dominates otherwise)
# Two figures per variant, each the best of RUNS:
#   clean  `rm -rf .build` and build everything, dependencies included (what CI pays);
#   suite  build the suite from clean on top of a saved .build that already holds the
#          dependencies (what the assertions themselves cost).
#
# Usage: Benchmarks/compile-cost/run.sh [work-dir]
#   RUNS=3 (default) timed rebuilds per variant; VARIANTS="xctest assay-xctest" to pick some.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
work=${1:-$(mktemp -d)}
runs=${RUNS:-3}
files=20
tests_per_file=100
read -r -a variants <<<"${VARIANTS:-xctest assay-xctest xctest-baseline expect assay-testing testing-baseline}"

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
        xctest | xctest-baseline) echo "import XCTest"; echo "final class Suite$f: XCTestCase {" ;;
        assay-xctest) echo "import Assay"; echo "import XCTest"; echo "final class Suite$f: XCTestCase {" ;;
        expect | testing-baseline) echo "import Testing"; echo "@Suite struct Suite$f {" ;;
        assay-testing) echo "import Assay"; echo "import Testing"; echo "@Suite struct Suite$f {" ;;
      esac
      for ((t = 0; t < tests_per_file; t++)); do
        local n=$((f * tests_per_file + t))
        case $variant in
          xctest) echo "  func test$t() { let value = $n; XCTAssertEqual(value * 2, $((n * 2))) }" ;;
          assay-xctest) echo "  func test$t() { let value = $n; assertEqual(value * 2, $((n * 2))) }" ;;
          expect) echo "  @Test func test$t() { let value = $n; #expect(value * 2 == $((n * 2))) }" ;;
          assay-testing) echo "  @Test func test$t() { let value = $n; assertEqual(value * 2, $((n * 2))) }" ;;
          xctest-baseline) echo "  func test$t() { let value = $n; _ = value * 2 == $((n * 2)) }" ;;
          testing-baseline) echo "  @Test func test$t() { let value = $n; _ = value * 2 == $((n * 2)) }" ;;
        esac
      done
      echo "}"
    } >"$dir/Tests/Suite/Suite$f.swift"
  done
}

timed() { # timed DIR: seconds to build DIR
  local start end
  start=$(date +%s.%N)
  build "$1"
  end=$(date +%s.%N)
  echo "$end - $start" | bc
}

best() { # best CURRENT NEW: the smaller, or NEW when there is no CURRENT
  if [[ -z $1 ]] || (($(echo "$2 < $1" | bc))); then echo "$2"; else echo "$1"; fi
}

build() { # build DIR, showing the log only when the build fails
  if ! (cd "$1" && swift build --build-tests >"$1/build.log" 2>&1); then
    cat "$1/build.log" >&2
    exit 1
  fi
}

declare -A seconds clean
for variant in "${variants[@]}"; do
  dir="$work/$variant"
  rm -rf "$dir"
  generate "$variant" "$dir"

  # A .build holding the dependencies and an empty suite, to start each suite build from.
  mv "$dir/Tests/Suite" "$dir/Tests/Suite.real"
  mkdir "$dir/Tests/Suite"
  echo "import Foundation" >"$dir/Tests/Suite/Empty.swift"
  build "$dir"
  rm -rf "$dir/Tests/Suite" "$dir/.build-dependencies"
  mv "$dir/Tests/Suite.real" "$dir/Tests/Suite"
  mv "$dir/.build" "$dir/.build-dependencies"

  for ((r = 0; r < runs; r++)); do
    rm -rf "$dir/.build"
    cp -a "$dir/.build-dependencies" "$dir/.build"
    elapsed=$(timed "$dir")
    seconds[$variant]=$(best "${seconds[$variant]:-}" "$elapsed")
    rm -rf "$dir/.build"
    elapsed=$(timed "$dir")
    clean[$variant]=$(best "${clean[$variant]:-}" "$elapsed")
  done
  printf '%-17s suite %6.1f s   clean %6.1f s\n' "$variant" "${seconds[$variant]}" "${clean[$variant]}"
done

echo
ratio() { # ratio LABEL A B: A / B, when both were measured
  if [[ -n ${seconds[$2]:-} && -n ${seconds[$3]:-} ]]; then
    printf '%-40s %6.2fx\n' "$1" "$(echo "${seconds[$2]} / ${seconds[$3]}" | bc -l)"
  fi
}
cost() { # cost LABEL A BASELINE: seconds A adds over its baseline
  if [[ -n ${seconds[$2]:-} && -n ${seconds[$3]:-} ]]; then
    printf '%-40s %6.1f s\n' "$1" "$(echo "${seconds[$2]} - ${seconds[$3]}" | bc -l)"
  fi
}
ratio "suite: assay-xctest / xctest" assay-xctest xctest
ratio "suite: expect / assay-xctest" expect assay-xctest
ratio "suite: expect / assay-testing" expect assay-testing
if [[ -n ${clean[xctest]:-} && -n ${clean[assay-xctest]:-} ]]; then
  printf '%-40s %6.2fx\n' "clean: assay-xctest / xctest" \
    "$(echo "${clean[assay-xctest]} / ${clean[xctest]}" | bc -l)"
fi
cost "2000 XCTAssertEqual, over the baseline" xctest xctest-baseline
cost "2000 assertEqual in XCTest, over it" assay-xctest xctest-baseline
cost "2000 #expect, over the @Test baseline" expect testing-baseline
cost "2000 assertEqual in @Test, over it" assay-testing testing-baseline
