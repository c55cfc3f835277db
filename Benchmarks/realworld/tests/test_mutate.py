"""The reference's verdict says what it saw.

    python3 -m unittest discover Benchmarks/realworld/tests

combine-schedulers at 6fc9338: two removed calls that `assay mutate` reported surviving were
"Killed" by the reference twice, and nothing said which test failed. Rebuilt and run by hand
with each call removed, the suite passed (exit 0): the rows could not tell a flaky suite from
a missed mutant.
"""
import pathlib
import sys
import unittest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))
from harness import shell  # noqa: E402
from harness.stages import mutate  # noqa: E402


def run(exit, output, timed_out=False, seconds=1.0):
    return shell.Outcome(["swift", "test"], exit, seconds, output, timed_out)


class VerdictTests(unittest.TestCase):
    def test_a_passing_suite_is_survived_with_nothing_to_say(self):
        self.assertEqual(mutate.verdict_of(run(0, "Executed 3 tests, with 0 failures")), ("Survived", ""))

    def test_a_failing_test_is_named_with_the_exit(self):
        output = ("Test Case 'TimerTests.testTimer' started\n"
                  "/p/Tests/TimerTests.swift:40: error: TimerTests.testTimer : XCTAssertEqual failed: (\"1\") is not equal to (\"2\")\n"
                  "Test Case 'TimerTests.testTimer' failed (0.1 seconds)\n")
        verdict, why = mutate.verdict_of(run(1, output))
        self.assertEqual(verdict, "Killed")
        self.assertTrue(why.startswith("exit 1: /p/Tests/TimerTests.swift:40: error: TimerTests.testTimer"), why)

    def test_a_crash_says_its_signal_and_last_lines(self):
        verdict, why = mutate.verdict_of(run(-11, "Test Case 'A.b' started\nsegmentation fault\n"))
        self.assertEqual(verdict, "Killed")
        self.assertEqual(why, "signal 11: Test Case 'A.b' started / segmentation fault")

    def test_a_run_past_its_deadline_is_a_timeout(self):
        verdict, why = mutate.verdict_of(run(-9, "Test Case 'A.loops' started\n", timed_out=True))
        self.assertEqual(verdict, "Timeout")
        self.assertTrue(why.startswith("killed after 1 s (the deadline)"), why)


