#!/usr/bin/env python3
"""`assay migrate quick` on real Quick specs: migrate, build and run them under `swift test`.

Quick specs are not run by `swift test` on Linux. This script takes real packages whose tests
are Quick specs, clones each into /tmp/assay-quick-bench (never into this repository), points
their manifest at Assay instead of Quick and Nimble, deletes LinuxMain, runs
`assay migrate quick Tests --in-place`, and then runs the tests with plain `swift test` and
with `assay test --report json:...`. It prints, per package, the examples the original specs
declare (counted by running the migrated specs' listing), those that ran, passed and failed,
and the notes the migration left.

The packages are not in the local SwiftPM mirror: give each as NAME=GIT (a path or URL git
can clone). By default the script uses the snapshots the tool library keeps in
/work/.mirror (`fetch github:MiCasa-HomeKit/Swime`, `fetch github:devxoul/Pure`).

    swift build -c release --product assay && python3 Benchmarks/migration/quick.py
"""
import argparse
import json
import pathlib
import re
import shutil
import subprocess

ROOT = pathlib.Path(__file__).resolve().parents[2]
ASSAY = ROOT / ".build/release/assay"
DEFAULTS = {
    "Swime": "/work/.mirror/MiCasa-HomeKit+Swime/repo",
    "Pure": "/work/.mirror/devxoul+Pure/repo",
}


def sh(arguments, folder, check=False):
    result = subprocess.run(arguments, cwd=folder, capture_output=True, text=True)
    if check and result.returncode != 0:
        raise SystemExit(
            f"error: {' '.join(map(str, arguments))} failed in {folder}:\n"
            + (result.stdout + result.stderr)[-4000:])
    return result


def checkout(source, folder):
    """Clones `source` into `folder`. A snapshot may lack its largest files: each is written
    empty, and returned, so that the examples reading it fail (and say so) instead of
    stopping the clone."""
    sh(["git", "clone", "-q", "--no-checkout", source, str(folder)], folder.parent, check=True)
    missing = []
    tree = sh(["git", "ls-tree", "-r", "-z", "HEAD"], folder, check=True).stdout
    for entry in filter(None, tree.split("\0")):
        meta, path = entry.split("\t", 1)
        _, kind, sha = meta.split()
        if kind != "blob":
            continue
        target = folder / path
        target.parent.mkdir(parents=True, exist_ok=True)
        blob = subprocess.run(["git", "cat-file", "blob", sha], cwd=folder, capture_output=True)
        if blob.returncode != 0:
            missing.append(path)
        target.write_bytes(blob.stdout if blob.returncode == 0 else b"")
    sh(["git", "reset", "-q"], folder, check=True)
    return missing


def use_assay(manifest: pathlib.Path):
    """Quick and Nimble out of the manifest, Assay in (tools 5.9, for package: labels)."""
    text = manifest.read_text()
    text = re.sub(r"// swift-tools-version:\s*[0-9.]+", "// swift-tools-version:5.9", text)
    text = "\n".join(
        line for line in text.splitlines() if "github.com/Quick/" not in line) + "\n"
    text = re.sub(
        r"dependencies:\s*\[", f'dependencies: [\n    .package(name: "assay", path: "{ROOT}"),',
        text, count=1)
    text = text.replace('"Quick"', '.product(name: "Assay", package: "assay")')
    text = re.sub(r',\s*"Nimble"', "", text)
    text = re.sub(r'"Nimble",\s*', "", text)
    manifest.write_text(text)


def main():
    global ASSAY
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("packages", nargs="*", help="NAME=GIT (default: Swime and Pure)")
    parser.add_argument("--work", default="/tmp/assay-quick-bench")
    parser.add_argument("--assay", default=str(ASSAY), help="the assay binary to run (default: the release build)")
    arguments = parser.parse_args()
    ASSAY = pathlib.Path(arguments.assay)
    packages = dict(p.split("=", 1) for p in arguments.packages) or DEFAULTS
    work = pathlib.Path(arguments.work)
    work.mkdir(parents=True, exist_ok=True)
    rows = []
    for name, source in packages.items():
        folder = work / name
        shutil.rmtree(folder, ignore_errors=True)
        missing = checkout(source, folder)
        for path in missing:
            print(f"  {name}: {path} is absent from the snapshot: written empty")
        commit = sh(["git", "rev-parse", "--short", "HEAD"], folder).stdout.strip()
        specs = sorted(
            str(p.relative_to(folder)) for p in (folder / "Tests").rglob("*.swift")
            if "QuickSpec" in p.read_text(errors="ignore"))
        use_assay(folder / "Package.swift")
        (folder / "Package.resolved").unlink(missing_ok=True)
        (folder / "Tests/LinuxMain.swift").unlink(missing_ok=True)
        sh(["git", "add", "-A"], folder, check=True)
        sh(["git", "-c", "user.name=bench", "-c", "user.email=bench@localhost", "commit", "-qm",
            "Assay instead of Quick"], folder, check=True)
        migration = sh([ASSAY, "migrate", "quick", "Tests", "--in-place"], folder, check=True)
        summary = migration.stdout.strip().splitlines()[-1]
        notes = [line for line in migration.stdout.splitlines() if ": note: " in line]
        sh(["swift", "build", "--build-tests"], folder, check=True)
        plain = sh(["swift", "test", "--skip-build"], folder)
        ran = re.search(r"Test run with (\d+) tests? in \d+ suites? (passed|failed)", plain.stdout)
        cases = len(re.findall(r"^[✔✘] Test example\(_:\) with 1 argument", plain.stdout, re.M))
        report = folder / "after.json"
        sh([ASSAY, "test", "--skip-build", "--report", f"json:{report}"], folder)
        results = json.loads(report.read_text())["results"]
        outcomes = {}
        for result in results:
            outcomes[result["outcome"]] = outcomes.get(result["outcome"], 0) + 1
        # A planted failure: the first assertEqual of the first spec, negated, must fail one
        # more example, at its line.
        planted = folder / specs[0]
        text = planted.read_text()
        index = text.index("assertEqual(")
        line = text[:index].count("\n") + 1
        planted.write_text(text[:index] + "assertNotEqual(" + text[index + len("assertEqual("):])
        sh(["swift", "build", "--build-tests"], folder, check=True)
        again = sh(["swift", "test", "--skip-build"], folder)
        caught = re.findall(rf"{re.escape(planted.name)}:{line}:\d+", again.stdout)
        failed_before = outcomes.get("failed", 0)
        failed_after = len(re.findall(r"^✘ Test example\(_:\) recorded an issue", again.stdout, re.M))
        plant = (f"{planted.name}:{line} negated: {failed_after} failing examples "
                 f"(was {failed_before}), reported at that line: {'yes' if caught else 'NO'}")
        rows.append((name, commit, len(specs), summary, len(notes), plain.returncode,
                     ran.group(0) if ran else "no Swift Testing run", len(results), outcomes,
                     plant))
        for note in notes:
            print(f"  {name}: {note}")
    print("| package (commit) | spec files | migration | notes | `swift test` | examples run "
          "by `assay test` | outcomes | planted failure |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for name, commit, specs, summary, notes, status, ran, count, outcomes, plant in rows:
        text = ", ".join(f"{count} {outcome}" for outcome, count in sorted(outcomes.items()))
        print(f"| {name} ({commit}) | {specs} | {summary} | {notes} | exit {status}: {ran} | "
              f"{count} | {text} | {plant} |")


if __name__ == "__main__":
    main()
