#!/usr/bin/env python3
"""`measure(metrics: [.instructions])` through `assay test`, as a user runs it, on a machine
with no instruction counter (so `assay test` counts under Callgrind).

Four measures (Tests/InstructionMeasure): an arithmetic block and a sorting-and-grouping block
of 1,500 records, each in a `@Test` and in an `XCTestCase`. Records their baselines once, then
for each neighbour (none; two processor burners, one per core; a memory-heavy process walking
512 MB) runs the unchanged code and the code with 5% more work (`SLOWDOWN=0.05`), `--runs`
rounds each (`assay test --repeat`), and counts per measure the rounds that failed: false
alarms on unchanged code, detections on the 5%. Then the cost: the same tests under
`swift test` (which warns that it cannot count) beside one round of `assay test`.

    swift build --product assay          # the assay that `swift run assay` runs
    python3 Benchmarks/Measure/instructions.py [--runs 50]
"""
import argparse
import json
import os
import pathlib
import subprocess
import sys
import tempfile
import time

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent.parent
ASSAY = ROOT / ".build/debug/assay"
FILTER = "InstructionMeasure"
TESTS = {
    "InstructionMeasure.arithmeticInstructions()": "arithmetic, @Test",
    "InstructionMeasure.sortingInstructions()": "sorting and grouping, @Test",
    "InstructionMeasure.InstructionMeasureXCTests/testArithmeticInstructions": "arithmetic, XCTestCase",
    "InstructionMeasure.InstructionMeasureXCTests/testSortingInstructions": "sorting and grouping, XCTestCase",
}


def neighbours(kind):
    cores = os.cpu_count() or 2
    if kind == "burners":
        code = "while True: pass"
        return [subprocess.Popen([sys.executable, "-c", code]) for _ in range(cores)]
    if kind == "memory":
        code = ("b = bytearray(512 * 1024 * 1024)\n"
                "while True:\n"
                "    for i in range(0, len(b), 4096): b[i] = (b[i] + 1) & 255\n")
        return [subprocess.Popen([sys.executable, "-c", code])]
    return []


def stop(processes):
    for process in processes:
        process.kill()
        process.wait()


def assay(env, *arguments):
    """Runs assay test in the benchmark package; returns (exit status, results, seconds)."""
    report = tempfile.mktemp(suffix=".json")
    started = time.monotonic()
    result = subprocess.run([str(ASSAY), "test", "--package-path", str(HERE), "--filter", FILTER,
                             "--report", f"json:{report}", *arguments], env=env,
                            capture_output=True, text=True)
    seconds = time.monotonic() - started
    try:
        results = json.load(open(report))["results"]
    except (OSError, ValueError, KeyError):
        sys.exit(f"assay test wrote no report (exit {result.returncode}):\n"
                 f"{result.stdout[-3000:]}\n{result.stderr[-3000:]}")
    return result.returncode, results, seconds


def name(result):
    test = result["id"]
    suite = test.get("suite") or ""
    return f"{test['target']}.{suite + '/' if suite else ''}{test['test']}"


def failures(results):
    """How many rounds failed, per measure's test; and the issues, for a look."""
    counts = {label: 0 for label in TESTS.values()}
    messages = []
    for result in results:
        label = TESTS.get(name(result))
        if label and result["outcome"] in ("failed", "crashed", "timedOut"):
            counts[label] += 1
            messages += [issue["message"] for issue in result.get("issues", [])][:1]
    return counts, messages


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=50)
    args = parser.parse_args()
    if not ASSAY.exists():
        sys.exit(f"build the assay command first: swift build --product assay ({ASSAY})")
    folder = tempfile.mkdtemp(prefix="assay-instructions-bench-")
    env = dict(os.environ, ASSAY_BASELINES=folder, ASSAY_MACHINE="bench")
    env.pop("CI", None)
    status, _, seconds = assay(env, "--record-baselines")
    print(f"recorded the baselines (exit {status}, {seconds:.0f} s with the build)")
    baselines = json.load(open(f"{folder}/InstructionMeasure.json"))["measures"]
    for measure, machines in sorted(baselines.items()):
        counts = machines["bench"]["metrics"]["instructions"]["samples"]
        print(f"  {measure}: {int(min(counts))} to {int(max(counts))} instructions a run")

    print(f"\n| Neighbour | Work | " + " | ".join(TESTS.values()) + " |")
    print("| --- | --- |" + " --- |" * len(TESTS))
    for kind in ("none", "burners", "memory"):
        for slowdown in ("0", "0.05"):
            processes = neighbours(kind)
            try:
                run_env = dict(env, SLOWDOWN=slowdown)
                _, results, seconds = assay(run_env, "--skip-build", "--repeat", str(args.runs))
            finally:
                stop(processes)
            counts, messages = failures(results)
            work = "unchanged: false alarms" if slowdown == "0" else "5% more: caught"
            cells = " | ".join(f"{counts[label]} of {args.runs}" for label in TESTS.values())
            print(f"| {kind} | {work} | {cells} |  ({seconds:.0f} s)", flush=True)
            for message in sorted(set(messages))[:2]:
                print(f"    e.g. {message.splitlines()[0]}")

    started = time.monotonic()
    plain = subprocess.run(["swift", "test", "--skip-build", "--package-path", str(HERE),
                            "--filter", FILTER], env=env, capture_output=True, text=True)
    swift_test = time.monotonic() - started
    _, _, one_round = assay(dict(env, SLOWDOWN="0"), "--skip-build")
    print(f"\ncost: swift test {swift_test:.1f} s (exit {plain.returncode}; it warns that it "
          f"cannot count), assay test with the Callgrind run {one_round:.1f} s "
          f"({one_round / swift_test:.1f}x)")


if __name__ == "__main__":
    main()
