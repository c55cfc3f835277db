"""Mirror quirks repaired as a user would repair them, each reported in the package's rows.

The mirror's snapshots lose symbolic links; where a package's build needs one, it is made
again here (found by a build error, checked against the package's upstream tree).
"""
import os

# {OWNER/NAME: [(path in the clone, what the link points to, why)]}
LINKS = {
    "apple/swift-async-algorithms": [
        ("Sources/AsyncSequenceValidation/Locking.swift", "../AsyncAlgorithms/Locking.swift",
         "the snapshot lost the symbolic link AsyncSequenceValidation/Locking.swift"),
        ("Tests/AsyncAlgorithmsTests/Support/Locking.swift", "../../../Sources/AsyncAlgorithms/Locking.swift",
         "the snapshot lost the symbolic link AsyncAlgorithmsTests/Support/Locking.swift"),
    ],
}


def apply(package, folder):
    """Makes the repairs the package needs; returns what was done, for its rows."""
    done = []
    for path, target, why in LINKS.get(f"{package.owner}/{package.name}", []):
        link = folder / path
        if not link.exists():
            os.symlink(target, link)
            done.append(f"{why}: made again ({path} -> {target})")
    return done
