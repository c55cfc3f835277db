"""Mirror quirks repaired as a user would repair them, each reported in the package's rows.

The mirror's snapshots lose symbolic links; where a package's build needs one, it is made
again here (found by a build error, checked against the package's upstream tree). A
`Package.resolved` that pins a package the mirror cannot serve and that no manifest of the
package names (a stale pin: swift-parsing's pins swift-issue-reporting, since renamed
xctest-dynamic-overlay) is set aside, so that SwiftPM resolves again, as `swift package
update` would for a user.
"""
import json
import os
import subprocess

# {OWNER/NAME: [(path in the clone, what the link points to, why)]}
LINKS = {
    "apple/swift-async-algorithms": [
        ("Sources/AsyncSequenceValidation/Locking.swift", "../AsyncAlgorithms/Locking.swift",
         "the snapshot lost the symbolic link AsyncSequenceValidation/Locking.swift"),
        ("Tests/AsyncAlgorithmsTests/Support/Locking.swift", "../../../Sources/AsyncAlgorithms/Locking.swift",
         "the snapshot lost the symbolic link AsyncAlgorithmsTests/Support/Locking.swift"),
    ],
}


def stale_pins(folder):
    """The URLs that `Package.resolved` pins, that no manifest of the package names, and that
    the mirror cannot serve."""
    resolved = folder / "Package.resolved"
    if not resolved.exists():
        return []
    try:
        pins = json.loads(resolved.read_text()).get("pins", [])
    except ValueError:
        return []
    manifests = "".join(p.read_text(errors="replace") for p in folder.glob("Package*.swift"))
    stale = []
    for pin in pins:
        url = pin.get("location", "")
        if not url.startswith("http") or url.removesuffix(".git") in manifests:
            continue
        served = subprocess.run(["git", "ls-remote", "--heads", url], cwd=folder, capture_output=True,
                                timeout=120, env={**os.environ, "GIT_TERMINAL_PROMPT": "0"})
        if served.returncode != 0:
            stale.append(url)
    return stale


def unservable_revision(folder):
    """The first pinned revision of `Package.resolved` that the mirror cannot check out
    (modelcontextprotocol/swift-sdk pins swift-system at a commit of 1.4.0; the mirror serves
    1.8.1), from `swift package resolve`; None when it resolves, or has no such file."""
    if not (folder / "Package.resolved").exists():
        return None
    resolved = subprocess.run(["swift", "package", "resolve"], cwd=folder, capture_output=True,
                              text=True, timeout=1800)
    output = resolved.stdout + resolved.stderr
    if resolved.returncode == 0 or "check out revision" not in output:
        return None
    line = next(l for l in output.splitlines() if "check out revision" in l)
    return line.removeprefix("error: ").strip()


def set_aside_resolved(folder):
    (folder / "Package.resolved").rename(folder / "Package.resolved.stale")
    # The clone stays clean to `git status` (its next stages reuse it, built).
    subprocess.run(["git", "update-index", "--assume-unchanged", "Package.resolved"], cwd=folder,
                   capture_output=True, timeout=60)


def apply(package, folder):
    """Makes the repairs the package needs; returns what was done, for its rows."""
    done = []
    stale = stale_pins(folder)
    if stale:
        set_aside_resolved(folder)
        done.append(f"Package.resolved pins {', '.join(stale)}, which the mirror does not serve and no "
                    f"manifest names: set aside, resolved again")
    elif unpinnable := unservable_revision(folder):
        set_aside_resolved(folder)
        done.append(f"Package.resolved pins a revision the mirror does not serve ({unpinnable}): set "
                    f"aside, resolved again")
    for path, target, why in LINKS.get(f"{package.owner}/{package.name}", []):
        link = folder / path
        if not link.exists():
            os.symlink(target, link)
            done.append(f"{why}: made again ({path} -> {target})")
    return done
