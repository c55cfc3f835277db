import Foundation
import Testing

@testable import AssayRunning

/// The test files' outlines kept between runs: reused while a file is unchanged, parsed again
/// when it changes, never served for a file that is gone.
@Suite struct TestSourceCacheTests {
  private func folder() throws -> URL {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("assay-source-cache-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  private func names(_ sources: [TestSource]) -> [String] {
    sources.flatMap { $0.functions.map(\.name) }
  }

  @Test func aChangedFileIsParsedAgainAndAnUnchangedOneComesFromTheCache() throws {
    let root = try folder()
    let file = root.appendingPathComponent("ATests.swift")
    let cache = root.appendingPathComponent("cache.json").path
    try "final class ATests: XCTestCase { func testOne() {} }\n".write(
      to: file, atomically: true, encoding: .utf8)
    let first = TestSourceCache(path: cache).sources(of: [(file.path, "ATests")])
    #expect(names(first) == ["testOne()"])
    #expect(first.first?.target == "ATests")
    #expect(FileManager.default.fileExists(atPath: cache))

    // The cache's entry stands in for the file while its size and time are the same: an entry
    // edited by hand proves the file was not read again.
    let text = try String(contentsOfFile: cache, encoding: .utf8)
    try text.replacingOccurrences(of: "testOne", with: "testCached").write(
      toFile: cache, atomically: true, encoding: .utf8)
    #expect(
      names(TestSourceCache(path: cache).sources(of: [(file.path, "ATests")])) == ["testCached()"])

    try "final class ATests: XCTestCase { func testOne() {}\n func testTwo() {} }\n".write(
      to: file, atomically: true, encoding: .utf8)
    #expect(
      names(TestSourceCache(path: cache).sources(of: [(file.path, "ATests")]))
        == ["testOne()", "testTwo()"])
  }

  @Test func aFileThatIsGoneIsLeftOutAndNoCacheMeansParsing() throws {
    let root = try folder()
    let file = root.appendingPathComponent("BTests.swift")
    try "@Test func b() {}\n".write(to: file, atomically: true, encoding: .utf8)
    let cache = root.appendingPathComponent("cache.json").path
    #expect(names(TestSourceCache(path: cache).sources(of: [(file.path, "B")])) == ["b()"])
    try FileManager.default.removeItem(at: file)
    #expect(TestSourceCache(path: cache).sources(of: [(file.path, "B")]).isEmpty)
    try "@Test func c() {}\n".write(to: file, atomically: true, encoding: .utf8)
    #expect(names(TestSourceCache(path: nil).sources(of: [(file.path, "B")])) == ["c()"])
  }
}
