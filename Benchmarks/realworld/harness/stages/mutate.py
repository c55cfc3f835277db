"""`assay mutate` against the slow, obviously correct method, on a seeded sample of mutants.

On a clone of its own (the user's tree), `assay mutate --shard k/n --report json:...` runs a
sample of about `SAMPLE` mutants (every n-th; k from the seed). On a second clone (the
reference), each sampled mutant's replacement is put at its place in the original file, the
tests are built and the whole suite run by `swift test`: it fails (killed), passes (survived),
or does not build (unviable). Before any mutant, the reference runs the unmutated suite: the
tests that fail there (a timing test under load) are left out of both sides, as they would
kill every mutant. The verdicts must agree (a disagreement stands when the reference gives
its verdict twice and assay mutate, asked again, its own); the user's tree must be byte-identical
after; the speed is the reference's time per mutant against assay's, over what assay ran.
Both clones are deleted after.
"""
import hashlib
import json
import re
import shutil

from .. import checkpoint, repairs, results, shell, workspace
from . import baseline as baseline_stage

SAMPLE = 12
SEED = 1
DETECTED = {"Killed", "Timeout", "RuntimeError"}
# assay mutate's lines about tests and mutants it leaves out or runs apart.
NOTICE = re.compile(r"left out|run with no other test process|change the code even when switched off|"
                    r"built alone")


def snapshot(folder):
    """{relative path: sha256} of every file but the build folder and git's."""
    return {relative: hashlib.sha256(data).hexdigest() for relative, data in contents(folder).items()}


def contents(folder):
    """{relative path: bytes} of every file but the build folder and git's."""
    files = {}
    for path in sorted(folder.rglob("*")):
        relative = path.relative_to(folder)
        if relative.parts[0] in (".build", ".git") or not path.is_file() or path.is_symlink():
            continue
        files[str(relative)] = path.read_bytes()
    return files


def restore(folder, pristine):
    """Puts `folder` back as `pristine` ({relative path: bytes}) says: a suite may write into
    its own sources when a test fails (swift-snapshot-testing's inline snapshots rewrite the
    test file), and the next mutant's rebuild then compiled what the last one's tests wrote.
    Returns the paths it put back or removed."""
    now = contents(folder)
    touched = []
    for relative, data in pristine.items():
        if now.get(relative) != data:
            path = folder / relative
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
            touched.append(relative)
    for relative in now.keys() - pristine.keys():
        (folder / relative).unlink()
        touched.append(relative)
    return sorted(touched)


def mutants_of(report):
    """[(file, mutant)] of a Stryker report, in a stable order."""
    data = json.loads(report.read_text())
    found = [(path, m) for path, entry in data.get("files", {}).items() for m in entry["mutants"]]
    return sorted(found, key=lambda f: (f[0], f[1]["location"]["start"]["line"],
                                        f[1]["location"]["start"]["column"], int(f[1]["id"])))


def offset(text, line, column):
    """The UTF-8 byte offset of a 1-based line and UTF-8 column."""
    data = text.encode()
    position = 0
    for _ in range(line - 1):
        position = data.index(b"\n", position) + 1
    return position + column - 1


def apply(text, mutant):
    start, end = mutant["location"]["start"], mutant["location"]["end"]
    data = text.encode()
    a, b = offset(text, start["line"], start["column"]), offset(text, end["line"], end["column"])
    replacement = "" if mutant["replacement"] == "(removed)" else mutant["replacement"]
    return (data[:a] + replacement.encode() + data[b:]).decode()


def forget_own_objects(folder):
    """Removes the objects of the package's own modules (not its dependencies'), so that the
    next build compiles every file of them again."""
    root = str(folder.resolve()) + "/"
    build = (folder / ".build" / "debug").resolve()
    for module in build.glob("*.build"):
        try:
            sources = json.loads((module / "output-file-map.json").read_text()).keys()
        except (OSError, ValueError):
            continue
        own = any(s.startswith(root) and not s.startswith(root + ".build/") for s in sources)
        if own:
            for obj in module.glob("*.o"):
                obj.unlink()


