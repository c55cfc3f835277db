"""A stage's work so far, kept beside its results (`results/OWNER+NAME/mutate.partial.json`,
committed), so that a stage longer than a session goes on from where it stopped, on another
machine too. The stage's result replaces it when the stage ends."""
import datetime
import json

from . import results


def path(package, stage="mutate"):
    return results.path(package, f"{stage}.partial")


def read(package, stage="mutate"):
    """The work kept for `package`'s version, or `None` (none, or of another version)."""
    kept = results.read(package, f"{stage}.partial")
    if kept is None or kept.get("version") != package.version:
        return None
    kept["resumed"] = kept.get("resumed") or datetime.date.today().isoformat()
    return kept


def write(package, kept, stage="mutate"):
    file = path(package, stage)
    file.parent.mkdir(parents=True, exist_ok=True)
    file.write_text(json.dumps(kept, indent=1, sort_keys=True) + "\n")


def clear(package, stage="mutate"):
    path(package, stage).unlink(missing_ok=True)
