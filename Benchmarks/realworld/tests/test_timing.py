"""Timed runs that hang are no times.

    python3 -m unittest discover Benchmarks/realworld/tests

swiftlang/swift-subprocess at 5fad31b: on a quiet machine, `swift test` hung in two timed runs
of two (a test's child, forked to run `/usr/bin/id`, waits forever in `setuid` for a thread of
the parent that fork did not copy; the package's own bug). Each timed run had the stage's
30-minute deadline, so one hang cost half an hour, and a run killed at its deadline would have
counted as a time like any other.
"""
import pathlib
import sys
import unittest
from unittest import mock

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))
from harness import shell, table  # noqa: E402
from harness.stages import test as test_stage  # noqa: E402


class Script:
    """Stands in for `shell.run`: each command's runs in turn, as (seconds, timed out)."""

    def __init__(self, assay, swift):
        self.runs = {"assay": list(assay), "swift": list(swift)}
        self.deadlines = []

    def __call__(self, command, cwd, timeout, env=None):
        self.deadlines.append(timeout)
        seconds, hung = self.runs["swift" if command[0] == "swift" else "assay"].pop(0)
        return shell.Outcome(command, -9 if hung else 0, timeout if hung else seconds, "", hung)


class TimingTests(unittest.TestCase):
    def test_a_run_killed_at_its_deadline_is_no_time_and_is_counted_as_hung(self):
        script = Script(assay=[(2.0, False), (2.1, False), (2.0, False)],
                        swift=[(2.5, False), (0, True), (2.4, False)])
        with mock.patch.object(shell, "run", script):
            record = test_stage.timing("/x", "assay", pairs=2, timeout=1800, longest=2.5)
        self.assertEqual(record["swift_test_seconds"], 2.4)
        self.assertEqual(record["assay_seconds"], 2.0)
        self.assertEqual(record["hung"], {"swift test": 1, "assay test": 0})
        self.assertEqual(record["pairs"], [[2.1, None], [2.0, 2.4]])

    def test_a_timed_run_gets_a_deadline_of_ten_times_the_longest_baseline_run_not_the_stages(self):
        script = Script(assay=[(2.0, False)] * 3, swift=[(2.5, False)] * 3)
        with mock.patch.object(shell, "run", script):
            test_stage.timing("/x", "assay", pairs=2, timeout=1800, longest=25.0)
        self.assertEqual(set(script.deadlines), {250.0})

    def test_a_short_suite_still_gets_two_minutes(self):
        script = Script(assay=[(0.1, False)] * 3, swift=[(0.2, False)] * 3)
        with mock.patch.object(shell, "run", script):
            test_stage.timing("/x", "assay", pairs=2, timeout=1800, longest=0.3)
        self.assertEqual(set(script.deadlines), {120.0})

    def test_with_every_run_of_one_side_hung_there_is_no_ratio(self):
        script = Script(assay=[(2.0, False)] * 3, swift=[(0, True)] * 3)
        with mock.patch.object(shell, "run", script):
            record = test_stage.timing("/x", "assay", pairs=2, timeout=1800, longest=2.5)
        self.assertNotIn("ratio", record)
        self.assertEqual(record["hung"], {"swift test": 3, "assay test": 0})

    def test_the_table_says_how_many_timed_runs_hung(self):
        record = {"status": "measured", "tests": 2, "same": 2, "different": [], "unconfirmed": [],
                  "missing": [], "missing_count": 0, "extra": [], "extra_count": 0,
                  "assay_exit": 0, "swift_test_exit": 0, "exit_agrees": True,
                  "ratio": 0.9, "assay_seconds": 1.8, "swift_test_seconds": 2.0,
                  "hung": {"swift test": 2, "assay test": 0}}
        text = table._cell(record, "test", {"runs": []})
        self.assertIn("2 timed `swift test` runs hung (killed at the deadline, not counted)", text)

    def test_the_table_says_why_there_is_no_ratio_when_one_side_always_hung(self):
        record = {"status": "measured", "tests": 2, "same": 2, "different": [], "unconfirmed": [],
                  "missing": [], "missing_count": 0, "extra": [], "extra_count": 0,
                  "assay_exit": 0, "swift_test_exit": 0, "exit_agrees": True,
                  "hung": {"swift test": 3, "assay test": 0}}
        text = table._cell(record, "test", {"runs": []})
        self.assertIn("no time ratio: every timed `swift test` run hung", text)


def timed_out(key):
    return {"test": key, "swift test": "passed", "assay test": "failed",
            "assay said": ["timedOut: killed after running longer than its timeout (300 s)"]}


class HangsUnderBothTests(unittest.TestCase):
    """swiftlang/swift-subprocess at 011c999: `assay test` timed out 4 tests (its hang), both
    runs; `swift test` passed them in the baseline and the recheck, and hung in a timed run of
    the same stage (and in 1 of 6 whole runs measured apart). A test that hangs at times under
    `swift test` too is not the runner's difference."""

    def record(self, hung, differences):
        return {"status": "measured", "tests": 193, "same": 189, "different": differences,
                "unconfirmed": [], "in_flight": [], "missing": [], "missing_count": 0,
                "extra": [], "extra_count": 0, "assay_exit": 1, "swift_test_exit": 0,
                "exit_agrees": False, "ratio": 1.0, "assay_seconds": 14.2,
                "swift_test_seconds": 14.2, "hung": {"swift test": hung, "assay test": 0},
                "pairs": [[14.2, 14.2], [14.3, None]]}

    def test_tests_assay_test_timed_out_are_apart_when_swift_test_hung_too(self):
        failed = {"test": "A/fails()", "swift test": "passed", "assay test": "failed",
                  "assay said": ["failed: expected 1"]}
        record = self.record(1, [timed_out("A/hangs()"), failed])
        test_stage.hangs_under_both(record)
        self.assertEqual([d["test"] for d in record["different"]], ["A/fails()"])
        self.assertEqual([d["test"] for d in record["hang_too"]], ["A/hangs()"])

    def test_they_stay_differences_when_swift_test_never_hung(self):
        record = self.record(0, [timed_out("A/hangs()")])
        test_stage.hangs_under_both(record)
        self.assertEqual([d["test"] for d in record["different"]], ["A/hangs()"])
        self.assertNotIn("hang_too", record)

    def test_the_row_says_so_and_the_exit_follows_them(self):
        record = self.record(1, [timed_out("A/hangs()")])
        test_stage.hangs_under_both(record)
        text = table._cell(record, "test", {"runs": [{"exit": 0}, {"exit": 0}]})
        self.assertIn("1 timed out under `assay test` and `swift test` hung too (in 1 of its timed runs): "
                      "they hang at times under both", text)
        self.assertIn("exit 1 vs 0 from the tests that hang at times", text)
        self.assertNotIn("**", text)


if __name__ == "__main__":
    unittest.main()
