#!/usr/bin/env python3
"""`assay mutate` on real packages from the local mirror, measured in one run.

For each package (cloned into /tmp/assay-mutation-bench, never into the repository):
  - a whole `assay mutate` from a fresh copy: wall time, peak memory, the copy's disk use,
    mutants per minute, score, and its time against the floor it prints (target <= 2x);
  - with --sample N (default 30): N covered mutants applied one at a time to a plain copy,
    rebuilt incrementally and tested with the whole suite (`swift test`), against
    `assay mutate`'s outcome for the same mutants: agreement (target 100%) and time per
    mutant (target >= 20x faster).

Usage: python3 Benchmarks/mutation/run.py [--sample N] [--packages NAME ...]
Needs a release build of assay: swift build -c release --product assay
"""
import argparse, json, pathlib, re, shutil, statistics, subprocess, sys, time

ROOT = pathlib.Path(__file__).resolve().parents[2]
ASSAY = ROOT / ".build" / "release" / "assay"
PACKAGES = {"Version": "mxcl/Version@2.2.1", "SwiftCSV": "swiftcsv/SwiftCSV@0.10.0",
            "Yams": "jpsim/Yams@6.2.2"}


def sh(command, cwd, timeout=None):
    return subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=timeout)


def apply(source, mutant):
    """The file's text with one mutant written in, as a person would edit it."""
    lines = source.split("\n")
    start, end = mutant["location"]["start"], mutant["location"]["end"]
    before = "\n".join(lines[:start["line"] - 1] + [lines[start["line"] - 1][:start["column"] - 1]])
    after_line = lines[end["line"] - 1][end["column"] - 1:]
    after = "\n".join([after_line] + lines[end["line"]:])
    replacement = mutant["replacement"]
    if mutant["mutatorName"] == "remove-call":
        replacement = ""
    return before + replacement + after


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--sample", type=int, default=30)
    parser.add_argument("--packages", nargs="*", default=list(PACKAGES))
    args = parser.parse_args()
    if not ASSAY.exists():
        sys.exit("error: build assay first: swift build -c release --product assay")
    work = pathlib.Path("/tmp/assay-mutation-bench")
    work.mkdir(exist_ok=True)
    for name in args.packages:
        owner_name, tag = PACKAGES[name].split("@")
        folder = work / name
        if not folder.exists():
            sh(["git", "clone", "-q", "--branch", tag, f"https://github.com/{owner_name}",
                str(folder)], work)
        shutil.rmtree(folder / ".build" / "assay" / "mutate", ignore_errors=True)
        report = work / f"{name}.json"
        start = time.perf_counter()
        run = sh(["/usr/bin/time", "-v", str(ASSAY), "mutate", "--report", f"json:{report}"],
                 folder)
        wall = time.perf_counter() - start
        peak = re.search(r"Maximum resident set size \(kbytes\): (\d+)", run.stderr)
        disk = sh(["du", "-sm", ".build/assay/mutate"], folder).stdout.split()[0]
        summary = [l for l in run.stdout.splitlines() if "mutants:" in l or l.startswith("Time:")]
        floor = re.search(r"floor ([\d.]+) s", run.stdout)
        print(f"== {name} {tag}: exit {run.returncode}, {wall:.1f} s wall, "
              f"peak {int(peak.group(1)) // 1024 if peak else '?'} MiB, copy {disk} MiB on disk")
        for line in summary:
            print("   " + line)
        if floor:
            print(f"   wall / floor: {wall / float(floor.group(1)):.2f}")
        # Nothing changed: the cache replays every outcome, and known unviable mutants are
        # left out of the (incremental) build.
        start = time.perf_counter()
        again = sh([str(ASSAY), "mutate"], folder)
        reused = re.search(r"(\d+) outcomes reused", again.stdout)
        print(f"   second run, nothing changed: {time.perf_counter() - start:.1f} s, "
              f"{reused.group(1) if reused else 0} outcomes reused, exit {again.returncode}")
        if run.returncode not in (0, 1) or not report.exists() or args.sample == 0:
            print(run.stderr[-2000:])
            continue
        mutants = [m for file, data in json.loads(report.read_text())["files"].items()
                   for m in [dict(x, file=file) for x in data["mutants"]]
                   if m["status"] in ("Killed", "Survived", "Timeout", "RuntimeError")]
        step = max(1, len(mutants) // args.sample)
        sample = mutants[::step][:args.sample]
        plain = work / f"{name}-plain"
        if not plain.exists():
            shutil.copytree(folder, plain, ignore=shutil.ignore_patterns(".build"))
        sh(["swift", "build", "--build-tests"], plain)
        agree, times = 0, []
        for mutant in sample:
            path = plain / mutant["file"]
            original = path.read_text()
            path.write_text(apply(original, mutant))
            start = time.perf_counter()
            built = sh(["swift", "build", "--build-tests"], plain)
            try:
                tested = sh(["swift", "test", "--skip-build"], plain, timeout=120)
                detected = built.returncode != 0 or tested.returncode != 0
            except subprocess.TimeoutExpired:
                detected = True
            times.append(time.perf_counter() - start)
            path.write_text(original)
            schemata_detected = mutant["status"] != "Survived"
            if detected == schemata_detected:
                agree += 1
            else:
                print(f"   disagree: {mutant['file']}:{mutant['location']['start']['line']} "
                      f"{mutant['mutatorName']} → {mutant['replacement']}: schemata "
                      f"{mutant['status']}, rebuild {'detected' if detected else 'survived'}")
        sh(["swift", "build", "--build-tests"], plain)
        mutated = len(mutants)
        per_schemata = wall / max(1, mutated)
        per_rebuild = statistics.mean(times)
        print(f"   sample of {len(sample)}: agreement {agree}/{len(sample)}; rebuild and whole "
              f"suite {per_rebuild:.2f} s a mutant against {per_schemata:.3f} s a mutant for the "
              f"whole assay mutate run ({per_rebuild / per_schemata:.0f}x)")


if __name__ == "__main__":
    main()