def reference(folder, file, mutant, timeout, skips=()):
    """The verdict of rebuilding and running the whole suite (but the tests `skips` leave
    out) with the mutant in the file.

    Swift copies a `@_transparent` body into the modules that call it, and `swift build`
    does not compile them again when only that body changed (Swift 6.3.1): where the file has
    one, the package's modules are compiled again with the mutant, and again when the file is
    put back."""
    path = folder / file
    original = path.read_text()
    transparent = "@_transparent" in original
    path.write_text(apply(original, mutant))
    if transparent:
        forget_own_objects(folder)
    try:
        build = workspace.build_tests(folder, baseline_stage.BUILD_TIMEOUT)
        if not build.ok:
            return "CompileError", build.seconds, build.first_error(200)
        run = shell.run(["swift", "test", "--skip-build"] + skip_arguments(skips), folder, timeout)
        if too_long(run, skips):
            junit = folder / ".build" / "harness-reference.xml"
            passed, run, _, others = leaving_out_by_outcome(
                lambda: baseline_stage.swift_test(folder, junit, timeout), skips)
            verdict, why = ("Survived", "") if passed else verdict_of(run)
            if others:
                why = f"{run.ended()}: failed outside the tests left out: {', '.join(others[:3])}"
            return verdict, build.seconds + run.seconds, why
        verdict, why = verdict_of(run)
        return verdict, build.seconds + run.seconds, why
    finally:
        path.write_text(original)
        if transparent:
            forget_own_objects(folder)


# What `swift test --skip` says when the XCTest names it keeps do not fit in one argument.
TOO_LONG = "Argument list too long"


def too_long(run, skips):
    """Whether `swift test --skip` failed before XCTest's tests ran: on Linux it hands the
    XCTest binary the names of every test it keeps as one argument, which Linux limits to
    128 KiB (swift-nio, 2.101.3, 12 tests skipped: `posix_spawn error: Argument list too long`,
    no XCTest test ran, exit 1, every run "failed")."""
    return bool(skips) and not run.ok and TOO_LONG in run.output


def leaving_out_by_outcome(run_whole, patterns):
    """The whole suite run with nothing skipped (`run_whole()`, as `baseline.swift_test`
    gives), judged as if the tests `patterns` name were left out: it passes when it did, or
    when every test that failed is one of those and nothing crashed or timed out. Returns
    whether it passed, the run, each test's outcome, and the patterns of the tests that failed
    outside those left out."""
    run, found, crashed_in, _ = run_whole()
    others = [p for p in skip_patterns({"outcomes": found, "flaky": []}) if p not in patterns]
    failed = any(outcome == "failed" for outcome in found.values())
    left_out_only = failed and not others and not run.timed_out and run.exit > 0 and (
        crashed_in is None or skip_patterns({"outcomes": {crashed_in: "failed"}, "flaky": []})[0] in patterns)
    return run.ok or left_out_only, run, found, others


SPECIAL = set("\\^$.|?*+()[]{}")


def skip_patterns(baseline):
    """A `--skip` pattern for each test that failed, or was flaky, in the `swift test` baseline:
    what a user who knows the tests that fail already passes to `assay mutate` (and the
    reference to `swift test`). A baseline name lacks the module (`Suite/test`), so each pattern
    matches it after a dot or at the start. An XCTest one ends there; Swift Testing matches
    `--skip` against an id that names nested suites with `/` (`Outer/Inner/f()`, where the
    baseline's name reads `Outer.Inner/f()`) and ends with the test's source location
    (`/T.swift:6:4`), so its pattern ends at a `/` or at the end."""
    outcomes = baseline.get("outcomes") or {}
    names = {key for key, outcome in outcomes.items() if outcome == "failed"} | set(baseline.get("flaky") or [])
    # A test in flight when `swift test` crashed has no outcome of its own: one that fails
    # alone is named by `assay mutate`'s refusal.
    names -= {key for run in baseline.get("runs") or [] for key in run.get("in_flight") or []}

    def escaped(text):
        return "".join("\\" + c if c in SPECIAL else c for c in text)

    patterns = []
    for key in names:
        if key.startswith("Swift Testing "):
            suite, _, test = key.removeprefix("Swift Testing ").rpartition("/")
            name = "/".join(suite.split(".") + [test]) if suite else test
            patterns.append(r"(^|\.)" + escaped(name) + "(/|$)")
        else:
            patterns.append(r"(^|\.)" + escaped(key.removeprefix("XCTest ")) + "$")
    return sorted(patterns)


