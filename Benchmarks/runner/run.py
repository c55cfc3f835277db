#!/usr/bin/env python3
"""`assay test` measured against plain `swift test`, side by side in one run.

Builds a generated package of 1000 tests (half XCTest, half Swift Testing) plus 3 that crash
and 2 that hang, then prints the figures docs/benchmarks.md records:

  1. wall time of `assay test` / `swift test` on Assay's examples (on real packages, the
     real-world harness's `test` stage measures it on every package of the mirror);
  2. edit one test, rerun it by location / incremental build + `swift test --filter` (<= 1.1);
  3. the suite with crashes and hangs: every other test reported, time <= own + 2 timeouts + 10%;
  4. 4 shards of a skewed suite balanced by timings: slowest / ideal (<= 1.1).

Usage: python3 Benchmarks/runner/run.py [--runs N] [--work DIR]
Needs a release build of assay: swift build -c release --product assay
"""
import argparse, json, os, pathlib, shutil, statistics, subprocess, sys, time

ROOT = pathlib.Path(__file__).resolve().parents[2]
ASSAY = ROOT / ".build" / "release" / "assay"


def run(command, cwd, check=True):
    result = subprocess.run(command, cwd=cwd, capture_output=True, text=True)
    if check and result.returncode != 0:
        sys.exit(f"error: {' '.join(map(str, command))} failed in {cwd}:\n{result.stderr[-3000:]}")
    return result


def timed(command, cwd):
    start = time.perf_counter()
    result = subprocess.run(command, cwd=cwd, capture_output=True, text=True)
    return time.perf_counter() - start, result


def side_by_side(a, b, cwd, runs):
    """Runs a and b in turn (after one warm-up each); medians and the median of ratios."""
    timed(a, cwd), timed(b, cwd)
    pairs = [(timed(a, cwd)[0], timed(b, cwd)[0]) for _ in range(runs)]
    ta = statistics.median(p[0] for p in pairs)
    tb = statistics.median(p[1] for p in pairs)
    return ta, tb, statistics.median(p[0] / p[1] for p in pairs)


