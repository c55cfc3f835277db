"""Services a package's own tests need, started as its CI starts them.

A package whose tests read `POSTGRES_*` settings (postgres-nio, postgres-kit,
fluent-postgres-driver) gets a throwaway PostgreSQL server on 127.0.0.1, with the user and
password its tests default to (`test_username`, `test_password`) and the databases they name
(`test_database`, and `_a`, `_b` for two-database tests); the settings go into the harness's
environment, which `swift test`, `assay test` and every tool inherit. The server lives as long
as the harness: it is the harness's child with a death signal, so it ends with the harness
even when that is killed with SIGKILL; its folder is deleted at the harness's exit.
"""
import atexit
import ctypes
import os
import pathlib
import pwd
import shutil
import signal
import socket
import subprocess
import time

from . import shell

POSTGRES = pathlib.Path("/usr/lib/postgresql")
USER, PASSWORD = "test_username", "test_password"
DATABASES = ["test_database", "test_database_a", "test_database_b"]
PR_SET_PDEATHSIG = 1
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
    server = _serve([str(bin_dir / "postgres"), "-D", str(cluster), "-p", str(port), "-k", str(data),
                     "-c", "listen_addresses=127.0.0.1", "-c", "fsync=off"], data / "server.log")
    stop = lambda: _stop(server, data)  # noqa: E731
    _stops.append(stop)
    atexit.register(stop)
    shell.spare(server.pid)
    _wait_until_ready(server, port, data / "server.log")
    for database in DATABASES:
        run([str(bin_dir / "createdb"), "-h", "127.0.0.1", "-p", str(port), "-U", USER, database],
            env={"PGPASSWORD": PASSWORD})
    settings = {"POSTGRES_HOSTNAME": "127.0.0.1", "POSTGRES_PORT": str(port),
                "POSTGRES_USER": USER, "POSTGRES_PASSWORD": PASSWORD}
    os.environ.update(settings)
    print(f"    PostgreSQL {bin_dir.parent.name} started on 127.0.0.1:{port} for the package's tests",
          flush=True)
    return settings


def _serve(command, log):
    """Starts the server as the harness's own child, not a daemon: it gets SIGKILL when the
    harness dies, even by SIGKILL (a daemonized server ran on after a killed sweep)."""
    user = pwd.getpwnam("postgres") if os.geteuid() == 0 else None
    harness = os.getpid()

    def in_child():
        if user:  # before the death signal: a change of user clears it
            os.setgroups([])
            os.setgid(user.pw_gid)
            os.setuid(user.pw_uid)
        if ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) != 0:
            os._exit(126)
        if os.getppid() != harness:  # the harness died before the signal was set
            os._exit(125)

    with open(log, "ab") as output:
        return subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=output, stderr=output,
                                preexec_fn=in_child, start_new_session=True)


def _wait_until_ready(server, port, log, deadline=120.0):
    started = time.monotonic()
    while time.monotonic() - started < deadline:
        if server.poll() is not None:
            raise ServiceError(f"starting PostgreSQL: the server exited ({server.returncode}): "
                               f"{log.read_text(errors='replace').strip()[-300:]}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return
        except OSError:
            time.sleep(0.1)
    raise ServiceError(f"starting PostgreSQL: not accepting connections after {deadline:.0f} s")


def _stop(server, data):
    if server.poll() is None:
        server.send_signal(signal.SIGQUIT)  # PostgreSQL's immediate shutdown
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
    shutil.rmtree(data, ignore_errors=True)


def _free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]
