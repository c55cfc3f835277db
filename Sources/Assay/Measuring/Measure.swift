/// Measures a block and fails the test when it got slower than its recorded baseline, inside
/// a Swift Testing `@Test` or an `XCTestCase`.
///
/// The block runs once, then for warm-up, then in samples of a few runs each until the budget
/// is spent (at least five samples: a first run longer than the budget gets those and a
/// warning). The samples are compared with the baseline
/// recorded for this measure on this machine (see ``MeasureEnvironment``): a regression is
/// reported only when it is statistically significant *and* larger than the tolerance.
///
/// ```swift
/// @Test func sortingIsFast() {
///   let people = Person.samples(5_000)
///   measure("sorts 5,000 people by birthday", metrics: [.wallClock, .allocations]) {
///     _ = people.sorted(by: \.birthday)
///   }
/// }
/// ```
///
/// A regression fails the test with both sets of samples:
///
/// ```text
/// measure "sorts 5,000 people by birthday": wall clock 31.2% slower than the baseline
/// (99% confidence: 27.0% to 35.1% slower; tolerance 10%)
/// baseline: median 1.52 ms, p10–p90 1.49 ms–1.61 ms, MAD 20 µs, 100 samples (...)
/// now:      median 2.00 ms, p10–p90 1.95 ms–2.12 ms, MAD 30 µs, 100 samples
/// ```
///
/// - Parameters:
///   - name: The measure's name in the baselines file; the test's name by default (a test
///     that measures twice names each measure). One measure's in its module: another test,
///     case or call measuring under it fails.
///   - metrics: What to read; the wall clock by default.
///   - options: The budget, samples and tolerance.
///   - block: The code to measure. An error it throws fails the test.
public func measure(
  _ name: String? = nil,
  metrics: [Metric] = [.wallClock],
  options: MeasureOptions = .default,
  fileID: String = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column,
  _ block: () throws -> Void
) {
  let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
  MeasureRun(
    name: name, testName: nil, metrics: metrics, options: options, site: site, isAsync: false
  )?.measureBlock(block)
}

/// Measures a block that starts and stops measuring itself, so that what it prepares and
/// cleans up in each run is not measured (XCTest's `startMeasuring()`/`stopMeasuring()`).
///
/// ```swift
/// measure("sorts a shuffled list") { iteration in
///   var people = Person.samples(5_000).shuffled()   // not measured
///   iteration.startMeasuring()
///   people.sort(by: \.birthday)
///   iteration.stopMeasuring()
/// }
/// ```
///
/// - Parameters:
///   - name: The measure's name in the baselines file; the test's name by default.
///   - metrics: What to read; the wall clock by default.
///   - options: The budget, samples and tolerance.
///   - block: One run; it calls ``MeasureIteration/startMeasuring()`` once, and
///     ``MeasureIteration/stopMeasuring()`` (or returns).
public func measure(
  _ name: String? = nil,
  metrics: [Metric] = [.wallClock],
  options: MeasureOptions = .default,
  fileID: String = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column,
  _ block: (MeasureIteration) throws -> Void
) {
  let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
  MeasureRun(
    name: name, testName: nil, metrics: metrics, options: options, site: site, isAsync: false
  )?.measureSelfMeasuringBlock(block)
}

/// Measures an asynchronous block, as the synchronous `measure` does.
///
/// Its CPU time is the whole process's, and allocations are not counted: the block may run
/// on several threads.
///
/// - Parameters:
///   - name: The measure's name in the baselines file; the test's name by default.
///   - metrics: What to read; the wall clock by default.
///   - options: The budget, samples and tolerance.
///   - isolation: Where the block runs; the caller's actor by default.
///   - block: The code to measure. An error it throws fails the test.
public func measure(
  _ name: String? = nil,
  metrics: [Metric] = [.wallClock],
  options: MeasureOptions = .default,
  isolation: isolated (any Actor)? = #isolation,
  fileID: String = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column,
  _ block: () async throws -> Void
) async {
  let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
  await MeasureRun(
    name: name, testName: nil, metrics: metrics, options: options, site: site, isAsync: true
  )?.measureAsynchronousBlock(block)
}