class SkipTests(unittest.TestCase):
    """Nine packages were rows saying "N tests fail before any mutation": the harness now
    leaves those tests out of both sides, as a user who knows them passes `--skip`."""

    def test_each_failing_or_flaky_baseline_test_gets_a_pattern_of_its_own(self):
        baseline = {"outcomes": {"XCTest URLBoxTests/testInvalidValues": "failed",
                                 "XCTest URLBoxTests/testValid": "passed",
                                 "Swift Testing JWTTests/testMicrosoftEndpointSwitch()": "failed",
                                 "Swift Testing Outer/Inner/skippedOne()": "skipped"},
                    "flaky": ["XCTest ChannelTests/testTimeout"]}
        self.assertEqual(mutate.skip_patterns(baseline), [
            r"(^|\.)ChannelTests/testTimeout$",
            r"(^|\.)JWTTests/testMicrosoftEndpointSwitch\(\)(/|$)",
            r"(^|\.)URLBoxTests/testInvalidValues$",
        ])

    def test_a_test_in_flight_when_swift_test_crashed_is_not_left_out(self):
        """vapor/fluent at 8247f7f: `swift test` crashed (a fatal error in
        `OperatorTests/customOperators()`) with 14 tests in flight, which the baseline records
        as failed; all 16 were left out and the row said "every test fails before any
        mutation", though each passes alone. A test in flight at a crash has no outcome of its
        own: if it fails alone, `assay mutate`'s refusal names it."""
        baseline = {"outcomes": {"Swift Testing CacheTests/cacheGet()": "failed",
                                 "Swift Testing OperatorTests/customOperators()": "failed",
                                 "XCTest URLBoxTests/testInvalidValues": "failed"},
                    "flaky": ["Swift Testing CacheTests/cacheSet()"],
                    "runs": [{"in_flight": ["Swift Testing OperatorTests/customOperators()",
                                            "Swift Testing CacheTests/cacheGet()"]},
                             {"in_flight": ["Swift Testing CacheTests/cacheSet()"]}]}
        self.assertEqual(mutate.skip_patterns(baseline), [r"(^|\.)URLBoxTests/testInvalidValues$"])

    def test_a_pattern_matches_its_test_as_both_runners_name_it_and_no_other(self):
        import re
        [pattern] = mutate.skip_patterns({"outcomes": {"XCTest S/testA": "failed"}, "flaky": []})
        self.assertTrue(re.search(pattern, "Module.S/testA"))
        self.assertTrue(re.search(pattern, "S/testA"))
        for other in ("Module.S/testAB", "Module.XS/testA", "Module.Outer/S/testA2"):
            self.assertFalse(re.search(pattern, other), other)

    def test_a_swift_testing_pattern_matches_the_id_swift_test_skips_by(self):
        """grpc-swift-protobuf and FlyingFox at fc162bf: the reference's `swift test --skip`
        left no Swift Testing test out, so its unmutated suite failed and every mutant was
        "Killed" (7 of 13 agreed). Swift Testing matches `--skip` against an id that names
        nested suites with `/` and ends with the test's source location
        (`M.Outer/Inner/f(x:)/T.swift:6:4`, checked with swift test 6.3.1): `$` never matched."""
        import re
        [pattern] = mutate.skip_patterns(
            {"outcomes": {"Swift Testing Outer.Inner/param(x:)": "failed"}, "flaky": []})
        self.assertEqual(pattern, r"(^|\.)Outer/Inner/param\(x:\)(/|$)")
        self.assertTrue(re.search(pattern, "CheckTests.Outer/Inner/param(x:)/T.swift:6:4"))
        self.assertTrue(re.search(pattern, "CheckTests.Outer/Inner/param(x:)"))
        for other in ("CheckTests.Outer/Inner/param(x:y:)/T.swift:6:4", "CheckTests.XOuter/Inner/param(x:)"):
            self.assertFalse(re.search(pattern, other), other)

    def test_the_patterns_assay_mutate_asks_for_are_read_from_its_refusal(self):
        output = ("error: the tests fail before any mutation, each run alone in a process of its own "
                  "as assay mutate runs them: SystemTests.IORingTests/testA (XCTAssertEqual failed: "
                  "(\"a'b\") is not equal to (\"c\") - ); fix them first, or leave them out: "
                  "--skip '^SystemTests\\.IORingTests/testA$' --skip '^SystemTests\\.Io/b\\(\\)$'\n")
        self.assertEqual(mutate.asked_to_skip(output),
                         [r"^SystemTests\.IORingTests/testA$", r"^SystemTests\.Io/b\(\)$"])
        self.assertEqual(mutate.asked_to_skip("error: the canary survived\n"), [])

    def test_a_run_that_asks_for_more_runs_again_leaving_them_out(self):
        """ZIPFoundation at dfb7998: the probe passed once its failing tests were left out, and
        the sampled run refused for another `measure` test that failed under load: "assay
        failed". Each run now goes again with what its refusal names, up to three times."""
        class Ran:
            def __init__(self, output):
                self.output = output
        refusal = "error: the tests fail before any mutation ...: --skip '^A/%s$'\n"
        answers = [Ran(refusal % "one"), Ran(refusal % "two"), Ran("13 mutants in 2 files\n")]
        calls = []

        def run(patterns):
            calls.append(list(patterns))
            return answers[len(calls) - 1]
        result, added = mutate.leaving_out_what_it_asks(run, ["^B$"])
        self.assertEqual(result.output, "13 mutants in 2 files\n")
        self.assertEqual(added, ["^A/one$", "^A/two$"])
        self.assertEqual(calls, [["^B$"], ["^B$", "^A/one$"], ["^B$", "^A/one$", "^A/two$"]])
        calls.clear()
        answers[:] = [Ran(refusal % "one")] * 3
        result, added = mutate.leaving_out_what_it_asks(run, [])
        self.assertEqual(len(calls), 2)
        self.assertEqual(added, ["^A/one$"])



