"""Services a package's own tests need, started as its CI starts them.

A package whose tests read `POSTGRES_*` settings (postgres-nio, postgres-kit,
fluent-postgres-driver) gets a throwaway PostgreSQL server on 127.0.0.1, with the user and
password its tests default to (`test_username`, `test_password`) and the databases they name
(`test_database`, and `_a`, `_b` for two-database tests); the settings go into the harness's
environment, which `swift test`, `assay test` and every tool inherit. The server lives as long
as the harness: stopped and deleted at its exit, killed with it on Ctrl-C or SIGTERM.
"""
import atexit
import os
import pathlib
import shutil
import socket
import subprocess

from . import shell

POSTGRES = pathlib.Path("/usr/lib/postgresql")
USER, PASSWORD = "test_username", "test_password"
DATABASES = ["test_database", "test_database_a", "test_database_b"]
_started = {}
_stops = []  # each started service's stop, also run at the harness's exit


class ServiceError(Exception):
    """A service the package's tests need could not be started; the message says why."""


def needs_postgres(folder):
    """Whether the package's tests read `POSTGRES_*` settings."""
    tests = folder / "Tests"
    return tests.is_dir() and any("POSTGRES_" in file.read_text(errors="replace")
                                  for file in tests.rglob("*.swift"))


def ensure(folder, scratch):
    """Starts what the package's tests need, once per harness run."""
    if "postgres" not in _started and needs_postgres(folder):
        _started["postgres"] = start_postgres(scratch)


def start_postgres(scratch):
    found = sorted(POSTGRES.glob("*/bin/initdb"))
    if not found:
        raise ServiceError("its tests need a PostgreSQL server, and none is installed "
                           "(apt-get install postgresql)")
    bin_dir = found[-1].parent
    data = scratch / f"postgres-{os.getpid()}"
    shutil.rmtree(data, ignore_errors=True)
    data.mkdir(parents=True)
    password_file = data / "password"
    password_file.write_text(PASSWORD + "\n")
    # PostgreSQL refuses to run as root: as root, the server runs as the `postgres` user.
    as_user = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
    if as_user:
        shutil.chown(data, "postgres")
        shutil.chown(password_file, "postgres")
    port = _free_port()
    cluster = data / "cluster"

    def run(command, env=None):
        result = subprocess.run(as_user + command, capture_output=True, text=True, timeout=120,
                                env={**os.environ, **(env or {})})
        if result.returncode != 0:
            raise ServiceError(f"starting PostgreSQL: {' '.join(command[:2])}: "
                               f"{(result.stderr or result.stdout).strip()[-300:]}")

    run([str(bin_dir / "initdb"), "-D", str(cluster), "-U", USER, f"--pwfile={password_file}",
         "--auth=scram-sha-256", "--no-sync"])
    run([str(bin_dir / "pg_ctl"), "-D", str(cluster), "-l", str(data / "server.log"), "-w", "-o",
         f"-p {port} -k {data} -c listen_addresses=127.0.0.1 -c fsync=off", "start"])
    stop = lambda: _stop(as_user, bin_dir, cluster, data)  # noqa: E731
    _stops.append(stop)
    atexit.register(stop)
    shell.spare(int((cluster / "postmaster.pid").read_text().split()[0]))
    for database in DATABASES:
        run([str(bin_dir / "createdb"), "-h", "127.0.0.1", "-p", str(port), "-U", USER, database],
            env={"PGPASSWORD": PASSWORD})
    settings = {"POSTGRES_HOSTNAME": "127.0.0.1", "POSTGRES_PORT": str(port),
                "POSTGRES_USER": USER, "POSTGRES_PASSWORD": PASSWORD}
    os.environ.update(settings)
    print(f"    PostgreSQL {bin_dir.parent.name} started on 127.0.0.1:{port} for the package's tests",
          flush=True)
    return settings


def _stop(as_user, bin_dir, cluster, data):
    subprocess.run(as_user + [str(bin_dir / "pg_ctl"), "-D", str(cluster), "-m", "immediate", "stop"],
                   capture_output=True, timeout=60)
    shutil.rmtree(data, ignore_errors=True)


def _free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]
