"""The table's migrate cell, on records as the stage writes them.

    python3 -m unittest discover Benchmarks/realworld/tests
"""
import pathlib
import sys
import unittest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))
from harness import table  # noqa: E402


def record(variant):
    return {"xctest_assertions_before": 10, "xctest_assertions_after": 0, "migrations": [],
            "builds": True, "same": 1, "tests": 1, "different": [], "missing_count": 0,
            "extra_count": 0, "test_rebuild_seconds_before": 1.0,
            "test_rebuild_seconds_after": 2.0, "assay_assertions": variant}


class MigrateCellTests(unittest.TestCase):
    def test_an_exit_that_swift_test_itself_varies_is_not_a_disagreement(self):
        """postgres-nio: `swift test` exited 1, then 0 in its two baseline runs (its flaky
        tests); the `test` stage's runs ended 0 and 1 with every compared test the same."""
        test = {"status": "measured", "same": 476, "tests": 476, "different": [],
                "missing_count": 0, "exit_agrees": False, "assay_exit": 0, "swift_test_exit": 1}
        steady = {"runs": [{"exit": 1}, {"exit": 1}]}
        varied = {"runs": [{"exit": 1}, {"exit": 0}]}
        self.assertFalse(table.flaky_exit(test, steady))
        self.assertTrue(table.flaky_exit(test, varied))
        self.assertFalse(table.flaky_exit({**test, "different": [{"test": "t"}]}, varied))
        self.assertIn("from tests flaky under `swift test` alone", table._cell(test, "test", varied))
        self.assertIn("**exit 0 vs 1**", table._cell(test, "test", steady))

    def test_a_stopped_assertions_pass_is_not_measured_even_when_the_tree_builds(self):
        # OpenAPIKit: the pass was stopped before it wrote anything, so the tests it rebuilt
        # were the XCTest ones; 50.3 s was shown as the cost of Assay's assertions.
        cell = table._migrate_cell(record({"ended": "signal 15", "builds": True,
                                           "test_rebuild_seconds": 50.3}))
        self.assertIn("with `--assertions assay`: not measured (stopped, signal 15)", cell)
        self.assertNotIn("50.3", cell)

    def test_a_finished_assertions_pass_shows_its_rebuild(self):
        cell = table._migrate_cell(record({"ended": "exit 0", "builds": True,
                                           "test_rebuild_seconds": 3.5}))
        self.assertIn("with `--assertions assay`: 3.5 s", cell)


    def test_suites_given_assays_assertions_are_not_said_to_be_put_back(self):
        """GRDB: two suites whose `#expect` did not compile were converted with Assay's
        assertions (they ran as Swift Testing); the cell said "2 put back as they were"."""
        assayed = ("note: SingletonRecordTest asserts with Assay's assertions (assertEqual, "
                   "assertTrue, …): with #expect its converted code does not compile: call can throw")
        kept = "T.swift:3: note: left as XCTest: its converted code does not compile: no member 'x'"
        whole = "U.swift: note: put back as it was: its converted code does not compile: oops"
        run = {"kind": "xctest", "error": "", "put_back_count": 3, "put_back": [assayed, kept, whole]}
        cell = table._migrate_cell({**record({}), "migrations": [run]})
        self.assertIn("; 2 suites or files put back as XCTest (their converted code did not "
                      "compile); 1 suites with Assay's assertions instead (`#expect` did not compile)",
                      cell)
        only = {**run, "put_back_count": 1, "put_back": [assayed]}
        cell = table._migrate_cell({**record({}), "migrations": [only]})
        self.assertNotIn("put back", cell)
        self.assertIn("; 1 suites with Assay's assertions instead", cell)

    def test_an_unfinished_migration_says_why_and_counts_nothing_as_the_same(self):
        cell = table._migrate_cell({**record({}), "builds": False, "same": 0, "missing_count": 1,
                                    "xctest_assertions_after": 10,
                                    "unfinished": "`assay migrate xctest` killed after 3600 s"})
        self.assertTrue(cell.startswith("**did not finish**: `assay migrate xctest` killed after "
                                        "3600 s; 0/1 counted as the same; 0/10 XCTest assertions "
                                        "converted"), cell)

    def test_a_row_written_before_its_later_passes_ended_says_so(self):
        partial = {**record({}), "unfinished_passes": "the --assertions assay and --verify passes did not end"}
        del partial["assay_assertions"]
        cell = table._migrate_cell(partial)
        self.assertIn("; the --assertions assay and --verify passes did not end", cell)
        self.assertNotIn("did not end", table._migrate_cell(record({"ended": "exit 0", "builds": True,
                                                                    "test_rebuild_seconds": 3.5})))

    def test_a_test_that_differs_in_one_run_of_two_is_said(self):
        cell = table._migrate_cell({**record({}), "tests": 3, "same": 1, "flaky_after": 1,
                                    "different": [{"test": "a"}, {"test": "b"}]})
        self.assertIn("1/3 same (**2 differ, 0 missing**; 1 of them in one run of two only)", cell)


