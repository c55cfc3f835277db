#!/usr/bin/env python3
"""`assay migrate xctest` on real packages' XCTest suites: migrate, build, run, compare.

Each package is cloned from the local mirror by its https://github.com/... URL into
/tmp/assay-migration-bench (never into this repository), built, and its tests run with
`assay test --report json:before.json`. Then `assay migrate xctest Tests --in-place` converts
its suites, the tests are built and run again, and `assay migrate compare` checks that the
same tests ran with the same outcomes, test by test. The build time of the test targets is
measured before and after (their files touched, the libraries already built), and the
conversion speed in files per second.

    swift build -c release --product assay && python3 Benchmarks/migration/run.py --with-assay
    python3 Benchmarks/migration/run.py --with-assay --assertions assay   # Assay's assertions
"""
import argparse
import json
import pathlib
import re
import shutil
import subprocess
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
ASSAY = ROOT / ".build/release/assay"
PACKAGES = {
    "swift-algorithms": "apple/swift-algorithms@1.2.1",
    "swift-asn1": "apple/swift-asn1@1.7.4",
    "XMLCoder": "CoreOffice/XMLCoder@0.18.2",
    "Yams": "jpsim/Yams@6.2.2",
    "swift-system": "apple/swift-system@1.8.1",
    "swift-tagged": "pointfreeco/swift-tagged@0.10.0",
}


def sh(arguments, folder, check=False):
    return subprocess.run(arguments, cwd=folder, capture_output=True, text=True, check=check)


def timed(arguments, folder):
    start = time.perf_counter()
    result = sh(arguments, folder)
    return result, time.perf_counter() - start


def build_tests(folder):
    """Builds with the test files touched, so that the test targets compile again."""
    for path in (folder / "Tests").rglob("*.swift"):
        path.touch()
    result, seconds = timed(["swift", "build", "--build-tests"], folder)
    if result.returncode != 0:
        print(result.stdout[-3000:] + result.stderr[-2000:])
    return result.returncode, seconds


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--packages", nargs="*", default=list(PACKAGES))
    parser.add_argument("--assay", default=str(ASSAY), help="the assay binary (release build)")
    parser.add_argument("--with-assay", action="store_true",
                        help="add Assay to the test targets first, so that what needs it converts")
    parser.add_argument("--assertions", choices=["expect", "assay"], default="expect",
                        help="what assertions become (assay needs --with-assay)")
    args = parser.parse_args()
    assay = args.assay
    work = pathlib.Path("/tmp/assay-migration-bench")
    work.mkdir(exist_ok=True)
    for name in args.packages:
        owner_name, tag = PACKAGES[name].split("@")
        folder = work / name
        shutil.rmtree(folder, ignore_errors=True)
        sh(["git", "clone", "-q", "--branch", tag, f"https://github.com/{owner_name}", str(folder)],
           work, check=True)
        if args.with_assay:
            # The one change to the package: its test targets depend on Assay.
            for path in folder.glob("Package*.swift"):
                with open(path, "a") as manifest:
                    manifest.write(f"""
package.dependencies.append(.package(path: "{ROOT}"))
for target in package.targets where target.type == .test {{
  target.dependencies.append(.product(name: "Assay", package: "{ROOT.name}"))
}}
""")
        linux_main = folder / "Tests/LinuxMain.swift"
        if linux_main.exists():
            # assay migrate refuses to write while LinuxMain.swift runs XCTest's test lists;
            # SwiftPM finds the tests without it. The second change to the package.
            linux_main.unlink()
            print(f"   ({name}: Tests/LinuxMain.swift deleted first)")
        sh(["swift", "build", "--build-tests"], folder)
        code, before_build = build_tests(folder)
        before = sh([assay, "test", "--skip-build", "--report", "json:before.json"], folder)
        files = len(list((folder / "Tests").rglob("*.swift")))
        # The clone's only uncommitted change is the manifest: the tests are committed.
        migrate, convert = timed(
            [assay, "migrate", "xctest", "Tests", "--in-place", "--assertions", args.assertions],
            folder)
        summary = migrate.stdout.strip().splitlines()[-1] if migrate.stdout.strip() else migrate.stderr
        notes = [line for line in migrate.stdout.splitlines() if ": note: " in line]
        code_after, after_build = build_tests(folder)
        if code_after != 0:
            print(f"== {name} {tag}: the migrated tests do not build (above)")
            continue
        after = sh([assay, "test", "--skip-build", "--report", "json:after.json"], folder)
        compare = sh([assay, "migrate", "compare", "before.json", "after.json"], folder)
        counts = {}
        if (folder / "before.json").exists():
            report = json.loads((folder / "before.json").read_text())
            for result in report["results"]:
                counts[result["outcome"]] = counts.get(result["outcome"], 0) + 1
        print(f"== {name} {tag}" + (" (tests depend on Assay)" if args.with_assay else "")
              + f", assertions: {args.assertions}")
        print(f"   before: {sum(counts.values())} results {counts}; test targets built in "
              f"{before_build:.1f} s (exit {code})")
        print(f"   migrate: {summary} ({convert:.2f} s, {files / convert:.0f} files/s)")
        for note in notes[:12]:
            print(f"     {note}")
        if len(notes) > 12:
            print(f"     ... {len(notes) - 12} more notes")
        print(f"   after: test targets built in {after_build:.1f} s (exit {code_after}), "
              f"ratio {after_build / before_build:.2f}")
        print(f"   compare (exit {compare.returncode}): "
              + (compare.stdout.strip() or compare.stderr.strip()).replace("\n", "\n     "))


if __name__ == "__main__":
    main()
