#!/usr/bin/env python3
"""The dogfood's score by folder of Sources/Assay, from the Stryker JSON that run.sh writes.

    Benchmarks/dogfood/summary.py /tmp/assay-dogfood/.build/dogfood.json

Prints a Markdown table: detected (killed, timed out, crashed), survived, not covered,
unviable, not run (an `#if` clause this build does not compile, or not built beside the others),
pending (an interrupted run had not run them yet), and the score (detected over detected, survived and not covered), then
the totals and every survivor as `file:line:column operator -> replacement`.
"""
import collections
import json
import sys

DETECTED = {"Killed", "Timeout", "RuntimeError"}


def folder(path):
    parts = path.split("/")
    # Sources/Assay/Folder/File.swift: the folder; a file at the top is its own row.
    return parts[2] if len(parts) > 3 else parts[-1]


def main(path):
    report = json.load(open(path))
    rows = collections.defaultdict(collections.Counter)
    survivors = []
    for file, entry in sorted(report["files"].items()):
        for mutant in entry["mutants"]:
            status = mutant["status"]
            rows[folder(file)][status] += 1
            if status == "Survived":
                start = mutant["location"]["start"]
                survivors.append(f"{file}:{start['line']}:{start['column']} "
                                 f"{mutant['mutatorName']} -> {mutant['replacement']!r}")

    def cells(counts):
        detected = sum(counts[s] for s in DETECTED)
        judged = detected + counts["Survived"] + counts["NoCoverage"]
        score = f"{100 * detected / judged:.1f}%" if judged else "-"
        return [detected, counts["Survived"], counts["NoCoverage"], counts["CompileError"],
                counts["Ignored"], counts["Pending"], score]

    print("| Folder | Killed + timed out + crashed | Survived | Not covered | Unviable | Not run | Pending | Score |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for name, counts in sorted(rows.items(), key=lambda item: item[0]):
        print("| " + " | ".join(str(c) for c in [name] + cells(counts)) + " |")
    total = sum(rows.values(), collections.Counter())
    print("| **All** | " + " | ".join(str(c) for c in cells(total)) + " |")
    print()
    for line in survivors:
        print(line)


if __name__ == "__main__":
    main(sys.argv[1])
