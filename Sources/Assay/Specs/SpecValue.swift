/// The value a `beforeAll` hook produced, shared by the examples of its group.
///
/// Each example evaluates the spec afresh, so a variable assigned in `beforeAll` would not be
/// seen by the examples; the hook returns its value instead, and the examples read it:
///
/// ```swift
/// let server = beforeAll { try await TestServer.start() }
/// afterAll { try await server.value.stop() }
///
/// it("serves the home page") {
///   let page = try await server.value.get("/")
///   assertEqual(page.status, 200)
/// }
/// ```
public struct SpecValue<Value: Sendable>: Sendable {
  let key: SpecSharedState.HookKey

  /// The hook's result, once it has run. Throws the hook's error if it threw, or an error
  /// explaining the misuse when read outside the group that declares the hook.
  public var value: Value {
    get async throws {
      switch await SpecSharedState.shared.outcome(of: key) {
      case .success(let value)?:
        // The hook that produced it returned a `Value`.
        return value as! Value
      case .failure(let error)?:
        throw error
      case nil:
        throw SpecValueUnavailable(key: key)
      }
    }
  }
}
