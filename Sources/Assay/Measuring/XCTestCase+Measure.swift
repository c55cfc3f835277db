import XCTest

/// `measure` inside an `XCTestCase`, where XCTest's own `measure(block:)` would otherwise be
/// found first: a call with a name or with metrics is Assay's, and is named after the test.
/// A bare `measure { }` stays XCTest's own, which on Linux prints its times and never fails.
///
/// ```swift
/// final class PeopleListTests: XCTestCase {
///   func testSortingIsFast() {
///     measure("sorts 5,000 people") { _ = people.sorted(by: \.birthday) }
///     measure(metrics: [.wallClock, .cpuTime]) { _ = people.sorted(by: \.birthday) }
///   }
/// }
/// ```
extension XCTestCase {
  /// Measures `block` under `name`; see Assay's `measure`.
  ///
  /// - Parameters:
  ///   - name: The measure's name in the baselines file, one measure's in its module: another
  ///     test or call measuring under it fails.
  ///   - metrics: What to read; the wall clock by default.
  ///   - options: The budget, samples and tolerance.
  ///   - block: The code to measure. An error it throws fails the test.
  public func measure(
    _ name: String,
    metrics: [Metric] = [.wallClock],
    options: MeasureOptions = .default,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    block: () throws -> Void
  ) {
    measuring(
      name, metrics, options,
      CallSite(fileID: fileID, filePath: filePath, line: line, column: column), block)
  }

  /// Measures `block` with `metrics`, named after the test; see Assay's `measure`.
  ///
  /// - Parameters:
  ///   - metrics: What to read.
  ///   - options: The budget, samples and tolerance.
  ///   - block: The code to measure. An error it throws fails the test.
  public func measure(
    metrics: [Metric],
    options: MeasureOptions = .default,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    block: () throws -> Void
  ) {
    measuring(
      nil, metrics, options,
      CallSite(fileID: fileID, filePath: filePath, line: line, column: column), block)
  }

  /// Measures a block that starts and stops measuring itself, under `name`.
  ///
  /// - Parameters:
  ///   - name: The measure's name in the baselines file, one measure's in its module: another
  ///     test or call measuring under it fails.
  ///   - metrics: What to read; the wall clock by default.
  ///   - options: The budget, samples and tolerance.
  ///   - block: One run; it calls ``MeasureIteration/startMeasuring()`` once.
  public func measure(
    _ name: String,
    metrics: [Metric] = [.wallClock],
    options: MeasureOptions = .default,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    block: (MeasureIteration) throws -> Void
  ) {
    MeasureRun(
      name: name, testName: testName, metrics: metrics, options: options,
      site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column),
      isAsync: false
    )?.measureSelfMeasuringBlock(block)
  }

  /// Measures an asynchronous block under `name`.
  ///
  /// - Parameters:
  ///   - name: The measure's name in the baselines file, one measure's in its module: another
  ///     test or call measuring under it fails.
  ///   - metrics: What to read; the wall clock by default.
  ///   - options: The budget, samples and tolerance.
  ///   - block: The code to measure. An error it throws fails the test.
  public func measure(
    _ name: String,
    metrics: [Metric] = [.wallClock],
    options: MeasureOptions = .default,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    block: () async throws -> Void
  ) async {
    await MeasureRun(
      name: name, testName: testName, metrics: metrics, options: options,
      site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column),
      isAsync: true
    )?.measureAsynchronousBlock(block)
  }

  private func measuring(
    _ name: String?, _ metrics: [Metric], _ options: MeasureOptions, _ site: CallSite,
    _ block: () throws -> Void
  ) {
    MeasureRun(
      name: name, testName: testName, metrics: metrics, options: options, site: site,
      isAsync: false
    )?.measureBlock(block)
  }

  /// "PeopleListTests/testSortingIsFast": XCTest's `-[PeopleListTests testSortingIsFast]`
  /// (Darwin) or `PeopleListTests.testSortingIsFast` (Linux).
  var testName: String {
    var text = name
    if text.hasPrefix("-["), text.hasSuffix("]") {
      text = String(text.dropFirst(2).dropLast()).replacingOccurrences(of: " ", with: "/")
    } else if let dot = text.lastIndex(of: ".") {
      text.replaceSubrange(dot...dot, with: "/")
    }
    return text
  }
}
