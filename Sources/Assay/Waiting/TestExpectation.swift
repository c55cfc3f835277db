/// Something a test waits for: an event that asynchronous code signals by calling
/// ``fulfill(fileID:filePath:line:column:)``.
///
/// Create expectations, start the work, then wait for them with
/// ``waitForFulfillment(of:timeout:enforceOrder:fileID:filePath:line:column:)-9s7x7``:
///
/// ```swift
/// let loaded = TestExpectation("title loaded")
/// loader.onTitle = { _ in loaded.fulfill() }
/// loader.load(url)
/// await waitForFulfillment(of: [loaded], timeout: .seconds(2))
/// ```
///
/// An expectation works the same in Swift Testing and XCTest, and from any thread or task.
/// It keeps XCTest's meaning, without the gaps of XCTest on Linux:
/// - It can expect a number of fulfillments, or a range (`2...4`).
/// - An *inverted* expectation must not be fulfilled: the wait fails the moment it is.
/// - Fulfilling it more often than expected is a failure, reported where `fulfill()` is called.
///   (XCTest on Linux accepts it silently.) Pass `reportsOverFulfillment: false` to allow it.
/// - Fulfilling it before the wait starts counts, and it may be waited on more than once.
public final class TestExpectation: Sendable, CustomStringConvertible {
  /// What the test is waiting for, as failure messages name it.
  public let description: String
  /// How many fulfillments satisfy the expectation; more than the upper bound is over-fulfillment.
  public let expectedCount: ClosedRange<Int>
  /// Whether the expectation must *not* be fulfilled.
  public let isInverted: Bool
  /// Whether fulfilling more often than ``expectedCount`` allows is recorded as a failure.
  public let reportsOverFulfillment: Bool

  private let state = Locked(State())
  /// Keeps a notification observer alive for as long as the expectation (see
  /// ``init(notification:object:center:expectedCount:reportsOverFulfillment:handler:)``).
  let observation = Locked<(any Sendable)?>(nil)

  private struct State {
    var count = 0
    /// When the count reached the lower bound, in the order of all fulfillments in the process.
    var fulfilmentOrder: UInt64?
    var waiters: [ObjectIdentifier: WaitSession] = [:]
  }

  /// Creates an expectation that must be fulfilled `expectedCount` times.
  ///
  /// - Parameters:
  ///   - description: What the test waits for; failure messages name the expectation by it.
  ///   - expectedCount: How many times the expectation must be fulfilled; 1 by default.
  ///   - isInverted: Whether the expectation must *not* be fulfilled (`expectedCount` times).
  ///   - reportsOverFulfillment: Whether fulfilling more than `expectedCount` times fails.
  ///   - fileID: The calling file's `#fileID`, by default, where bad arguments are reported.
  ///   - filePath: The calling file's `#filePath`, by default.
  ///   - line: The calling line, by default.
  ///   - column: The calling column, by default.
  public convenience init(
    _ description: String,
    expectedCount: Int = 1,
    isInverted: Bool = false,
    reportsOverFulfillment: Bool = true,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    self.init(
      description,
      expectedCount: expectedCount...expectedCount,
      isInverted: isInverted,
      reportsOverFulfillment: reportsOverFulfillment,
      fileID: fileID,
      filePath: filePath,
      line: line,
      column: column
    )
  }

