"""The table in docs/benchmarks.md, written from the results between two marker lines."""
import pathlib
import re
import statistics

from . import checkpoint, results
from .stages import migrate as migrate_stage
from .stages import mutate as mutate_stage

DOC = results.ROOT / "docs" / "benchmarks.md"
BEGIN = "<!-- realworld table: begin (written by Benchmarks/realworld/run.py --table) -->"
END = "<!-- realworld table: end -->"


def _test_name(key):
    """A test's name without its framework (`XCTest ` or `Swift Testing `)."""
    return key.removeprefix("XCTest ").removeprefix("Swift Testing ")


def _where_time_goes(record, target=20):
    """Below the target, the parts of `assay mutate`'s whole run, measured or projected (its
    build of the copy, the baseline, every mutant at the sample's pace), against the
    reference's time per mutant: the cause of the gap, as the row's reader needs it."""
    measured = record.get("whole_run")
    if measured and "failed" in measured:
        measured = None
    if measured:
        head = f"the whole run measured: {measured['seconds']:.0f} s"
        if record["projected_speedup"] >= target:
            return f" ({head})"
        phases, whole, mutants = measured["phases"], measured["seconds"], measured["phases"]["mutants"]
    else:
        phases = record.get("assay_phases")
        if record["projected_speedup"] >= target or not phases or not record.get("sampled"):
            return ""
        mutants = phases["mutants"] * record["mutants"] / record["sampled"]
        whole = phases["build"] + phases["baseline"] + mutants
        head = f"projected {whole:.0f} s"
    parts = (("building the copy", phases["build"]), ("the baseline", phases["baseline"]),
             ("the mutants", mutants))
    shares = ", ".join(f"{name} {100 * seconds / whole:.0f}%" for name, seconds in parts)
    said, among = ((measured.get("notices", []), f"{record['mutants']}") if measured
                   else (record.get("assay_notices", []), f"{record['sampled']} sampled"))
    alone = sum(int(found.group(1)) for line in said
                if (found := re.match(r"(\d+) mutants cannot be switched in the one build", line)))
    built_alone = (f"; {alone} of the {among} mutants built alone, as the "
                   "reference builds each (code that macros run in the compiler, or a closure's "
                   "statement that no switch can hold)") if alone else ""
    workers = f"; the workers' time: {measured['workers']}" if measured and measured.get("workers") else ""
    return (f" ({head}: {shares}{workers}; the reference "
            f"{record['reference_seconds_per_mutant']:.1f} s a mutant{built_alone})")


def _mutate_cell(package, record):
    # Kept work is newer than any row: the row that ends it replaces it.
    kept = results.read(package, "mutate.partial")
    if kept is None or kept.get("version") != getattr(package, "version", None):
        return _cell(record, "mutate")
    return (f"stopped midway, goes on: {len(kept['rows'])} of {len(kept['sampled'])} sampled mutants "
            f"judged so far (kept in `{checkpoint.path(package).name}`)")


