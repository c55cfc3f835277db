import Testing

@testable import AssayResults

/// Reading Swift Testing's event stream, line by line, in the shapes the toolchain writes.
@Suite struct TestEventStreamTests {
  static let function = #"""
    {"kind":"test","payload":{"id":"M.S/t()/F.swift:1:1","isParameterized":false,"kind":"function","name":"t()"},"version":0}
    """#

  @Test func aCancelledTestWithoutFailureIsSkippedNotPassed() throws {
    let stream = try TestEventStream(
      Self.function + "\n"
        + #"""
        {"kind":"event","payload":{"instant":{"absolute":1},"kind":"testStarted","testID":"M.S/t()/F.swift:1:1"},"version":0}
        {"kind":"event","payload":{"instant":{"absolute":2},"kind":"testCancelled","messages":[{"symbol":"skip","text":"Test t() was cancelled"}],"testID":"M.S/t()/F.swift:1:1"},"version":0}
        {"kind":"event","payload":{"instant":{"absolute":3},"kind":"testEnded","testID":"M.S/t()/F.swift:1:1"},"version":0}
        """#)
    #expect(stream.results.map(\.skipped) == ["Test t() was cancelled"])
    #expect(stream.results.map(\.failures) == [[]])
    #expect(stream.xUnit.contains(#"skipped="1""#))
  }

  @Test func aCancellationAfterAFailureKeepsTheFailure() throws {
    let stream = try TestEventStream(
      Self.function + "\n"
        + #"""
        {"kind":"event","payload":{"issue":{"isFailure":true,"isKnown":false,"severity":"error","sourceLocation":{"fileID":"M/F.swift","line":7}},"kind":"issueRecorded","messages":[{"symbol":"fail","text":"Issue recorded"},{"symbol":"details","text":"unwrap failed"}],"testID":"M.S/t()/F.swift:1:1"},"version":"6.3.0"}
        {"kind":"event","payload":{"kind":"testCancelled","messages":[],"testID":"M.S/t()/F.swift:1:1"},"version":"6.3.0"}
        """#)
    #expect(stream.results.map(\.failures) == [["M/F.swift:7: unwrap failed"]])
    #expect(stream.results.map(\.skipped) == [nil])
  }

  @Test func warningsAreNotFailures() throws {
    let stream = try TestEventStream(
      Self.function + "\n"
        + #"""
        {"kind":"event","payload":{"issue":{"isFailure":false,"isKnown":false,"severity":"warning"},"kind":"issueRecorded","messages":[{"symbol":"details","text":"focused"}],"testID":"M.S/t()/F.swift:1:1"},"version":"6.3.0"}
        {"kind":"event","payload":{"kind":"testEnded","testID":"M.S/t()/F.swift:1:1"},"version":"6.3.0"}
        """#)
    #expect(stream.results.map(\.failures) == [[]])
  }

  @Test func aLineThatIsNotAnEventNamesItsNumber() {
    let error = #expect(throws: TestEventStream.BadLine.self) {
      try TestEventStream(Self.function + "\nnot json")
    }
    #expect(error?.description == "line 2: not an event of a Swift Testing event stream")
  }
}
