"""The harness's restore between migrations: what the migration changed or removed beside
the test folders comes back too; the manifests the harness changed stay."""
import pathlib
import subprocess
import tempfile
import unittest

from harness.stages import migrate


class RestoreTests(unittest.TestCase):
    def test_a_removed_linux_main_comes_back_and_the_manifest_stays(self):
        with tempfile.TemporaryDirectory() as folder:
            root = pathlib.Path(folder)
            (root / "Tests/ZTests").mkdir(parents=True)
            (root / "Package.swift").write_text("// manifest\n")
            (root / "Tests/LinuxMain.swift").write_text("XCTMain([])\n")
            (root / "Tests/ZTests/ZTests.swift").write_text("// XCTest\n")
            for command in (["git", "init", "-q"], ["git", "add", "-A"],
                            ["git", "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "t"]):
                subprocess.run(command, cwd=root, check=True)
            (root / "Package.swift").write_text("// manifest with Assay\n")
            (root / "Tests/LinuxMain.swift").unlink()
            (root / "Tests/ZTests/ZTests.swift").write_text("// Swift Testing\n")
            package = type("Package", (), {"owner": "o", "name": "n"})()
            self.assertEqual(migrate.restore(package, root, ["Tests/ZTests"]), "")
            self.assertEqual((root / "Tests/LinuxMain.swift").read_text(), "XCTMain([])\n")
            self.assertEqual((root / "Tests/ZTests/ZTests.swift").read_text(), "// XCTest\n")
            self.assertEqual((root / "Package.swift").read_text(), "// manifest with Assay\n")


if __name__ == "__main__":
    unittest.main()