def _cell(record, stage, baseline=None):
    if record is None:
        return "not run yet"
    if record["status"] != "measured":
        # Paths in the clone are said from the package's folder.
        why = re.sub(r"/\S*?/[\w.-]+\+[\w.-]+/", "", record.get("why", ""))
        return f"{record['status']}: {why[:200]}".replace("|", "\\|").replace("\n", " ")
    if stage == "baseline":
        counts = record["counts"]
        flaky = f", {len(record['flaky'])} flaky" if record["flaky"] else ""
        repaired = " (repaired as a user would: " + "; ".join(record["repaired"]) + ")" if record.get("repaired") else ""
        first = record["runs"][0]
        crashed = first.get("crashed_in")
        stopped = ""
        if crashed and first.get("ended", "").startswith("killed"):
            # A test still running at the harness's deadline hangs; it did not crash.
            stopped = f", the run hangs in {_test_name(crashed)} ({first['ended']})"
        elif crashed:
            stopped = f", the run stops at a crash in {_test_name(crashed)}"
        if record.get("never_ran_count"):
            stopped += f"; {record['never_ran_count']} more listed tests never ran"
        return (f"{sum(counts.values())} tests ({counts.get('failed', 0)} fail, "
                f"{counts.get('skipped', 0)} skipped{flaky}{stopped}), built in {record['build_seconds']:.0f} s{repaired}")
    if stage == "migrate":
        return _migrate_cell(record)
    if stage == "mock":
        text = f"{record['compiled']}/{record['protocols']} compile"
        if record["refused"] or record["crashes"]:
            text += f" (**{record['refused']} refused, {record['crashes']} crashes**)"
        if record.get("compiled_in", "the package") != "the package":
            text += f", compiled in {record['compiled_in']}"
        if record.get("unimportable"):
            text += (f" ({record['unimportable']} more in a module that no library product exposes, "
                     "which a user cannot import: not counted)")
        return text
    if stage == "mutate":
        record = mutate_stage.rescored(record)
        text = f"{record['agree']}/{record['sampled']} verdicts agree (of {record['mutants']} mutants)"
        if record["agree"] != record["sampled"]:
            text = "**" + text + "**"
            unconfirmed = [r for r in record["rows"] if not r["agrees"] and r.get("confirmed") is False
                           and "assay_again" not in r]
            unrepeated = [r for r in record["rows"] if not r["agrees"] and r.get("confirmed") is False
                          and "assay_again" in r]
            not_run = [r for r in record["rows"] if r["assay"] == "Ignored"]
            if not_run:
                text += (f" ({len(not_run)} not run by `assay mutate`: they compile alone, not in "
                         "its one build, so it gave no verdict)")
            if unconfirmed:
                text += (f" ({len(unconfirmed)} of the disagreements not confirmed: the reference "
                         "gave another verdict when run again)")
            if unrepeated:
                text += (f" ({len(unrepeated)} of the disagreements not confirmed: `assay mutate` "
                         "gave the reference's verdict when run again, as the tests notice the "
                         "mutant only at times)")
        if not record["tree_identical"]:
            text += ", **the tree changed**"
        if record.get("skipped"):
            text += "; " + ", ".join(f"{len(patterns)} tests left out by `--skip`, {why}"
                                     for why, patterns in record["skipped"].items())
        if record.get("projected_speedup"):
            text += f"; {record['projected_speedup']}x faster than rebuilding per mutant"
            if record.get("speedup_with_hangs"):
                text += (f" ({record['speedup_with_hangs']}x with each sampled mutant that hangs "
                         f"under the reference priced at {mutate_stage.HANG_FACTOR} times the suite)")
            if record.get("speedup_unsure"):
                text += (" (unsure: a sampled mutant ran out of time under the reference, whose "
                         "whole timeout this counts; the rows keep no times to price it as an "
                         "ordinary mutant: to measure again)")
            text += _where_time_goes(record)
        return text
    flaky = flaky_under_swift_test(record)
    text = f"{record['same']}/{record['tests'] - len(flaky)} same"
    if record["different"] or record["missing_count"]:
        text += f" (**{len(record['different'])} differ, {record['missing_count']} missing**)"
    if flaky:
        text += f", {len(flaky)} flaky under `swift test` too (failed in a recheck, left out)"
    if len(record.get("unconfirmed", [])) > len(flaky):
        text += f", {len(record['unconfirmed']) - len(flaky)} differed once (not again on a recheck)"
    if record.get("in_flight"):
        text += (f", {len(record['in_flight'])} in flight when `swift test` crashed (no outcome of "
                 "their own; `assay test` ran them again and failed the run for the crash)")
    if record.get("hang_too"):
        text += (f", {len(record['hang_too'])} timed out under `assay test` and `swift test` hung too "
                 f"(in {record['hung']['swift test']} of its timed runs): they hang at times under both")
    if not record["exit_agrees"] and flaky_exit(record, baseline):
        cause = ("the test that differed once" if record.get("unconfirmed")
                 else "the tests that hang at times" if record.get("hang_too")
                 else "tests flaky under `swift test` alone")
        text += f", exit {record['assay_exit']} vs {record['swift_test_exit']} from {cause}"
    elif not record["exit_agrees"]:
        text += f", **exit {record['assay_exit']} vs {record['swift_test_exit']}**"
    if record.get("extra_count"):
        text += f", +{record['extra_count']} that `swift test` never ran"
    if "ratio" in record:
        text += f"; {record['ratio']:.2f}x ({record['assay_seconds']:.2f} s / {record['swift_test_seconds']:.2f} s)"
        if not comparable_time(record):
            text += ", not comparable: not the same work"
    for name, count in (record.get("hung") or {}).items():
        if count and "ratio" not in record and not _some_run_ended(record, name):
            text += f"; no time ratio: every timed `{name}` run hung (killed at its deadline)"
        elif count:
            runs = "run" if count == 1 else "runs"
            text += f"; {count} timed `{name}` {runs} hung (killed at the deadline, not counted)"
    return text


