"""Why the baseline calls a package not measurable, from recorded build outcomes.

    python3 -m unittest discover Benchmarks/realworld/tests
"""
import pathlib
import sys
import unittest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))
from harness import shell  # noqa: E402
from harness.stages import baseline  # noqa: E402


def build(output, exit, timed_out=False, seconds=12.0):
    return shell.Outcome(["swift", "build", "--build-tests"], exit, seconds, output, timed_out)


class BuildFailureTests(unittest.TestCase):
    def test_a_build_stopped_at_the_deadline_is_not_a_build_that_fails(self):
        """swift-otel was recorded as "its tests do not build" at step 2575 of 2606 when the
        harness killed its build: a user's build would have gone on."""
        said = baseline.build_failure(build("[2574/2606] Compiling OTelTests A.swift\n"
                                            "[2575/2606] Compiling OTelTests TestClock.swift\n",
                                            -9, timed_out=True, seconds=5400), [])
        self.assertEqual(said, "its tests did not finish building before the harness's deadline "
                               "(killed after 5400 s (the deadline)); the build was at: "
                               "[2575/2606] Compiling OTelTests TestClock.swift")

    def test_a_compiler_error_is_its_first_located_error(self):
        said = baseline.build_failure(build("note: x\n/p/T.swift:6:10: error: no member '__allTests'\n"
                                            "/p/U.swift:1:1: error: later\n", 1), ["a link restored"])
        self.assertEqual(said, "its tests do not build (exit 1) (after repairs: a link restored): "
                               "/p/T.swift:6:10: error: no member '__allTests'")

    def test_a_dependency_the_mirror_cannot_serve_is_said_so(self):
        said = baseline.build_failure(build("error: Failed to clone repository https://x/y\n", 1), [])
        self.assertTrue(said.startswith("a dependency cannot be checked out from the local mirror (exit 1): "),
                        said)


if __name__ == "__main__":
    unittest.main()


class NoTestTests(unittest.TestCase):
    """swiftwasm/WasmKit: its test binary stops at start-up, a `try!` on a folder the snapshot
    lacks (`Vendor/testsuite`, which its own script clones from GitHub); the row said only
    "swift test reported no test (exit 1): / Backtrace took 1.12s /", the backtrace's tail."""

    def test_a_fatal_error_at_start_up_is_the_reason(self):
        output = ("Building for debugging...\n"
                  "WATTests/Spectest.swift:79: Fatal error: 'try!' expression unexpectedly raised an "
                  "error: The file doesn't exist.\n"
                  "*** Program crashed: Illegal instruction at 0x00007f78e98f9361 ***\n"
                  "Thread 0 crashed:\n\nBacktrace took 1.12s\n\n")
        reason = baseline.no_test_reason(shell.Outcome(["swift", "test"], -4, 2.0, output), "")
        self.assertEqual(reason, "swift test reported no test (signal 4): WATTests/Spectest.swift:79: "
                                 "Fatal error: 'try!' expression unexpectedly raised an error: The file "
                                 "doesn't exist.")

    def test_without_an_error_the_last_lines_say_why(self):
        reason = baseline.no_test_reason(shell.Outcome(["swift", "test"], 1, 2.0, "a\nb\nc\nd\n"), "")
        self.assertEqual(reason, "swift test reported no test (exit 1): b / c / d")
