import Foundation

extension TestExpectation {
  /// Creates an expectation fulfilled once `condition` holds, checked right away and then
  /// every `interval` until it does or the expectation is released.
  ///
  /// ```swift
  /// let saved = TestExpectation("saved", until: { store.count == 1 })
  /// store.save(john)
  /// await waitForFulfillment(of: [saved])
  /// ```
  ///
  /// Prefer an expectation that the code under test fulfils, or a notification's: a condition
  /// is polled. XCTest's predicate expectations are polled too, once a second.
  ///
  /// - Parameters:
  ///   - description: What is awaited, as failure messages show it.
  ///   - interval: How long to wait between two checks; 10 ms by default.
  ///   - fileID: The calling file's `#fileID`, by default.
  ///   - filePath: The calling file's `#filePath`, by default.
  ///   - line: The calling line, by default.
  ///   - column: The calling column, by default.
  ///   - condition: Whether the awaited state is reached; called on a task of its own.
  public convenience init(
    _ description: String,
    checkingEvery interval: Duration = .milliseconds(10),
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    until condition: @escaping @Sendable () -> Bool
  ) {
    self.init(
      description, fileID: fileID, filePath: filePath, line: line, column: column)
    let site = (fileID, filePath, line, column)
    // The task holds the expectation only to fulfil it: between checks, and while checking,
    // the test alone keeps it alive, and releasing it ends the task.
    let polling = Task.detached { [weak self] in
      while !Task.isCancelled, self != nil {
        if condition() {
          self?.fulfill(fileID: site.0, filePath: site.1, line: site.2, column: site.3)
          return
        }
        try? await Task.sleep(for: interval)
      }
    }
    observation.withLock { $0 = PollingObservation(polling) }
  }

  /// Creates an expectation fulfilled once `predicate` holds for `object`: XCTest's
  /// `expectation(for:evaluatedWith:)` and `XCTNSPredicateExpectation`, checked every 10 ms.
  ///
  /// ```swift
  /// let done = TestExpectation(predicate: NSPredicate { job, _ in (job as? Job)?.isDone == true },
  ///                            evaluatedWith: job)
  /// ```
  ///
  /// - Parameters:
  ///   - predicate: The condition, evaluated with `object`.
  ///   - object: What `predicate` is evaluated with; `nil` by default.
  ///   - fileID: The calling file's `#fileID`, by default.
  ///   - filePath: The calling file's `#filePath`, by default.
  ///   - line: The calling line, by default.
  ///   - column: The calling column, by default.
  public convenience init(
    predicate: NSPredicate,
    evaluatedWith object: Any? = nil,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    let evaluation = PredicateEvaluation(predicate: predicate, object: object)
    self.init(
      "predicate", fileID: fileID, filePath: filePath, line: line, column: column,
      until: { evaluation.holds() })
  }
}

/// A predicate and the object it is evaluated with, handed to the polling task.
// @unchecked: the test hands both to the expectation and evaluates them only through it, on
// the polling task, as XCTest evaluates its predicate expectations off the test's thread.
private struct PredicateEvaluation: @unchecked Sendable {
  let predicate: NSPredicate
  let object: Any?

  func holds() -> Bool {
    predicate.evaluate(with: object)
  }
}

/// Stops polling a condition when the expectation that owns it is released.
private final class PollingObservation: Sendable {
  private let task: Task<Void, Never>

  init(_ task: Task<Void, Never>) {
    self.task = task
  }

  deinit {
    task.cancel()
  }
}