class UnmutatedControlTests(unittest.TestCase):
    """FlyingFox at dfb7998: the reference said "Killed" for all 13 sampled mutants, four of
    them against assay's "Survived", each twice, with `[Fox] error: delta`: a timing test that
    fails in the whole suite under load, mutant or not. A reference whose unmutated suite fails
    kills every mutant. Its tests that fail unmutated are left out of both sides before any
    mutant runs; a suite that fails with none of its own to leave out is not measurable."""

    def runs(self, *results):
        calls = []

        def run_suite(patterns):
            calls.append(list(patterns))
            return results[len(calls) - 1]
        return run_suite, calls

    def test_a_passing_suite_leaves_nothing_out(self):
        run_suite, calls = self.runs((True, {"XCTest A/testB": "passed"}, "exit 0"))
        self.assertEqual(mutate.unmutated_failures(run_suite, ["p"]), ([], None))
        self.assertEqual(calls, [["p"]])

    def test_tests_failing_unmutated_are_left_out_until_the_suite_passes(self):
        run_suite, calls = self.runs(
            (False, {"Swift Testing DeltaTests/delta()": "failed", "XCTest A/testB": "passed"}, "exit 1"),
            (True, {"XCTest A/testB": "passed"}, "exit 0"))
        added, why = mutate.unmutated_failures(run_suite, ["p"])
        self.assertEqual(added, [r"(^|\.)DeltaTests/delta\(\)(/|$)"])
        self.assertIsNone(why)
        self.assertEqual(calls, [["p"], ["p", r"(^|\.)DeltaTests/delta\(\)(/|$)"]])

    def test_a_suite_failing_with_no_test_to_leave_out_says_so(self):
        run_suite, _ = self.runs((False, {"XCTest A/testB": "passed"}, "signal 11"))
        added, why = mutate.unmutated_failures(run_suite, [])
        self.assertEqual(added, [])
        self.assertEqual(why, "the whole suite fails unmutated under the reference (signal 11), "
                              "with no failing test to leave out")

    def test_a_suite_that_keeps_failing_stops_after_three_runs(self):
        failing = [(False, {f"XCTest A/test{n}": "failed"}, "exit 1") for n in range(4)]
        run_suite, calls = self.runs(*failing)
        added, why = mutate.unmutated_failures(run_suite, [])
        self.assertEqual(len(calls), 3)
        self.assertEqual(len(added), 3)
        self.assertEqual(why, "the whole suite still fails unmutated under the reference (exit 1) "
                              "after leaving out the 3 tests that failed in it")


