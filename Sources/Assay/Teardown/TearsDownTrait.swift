import Foundation
import Testing

/// A trait that runs, when each test ends, the blocks the test (or its suite's `init`) added
/// with ``addTeardownBlock(fileID:filePath:line:column:_:)``, the last added first.
///
/// It is Swift Testing's form of XCTest's `addTeardownBlock`: the blocks may be asynchronous
/// and may throw, which a suite's `deinit` cannot.
///
/// ```swift
/// @Suite(.tearsDown) final class DownloadTests {
///   @Test func savesTheFile() async throws {
///     let folder = try makeTemporaryFolder()
///     addTeardownBlock { try FileManager.default.removeItem(at: folder) }
///     ...
///   }
/// }
/// ```
///
/// The blocks run even when the test failed or threw. An error a block throws is recorded as
/// an issue of the test; the other blocks still run.
public struct TearsDownTrait: TestTrait, SuiteTrait, TestScoping {
  /// Applies to every test of a suite it is given to.
  public var isRecursive: Bool { true }

  /// Runs `function` with an empty list of teardown blocks, then the blocks it added.
  public func provideScope(
    for test: Test,
    testCase: Test.Case?,
    performing function: @Sendable () async throws -> Void
  ) async throws {
    guard !test.isSuite else {
      try await function()
      return
    }
    let blocks = TeardownBlocks()
    var thrown: (any Error)?
    await TeardownBlocks.$current.withValue(blocks) {
      do {
        try await function()
      } catch {
        thrown = error
      }
    }
    await blocks.runAll()
    if let thrown { throw thrown }
  }
}

extension Trait where Self == TearsDownTrait {
  /// Runs, when each test ends, the blocks it added with
  /// ``addTeardownBlock(fileID:filePath:line:column:_:)``, the last added first.
  public static var tearsDown: Self { Self() }
}

/// Adds a block to run when the current test ends, after its body, the last added first.
///
/// The test, or its suite, needs the ``TearsDownTrait`` trait (`@Suite(.tearsDown)`): without
/// it nothing would run the block, so the call is a failure instead (in an `XCTestCase`, call
/// XCTest's own `addTeardownBlock`).
///
/// - Parameters:
///   - fileID: The calling file's `#fileID`, by default.
///   - filePath: The calling file's `#filePath`, by default.
///   - line: The calling line, by default.
///   - column: The calling column, by default.
///   - block: What to run; it may be asynchronous and may throw.
public func addTeardownBlock(
  fileID: String = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column,
  _ block: @escaping () async throws -> Void
) {
  guard let blocks = TeardownBlocks.current else {
    FailureReporter.record(
      "addTeardownBlock failed: no test runs it when it ends: give the test or its suite the "
        + ".tearsDown trait",
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    return
  }
  blocks.add(block, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// The teardown blocks of one running test.
final class TeardownBlocks: @unchecked Sendable {
  // @unchecked: `blocks` is only touched under `lock`; the blocks run on the test's task.
  @TaskLocal static var current: TeardownBlocks?

  private let lock = NSLock()
  private var blocks: [(block: () async throws -> Void, site: CallSite)] = []

  func add(_ block: @escaping () async throws -> Void, at site: CallSite) {
    lock.withLock { blocks.append((block, site)) }
  }

  /// Runs every block, the last added first; a thrown error is recorded at the line that
  /// added the block.
  func runAll() async {
    let blocks = lock.withLock { self.blocks }
    for entry in blocks.reversed() {
      do {
        try await entry.block()
      } catch {
        FailureReporter.record(
          "teardown block threw \(ValueDescription.describe(error))", at: entry.site)
      }
    }
  }
}
