/// A failure as a test framework recorded it: the message users see and where it points.
struct RecordedFailure: Equatable, CustomStringConvertible {
  var message: String
  var fileName: String
  var line: Int

  var description: String { "\(fileName):\(line): \(message)" }
}

extension String {
  /// The last path component, so locations compare the same on every machine.
  var fileName: String {
    split(separator: "/").last.map(String.init) ?? self
  }
}
