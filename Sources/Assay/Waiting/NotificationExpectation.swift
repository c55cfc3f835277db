import Foundation

extension TestExpectation {
  /// Creates an expectation fulfilled each time `center` posts a notification named `name`.
  ///
  /// ```swift
  /// let announced = TestExpectation(notification: .pageTitleDidLoad, object: loader)
  /// loader.load(url)
  /// await waitForFulfillment(of: [announced])
  /// ```
  ///
  /// The expectation observes from the moment it is created until it is released, on the
  /// posting thread. A `handler` sees each matching notification and decides whether it counts.
  ///
  /// - Parameters:
  ///   - name: The name of the notification to wait for.
  ///   - object: Only notifications posted by this object count; any sender, by default.
  ///   - center: The notification center to observe; the default center, by default.
  ///   - expectedCount: How many notifications must arrive; 1 by default.
  ///   - isInverted: Whether the notification must *not* be posted.
  ///   - reportsOverFulfillment: Whether more notifications than `expectedCount` fail.
  ///   - handler: Decides whether a notification counts; every one counts, by default.
  ///   - fileID: The calling file's `#fileID`, by default.
  ///   - filePath: The calling file's `#filePath`, by default.
  ///   - line: The calling line, by default.
  ///   - column: The calling column, by default.
  public convenience init(
    notification name: Notification.Name,
    object: Any? = nil,
    center: NotificationCenter = .default,
    expectedCount: Int = 1,
    isInverted: Bool = false,
    reportsOverFulfillment: Bool = true,
    handler: (@Sendable (Notification) -> Bool)? = nil,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    self.init(
      "notification \(name.rawValue)",
      expectedCount: expectedCount,
      isInverted: isInverted,
      reportsOverFulfillment: reportsOverFulfillment,
      fileID: fileID,
      filePath: filePath,
      line: line,
      column: column
    )
    let token = center.addObserver(forName: name, object: object, queue: nil) {
      [weak self] notification in
      guard let self, handler?(notification) ?? true else { return }
      self.fulfill(fileID: fileID, filePath: filePath, line: line, column: column)
    }
    observation.withLock { $0 = NotificationObservation(center: center, token: token) }
  }
}

/// Removes a notification observer when the expectation that owns it is released.
private final class NotificationObservation: @unchecked Sendable {
  // @unchecked: both properties are immutable; `NotificationCenter` is thread-safe, and the
  // token is only handed back to it.
  private let center: NotificationCenter
  private let token: any NSObjectProtocol

  init(center: NotificationCenter, token: any NSObjectProtocol) {
    self.center = center
    self.token = token
  }

  deinit {
    center.removeObserver(token)
  }
}
