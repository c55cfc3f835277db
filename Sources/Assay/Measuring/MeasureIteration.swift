/// One run of a block that starts and stops measuring itself, so that preparing and cleaning
/// up around the measured part is not timed (XCTest's `startMeasuring()` and
/// `stopMeasuring()`).
///
/// ```swift
/// measure("sorts 5,000 people") { iteration in
///   var people = shuffledPeople()      // not measured
///   iteration.startMeasuring()
///   people.sort(by: \.birthday)
///   iteration.stopMeasuring()
/// }
/// ```
public final class MeasureIteration {
  private let meters: Meters
  private var start: Meters.Start?
  private(set) var reading: [Metric: Double]?
  private(set) var misuse: String?

  init(meters: Meters) { self.meters = meters }

  /// Starts the measured part of this run. Call it once per run.
  public func startMeasuring() {
    guard reading == nil, start == nil else {
      misuse = misuse ?? "startMeasuring() was called twice in one run"
      return
    }
    start = meters.start()
  }

  /// Ends the measured part of this run; the end of the block ends it too.
  public func stopMeasuring() {
    guard let start else {
      misuse = misuse ?? "stopMeasuring() was called before startMeasuring()"
      return
    }
    reading = meters.stop(start, iterations: 1)
    self.start = nil
  }

  /// Ends the run: what was measured, or `nil` when it never started.
  func finish() -> [Metric: Double]? {
    if start != nil { stopMeasuring() }
    return reading
  }
}
