#!/usr/bin/env bash
# Spec overhead: 2000 trivial examples written three ways, in 20 files of 100, built and run
# one after the other:
#   xctest    2000 XCTestCase methods
#   testing   2000 Swift Testing @Test functions
#   spec      2000 Assay `it` examples: 20 specs of 100, each hosted by one parameterized @Test
#   spec-one  the same 2000 examples in one spec (its examples are counted on every run)
#   cases     one parameterized @Test with 2000 Int arguments: Swift Testing's own cost per
#             test case, the floor under any host built on test cases
#   spec-loop the 20 specs' 2000 examples run in a loop by one @Test: Assay's own cost
# Each example does what the others do: `_ = value * 2`.
#
# Figures, each the best of RUNS:
#   clean build  `rm -rf .build` then `swift build --build-tests` (debug), dependencies included;
#   per example  (time to run all 2000) - (time to run 1), divided by 1999: the test binary is
#                run directly, so SwiftPM's own start-up is not counted, and the start-up of the
#                binary cancels out.
#
# Usage: Benchmarks/spec-overhead/run.sh [work-dir]
#   RUNS=3 (default); VARIANTS="xctest spec" to pick some.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
work=${1:-$(mktemp -d)}
runs=${RUNS:-3}
read -r -a variants <<<"${VARIANTS:-xctest testing spec spec-one cases spec-loop}"

generate() {
  local variant=$1 dir=$2 dependency="" product=""
  mkdir -p "$dir/Tests/Suite"
  if [[ $variant == spec* ]]; then
    dependency=".package(path: \"$root\")"
    product=".product(name: \"Assay\", package: \"$(basename "$root")\")"
  fi
  cat >"$dir/Package.swift" <<MANIFEST
// swift-tools-version: 6.0
import PackageDescription
let package = Package(
  name: "SpecOverhead",
  platforms: [.macOS(.v13)],
  dependencies: [$dependency],
  targets: [.testTarget(name: "Suite", dependencies: [$product])]
)
MANIFEST
  local files=20 per_file=100
  [[ $variant == spec-one ]] && files=1 && per_file=2000
  if [[ $variant == cases ]]; then
    cat >"$dir/Tests/Suite/Cases.swift" <<'SWIFT'
import Foundation
import Testing
@Suite struct Cases {
  static let count = ProcessInfo.processInfo.environment["ONE"] == nil ? 2000 : 1
  @Test(arguments: 0..<count) func example(_ value: Int) { _ = value * 2 }
}
SWIFT
    return
  fi
  if [[ $variant == spec-loop ]]; then
    {
      echo "import Assay"; echo "import Testing"
      echo "@Test func all() async throws {"
      echo "  let specs: [any Spec.Type] = [$(for ((f = 0; f < files; f++)); do printf 'Suite%d.self, ' $f; done)]"
      echo "  for spec in specs { for example in spec.examples { try await example.run() } }"
      echo "}"
    } >"$dir/Tests/Suite/Loop.swift"
  fi
  for ((f = 0; f < files; f++)); do
    {
      case $variant in
        xctest) echo "import XCTest"; echo "final class Suite$f: XCTestCase {" ;;
        testing) echo "import Testing"; echo "@Suite struct Suite$f {" ;;
        spec-loop)
          echo "import Assay"
          echo "enum Suite$f: Spec {"
          echo "  static func spec() {"
          echo "    describe(\"Suite$f\") {"
          ;;
        spec*)
          echo "import Assay"; echo "import Testing"
          echo "@Suite struct Suite$f: Spec {"
          echo "  @Test(arguments: examples) func example(_ example: SpecExample) async throws {"
          echo "    try await example.run()"
          echo "  }"
          echo "  static func spec() {"
          echo "    describe(\"Suite$f\") {"
          ;;
      esac
      for ((t = 0; t < per_file; t++)); do
        case $variant in
          xctest) echo "  func test$t() { let value = $t; _ = value * 2 }" ;;
          testing) echo "  @Test func test$t() { let value = $t; _ = value * 2 }" ;;
          spec*) echo "      it(\"example $t\") { let value = $t; _ = value * 2 }" ;;
        esac
      done
      [[ $variant == spec* ]] && echo "    }" && echo "  }"
      echo "}"
    } >"$dir/Tests/Suite/Suite$f.swift"
  done
}

now() { date +%s.%N; }
best() { if [[ -z $1 ]] || (($(echo "$2 < $1" | bc))); then echo "$2"; else echo "$1"; fi; }

build() {
  if ! (cd "$1" && swift build --build-tests >"$1/build.log" 2>&1); then
    cat "$1/build.log" >&2
    exit 1
  fi
}

run_tests() { # run_tests VARIANT DIR [one]: run the binary, all tests or one
  local binary="$2/.build/debug/SpecOverheadPackageTests.xctest" log="$2/run.log"
  case $1 in
    xctest) "$binary" ${3:+Suite.Suite0/test0} >"$log" 2>&1 ;;
    testing) "$binary" --testing-library swift-testing ${3:+--filter "Suite0/test0\\("} >"$log" 2>&1 ;;
    cases)
      if [[ -n ${3:-} ]]; then
        ONE=1 "$binary" --testing-library swift-testing >"$log" 2>&1
      else
        "$binary" --testing-library swift-testing >"$log" 2>&1
      fi
      ;;
    spec-loop)
      if [[ -n ${3:-} ]]; then
        ASSAY_EXAMPLE="Suite0, example 0" "$binary" --testing-library swift-testing >"$log" 2>&1
      else
        "$binary" --testing-library swift-testing >"$log" 2>&1
      fi
      ;;
    spec*)
      if [[ -n ${3:-} ]]; then
        ASSAY_EXAMPLE="Suite0, example 0" "$binary" --testing-library swift-testing \
          --filter "Suite0/" >"$log" 2>&1
      else
        "$binary" --testing-library swift-testing >"$log" 2>&1
      fi
      ;;
  esac || { cat "$log" >&2; exit 1; }
}

declare -A clean per_example
for variant in "${variants[@]}"; do
  dir="$work/$variant"
  rm -rf "$dir"
  generate "$variant" "$dir"
  build "$dir" # resolves the dependencies once; the timed builds below start from clean
  for ((r = 0; r < runs; r++)); do
    rm -rf "$dir/.build"
    start=$(now); build "$dir"; end=$(now)
    clean[$variant]=$(best "${clean[$variant]:-}" "$(echo "$end - $start" | bc)")
  done
  all="" one=""
  for ((r = 0; r < runs * 2; r++)); do
    start=$(now); run_tests "$variant" "$dir"; end=$(now)
    all=$(best "$all" "$(echo "$end - $start" | bc)")
    start=$(now); run_tests "$variant" "$dir" one; end=$(now)
    one=$(best "$one" "$(echo "$end - $start" | bc)")
  done
  per_example[$variant]=$(echo "($all - $one) * 1000 / 1999" | bc -l)
  printf '%-9s clean build %6.1f s   run all %6.3f s   run one %6.3f s   per example %6.4f ms\n' \
    "$variant" "${clean[$variant]}" "$all" "$one" "${per_example[$variant]}"
done

echo
for variant in testing spec spec-one cases spec-loop; do
  if [[ -n ${clean[$variant]:-} && -n ${clean[xctest]:-} ]]; then
    printf 'clean build: %-8s / xctest  %5.2fx\n' "$variant" \
      "$(echo "${clean[$variant]} / ${clean[xctest]}" | bc -l)"
  fi
done