def skip_arguments(patterns):
    return [argument for pattern in patterns for argument in ("--skip", pattern)]


def asked_to_skip(output):
    """The `--skip` patterns that `assay mutate`'s refusal names (tests that fail alone)."""
    if "fail before any mutation" not in output:
        return []
    return re.findall(r"--skip '([^']*)'", output)


def leaving_out_what_it_asks(run, patterns, tries=3):
    """`run(patterns)` again, with the tests that `assay mutate`'s refusal names left out too,
    until it names no new one (at most `tries` runs): its last result and the patterns added.
    Its baseline runs each test again, so a test that fails under load (ZIPFoundation's
    `measure` tests, whose spread exceeds 10%) may fail in the sampled run after passing in the
    probe's."""
    added = []
    for _ in range(tries):
        result = run(list(patterns) + added)
        asked = [p for p in asked_to_skip(result.output) if p not in list(patterns) + added]
        if not asked:
            break
        added += asked
    return result, added


def unmutated_failures(run_suite, patterns, tries=3):
    """The tests to leave out because they fail in the reference's run of the unmutated suite
    (a timing test under load), and why the reference cannot judge, or `None`: a reference
    whose unmutated suite fails kills every mutant. `run_suite(patterns)` runs the whole suite
    leaving those out, and gives whether it passed, each test's outcome and how it ended."""
    added = []
    for _ in range(tries):
        ok, found, ended = run_suite(list(patterns) + added)
        if ok:
            return added, None
        failing = [p for p in skip_patterns({"outcomes": found, "flaky": []})
                   if p not in patterns and p not in added]
        if not failing:
            return added, (f"the whole suite fails unmutated under the reference ({ended}), "
                           "with no failing test to leave out")
        added += failing
    return added, (f"the whole suite still fails unmutated under the reference ({ended}) "
                   f"after leaving out the {len(added)} tests that failed in it")


# assay mutate's reason for a mutant in an `#if` clause that its build does not compile.
NOT_COMPILED = "in an #if clause that this build does not compile"


def agrees(said, verdict, reason=None):
    """Whether assay mutate's status (with its `statusReason`) and the reference's verdict say
    the same of a mutant. A mutant whose `#if` clause the build does not compile changes nothing
    that runs: the reference's tests pass ("Survived"), and assay mutate says why it ran none."""
    return (said == verdict or (said in DETECTED and verdict in DETECTED)
            or (said == "NoCoverage" and verdict == "Survived")
            or (said == "Ignored" and reason == NOT_COMPILED and verdict == "Survived"))


def row_key(row):
    """What names a sampled mutant from one run to the next: its place and its change."""
    return (row["file"], row["line"], row["column"], row["operator"], row["replacement"])


def verdicts_by_mutant(found):
    """{row_key: status} of a report's [(file, mutant)]."""
    return {row_key({"file": file, "line": m["location"]["start"]["line"],
                     "column": m["location"]["start"]["column"], "operator": m["mutatorName"],
                     "replacement": m["replacement"]}): m["status"] for file, m in found}


def needs_assay_recheck(rows):
    return any(not row["agrees"] and row.get("confirmed") for row in rows)


def recheck_assay(rows, again):
    """Each confirmed disagreement against assay mutate's verdict on the same mutant in a second
    run (`again`, from `verdicts_by_mutant`): where that one agrees with the reference, assay's
    verdict varies from run to run (a test that notices the mutant only at times, as the
    reference's may), and the disagreement is not confirmed."""
    for row in rows:
        if row["agrees"] or not row.get("confirmed") or row_key(row) not in again:
            continue
        row["assay_again"] = again[row_key(row)]
        if agrees(row["assay_again"], row["reference"], row.get("assay_reason")):
            row["confirmed"] = False


def verdict_of(run):
    """The reference's verdict on a run of the whole suite, and, when it noticed the mutant,
    what it saw (how the run ended and its first error): a disagreement must say which test
    failed, or a flaky suite passes for a killed mutant."""
    if run.ok:
        return "Survived", ""
    return ("Timeout" if run.timed_out else "Killed"), f"{run.ended()}: {run.first_error(300)}"


