"""The services the harness starts for a package's tests: a real PostgreSQL server.

    python3 -m unittest discover Benchmarks/realworld/tests
"""
import os
import pathlib
import subprocess
import sys
import tempfile
import unittest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))
from harness import services, shell  # noqa: E402


class PostgresTests(unittest.TestCase):
    def test_only_tests_that_read_postgres_settings_get_a_server(self):
        with tempfile.TemporaryDirectory() as folder:
            root = pathlib.Path(folder)
            (root / "Tests/T").mkdir(parents=True)
            (root / "Tests/T/A.swift").write_text('let host = env("HOSTNAME")\n')
            self.assertFalse(services.needs_postgres(root))
            (root / "Tests/T/B.swift").write_text('let host = env("POSTGRES_HOSTNAME")\n')
            self.assertTrue(services.needs_postgres(root))

    def test_the_server_takes_the_tests_defaults_and_outlives_each_command(self):
        """postgres-nio's integration tests connect as test_username/test_password to
        test_database; fluent-postgres-driver's to test_database_a and _b. The harness kills
        what each command leaves behind: the server is not such a leftover."""
        if not sorted(services.POSTGRES.glob("*/bin/initdb")):
            self.skipTest("PostgreSQL is not installed")
        with tempfile.TemporaryDirectory() as folder:
            scratch = pathlib.Path(folder)
            os.chmod(scratch, 0o755)
            saved = dict(os.environ)
            # As in a sweep: the harness is the subreaper, so the server is below it.
            import ctypes
            ctypes.CDLL(None).prctl(36, 1, 0, 0, 0)  # PR_SET_CHILD_SUBREAPER
            try:
                settings = services.start_postgres(scratch)
                shell.run(["true"], scratch, 30)  # kills leftovers after it
                bin_dir = sorted(services.POSTGRES.glob("*/bin/psql"))[-1].parent
                for database in services.DATABASES:
                    query = subprocess.run(
                        [str(bin_dir / "psql"), "-h", settings["POSTGRES_HOSTNAME"], "-p",
                         settings["POSTGRES_PORT"], "-U", settings["POSTGRES_USER"], "-d", database,
                         "-tAc", "select current_user"],
                        capture_output=True, text=True, timeout=60,
                        env={**os.environ, "PGPASSWORD": settings["POSTGRES_PASSWORD"]})
                    self.assertEqual(query.stdout.strip(), "test_username", query.stderr)
                wrong = subprocess.run(
                    [str(bin_dir / "psql"), "-h", "127.0.0.1", "-p", settings["POSTGRES_PORT"], "-U",
                     "test_username", "-d", "test_database", "-tAc", "select 1"],
                    capture_output=True, text=True, timeout=60,
                    env={**os.environ, "PGPASSWORD": "not the password"})
                self.assertNotEqual(wrong.returncode, 0, "a wrong password was accepted")
            finally:
                for stop in services._stops:
                    stop()
                services._stops.clear()
                services._started.clear()
                os.environ.clear()
                os.environ.update(saved)

    def test_a_killed_harness_leaves_no_server(self):
        """SIGKILL gives the harness no chance to stop what it started: the server must end
        with it (pg_ctl daemonized it, and it ran on after the sweep was killed)."""
        if not sorted(services.POSTGRES.glob("*/bin/initdb")):
            self.skipTest("PostgreSQL is not installed")
        with tempfile.TemporaryDirectory() as folder:
            scratch = pathlib.Path(folder)
            os.chmod(scratch, 0o755)
            harness = subprocess.Popen(
                [sys.executable, "-c",
                 "import pathlib, sys, time; sys.path.insert(0, sys.argv[1]);"
                 "from harness import services; services.start_postgres(pathlib.Path(sys.argv[2]));"
                 "print('started', flush=True); time.sleep(600)",
                 str(pathlib.Path(__file__).resolve().parent.parent), folder],
                stdout=subprocess.PIPE, text=True)
            try:
                self.assertIn("started", harness.stdout.readline())
                pid_files = list(scratch.glob("postgres-*/cluster/postmaster.pid"))
                self.assertEqual(len(pid_files), 1)
                server = int(pid_files[0].read_text().split()[0])
                os.kill(server, 0)  # running now
                harness.kill()
                harness.wait()
                ended = subprocess.run(
                    ["timeout", "20", "sh", "-c", f"while kill -0 {server} 2>/dev/null; do sleep 0.1; done"])
                self.assertEqual(ended.returncode, 0, f"the server {server} outlived the killed harness")
            finally:
                harness.kill()
                for pid_file in scratch.glob("postgres-*/cluster/postmaster.pid"):
                    subprocess.run(["kill", "-9", pid_file.read_text().split()[0]], capture_output=True)


if __name__ == "__main__":
    unittest.main()
