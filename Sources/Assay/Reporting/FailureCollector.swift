/// Collects the failures of a block of assertions instead of reporting them, so that
/// `eventually` and `continually` can re-run assertions and report only the attempt that counts.
///
/// The collector is a task-local value: assertions made in the block, in its child tasks and
/// in tasks it creates with `Task { }` are collected while the block runs; work sent to a
/// dispatch queue or a detached task is not, and reports as usual. Once the block has
/// returned the collector is closed: a `Task { }` that the block started and that fails later
/// reports as usual, since nobody would read the collector any more.
final class FailureCollector: Sendable {
  @TaskLocal static var current: FailureCollector?

  private struct State {
    var messages: [String] = []
    var isOpen = true
  }
  private let state = Locked(State())

  /// Records `message` instead of reporting it; `false` when the collector is closed and the
  /// caller must report the failure itself.
  func collect(_ message: String) -> Bool {
    state.withLock { state in
      guard state.isOpen else { return false }
      state.messages.append(message)
      return true
    }
  }

  /// Records an error the block threw, unless its failure was collected before it was thrown.
  func collectThrown(_ error: any Error) {
    if !(error is any AlreadyRecordedError) {
      _ = collect("threw \(ValueDescription.describe(error))")
    }
  }

  /// Closes the collector and returns every message it collected, oldest first.
  func close() -> [String] {
    state.withLock { state in
      state.isOpen = false
      return state.messages
    }
  }

  /// Runs `body` while collecting its failures; returns them, with a thrown error as one more.
  static func failures(
    isolation: isolated (any Actor)? = #isolation,
    of body: () async throws -> Void
  ) async -> [String] {
    let collector = FailureCollector()
    await $current.withValue(collector) {
      do {
        try await body()
      } catch {
        collector.collectThrown(error)
      }
    }
    return collector.close()
  }
}