def _some_run_ended(record, name):
    """Whether some timed run of `name` ended in time."""
    side = 0 if name == "assay test" else 1
    return any(pair[side] is not None for pair in record.get("pairs", []))


def flaky_under_swift_test(record):
    """The tests that differed once whose recheck `swift test` run changed their outcome too
    (combine-schedulers' testRunsOnMain passed twice in the baseline, then failed under
    `swift test` again): flaky under `swift test`, left out of the comparison like the
    baseline's flaky tests."""
    return [d for d in record.get("unconfirmed", [])
            if d.get("swift test again", d["swift test"]) != d["swift test"]]


def flaky_exit(record, baseline=None):
    """Whether a difference in exit status comes from tests that differed once and not again
    (a flaky test failed in one runner's run: combine-schedulers' testRunsOnMain failed once
    under each), or from a package whose own two `swift test` runs ended differently (its
    flaky tests, left out of the comparison: postgres-nio's exit 1 then 0), with no confirmed
    difference."""
    if record["different"]:
        return False
    runs = (baseline or {}).get("runs", [])
    own = len({run["exit"] != 0 for run in runs}) > 1
    return bool(record.get("unconfirmed") or record.get("hang_too")) or own


def comparable_time(record):
    """Whether the two runs did the same work: not when `assay test` ran tests that `swift test`
    never reached (it stops at a crash; `assay test` goes on with the tests after it). The
    result `assay test` gives the test process's own end (an exit that no test explains, as
    FlyingFox's) is no test: the work is the same. Nor when `swift test` crashed with tests in
    flight, which `assay test` ran again (vapor/fluent)."""
    if record.get("in_flight"):
        return False
    return not [e for e in record.get("extra", []) if not e.endswith("test process (Swift Testing)")
                and "/test process" not in e]


def migrate_record(record):
    """A migrate record as the table counts it. When the tests did not build because adding
    Assay to them, as the migration guide tells a user, made a cycle of packages (swift-syntax:
    swift-syntax -> Assay -> swift-syntax, which SwiftPM refuses below tools-version 6.0), the
    migration was never tried as a user could: not measurable, saying why."""
    error = (record or {}).get("build_error", "")
    if record and record["status"] == "measured" and not record["builds"] \
            and migrate_stage.cycle_through_assay(error):
        return {"status": "not measurable",
                "why": "adding Assay to its tests, as the migration guide says, makes a cycle of "
                       f"packages ({error.removeprefix('error: ')}); to be migrated without Assay"}
    return record


def mock_record(record):
    """A mock record as the table counts it, without the protocols of modules that no library
    product exposes (which no user can import). When every mock was rejected because adding Assay
    (the mocks' runtime) to the package made a cycle of packages (swift-syntax), the mocks were
    never compiled: not measurable, saying why and how many `assay mock` wrote."""
    if record and record["status"] == "measured":
        # A module in no library product: no user can import it, nor mock its protocols.
        hidden = sum(len(module["mocked"]) for module in record.get("modules") or []
                     if module.get("unimportable"))
        if hidden:
            record = dict(record, protocols=record["protocols"] - hidden, unimportable=hidden)
    if not record or record["status"] != "measured" or record["compiled"]:
        return record
    rejections = [why for module in record.get("modules") or [] for why in module["rejected"].values()]
    if rejections and all("cyclic dependency between packages" in why and "-> Assay ->" in why
                          for why in rejections):
        written = sum(len(module["mocked"]) for module in record["modules"])
        return {"status": "not measurable",
                "why": f"assay mock wrote {written} of {record['protocols']} mocks, but compiling them "
                       "needs Assay, and adding it makes a cycle of packages "
                       f"({rejections[0].removeprefix('error: ')})"}
    return record


# How `assay migrate` notes a suite it converted with Assay's assertions, as `#expect` did not compile.
ASSAYED = "asserts with Assay's assertions"


