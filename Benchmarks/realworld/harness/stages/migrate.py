"""`assay migrate` as a user runs it, on a clone of its own: Assay added to the test targets (as
the migration guide says), `assay migrate quick` where there are Quick specs, then
`assay migrate xctest`, both `--in-place` on every test target's folder; then the tests built
with no hand edit and run by `swift test` twice, each test's outcome read as the baseline's was.

An XCTest method and the `@Test` function it became are the same test (`Class/testName` and
`Class/testName()`). A test of the baseline that does not run after is missing; a test that runs
only after is listed apart (a stale `allTests` list hid it before). The clone is deleted after.
"""
import os
import re
import shutil
import subprocess

from .. import outcomes, repairs, results, shell, workspace
from . import baseline as baseline_stage

# The migration builds the tests after writing, and again after each round of putting back:
# OpenAPIKit's test targets take 5 minutes a build on the loaded 2 cores, and 20 minutes
# killed it halfway (a tree left converted, not yet put back).
MIGRATE_TIMEOUT = 60 * 60
# Said by a row written before its `--assertions assay` and `--verify` passes ended.
PASSES_PENDING = "the --assertions assay and --verify passes did not end (the sweep stopped first)"
ASSERTION = re.compile(r"\bXCT(?:Assert\w*|Fail|Unwrap)\s*\(")
MANIFEST_ADDITION = """

// Added by Assay's real-world harness, as the migration guide tells a user: Assay in every test target.
{package}.dependencies.append(.package(path: "{path}"))
for target in {package}.targets where target.type == .test {{
    target.dependencies.append(.product(name: "Assay", package: "assay"))
}}
"""
# The manifest's variable: most say `let package = Package(`, some another name (`let pkg`).
PACKAGE_VARIABLE = re.compile(r"^\s*(?:let|var)\s+(\w+)\s*=\s*Package\s*\(", re.M)


def package_variable(manifest_text):
    found = PACKAGE_VARIABLE.search(manifest_text)
    return found.group(1) if found else "package"


