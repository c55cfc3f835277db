"""Tests in flight when `swift test` crashed have no outcome of their own.

    python3 -m unittest discover Benchmarks/realworld/tests

vapor/fluent at 03e7a0a: `swift test` crashed in both baseline runs, in parallel, with 13 of
its Swift Testing tests started and never ended, which the baseline counts as failed. `assay
test` ran them again after the crash, each passed, and it failed the run for the crash itself
("crashed in parallel, not alone", exit 1, as `swift test`'s). The table listed 13 tests that
"differ", though neither runner saw any of them fail.
"""
import pathlib
import sys
import unittest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))
from harness import table  # noqa: E402
from harness.stages import test as test_stage  # noqa: E402


def baseline(*in_flight):
    return {"runs": [{"exit": 1, "in_flight": list(in_flight)}, {"exit": 1, "in_flight": list(in_flight)}]}


def difference(key, swift="failed", assay="passed"):
    return {"test": key, "swift test": swift, "assay test": assay}


class InFlightTests(unittest.TestCase):
    def test_a_test_in_flight_at_both_crashes_that_assay_ran_again_has_no_difference(self):
        kept, in_flight = test_stage.in_flight_at_crash(
            [difference("A/a()"), difference("B/b()")], baseline("A/a()", "B/b()"), assay_exit=1)
        self.assertEqual(kept, [])
        self.assertEqual([d["test"] for d in in_flight], ["A/a()", "B/b()"])

    def test_a_test_that_finished_failing_still_differs(self):
        kept, in_flight = test_stage.in_flight_at_crash(
            [difference("A/a()"), difference("C/c()")], baseline("A/a()"), assay_exit=1)
        self.assertEqual([d["test"] for d in kept], ["C/c()"])
        self.assertEqual([d["test"] for d in in_flight], ["A/a()"])

    def test_when_assay_passes_the_run_the_crash_was_lost_and_every_test_differs(self):
        kept, in_flight = test_stage.in_flight_at_crash(
            [difference("A/a()")], baseline("A/a()"), assay_exit=0)
        self.assertEqual([d["test"] for d in kept], ["A/a()"])
        self.assertEqual(in_flight, [])

    def test_in_flight_in_one_run_only_is_not_enough(self):
        record = {"runs": [{"exit": 1, "in_flight": ["A/a()"]}, {"exit": 1, "in_flight": []}]}
        kept, in_flight = test_stage.in_flight_at_crash([difference("A/a()")], record, assay_exit=1)
        self.assertEqual([d["test"] for d in kept], ["A/a()"])

    def test_a_baseline_without_the_list_keeps_every_difference(self):
        record = {"runs": [{"exit": 1}, {"exit": 1}]}
        kept, _ = test_stage.in_flight_at_crash([difference("A/a()")], record, assay_exit=1)
        self.assertEqual(len(kept), 1)


class InFlightCellTests(unittest.TestCase):
    record = {"status": "measured", "same": 1, "tests": 14, "different": [], "missing_count": 0,
              "exit_agrees": True, "assay_exit": 1, "swift_test_exit": 1,
              "in_flight": [difference(f"T/t{i}()") for i in range(13)],
              "ratio": 1.51, "assay_seconds": 26.75, "swift_test_seconds": 17.72}

    def test_the_cell_says_they_were_in_flight_and_their_time_is_not_compared(self):
        cell = table._cell(self.record, "test", {"runs": [{"exit": 1}, {"exit": 1}]})
        self.assertIn("1/14 same, 13 in flight when `swift test` crashed", cell)
        self.assertIn("not comparable: not the same work", cell)
        self.assertFalse(table.comparable_time(self.record))


if __name__ == "__main__":
    unittest.main()
