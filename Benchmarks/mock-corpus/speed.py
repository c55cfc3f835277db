#!/usr/bin/env python3
"""How fast `assay mock` reads and mocks real modules: the corpus of run.py, all at once.

It clones the corpus packages (as run.py does, into a work folder outside this repository) and
times one command over every library and executable source folder of all of them, as a user
would run it on a large module:

    assay mock <every Sources/* folder> --output Mocks.swift --force

Each run starts the process, lists and reads every file, parses and writes every mock. The
script prints the median wall and CPU time of the runs, and protocols per second (mocks
written / median wall time). It also times the same command on an empty folder, in turn with
the others: starting the process and parsing the arguments, which the difference leaves out
(the time of reading, parsing and writing alone). With --vs, a second tool is run in turn
with the first (A, B, A, B, ...), so both see the same machine, and both must write the same
file.

The tool is built as the Test Doubles article recommends for speed (`swift build -c release
--static-swift-stdlib --product assay`, in `.build-static` so that it does not replace the
default release build); --dynamic builds and times the default release build instead.

With --mockolo PATH, Uber's mockolo (a peer: a mock generator built on swift-syntax too; built
by the caller from its own clone, never committed here) and the first tool are timed in turn
on a copy of the folders where each protocol declaration has mockolo's `/// @mockable` line
before it (mockolo mocks only annotated protocols), and the ratio of their times is printed.
Its mocks are not Assay's (call counts and handlers, no verification), so the ratio compares
the work of reading, parsing and writing, not the mocks.

Usage: Benchmarks/mock-corpus/speed.py [--work DIR] [--runs N] [--dynamic]
                                       [--assay PATH] [--vs PATH] [--mockolo PATH]
"""
import argparse
import pathlib
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import run as corpus  # noqa: E402  (run.py: the corpus and how to clone it)


def build(dynamic):
    command = ["swift", "build", "-c", "release"]
    if not dynamic:
        command += ["--static-swift-stdlib", "--scratch-path", ".build-static"]
    corpus.run(command + ["--product", "assay"], corpus.ROOT)
    path = corpus.run(command + ["--show-bin-path"], corpus.ROOT).stdout.strip()
    return pathlib.Path(path) / "assay"


def source_folders(work):
    folders = []
    for spec in corpus.CORPUS:
        owner_name, tag = spec.split("@")
        package = work / owner_name.split("/")[1]
        if not package.exists():
            corpus.run(["git", "clone", "-q", "--depth", "1", "--branch", tag,
                        f"https://github.com/{owner_name}", str(package)], work)
        folders += sorted(p for p in (package / "Sources").iterdir() if p.is_dir())
    return folders


def timed(assay, folders, output, check=True):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    result = subprocess.run([str(assay), "mock", *map(str, folders), "--output", str(output),
                             "--force"], capture_output=True, text=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    if check and result.returncode not in (0, 1):  # 1: some protocol was refused, and said why
        sys.exit(f"error: {assay} failed with status {result.returncode}:\n{result.stderr}")
    return wall, cpu, output.read_text()


def annotated_copy(folders, destination):
    """The folders' Swift files, copied with `/// @mockable` before each protocol."""
    declaration = re.compile(r"^(\s*)((?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|"
                             r"fileprivate|private|open)\s+)*protocol\s+\w)", re.MULTILINE)
    copies = []
    for index, folder in enumerate(folders):
        copy = destination / f"{index}-{folder.name}"
        copy.mkdir(parents=True)
        for source in folder.rglob("*.swift"):
            target = copy / source.relative_to(folder)
            target.parent.mkdir(parents=True, exist_ok=True)
            text = source.read_text(errors="surrogateescape")
            target.write_text(declaration.sub(r"\1/// @mockable\n\1\2", text),
                              errors="surrogateescape")
        copies.append(copy)
    return copies


def mockolo(path, folders, output):
    """(wall seconds, mocks written) of one mockolo run over `folders`."""
    start = time.perf_counter()
    result = subprocess.run([str(path), "-s", *map(str, folders), "-d", str(output)],
                            capture_output=True, text=True)
    wall = time.perf_counter() - start
    if result.returncode != 0:
        sys.exit(f"error: mockolo failed with status {result.returncode}:\n{result.stderr[-2000:]}")
    return wall, len(re.findall(r"^(?:public |open |package |internal )?(?:final )?class \w+Mock\b",
                                output.read_text(), re.MULTILINE))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--work", type=pathlib.Path, default=pathlib.Path("/tmp/assay-mock-corpus"))
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--dynamic", action="store_true")
    parser.add_argument("--assay", type=pathlib.Path)
    parser.add_argument("--vs", type=pathlib.Path)
    parser.add_argument("--mockolo", type=pathlib.Path)
    args = parser.parse_args()
    args.work.mkdir(parents=True, exist_ok=True)
    tools = [args.assay or build(args.dynamic)] + ([args.vs] if args.vs else [])
    folders = source_folders(args.work)
    files = sum(1 for folder in folders for _ in folder.rglob("*.swift"))
    times = {tool: [] for tool in tools}
    starts = {tool: [] for tool in tools}
    peer = []
    texts = {}
    with tempfile.TemporaryDirectory() as scratch:
        empty = pathlib.Path(scratch) / "empty"
        empty.mkdir()
        for _ in range(args.runs):
            if args.mockolo:
                if not peer:
                    annotated = annotated_copy(folders, pathlib.Path(scratch) / "annotated")
                ours, _, _ = timed(tools[0], annotated, pathlib.Path(scratch) / "ours.swift")
                theirs = mockolo(args.mockolo, annotated, pathlib.Path(scratch) / "peer.swift")
                peer.append((ours, *theirs))
            for index, tool in enumerate(tools):
                wall, cpu, text = timed(tool, folders, pathlib.Path(scratch) / f"{index}.swift")
                if texts.setdefault(tool, text) != text:
                    sys.exit(f"error: {tool} wrote a different file from one run to the next")
                times[tool].append((wall, cpu))
                start, _, _ = timed(tool, [empty], pathlib.Path(scratch) / f"empty{index}.swift")
                starts[tool].append(start)
    if len(set(texts.values())) > 1:
        sys.exit("error: the tools wrote different files")
    mocks = len(corpus.mock_regions(texts[tools[0]]))
    print(f"{len(folders)} source folders, {files} files, {mocks} mocks; {args.runs} runs each")
    for tool in tools:
        walls = sorted(wall for wall, _ in times[tool])
        wall = statistics.median(walls)
        cpu = statistics.median(c for _, c in times[tool])
        quartiles = statistics.quantiles(walls, n=4)
        start = statistics.median(starts[tool])
        print(f"{tool}: {wall * 1000:.1f} ms median wall ({quartiles[0] * 1000:.1f}-"
              f"{quartiles[2] * 1000:.1f} ms between quartiles), {cpu * 1000:.1f} ms CPU, "
              f"{mocks / wall:.0f} protocols per second")
        print(f"  of which starting and parsing arguments (an empty folder): {start * 1000:.1f} ms;"
              f" reading, parsing and writing: {(wall - start) * 1000:.1f} ms, "
              f"{mocks / (wall - start):.0f} protocols per second")
    if peer:
        ours = statistics.median(o for o, _, _ in peer)
        wall = statistics.median(w for _, w, _ in peer)
        written = peer[0][2]
        print(f"on the annotated copy: {tools[0]} {ours * 1000:.1f} ms, mockolo "
              f"{wall * 1000:.1f} ms median wall ({written} mocks, {written / wall:.0f} per "
              f"second): assay takes {ours / wall:.2f} of mockolo's time")


if __name__ == "__main__":
    main()
