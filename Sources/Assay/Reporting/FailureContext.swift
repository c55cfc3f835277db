/// Lines that say where a failure happened, added to every failure reported in their scope.
///
/// Higher layers push onto it (a spec's running step and example, a contract's running check)
/// and the reporter appends it, innermost first, without knowing what pushed it:
///
/// ```
/// assertEqual failed: 1 is not equal to 2
/// (in step: When accept is tapped)
/// (in example: Wireframe, first screen, shows the second screen)
/// ```
///
/// The context is task-local: child tasks and `Task { }` inherit it, detached tasks and
/// dispatch queues do not.
struct FailureContext: Sendable {
  /// What the line names: `step` gives `(in step: …)`.
  let kind: String
  /// The step, example or check.
  let name: String
  /// Whether the line is needed inside a Swift Testing test, whose test case already shows
  /// the example's or check's name.
  let shownInSwiftTesting: Bool

  @TaskLocal private static var stack: [FailureContext] = []

  /// Runs `body` with `context` pushed onto the current task's stack.
  static func with<Result>(
    _ context: FailureContext,
    isolation: isolated (any Actor)? = #isolation,
    _ body: () async throws -> Result
  ) async rethrows -> Result {
    try await $stack.withValue(stack + [context], operation: body)
  }

  /// `message` followed by one line per context in scope, innermost first. A context is left
  /// out when the message already starts with its name, or when a Swift Testing test runs
  /// and the context is the test case's own name.
  static func annotate(_ message: String, insideSwiftTesting: Bool) -> String {
    var message = message
    for context in stack.reversed()
    where (context.shownInSwiftTesting || !insideSwiftTesting) && !message.hasPrefix(context.name) {
      message += "\n(in \(context.kind): \(context.name))"
    }
    return message
  }
}
