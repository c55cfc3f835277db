#!/usr/bin/env python3
"""Compares what two builds of `assay migrate xctest` would convert on every package with a
`migrate` row, without building or running anything: a quick check that a change to the
migration's classification moves only the classes it means to.

    python3 Benchmarks/realworld/dry_migrate.py OLD_ASSAY NEW_ASSAY [--work /tmp/assay-dry]

For each package: a clean clone at its version (repaired as the harness repairs it), then
`assay migrate xctest --dry-run --no-build --assay` on the test folders its stage used, with
each binary; one line per package with (suites, tests, assertions) converted by each, and
CHANGED where they differ. Nothing is written outside the work folder."""
import argparse
import json
import pathlib
import re
import subprocess

from harness import population, repairs, workspace

RESULTS = pathlib.Path(__file__).resolve().parent / "results"


def converted(binary, folder, paths):
    run = subprocess.run([binary, "migrate", "xctest", "--dry-run", "--no-build", "--assay", *paths],
                         cwd=folder, capture_output=True, text=True, timeout=900)
    found = re.search(r"(\d+) suites, (\d+) tests, (\d+) assertions converted", run.stdout + run.stderr)
    return tuple(int(x) for x in found.groups()) if found else f"exit {run.returncode}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("old")
    parser.add_argument("new")
    parser.add_argument("--work", default="/tmp/assay-dry")
    args = parser.parse_args()
    packages = {f"{p.owner}/{p.name}": p for p in population.read()}
    work = pathlib.Path(args.work)
    for result in sorted(RESULTS.glob("*/migrate.json")):
        record = json.loads(result.read_text())
        package = packages.get(record.get("package"))
        if record.get("status") != "measured" or package is None:
            continue
        folder = work / package.slug / package.name
        if not folder.exists():
            workspace.clone(package, work, folder)
            repairs.apply(package, folder)
        paths = record.get("test_folders") or ["Tests"]
        old, new = converted(args.old, folder, paths), converted(args.new, folder, paths)
        print(record["package"], old, new, "CHANGED" if old != new else "", flush=True)


if __name__ == "__main__":
    main()
