import AssayToolSupport
import Foundation

/// The test files' outlines (``TestSource``) kept between runs in the build folder, each with
/// the size and modification time of the file it was read from, so that only new or changed
/// files are parsed again; the misses are parsed in parallel.
///
/// Parsing is most of what `assay test` adds to a short suite: 375 KB of test files take
/// 1.1 s to parse in the debug build that `swift run assay` gives, against 10 to 20 ms to list
/// the binary's tests.
struct TestSourceCache {
  private struct Entry: Codable {
    var size: UInt64
    var modified: Double
    var source: TestSource
  }

  /// The cache's file, or `nil` to keep none.
  let path: String?

  /// The outlines of `files` (path and test target), from the cache where the file is
  /// unchanged, parsed otherwise; files that cannot be read are left out.
  func sources(of files: [(path: String, target: String)]) -> [TestSource] {
    var entries: [String: Entry] = [:]
    if let path, let data = FileManager.default.contents(atPath: path) {
      entries = (try? JSONDecoder().decode([String: Entry].self, from: data)) ?? [:]
    }
    let stamps = files.map { Self.stamp(of: $0.path) }
    var found = [TestSource?](repeating: nil, count: files.count)
    var misses: [Int] = []
    for (index, file) in files.enumerated() {
      if let stamp = stamps[index], let entry = entries[file.path], entry.size == stamp.size,
        entry.modified == stamp.modified
      {
        found[index] = entry.source
      } else {
        misses.append(index)
      }
    }
    let parsed = Self.parse(misses.map { files[$0].path })
    for (offset, index) in misses.enumerated() {
      found[index] = parsed[offset]
    }
    var results: [TestSource] = []
    var kept: [String: Entry] = [:]
    for (index, file) in files.enumerated() {
      guard var source = found[index] else { continue }
      source.target = file.target
      results.append(source)
      if let stamp = stamps[index] {
        kept[file.path] = Entry(size: stamp.size, modified: stamp.modified, source: source)
      }
    }
    if let path, !misses.isEmpty || kept.count != entries.count {
      // A cache that cannot be written is only slower next time.
      if let data = try? JSONEncoder().encode(kept) { try? AtomicFile.write(data, to: path) }
    }
    return results
  }

  /// The files parsed side by side, in their order.
  private static func parse(_ paths: [String]) -> [TestSource?] {
    let results = ParsedSources(count: paths.count)
    DispatchQueue.concurrentPerform(iterations: paths.count) { index in
      results.set(index, TestSource(path: paths[index]))
    }
    return results.values
  }

  private static func stamp(of path: String) -> (size: UInt64, modified: Double)? {
    guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
      let size = attributes[.size] as? NSNumber,
      let modified = attributes[.modificationDate] as? Date
    else { return nil }
    return (size.uint64Value, modified.timeIntervalSince1970)
  }
}

/// The results of a parallel parse, each slot written by one iteration.
private final class ParsedSources: @unchecked Sendable {
  private let lock = NSLock()
  private var slots: [TestSource?]

  init(count: Int) {
    slots = [TestSource?](repeating: nil, count: count)
  }

  func set(_ index: Int, _ source: TestSource?) {
    lock.withLock { slots[index] = source }
  }

  var values: [TestSource?] { lock.withLock { slots } }
}