class AssayRecheckTests(unittest.TestCase):
    """async-kit at 00de7d7: `ConnectionPoolTests/connectionPruning()` sleeps 200 ms between
    uses of a pool that prunes every 200 ms; with the pruning condition made `true` it fails
    or passes by timing. The reference killed the mutant twice, assay mutate's one run let it
    survive, and the row stood as a confirmed disagreement. Run by hand, assay mutate killed
    the same mutant in 4 of 6 runs: its verdict varies, as the reference's may. A confirmed
    disagreement now asks assay mutate again; where its second verdict agrees with the
    reference, the disagreement is not confirmed, and says which side varied."""

    def row(self, said, verdict, confirmed=True):
        return {"file": "Sources/P/Pool.swift", "line": 366, "column": 24,
                "operator": "condition", "replacement": "true", "assay": said,
                "reference": verdict, "agrees": mutate.agrees(said, verdict),
                "confirmed": confirmed}

    def test_a_verdict_that_assay_changes_when_asked_again_is_not_confirmed(self):
        row = self.row("Survived", "Killed")
        mutate.recheck_assay([row], {mutate.row_key(row): "Killed"})
        self.assertEqual(row["assay_again"], "Killed")
        self.assertFalse(row["confirmed"])
        self.assertFalse(row["agrees"])

    def test_a_verdict_that_assay_gives_again_stays_confirmed(self):
        row = self.row("Survived", "Killed")
        mutate.recheck_assay([row], {mutate.row_key(row): "Survived"})
        self.assertEqual(row["assay_again"], "Survived")
        self.assertTrue(row["confirmed"])

    def test_only_confirmed_disagreements_are_asked_about(self):
        agreeing, unconfirmed = self.row("Killed", "Killed"), self.row("Survived", "Killed", False)
        mutate.recheck_assay([agreeing, unconfirmed], {mutate.row_key(agreeing): "Survived"})
        self.assertNotIn("assay_again", agreeing)
        self.assertNotIn("assay_again", unconfirmed)

    def test_which_disagreements_need_asking(self):
        self.assertTrue(mutate.needs_assay_recheck([self.row("Killed", "Killed"), self.row("Survived", "Killed")]))
        self.assertFalse(mutate.needs_assay_recheck([self.row("Survived", "Killed", False)]))

    def test_a_second_report_is_read_by_each_mutants_place_and_change(self):
        mutant = {"id": "7", "mutatorName": "condition", "replacement": "true", "status": "Killed",
                  "location": {"start": {"line": 366, "column": 24}, "end": {"line": 366, "column": 80}}}
        again = mutate.verdicts_by_mutant([("Sources/P/Pool.swift", mutant)])
        self.assertEqual(again, {mutate.row_key(self.row("Survived", "Killed")): "Killed"})


class TransparentReferenceTests(unittest.TestCase):
    """swift-atomics at 5960908: `return Self._decode(r)` made `return 0` in a `@_transparent`
    operation was "Survived" by the reference, where a clean build fails
    `test_loadThenWrappingIncrement_acquiring`. Swift copies a transparent body into the
    modules that call it, and `swift build` does not compile them again when only that body
    changed (Swift 6.3.1, debug): the tests ran the unmutated copy. Nor when the file is put
    back: the next mutant's run held this one."""

    def test_a_transparent_body_is_rebuilt_into_its_callers_and_put_back_from_them(self):
        import tempfile
        with tempfile.TemporaryDirectory() as folder:
            folder = pathlib.Path(folder)
            files = {
                "Package.swift": "// swift-tools-version: 6.0\nimport PackageDescription\n"
                "let package = Package(name: \"T\", targets: [.target(name: \"T\"), "
                ".testTarget(name: \"TTests\", dependencies: [\"T\"])])\n",
                "Sources/T/Transparent.swift": "@_transparent public func one() -> Int { 1 }\n",
                "Sources/T/Plain.swift": "public func unused() -> Int { 2 }\n",
                "Tests/TTests/OneTests.swift": "import T\nimport XCTest\n"
                "final class OneTests: XCTestCase {\n"
                "  func testOne() { XCTAssertEqual(one(), 1) }\n}\n",
            }
            for path, text in files.items():
                (folder / path).parent.mkdir(parents=True, exist_ok=True)
                (folder / path).write_text(text)
            self.assertTrue(mutate.workspace.build_tests(folder, 600).ok)

            def mutant(line, column, end, replacement):
                return {"location": {"start": {"line": line, "column": column},
                                     "end": {"line": line, "column": end}},
                        "replacement": replacement}

            transparent = mutate.reference(
                folder, "Sources/T/Transparent.swift", mutant(1, 42, 43, "0"), 600)
            self.assertEqual(transparent[0], "Killed", transparent)
            plain = mutate.reference(folder, "Sources/T/Plain.swift", mutant(1, 31, 32, "3"), 600)
            self.assertEqual(plain[0], "Survived", plain)