  /// Creates an expectation that must be fulfilled a number of times within `expectedCount`.
  ///
  /// The wait ends as soon as the count reaches the lower bound; fulfilling beyond the upper
  /// bound is over-fulfillment.
  ///
  /// ```swift
  /// let retried = TestExpectation("retried", expectedCount: 2...3)
  /// ```
  ///
  /// - Parameters:
  ///   - description: What the test waits for; failure messages name the expectation by it.
  ///   - expectedCount: How many fulfillments are acceptable; the lower bound ends the wait.
  ///   - isInverted: Whether the expectation must *not* reach the lower bound.
  ///   - reportsOverFulfillment: Whether fulfilling beyond the upper bound fails.
  ///   - fileID: The calling file's `#fileID`, by default, where bad arguments are reported.
  ///   - filePath: The calling file's `#filePath`, by default.
  ///   - line: The calling line, by default.
  ///   - column: The calling column, by default.
  public init(
    _ description: String,
    expectedCount: ClosedRange<Int>,
    isInverted: Bool = false,
    reportsOverFulfillment: Bool = true,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    self.description = description
    self.isInverted = isInverted
    self.reportsOverFulfillment = reportsOverFulfillment
    if expectedCount.lowerBound < 0 {
      self.expectedCount = 0...max(expectedCount.upperBound, 0)
      FailureMessage(
        assertion: "TestExpectation",
        summary: "\(Self.quoted(description)) cannot expect \(Self.countText(expectedCount)) "
          + "fulfillments; counts start at 0"
      )
      .record({ "" }, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    } else {
      self.expectedCount = expectedCount
    }
    if self.expectedCount.lowerBound == 0 {
      state.withLock { $0.fulfilmentOrder = FulfilmentOrder.next() }
    }
  }

  /// Signals the event the expectation stands for. Call it from any thread or task.
  ///
  /// Fulfilling an expectation more often than its ``expectedCount`` allows records a failure
  /// here, unless it was created with `reportsOverFulfillment: false`.
  ///
  /// - Parameters:
  ///   - fileID: The calling file's `#fileID`, by default.
  ///   - filePath: The calling file's `#filePath`, by default.
  ///   - line: The calling line, by default.
  ///   - column: The calling column, by default.
  public func fulfill(
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    let (count, waiters) = state.withLock { state in
      state.count += 1
      if state.count == expectedCount.lowerBound {
        state.fulfilmentOrder = FulfilmentOrder.next()
      }
      return (state.count, Array(state.waiters.values))
    }
    for waiter in waiters {
      waiter.expectationChanged()
    }
    if count == expectedCount.upperBound + 1, reportsOverFulfillment, !isInverted {
      FailureMessage(
        assertion: "fulfill",
        summary: "\(Self.quoted(description)) was fulfilled \(Self.times(count)), "
          + "expected \(countText)"
      )
      .record({ "" }, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }
  }

  /// How many times the expectation has been fulfilled so far.
  public var fulfillmentCount: Int {
    state.withLock { $0.count }
  }

  /// Whether the expectation has been fulfilled at least as often as ``expectedCount`` asks.
  public var isFulfilled: Bool {
    fulfillmentCount >= expectedCount.lowerBound
  }

  // MARK: Waiting

  /// When the expectation was fulfilled, in the order of all fulfillments; `nil` until then.
  var fulfilmentOrder: UInt64? {
    state.withLock { $0.fulfilmentOrder }
  }

  func addWaiter(_ waiter: WaitSession) {
    state.withLock { $0.waiters[ObjectIdentifier(waiter)] = waiter }
  }

  func removeWaiter(_ waiter: WaitSession) {
    _ = state.withLock { $0.waiters.removeValue(forKey: ObjectIdentifier(waiter)) }
  }

  /// How many waits are registered with this expectation (zero once every wait has ended).
  var waiterCount: Int {
    state.withLock { $0.waiters.count }
  }

  // MARK: Describing

  /// The expected count as messages show it: `1`, `2...4`.
  var countText: String {
    Self.countText(expectedCount)
  }

  static func countText(_ count: ClosedRange<Int>) -> String {
    count.lowerBound == count.upperBound ? "\(count.lowerBound)" : "\(count)"
  }

  /// The description in quotes, as messages name the expectation.
  var quotedDescription: String {
    Self.quoted(description)
  }

  static func quoted(_ description: String) -> String {
    "\"\(description)\""
  }

  static func times(_ count: Int) -> String {
    count == 1 ? "1 time" : "\(count) times"
  }
}

/// Numbers fulfillments across the process, so a wait can tell in which order they happened.
enum FulfilmentOrder {
  private static let counter = Locked<UInt64>(0)

  static func next() -> UInt64 {
    counter.withLock { value in
      value += 1
      return value
    }
  }
}