def assay_source(scratch):
    """A copy of Assay's tracked files as they are now (pinned like the binary): the package
    that the migrated tests depend on, at `scratch/assay-src-COMMIT/assay`."""
    folder = scratch / f"assay-src-{results.PINNED['commit']}" / "assay"
    if not (folder / "Package.swift").exists():
        folder.mkdir(parents=True, exist_ok=True)
        listed = subprocess.run(["git", "ls-files", "-z"], cwd=results.ROOT, capture_output=True,
                                check=True).stdout.split(b"\0")
        # A tracked file deleted in the work tree (a result being measured again) is left out.
        files = b"\0".join(f for f in listed if f and (results.ROOT / f.decode()).exists())
        pack = subprocess.Popen(["tar", "--null", "-T", "-", "-cf", "-"], cwd=results.ROOT,
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        unpack = subprocess.Popen(["tar", "-xf", "-"], cwd=folder, stdin=pack.stdout)
        pack.stdin.write(files)
        pack.stdin.close()
        unpack.wait()
        pack.wait()
    return folder


def test_folders(description, folder):
    """Each test target's folder, relative to the package."""
    paths = []
    for target in description.get("targets", []):
        if target.get("type") == "test":
            path = target.get("path") or f"Tests/{target['name']}"
            if (folder / path).is_dir():
                paths.append(path)
    return sorted(set(paths))


def sources(folder, paths):
    for path in paths:
        yield from sorted((folder / path).rglob("*.swift"))


def count_assertions(folder, paths, own=frozenset()):
    """Calls of XCTest's assertions in the tests, not of the package's own helpers that are
    named like them (swift-algorithms' `XCTAssertEqualSequences`)."""
    return sum(1 for file in sources(folder, paths)
               for call in ASSERTION.finditer(file.read_text(errors="replace"))
               if call.group(0).split("(")[0].strip() not in own)


def own_helpers(folder, paths):
    """Functions named like XCTest's assertions that the tests declare themselves."""
    pattern = re.compile(r"\bfunc\s+(XCT\w+)")
    return frozenset(name for file in sources(folder, paths)
                     for name in pattern.findall(file.read_text(errors="replace")))


def imports(folder, paths, module):
    pattern = re.compile(rf"^\s*(?:@\w+\s+)*import\s+{module}\b", re.M)
    return any(pattern.search(file.read_text(errors="replace")) for file in sources(folder, paths))


ADVICE = re.compile(r"to convert it too, add Assay to its target's dependencies and (\S+) to the paths")


def advised_folders(runs, description, folder):
    """The folders that the notes advise adding to the paths (support targets whose helpers
    could become Assay's), with their targets' names, as a user would read them."""
    advised = sorted({m.group(1) for run in runs for note in run["notes_all"] for m in ADVICE.finditer(note)})
    found = []
    for path in advised:
        for target in description.get("targets", []):
            if (target.get("path") or f"Sources/{target['name']}") == path and (folder / path).is_dir():
                found.append((path, target["name"]))
    return found


def add_assay_to_targets(folder, names):
    """Appends Assay to the named targets of every manifest of the package."""
    listed = ", ".join(f'"{name}"' for name in names)
    for manifest in sorted(folder.glob("Package*.swift")):
        text = manifest.read_text()
        manifest.write_text(text + (
            "\n// Added by the harness, as `assay migrate` advised: Assay in the support targets.\n"
            f"for target in {package_variable(text)}.targets where [{listed}].contains(target.name) {{\n"
            '    target.dependencies.append(.product(name: "Assay", package: "assay"))\n}\n'))


def cycle_through_assay(error):
    """Whether a build failed because adding Assay made a cycle of packages (swift-syntax ->
    Assay -> swift-syntax, which SwiftPM refuses below tools-version 6.0)."""
    return "cyclic dependency between packages" in error and "-> Assay ->" in error


def remove_assay(folder):
    """The manifests as committed again: Assay taken out of the test targets."""
    manifests = [p.name for p in sorted(folder.glob("Package*.swift"))]
    restored = shell.run(["git", "checkout", "--", *manifests], folder, 60)
    resolved = shell.run(["swift", "package", "resolve"], folder, 1800)
    return "" if restored.ok and resolved.ok else (restored.first_error() or resolved.first_error())


def add_assay(folder, assay):
    """Appends Assay to the test targets of every manifest of the package."""
    for manifest in sorted(folder.glob("Package*.swift")):
        text = manifest.read_text()
        manifest.write_text(text + MANIFEST_ADDITION.format(path=assay, package=package_variable(text)))


def migrate_deadline(baseline):
    """How long `assay migrate --in-place` may take: an hour, and four builds of the package's
    tests more, since it builds them after writing and again after each round that puts suites
    back (swift-protobuf's take 943 s, and were killed in the third round at a flat hour)."""
    return MIGRATE_TIMEOUT + 4 * int(baseline.get("build_seconds") or 0)


def migrate(assay, kind, paths, folder, force=False, options=(), deadline=MIGRATE_TIMEOUT):
    """`assay migrate KIND PATHS --in-place`: its outcome, its summary line and its notes."""
    command = [assay, "migrate", kind, *paths, "--in-place", *options] + (["--force"] if force else [])
    result = shell.run(command, folder, deadline)
    lines = result.output.splitlines()
    summary = next((l for l in reversed(lines) if " files read, " in l), "")
    notes = [l for l in lines if "note:" in l or "left as XCTest" in l]
    # What the build after writing put back (the migration's own check that the tests build), all of
    # it: the table tells the suites given Assay's assertions from those put back.
    put_back = [l for l in notes if "its converted code does not compile" in l or "put back as it was" in l]
    return {"kind": kind, "ended": result.ended(), "summary": summary, "notes_count": len(notes),
            "put_back_count": len(put_back), "put_back": put_back,
            "notes": notes[:40], "notes_all": notes, "error": "" if result.ok else result.first_error()}


def unfinished(runs, files_changed):
    """Why the migration did not finish, or "": the last one was killed at the harness's
    deadline and left no file changed. `assay migrate --in-place`, interrupted, puts every
    file back (since ab76518): the tree is the committed one, and nothing was migrated."""
    last = runs[-1] if runs else {}
    if not last.get("ended", "").startswith("killed") or files_changed:
        return ""
    during = last.get("error", "").split(" (")[0]
    return (f"`assay migrate {last['kind']}` {last['ended']}" + (f", while {during}" if during else "")
            + "; it put every file back")


def unfinished_record(record, why):
    """`record` for a migration that did not finish: no test counts as the same."""
    return {**record, "unfinished": why, "builds": False, "build_error": "", "build_errors_count": 0,
            "build_errors": [], "same": 0, "different": [], "missing": [],
            "missing_count": record["tests"], "extra": [], "extra_count": 0}


def test_rebuild_seconds(folder, paths, errors=None):
    """Seconds to build the tests again once every Swift file of `paths` is touched (after a
    build that makes sure the rest is built); None when the tests do not build (the build's
    first error appended to `errors`, when given)."""
    for touch in (False, True):
        if touch:
            for path in sources(folder, paths):
                os.utime(path)
        build = workspace.build_tests(folder, baseline_stage.BUILD_TIMEOUT)
        if not build.ok:
            if errors is not None:
                errors.append(f"{build.ended()}: {build.first_error()}")
            return None
    return round(build.seconds, 1)


# The manifests the harness changed to add Assay, which stay as they are.
MANIFEST = re.compile(r"(^|/)Package(@swift-[\w.]+)?\.swift$|(^|/)Package\.resolved$")


def touched_outside(folder, paths):
    """Tracked files the migration changed or removed outside `paths` (XCTest's
    `Tests/LinuxMain.swift`, beside the test folders), but the manifests."""
    listed = subprocess.run(["git", "status", "--porcelain", "-z", "--untracked-files=no"], cwd=folder,
                            capture_output=True, timeout=60).stdout.decode().split("\0")
    inside = tuple(p.rstrip("/") + "/" for p in paths)
    return [entry[3:] for entry in listed
            if len(entry) > 3 and not MANIFEST.search(entry[3:]) and not entry[3:].startswith(inside)]


def restore(package, folder, paths):
    """The tests as committed again, with the files the migration removed beside them
    (`Tests/LinuxMain.swift`: left removed, a `--verify` run after started without the lists
    and never saw what removing them changed, weichsel/ZIPFoundation), and the mirror's
    repairs made again (cleaning the tree removes a link the harness made:
    swift-async-algorithms' Support/Locking.swift)."""
    restored = shell.run(["git", "checkout", "--", *paths, *touched_outside(folder, paths)], folder, 60)
    cleaned = shell.run(["git", "clean", "-fdq", "--", *paths], folder, 60)
    repairs.apply(package, folder)
    if not restored.ok or not cleaned.ok:
        return "cannot restore the tests: " + (restored.first_error() or cleaned.first_error())
    return ""


def with_assay_assertions(package, assay, paths, folder, quick, own, advised=(),
                          deadline=MIGRATE_TIMEOUT):
    """The same migration, from the committed tests again, with `--assertions assay` (Assay's
    assertions, no macro to expand): whether it builds, and the build cost of the tests."""
    error = restore(package, folder, [*paths, *advised])
    if error:
        return {"error": error}
    runs = [migrate(assay, "quick", paths, folder, deadline=deadline)] if quick else []
    runs.append(migrate(assay, "xctest", paths + list(advised), folder, force=quick,
                        options=("--assertions", "assay"), deadline=deadline))
    for run in runs:
        run.pop("notes_all", None)
    errors = []
    seconds = test_rebuild_seconds(folder, paths, errors)
    return {"summary": runs[-1]["summary"], "ended": runs[-1]["ended"], "error": runs[-1]["error"],
            "put_back_count": runs[-1]["put_back_count"],
            "xctest_assertions_after": count_assertions(folder, paths, own),
            "builds": seconds is not None, "test_rebuild_seconds": seconds,
            "build_error": errors[0] if errors else ""}


def key_after(key, found):
    """The key a baseline test has after the migration, if it ran."""
    if key in found:
        return key
    if key.startswith("XCTest "):
        converted = "Swift Testing " + key.removeprefix("XCTest ") + "()"
        if converted in found:
            return converted
        # A suite that joined its target's serialized root suite (`extension AllSuites`).
        nested = "." + key.removeprefix("XCTest ") + "()"
        joined = [k for k in found if k.startswith("Swift Testing ") and k.endswith(nested)]
        if len(joined) == 1:
            return joined[0]
    return None


def run(package, work, scratch, baseline, assay):
    # In a folder named as the package, as a user's clone is: SwiftPM names a root package by
    # its folder, and refuses a dependency (of Assay's) with the same name as another folder.
    parent = work / f"{package.slug}@migrate"
    shutil.rmtree(parent, ignore_errors=True)
    try:
        return _run(package, workspace.clone(package, work, parent / package.name), scratch, baseline, assay)
    finally:
        shutil.rmtree(parent, ignore_errors=True)


def _run(package, folder, scratch, baseline, assay):
    repaired = repairs.apply(package, folder)
    paths = test_folders(workspace.describe(folder), folder)
    xctest, quick = imports(folder, paths, "XCTest"), imports(folder, paths, "Quick")
    if not xctest and not quick:
        return {"status": "nothing to migrate", "why": "no test file imports XCTest or Quick"}
    own = own_helpers(folder, paths)
    assertions_before = count_assertions(folder, paths, own)
    add_assay(folder, assay_source(scratch))
    resolved = shell.run(["swift", "package", "resolve"], folder, 1800)
    if not resolved.ok:
        return {"status": "not measurable", "why": f"adding Assay to the test targets: {resolved.first_error()}"}
    # The build cost of the test targets, before and after: everything built once, then the
    # test files touched and built again (what a user waits for after editing a test).
    errors = []
    rebuild_before = test_rebuild_seconds(folder, paths, errors)
    # A package that Assay depends on (swift-syntax) cannot add it: its user migrates without
    # Assay, as the migration guide says, and what needs Assay stays XCTest.
    without_assay = errors[0] if rebuild_before is None and errors and cycle_through_assay(errors[0]) else ""
    if without_assay:
        error = remove_assay(folder)
        if error:
            return {"status": "not measurable", "why": f"taking Assay out of the test targets again: {error}"}
        rebuild_before = test_rebuild_seconds(folder, paths)
    options = ("--no-assay",) if without_assay else ()
    deadline = migrate_deadline(baseline)
    runs = [migrate(assay, "quick", paths, folder, options=options, deadline=deadline)] if quick else []
    # After Quick's specs are converted, the files are changed and not committed: the user
    # commits them; --force says the same to `--in-place`.
    runs.append(migrate(assay, "xctest", paths, folder, force=quick, options=options,
                        deadline=deadline))
    # A user follows the notes' advice once: Assay added to the support targets they name, the
    # tests restored from git, and both migrations run again with those folders in the paths.
    advised = advised_folders(runs, workspace.describe(folder), folder)
    if advised:
        add_assay_to_targets(folder, [name for _, name in advised])
        restore(package, folder, paths)
        first = runs
        runs = [migrate(assay, "quick", paths, folder, deadline=deadline)] if quick else []
        runs.append(migrate(assay, "xctest", paths + [p for p, _ in advised], folder, force=quick,
                            deadline=deadline))
        runs[-1]["followed_advice"] = [p for p, _ in advised]
        runs[-1]["before_advice"] = first[-1]["summary"]
    for run in runs:
        run.pop("notes_all", None)
    assertions_after = count_assertions(folder, paths, own)
    changed = shell.run(["git", "status", "--porcelain", "--", *paths], folder, 60).output.splitlines()
    record = {"status": "measured", "repaired": repaired, "test_folders": paths, "migrations": runs,
              "without_assay": without_assay,
              "own_assertion_helpers": sorted(own),
              "files_changed": len(changed),
              "xctest_assertions_before": assertions_before, "xctest_assertions_after": assertions_after,
              "tests": len(baseline["outcomes"])}
    why = unfinished(runs, len(changed))
    if why:
        return unfinished_record(record, why)
    build = workspace.build_tests(folder, baseline_stage.BUILD_TIMEOUT)
    record["build_seconds"] = round(build.seconds, 1)
    if build.ok and rebuild_before is not None:
        rebuild_after = test_rebuild_seconds(folder, paths)
        if rebuild_after is not None:
            record.update({"test_rebuild_seconds_before": rebuild_before,
                           "test_rebuild_seconds_after": rebuild_after})
    if not build.ok:
        errors = [l.strip() for l in build.output.splitlines() if re.search(r":\d+:\d+: error: ", l)]
        record.update({"builds": False, "build_error": build.first_error(), "build_errors_count": len(set(errors)),
                       "build_errors": sorted(set(errors))[:20], "same": 0, "different": [],
                       "missing": [], "missing_count": len(baseline["outcomes"]), "extra": [], "extra_count": 0})
        return record
    # Converted tests run in parallel where XCTest ran them one at a time: some starve each
    # other for ever (swift-async-algorithms' busy loops). The run ends at ten times the
    # baseline's, and says so.
    timeout = max(120, 10 * max(r["seconds"] for r in baseline["runs"]))
    # Run twice, as the baseline was: a converted test that fails or crashes one time in a few
    # (state that XCTest's one-at-a-time order kept apart) must not pass unseen.
    result, found, crashed_in, _ = baseline_stage.swift_test(folder, scratch / f"{package.slug}-migrated.xml", timeout)
    again, found_again, crashed_again, _ = baseline_stage.swift_test(
        folder, scratch / f"{package.slug}-migrated-again.xml", timeout)
    record.update({"builds": True, "run_ended": result.ended(), "crashed_in": crashed_in,
                   "run_again_ended": again.ended(), "crashed_again_in": crashed_again,
                   **compare(baseline, found, found_again),
                   "swift_testing_after": sum(k.startswith("Swift Testing ") for k in found)})
    # The passes below take as long again on a big suite (swift-protobuf: two builds of 20
    # minutes each): the row is written now, so that a sweep stopped there keeps it.
    results.write(package, "migrate", {**record, "unfinished_passes": PASSES_PENDING})
    # Issue 29: the build cost with Assay's assertions too (`--assertions assay`), on the same
    # clone once the default's tests have run.
    if "test_rebuild_seconds_after" in record and not without_assay:
        record["assay_assertions"] = with_assay_assertions(
            package, assay, paths, folder, quick, own, runs[-1].get("followed_advice", []),
            deadline=deadline)
    # Where tests ended differently, the same migration with `--verify`, which runs the tests
    # before and after and puts back each suite whose tests changed: what it leaves.
    if record["different"] or record["missing_count"]:
        record["verified"] = verified(package, assay, paths, folder, quick, baseline, scratch,
                                      timeout, runs[-1].get("followed_advice", []))
    return record


def compare(baseline, *runs):
    """Each baseline test against the runs after the migration: the same (as before in every
    run where it ran), the different (in any run: a user sees it fail one time in two), the
    missing (in no run), and the tests that ran only after."""
    flaky = set(baseline["flaky"])
    differences, missing, matched = [], [], set()
    for key, outcome in baseline["outcomes"].items():
        found = [(key_after(key, run), run) for run in runs]
        ended = [run[after] if after else None for after, run in found]
        if not any(after for after, _ in found):
            missing.append(key)
            continue
        matched.update(after for after, _ in found if after)
        after = next((o for o in ended if o is not None and o != outcome), None)
        if after is not None:
            difference = {"test": key, "before": outcome, "after": after,
                          "as": next(a for a, _ in found if a)}
            if len(runs) > 1:
                difference["runs"] = ended
            differences.append(difference)
    extra = sorted({k for run in runs for k in run if k not in matched and k not in flaky
                    and k.removeprefix("Swift Testing ").removesuffix("()") not in
                    {f.removeprefix("XCTest ") for f in flaky}})
    # A test that ended differently from one run after to the other: flaky only once migrated.
    unsteady = sum(1 for d in differences if len({o for o in d.get("runs", []) if o}) > 1)
    return {"same": len(baseline["outcomes"]) - len(differences) - len(missing),
            "different": differences[:50], "missing": missing[:50], "missing_count": len(missing),
            "extra": extra[:50], "extra_count": len(extra), "flaky_after": unsteady}


def verified(package, assay, paths, folder, quick, baseline, scratch, timeout, advised=()):
    """The migration again from the committed tests, `assay migrate xctest --verify`: its
    summary, what it put back because tests ended differently, and the outcomes after."""
    error = restore(package, folder, [*paths, *advised])
    if error:
        return {"error": error}
    deadline = migrate_deadline(baseline)
    runs = [migrate(assay, "quick", paths, folder, deadline=deadline)] if quick else []
    # The tests run two or more times inside the migration: the deadline grows with them.
    runs.append(migrate(assay, "xctest", paths + list(advised), folder, force=quick,
                        options=("--verify",), deadline=deadline + 4 * timeout))
    notes = runs[-1].pop("notes_all", [])
    for run in runs:
        run.pop("notes_all", None)
    # A suite goes back for its own tests, or for a test process that fails only after.
    put_back = [l for l in notes if "do not end as before" in l or "fails after the migration" in l]
    record = {"summary": runs[-1]["summary"], "ended": runs[-1]["ended"], "error": runs[-1]["error"],
              "verify_put_back": put_back[:20], "verify_put_back_count": len(put_back)}
    changed = shell.run(["git", "status", "--porcelain", "--", *paths], folder, 60).output.splitlines()
    why = unfinished(runs, len(changed))
    if why:
        # Counted as without --verify (the table's totals), since nothing of it is left.
        record.update({"unfinished": why, "builds": False, "build_error": why})
        return record
    build = workspace.build_tests(folder, baseline_stage.BUILD_TIMEOUT)
    if not build.ok:
        record.update({"builds": False, "build_error": build.first_error()})
        return record
    result, found, _, _ = baseline_stage.swift_test(folder, scratch / f"{package.slug}-verified.xml", timeout)
    _, found_again, _, _ = baseline_stage.swift_test(folder, scratch / f"{package.slug}-verified-again.xml", timeout)
    record.update({"builds": True, "run_ended": result.ended(), **compare(baseline, found, found_again)})
    return record