class SummaryTests(unittest.TestCase):
    """swift-openapi-async-http-client (session 40): its one mutant does not compile, so no
    sampled mutant ran and there is no speed figure; the progress line printed "sample Nonex,
    whole run Nonex faster"."""

    def record(self, **speed):
        return {"status": "measured", "stage": "mutate", "agree": 1, "sampled": 1, "mutants": 1,
                "tree_identical": True, **speed}

    def test_a_run_without_a_speed_figure_says_so(self):
        import run as harness_run
        line = harness_run.summary(self.record())
        self.assertNotIn("None", line)
        self.assertIn("no speed figure", line)

    def test_a_run_with_a_speed_figure_gives_it(self):
        import run as harness_run
        line = harness_run.summary(self.record(speedup=2.5, projected_speedup=30.1))
        self.assertIn("sample 2.5x, whole run 30.1x faster than rebuilding per mutant", line)



class WholeRunTests(unittest.TestCase):
    """jpsim/Yams at 0aa5e86: 14.0x, projected from 13 sampled mutants of 642, one of which ran
    out of time (6 s of the sample's 7.2): a whole run at that pace would have a timeout in
    every thirteenth mutant. Where the sample says the whole run is short, it is measured."""

    def kept(self, mutants_seconds, total=642):
        return {"total": total, "sampled": [("f", {})] * 13,
                "assay_phases": {"build": 4.9, "baseline": 2.0, "mutants": mutants_seconds}}

    def test_a_short_projected_run_is_measured_and_a_long_one_is_not(self):
        self.assertAlmostEqual(mutate.projected_whole(self.kept(7.2)), 362.5, places=1)
        self.assertTrue(mutate.projected_whole(self.kept(7.2)) <= mutate.WHOLE_RUN_BUDGET)
        self.assertTrue(mutate.projected_whole(self.kept(60.0)) > mutate.WHOLE_RUN_BUDGET)
        self.assertIsNone(mutate.projected_whole({"total": 3, "sampled": []}))

    def test_the_whole_run_is_read_from_its_time_line(self):
        output = ("642 mutants in 21 files\n"
                  "Time: build 3.1 s, baseline 2.2 s, mutants 201.7 s (190 a minute); floor 90 s\n")
        self.assertEqual(mutate.whole_run(run(0, output, seconds=207.9)),
                         {"seconds": 207.9, "phases": {"build": 3.1, "baseline": 2.2, "mutants": 201.7}})
        said = "5 mutants cannot be switched in the one build (...): each built alone, as written, and run\n"
        self.assertEqual(mutate.whole_run(run(1, said + output, seconds=207.9))["notices"], [said.strip()])

    def test_the_whole_run_keeps_where_the_workers_time_went(self):
        output = ("Time: build 5.4 s, baseline 1.2 s, mutants 30.3 s (1188 a minute); floor 13.3 s; "
                  "the workers' time: timed out 34.1 s (50), killed 18.8 s (456)\n")
        self.assertEqual(mutate.whole_run(run(0, output, seconds=37.0))["workers"],
                         "timed out 34.1 s (50), killed 18.8 s (456)")

    def test_a_whole_run_that_fails_says_how(self):
        record = mutate.whole_run(run(2, "error: the package does not build\n", seconds=12.0))
        self.assertEqual(record["seconds"], 12.0)
        self.assertIn("exit 2", record["failed"])

    def test_a_measured_whole_run_gives_the_speedup(self):
        kept = {**self.kept(7.2), "whole_run": {"seconds": 210.0, "phases": {}}}
        self.assertEqual(mutate.whole_speedup(kept, per_mutant=7.9), 24.2)
        self.assertEqual(mutate.whole_speedup(self.kept(7.2), per_mutant=7.9), 14.0)
        failed = {**self.kept(7.2), "whole_run": {"seconds": 12.0, "failed": "exit 2"}}
        self.assertEqual(mutate.whole_speedup(failed, per_mutant=7.9), 14.0)


