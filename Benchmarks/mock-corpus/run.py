#!/usr/bin/env python3
"""How many of real packages' public protocols `assay mock` turns into mocks that compile.

For each package (cloned from its https://github.com/OWNER/NAME URL at a tag, into a work
folder outside this repository; nothing of it is committed), the script:
1. lists every public protocol of every module from the compiler's symbol graphs
   (`swift package dump-symbol-graph`), not from a text search;
2. runs `assay mock` on each module's source folder (release build of this repository's tool),
   timing the generator;
3. adds one target per module to a copy of the package's manifest, holding the mocks and
   depending on the module and on Assay, and builds it;
4. prints protocols / mocked / refused / compiled per module, and the totals.

Usage: Benchmarks/mock-corpus/run.py [--work DIR] [OWNER/NAME@TAG ...]
"""
import json
import os
import pathlib
import re
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
CORPUS = [
    "apple/swift-log@1.16.2",
    "apple/swift-metrics@2.13.0",
    "apple/swift-distributed-tracing@1.7.3",
    "swift-server/swift-service-lifecycle@2.13.0",
    "apple/swift-openapi-runtime@1.13.4",
    "apple/swift-nio@2.101.3",
    "vapor/fluent-kit@1.57.0",
    "swift-server/async-http-client@1.37.0",
]


def run(command, cwd, check=True):
    result = subprocess.run(command, cwd=cwd, capture_output=True, text=True)
    if check and result.returncode != 0:
        sys.exit(f"error: {' '.join(command)} failed in {cwd}:\n{result.stderr[-3000:]}")
    return result


def public_protocols(package):
    """{module: [protocol names]} from the symbol graphs of the package's own modules."""
    # It fails on the test modules (they cannot be loaded) after writing the others' graphs.
    run(["swift", "package", "dump-symbol-graph"], package, check=False)
    graphs = next(package.glob(".build/*/symbolgraph"), None)
    if graphs is None:
        sys.exit(f"error: no symbol graphs for {package}")
    found = {}
    for path in graphs.glob("*.symbols.json"):
        if "@" in path.name:  # extensions of other modules' types
            continue
        graph = json.loads(path.read_text())
        for symbol in graph["symbols"]:
            uri = symbol.get("location", {}).get("uri", "")
            if symbol["kind"]["identifier"] == "swift.protocol" and "/.build/" not in uri:
                found.setdefault(graph["module"]["name"], []).append(symbol["names"]["title"])
    return found


def library_modules(package):
    """{module: source folder} of the targets that library products export."""
    description = json.loads(run(["swift", "package", "describe", "--type", "json"], package).stdout)
    exported = {t for p in description["products"] if "library" in p["type"] for t in p["targets"]}
    return {t["name"]: package / t["path"] for t in description["targets"] if t["name"] in exported}


def mock_regions(text):
    """[(protocol, first line, last line)] of each mock in a file `assay mock` wrote."""
    lines = text.split("\n")
    starts = [(i + 1, m.group(1)) for i, l in enumerate(lines)
              if (m := re.match(r"/// A mock of `([^`]+)`", l))]
    return [(name, start, (starts[k + 1][0] - 1) if k + 1 < len(starts) else len(lines))
            for k, (start, name) in enumerate(starts)]


def crashed_mock(log):
    """The protocol whose mock the compiler crashed on, from its stack dump, if it says."""
    match = re.search(r'SIL function "@(\$s\w+)"', log)
    if not match:
        return None
    name = subprocess.run(["swift", "demangle", "--compact", match.group(1)],
                          capture_output=True, text=True).stdout
    found = re.search(r"\bMock(\w+)", name)
    return found.group(1) if found else None


def remove_mock(output, name):
    """Takes the mock of `name` out of a file `assay mock` wrote."""
    lines = output.read_text().split("\n")
    for protocol, first, last in mock_regions("\n".join(lines)):
        if protocol == name:
            del lines[first - 1:last]
            break
    output.write_text("\n".join(lines))


