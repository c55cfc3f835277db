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

Usage: Benchmarks/mock-corpus/speed.py [--work DIR] [--runs N] [--dynamic]
                                       [--assay PATH] [--vs PATH]
"""
import argparse
import pathlib
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


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--work", type=pathlib.Path, default=pathlib.Path("/tmp/assay-mock-corpus"))
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--dynamic", action="store_true")
    parser.add_argument("--assay", type=pathlib.Path)
    parser.add_argument("--vs", type=pathlib.Path)
    args = parser.parse_args()
    args.work.mkdir(parents=True, exist_ok=True)
    tools = [args.assay or build(args.dynamic)] + ([args.vs] if args.vs else [])
    folders = source_folders(args.work)
    files = sum(1 for folder in folders for _ in folder.rglob("*.swift"))
    times = {tool: [] for tool in tools}
    starts = {tool: [] for tool in tools}
    texts = {}
    with tempfile.TemporaryDirectory() as scratch:
        empty = pathlib.Path(scratch) / "empty"
        empty.mkdir()
        for _ in range(args.runs):
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


if __name__ == "__main__":
    main()
