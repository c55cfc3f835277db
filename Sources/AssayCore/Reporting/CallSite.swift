/// The place in the test's source where an assertion was called.
///
/// Every Assay assertion captures its caller's `#fileID`, `#filePath`, `#line` and `#column`
/// so that the failure points at the test, not at Assay. Write your own assertion helpers the
/// same way: take the four parameters with those defaults and pass them on.
public struct CallSite: Sendable {
  /// The file's module-qualified identifier, as `#fileID` gives it (`MyTests/GaugeTests.swift`).
  public let fileID: String
  /// The file's full path, as `#filePath` gives it.
  public let filePath: StaticString
  /// The line of the call.
  public let line: UInt
  /// The column of the call.
  public let column: UInt

  /// Creates a call site; with no arguments, the place where the initializer is called.
  public init(
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
  }
}