def _migrate_cell(record):
    converted = record["xctest_assertions_before"] - record["xctest_assertions_after"]
    share = f"{converted}/{record['xctest_assertions_before']} XCTest assertions converted"
    failed = [run for run in record["migrations"] if run["error"]]
    if failed:
        share += "; **" + "; ".join(f"migrate {run['kind']} {run['ended']}, after: {run['error']}"
                                   for run in failed) + "**"
    # The build check's notes: suites converted with Assay's assertions where `#expect` did not
    # compile (they run as Swift Testing), and suites or files put back as XCTest.
    assayed = sum(ASSAYED in note for run in record["migrations"] for note in run.get("put_back", []))
    put_back = sum(run.get("put_back_count", 0) for run in record["migrations"]) - assayed
    if put_back:
        share += f"; {put_back} suites or files put back as XCTest (their converted code did not compile)"
    if assayed:
        share += f"; {assayed} suites with Assay's assertions instead (`#expect` did not compile)"
    if record.get("without_assay"):
        share += ("; migrated without Assay (`--no-assay`), as its user would: adding Assay to its "
                  "tests makes a cycle of packages")
    if record.get("unfinished"):
        return (f"**did not finish**: {record['unfinished']}; 0/{record['tests']} counted as the same; "
                f"{share}").replace("|", "\\|")
    if not record["builds"]:
        why = re.sub(r"/\S*?/[\w.@-]+\+[\w.@-]+/", "", record["build_error"])[:160]
        return f"**does not build** ({record['build_errors_count']} errors: {why}); {share}".replace("|", "\\|")
    text = f"{record['same']}/{record['tests']} same"
    if record["different"] or record["missing_count"]:
        text += f" (**{record['tests'] - record['same'] - record['missing_count']} differ, {record['missing_count']} missing**"
        text += f"; {record['flaky_after']} of them in one run of two only)" if record.get("flaky_after") else ")"
    if record["extra_count"]:
        text += f", {record['extra_count']} ran only after"
    crashed = record.get("crashed_in")
    if crashed and crashed in record.get("extra", []):
        # A test that XCTest's lists for Linux had left out runs once they are gone, and
        # crashes: the tests after it in the process never run (as under `swift test`).
        text += (f" (the run stops at a crash in {_test_name(crashed)}, which the removed "
                 "LinuxMain.swift never ran)")
    if "test_rebuild_seconds_before" in record:
        share += (f"; tests rebuilt in {record['test_rebuild_seconds_after']:.1f} s "
                  f"(before: {record['test_rebuild_seconds_before']:.1f} s")
        variant = record.get("assay_assertions") or {}
        if variant.get("ended", "").startswith("signal"):
            # Stopped from outside (a sweep ended to free the machine): not a verdict on the tool,
            # and what it rebuilt after may be the tests as they were, not its own.
            share += f"; with `--assertions assay`: not measured (stopped, {variant['ended']})"
        elif variant.get("builds"):
            share += f"; with `--assertions assay`: {variant['test_rebuild_seconds']:.1f} s"
        elif variant:
            why = re.sub(r"/\S*?/[\w.@-]+\+[\w.@-]+/", "", variant.get("build_error", ""))[:120]
            share += "; with `--assertions assay`: **does not build**" + (f" ({why})" if why else "")
        share += ")"
    verified = record.get("verified")
    if verified:
        if verified.get("error"):
            text += f"; with `--verify`: **{verified['ended']}: {verified['error'][:120]}**"
        elif not verified.get("builds"):
            text += "; with `--verify`: **does not build**"
        else:
            text += (f"; with `--verify`: {verified['same']}/{record['tests']} same, "
                     f"{verified['verify_put_back_count']} suites put back as their tests changed")
            if verified["different"] or verified["missing_count"]:
                text += f" (**{record['tests'] - verified['same'] - verified['missing_count']} differ, {verified['missing_count']} missing**)"
    if record.get("unfinished_passes"):
        share += "; " + record["unfinished_passes"]
    return f"{text}; {share}"


