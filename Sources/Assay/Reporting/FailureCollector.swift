/// Collects the failures of a block of assertions instead of reporting them, so that
/// `eventually` and `continually` can re-run assertions and report only the attempt that counts.
///
/// The collector is a task-local value: assertions made in the block, in its child tasks and
/// in tasks it creates with `Task { }` are collected; work sent to a dispatch queue or a
/// detached task is not, and reports as usual.
final class FailureCollector: Sendable {
  @TaskLocal static var current: FailureCollector?

  private let failures = Locked<[String]>([])

  /// Records `message` instead of reporting it.
  func collect(_ message: String) {
    failures.withLock { $0.append(message) }
  }

  /// Records an error the block threw, unless its failure was collected before it was thrown.
  func collectThrown(_ error: any Error) {
    if !(error is any AlreadyRecordedError) {
      collect("threw \(ValueDescription.describe(error))")
    }
  }

  /// Every message collected so far, oldest first.
  var messages: [String] {
    failures.withLock { $0 }
  }

  /// Runs `body` while collecting its failures; returns them, with a thrown error as one more.
  static func failures(of body: () throws -> Void) -> [String] {
    let collector = FailureCollector()
    $current.withValue(collector) {
      do {
        try body()
      } catch {
        collector.collectThrown(error)
      }
    }
    return collector.messages
  }

  /// The async form of ``failures(of:)``.
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
    return collector.messages
  }
}