def generate(folder):
    """A package of 1000 quick tests, 3 that crash and 2 that hang."""
    if folder.exists():
        shutil.rmtree(folder)
    (folder / "Sources" / "Work").mkdir(parents=True)
    (folder / "Sources" / "Work" / "Work.swift").write_text(
        "public func work(_ n: Int) -> Int { (0..<n).reduce(0, &+) }\n")
    (folder / "Package.swift").write_text(
        '// swift-tools-version: 6.0\nimport PackageDescription\n'
        'let package = Package(name: "Generated", targets: [.target(name: "Work"),\n'
        '  .testTarget(name: "XCGenerated", dependencies: ["Work"]),\n'
        '  .testTarget(name: "STGenerated", dependencies: ["Work"])])\n')
    xc = folder / "Tests" / "XCGenerated"
    st = folder / "Tests" / "STGenerated"
    xc.mkdir(parents=True)
    st.mkdir(parents=True)
    for suite in range(5):
        body = "".join(
            f"  func test{n}() {{ XCTAssertEqual(work({n}), {n * (n - 1) // 2}) }}\n"
            for n in range(100))
        extra = ""
        if suite == 0:
            extra = ("  func testCrashes() { let a: [Int] = []; _ = a[1] }\n"
                     "  func testHangs() { DispatchSemaphore(value: 0).wait() }\n")
        (xc / f"Suite{suite}.swift").write_text(
            f"import Dispatch\nimport Work\nimport XCTest\n\n"
            f"final class Suite{suite}: XCTestCase {{\n{body}{extra}}}\n")
    for suite in range(5):
        body = "".join(
            f"  @Test func t{n}() {{ #expect(work({n}) == {n * (n - 1) // 2}) }}\n"
            for n in range(100))
        extra = ""
        if suite == 0:
            extra = ('  @Test func crashes() { fatalError("boom") }\n'
                     '  @Test func crashesToo() { precondition(work(3) == 4) }\n'
                     "  @Test func hangs() async { await withUnsafeContinuation { (_: UnsafeContinuation<Void, Never>) in } }\n")
        (st / f"Suite{suite}.swift").write_text(
            f"import Testing\nimport Work\n\n@Suite struct Suite{suite} {{\n{body}{extra}}}\n")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--work", default="/tmp/assay-runner-bench")
    args = parser.parse_args()
    if not ASSAY.exists():
        sys.exit("error: build assay first: swift build -c release --product assay")
    work = pathlib.Path(args.work)
    work.mkdir(parents=True, exist_ok=True)
    assay = str(ASSAY)

    print("== 1. assay test / swift test on the same built suites (wall, median of "
          f"{args.runs} pairs)")
    suites = [("Assay's examples", ROOT, ["--filter", "ExampleTests"])]
    for label, folder, extra in suites:
        report = work / "report.json"
        _, result = timed([assay, "test", "--skip-build", "--report", f"json:{report}", *extra],
                          folder)
        counts = {}
        for r in json.loads(report.read_text())["results"]:
            counts[r["outcome"]] = counts.get(r["outcome"], 0) + 1
        ta, tb, ratio = side_by_side([assay, "test", "--skip-build", *extra],
                                     ["swift", "test", "--skip-build", *extra], folder, args.runs)
        print(f"| {label} | {counts} | {ta:.2f} s | {tb:.2f} s | {ratio:.2f} |")

    generated = work / "Generated"
    generate(generated)
    run(["swift", "build", "--build-tests"], generated)

    print("== 2. edit one test, rerun it: assay test File:line / swift build + swift test --filter")
    file = generated / "Tests" / "STGenerated" / "Suite3.swift"
    original = file.read_text()
    line = next(i + 1 for i, l in enumerate(original.splitlines()) if "func t42()" in l)
    pairs = []
    for edit in range(args.runs + 1):
        file.write_text(original.replace("work(42) ==", f"work(42) + {edit} - {edit} =="))
        a, ra = timed([assay, "test", f"{file}:{line}"], generated)
        file.write_text(original.replace("work(42) ==", f"work(42) + {edit + 100} - {edit + 100} =="))
        b1, _ = timed(["swift", "build", "--build-tests"], generated)
        b2, rb = timed(["swift", "test", "--skip-build", "--filter", "Suite3/t42"], generated)
        if edit > 0:
            pairs.append((a, b1 + b2))
        if ra.returncode != 0 or "1 test: 1 passed" not in ra.stdout:
            sys.exit(f"error: the rerun by location did not run one passing test:\n{ra.stdout[-2000:]}")
    file.write_text(original)
    ta = statistics.median(p[0] for p in pairs)
    tb = statistics.median(p[1] for p in pairs)
    print(f"| rerun by location | {ta:.2f} s | {tb:.2f} s | "
          f"{statistics.median(p[0] / p[1] for p in pairs):.2f} |")

    print("== 3. 1000 tests, 3 that crash, 2 that hang (timeout 5 s)")
    report = work / "generated.json"
    own = statistics.median(
        timed([assay, "test", "--skip-build", "--skip", "[Cc]rashes|[Hh]angs"], generated)[0]
        for _ in range(3))
    full = statistics.median(
        timed([assay, "test", "--skip-build", "--test-timeout", "5", "--report",
               f"json:{report}"], generated)[0] for _ in range(3))
    counts = {}
    for r in json.loads(report.read_text())["results"]:
        counts[r["outcome"]] = counts.get(r["outcome"], 0) + 1
    plain, _ = timed(["swift", "test", "--skip-build"], generated)
    bound = (own + 2 * 5) * 1.1
    print(f"| outcomes | {counts} |")
    print(f"| own time (without the 5; median of 3) | {own:.2f} s |")
    print(f"| with crashes and hangs | {full:.2f} s (bound {bound:.2f} s: "
          f"{'met' if full <= bound else 'NOT met'}) |")
    print(f"| swift test, same suite (ends at the first crash) | {plain:.2f} s |")

    print("== 4. 4 shards of a skewed suite balanced by an earlier run's timings")
    results = []
    for index in range(1000):
        library = "XCTest" if index < 500 else "Swift Testing"
        suite = f"Suite{(index % 500) // 100}"
        test = f"test{index % 100}" if index < 500 else f"t{index % 100}()"
        target = "XCGenerated" if index < 500 else "STGenerated"
        # Skewed: a few long tests, many short ones.
        duration = 5.0 if index % 97 == 0 else (0.5 if index % 13 == 0 else 0.01)
        results.append({"id": {"library": library, "target": target, "suite": suite,
                               "test": test}, "outcome": "passed", "duration": duration,
                        "issues": []})
    timings = work / "timings.json"
    timings.write_text(json.dumps({"schemaVersion": 1, "started": 0, "duration": 0,
                                   "results": results}))
    durations = {f"{r['id']['target']}.{r['id']['suite']}/{r['id']['test']}": r["duration"]
                 for r in results}
    loads = []
    seen = []
    for index in range(1, 5):
        listed = run([assay, "test", "--skip-build", "--list", "--skip", "[Cc]rashes|[Hh]angs",
                      "--shard", f"{index}/4", "--timings", str(timings)], generated).stdout
        names = [l.split(": ")[-1] for l in listed.splitlines() if l.strip()]
        seen += names
        loads.append(sum(durations.get(n, 0) for n in names))
    ideal = sum(durations.values()) / 4
    print(f"| shards (planned seconds) | {[round(l, 2) for l in loads]} | ideal {ideal:.2f} | "
          f"slowest / ideal {max(loads) / ideal:.3f} |")
    print(f"| tests in all shards | {len(seen)} ({len(set(seen))} distinct) |")


if __name__ == "__main__":
    main()
