"""One run of the harness at a time per package.

    python3 -m unittest discover Benchmarks/realworld/tests

Two runs of one package share its clone: the second found the first's clone changed, deleted
it under the first, and wrote a row "not measurable: adding Assay to the test targets: the
package cannot be accessed" (vapor/console-kit, two `--stage migrate` runs started together).
"""
import pathlib
import subprocess
import sys
import tempfile
import unittest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))
from harness import population, workspace  # noqa: E402


class PackageLockTests(unittest.TestCase):
    def test_a_package_another_run_holds_is_busy_until_it_lets_go(self):
        package = population.Package("vapor", "console-kit", "4.16.2")
        with tempfile.TemporaryDirectory() as folder:
            work = pathlib.Path(folder)
            # The other run: a process holding the lock until told to stop.
            holder = subprocess.Popen(
                [sys.executable, "-c",
                 "import sys, pathlib; sys.path.insert(0, sys.argv[1]);"
                 "from harness import population, workspace;"
                 "p = population.Package('vapor', 'console-kit', '4.16.2');"
                 "lock = workspace.package_lock(pathlib.Path(sys.argv[2]), p); lock.__enter__();"
                 "print('held', flush=True); sys.stdin.readline()",
                 str(pathlib.Path(__file__).resolve().parent.parent), folder],
                stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
            try:
                self.assertEqual(holder.stdout.readline().strip(), "held")
                with self.assertRaises(workspace.Busy) as raised:
                    with workspace.package_lock(work, package):
                        pass
                self.assertIn("another run of the harness holds vapor/console-kit", str(raised.exception))
            finally:
                holder.stdin.write("\n")
                holder.stdin.flush()
                holder.wait(timeout=30)
            with workspace.package_lock(work, package):
                pass  # free once the other run has ended


if __name__ == "__main__":
    unittest.main()
