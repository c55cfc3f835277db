"""The baseline: clone, build the tests, run `swift test` twice; each test's outcome.

A test whose outcome differs between the two runs is flaky: listed, and left out of every
comparison. A package whose tests do not build, or whose runs report no test, is not
measurable, with the first error.
"""
from .. import outcomes, repairs, shell, workspace

# A build this long is not a user's "it does not build": on 2 shared cores a big package
# (swift-otel: 2575 of 2606 steps in 45 min) can need more.
BUILD_TIMEOUT = 90 * 60
RUN_TIMEOUT = 30 * 60


def swift_test(folder, junit, timeout=RUN_TIMEOUT, arguments=()):
    """One `swift test --skip-build` (with `arguments`): its outcome, each test's, the test it crashed in, and the
    tests in flight when it crashed (Swift Testing runs them side by side: each started and
    never ended, and counts as failed, though no result of its own says so)."""
    junit.unlink(missing_ok=True)
    swift_testing_junit = junit.with_name(junit.stem + "-swift-testing.xml")
    swift_testing_junit.unlink(missing_ok=True)
    # Swift Testing's event stream, written as tests run, tells which tests a crash stopped:
    # its JUnit file is written at the end, or cut short.
    events = junit.with_name(junit.stem + "-events.jsonl")
    events.unlink(missing_ok=True)
    run = shell.run(["swift", "test", "--skip-build", "--xunit-output", junit,
                     "--event-stream-output-path", events, "--event-stream-version", "0",
                     *arguments],
                    folder, timeout)
    found, crashed_in = outcomes.from_xctest_output(run.output)
    swift_testing, stopped = outcomes.from_swift_testing(swift_testing_junit, events)
    found.update(swift_testing)
    in_flight = []
    if stopped and not run.ok:
        for key in stopped:
            found[key] = "failed"
        crashed_in = crashed_in or stopped[0]
        in_flight = stopped
    return run, found, crashed_in, in_flight


def build_failure(build, repaired):
    """Why a package whose tests did not build is not measurable: a build stopped at the
    harness's deadline says so and where it was, never "its tests do not build"."""
    repairs_said = f" (after repairs: {'; '.join(repaired)})" if repaired else ""
    if build.timed_out:
        last = [line for line in build.output.splitlines() if line.strip()][-1:] or [""]
        return (f"its tests did not finish building before the harness's deadline "
                f"({build.ended()}){repairs_said}; the build was at: {last[0].strip()[:200]}")
    error = build.first_error()
    what = ("a dependency cannot be checked out from the local mirror"
            if "check out revision" in error or "Failed to clone repository" in error
            else "its tests do not build")
    return f"{what} ({build.ended()}){repairs_said}: {error}"


def counts(found):
    result = {}
    for outcome in found.values():
        result[outcome] = result.get(outcome, 0) + 1
    return result


def run(package, work, scratch):
    folder = workspace.clone(package, work)
    repaired = repairs.apply(package, folder)
    description = workspace.describe(folder)
    targets = workspace.test_targets(description)
    if not targets:
        raise workspace.NotMeasurable("the package declares no test target")
    build = workspace.build_tests(folder, BUILD_TIMEOUT)
    if not build.ok:
        raise workspace.NotMeasurable(build_failure(build, repaired))
    runs, found_each, results = [], [], []
    for index in (1, 2):
        result, found, crashed_in, in_flight = swift_test(folder, scratch / f"{package.slug}-baseline-{index}.xml")
        runs.append({"ended": result.ended(), "exit": result.exit, "seconds": round(result.seconds, 2),
                     "counts": counts(found), "crashed_in": crashed_in, "in_flight": in_flight,
                     "last_lines": result.output.splitlines()[-3:] if not result.ok else []})
        found_each.append(found)
        results.append(result)
    first, second = found_each
    if not first and not second:
        frameworks = {"XCTest", "Testing"} & workspace.test_imports(description, folder)
        kind = ("" if frameworks else
                "its tests import neither XCTest nor Swift Testing (another framework's runner, "
                "whose results neither `swift test` nor Assay reads); ")
        raise workspace.NotMeasurable(no_test_reason(results[0], kind))
    keys = set(first) | set(second)
    flaky = sorted(k for k in keys if first.get(k) != second.get(k))
    stable = {k: first[k] for k in sorted(keys) if k not in flaky}
    record = {"status": "measured", "test_targets": targets, "repaired": repaired,
              "build_seconds": round(build.seconds, 1), "runs": runs, "counts": counts(stable),
              "flaky": flaky, "outcomes": stable}
    if any(run["crashed_in"] for run in runs):
        # A run that stops at a crash or a hang leaves tests unrun; only the list names them.
        never = never_ran(folder, keys)
        record.update({"never_ran": never[:50], "never_ran_count": len(never)})
    return record


def no_test_reason(result, kind):
    """Why a run reported no test: the first fatal error (a test binary that stops at start-up,
    as WasmKit's on a folder the snapshot lacks), else its last lines."""
    lines = [line.strip() for line in result.output.splitlines() if line.strip()]
    fatal = next((line for line in lines if "Fatal error:" in line), None)
    why = fatal[:300] if fatal else " / ".join(lines[-3:])
    return f"{kind}swift test reported no test ({result.ended()}): {why}"


def never_ran(folder, ran):
    """The tests `swift test list` names that ran in neither run."""
    listed = shell.run(["swift", "test", "list", "--skip-build"], folder, 600)
    return sorted(outcomes.from_test_list(listed.output) - set(ran)) if listed.ok else []
