import Foundation
import Testing

@testable import AssayToolSupport

/// Writing over a user's file: the new contents arrive whole, and the file stays what it was
/// (a link stays a link, a private file stays private). Foundation's atomic write, used before,
/// cut the link (the link became a copy, the file it led to kept the old text) and gave the
/// file mode 0644.
@Suite struct AtomicFileTests {
  private let folder: String

  init() throws {
    folder = NSTemporaryDirectory() + "atomic-file-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  }

  private func text(_ path: String) -> String? {
    FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
  }

  private func mode(_ path: String) throws -> Int {
    try #require(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
  }

  @Test func aLinkStaysALinkAndTheFileItLeadsToGetsTheText() throws {
    let real = "\(folder)/Real.swift"
    try Data("old".utf8).write(to: URL(fileURLWithPath: real))
    try FileManager.default.createSymbolicLink(
      atPath: "\(folder)/Link.swift", withDestinationPath: "Real.swift")

    try AtomicFile.write(Data("new".utf8), to: "\(folder)/Link.swift")

    #expect(
      try FileManager.default.destinationOfSymbolicLink(atPath: "\(folder)/Link.swift")
        == "Real.swift")
    #expect(text(real) == "new")
  }

  @Test func aChainOfLinksIsFollowedToTheEnd() throws {
    let sub = "\(folder)/Shared"
    try FileManager.default.createDirectory(atPath: sub, withIntermediateDirectories: true)
    try Data("old".utf8).write(to: URL(fileURLWithPath: "\(sub)/Real.swift"))
    try FileManager.default.createSymbolicLink(
      atPath: "\(folder)/Middle.swift", withDestinationPath: "Shared/Real.swift")
    try FileManager.default.createSymbolicLink(
      atPath: "\(folder)/First.swift", withDestinationPath: "\(folder)/Middle.swift")

    try AtomicFile.write(Data("new".utf8), to: "\(folder)/First.swift")

    #expect(text("\(sub)/Real.swift") == "new")
    #expect(
      try FileManager.default.destinationOfSymbolicLink(atPath: "\(folder)/Middle.swift")
        == "Shared/Real.swift")
  }

  @Test(arguments: [0o600, 0o755, 0o640])
  func theFileKeepsItsPermissions(permissions: Int) throws {
    let path = "\(folder)/Tests.swift"
    try Data("old".utf8).write(to: URL(fileURLWithPath: path))
    try FileManager.default.setAttributes([.posixPermissions: permissions], ofItemAtPath: path)

    try AtomicFile.write(Data("new".utf8), to: path)

    #expect(try mode(path) == permissions)
    #expect(text(path) == "new")
  }

  @Test func aNewFileIsCreatedAndNothingElseIsLeftInItsFolder() throws {
    try AtomicFile.write(Data("new".utf8), to: "\(folder)/New.swift")

    #expect(text("\(folder)/New.swift") == "new")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["New.swift"])
  }

  @Test func aFileThatCannotBeWrittenIsAnErrorNamingIt() throws {
    let missing = "\(folder)/Missing/Tests.swift"

    #expect(throws: RunError("cannot write \(missing): No such file or directory")) {
      try AtomicFile.write(Data("new".utf8), to: missing)
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
  }
}
