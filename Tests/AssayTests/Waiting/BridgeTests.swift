import Assay
import Foundation
import Testing

/// What `awaitCallback` and `awaitFirstElement` do when nothing fails. Their failures are
/// proven in `WaitingFailureCases` (XCTest) and `EndToEndTests` (Swift Testing, where a
/// failed bridge ends the test).
@Suite struct BridgeTests {
  @Test func awaitCallbackReturnsAValueFromAnotherThread() async throws {
    let title = try await awaitCallback(timeout: .seconds(60)) {
      (done: @escaping @Sendable (String) -> Void) in
      DispatchQueue.global().async { done("Homura Akemi") }
    }
    #expect(title == "Homura Akemi")
  }

  @Test func awaitCallbackTakesAValueDeliveredAtOnce() async throws {
    let title = try await awaitCallback(timeout: .seconds(600)) { done in done("Mami Tomoe") }
    #expect(title == "Mami Tomoe")
  }

  @Test func awaitCallbackKeepsTheFirstValue() async throws {
    let title = try await awaitCallback(timeout: .seconds(60)) {
      (done: @escaping @Sendable (String) -> Void) in
      done("first")
      DispatchQueue.global().async { done("second") }
    }
    #expect(title == "first")
  }

  /// A callback called twice before the wait even starts: the first value, and no failure
  /// for the second call (any issue recorded here would fail this test).
  @Test func awaitCallbackCalledTwiceAtOnceKeepsTheFirstValueQuietly() async throws {
    let title = try await awaitCallback(timeout: .seconds(600)) { done in
      done("first")
      done("second")
    }
    #expect(title == "first")
  }

  @Test func awaitCallbackPassesOptionalValuesThrough() async throws {
    let missing = try await awaitCallback(timeout: .seconds(60)) {
      (done: @escaping @Sendable (Int?) -> Void) in
      done(nil)
    }
    #expect(missing == nil)
  }

  @Test func awaitFirstElementReturnsTheFirst() async throws {
    let (changes, continuation) = AsyncStream.makeStream(of: Int.self)
    DispatchQueue.global().async {
      continuation.yield(1)
      continuation.yield(2)
    }
    #expect(try await awaitFirstElement(of: changes, timeout: .seconds(60)) == 1)
  }

  @Test func awaitFirstElementRethrowsTheSequencesError() async {
    let (changes, continuation) = AsyncThrowingStream.makeStream(of: Int.self)
    continuation.finish(throwing: NetworkError())
    await assertThrows(NetworkError.self, try await awaitFirstElement(of: changes))
  }
}
