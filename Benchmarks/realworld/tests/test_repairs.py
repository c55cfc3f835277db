"""The mirror's and the toolchain's quirks that the harness repairs as a user would.

    python3 -m unittest discover Benchmarks/realworld/tests
"""
import pathlib
import subprocess
import sys
import tempfile
import unittest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))
from harness import repairs  # noqa: E402


class StaleLinuxMainTests(unittest.TestCase):
    MAIN = "import XCTest\nimport ATests\nvar tests = [XCTestCaseEntry]()\n" \
           "tests += ATests.__allTests()\nXCTMain(tests)\n"

    def package(self, root, manifest=None, main_at="Tests/LinuxMain.swift"):
        (root / "Tests/ATests").mkdir(parents=True)
        (root / "Package.swift").write_text("// manifest\n")
        (root / main_at).write_text(self.MAIN)
        (root / "Tests/ATests/ATests.swift").write_text("final class ATests: XCTestCase {}\n")
        if manifest:
            (root / "Tests/ATests/XCTestManifests.swift").write_text(manifest)
        for command in (["git", "init", "-q"], ["git", "add", "-A"],
                        ["git", "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "t"]):
            subprocess.run(command, cwd=root, check=True)
        return type("Package", (), {"owner": "o", "name": "n"})()

    def test_lists_no_file_declares_are_set_aside_and_the_clone_stays_clean(self):
        """CoreOffice/XMLCoder's tests did not build: `module 'XMLCoderTests' has no member
        named '__allTests'`; onevcat/Rainbow's LinuxMain.swift is at the package's root."""
        for main_at in ("Tests/LinuxMain.swift", "LinuxMain.swift"):
            with self.subTest(main_at), tempfile.TemporaryDirectory() as folder:
                root = pathlib.Path(folder)
                package = self.package(root, main_at=main_at)
                done = repairs.apply(package, root)
                self.assertEqual(len(done), 1, done)
                self.assertTrue(done[0].startswith(f"{main_at} hands XCTest's lists"), done)
                self.assertFalse((root / main_at).exists())
                status = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"],
                                        cwd=root, capture_output=True, text=True).stdout
                self.assertEqual(status, "")
                self.assertEqual(repairs.apply(package, root), [])  # once

    def test_lists_a_file_declares_stay(self):
        with tempfile.TemporaryDirectory() as folder:
            root = pathlib.Path(folder)
            package = self.package(root, manifest="public func __allTests() -> [XCTestCaseEntry] { [] }\n")
            self.assertEqual(repairs.apply(package, root), [])
            self.assertTrue((root / "Tests/LinuxMain.swift").exists())


if __name__ == "__main__":
    unittest.main()
