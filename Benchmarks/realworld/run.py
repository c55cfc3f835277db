#!/usr/bin/env python3
"""The real-world harness: every package the local mirror serves, each tool against a baseline.

    Benchmarks/realworld/run.py --stage baseline,test           # every package, in list order
    Benchmarks/realworld/run.py --stage test --only swift-log   # one package (names or OWNER/NAME)
    Benchmarks/realworld/run.py --shard 2/4 --resume            # a quarter, skipping what is done
    Benchmarks/realworld/run.py --table                         # docs/benchmarks.md's table

Clones go to --work (default /tmp/assay-realworld), never into this repository; results go to
Benchmarks/realworld/results/OWNER+NAME/STAGE.json, committed, with the commit of Assay that
made them. A package that cannot be measured is a result too, saying why. The `test` stage
runs the assay binary that `swift run assay` builds (.build/debug/assay), as the README says,
unless --assay names another. Never run by CI: a whole sweep takes hours on 2 cores.
"""
import argparse
import os
import pathlib
import shutil
import sys
import traceback

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

from harness import checkpoint, population, results, shell, table, workspace  # noqa: E402
from harness.stages import baseline, migrate, mock, mutate, test  # noqa: E402

STAGES = ["baseline", "test", "migrate", "mock", "mutate"]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--stage", default="baseline,test", help="stages, comma-separated: " + ", ".join(STAGES))
    parser.add_argument("--only", nargs="*", help="packages by NAME or OWNER/NAME")
    parser.add_argument("--shard", help="k/n: every n-th package from the k-th")
    parser.add_argument("--resume", action="store_true", help="skip a stage whose result exists")
    parser.add_argument("--work", default=str(workspace.DEFAULT_WORK), help="where clones go")
    parser.add_argument("--assay", default=str(results.ROOT / ".build/debug/assay"),
                        help="the assay binary for the test stage (default: what swift run builds)")
    parser.add_argument("--pairs", type=int, default=3, help="timed pairs in the test stage (0: none)")
    parser.add_argument("--prune", action="store_true", help="delete each package's .build after its stages")
    parser.add_argument("--min-free-gb", type=float, default=15,
                        help="below this free disk, prune every clone's .build first")
    parser.add_argument("--table", action="store_true", help="write the table into docs/benchmarks.md and stop")
    parser.add_argument("--population-from", metavar="DOC", help="rewrite population.txt from a machine doc and stop")
    args = parser.parse_args()

    if args.population_from:
        packages = population.from_machine_doc(pathlib.Path(args.population_from).read_text())
        population.write(packages, f"the env entry's machine doc ({pathlib.Path(args.population_from).name})")
        print(f"{len(packages)} packages written to {population.LIST}")
        return
    packages = population.read()
    if args.table:
        table.write(packages)
        return
    if args.only:
        wanted = set(args.only)
        packages = [p for p in packages if p.name in wanted or f"{p.owner}/{p.name}" in wanted]
        if not packages:
            sys.exit(f"error: --only {' '.join(args.only)}: no such package in {population.LIST}")
    if args.shard:
        packages = population.shard(packages, args.shard)
    stages = args.stage.split(",")
    for stage in stages:
        if stage not in STAGES:
            sys.exit(f"error: --stage {stage}: expected one of {', '.join(STAGES)}")
    if {"test", "migrate", "mock", "mutate"} & set(stages) and not pathlib.Path(args.assay).exists():
        sys.exit(f"error: {args.assay} does not exist: build it first (swift build --product assay)")

    shell.kill_children_on_exit()
    work = pathlib.Path(args.work)
    scratch = work / "scratch"
    scratch.mkdir(parents=True, exist_ok=True)
    # The binary and its commit are pinned now: rebuilding Assay during a sweep changes neither.
    results.PINNED["commit"] = results.assay_commit()
    if {"test", "migrate", "mock", "mutate"} & set(stages):
        pinned = scratch / f"assay-{results.PINNED['commit']}"
        # Another sweep may be running the pinned binary ("text file busy" when written over):
        # a copy renamed into place leaves the running one its own file.
        copy = scratch / f".assay-{os.getpid()}"
        shutil.copy2(args.assay, copy)
        os.replace(copy, pinned)
        args.assay = str(pinned)
    for number, package in enumerate(packages, 1):
        try:
            with workspace.package_lock(work, package):
                run_stages(f"[{number}/{len(packages)}] {package}", package, stages, work, scratch, args)
        except workspace.Busy as busy:
            print(f"[{number}/{len(packages)}] {package}: {busy}", flush=True)


