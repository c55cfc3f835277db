/// An error that is the user's to fix, in any tool: one clear line naming the file, line or
/// argument; `assay` exits with status 2.
public struct RunError: Error, CustomStringConvertible, Equatable {
  /// What went wrong, naming the file, line or argument.
  public let description: String

  /// An error.
  public init(_ description: String) {
    self.description = description
  }
}