def render(packages):
    rows = ["| Package | Baseline (`swift test`, run twice) | `test`: `assay test` vs `swift test` "
            "| `migrate`: after `assay migrate`, built with no hand edit | `mock`: public protocols "
            "| `mutate`: a sample against rebuilding per mutant |",
            "| --- | --- | --- | --- | --- | --- |"]
    totals = {"packages": len(packages), "baselined": 0, "measurable": 0, "compared": 0, "tests": 0,
              "same": 0, "in_flight": 0, "exit_disagrees": 0, "flaky_exits": 0, "ratios": [], "not_comparable": 0, "no_ratio_hung": 0, "hang_too": 0, "flaky_recheck": 0,
              "migrated": 0, "flaky_after": 0, "asserts_before": 0, "asserts_after": 0, "migrate_tests": 0, "migrate_same": 0, "verified_same": 0, "verify_needed": 0, "verify_run": 0, "migrate_builds": 0, "nothing": 0,
              "mocked": 0, "protocols": 0, "compiled": 0, "mock_crashes": 0,
              "mutated": 0, "sampled": 0, "agree": 0, "speedups": [], "with_hangs": [], "unsure": 0, "measured_wholes": 0, "trees_changed": 0,
              "mutate_failed": 0}
    for package in packages:
        before, after = results.read(package, "baseline"), results.read(package, "test")
        if before:
            totals["baselined"] += 1
            totals["measurable"] += before["status"] == "measured"
        if after and after["status"] == "measured":
            totals["compared"] += 1
            # A test in flight at `swift test`'s crash has no outcome of its own to compare.
            # Nor a test that hangs at times under both runners (`swift test` hung too).
            # Nor a test that `swift test` itself changed on the recheck (flaky under it).
            flaky = len(flaky_under_swift_test(after))
            totals["tests"] += (after["tests"] - len(after.get("in_flight", []))
                                - len(after.get("hang_too", [])) - flaky)
            totals["flaky_recheck"] += flaky
            totals["hang_too"] += len(after.get("hang_too", []))
            totals["same"] += after["same"]
            totals["in_flight"] += len(after.get("in_flight", []))
            totals["exit_disagrees"] += not after["exit_agrees"] and not flaky_exit(after, before)
            totals["flaky_exits"] += not after["exit_agrees"] and flaky_exit(after, before)
            if "ratio" in after and comparable_time(after):
                totals["ratios"].append(after["ratio"])
            elif "ratio" in after:
                totals["not_comparable"] += 1
            elif after.get("hung"):
                totals["no_ratio_hung"] += 1
        migrated = migrate_record(results.read(package, "migrate"))
        if migrated and migrated["status"] == "measured":
            totals["migrated"] += 1
            totals["migrate_tests"] += migrated["tests"]
            totals["migrate_same"] += migrated["same"]
            totals["flaky_after"] += migrated.get("flaky_after", 0)
            verified = migrated.get("verified") or {}
            totals["verified_same"] += verified["same"] if verified.get("builds") else migrated["same"]
            if migrated["builds"] and (migrated["different"] or migrated["missing_count"]):
                totals["verify_needed"] += 1
                totals["verify_run"] += "verified" in migrated
            totals["migrate_builds"] += migrated["builds"]
            totals["asserts_before"] += migrated["xctest_assertions_before"]
            totals["asserts_after"] += migrated["xctest_assertions_after"]
        elif migrated and migrated["status"] == "nothing to migrate":
            totals["nothing"] += 1
        mocked = mock_record(results.read(package, "mock"))
        if mocked and mocked["status"] == "measured":
            totals["mocked"] += 1
            totals["protocols"] += mocked["protocols"]
            totals["compiled"] += mocked["compiled"]
            totals["mock_crashes"] += mocked["crashes"]
        mutated = results.read(package, "mutate")
        if mutated:
            # Records older than session 57 keep no suite's time: the baseline's says it.
            mutated = mutate_stage.rescored(
                {"suite_seconds": mutate_stage.suite_seconds_of(before), **mutated})
        if mutated and mutated["status"] == "measured":
            totals["mutated"] += 1
            totals["sampled"] += mutated["sampled"]
            totals["agree"] += mutated["agree"]
            totals["trees_changed"] += not mutated["tree_identical"]
            if mutated.get("speedup_unsure"):
                totals["unsure"] += 1
            elif mutated.get("projected_speedup"):
                totals["speedups"].append(mutated["projected_speedup"])
                totals["with_hangs"].append(
                    mutated.get("speedup_with_hangs") or mutated["projected_speedup"])
                measured = mutated.get("whole_run")
                totals["measured_wholes"] += bool(measured and "failed" not in measured)
        elif mutated and mutated["status"] == "assay failed":
            totals["mutate_failed"] += 1
        rows.append(f"| {package} | {_cell(before, 'baseline')} | {_cell(after, 'test', before)} "
                    f"| {_cell(migrated, 'migrate')} | {_cell(mocked, 'mock')} | {_mutate_cell(package, mutated)} |")
    ratios = totals["ratios"]
    lines = [f"Population: {totals['packages']} packages. Baseline run on {totals['baselined']}, "
             f"of which {totals['measurable']} measurable. `test` compared on {totals['compared']}: "
             f"{totals['same']} of {totals['tests']} tests with the same outcome"
             + _aside([f"{totals['in_flight']} more had none of their own under `swift test`: in "
                       "flight when its process crashed, run again by `assay test`, which failed the "
                       "run for the crash" if totals["in_flight"] else "",
                       f"{totals['hang_too']} more hang at times under both runners: `assay test` "
                       "timed them out, and `swift test` hung in a timed run of the same stage"
                       if totals["hang_too"] else "",
                       f"{totals['flaky_recheck']} more flaky under `swift test` too (its outcome "
                       "changed in a recheck run of `swift test`: left out)"
                       if totals["flaky_recheck"] else ""])
             + ", "
             f"{totals['exit_disagrees']} packages whose exit status differs"
             + (f" ({totals['flaky_exits']} more where it follows a test that differed once and "
                "not again, tests that hang at times under both, or tests flaky under `swift test` alone)." if totals["flaky_exits"] else ".")]
    if ratios:
        lines.append(f"Time ratio `assay test` / `swift test` (least of the pairs): median "
                     f"{statistics.median(ratios):.2f}x, highest {max(ratios):.2f}x, "
                     f"{sum(r > 1.2 for r in ratios)} packages above 1.2x"
                     + (f" ({totals['not_comparable']} more not comparable: `assay test` ran tests "
                        "that `swift test` never reached or stopped, after a crash)" if totals["not_comparable"] else "")
                     + (f"; {totals['no_ratio_hung']} more without a ratio: every timed run of one "
                        "of the two hung" if totals["no_ratio_hung"] else "") + ".")
    if totals["migrated"]:
        share = totals["migrate_same"] / max(totals["migrate_tests"], 1)
        lines.append(f"`migrate` on {totals['migrated']} packages ({totals['nothing']} more had nothing to "
                     f"migrate): {totals['migrate_same']} of {totals['migrate_tests']} tests with the same "
                     f"outcome ({share:.1%}"
                     + (f"; of those that differ, {totals['flaky_after']} in one of two runs after only"
                        if totals["flaky_after"] else "")
                     + f"); {totals['migrate_builds']} of {totals['migrated']} built with "
                     f"no hand edit; {totals['asserts_before'] - totals['asserts_after']} of "
                     f"{totals['asserts_before']} XCTest assertion calls converted "
                     f"({(totals['asserts_before'] - totals['asserts_after']) / max(totals['asserts_before'], 1):.1%}); "
                     f"with `--verify` "
                     f"(run on {totals['verify_run']} of the {totals['verify_needed']} packages whose "
                     f"outcomes differed; the others count as without), {totals['verified_same']} of "
                     f"{totals['migrate_tests']} "
                     f"({totals['verified_same'] / max(totals['migrate_tests'], 1):.1%}).")
    if totals["mocked"]:
        lines.append(f"`mock` on {totals['mocked']} packages: {totals['compiled']} of {totals['protocols']} "
                     f"public protocols mocked and compiled "
                     f"({totals['compiled'] / max(totals['protocols'], 1):.1%}), "
                     f"{totals['mock_crashes']} crashes.")
    if totals["mutated"]:
        speedups = totals["speedups"]
        measured = totals["measured_wholes"]
        lowest = (f", lowest speedup of a whole run {min(speedups)}x (measured on {measured} "
                  f"package{'s' * (measured != 1)}, projected from the sample on "
                  f"{len(speedups) - measured}), {sum(x < 20 for x in speedups)} packages below 20x "
                  f"({sum(x < 20 for x in totals['with_hangs'])} with each sampled hang priced at "
                  f"{mutate_stage.HANG_FACTOR} times the suite)"
                  if speedups else "")
        if totals["unsure"]:
            lowest += (f", {totals['unsure']} more whose figure counts a reference's timeout "
                       "(measured before rows kept their times)")
        failed = (f"; on {totals['mutate_failed']} more, `assay mutate` stopped with an error (its row "
                  "says which)" if totals["mutate_failed"] else "")
        lines.append(f"`mutate` on {totals['mutated']} packages: {totals['agree']} of {totals['sampled']} "
                     f"sampled verdicts agree with rebuilding and running the suite per mutant{lowest}; "
                     f"{totals['trees_changed']} user trees changed{failed}.")
    return "\n".join(lines + [""] + rows)


def _aside(notes):
    """` (a; b)` from the notes that are not empty, else nothing."""
    notes = [note for note in notes if note]
    return f" ({'; '.join(notes)})" if notes else ""


def write(packages):
    text = DOC.read_text()
    block = f"{BEGIN}\n{render(packages)}\n{END}"
    if BEGIN in text:
        head, rest = text.split(BEGIN, 1)
        text = head + block + rest.split(END, 1)[1]
    else:
        text += "\n" + block + "\n"
    DOC.write_text(text)
    print(f"table written to {DOC}")
