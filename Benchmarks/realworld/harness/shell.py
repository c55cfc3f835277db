"""Commands with a deadline: each runs in a process group of its own, killed whole at the end."""
import os
import re
import signal
import subprocess
import time
from dataclasses import dataclass

_running = set()
_spared = set()  # services the harness started for a package's tests: not leftovers


def spare(pid):
    """Keeps `pid` and what it starts from the leftovers killed after each command."""
    _spared.add(pid)


@dataclass
class Outcome:
    command: list
    exit: int  # negative: the signal that ended it
    seconds: float
    output: str
    timed_out: bool = False

    @property
    def ok(self):
        return self.exit == 0 and not self.timed_out

    def first_error(self, limit=400):
        """The compiler's first located error (`File.swift:3:4: error: ...`), else the first
        line that says `error:`, else the last lines: what a row says of a failure."""
        lines = self.output.splitlines()
        for line in lines:
            if re.search(r":\d+:\d+: error: ", line):
                return line.strip()[:limit]
        for line in lines:
            if "error:" in line:
                return line.strip()[:limit]
        tail = [l for l in self.output.splitlines() if l.strip()][-3:]
        return " / ".join(tail)[:limit] or f"exit {self.exit}"

    def ended(self):
        if self.timed_out:
            return f"killed after {self.seconds:.0f} s (the deadline)"
        if self.exit < 0:
            return f"signal {-self.exit}"
        return f"exit {self.exit}"


def run(command, cwd, timeout, env=None):
    """Runs `command`, its output and errors joined; kills its whole group at `timeout` seconds."""
    merged = dict(os.environ, **(env or {}))
    start = time.perf_counter()
    process = subprocess.Popen([str(c) for c in command], cwd=cwd, env=merged, text=True,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               start_new_session=True, errors="replace")
    _running.add(process.pid)
    timed_out = False
    try:
        output, _ = process.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        timed_out = True
        _kill(process.pid)
        output, _ = process.communicate()
    finally:
        _kill(process.pid)
        _running.discard(process.pid)
        # One command runs at a time: whatever is still below the harness is its leftover.
        for pid in _descendants():
            try:
                os.kill(pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
        _reap_orphans()
    return Outcome([str(c) for c in command], process.returncode, time.perf_counter() - start,
                   output, timed_out)


def _kill(group, grace=5.0):
    """Ends a group: SIGINT first, so that `swift build` stops the compilers it started in
    groups of their own (SIGKILL would orphan them), then SIGKILL for what is left."""
    try:
        os.killpg(group, signal.SIGINT)
    except (ProcessLookupError, PermissionError):
        return
    deadline = time.monotonic() + grace
    while time.monotonic() < deadline:
        if not _group_alive(group):
            return
        time.sleep(0.1)
    try:
        os.killpg(group, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def _group_alive(group):
    """Whether a process of `group` still runs. `killpg(group, 0)` says yes while its ended
    processes wait to be reaped (zombies), which the harness does only after this."""
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as stat:
                    fields = stat.read().rsplit(")", 1)[1].split()
            except (OSError, IndexError):
                continue
            if len(fields) > 2 and fields[2] == str(group) and fields[0] != "Z":
                return True
    return False


def _reap_orphans():
    """Waits for the orphans that ended here (this process is their subreaper): one command
    runs at a time, and it has been waited for already."""
    while True:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return


def _descendants(everything=False):
    """Every process below this one (orphans come back here: it is their subreaper); the
    spared services' trees too only with `everything`."""
    children = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as stat:
                    parent = int(stat.read().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            children.setdefault(parent, []).append(int(entry))
    found, queue = [], [os.getpid()]
    while queue:
        for child in children.get(queue.pop(), []):
            if child in _spared and not everything:
                continue
            found.append(child)
            queue.append(child)
    return found


def kill_children_on_exit():
    """Ctrl-C or SIGTERM of the harness kills every process it started, and what those started
    in groups of their own (`swift test` runs the test binary so): the harness is their
    subreaper, so an orphan stays below it, and is found and killed."""
    try:
        import ctypes
        ctypes.CDLL(None).prctl(36, 1, 0, 0, 0)  # PR_SET_CHILD_SUBREAPER
    except (OSError, AttributeError):
        pass

    def handler(number, _frame):
        for group in list(_running):
            _kill(group)
        for pid in _descendants(everything=True):
            try:
                os.kill(pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
        raise SystemExit(128 + number)
    signal.signal(signal.SIGINT, handler)
    signal.signal(signal.SIGTERM, handler)
