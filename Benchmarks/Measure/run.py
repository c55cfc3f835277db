#!/usr/bin/env python3
"""How Assay's `measure` decides on a busy machine, and XCTest's `measure` beside it.

Records the stable block's baseline on a quiet machine, then, with two processor burners
running (as many as this machine's cores), counts false alarms over 50 measures of the same
block, and detections over 50 measures of the block slowed by 25%; then the detection rate of
smaller slowdowns, the same on a quiet machine, measure's overhead per run beside a bare
loop, and XCTest's `measure` on both blocks, quiet and busy. Each "measure" is one whole call
with the default options (1 s budget, up to 100 samples, tolerance 10%, 99% confidence).

    python3 Benchmarks/Measure/run.py [--runs 50]
"""
import argparse
import json
import os
import pathlib
import re
import subprocess
import sys
import tempfile

HERE = pathlib.Path(__file__).resolve().parent
BINARY = HERE / ".build/release/MeasureNoise"


def burners(count):
    return [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(count)]


def stop(processes):
    for process in processes:
        process.kill()
        process.wait()


def check(factor, runs, env):
    """How many of `runs` measures of the block slowed by `factor` reported a regression."""
    result = subprocess.run([str(BINARY), "check", str(factor), str(runs)], env=env,
                            capture_output=True, text=True)
    # Failures only: a warning (a busy machine, not counted) says "warning:".
    return len(re.findall(r"error: .*slower than the baseline", result.stderr))


def xctest(env):
    result = subprocess.run(["swift", "test", "-c", "release", "--package-path", str(HERE),
                             "--filter", "XCTestMeasure"], env=env, capture_output=True, text=True)
    lines = [line.strip() for line in (result.stdout + result.stderr).splitlines()
             if "measured" in line or "Executed" in line]
    return result.returncode, lines


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=50)
    parser.add_argument("--metric", default="wall", choices=["wall", "cpu"])
    args = parser.parse_args()
    subprocess.run(["swift", "build", "-c", "release", "--package-path", str(HERE)], check=True,
                   capture_output=True)
    folder = tempfile.mkdtemp(prefix="assay-measure-bench-")
    env = dict(os.environ, ASSAY_BASELINES=folder, ASSAY_MACHINE="bench", METRIC=args.metric)
    env.pop("CI", None)
    cores = os.cpu_count() or 2
    subprocess.run([str(BINARY), "record"], env=env, check=True, capture_output=True)
    baseline = json.load(open(f"{folder}/MeasureNoise.json"))
    samples = baseline["measures"]["stable block"]["bench"]["metrics"]
    for metric, summary in samples.items():
        if metric == "processorShare":
            continue
        print(f"baseline ({metric}, quiet): median {summary['median'] * 1e6:.1f} µs, "
              f"p10-p90 {summary['p10'] * 1e6:.1f}-{summary['p90'] * 1e6:.1f} µs")

    busy = burners(cores)
    try:
        alarms = check(0, args.runs, env)
        print(f"busy ({cores} burners), stable block: {alarms} regressions in {args.runs} "
              f"measures (false alarms)")
        found = check(0.25, args.runs, env)
        print(f"busy, block slowed by 25%: reported in {found} of {args.runs} "
              f"({100 * found / args.runs:.0f}%)")
        smallest = None
        for factor in (0.10, 0.125, 0.15, 0.175, 0.20):
            hits = check(factor, 20, env)
            print(f"busy, slowed by {factor:.1%}: reported in {hits} of 20")
            if smallest is None and hits >= 19:
                smallest = factor
        print(f"busy: smallest slowdown reported in at least 95% of runs: "
              f"{'none up to 20%' if smallest is None else f'{smallest:.1%}'}")
        code, lines = xctest(env)
        print(f"XCTest measure, busy (exit {code}):")
        for line in lines:
            print("   " + line)
    finally:
        stop(busy)

    print(f"quiet, stable block: {check(0, 20, env)} regressions in 20 measures")
    print(f"quiet, slowed by 25%: reported in {check(0.25, 20, env)} of 20")
    print(f"quiet, slowed by 12.5%: reported in {check(0.125, 20, env)} of 20")
    code, lines = xctest(env)
    print(f"XCTest measure, quiet (exit {code}):")
    for line in lines:
        print("   " + line)
    overhead = subprocess.run([str(BINARY), "overhead"], env=env, capture_output=True, text=True)
    bare = re.search(r"bare loop: median ([\d.]+) ns", overhead.stdout)
    tiny = json.load(open(f"{folder}/MeasureNoise.json"))["measures"]["tiny block"]["bench"]
    per_run = tiny["metrics"]["wallClock"]["median"] * 1e9
    print(f"overhead: a ~30 ns block takes {per_run:.1f} ns a run in measure, "
          f"{float(bare.group(1)):.1f} ns in a bare loop with two clock reads per 2,000 runs")


if __name__ == "__main__":
    main()