def run(package, work, scratch, baseline, assay):
    parent = work / f"{package.slug}@mutate"
    shutil.rmtree(parent, ignore_errors=True)
    try:
        return _run(package, work, parent, scratch, baseline, assay)
    finally:
        shutil.rmtree(parent, ignore_errors=True)


def _run(package, work, parent, scratch, baseline, assay):
    kept = checkpoint.read(package)
    if kept is not None:
        # The reference of a big package takes longer than a session (OpenAPIKit: 80 minutes):
        # a stopped run goes on from its last judged mutant, with assay mutate's run as it was.
        print(f"    going on from a stopped run: {len(kept['rows'])} of {len(kept['sampled'])} "
              f"mutants judged, assay mutate's run by {kept['assay']} kept", flush=True)
    else:
        kept = _run_assay(package, work, parent, scratch, baseline, assay)
        if "status" in kept:
            return kept
        checkpoint.write(package, kept)
    timeout, every_skip = kept["timeout"], kept["every_skip"]
    ref = workspace.clone(package, work, parent / "reference" / package.name)
    repairs.apply(package, ref)
    build = workspace.build_tests(ref, baseline_stage.BUILD_TIMEOUT)
    if not build.ok:
        return {"status": "not measurable", "why": f"the reference's tests do not build: {build.first_error()}"}
    pristine = contents(ref)

    def judge_one(number, file, mutant):
        verdict, took, error = reference(ref, file, mutant, timeout, every_skip)
        restore(ref, pristine)
        said = mutant["status"]
        agreed = agrees(said, verdict, mutant.get("statusReason"))
        # A long reference (minutes a mutant) shows how far it is.
        print(f"    reference {number}/{len(kept['sampled'])}: {verdict} in {took:.0f} s "
              f"(assay mutate: {said})", flush=True)
        row = {"file": file, "line": mutant["location"]["start"]["line"],
               "column": mutant["location"]["start"]["column"], "operator": mutant["mutatorName"],
               "replacement": mutant["replacement"], "assay": said, "reference": verdict,
               "agrees": agreed, "reference_error": error, "reference_seconds": round(took, 1)}
        if mutant.get("statusReason"):
            row["assay_reason"] = mutant["statusReason"]
        if not agreed:
            # The reference runs the whole suite once: a disagreement is run again, and stands
            # as confirmed only when the reference gives the same verdict twice.
            again, _, row["reference_again_error"] = reference(ref, file, mutant, timeout, every_skip)
            restore(ref, pristine)
            row["reference_again"] = again
            row["confirmed"] = row["reference_again"] == verdict
        return row

    def save(rows):
        checkpoint.write(package, {**kept, "rows": rows})
    rows = judge(kept["sampled"], list(kept["rows"]), judge_one, save)
    record = {"status": "measured", "mutants": kept["total"], "shard": kept["shard"],
              "suite_seconds": suite_seconds_of(baseline),
              "sampled": len(rows), "agree": sum(r["agrees"] for r in rows), "rows": rows,
              "tree_identical": not kept["tree_changed"], "tree_changed": kept["tree_changed"][:20],
              "skipped": kept["skipped"], "assay_seconds": kept["assay_seconds"]}
    if kept.get("assay_notices"):
        record["assay_notices"] = kept["assay_notices"]
    # assay mutate's verdicts are those of the binary that ran them, whichever goes on.
    record["assay"] = kept["assay"]
    if kept.get("resumed"):
        record["resumed"] = kept["resumed"]
    if needs_assay_recheck(rows):
        # A verdict the reference gave twice may still be one that assay mutate gives only at
        # times: asked again (the same shard, its copy already built), it says.
        again = scratch / f"{package.slug}-mutate-again.json"
        again.unlink(missing_ok=True)
        user = parent / "user" / package.name
        if not user.exists():
            user = workspace.clone(package, work, user)
            repairs.apply(package, user)
        shell.run([assay, "mutate", "--shard", kept["shard"], "--no-cache", "--report", f"json:{again}"]
                  + skip_arguments(every_skip), user, baseline_stage.BUILD_TIMEOUT)
        if again.exists():
            recheck_assay(rows, verdicts_by_mutant(mutants_of(again)))
    if kept.get("assay_phases"):
        record["assay_phases"] = kept["assay_phases"]
        if kept.get("whole_run"):
            record["whole_run"] = kept["whole_run"]
    return scored(record, kept)


