"""The migrate stage's comparison of the tests after the migration with the baseline.

    python3 -m unittest discover Benchmarks/realworld/tests
"""
import pathlib
import sys
import unittest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))
from harness.stages import migrate  # noqa: E402

BASELINE = {"flaky": [], "outcomes": {"XCTest A/testOne": "passed", "XCTest A/testTwo": "passed",
                                      "XCTest A/testThree": "failed"}}


class CycleTests(unittest.TestCase):
    def test_only_a_cycle_through_assay_is_one(self):
        self.assertTrue(migrate.cycle_through_assay(
            "exit 1: error: cyclic dependency between packages swift-syntax -> Assay -> swift-syntax "
            "requires tools-version 6.0 or later"))
        self.assertFalse(migrate.cycle_through_assay("exit 1: error: cannot find 'x' in scope"))
        self.assertFalse(migrate.cycle_through_assay(
            "error: cyclic dependency between packages a -> b -> a"))


class DeadlineTests(unittest.TestCase):
    """swift-protobuf at 00de7d7: its tests take 943 s to build; `assay migrate --in-place`
    builds them after writing, and again after each round that puts suites back (16 to 22
    minutes a round on this machine). The harness killed it at 3600 s, in its third round,
    and the row said the tree does not build. The deadline grows with the package's build."""

    def test_the_deadline_grows_with_the_build(self):
        self.assertEqual(migrate.migrate_deadline({"build_seconds": 943.0}), 3600 + 4 * 943)
        self.assertEqual(migrate.migrate_deadline({"build_seconds": 12.0}), 3600 + 48)
        self.assertEqual(migrate.migrate_deadline({}), 3600)


class UnfinishedTests(unittest.TestCase):
    """Since ab76518, `assay migrate --in-place` stopped by the harness's deadline (SIGINT)
    puts every file back before it ends: the tree is the committed one, its tests all pass as
    before, and nothing was migrated. Counted as the same, those tests would pass for a
    migration that never happened."""

    KILLED = {"kind": "xctest", "ended": "killed after 3600 s (the deadline)",
              "error": "building the tests to check the converted code (--no-build skips this)"}

    def test_a_migration_killed_with_nothing_left_is_unfinished(self):
        why = migrate.unfinished([self.KILLED], files_changed=0)
        self.assertEqual(why, "`assay migrate xctest` killed after 3600 s (the deadline), while "
                              "building the tests to check the converted code; it put every file back")

    def test_a_killed_migration_that_left_its_files_is_measured_as_it_left_them(self):
        self.assertEqual(migrate.unfinished([self.KILLED], files_changed=12), "")

    def test_a_finished_migration_is_not_unfinished(self):
        done = {"kind": "xctest", "ended": "exit 0", "error": ""}
        self.assertEqual(migrate.unfinished([done], files_changed=0), "")

    def test_the_record_counts_no_test_as_the_same(self):
        record = migrate.unfinished_record({"tests": 3}, "why")
        self.assertEqual((record["same"], record["missing_count"], record["builds"]), (0, 3, False))
        self.assertEqual(record["unfinished"], "why")


class CompareTests(unittest.TestCase):
    def test_one_run_after_compares_each_test(self):
        found = {"Swift Testing A/testOne()": "passed", "Swift Testing A/testTwo()": "failed"}
        result = migrate.compare(BASELINE, found)
        self.assertEqual(result["same"], 1)
        self.assertEqual([d["test"] for d in result["different"]], ["XCTest A/testTwo"])
        self.assertEqual(result["missing"], ["XCTest A/testThree"])
        self.assertEqual(result["flaky_after"], 0)

    def test_a_test_that_differs_in_one_run_of_two_differs(self):
        """Quick/Nimble: a migrated test crashed the Swift Testing run about one time in four
        (a process-wide signal handler); one run after the migration passed, and the table
        said the tests were the same."""
        first = {"Swift Testing A/testOne()": "passed", "Swift Testing A/testTwo()": "passed",
                 "Swift Testing A/testThree()": "failed"}
        second = {"Swift Testing A/testOne()": "failed", "Swift Testing A/testThree()": "failed"}
        result = migrate.compare(BASELINE, first, second)
        self.assertEqual(result["same"], 2)
        self.assertEqual(result["different"], [{"test": "XCTest A/testOne", "before": "passed",
                                                "after": "failed", "as": "Swift Testing A/testOne()",
                                                "runs": ["passed", "failed"]}])
        self.assertEqual(result["flaky_after"], 1)
        self.assertEqual(result["missing_count"], 0)

    def test_a_test_missing_from_every_run_is_missing(self):
        result = migrate.compare(BASELINE, {"Swift Testing A/testOne()": "passed"},
                                 {"Swift Testing A/testOne()": "passed"})
        self.assertEqual(result["missing_count"], 2)
        self.assertEqual(result["same"], 1)

    def test_a_test_that_ran_only_after_is_listed_once(self):
        extra = {"Swift Testing A/testNew()": "passed"}
        result = migrate.compare(BASELINE, extra, extra)
        self.assertEqual(result["extra"], ["Swift Testing A/testNew()"])

    def test_a_suite_that_joined_a_root_suite_is_the_same_suite(self):
        """vapor/fluent-postgres-driver: a converted class joins the target's serialized root
        (`extension AllSuites`), so its tests are `AllSuites.A/...` after."""
        found = {"Swift Testing AllSuites.A/testOne()": "passed",
                 "Swift Testing AllSuites.A/testTwo()": "passed",
                 "Swift Testing AllSuites.B/testThree()": "failed"}
        result = migrate.compare(BASELINE, found)
        self.assertEqual(result["same"], 2)
        self.assertEqual(result["missing"], ["XCTest A/testThree"])
        self.assertEqual(result["extra"], ["Swift Testing AllSuites.B/testThree()"])


if __name__ == "__main__":
    unittest.main()
