#!/usr/bin/env python3
"""Writes N protocols (1000 by default), 10 per file, each with 7 members of every kind, into a
folder. Protocols inherit in chains of CHAIN (2 by default: every other protocol inherits from
the one before it), so a mock also implements its parents' members."""
import os
import sys

folder, count = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 1000
chain = int(os.environ.get("CHAIN", "2"))
os.makedirs(folder, exist_ok=True)
for file_index in range(count // 10):
    lines = ["import Foundation", ""]
    for k in range(10):
        n = file_index * 10 + k
        parent = f": Service{n - 1}" if n % chain else ": Sendable"
        lines += [
            f"public protocol Service{n}{parent} {{",
            f"  var name{n}: String {{ get }}",
            f"  var count{n}: Int {{ get set }}",
            f"  func load{n}(id: Int) async throws -> Data",
            f"  func save{n}(_ value: String, at index: Int)",
            f"  func find{n}<T: Decodable>(_ type: T.Type) -> T?",
            f"  func observe{n}(_ handler: @escaping @Sendable (Int) -> Void)",
            f"  subscript(key{n}: String) -> Int? {{ get }}",
            "}",
            "",
        ]
    with open(os.path.join(folder, f"Services{file_index}.swift"), "w") as out:
        out.write("\n".join(lines))
