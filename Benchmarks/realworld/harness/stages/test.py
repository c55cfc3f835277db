"""`assay test` against the baseline, on the same built suite: the same tests with the same
outcomes, the same exit status, and the time ratio (pairs run in turn, the least of each)."""
import statistics

from .. import outcomes, repairs, shell, workspace
from . import baseline as baseline_stage


def run(package, work, scratch, baseline, assay, pairs):
    folder = workspace.clone(package, work)
    repairs.apply(package, folder)
    # Always built (a no-op when up to date): a build folder may be pruned, or cut short when a
    # sweep was stopped, and then holds no test binary.
    build = workspace.build_tests(folder, baseline_stage.BUILD_TIMEOUT)
    if not build.ok:
        raise workspace.NotMeasurable(f"its tests no longer build: {build.first_error()}")
    timeout = max(baseline_stage.RUN_TIMEOUT, 3 * max(r["seconds"] for r in baseline["runs"]))
    report = scratch / f"{package.slug}-assay.json"
    report.unlink(missing_ok=True)
    result = shell.run([assay, "test", "--skip-build", "--report", f"json:{report}"], folder, timeout)
    if not report.exists():
        return {"status": "assay failed", "why": f"assay test wrote no report ({result.ended()}): "
                + result.first_error(), "assay_exit": result.exit}
    found, details = outcomes.from_assay_report(report)
    expected = baseline["outcomes"]
    flaky = set(baseline["flaky"])
    differences, missing = [], []
    for key, outcome in expected.items():
        if key not in found:
            missing.append(key)
        elif found[key] != outcome:
            differences.append({"test": key, "swift test": outcome, "assay test": found[key],
                                "assay said": details.get(key, [])[:3]})
    differences, in_flight = in_flight_at_crash(differences, baseline, result.exit)
    differences, unconfirmed = recheck(differences, folder, scratch, package, assay, timeout)
    extra = sorted(k for k in found if k not in expected and k not in flaky)
    same = len(expected) - len(differences) - len(unconfirmed) - len(missing) - len(in_flight)
    baseline_exit = baseline["runs"][0]["exit"]
    record = {"status": "measured", "tests": len(expected), "same": same,
              "different": differences, "unconfirmed": unconfirmed, "in_flight": in_flight,
              "missing": missing[:50], "missing_count": len(missing),
              "extra": extra[:50], "extra_count": len(extra),
              "assay_exit": result.exit, "swift_test_exit": baseline_exit,
              "exit_agrees": (result.exit == 0) == (baseline_exit == 0)}
    longest = max(r["seconds"] for r in baseline["runs"])
    if pairs:
        # A suite of minutes is timed once, without a warm-up: a sweep must end.
        record.update(timing(folder, assay, pairs if longest < 60 else 1, timeout, longest,
                             warm=longest < 60))
    hangs_under_both(record)
    return record


def hangs_under_both(record):
    """The differences that are tests `assay test` timed out, listed apart (`hang_too`) when
    `swift test` hung in this stage's timed runs too: swift-subprocess's tests hang at times in
    their own fork under either runner; `assay test` ends such a run with a timeout where
    `swift test` waits forever."""
    if not (record.get("hung") or {}).get("swift test"):
        return
    kept, hanging = [], []
    for difference in record["different"]:
        said = difference.get("assay said") or []
        timed_out = any(line.startswith("timedOut") for line in said)
        (hanging if timed_out and difference["swift test"] == "passed" else kept).append(difference)
    if hanging:
        record["different"], record["hang_too"] = kept, hanging


def in_flight_at_crash(differences, baseline, assay_exit):
    """The differences that are tests in flight when `swift test` crashed, in both baseline
    runs, split from the others: started and never ended, they have no outcome of their own
    (the baseline counts them failed), and `assay test` runs them again after the crash. They
    differ from nothing when `assay test` failed the run too (for the crash, said as a result
    of its own); when it passed, the crash was lost and they stay differences."""
    runs = baseline["runs"]
    stopped = set.intersection(*(set(run.get("in_flight", [])) for run in runs)) if runs else set()
    if assay_exit == 0 or not stopped:
        return differences, []
    kept, in_flight = [], []
    for difference in differences:
        crashed_with_it = difference["test"] in stopped and difference["swift test"] == "failed"
        (in_flight if crashed_with_it else kept).append(difference)
    return kept, in_flight


def recheck(differences, folder, scratch, package, assay, timeout):
    """Each difference measured once more, whole suites again (the baseline ran twice, assay
    once): a difference is confirmed when `assay test` gives its outcome again and `swift test`
    the baseline's; otherwise it is listed apart as unconfirmed, with every outcome seen, since
    a test whose outcome depends on timing or load is not the runner's to answer for."""
    if not differences:
        return [], []
    _, again, _, _ = baseline_stage.swift_test(folder, scratch / f"{package.slug}-recheck.xml", timeout)
    report = scratch / f"{package.slug}-assay-recheck.json"
    report.unlink(missing_ok=True)
    shell.run([assay, "test", "--skip-build", "--report", f"json:{report}"], folder, timeout)
    assay_again = outcomes.from_assay_report(report)[0] if report.exists() else {}
    confirmed, unconfirmed = [], []
    for difference in differences:
        key = difference["test"]
        difference["swift test again"] = again.get(key, "missing")
        difference["assay test again"] = assay_again.get(key, "missing")
        same_again = (difference["swift test again"] == difference["swift test"]
                      and difference["assay test again"] == difference["assay test"])
        (confirmed if same_again else unconfirmed).append(difference)
    return confirmed, unconfirmed


def timing(folder, assay, pairs, timeout, longest, warm=True):
    """`assay test` and `swift test` in turn, `pairs` times after a warm-up of each. A timed run
    ends at ten times the baseline's longest run (two minutes at least): a run killed there hung
    (swift-subprocess's `swift test` hangs at times in its own fork), is no time, and is counted."""
    plain = ["swift", "test", "--skip-build"]
    tool = [assay, "test", "--skip-build"]
    deadline = min(timeout, max(120.0, 10 * longest))
    hung = {"swift test": 0, "assay test": 0}

    def timed(command, name):
        result = shell.run(command, folder, deadline)
        if result.timed_out:
            hung[name] += 1
            return None
        return result.seconds

    if warm:
        timed(plain, "swift test"), timed(tool, "assay test")
    seconds = [(timed(tool, "assay test"), timed(plain, "swift test")) for _ in range(pairs)]
    record = {"pairs": [[None if a is None else round(a, 3), None if b is None else round(b, 3)]
                        for a, b in seconds]}
    if any(hung.values()):
        record["hung"] = hung
    tool_times = [a for a, _ in seconds if a is not None]
    plain_times = [b for _, b in seconds if b is not None]
    if not tool_times or not plain_times:
        return record
    least_tool, least_plain = min(tool_times), min(plain_times)
    both = [(a, b) for a, b in seconds if a is not None and b is not None]
    record.update({"assay_seconds": round(least_tool, 3), "swift_test_seconds": round(least_plain, 3),
                   "ratio": round(least_tool / least_plain, 3)})
    if both:
        record["median_pair_ratio"] = round(statistics.median(a / b for a, b in both), 3)
    return record
