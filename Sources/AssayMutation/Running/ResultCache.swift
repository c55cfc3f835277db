import AssayToolSupport
import Foundation

/// The outcomes of earlier runs, reused when neither the mutated file nor the tests that
/// reach the mutant changed: `.build/assay/mutate/results.json`. Mutants that did not compile
/// are remembered by their file's text alone, and left out of the next build.
///
/// A mutant's key is a digest of its file's text, its operator, place and replacement, the
/// names of the tests that reach it and the text of the files that declare those tests; a
/// survivor's, of the text of those tests' whole targets too (``CacheKeys``). Like Stryker's
/// incremental mode, it does not see a change in another file of the code under test that the
/// mutated code calls into: `--no-cache` runs every mutant again.
struct ResultCache {
  /// What a mutant's tests made of it.
  struct Entry: Codable, Equatable {
    var status: Mutant.Status
    var killedBy: String? = nil
  }

  private(set) var entries: [String: Entry] = [:]
  let path: String

  /// The cache at `path`; empty when there is none or it cannot be read (it is only a cache).
  init(path: String) {
    self.path = path
    if let data = FileManager.default.contents(atPath: path),
      let entries = try? JSONDecoder().decode([String: Entry].self, from: data)
    {
      self.entries = entries
    }
  }

  subscript(key: String) -> Entry? { entries[key] }

  /// Adds (or replaces) `entries`. Entries of other runs stay: a run of one file or one
  /// shard must not forget the others.
  mutating func add(_ entries: [String: Entry]) {
    self.entries.merge(entries) { _, new in new }
  }

  /// Writes the cache; a cache that cannot be written is not an error.
  func save() {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    if let data = try? encoder.encode(entries) { try? AtomicFile.write(data, to: path) }
  }

  /// The key of `mutant`, reached by `tests`; `digest` gives the digest of a file's text.
  static func key(
    of mutant: Mutant, fileDigest: String, tests: [String], testFileDigests: [String]
  ) -> String {
    let parts =
      [
        fileDigest, mutant.mutationOperator.rawValue, "\(mutant.start.line)",
        "\(mutant.start.column)", "\(mutant.end.line)", "\(mutant.end.column)",
        mutant.replacement,
      ] + tests.sorted() + testFileDigests.sorted()
    return digest(Data(parts.joined(separator: "\u{1F}").utf8))
  }

  /// The key under which `mutant` is remembered as not compiling, or not beside the others,
  /// in the schema of version `schema`: another schema may build what this one did not.
  static func key(
    unviable mutant: Mutant, fileDigest: String, schema: Int = MutantSwitch.schema
  ) -> String {
    "unviable "
      + key(
        of: mutant, fileDigest: fileDigest, tests: schema == 1 ? [] : ["schema \(schema)"],
        testFileDigests: [])
  }

  /// A 128-bit FNV-1a digest of `data`, in hexadecimal: two 64-bit hashes with different
  /// offsets. Not cryptographic; a cache key needs no more, and the toolchain ships no hash
  /// library on Linux.
  static func digest(_ data: Data) -> String {
    var first: UInt64 = 0xcbf2_9ce4_8422_2325
    var second: UInt64 = 0x6c62_272e_07bb_0142
    for byte in data {
      first = (first ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
      second = (second ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
    }
    return String(first, radix: 16) + String(second, radix: 16)
  }
}