class BaselineCellTests(unittest.TestCase):
    def baseline(self, ended):
        return {"status": "measured", "counts": {"passed": 7, "failed": 1}, "flaky": [],
                "build_seconds": 1414.0,
                "runs": [{"ended": ended, "crashed_in": "Swift Testing T/testHangs()"}]}

    def test_a_test_running_at_the_deadline_hangs(self):
        """hummingbird-websocket: `swift test` was killed at the harness's deadline with one
        test started and never ended; the row said the run stopped at a crash."""
        cell = table._cell(self.baseline("killed after 1805 s (the deadline)"), "baseline")
        self.assertIn("the run hangs in T/testHangs() (killed after 1805 s (the deadline))", cell)
        self.assertNotIn("crash", cell)

    def test_the_listed_tests_a_stopped_run_never_reached_are_counted(self):
        cell = table._cell({**self.baseline("killed after 1805 s (the deadline)"),
                            "never_ran_count": 35}, "baseline")
        self.assertIn("(killed after 1805 s (the deadline)); 35 more listed tests never ran)", cell)

    def test_a_test_running_when_the_process_died_crashed(self):
        cell = table._cell(self.baseline("signal 11"), "baseline")
        self.assertIn("the run stops at a crash in T/testHangs()", cell)


class MutateCellTests(unittest.TestCase):
    def test_a_mutant_assay_did_not_run_is_no_agreement_and_says_why(self):
        rows = [{"assay": "Killed", "reference": "Killed", "agrees": True},
                {"assay": "Ignored", "reference": "Survived", "agrees": False, "confirmed": True}]
        cell = table._cell({"status": "measured", "agree": 1, "sampled": 2, "mutants": 40,
                            "rows": rows, "tree_identical": True}, "mutate")
        self.assertTrue(cell.startswith("**1/2 verdicts agree (of 40 mutants)**"), cell)
        self.assertIn("1 not run by `assay mutate`", cell)

    def test_a_disagreement_that_assay_did_not_repeat_says_so(self):
        rows = [{"assay": "Killed", "reference": "Killed", "agrees": True},
                {"assay": "Survived", "reference": "Killed", "agrees": False, "confirmed": False,
                 "assay_again": "Killed"},
                {"assay": "Survived", "reference": "Killed", "agrees": False, "confirmed": False,
                 "reference_again": "Survived"}]
        cell = table._cell({"status": "measured", "agree": 1, "sampled": 3, "mutants": 40,
                            "rows": rows, "tree_identical": True}, "mutate")
        self.assertIn("(1 of the disagreements not confirmed: the reference gave another verdict "
                      "when run again)", cell)
        self.assertIn("(1 of the disagreements not confirmed: `assay mutate` gave the reference's "
                      "verdict when run again, as the tests notice the mutant only at times)", cell)

    def test_a_speedup_below_the_target_says_where_the_time_goes(self):
        """swift-atomics at 2.7x, swift-tagged at 8.8x: the row gave the figure and not its
        cause (the baseline's process per test, one survivor covered by the whole suite, the
        copy's first build of a package whose reference rebuilds in 2 s)."""
        record = {"status": "measured", "agree": 13, "sampled": 13, "mutants": 227, "rows": [],
                  "tree_identical": True, "projected_speedup": 2.7,
                  "reference_seconds_per_mutant": 55.39,
                  "assay_phases": {"build": 7.9, "baseline": 185.1, "mutants": 253.1}}
        cell = table._cell(record, "mutate")
        self.assertIn("2.7x faster than rebuilding per mutant (projected 4613 s: building the copy "
                      "0%, the baseline 4%, the mutants 96%; the reference 55.4 s a mutant)", cell)
        record["projected_speedup"] = 25.0
        self.assertNotIn("projected", table._cell(record, "mutate"))

    def test_a_measured_whole_run_is_said_to_be_measured(self):
        """Yams: a whole run measured, not projected from its sample, says so, and below the
        target its own phases say where the time went."""
        record = {"status": "measured", "agree": 13, "sampled": 13, "mutants": 642, "rows": [],
                  "tree_identical": True, "projected_speedup": 24.2,
                  "reference_seconds_per_mutant": 7.9,
                  "assay_phases": {"build": 4.9, "baseline": 2.0, "mutants": 7.2},
                  "whole_run": {"seconds": 210.0,
                                "phases": {"build": 3.0, "baseline": 2.0, "mutants": 200.0}}}
        cell = table._cell(record, "mutate")
        self.assertIn("; 24.2x faster than rebuilding per mutant (the whole run measured: 210 s)", cell)
        record["projected_speedup"] = 12.0
        self.assertIn("12.0x faster than rebuilding per mutant (the whole run measured: 210 s: "
                      "building the copy 1%, the baseline 1%, the mutants 95%; the reference "
                      "7.9 s a mutant)", table._cell(record, "mutate"))
        record["whole_run"]["workers"] = "timed out 150.0 s (20), killed 50.0 s (600)"
        self.assertIn("the mutants 95%; the workers' time: timed out 150.0 s (20), killed 50.0 s "
                      "(600); the reference 7.9 s a mutant)", table._cell(record, "mutate"))

    def test_a_speedup_below_the_target_names_the_mutants_built_alone(self):
        """swift-case-paths at 3.3x: 5 of the 13 sampled mutants (a third of the package's) are
        in its macro's code, which the compiler runs, so each is built alone, as the reference
        builds every mutant; the row gave the shares of the phases and not that."""
        record = {"status": "measured", "agree": 13, "sampled": 13, "mutants": 318, "rows": [],
                  "tree_identical": True, "projected_speedup": 3.3,
                  "reference_seconds_per_mutant": 6.82,
                  "assay_notices": ["2 mutants in all do not compile: left out",
                                    "5 mutants cannot be switched in the one build (code that "
                                    "macros run in the compiler, ...): each built alone, as "
                                    "written, and run"],
                  "assay_phases": {"build": 23.1, "baseline": 3.8, "mutants": 25.8}}
        self.assertIn("; 5 of the 13 sampled mutants built alone, as the reference builds each "
                      "(code that macros run in the compiler, or a closure's statement that no "
                      "switch can hold)", table._cell(record, "mutate"))
        record["projected_speedup"] = 25.0
        self.assertNotIn("built alone", table._cell(record, "mutate"))
        record["projected_speedup"] = 2.0
        record["whole_run"] = {"seconds": 900.0, "notices": ["108 mutants cannot be switched in the one build (...)"],
                               "phases": {"build": 100.0, "baseline": 4.0, "mutants": 790.0}}
        self.assertIn("; 108 of the 318 mutants built alone, as the reference builds each",
                      table._cell(record, "mutate"))

    def test_a_cycle_of_packages_from_adding_assay_is_not_measurable(self):
        """swift-syntax: Assay depends on swift-syntax, so adding Assay to swift-syntax's tests
        made a cycle that SwiftPM refused; counted as 0 of 3469 the same, it read as a broken
        migration."""
        record = {"status": "measured", "builds": False, "tests": 3469, "same": 0,
                  "build_error": "error: cyclic dependency between packages swift-syntax -> Assay "
                                 "-> swift-syntax requires tools-version 6.0 or later"}
        read = table.migrate_record(record)
        self.assertEqual(read["status"], "not measurable")
        self.assertIn("makes a cycle of packages (cyclic dependency between packages swift-syntax "
                      "-> Assay -> swift-syntax", read["why"])
        other = dict(record, build_error="error: cannot find 'x' in scope")
        self.assertIs(table.migrate_record(other), other)
        self.assertIsNone(table.migrate_record(None))

    def test_a_package_migrated_without_assay_says_so(self):
        """swift-syntax, which Assay depends on: the harness takes Assay out again and migrates
        without it, as its user would; the row says so."""
        record = {"status": "measured", "builds": True, "tests": 2, "same": 2, "different": [],
                  "missing_count": 0, "extra_count": 0, "migrations": [{"error": "", "kind": "xctest"}],
                  "xctest_assertions_before": 10, "xctest_assertions_after": 4,
                  "without_assay": "exit 1: error: cyclic dependency between packages swift-syntax "
                                   "-> Assay -> swift-syntax"}
        cell = table._cell(record, "migrate")
        self.assertTrue(cell.startswith("2/2 same; 6/10 XCTest assertions converted; migrated "
                                        "without Assay (`--no-assay`)"), cell)
        self.assertNotIn("migrated without Assay", table._cell(dict(record, without_assay=""), "migrate"))

    def test_mocks_that_cannot_compile_for_a_cycle_of_packages_are_not_measurable(self):
        cycle = ("error: cyclic dependency between packages swift-syntax -> Assay -> swift-syntax "
                 "requires tools-version 6.0 or later")
        record = {"status": "measured", "compiled": 0, "protocols": 2,
                  "modules": [{"mocked": ["A", "B"], "rejected": {"A": cycle, "B": cycle}}]}
        read = table.mock_record(record)
        self.assertEqual(read["status"], "not measurable")
        self.assertTrue(read["why"].startswith("assay mock wrote 2 of 2 mocks, but compiling them "
                                               "needs Assay"), read["why"])
        other = dict(record, modules=[{"mocked": ["A"], "rejected": {"A": "error: x"}}])
        self.assertIs(table.mock_record(other), other)

    def test_protocols_a_user_cannot_import_are_not_counted(self):
        """swift-argument-parser: its ArgumentParserTestHelpers module is in no library
        product, so no user can import it, nor mock its 2 protocols; they counted as 2 of 8
        that did not compile."""
        hidden = "no library product of p exposes Helpers: a user cannot import it"
        record = {"status": "measured", "compiled": 6, "protocols": 8, "refused": 0, "crashes": 0,
                  "modules": [{"mocked": ["A", "B"], "rejected": {"A": hidden, "B": hidden},
                               "unimportable": True, "compiled": [], "refused": []},
                              {"mocked": list("CDEFGH"), "rejected": {}, "compiled": list("CDEFGH"),
                               "refused": []}]}
        read = table.mock_record(record)
        self.assertEqual((read["compiled"], read["protocols"]), (6, 6))
        self.assertEqual(table._cell(read, "mock"),
                         "6/6 compile (2 more in a module that no library product exposes, which "
                         "a user cannot import: not counted)")
        self.assertEqual(record["protocols"], 8, "the record read is left as it is")

    def test_tests_left_out_of_a_mutate_sample_are_said_with_why(self):
        cell = table._cell({"status": "measured", "agree": 1, "sampled": 1, "mutants": 40,
                            "rows": [], "tree_identical": True,
                            "skipped": {"failing under swift test": ["a", "b"],
                                        "failing alone, as assay mutate said": ["c"]}}, "mutate")
        self.assertIn("2 tests left out by `--skip`, failing under swift test, "
                      "1 tests left out by `--skip`, failing alone, as assay mutate said", cell)

    def test_a_test_that_swift_test_itself_failed_on_a_recheck_is_flaky_and_left_out(self):
        """combine-schedulers: testRunsOnMain passed in both baseline runs, failed under
        `assay test`, then failed in the recheck's `swift test` run and passed under `assay
        test`: flaky under `swift test` too, so it is left out like a flaky test of the
        baseline, not counted as a test whose outcome differs. A test that only `assay test`
        changed on the recheck still counts against it."""
        flaky = {"test": "XCTest UISchedulerTests/testRunsOnMain", "swift test": "passed",
                 "assay test": "failed", "swift test again": "failed", "assay test again": "passed"}
        assay_only = {**flaky, "test": "XCTest T/b", "swift test again": "passed"}
        test = {"status": "measured", "same": 21, "tests": 23, "different": [],
                "unconfirmed": [flaky, assay_only], "missing_count": 0, "extra_count": 0,
                "exit_agrees": False, "assay_exit": 1, "swift_test_exit": 0}
        baseline = {"status": "measured", "runs": [{"exit": 0}, {"exit": 0}],
                    "counts": {"passed": 23}, "flaky": [], "build_seconds": 9.0}
        records = {("a", "baseline"): baseline, ("a", "test"): test}
        read = table.results.read
        table.results.read = lambda package, stage: records.get((package, stage))
        try:
            text = table.render(["a"])
        finally:
            table.results.read = read
        self.assertIn("21 of 22 tests with the same outcome", text)
        self.assertIn("1 more flaky under `swift test` too (its outcome changed in a recheck run of "
                      "`swift test`: left out)", text)
        cell = table._cell(test, "test", records[("a", "baseline")])
        self.assertIn("21/22 same, 1 flaky under `swift test` too (failed in a recheck, left out), "
                      "1 differed once (not again on a recheck)", cell)

    def test_the_summary_counts_the_packages_where_assay_mutate_stopped(self):
        """swift-system: `assay mutate` stopped with an error; its row said so, and the
        summary line counted only the packages it measured."""
        records = {
            ("a", "mutate"): {"status": "measured", "sampled": 2, "agree": 2,
                              "tree_identical": True, "projected_speedup": 6.0, "mutants": 7,
                              "rows": []},
            ("b", "mutate"): {"status": "assay failed", "why": "assay mutate (exit 2): error"},
            ("c", "mutate"): {"status": "measured", "sampled": 1, "agree": 1,
                              "tree_identical": True, "projected_speedup": 30.0, "mutants": 9,
                              "rows": [], "whole_run": {"seconds": 3.0, "phases": {}}},
        }
        read = table.results.read
        table.results.read = lambda package, stage: records.get((package, stage))
        try:
            text = table.render(["a", "b", "c"])
        finally:
            table.results.read = read
        self.assertIn("`mutate` on 2 packages: 3 of 3 sampled verdicts agree", text)
        self.assertIn("lowest speedup of a whole run 6.0x (measured on 1 package, projected from "
                      "the sample on 1), 1 packages below 20x", text)
        self.assertIn("on 1 more, `assay mutate` stopped with an error", text)


if __name__ == "__main__":
    unittest.main()
