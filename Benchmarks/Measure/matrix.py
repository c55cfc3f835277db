#!/usr/bin/env python3
"""`measure` through `assay test`, as a user runs it: blocks × neighbours × work, for one metric.

Eight measures (Tests/MeasureMatrix): an arithmetic block, a sorting-and-grouping block of
1,500 records (milliseconds), an allocating block and an asynchronous one, each in a `@Test`
and in an `XCTestCase`, measuring the one metric `--metric` names. Records their baselines
once, as a user does (`assay test --record-baselines`: times in five new processes each, one
test at a time); then for each neighbour (none; two processor burners, one per core; a
memory-heavy process walking 512 MB) runs the unchanged code and the code with more work
(`SLOWDOWN`: 5% for instructions, 25% for the rest), `--runs` rounds each
(`assay test --repeat`), and counts per measure the rounds whose verdict was a regression (the
test failed) and those that were inconclusive (a warning): on unchanged code a regression is a
false alarm; on more work, one that was caught. Tests run one at a time (`--no-parallel`). For instructions, the cost of one round beside
`swift test` (on a machine with no counter, assay test counts under Callgrind).

    swift build --product assay          # the assay that `swift run assay` runs
    python3 Benchmarks/Measure/matrix.py --metric instructions [--runs 50]
    python3 Benchmarks/Measure/matrix.py --metric wallClock --neighbours none,burners
    python3 Benchmarks/Measure/matrix.py --neighbours burners --work more   # only the planted cells
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
FILTER = "MeasureMatrix"
TESTS = {
    "MeasureMatrix.arithmetic()": "arithmetic, @Test",
    "MeasureMatrix.MeasureMatrixXCTests/testArithmetic": "arithmetic, XCTestCase",
    "MeasureMatrix.sorting()": "sorting, @Test",
    "MeasureMatrix.MeasureMatrixXCTests/testSorting": "sorting, XCTestCase",
    "MeasureMatrix.allocation()": "allocating, @Test",
    "MeasureMatrix.MeasureMatrixXCTests/testAllocation": "allocating, XCTestCase",
    "MeasureMatrix.awaiting()": "asynchronous, @Test",
    "MeasureMatrix.MeasureMatrixXCTests/testAwaiting": "asynchronous, XCTestCase",
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
    """Runs assay test in the benchmark package; returns (exit status, results, seconds, the
    report's path)."""
    report = tempfile.mktemp(suffix=".json")
    started = time.monotonic()
    # One test at a time, as the Performance Tests article advises: Swift Testing would
    # otherwise run the four @Test measures side by side, each the others' neighbour.
    result = subprocess.run([str(ASSAY), "test", "--package-path", str(HERE), "--filter", FILTER,
                             "--no-parallel", "--report", f"json:{report}", *arguments], env=env,
                            capture_output=True, text=True)
    seconds = time.monotonic() - started
    try:
        results = json.load(open(report))["results"]
    except (OSError, ValueError, KeyError):
        sys.exit(f"assay test wrote no report (exit {result.returncode}):\n"
                 f"{result.stdout[-3000:]}\n{result.stderr[-3000:]}")
    return result.returncode, results, seconds, report


def name(result):
    test = result["id"]
    suite = test.get("suite") or ""
    return f"{test['target']}.{suite + '/' if suite else ''}{test['test']}"


def verdicts(results):
    """Per measure's test: rounds that failed (a regression, or an error), rounds with an
    inconclusive warning, rounds that judged nothing (a warning that the metric is not
    measured); and a message of each kind, for a look."""
    counts = {label: {"failed": 0, "inconclusive": 0, "not measured": 0, "improved": 0, "pace": 0}
              for label in TESTS.values()}
    messages = {}
    for result in results:
        label = TESTS.get(name(result))
        if not label:
            continue
        warnings = [i["message"] for i in result.get("issues", []) if i.get("isWarning")]
        if result["outcome"] in ("failed", "crashed", "timedOut"):
            counts[label]["failed"] += 1
            failures = [i["message"] for i in result.get("issues", []) if not i.get("isWarning")]
            messages.setdefault("failed", (failures or [result.get("reason") or ""])[0])
        elif any(" not measured: " in w for w in warnings):
            counts[label]["not measured"] += 1
            messages.setdefault("not measured", next(w for w in warnings))
        elif any(w.startswith("measure ") and " inconclusive: " not in w
                 and "% faster than the baseline" in w.splitlines()[0] for w in warnings):
            counts[label]["improved"] += 1
        elif any(w.startswith("measure ") for w in warnings):
            # Inconclusive, or a slowdown not counted as a regression on a busy machine (whose
            # reason `assay test` kept in a later line of an XCTest warning, once).
            counts[label]["inconclusive"] += 1
            messages.setdefault("inconclusive", next(w for w in warnings))
            paced = [w for w in warnings
                     if "ran at another pace" in w or "itself ran slower than when" in w]
            if paced:
                # The machine ran at another pace than at recording, and the samples over it
                # disagreed with the samples; or it ran slower within the tolerance, by enough
                # to leave the block's own slowdown within the tolerance.
                counts[label]["pace"] += 1
                messages.setdefault("pace", paced[0])
    return counts, messages


def cell(count, runs):
    if count["not measured"] == runs:
        return "not measured"
    text = f"{count['failed']} of {runs}"
    if count["inconclusive"]:
        pace = f", {count['pace']} for the pace" if count["pace"] else ""
        text += f" ({count['inconclusive']} inconclusive{pace})"
    if count["improved"]:
        text += f" ({count['improved']} improved)"
    return text


def main():
    global ASSAY
    parser = argparse.ArgumentParser()
    parser.add_argument("--metric", default="instructions",
                        choices=["instructions", "wallClock", "cpuTime", "allocations"])
    parser.add_argument("--runs", type=int, default=50)
    parser.add_argument("--neighbours", default="none,burners,memory")
    parser.add_argument("--slowdown", type=float)
    parser.add_argument("--work", default="unchanged,more",
                        help="which cells of each neighbour: unchanged, more (the planted work)")
    parser.add_argument("--assay", type=pathlib.Path, default=ASSAY,
                        help="the assay command to run (default: the debug build's)")
    args = parser.parse_args()
    ASSAY = args.assay
    slowdown = args.slowdown if args.slowdown is not None else (
        0.05 if args.metric == "instructions" else 0.25)
    if not ASSAY.exists():
        sys.exit(f"build the assay command first: swift build --product assay ({ASSAY})")
    folder = tempfile.mkdtemp(prefix="assay-matrix-bench-")
    env = dict(os.environ, ASSAY_BASELINES=folder, ASSAY_MACHINE="bench", METRIC=args.metric)
    env.pop("CI", None)
    status, _, seconds, _ = assay(env, "--record-baselines")
    print(f"{args.metric}: recorded the baselines alone (exit {status}, {seconds:.0f} s with the build)")
    baselines = json.load(open(f"{folder}/MeasureMatrix.json"))["measures"]
    for measure, machines in sorted(baselines.items()):
        metric = machines["bench"]["metrics"].get(args.metric)
        if metric:
            samples = metric["samples"]
            processes = metric.get("processes", [])
            spread = (f", {len(processes)} processes: {', '.join(f'{p:.4g}' for p in processes)} "
                      f"(slowest {max(processes) / min(processes) - 1:.1%} over fastest)"
                      if len(processes) > 1 else "")
            print(f"  {measure}: median {metric.get('median', samples[len(samples) // 2]):.6g}, "
                  f"{len(samples)} samples{spread}")
            pace = machines["bench"]["metrics"].get("machinePace", {}).get("processes", [])
            if len(pace) > 1:
                print(f"    the machine's pace in those processes: "
                      f"{', '.join(f'{p:.4g}' for p in pace)} "
                      f"(slowest {max(pace) / min(pace) - 1:.1%} over fastest)")

    print(f"\n| Neighbour | Work | " + " | ".join(TESTS.values()) + " |")
    print("| --- | --- |" + " --- |" * len(TESTS))
    for kind in args.neighbours.split(","):
        works = {"unchanged": "0", "more": str(slowdown)}
        for planted in (works[work] for work in args.work.split(",")):
            processes = neighbours(kind)
            try:
                _, results, seconds, report = assay(dict(env, SLOWDOWN=planted), "--skip-build",
                                            "--repeat", str(args.runs))
            finally:
                stop(processes)
            counts, messages = verdicts(results)
            work = ("unchanged: false alarms" if planted == "0"
                    else f"{float(planted):.0%} more: caught")
            cells = " | ".join(cell(counts[label], args.runs) for label in TESTS.values())
            print(f"| {kind} | {work} | {cells} |  ({seconds:.0f} s, {report})", flush=True)
            for kind_of, message in sorted(messages.items()):
                print(f"    e.g. {kind_of}: {message.splitlines()[0][:220]}")

    if args.metric == "instructions":
        started = time.monotonic()
        plain = subprocess.run(["swift", "test", "--skip-build", "--package-path", str(HERE),
                                "--filter", FILTER], env=env, capture_output=True, text=True)
        swift_test = time.monotonic() - started
        _, _, one_round, _ = assay(dict(env, SLOWDOWN="0"), "--skip-build")
        print(f"\ncost: swift test {swift_test:.1f} s (exit {plain.returncode}; it warns that it "
              f"cannot count), assay test with the Callgrind run {one_round:.1f} s "
              f"({one_round / swift_test:.1f}x)")


if __name__ == "__main__":
    main()
