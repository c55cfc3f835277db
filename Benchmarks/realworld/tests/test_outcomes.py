"""The harness's readers of `swift test`'s output, on recorded output.

    python3 -m unittest discover Benchmarks/realworld/tests
"""
import pathlib
import sys
import unittest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))
from harness import outcomes  # noqa: E402

FIXTURES = pathlib.Path(__file__).resolve().parent / "fixtures"


class SwiftTestingEventsTests(unittest.TestCase):
    def test_keys_are_the_junit_files(self):
        self.assertEqual(outcomes.swift_testing_key("M.Outer/Inner/crashes()/F.swift:5:6"),
                         "Swift Testing Outer.Inner/crashes()")
        self.assertEqual(outcomes.swift_testing_key("M.passes()/F.swift:9:2"), "Swift Testing /passes()")
        self.assertEqual(outcomes.swift_testing_key("M.cases(x:)/F.swift:14:2"), "Swift Testing /cases(x:)")
        self.assertIsNone(outcomes.swift_testing_key("M.Outer/Inner"))

    def test_a_crash_in_parallel_fails_every_test_it_stopped(self):
        """A Swift Testing run that crashed with two tests running (a real stream, its JUnit
        file cut short at `<testsuites>`): both count as failed, as a crashed XCTest test does;
        the tests that ended keep their outcomes; the half line at the end is skipped."""
        found, stopped = outcomes.from_swift_testing_events(FIXTURES / "crash-in-parallel.jsonl")
        self.assertEqual(stopped, ["Swift Testing Outer/waits()", "Swift Testing Outer.Inner/crashes()"])
        self.assertEqual(found, {
            "Swift Testing /off()": "skipped",
            "Swift Testing /warns()": "passed",
            "Swift Testing /passes()": "passed",
            "Swift Testing /fails()": "failed",
            "Swift Testing /skipped()": "failed",
            "Swift Testing /cases(x:)": "failed",
            "Swift Testing Outer/waits()": "failed",
            "Swift Testing Outer.Inner/crashes()": "failed",
        })

    def test_a_cancelled_test_is_skipped(self):
        """`Test.cancel` (what `assay migrate` writes for `throw XCTSkip()`): the JUnit file
        says such a test passed, the console and the stream that it was cancelled, which is
        Swift Testing's skip (a real run). A test that recorded an issue first still failed;
        a test with one case cancelled and the others passed passed, as `swift test` says."""
        found, stopped = outcomes.from_swift_testing(FIXTURES / "cancelled-swift-testing.xml",
                                                     FIXTURES / "cancelled.jsonl")
        self.assertEqual(stopped, [])
        self.assertEqual(found, {
            "Swift Testing /cancelled()": "skipped",
            "Swift Testing /passes()": "passed",
            "Swift Testing /failsThenCancelled()": "failed",
            "Swift Testing /cases(x:)": "passed",
        })

    def test_listed_tests_have_the_keys_of_their_outcomes(self):
        """`swift test list` names both frameworks' tests; a run that stops at a crash or a
        hang leaves some unrun, and only the list tells which (hummingbird-websocket: 8 of 43
        ran before one hung)."""
        listed = outcomes.from_test_list(
            "M.Suite/hangs()\nM.Outer/Inner/cases(x:)\nM.Class/testPasses\nwarning: x\n\n")
        self.assertEqual(listed, {"Swift Testing Suite/hangs()", "Swift Testing Outer.Inner/cases(x:)",
                                  "XCTest Class/testPasses"})

    def test_no_stream_is_no_outcome(self):
        self.assertEqual(outcomes.from_swift_testing_events(FIXTURES / "missing.jsonl"), ({}, []))


if __name__ == "__main__":
    unittest.main()
