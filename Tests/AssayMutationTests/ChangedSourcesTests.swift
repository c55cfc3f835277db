import Foundation
import Testing

@testable import AssayMutation

/// Which written files a build left uncompiled: an object older than its file's last change,
/// unless it was made from the contents the file holds again (the driver leaves such an
/// object as it was).
@Suite struct ChangedSourcesTests {
  private let folder = NSTemporaryDirectory() + "changed-sources-\(UUID().uuidString)"

  /// Writes `text` to the file, as a run does (a new file in its place).
  private func write(_ text: String) throws {
    try? FileManager.default.removeItem(atPath: "\(folder)/A.swift")
    try Data(text.utf8).write(to: URL(fileURLWithPath: "\(folder)/A.swift"))
  }

  /// Makes the object, as a compile does, after the file's last change.
  private func compile() throws {
    try Data("object".utf8).write(to: URL(fileURLWithPath: "\(folder)/A.o"))
  }

  /// Writes `text` again, until the file's last change is later than the object (the clock
  /// the file system stamps with moves in ticks of milliseconds).
  private func writeAfterTheObject(_ text: String) throws {
    repeat {
      try write(text)
    } while FileStatus(of: "\(folder)/A.swift")!.changed
      <= FileStatus(of: "\(folder)/A.o")!.modified
  }

  private func uncompiled(_ sources: ChangedSources) -> [String] {
    sources.insert("A.swift")
    return sources.uncompiled(under: folder, built: { _ in true }, object: { _ in "\(folder)/A.o" })
  }

  @Test func aFileWrittenBackAsItsObjectWasMadeCountsAsCompiledFromOneRunToTheNext() throws {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let record = "\(folder)/record.json"
    try write("let a = 1")
    try compile()
    #expect(uncompiled(ChangedSources(record: record)) == [])
    // The next run writes the same contents again; the driver leaves the object as it was.
    try writeAfterTheObject("let a = 1")
    #expect(uncompiled(ChangedSources(record: record)) == [])
    // Other contents, with that object: not compiled.
    try write("let a = 2")
    #expect(uncompiled(ChangedSources(record: record)) == ["A.swift"])
  }

  /// An object made again since (by a build nobody checked: a run killed halfway) no longer
  /// tells what it was made from.
  @Test func anObjectMadeAgainSinceTellsNothing() throws {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let sources = ChangedSources()
    try write("let a = 1")
    try compile()
    #expect(uncompiled(sources) == [])
    try FileManager.default.setAttributes(
      [.modificationDate: Date(timeIntervalSinceNow: -60)], ofItemAtPath: "\(folder)/A.o")
    try writeAfterTheObject("let a = 1")
    #expect(uncompiled(sources) == ["A.swift"])
  }
}