class ReferencePaceTests(unittest.TestCase):
    """mattpolzin/OpenAPIKit (session 52): one of 13 sampled mutants hung under the reference,
    which counted its whole timeout (1428 s), and made its time per mutant 110 s more than the
    other twelve's: 107.3x. JohnSundell/Ink (session 55): 50 of 630 mutants hang, none of them
    sampled: 5.3x. A hang is priced as an ordinary mutant on the reference's side; assay mutate's
    time keeps its own."""

    def row(self, reference, seconds):
        return {"reference": reference, "reference_seconds": seconds, "assay": reference,
                "agrees": True}

    def test_a_mutant_that_hangs_under_the_reference_is_priced_as_an_ordinary_one(self):
        rows = [self.row("Killed", 2.0), self.row("Survived", 4.0), self.row("Timeout", 1428.0),
                self.row("CompileError", 1.0)]
        self.assertEqual(mutate.reference_per_mutant(rows), 3.0)

    def test_with_the_suites_time_a_hang_costs_a_rebuild_and_five_times_the_suite(self):
        """swift-service-lifecycle (session 57): 3 of 12 sampled mutants hung under the
        reference, a 67 s timeout each where the suite takes 3.6 s; priced as ordinary
        mutants, the whole run was 9.2x, though each of its 74 hangs cost assay mutate 2 s."""
        rows = [self.row("Killed", 2.0), self.row("Survived", 4.0), self.row("Timeout", 1428.0),
                self.row("CompileError", 1.0)]
        self.assertAlmostEqual(mutate.reference_per_mutant(rows, suite_seconds=10.0), 49 / 3)
        # Never more than the reference paid.
        rows = [self.row("Killed", 2.0), self.row("Survived", 4.0), self.row("Timeout", 20.0)]
        self.assertAlmostEqual(mutate.reference_per_mutant(rows, suite_seconds=10.0), 26 / 3)

    def test_the_suites_time_is_the_quicker_of_the_baselines_runs(self):
        self.assertEqual(mutate.suite_seconds_of({"runs": [{"seconds": 4.11}, {"seconds": 3.62}]}), 3.62)
        self.assertIsNone(mutate.suite_seconds_of(None))
        self.assertIsNone(mutate.suite_seconds_of({"runs": []}))

    def test_a_sample_of_hangs_only_gives_no_pace(self):
        self.assertIsNone(mutate.reference_per_mutant([self.row("Timeout", 61.0)]))

    def test_rows_that_keep_no_seconds_give_no_pace(self):
        rows = [{"reference": "Killed", "assay": "Killed", "agrees": True}]
        self.assertIsNone(mutate.reference_per_mutant(rows))

    def stored(self, rows):
        return {"status": "measured", "stage": "mutate", "agree": len(rows), "sampled": len(rows),
                "mutants": 100, "tree_identical": True, "rows": rows, "assay_seconds": 4.0,
                "reference_seconds_per_mutant": 99.0, "speedup": 99.0, "projected_speedup": 99.0,
                "assay_phases": {"build": 10.0, "baseline": 2.0, "mutants": 4.0},
                "whole_run": {"seconds": 50.0, "phases": {"build": 10.0, "baseline": 2.0,
                                                          "mutants": 38.0}}}

    def test_a_stored_record_is_scored_again_from_its_rows(self):
        record = mutate.rescored(self.stored([self.row("Killed", 2.0), self.row("Timeout", 300.0)]))
        self.assertEqual(record["reference_seconds_per_mutant"], 2.0)
        self.assertEqual(record["speedup"], 1.0)
        self.assertEqual(record["projected_speedup"], 4.0)
        self.assertNotIn("speedup_unsure", record)

    def test_a_stored_record_with_the_suites_time_says_the_speedup_with_hangs_priced_too(self):
        record = mutate.rescored({**self.stored([self.row("Killed", 2.0), self.row("Timeout", 300.0)]),
                                  "suite_seconds": 1.0})
        self.assertEqual(record["projected_speedup"], 4.0)
        # (2 + (2 + 4 * 1)) / 2 = 4 s a mutant: 100 mutants in 50 s.
        self.assertEqual(record["speedup_with_hangs"], 8.0)
        from harness import table
        self.assertIn("4.0x faster than rebuilding per mutant (8.0x with each sampled mutant that "
                      "hangs under the reference priced at 5 times the suite)",
                      table._cell(record, "mutate"))
        never_hung = mutate.rescored({**self.stored([self.row("Killed", 2.0)]), "suite_seconds": 1.0})
        self.assertNotIn("speedup_with_hangs", never_hung)

    def test_a_stored_record_whose_rows_keep_no_seconds_and_whose_sample_hung_is_unsure(self):
        rows = [{"reference": "Timeout", "assay": "Timeout", "agrees": True},
                {"reference": "Killed", "assay": "Killed", "agrees": True}]
        record = mutate.rescored(self.stored(rows))
        self.assertEqual(record["projected_speedup"], 99.0)
        self.assertTrue(record["speedup_unsure"])
        from harness import table
        self.assertIn("unsure", table._cell(record, "mutate"))

    def test_a_stored_record_whose_sample_never_hung_stays_as_it_was(self):
        rows = [{"reference": "Killed", "assay": "Killed", "agrees": True}]
        record = mutate.rescored(self.stored(rows))
        self.assertEqual(record["projected_speedup"], 99.0)
        self.assertNotIn("speedup_unsure", record)