# How many times the whole suite's time a hang costs the reference at the least: a run of the
# suite that may hang needs a timeout, and assay mutate gives each test five times its own.
HANG_FACTOR = 5


def reference_per_mutant(rows, suite_seconds=None):
    """The reference's seconds per mutant: the mean over the sampled mutants that compiled and
    did not run out of time under it; None when there are none, or when the rows keep no
    seconds (records older than session 34).

    A mutant that hangs costs the reference its whole timeout, a minute or more: one hang in a
    dozen sampled mutants made the mean a hundred seconds longer (OpenAPIKit: 1428 s for one),
    and a sample without one priced a package where one mutant in twelve hangs at a tenth
    (Ink). A hang is priced as an ordinary mutant here, the least the reference pays for it;
    assay mutate's time keeps its own hangs whole, so the speedup is a lower bound.

    With `suite_seconds` (the whole suite's time, unmutated), a sampled hang is priced instead
    at what the slow method pays with the tightest timeout that tells a hang from a slow run:
    an ordinary mutant's rebuild and run, and the suite's time `HANG_FACTOR - 1` times more
    (never more than the reference paid)."""
    if not all("reference_seconds" in row for row in rows):
        return None
    seconds = [row["reference_seconds"] for row in rows
               if row["reference"] not in ("CompileError", "Timeout")]
    if not seconds:
        return None
    ordinary = sum(seconds) / len(seconds)
    if suite_seconds is None:
        return ordinary
    hangs = [min(row["reference_seconds"], ordinary + (HANG_FACTOR - 1) * suite_seconds)
             for row in rows if row["reference"] == "Timeout"]
    return (sum(seconds) + sum(hangs)) / (len(seconds) + len(hangs))


def suite_seconds_of(baseline):
    """The whole suite's time under `swift test`, the quicker of the baseline's runs; None
    without one."""
    runs = [run["seconds"] for run in (baseline or {}).get("runs", []) if run.get("seconds")]
    return min(runs) if runs else None


def scored(record, kept):
    """`record` with the reference's time per mutant and the speedups: of assay mutate's run
    of the sample, and of its whole run (measured, or as the sample projects it)."""
    rows = record["rows"]
    per_mutant = reference_per_mutant(rows)
    record["reference_seconds_per_mutant"] = round(per_mutant, 2) if per_mutant else None
    record.pop("speedup", None)
    record.pop("projected_speedup", None)
    record.pop("speedup_with_hangs", None)
    if per_mutant and rows:
        # assay's whole time for its sample against rebuilding and running the suite per mutant.
        record["speedup"] = round(per_mutant * len(rows) / kept["assay_seconds"], 2)
        if kept.get("assay_phases"):
            # assay builds and learns coverage once, then runs each mutant; the reference
            # rebuilds and runs the suite per mutant.
            record["projected_speedup"] = whole_speedup(kept, per_mutant)
            with_hangs = reference_per_mutant(rows, record.get("suite_seconds"))
            if with_hangs and with_hangs > per_mutant:
                record["speedup_with_hangs"] = whole_speedup(kept, with_hangs)
    return record


def rescored(record):
    """A stored record scored again from its rows (``reference_per_mutant``). One whose rows
    keep no seconds keeps its figures; where a sampled mutant hung under the reference, they
    count its whole timeout, and the record says `speedup_unsure`."""
    if record.get("status") != "measured" or not record.get("rows"):
        return record
    if reference_per_mutant(record["rows"]) is None and not all(
            "reference_seconds" in row for row in record["rows"]):
        if any(row["reference"] == "Timeout" for row in record["rows"]):
            return {**record, "speedup_unsure": True}
        return record
    kept = {"assay_seconds": record["assay_seconds"], "total": record["mutants"],
            "sampled": [None] * record["sampled"], "assay_phases": record.get("assay_phases"),
            "whole_run": record.get("whole_run")}
    return scored(dict(record), kept)


