import ArgumentParser
import AssayResults
import AssayToolSupport
import Foundation

/// `assay xunit`: an xUnit report with one result per test case, from Swift Testing's events
/// that `swift test` wrote. `assay test --report junit:PATH` writes the same report while it
/// runs the tests; this command is for streams written without it.
struct XUnitCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "xunit",
    abstract: "Write an xUnit report with one result per test case, from Swift Testing's events.",
    discussion: """
      swift test --xunit-output lists a parameterized test once, so a spec's examples and a \
      contract's checks would be one result. This reads the event stream that swift test \
      writes, where every test case has its name, and writes an xUnit (JUnit) report with \
      one <testcase> per test and per test case, for CI services and editors.

      Example, from a package's root:
        swift test --experimental-event-stream-output events.jsonl \\
          --experimental-event-stream-version 1
        assay xunit events.jsonl -o results.xml
      """
  )

  @Argument(
    help: "The event stream that swift test wrote (JSON lines; version 1 names test cases).")
  var events: String

  @Option(name: .shortAndLong, help: "The file to write; standard output if omitted.")
  var output: String?

  func run() throws {
    let text: String
    do {
      text = try String(contentsOfFile: events, encoding: .utf8)
    } catch {
      throw ValidationError("cannot read \(events): \(error.localizedDescription)")
    }
    let stream: (report: TestReport, namesTestCases: Bool)
    do {
      stream = try SwiftTestingEvents.report(reading: text)
    } catch {
      throw ValidationError("\(events):\(error.number): error: \(error.reason)")
    }
    let xml = JUnitReport.xml(stream.report)
    if !stream.namesTestCases {
      FileHandle.standardError.write(
        Data(
          """
          warning: \(events) does not name test cases: each parameterized test is one result. \
          Write the stream with --event-stream-version 1, or set \
          SWT_EXPERIMENTAL_EVENT_STREAM_FIELDS_ENABLED=1 for version 6.3 and later.

          """.utf8))
    }
    guard let output else {
      print(xml, terminator: "")
      return
    }
    do {
      try AtomicFile.write(Data(xml.utf8), to: output)
    } catch {
      FileHandle.standardError.write(Data("error: \(error.description)\n".utf8))
      throw ExitCode(2)
    }
  }
}
