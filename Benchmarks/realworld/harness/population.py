"""The population: every package the local mirror serves, one line each, committed.

`population.txt` is written from the machine's description (the env entry's doc lists every
package as `OWNER/NAME VERSION[ or VERSION]`); a package listed at several versions is measured
at its newest. Nothing is picked or dropped by hand: regenerate it, never edit it.
"""
import pathlib
import re
from dataclasses import dataclass

HERE = pathlib.Path(__file__).resolve().parents[1]
LIST = HERE / "population.txt"


@dataclass(frozen=True)
class Package:
    owner: str
    name: str
    version: str

    @property
    def slug(self):
        """`owner+name`, the folder of its results and of its clone."""
        return f"{self.owner}+{self.name}"

    @property
    def url(self):
        return f"https://github.com/{self.owner}/{self.name}"

    def __str__(self):
        return f"{self.owner}/{self.name} {self.version}"


def _version_key(version):
    return tuple(int(part) for part in re.findall(r"\d+", version))


def from_machine_doc(text):
    """The packages of the doc's "a copy of these Swift packages" sentence, newest versions."""
    line = next(l for l in text.splitlines() if "a copy of these Swift packages" in l)
    listed = line.split(":", 1)[1]
    packages = []
    for match in re.finditer(r"([A-Za-z0-9_.-]+)/([A-Za-z0-9_.-]+) ((?:\d[\w.]*)(?: or \d[\w.]*)*)",
                             listed):
        versions = match.group(3).split(" or ")
        newest = max(versions, key=_version_key)
        packages.append(Package(match.group(1), match.group(2).rstrip("."), newest))
    return packages


def read():
    packages = []
    for line in LIST.read_text().splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        slug, version = line.split()
        owner, name = slug.split("/")
        packages.append(Package(owner, name, version))
    return packages


def write(packages, source):
    lines = [f"# Every package the local mirror serves, from {source}.",
             "# Written by `run.py --population-from DOC`; never edited by hand.",
             "# A package listed at several versions is measured at its newest."]
    lines += [f"{p.owner}/{p.name} {p.version}" for p in packages]
    LIST.write_text("\n".join(lines) + "\n")


def shard(packages, spec):
    """The packages of shard `k/n`: every n-th, starting at the k-th."""
    k, n = (int(x) for x in spec.split("/"))
    if not 1 <= k <= n:
        raise SystemExit(f"error: --shard {spec}: expected k/n with 1 <= k <= n")
    return [p for index, p in enumerate(packages) if index % n == k - 1]
