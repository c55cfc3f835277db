"""Results: one small JSON file per package and stage, committed with the commit of Assay
that made them, so that a sweep spread over several runs builds one table."""
import datetime
import json
import pathlib
import subprocess

HERE = pathlib.Path(__file__).resolve().parents[1]
FOLDER = HERE / "results"
ROOT = HERE.parents[1]


def path(package, stage):
    return FOLDER / package.slug / f"{stage}.json"


def read(package, stage):
    file = path(package, stage)
    return json.loads(file.read_text()) if file.exists() else None


def assay_commit():
    head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True,
                          text=True).stdout.strip()
    dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no", "Sources"],
                           cwd=ROOT, capture_output=True, text=True).stdout.strip()
    return head + ("+changes" if dirty else "")


PINNED = {}


def write(package, stage, record):
    record = {"package": f"{package.owner}/{package.name}", "version": package.version,
              "stage": stage, "assay": PINNED.get("commit") or assay_commit(),
              "date": datetime.date.today().isoformat(), **record}
    file = path(package, stage)
    file.parent.mkdir(parents=True, exist_ok=True)
    file.write_text(json.dumps(record, indent=1, sort_keys=True) + "\n")
    return record
