"""A stopped mutate stage goes on from its last judged mutant.

mattpolzin/OpenAPIKit, stopped twice at a session's end (55 minutes in, its reference about
half done): its suite takes 266 s, each sampled mutant a rebuild and a run of it, and the stage
kept nothing until its end, so each session started it again from nothing.
"""
import pathlib
import sys
import tempfile
import unittest
from unittest import mock

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))
from harness import checkpoint, population, results  # noqa: E402
from harness.stages import mutate  # noqa: E402


class Stop(Exception):
    pass


class JudgeTests(unittest.TestCase):
    def test_a_stopped_run_goes_on_after_its_last_saved_row(self):
        sampled = [(f"F{n}.swift", {"n": n}) for n in range(1, 6)]
        saved, judged = [], []

        def judge_one(number, file, mutant):
            if number == 4:
                raise Stop()  # the session ends while the fourth is judged
            judged.append(number)
            return {"n": mutant["n"]}
        with self.assertRaises(Stop):
            mutate.judge(sampled, [], judge_one, lambda rows: saved.append(list(rows)))
        self.assertEqual(judged, [1, 2, 3])
        self.assertEqual(saved[-1], [{"n": 1}, {"n": 2}, {"n": 3}])

        judged.clear()
        rows = mutate.judge(sampled, list(saved[-1]), lambda number, file, mutant: (
            judged.append(number), {"n": mutant["n"]})[1], lambda rows: saved.append(list(rows)))
        # Only the two not judged yet: the three kept are not run again.
        self.assertEqual(judged, [4, 5])
        self.assertEqual(rows, [{"n": n} for n in range(1, 6)])


class CheckpointTests(unittest.TestCase):
    def setUp(self):
        folder = tempfile.TemporaryDirectory()
        self.addCleanup(folder.cleanup)
        patch = mock.patch.object(results, "FOLDER", pathlib.Path(folder.name))
        patch.start()
        self.addCleanup(patch.stop)
        self.package = population.Package("o", "p", "1.2.0")

    def test_kept_work_is_read_back_for_its_version_only(self):
        self.assertIsNone(checkpoint.read(self.package))
        checkpoint.write(self.package, {"version": "1.2.0", "rows": [{"n": 1}], "assay": "abc1234"})
        kept = checkpoint.read(self.package)
        self.assertEqual(kept["rows"], [{"n": 1}])
        self.assertEqual(kept["assay"], "abc1234")
        self.assertTrue(kept["resumed"])
        # Another version of the package: its mutants are other ones.
        self.assertIsNone(checkpoint.read(population.Package("o", "p", "1.3.0")))
        checkpoint.clear(self.package)
        self.assertIsNone(checkpoint.read(self.package))

    def test_the_table_says_how_far_a_stopped_run_went(self):
        from harness import table
        self.assertEqual(table._mutate_cell(self.package, None), "not run yet")
        checkpoint.write(self.package, {"version": "1.2.0", "rows": [{}, {}], "sampled": [1, 2, 3]})
        self.assertEqual(table._mutate_cell(self.package, None),
                         "stopped midway, goes on: 2 of 3 sampled mutants judged so far "
                         "(kept in `mutate.partial.json`)")


if __name__ == "__main__":
    unittest.main()