# Where the sample says that assay mutate's whole run takes less than this, the whole run is
# measured, not projected: one timeout or one survivor among a dozen sampled mutants swings a
# projection (Yams at 0aa5e86: one mutant of 13 ran out of time, 6 s of the sample's 7.2).
WHOLE_RUN_BUDGET = 15 * 60

TIME_LINE = re.compile(r"Time: build ([\d.]+) s, baseline ([\d.]+) s, mutants ([\d.]+) s")


def phases_of(output):
    """The build, baseline and mutants seconds of assay mutate's time line, or None."""
    found = TIME_LINE.search(output)
    return found and {"build": float(found.group(1)), "baseline": float(found.group(2)),
                      "mutants": float(found.group(3))}


def projected_whole(kept):
    """assay mutate's whole run as its sample projects it: one build and one baseline, then
    every mutant at the sample's pace; None without a sample's phases."""
    phases = kept.get("assay_phases")
    if not phases or not kept["sampled"]:
        return None
    return phases["build"] + phases["baseline"] + phases["mutants"] * kept["total"] / len(kept["sampled"])


def whole_run(timed):
    """The record of a whole run of assay mutate: its wall time and phases, or how it failed."""
    phases = phases_of(timed.output)
    if timed.exit in (0, 1) and phases:
        said = [line.strip() for line in timed.output.splitlines() if NOTICE.search(line)]
        # Where the workers' time went, by outcome: the time line's end, as it printed it.
        workers = next((line.split("; the workers' time: ", 1)[1].strip()
                        for line in timed.output.splitlines() if "; the workers' time: " in line), None)
        return {"seconds": round(timed.seconds, 1), "phases": phases, **({"notices": said[:10]} if said else {}),
                **({"workers": workers} if workers else {})}
    return {"seconds": round(timed.seconds, 1), "failed": f"{timed.ended()}: {timed.first_error(200)}"}


def whole_speedup(kept, per_mutant):
    """Rebuilding and running the suite per mutant against assay mutate's whole run: measured
    where it was, else as the sample projects it."""
    measured = kept.get("whole_run")
    whole = measured["seconds"] if measured and "failed" not in measured else projected_whole(kept)
    return round(per_mutant * kept["total"] / whole, 1)


def judge(sampled, rows, judge_one, save):
    """The rows of `sampled`, going on after those already in `rows` (a stopped run's): each
    made by `judge_one(number, file, mutant)` and saved at once (`save(rows)`), so that a run
    stopped midway loses at most the mutant it was judging."""
    for number, (file, mutant) in enumerate(sampled, 1):
        if number <= len(rows):
            continue
        rows.append(judge_one(number, file, mutant))
        save(rows)
    return rows