def check(spec, work, assay):
    owner_name, tag = spec.split("@")
    name = owner_name.split("/")[1]
    package = work / name
    if not package.exists():
        run(["git", "clone", "-q", "--depth", "1", "--branch", tag,
             f"https://github.com/{owner_name}", str(package)], work)
    original = package / "Package.swift.orig"
    if original.exists():  # an earlier run's manifest, with the mocks' targets: start afresh
        (package / "Package.swift").write_text(original.read_text())
    protocols = public_protocols(package)
    modules = library_modules(package)
    rows, additions, seconds = [], [], 0.0
    for module, names in sorted(protocols.items()):
        if module not in modules:
            continue
        folder = package / "AssayMocks" / module
        folder.mkdir(parents=True, exist_ok=True)
        output = folder / "Mocks.swift"
        start = time.perf_counter()
        only = [a for n in names for a in ("--protocol", n.split(".")[-1])]
        # The package's other modules may declare parents (Tracing's Tracer: Instrument).
        parents = [a for other, path in modules.items() if other != module
                   for a in ("--parents", str(path))]
        result = run([str(assay), "mock", str(modules[module]), "--import", module,
                      "--output", str(output), "--force", *only, *parents], package, check=False)
        seconds += time.perf_counter() - start
        public = {n.split(".")[-1] for n in names}
        written = [r for r in (mock_regions(output.read_text()) if output.exists() else [])
                   if r[0] in public]
        refused = [l for l in result.stderr.splitlines() if ": error:" in l]
        rows.append({"module": module, "protocols": len(names), "written": written,
                     "refused": refused, "output": output})
        additions.append(module)
    manifest = package / "Package.swift"
    if not original.exists():
        original.write_text(manifest.read_text())
    tools = re.search(r"swift-tools-version:\s*(\d+)\.(\d+)", original.read_text())
    # `traits: []` keeps swift-syntax out; manifests older than tools 6.1 cannot say it.
    traits = ", traits: []" if tools and (int(tools[1]), int(tools[2])) >= (6, 1) else ""
    text = original.read_text() + f'\npackage.dependencies.append(.package(path: "{ROOT}"{traits}))\n'
    for module in additions:
        text += (f'package.targets.append(.target(name: "AssayMocks{module}", dependencies: '
                 f'["{module}", .product(name: "Assay", package: "{ROOT.name.lower()}")], '
                 f'path: "AssayMocks/{module}"))\n')
    manifest.write_text(text)
    for row in rows:
        row["broken"] = []
        # A compiler crash names no line: find the mock it crashed on, take it out, build again.
        for _ in range(4):
            if not row["written"]:
                break
            build = run(["swift", "build", "--target", f"AssayMocks{row['module']}"], package,
                        check=False)
            log = build.stdout + build.stderr
            errors = {int(m.group(1)) for m in re.finditer(
                rf"{re.escape(str(row['output']))}:(\d+):\d+: error:", log)}
            row["broken"] += [n for n, first, last in row["written"]
                              if any(first <= e <= last for e in errors)]
            if build.returncode == 0 or errors:
                break
            crashed = crashed_mock(log)
            if crashed is None or crashed not in [n for n, _, _ in row["written"]]:
                row["broken"] += [n for n, _, _ in row["written"]]  # failed elsewhere: count none
                break
            row["broken"].append(crashed)
            remove_mock(row["output"], crashed)
            row["written_all"] = row.get("written_all", row["written"])
            row["written"] = mock_regions(row["output"].read_text())
        row["written"] = row.get("written_all", row["written"])
    return name, rows, seconds


def main():
    args = sys.argv[1:]
    work = pathlib.Path("/tmp/assay-mock-corpus")
    if args[:1] == ["--work"]:
        work, args = pathlib.Path(args[1]), args[2:]
    work.mkdir(parents=True, exist_ok=True)
    run(["swift", "build", "-c", "release", "--product", "assay"], ROOT)
    bin_path = run(["swift", "build", "-c", "release", "--show-bin-path"], ROOT).stdout.strip()
    assay = pathlib.Path(bin_path) / "assay"
    print("| package | module | protocols | mocked | refused | compiled |")
    print("| --- | --- | --- | --- | --- | --- |")
    totals = [0, 0, 0, 0]
    generated, seconds = 0, 0.0
    for spec in args or CORPUS:
        name, rows, spent = check(spec, work, assay)
        seconds += spent
        for row in rows:
            mocked = len(row["written"])
            compiled = mocked - len(row["broken"])
            refused = row["protocols"] - mocked
            generated += mocked
            totals = [a + b for a, b in zip(totals, [row["protocols"], mocked, refused, compiled])]
            print(f"| {name} | {row['module']} | {row['protocols']} | {mocked} | {refused} | "
                  f"{compiled} |")
            for line in row["refused"]:
                print(f"  refused: {line}", file=sys.stderr)
            for broken in row["broken"]:
                print(f"  does not compile: {row['module']}.{broken}", file=sys.stderr)
    share = 100 * totals[3] / totals[0] if totals[0] else 0
    print(f"| all | | {totals[0]} | {totals[1]} | {totals[2]} | {totals[3]} ({share:.0f}%) |")
    if seconds:
        print(f"\nassay mock: {generated} mocks written in {seconds:.2f} s of command runs "
              f"(each run includes process start and parsing the module)")


if __name__ == "__main__":
    main()