class RestoreTests(unittest.TestCase):
    """swift-snapshot-testing at 9e49ebd: the first sampled mutant's run failed an inline
    snapshot test, which rewrote its own test file in the reference's clone; every later
    mutant's rebuild failed to compile that file, and 12 of 13 rows said "CompileError"."""

    def test_what_a_run_wrote_into_the_sources_is_put_back(self):
        import tempfile
        with tempfile.TemporaryDirectory() as name:
            folder = pathlib.Path(name)
            (folder / "Tests").mkdir()
            (folder / "Tests" / "SnapshotTests.swift").write_text("assertInlineSnapshot { }\n")
            (folder / "Sources").mkdir()
            (folder / "Sources" / "Lib.swift").write_text("let a = 1\n")
            (folder / ".build").mkdir()
            (folder / ".build" / "object.o").write_text("built")
            pristine = mutate.contents(folder)
            # What a failing run wrote: its test file rewritten, a new snapshot, a file removed.
            (folder / "Tests" / "SnapshotTests.swift").write_text("assertInlineSnapshot { x\n")
            (folder / "Tests" / "__Snapshots__").mkdir()
            (folder / "Tests" / "__Snapshots__" / "new.txt").write_text("recorded")
            (folder / "Sources" / "Lib.swift").unlink()
            (folder / ".build" / "object.o").write_text("rebuilt")
            touched = mutate.restore(folder, pristine)
            self.assertEqual(mutate.contents(folder), pristine)
            self.assertEqual(touched, ["Sources/Lib.swift", "Tests/SnapshotTests.swift",
                                       "Tests/__Snapshots__/new.txt"])
            self.assertEqual((folder / ".build" / "object.o").read_text(), "rebuilt",
                             "the build folder is the build's")


if __name__ == "__main__":
    unittest.main()


class NoticeTests(unittest.TestCase):
    """fluent-postgres-driver at 5c6b6c4: its row went from "assay failed" to 13 of 13, and
    nothing in it said that tests had run with no other test process: the row keeps what
    assay mutate said of the tests and mutants it left out or ran apart."""

    def test_the_lines_about_tests_left_out_or_run_apart_are_kept_and_no_other(self):
        output = ("Baseline: each of the 40 tests alone, to learn what it reaches\n"
                  "Tests that failed beside other test processes and passed with none beside them "
                  "(they share something outside their folders: a database, a port, files) run "
                  "with no other test process from now on: T.S/testA, T.S/testB\n"
                  "3 of the 43 tests left out (--skip, skipTests)\n"
                  "1 mutants change the code even when switched off: left out, reported as not run\n"
                  "Running 13 mutants, 2 at a time\n")
        kept = [line for line in output.splitlines() if mutate.NOTICE.search(line)]
        self.assertEqual([line[:12] for line in kept], ["Tests that f", "3 of the 43 ", "1 mutants ch"])

    def test_the_line_about_mutants_built_alone_is_kept(self):
        """swift-case-paths at a01f508: 5 of its 13 sampled mutants were in code that macros
        run in the compiler, each built alone as the reference builds it; the row said 3.3x
        and not that."""
        line = ("5 mutants cannot be switched in the one build (code that macros run in the "
                "compiler, whose mutants change what it writes; removed statements of closures, as "
                "of a result builder without buildOptional): each built alone, as written, and run")
        self.assertTrue(mutate.NOTICE.search(line))


