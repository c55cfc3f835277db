import Foundation
import Testing

@testable import AssayToolSupport

/// The files of a folder through linked folders, as SwiftPM sees a package's (`FileManager`'s
/// enumerator lists a linked folder as one entry, and a copy made from it did not build).
@Suite struct FileWalkTests {
  private let folder = NSTemporaryDirectory() + "file-walk-\(UUID().uuidString)"

  private func make(_ files: [String], links: [(String, String)]) throws {
    let manager = FileManager.default
    for file in files {
      let path = "\(folder)/\(file)"
      try manager.createDirectory(
        atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      try Data(file.utf8).write(to: URL(fileURLWithPath: path))
    }
    for (link, target) in links {
      try manager.createSymbolicLink(atPath: "\(folder)/\(link)", withDestinationPath: target)
    }
  }

  @Test func aLinkedFolderIsWalkedAtTheLinksPathAsWellAsWhereItIs() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try make(["P/Shared/A.swift", "P/Sources/B/B.swift"], links: [("P/Sources/A", "../Shared")])
    let files = FileWalk.files(under: "\(folder)/P")
    #expect(files == ["Shared/A.swift", "Sources/A/A.swift", "Sources/B/B.swift"])
  }

  /// A link back up would lead round forever: each folder is gone into once on a path.
  @Test func aLinkToAFolderAboveIsNotGoneRound() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try make(["P/Sources/A/A.swift"], links: [("P/Sources/A/Up", ".."), ("P/Loop", ".")])
    let files = FileWalk.files(under: "\(folder)/P")
    #expect(files == ["Sources/A/A.swift"])
  }

  @Test func aSkippedFolderIsLeftOutWithAllItHolds() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try make(["P/.git/HEAD", "P/.build/x.o", "P/Package.swift"], links: [])
    let files = FileWalk.files(under: "\(folder)/P") { $0.hasPrefix(".") }
    #expect(files == ["Package.swift"])
    #expect(FileWalk.files(under: "\(folder)/none") == nil)
  }
}
