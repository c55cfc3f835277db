/// One turn at a time, handed out in the order asked for: the process-wide queue of
/// ``OneAtATimeTrait``. Waiting suspends the task; no thread is held.
actor Turns {
  /// The queue every test with ``OneAtATimeTrait`` waits in.
  static let shared = Turns()

  private var taken = false
  private var waiting: [CheckedContinuation<Void, Never>] = []

  /// Returns when it is the caller's turn.
  func take() async {
    guard taken else {
      taken = true
      return
    }
    await withCheckedContinuation { waiting.append($0) }
  }

  /// Ends the caller's turn: the next in line gets it.
  /// Whether a test has the turn now.
  var isTaken: Bool { taken }

  func pass() {
    if waiting.isEmpty {
      taken = false
    } else {
      waiting.removeFirst().resume()
    }
  }
}