class TooLongTests(unittest.TestCase):
    """swift-nio 2.101.3 at ad36489: "not measurable: the whole suite fails unmutated under
    the reference (exit 1), with no failing test to leave out". With 12 tests to skip, `swift
    test --skip` hands the XCTest binary the names of the thousands it keeps as one argument,
    over Linux's 128 KiB: `posix_spawn error: Argument list too long`, no XCTest test ran."""

    SKIPS = [r"(^|\.)FileSystemTests/testCopySymlink$"]
    E2BIG = run(1, "error: posix_spawn error: Argument list too long (7), `[...]`\n"
                   "✔ Test run with 276 tests in 16 suites passed after 20.722 seconds.\n")

    def test_only_that_error_with_tests_to_skip_is_too_long(self):
        self.assertTrue(mutate.too_long(self.E2BIG, self.SKIPS))
        self.assertFalse(mutate.too_long(self.E2BIG, []))
        self.assertFalse(mutate.too_long(run(1, "Test Case 'A.b' failed"), self.SKIPS))
        self.assertFalse(mutate.too_long(run(0, "Argument list too long"), self.SKIPS))

    def whole(self, exit, found, crashed_in=None, timed_out=False):
        return lambda: (run(exit, "", timed_out), found, crashed_in, [])

    def test_a_whole_run_whose_only_failures_are_left_out_passes(self):
        found = {"XCTest FileSystemTests/testCopySymlink": "failed", "XCTest A/testB": "passed"}
        passed, _, _, others = mutate.leaving_out_by_outcome(self.whole(1, found), self.SKIPS)
        self.assertTrue(passed)
        self.assertEqual(others, [])

    def test_a_failure_outside_those_left_out_fails_and_is_named(self):
        found = {"XCTest FileSystemTests/testCopySymlink": "failed", "XCTest A/testB": "failed"}
        passed, _, _, others = mutate.leaving_out_by_outcome(self.whole(1, found), self.SKIPS)
        self.assertFalse(passed)
        self.assertEqual(others, [r"(^|\.)A/testB$"])

    def test_a_failed_run_with_no_failing_test_a_crash_or_a_timeout_fails(self):
        left_out = {"XCTest FileSystemTests/testCopySymlink": "failed"}
        for whole in (self.whole(1, {"XCTest A/testB": "passed"}),
                      self.whole(1, left_out, crashed_in="XCTest A/testB"),
                      self.whole(-9, left_out, timed_out=True),
                      self.whole(-11, left_out)):
            self.assertFalse(mutate.leaving_out_by_outcome(whole, self.SKIPS)[0])
        # A crash in a test left out is one of theirs.
        crashed = self.whole(1, left_out, crashed_in="XCTest FileSystemTests/testCopySymlink")
        self.assertTrue(mutate.leaving_out_by_outcome(crashed, self.SKIPS)[0])


class NotCompiledClauseTests(unittest.TestCase):
    """A mutant in an `#if` clause that the build does not compile (`#if os(Windows)` on
    Linux) is "Ignored" with its reason; the reference's tests pass with it in place, since
    nothing that runs changed. The two agree; a mutant ignored for another reason (it does not
    build beside the others) still does not."""

    def test_a_mutant_of_a_clause_not_compiled_agrees_with_a_survivor(self):
        self.assertTrue(mutate.agrees("Ignored", "Survived", mutate.NOT_COMPILED))

    def test_a_mutant_ignored_for_another_reason_does_not_agree(self):
        self.assertFalse(mutate.agrees("Ignored", "Survived"))
        self.assertFalse(mutate.agrees("Ignored", "Killed", mutate.NOT_COMPILED))
