"""A group whose processes have all ended is over, though nobody has waited for them yet.

    python3 -m unittest discover Benchmarks/realworld/tests

SIGTERM of a harness running `assay mutate`: its handler stopped the group with SIGINT, then
asked whether the group was still there with `killpg(group, 0)`, which answers yes while the
ended processes wait to be reaped (zombies, this process being their parent): it waited the
whole grace, killed, and waited the grace again in the command's `finally`; the harness
outlived the signal by tens of seconds, holding the package's lock, so the next run skipped
the package.
"""
import os
import pathlib
import signal
import subprocess
import sys
import time
import unittest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))
from harness import shell  # noqa: E402


def state(pid):
    with open(f"/proc/{pid}/stat") as stat:
        return stat.read().rsplit(")", 1)[1].split()[0]


class GroupTests(unittest.TestCase):
    def test_a_group_of_zombies_is_over(self):
        process = subprocess.Popen(["true"], start_new_session=True)
        # Wait for the event (the process ended, not reaped), never for a fixed time.
        deadline = time.monotonic() + 30
        while state(process.pid) != "Z":
            self.assertLess(time.monotonic(), deadline, "`true` did not end")
            time.sleep(0.01)
        self.assertFalse(shell._group_alive(process.pid))
        process.wait()

    def test_a_running_group_is_alive_until_killed(self):
        process = subprocess.Popen(["sleep", "60"], start_new_session=True)
        try:
            self.assertTrue(shell._group_alive(process.pid))
        finally:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
        self.assertFalse(shell._group_alive(process.pid))


if __name__ == "__main__":
    unittest.main()