def run_stages(heading, package, stages, work, scratch, args):
    for stage in stages:
        if args.resume and results.read(package, stage):
            continue
        make_room(work, args.min_free_gb)
        print(f"{heading}: {stage}", flush=True)
        record = run_stage(stage, package, work, scratch, args)
        if record is None:
            continue
        record = results.write(package, stage, record)
        if record["status"] != "harness error":  # kept so that, the bug fixed, it goes on
            checkpoint.clear(package, stage)
        print(f"    {summary(record)}", flush=True)
    if args.prune:
        workspace.prune(work / package.slug)


def run_stage(stage, package, work, scratch, args):
    try:
        if stage == "baseline":
            return baseline.run(package, work, scratch)
        if stage == "mock":  # the library's protocols, whether or not its tests build
            return mock.run(package, work, scratch, args.assay)
        before = results.read(package, "baseline")
        if before is None:
            print("    no baseline yet: run --stage baseline first")
            return None
        if before["status"] != "measured":
            return {"status": "not measurable", "why": "baseline: " + before["why"]}
        if stage == "migrate":
            return migrate.run(package, work, scratch, before, args.assay)
        if stage == "mutate":
            return mutate.run(package, work, scratch, before, args.assay)
        return test.run(package, work, scratch, before, args.assay, args.pairs)
    except workspace.NotMeasurable as reason:
        return {"status": "not measurable", "why": str(reason)}
    except Exception:  # a harness bug is a row too, never a silent gap
        return {"status": "harness error", "why": traceback.format_exc()[-1500:]}


def summary(record):
    if record["status"] != "measured":
        return f"{record['status']}: {record.get('why', '')[:300]}"
    if record["stage"] == "baseline":
        return f"{record['counts']}, {len(record['flaky'])} flaky, built in {record['build_seconds']} s"
    if record["stage"] == "mutate":
        speed = (f", sample {record['speedup']}x, whole run {record.get('projected_speedup')}x faster than "
                 "rebuilding per mutant" if record.get("speedup") else
                 ", no speed figure (no sampled mutant ran: the reference timed no run)")
        return (f"{record['agree']}/{record['sampled']} verdicts agree (of {record['mutants']} mutants), tree "
                f"{'identical' if record['tree_identical'] else 'CHANGED'}{speed}")
    if record["stage"] == "mock":
        return (f"{record['compiled']}/{record['protocols']} public protocols mocked and compiled, "
                f"{record['refused']} refused, {record['crashes']} crashes")
    if record["stage"] == "migrate":
        said = "; ".join(run["summary"] or run["error"] for run in record["migrations"])
        if not record["builds"]:
            return f"{said}; does not build: {record['build_error']}"
        # `different` keeps the first 50; the count is what is neither the same nor missing.
        different = record["tests"] - record["same"] - record["missing_count"]
        return (f"{said}; {record['same']}/{record['tests']} same, {different} different, "
                f"{record['missing_count']} missing, {record['extra_count']} ran only after")
    text = (f"{record['same']}/{record['tests']} same, {len(record['different'])} different, "
            f"{len(record.get('unconfirmed', []))} unconfirmed, "
            f"{record['missing_count']} missing; exit {record['assay_exit']} vs {record['swift_test_exit']}")
    if "ratio" in record:
        text += f"; {record['assay_seconds']} s / {record['swift_test_seconds']} s = {record['ratio']}"
    return text


def make_room(work, min_free_gb):
    if shutil.disk_usage(work).free / 2**30 >= min_free_gb:
        return
    for folder in sorted(work.iterdir()):
        if (folder / ".build").exists():
            print(f"    disk: pruning {folder.name}/.build")
            workspace.prune(folder)


if __name__ == "__main__":
    main()
