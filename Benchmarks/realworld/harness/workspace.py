"""A package's clone (outside this repository), its description and its test build."""
import contextlib
import fcntl
import json
import pathlib
import re
import shutil

from . import services, shell

DEFAULT_WORK = pathlib.Path("/tmp/assay-realworld")


class NotMeasurable(Exception):
    """The package cannot be measured before any tool touches it; the message says why."""


class Busy(Exception):
    """Another run of the harness holds the package: its clones are that run's."""


@contextlib.contextmanager
def package_lock(work, package):
    """Holds the package for this run (a lock file beside its clones, released when the
    process ends however it ends), or raises `Busy`: two runs of one package would share its
    clones, and the second deleted the first's changed clone under it."""
    work.mkdir(parents=True, exist_ok=True)
    with open(work / f"{package.slug}.lock", "w") as lock:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise Busy(f"another run of the harness holds {package.owner}/{package.name} "
                       f"({work / package.slug}): skipped, no result written")
        yield


def clone(package, work, folder=None):
    """A clean clone of the package at its version, from the mirror by its GitHub address, into
    `work/OWNER+NAME` or `folder` (a stage that edits the package has a clone of its own), with
    the services its tests need running."""
    folder = _clone(package, work, folder or work / package.slug)
    try:
        services.ensure(folder, work / "scratch")
    except services.ServiceError as error:
        raise NotMeasurable(str(error))
    return folder


def _clone(package, work, folder):
    if (folder / ".git").exists():
        status = shell.run(["git", "status", "--porcelain", "--untracked-files=no"], folder, 60)
        head = shell.run(["git", "describe", "--tags", "--exact-match"], folder, 60)
        if status.ok and not status.output.strip() and head.output.strip().lstrip("v") == package.version:
            return folder
        shutil.rmtree(folder)
    folder.parent.mkdir(parents=True, exist_ok=True)
    tags = shell.run(["git", "ls-remote", "--tags", package.url], work, 300)
    names = {line.split("refs/tags/")[-1].removesuffix("^{}") for line in tags.output.splitlines()}
    tag = next((t for t in (package.version, "v" + package.version) if t in names), None)
    if tag is None:
        raise NotMeasurable(f"the mirror has no tag {package.version} of {package.url}")
    result = shell.run(["git", "clone", "-q", "--branch", tag, package.url, str(folder)], work, 900)
    if not result.ok:
        raise NotMeasurable(f"git clone failed: {result.first_error()}")
    return folder


def describe(folder):
    """`swift package describe` as JSON (it resolves the dependencies first)."""
    result = shell.run(["swift", "package", "describe", "--type", "json"], folder, 1800)
    if not result.ok:
        raise NotMeasurable(f"swift package describe: {result.first_error()}")
    text = result.output
    return json.loads(text[text.index("{"):])


def test_targets(description):
    return [t["name"] for t in description.get("targets", []) if t.get("type") == "test"]


def test_imports(description, folder):
    """The modules that the test targets' Swift files import."""
    pattern = re.compile(r"^\s*(?:@[\w()]+\s+)*import\s+(?:(?:struct|class|enum|func)\s+)?(\w+)", re.M)
    modules = set()
    for target in description.get("targets", []):
        if target.get("type") == "test":
            path = folder / (target.get("path") or f"Tests/{target['name']}")
            for file in path.rglob("*.swift") if path.is_dir() else []:
                modules.update(pattern.findall(file.read_text(errors="replace")))
    return modules


def build_tests(folder, timeout):
    """`swift build --build-tests`: the outcome, whose first error says why when it fails."""
    return shell.run(["swift", "build", "--build-tests"], folder, timeout)


def prune(folder):
    """Frees the build folder's disk (the clone stays)."""
    shutil.rmtree(folder / ".build", ignore_errors=True)