def _run_assay(package, work, parent, scratch, baseline, assay):
    """assay mutate's run of the sample on the user's tree, with what the reference needs to
    judge it, or a record that says why it cannot be (a `status`)."""
    # Tests that fail (or are flaky) under `swift test` already are left out of both sides, as
    # a user who knows them does; so are those that `assay mutate` names as failing alone
    # (its refusal says which patterns to pass).
    skips = {"failing under swift test": skip_patterns(baseline), "failing alone, as assay mutate said": []}
    user = workspace.clone(package, work, parent / "user" / package.name)
    repairs.apply(package, user)
    before = snapshot(user)
    # A mutant may make a test loop: the reference's run ends at five times the baseline's.
    timeout = max(60, 5 * max(r["seconds"] for r in baseline["runs"]))
    # How many mutants there are: a first run of a shard too thin to run any but one.
    probe = scratch / f"{package.slug}-mutate-probe.json"
    every_skip = [p for patterns in skips.values() for p in patterns]
    first, asked = leaving_out_what_it_asks(
        lambda patterns: shell.run([assay, "mutate", "--shard", "1/100000", "--report", f"json:{probe}"]
                                   + skip_arguments(patterns), user, baseline_stage.BUILD_TIMEOUT),
        every_skip)
    skips["failing alone, as assay mutate said"] += asked
    every_skip += asked
    left_out = {why: patterns for why, patterns in skips.items() if patterns}
    if "leaves out every one of the" in first.output:
        return {"status": "not measurable", "skipped": left_out,
                "why": f"every test fails before any mutation ({first.first_error()})"}
    found = re.search(r"^(\d+) mutants in (\d+) files", first.output, re.M)
    if found is None:
        return {"status": "assay failed", "why": f"assay mutate ({first.ended()}): {first.first_error()}"}
    total = int(found.group(1))
    if total == 0:
        return {"status": "nothing to mutate", "why": "assay mutate found no mutant"}
    # The reference, built, must pass unmutated: tests that fail in its whole-suite run are
    # left out of both sides before any mutant runs.
    ref = workspace.clone(package, work, parent / "reference" / package.name)
    repairs.apply(package, ref)
    build = workspace.build_tests(ref, baseline_stage.BUILD_TIMEOUT)
    if not build.ok:
        return {"status": "not measurable", "why": f"the reference's tests do not build: {build.first_error()}"}

    def run_suite(patterns):
        junit = scratch / f"{package.slug}-mutate-control.xml"
        result, found, _, _ = baseline_stage.swift_test(ref, junit, timeout, skip_arguments(patterns))
        if too_long(result, patterns):
            passed, result, found, _ = leaving_out_by_outcome(
                lambda: baseline_stage.swift_test(ref, junit, timeout), patterns)
            # The tests left out that failed are no news: only the others count.
            found = {key: outcome for key, outcome in found.items()
                     if skip_patterns({"outcomes": {key: "failed"}, "flaky": []})[0] not in patterns}
            return passed, found, result.ended()
        return result.ok, found, result.ended()
    added, unjudged = unmutated_failures(run_suite, every_skip)
    if added:
        skips["failing unmutated in the reference's run of the whole suite"] = added
        left_out = {why: patterns for why, patterns in skips.items() if patterns}
        every_skip += added
    if unjudged:
        return {"status": "not measurable", "why": unjudged, "skipped": left_out}
    shards = max(1, total // SAMPLE)
    shard = f"{1 + SEED % shards}/{shards}"
    report = scratch / f"{package.slug}-mutate.json"
    report.unlink(missing_ok=True)
    timed, asked = leaving_out_what_it_asks(
        lambda patterns: shell.run([assay, "mutate", "--shard", shard, "--no-cache", "--report",
                                    f"json:{report}"] + skip_arguments(patterns), user,
                                   baseline_stage.BUILD_TIMEOUT),
        every_skip)
    if asked:
        skips["failing alone, as assay mutate said"] += asked
        left_out = {why: patterns for why, patterns in skips.items() if patterns}
        every_skip += asked
    shard_phases = phases_of(timed.output)
    projected = shard_phases and projected_whole(
        {"assay_phases": shard_phases, "total": total, "sampled": mutants_of(report) if report.exists() else []})
    whole = None
    if projected and projected <= WHOLE_RUN_BUDGET:
        # The copy is built: the whole run's build is of the mutated targets, as on a second run.
        whole = whole_run(shell.run([assay, "mutate", "--no-cache"] + skip_arguments(every_skip), user,
                                    baseline_stage.BUILD_TIMEOUT + 2 * WHOLE_RUN_BUDGET))
    after = snapshot(user)
    changed = sorted(k for k in set(before) | set(after) if before.get(k) != after.get(k))
    if not report.exists():
        return {"status": "assay failed", "why": f"assay mutate ({timed.ended()}): {timed.first_error()}",
                "tree_identical": not changed, "skipped": left_out}
    kept = {"version": package.version, "assay": results.PINNED.get("commit") or results.assay_commit(),
            "total": total, "shard": shard, "timeout": timeout, "every_skip": every_skip,
            "skipped": left_out, "tree_changed": changed, "assay_seconds": round(timed.seconds, 1),
            "sampled": mutants_of(report), "rows": []}
    # What assay mutate said of the tests and mutants it left out or ran apart, for the row.
    said = [line.strip() for line in timed.output.splitlines() if NOTICE.search(line)]
    if said:
        kept["assay_notices"] = said[:10]
    if shard_phases:
        kept["assay_phases"] = shard_phases
    if whole:
        kept["whole_run"] = whole
    return kept
